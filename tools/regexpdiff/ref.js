// Reads JSON lines {src, flags, inputs} from standard input and writes, for
// each, {err} or {results: [null | [start, end, …] in UTF-8 byte offsets]}.
'use strict';
const readline = require('node:readline');
const rl = readline.createInterface({ input: process.stdin });
const bytes = (s, i) => Buffer.byteLength(s.slice(0, i));
rl.on('line', (line) => {
  const c = JSON.parse(line);
  let re;
  try {
    re = new RegExp(c.src, c.flags + 'd');
  } catch (e) {
    process.stdout.write(JSON.stringify({ err: String(e.message) }) + '\n');
    return;
  }
  const results = c.inputs.map((s) => {
    const m = re.exec(s);
    if (!m) return null;
    const out = [];
    // V8 can report an empty match between the halves of a surrogate
    // pair, which ECMA-262's AdvanceStringIndex skips: flag it.
    const mid = (i) => i > 0 && i < s.length && /[\uD800-\uDBFF]/.test(s[i - 1]) && /[\uDC00-\uDFFF]/.test(s[i]);
    if (m.indices.some((ix) => ix && (mid(ix[0]) || mid(ix[1])))) return 'midpair';
    for (const ix of m.indices) {
      if (ix === undefined) out.push(-1, -1);
      else out.push(bytes(s, ix[0]), bytes(s, ix[1]));
    }
    return out;
  });
  process.stdout.write(JSON.stringify({ results }) + '\n');
});
