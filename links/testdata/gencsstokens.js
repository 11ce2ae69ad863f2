// gencsstokens writes csstokens.txt, the tokens of CSS inputs as
// @csstools/css-tokenizer (a tokenizer written to CSS Syntax Level 3 and
// tested against it) reads them: the expected values of links'
// TestCSSTokenizer. Run from this folder:
//
//	npm install --prefix /tmp/csstok @csstools/css-tokenizer@4.0.2
//	NODE_PATH=/tmp/csstok/node_modules node gencsstokens.js > csstokens.txt
//
// Each case is two lines: the input as a JSON string, then its tokens
// separated by spaces, each a kind and, for the kinds with a value (ident,
// function, at-keyword, string, url), ':' and the value as a JSON string.
// Numbers, percentages and dimensions are all "number"; comments are left
// out.
'use strict';
const { tokenize } = require('@csstools/css-tokenizer');

const fixed = [
  'a{b:url(c)}', 'url( x )', 'url(x y)', 'url("x")', "url( 'x' )", 'url(\n"x")', 'url(\t\t"x")',
  'url(a"b)', "url(a'b)", 'url(a(b)', 'url(a\\)b)', 'url(a\\\nb) c', 'url(\x01)', 'url(a\x7f)',
  'url(', 'url(a', 'url(a ', 'url(a \\', 'url()', 'url( )', 'URL(x)', 'Url(\\"x)', 'u\\72l(x)',
  '\\75 rl(x)', '\\55RL(x)', 'ur\\l(x)', '1url(x)', '-url(x)', '--url(x)', '#url(x)', '@url(x)',
  'url\\(x)', 'src(x)', 'image-set("a" 1x, url(b) 2x)', '"a\\\nb"', '"a\nb"', "'a\\'b'", '"\\', '"a',
  '"\\41 B"', '"\\000041B"', '"\\0"', '"\\D800"', '"\\110000"', '"\\FFFFFF"', '"\\1F600"', '"é\\é"',
  'a\\', '\\', '\\\n', '/* url(x) */url(y)', '/*/ url(z)', '/* unclosed url(w)', 'a/**/b',
  '<!--url(x)-->', '<!', '-->', '->', '+.5e3px', '-.5', '.5%', '1e', '1e+', '1e+2', '1E-2em', '+-1',
  '@import "x";', '@import url(x) screen;', '@\\69mport', '@-x', '@1', '#-', '#\\', '#a-b', '# a',
  'a\r\nb', 'url(a\r\n)', '"a\\\r\nb"', 'url(a\fb)', '"a\fb"', 'a\x00b', 'url(a\x00b)', '"a\x00"',
  '\\\x00', 'url(\\\x00)', 'ab(c', 'a-(b', '-\\-', '-\\\n', '--', '-', '-1', '--a', '_a', 'é(',
  'ä\\(', '\\ ', '\\  x', 'url(\\ x)', 'url(\\\\)', '\\31 23', '\\31  23', 'U+1F600', 'u+0-7F',
  '{[(])}', ';:,', '!important', 'a:hover{}', '@media (min-width:1px){a{b:url(c)}}',
];

// A seeded generator, so that the file is the same each time.
let seed = 20260517;
function rand(n) {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
}
const pieces = ['url(', 'URL(', '(', ')', '"', "'", '\\', '\\\n', '\n', '\r\n', '\f', ' ', '\t', '/*', '*/',
  '*', '/', 'a', 'u', 'r', 'l', '-', '--', '+', '.', '1', 'e', '5', '%', '#', '@', 'i', 'm', 'p', 'o', 't',
  ';', ':', ',', '{', '}', '[', ']', '<!--', '-->', '\x00', '\x01', 'é', '€', '😀', 'F', 'x', '20 ', '\x7f'];
const random = [];
for (let i = 0; i < 400; i++) {
  let s = '';
  const n = 1 + rand(14);
  for (let j = 0; j < n; j++) s += pieces[rand(pieces.length)];
  random.push(s);
}

const kinds = {
  'whitespace-token': 'whitespace', 'ident-token': 'ident', 'function-token': 'function',
  'at-keyword-token': 'at-keyword', 'hash-token': 'hash', 'string-token': 'string',
  'bad-string-token': 'bad-string', 'url-token': 'url', 'bad-url-token': 'bad-url',
  'delim-token': 'delim', 'number-token': 'number', 'percentage-token': 'number',
  'dimension-token': 'number', 'CDO-token': 'CDO', 'CDC-token': 'CDC', 'colon-token': 'colon',
  'semicolon-token': 'semicolon', 'comma-token': 'comma', '[-token': '[', ']-token': ']',
  '(-token': '(', ')-token': ')', '{-token': '{', '}-token': '}',
};
const valued = new Set(['ident', 'function', 'at-keyword', 'string', 'url']);

for (const css of fixed.concat(random)) {
  const out = [];
  for (const t of tokenize({ css })) {
    if (t[0] === 'EOF-token' || t[0] === 'comment') continue;
    const k = kinds[t[0]];
    if (k === undefined) throw new Error('unknown token ' + t[0] + ' in ' + JSON.stringify(css));
    out.push(valued.has(k) ? k + ':' + JSON.stringify(t[4].value) : k);
  }
  console.log(JSON.stringify(css));
  console.log(out.join(' '));
}
