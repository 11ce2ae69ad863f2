package ecmaregexp

import (
	"errors"
	"strconv"
	"strings"
	"testing"
)

// syntaxCase is a pattern ECMAScript rejects with the v flag (V8 rejects
// each of those marked V8, checked with Node.js 20), or one this package
// rejects to keep matching linear; reason is a part of the message and
// offset the byte offset of the construct.
type syntaxCase struct {
	src    string
	flags  Flags
	offset int
	reason string
}

var syntaxCases = []syntaxCase{
	// Linear time: what RE2 cannot do.
	{`a(?=b)`, 0, 1, "lookahead (?=…) is not supported"},
	{`a(?!b)`, 0, 1, "lookahead (?!…) is not supported"},
	{`(?<=x)a`, 0, 0, "lookbehind (?<=…) is not supported"},
	{`xy(?<!x)a`, 0, 2, "lookbehind (?<!…) is not supported"},
	{`(a)\1`, 0, 3, `backreference \1 is not supported`},
	{`(?<n>a)\k<n>`, 0, 7, `backreference \k is not supported`},
	{`a{1001}`, 0, 1, "repetition count above 1000"},
	{`a{0,1001}`, 0, 1, "repetition count above 1000"},
	{`a{99999999999999999999}`, 0, 1, "repetition count above 1000"},
	{`(?:a{100}){11}`, 0, 4, "nested repetition counts multiply to more than 1000"},
	{`(?m:^a)\r`, 0, 4, "^ under the m modifier in a pattern that tells the line terminators"},
	{`[^\n](?m:$)`, 0, 9, "$ under the m modifier in a pattern that tells the line terminators"},
	// RE2 syntax that ECMAScript rejects (V8).
	{`(?P<x>a)`, 0, 0, "(?P…) is not ECMAScript syntax"},
	{`(?i)a`, 0, 0, "invalid group"},
	{`(?s)a`, 0, 0, "invalid group"},
	{`a\z`, 0, 1, `invalid escape \z`},
	{`\Aa`, 0, 0, `invalid escape \A`},
	{`\Qa\E`, 0, 0, `invalid escape \Q`},
	{`\a`, 0, 0, `invalid escape \a`},
	{`\e`, 0, 0, `invalid escape \e`},
	{`\-`, 0, 0, `invalid escape \-`},
	{`\ `, 0, 0, `invalid escape \ `},
	{`\C`, 0, 0, `invalid escape \C`},
	{`\pL`, 0, 0, `\p must be followed by {`},
	// Braces and brackets must be escaped (V8).
	{`{`, 0, 0, "lone {"},
	{`a{`, 0, 1, "incomplete quantifier"},
	{`a{1`, 0, 1, "incomplete quantifier"},
	{`a{,2}`, 0, 1, "incomplete quantifier"},
	{`}`, 0, 0, "lone }"},
	{`a]`, 0, 1, "lone ]"},
	{`{1}`, 0, 0, "nothing to repeat"},
	// Quantifiers (V8).
	{`*a`, 0, 0, "nothing to repeat"},
	{`a**`, 0, 2, "nothing to repeat"},
	{`a|+`, 0, 2, "nothing to repeat"},
	{`(?:+)`, 0, 3, "nothing to repeat"},
	{`a{1,2}{2}`, 0, 6, "nothing to repeat"},
	{`^*`, 0, 1, "assertion cannot be quantified"},
	{`\b+`, 0, 2, "assertion cannot be quantified"},
	{`a{2,1}`, 0, 1, "numbers out of order"},
	// Groups (V8, except the modifiers of ES2025).
	{`(a`, 0, 0, "unterminated group"},
	{`a)`, 0, 1, "unmatched ')'"},
	{`(?`, 0, 0, "unterminated group"},
	{`(?x:a)`, 0, 0, "invalid group"},
	{`(?ii:a)`, 0, 3, "modifier i repeated"},
	{`(?i-i:a)`, 0, 0, "both added and removed"},
	{`(?-:a)`, 0, 0, "names no modifier"},
	{`(?<>a)`, 0, 3, "invalid capture group name"},
	{`(?<1a>a)`, 0, 3, "invalid capture group name"},
	{`(?<a-b>a)`, 0, 4, "invalid capture group name"},
	{`(?<a`, 0, 2, "invalid capture group name"},
	{`(?<a>x)(?<a>y)`, 0, 7, `duplicate capture group name "a"`},
	{`(?:(?<a>x)|y)(?<a>z)`, 0, 13, `duplicate capture group name "a"`},
	{`(?<a>(?<a>x)|y)`, 0, 5, `duplicate capture group name "a"`},
	// Escapes (V8).
	{`\u{110000}`, 0, 0, "invalid Unicode escape"},
	{`\u{}`, 0, 0, "invalid Unicode escape"},
	{`\u12`, 0, 0, "invalid Unicode escape"},
	{`\x4`, 0, 0, `invalid escape \x`},
	{`\c1`, 0, 0, `invalid escape \c`},
	{`\c`, 0, 0, `invalid escape \c`},
	{`\00`, 0, 0, `invalid decimal escape`},
	{`\01`, 0, 0, `invalid decimal escape`},
	{`a\`, 0, 1, `\ at end of pattern`},
	// Properties (V8).
	{`\p{lu}`, 0, 0, "invalid property name"},
	{`\p{Block=Basic_Latin}`, 0, 0, "invalid property name"},
	{`\p{InBasicLatin}`, 0, 0, "invalid property name"},
	{`\p{ASCII=Y}`, 0, 0, "invalid property name"},
	{`\p{Script}`, 0, 0, "invalid property name"},
	{`\p{sc=Hrkt}`, 0, 0, "invalid property name"},
	{`\p{IDS_Unary_Operator}`, 0, 0, "invalid property name"},
	{`\p{Lu`, 0, 0, "missing }"},
	{`\P{RGI_Emoji}`, 0, 0, "cannot be negated"},
	// Classes of the v flag (V8).
	{`[a`, 0, 0, "unterminated character class"},
	{`[z-a]`, 0, 1, "range out of order"},
	{`[(]`, 0, 1, `( must be escaped`},
	{`[)]`, 0, 1, `) must be escaped`},
	{`[{]`, 0, 1, `{ must be escaped`},
	{`[}]`, 0, 1, `} must be escaped`},
	{`[/]`, 0, 1, `/ must be escaped`},
	{`[|]`, 0, 1, `| must be escaped`},
	{`[-a]`, 0, 1, `- must be escaped`},
	{`[a-]`, 0, 2, `- must be escaped`},
	{`[a&&&b]`, 0, 2, "&&&"},
	{`[&&a]`, 0, 1, "&& is reserved"},
	{`[a!!b]`, 0, 2, "!! is reserved"},
	{`[a##]`, 0, 2, "## is reserved"},
	{`[a&&]`, 0, 2, "needs an operand"},
	{`[a--]`, 0, 2, "needs an operand"},
	{`[a-z&&b]`, 0, 1, "a range cannot be an operand"},
	{`[a&&b--c]`, 0, 5, "mixing &&"},
	{`[ab&&c]`, 0, 3, "after a union"},
	{`[a&&bc]`, 0, 5, "mixing &&"},
	{`[\d-z]`, 0, 3, "- must be escaped"},
	{`[a-\d]`, 0, 3, "its end must be a single character"},
	{`[^\q{ab}]`, 0, 0, "negated character class may contain strings"},
	{`[^\p{RGI_Emoji}]`, 0, 0, "negated character class may contain strings"},
	{`[^[\q{ab}--\q{ab}]]`, 0, 0, "negated character class may contain strings"},
	{`[\q{a(b}]`, 0, 5, `( must be escaped`},
	{`[\q{ab]`, 0, 6, `] must be escaped`},
	{`[\q{ab`, 0, 1, `unterminated \q`},
	{`[\1]`, 0, 1, `invalid class escape`},
	{`[\z]`, 0, 1, `invalid escape \z`},
	// Nesting deeper than maxDepth.
	{strings.Repeat("(", 251), 0, 250, "nesting deeper than 250"},
	{strings.Repeat("[", 251), 0, 250, "nesting deeper than 250"},
}

func TestSyntaxErrors(t *testing.T) {
	for _, c := range syntaxCases {
		re, err := Compile(c.src, c.flags)
		if err == nil {
			t.Errorf("Compile(%q) = %v, want an error", c.src, re)
			continue
		}
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("Compile(%q): error %T, want *SyntaxError", c.src, err)
			continue
		}
		if se.Source != c.src || se.Offset != c.offset || !strings.Contains(se.Reason, c.reason) {
			t.Errorf("Compile(%q): offset %d reason %q, want offset %d and %q", c.src, se.Offset, se.Reason, c.offset, c.reason)
		}
		if !strings.Contains(err.Error(), strconv.Quote(c.src)) || !strings.Contains(err.Error(), se.Reason) {
			t.Errorf("Compile(%q): message %q lacks the pattern or the reason", c.src, err.Error())
		}
	}
}

func TestLongSourceMessage(t *testing.T) {
	src := strings.Repeat("a", 5000) + "(?=b)" + strings.Repeat("é", 3000)
	_, err := Compile(src, 0)
	var se *SyntaxError
	if !errors.As(err, &se) || se.Offset != 5000 || se.Source != src {
		t.Fatalf("Compile: %v", err)
	}
	msg := err.Error()
	// The window is bytes 4488 to 5511 (5512 is inside an é): internal/quote.
	if len(msg) > 1300 || !strings.Contains(msg, "a(?=b)é") || !strings.Contains(msg, "(4488 bytes before) …") || !strings.Contains(msg, "… (5494 more bytes) at offset 5000: lookahead") {
		t.Errorf("message of %d bytes: %.200q", len(msg), msg)
	}
}
