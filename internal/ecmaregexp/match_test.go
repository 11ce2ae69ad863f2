package ecmaregexp

import (
	"slices"
	"testing"
)

// matchCase is a pattern, an input and the match ECMA-262 gives: pairs of
// byte offsets for the match and each group, -1, -1 for an undefined group;
// nil for no match.
type matchCase struct {
	src   string
	flags Flags
	in    string
	want  []int
}

const i = IgnoreCase

// Rows marked V8 were checked with Node.js 20 (V8 11.3): new RegExp(src,
// "v" or "vi").exec(in), its indices turned into UTF-8 byte offsets.
// Rows without the mark use what V8 11.3 lacks (ES2025's modifiers and
// duplicate names, Unicode 16 and 17) or where it departs from ECMA-262
// (noted), and follow the spec text.
var matchCases = []matchCase{
	// Characters and the unanchored search (V8).
	{`abc`, 0, "xabcx", []int{1, 4}},
	{`a|ab`, 0, "ab", []int{0, 1}},
	{`ab|a`, 0, "ab", []int{0, 2}},
	{`^abc$`, 0, "abc", []int{0, 3}},
	{`^abc$`, 0, "abcd", nil},
	{`a$`, 0, "a\n", nil},
	{`^a`, 0, "\na", nil},
	{`é`, 0, "café", []int{3, 5}},
	{`😀`, 0, "a😀", []int{1, 5}},
	// . and [^] (V8; [^] repeated is wrong in V8 11, so only one).
	{`a.c`, 0, "a\nc", nil},
	{`a.c`, 0, "a\rc", nil},
	{`a.c`, 0, "a\u2028c", nil},
	{`a.c`, 0, "a\u2029c", nil},
	{`a.c`, 0, "a\u0085c", []int{0, 4}},
	{`a.c`, 0, "a😀c", []int{0, 6}},
	{`[^]`, 0, "\n", []int{0, 1}},
	{`x[^]+`, 0, "x\n\r", []int{0, 3}}, // ECMA-262 (V8 11: "x\n")
	// \d \s \w and their complements (V8).
	{`\d+`, 0, "a٣12", []int{3, 5}},
	{`\D`, 0, "1٣", []int{1, 3}},
	{`\s`, 0, "a\ufeffb", []int{1, 4}},
	{`\s`, 0, "\u00a0", []int{0, 2}},
	{`\s`, 0, "\u3000", []int{0, 3}},
	{`\s`, 0, "\u1680", []int{0, 3}},
	{`\s`, 0, "\u2028", []int{0, 3}},
	{`\s`, 0, "\u180e", nil},
	{`\s`, 0, "\u200b", nil},
	{`\S+`, 0, " \u200bx ", []int{1, 5}},
	{`\w+`, 0, "héllo", []int{0, 1}},
	{`\w`, 0, "\u017f\u212a", nil},
	{`\W`, 0, "a\u017f", []int{1, 3}},
	// Case folding: simple case folding, never the full one (V8).
	{`k`, i, "\u212a", []int{0, 3}},
	{`\u212a`, i, "k", []int{0, 1}},
	{`K`, i, "\u212a", []int{0, 3}},
	{`[a-z]`, i, "\u212a", []int{0, 3}},
	{`s`, i, "\u017f", []int{0, 2}},
	{`\w`, i, "\u017f", []int{0, 2}},
	{`\w`, i, "\u212a", []int{0, 3}},
	{`\W`, i, "\u017f", nil},
	{`\W`, i, "S", nil},
	{`ß`, i, "\u1e9e", []int{0, 3}},
	{`\u1e9e`, i, "ß", []int{0, 2}},
	{`ss`, i, "ß", nil},
	{`ß`, i, "ss", nil},
	{`σ`, i, "ς", []int{0, 2}},
	{`Σ`, i, "ς", []int{0, 2}},
	{`ς`, i, "Σ", []int{0, 2}},
	{`\u13a0`, i, "\uab70", []int{0, 3}},
	{`\uab70`, i, "\u13a0", []int{0, 3}},
	{`\u0130`, i, "i", nil},
	{`i`, i, "\u0131", nil},
	{`i`, i, "I", []int{0, 1}},
	{`\u01c5`, i, "\u01c4", []int{0, 2}},
	{`\u01c5`, i, "\u01c6", []int{0, 2}},
	{`[^k]`, i, "\u212a", nil},
	{`\p{Lu}`, i, "a", []int{0, 1}},
	{`\p{Ll}`, i, "A", []int{0, 1}},
	{`\P{Lu}`, i, "a", nil},
	{`\P{Lu}`, i, "A", nil},
	{`\P{Lu}`, i, "1", []int{0, 1}},
	{`[^\P{Lu}]`, i, "a", []int{0, 1}},
	{`abc`, i, "xAbC", []int{1, 4}},
	// Quantifiers (V8).
	{`a{2,3}`, 0, "aaaa", []int{0, 3}},
	{`a{2,3}?`, 0, "aaaa", []int{0, 2}},
	{`a{2}`, 0, "a", nil},
	{`a{2,}`, 0, "aaa", []int{0, 3}},
	{`x{0}`, 0, "x", []int{0, 0}},
	// A group under {0} still counts, undefined, and those after it keep
	// their numbers (FuzzCompile found (){0} matched with no group).
	{`(){0}`, 0, "", []int{0, 0, -1, -1}},
	{`(a){0}(b)`, 0, "b", []int{0, 1, -1, -1, 0, 1}},
	{`x(?:(a)|(b)){0,0}y(z)`, 0, "xyz", []int{0, 3, -1, -1, -1, -1, 2, 3}},
	{`(?:(a){0}b)+`, 0, "bb", []int{0, 2, -1, -1}},
	{`a+?`, 0, "aaa", []int{0, 1}},
	{`a*?b`, 0, "aab", []int{0, 3}},
	{`a??b`, 0, "ab", []int{0, 2}},
	{`a[a-z]{2,4}`, 0, "abcdefghi", []int{0, 5}},
	{`a[a-z]{2,4}?`, 0, "abcdefghi", []int{0, 3}},
	{`(aa|aabaac|ba|b|c)*`, 0, "aabaac", []int{0, 4, 2, 4}},
	// Groups and undefined groups (V8; the spec's own examples among them).
	{`a(b)c`, 0, "xabc", []int{1, 4, 2, 3}},
	{`(a)|(b)`, 0, "b", []int{0, 1, -1, -1, 0, 1}},
	{`(a)?b`, 0, "b", []int{0, 1, -1, -1}},
	{`(a*)?`, 0, "b", []int{0, 0, -1, -1}},
	{`(a*)*`, 0, "b", []int{0, 0, -1, -1}},
	{`(a*)+`, 0, "b", []int{0, 0, 0, 0}},
	{`((a)|b)+`, 0, "ab", []int{0, 2, 1, 2, -1, -1}},
	{`(?:(a)|b)+`, 0, "ab", []int{0, 2, -1, -1}},
	{`(?:(a)|(b))+`, 0, "ab", []int{0, 2, -1, -1, 1, 2}},
	{`(a|b)*`, 0, "ab", []int{0, 2, 1, 2}},
	{`(z)((a+)?(b+)?(c))*`, 0, "zaacbbbcac", []int{0, 10, 0, 1, 8, 10, 8, 9, -1, -1, 9, 10}},
	{`(?:|a)*`, 0, "a", []int{0, 1}},
	{`(|a)+`, 0, "a", []int{0, 1, 0, 1}},
	{`(|a)*`, 0, "a", []int{0, 1, 0, 1}},
	{`(?:a|())*`, 0, "aa", []int{0, 2, -1, -1}},
	{`(a|)*b`, 0, "aab", []int{0, 3, 1, 2}},
	{`(?:(a)|b)*?c`, 0, "abc", []int{0, 3, -1, -1}},
	{`(?:(a)|(b)){2}`, 0, "ab", []int{0, 2, -1, -1, 1, 2}},
	{`(?:x(?:(a)|b)+)+`, 0, "xabxa", []int{0, 5, 4, 5}},
	{`(?:x(?:(a)|b)+)+`, 0, "xaxab", []int{0, 5, -1, -1}},
	{`(\b)*a`, 0, "a", []int{0, 1, -1, -1}},
	{`(?:(^)|a)+`, 0, "aa", []int{0, 2, -1, -1}},
	{`(a)?(?:b|(c))?`, 0, "b", []int{0, 1, -1, -1, -1, -1}},
	// ECMAScript's empty check on loops whose atom can match the empty
	// string, and the captures of the last iteration (V8).
	{`(?:a?b?)*`, 0, "ab", []int{0, 2}},
	{`(?:(?:|a)(?:|b))+c`, 0, "abc", []int{0, 3}},
	{`((?:|a)(?:|b))+c`, 0, "abc", []int{0, 3, 1, 2}},
	{`(?:a|b?)+?c`, 0, "abbc", []int{0, 4}},
	{`(?:a*?)*b`, 0, "aab", []int{0, 3}},
	{`(a*?)*b`, 0, "aab", []int{0, 3, 1, 2}},
	{`(?:(a)|b?)*`, 0, "ab", []int{0, 2, -1, -1}},
	{`(?:(a)|b?)*?c`, 0, "abc", []int{0, 3, -1, -1}},
	{`(?:x|y?){2,}`, 0, "xy", []int{0, 2}},
	{`(a?){2,3}`, 0, "a", []int{0, 1, 1, 1}},
	{`(a?){2,3}b`, 0, "aab", []int{0, 3, 1, 2}},
	{`(?:()|a)+`, 0, "aa", []int{0, 2, -1, -1}},
	{`(?:a|())+`, 0, "aa", []int{0, 2, -1, -1}},
	{`(?:a|())+?$`, 0, "aa", []int{0, 2, -1, -1}},
	{`(?:(?:a|)(b|)){2,}`, 0, "abab", []int{0, 4, 3, 4}},
	{`((?:a|)*)*`, 0, "aa", []int{0, 2, 0, 2}},
	{`(?:\b|a)+`, 0, "aa", []int{0, 2}},
	{`(?:^|a)+`, 0, "aa", []int{0, 2}},
	{`(?:(?:a|b)?){3}c`, 0, "abc", []int{0, 3}},
	// Shapes that URLPattern generates: optional groups, whose empty
	// iteration leaves the group undefined (V8).
	{`^((?:a*))?$`, 0, "", []int{0, 0, -1, -1}},
	{`^(?:\/([^\/]+?))?$`, 0, "", []int{0, 0, -1, -1}},
	{`^(?:\/books)(?:\/([^\/]+?))?$`, 0, "/books/12", []int{0, 9, 7, 9}},
	{`^((?:.*))?$`, 0, "x", []int{0, 1, 0, 1}},
	{`^((?:.*))?$`, 0, "", []int{0, 0, -1, -1}},
	{`^(?:([^\/]+?))?\/(.*)$`, i, "/X", []int{0, 2, -1, -1, 1, 2}},
	{`^(?:(\d+))(?:\.((?:[a-z]+)))?$`, i, "12.PNG", []int{0, 6, 0, 2, 3, 6}},
	{`(?<year>\d{4})-(?<m>\d\d)`, 0, "on 2024-05", []int{3, 10, 3, 7, 8, 10}},
	// Classes of the v flag (V8).
	{`[\w--\d]`, 0, "1a", []int{1, 2}},
	{`[\w--\d--_]`, 0, "_1a", []int{2, 3}},
	{`[\p{L}&&\p{ASCII}]`, 0, "éa", []int{2, 3}},
	{`[\w&&\d]`, 0, "a1", []int{1, 2}},
	{`[\d&&\w&&[1]]`, 0, "21", []int{1, 2}},
	{`[a[bc]]`, 0, "c", []int{0, 1}},
	{`[^[^a]]`, 0, "ba", []int{1, 2}},
	{`[\q{abc|d}x]`, 0, "zabc", []int{1, 4}},
	{`[\q{ab|abc}]`, 0, "abc", []int{0, 3}},
	{`[a\q{ab}]`, 0, "ab", []int{0, 2}},
	{`[\q{}a]`, 0, "b", []int{0, 0}},
	{`[\q{a}]`, 0, "a", []int{0, 1}},
	{`[^\q{a}]`, 0, "ab", []int{1, 2}},
	{`[[a-z]--\q{c}]`, 0, "c", nil},
	{`[\q{ab|cd}--\q{ab}]`, 0, "abcd", []int{2, 4}},
	{`[\q{ab|cd}&&\q{cd|ef}]`, 0, "abcd", []int{2, 4}},
	{`[\q{\u{1F600}|\x41}]`, 0, "A", []int{0, 1}},
	{`[[:alpha:]]`, 0, "x", nil},
	{`[[:alpha:]]`, 0, "h", []int{0, 1}},
	{`[[:alpha:]]`, 0, ":", []int{0, 1}},
	{`[\-a]`, 0, "-", []int{0, 1}},
	{`[&]`, 0, "&", []int{0, 1}},
	{`[\&\&]`, 0, "&", []int{0, 1}},
	{`[!]`, 0, "!", []int{0, 1}},
	{`[\b]`, 0, "\b", []int{0, 1}},
	{`[]`, 0, "a", nil},
	{`[]?`, 0, "a", []int{0, 0}},
	{`[^]`, 0, "😀", []int{0, 4}},
	{`[\p{RGI_Emoji}]`, 0, "👍🏽", []int{0, 8}},
	{`\p{RGI_Emoji}`, 0, "🇫🇷", []int{0, 8}},
	{`\p{RGI_Emoji_Flag_Sequence}`, 0, "x🇫🇷", []int{1, 9}},
	{`\p{Emoji_Keycap_Sequence}`, 0, "#\ufe0f\u20e3", []int{0, 7}},
	{`\p{Basic_Emoji}`, 0, "a😀", []int{1, 5}},
	{`\p{RGI_Emoji}`, 0, "👨‍👩‍👧", []int{0, 18}},
	{`[\p{RGI_Emoji}--\q{🇫🇷}]`, 0, "🇫🇷", nil},
	// Classes under vi (ECMA-262: operands are folded before the
	// operation; V8 11 departs from this).
	{`[[a-z]--\q{c}]`, i, "C", nil},
	{`[\w--\p{ASCII}]`, i, "\u017f", nil},
	{`[\w--[a-y]]`, i, "Z", []int{0, 1}},
	{`[\p{Lu}&&[a-z]]`, i, "q", []int{0, 1}},
	{`[\q{AB}]`, i, "ab", []int{0, 2}},
	{`[^a]`, i, "A", nil},
	// Properties (V8).
	{`\p{Lu}`, 0, "aÉ", []int{1, 3}},
	{`\p{Uppercase_Letter}`, 0, "aÉ", []int{1, 3}},
	{`\p{General_Category=Lu}`, 0, "aÉ", []int{1, 3}},
	{`\p{gc=Uppercase_Letter}`, 0, "aÉ", []int{1, 3}},
	{`\p{L}`, 0, "1ж", []int{1, 3}},
	{`\p{Letter}`, 0, "1ж", []int{1, 3}},
	{`\p{LC}`, 0, "ªb", []int{2, 3}},
	{`\P{L}`, 0, "ж1", []int{2, 3}},
	{`\p{Script=Greek}`, 0, "aα", []int{1, 3}},
	{`\p{sc=Grek}`, 0, "aα", []int{1, 3}},
	{`\p{sc=Deva}`, 0, "\u0964", nil},
	{`\p{scx=Deva}`, 0, "\u0964", []int{0, 3}},
	{`\p{Script_Extensions=Devanagari}`, 0, "\u0964", []int{0, 3}},
	{`\p{ASCII}`, 0, "é~", []int{2, 3}},
	{`\p{Any}`, 0, "\U0010FFFF", []int{0, 4}},
	{`\p{Assigned}`, 0, "\u0378a", []int{2, 3}},
	{`\p{Alphabetic}`, 0, "1\u0345", []int{1, 3}},
	{`\p{Alpha}`, 0, "1\u0345", []int{1, 3}},
	{`\p{Lowercase}`, 0, "Aª", []int{1, 3}},
	{`\p{Emoji}`, 0, "a#", []int{1, 2}},
	{`\p{White_Space}`, 0, "a\u0085", []int{1, 3}},
	{`\p{space}`, 0, "a\u0085", []int{1, 3}},
	{`\p{Cn}`, 0, "a\u0378", []int{1, 3}},
	{`\p{Co}`, 0, "a\ue000", []int{1, 4}},
	// Escapes (V8).
	{`\u{1F600}`, 0, "😀", []int{0, 4}},
	{`\u{0000001F600}`, 0, "😀", []int{0, 4}},
	{`\uD83D\uDE00`, 0, "😀", []int{0, 4}},
	{`[\uD83D\uDE00]`, 0, "😀", []int{0, 4}},
	{`\u0041`, 0, "A", []int{0, 1}},
	{`\x41`, 0, "A", []int{0, 1}},
	{`\cJ`, 0, "\n", []int{0, 1}},
	{`\cj`, 0, "\n", []int{0, 1}},
	{`\0`, 0, "\x00", []int{0, 1}},
	{`\t\n\v\f\r`, 0, "\t\n\v\f\r", []int{0, 5}},
	{`\/\^\$\\\.\*\+\?\(\)\[\]\{\}\|`, 0, `/^$\.*+?()[]{}|`, []int{0, 15}},
	// Invalid UTF-8 reads as U+FFFD (ECMA-262 on the decoded string).
	{`\uFFFD`, 0, "a\xff", []int{1, 2}},
	{`.`, 0, "\xff", []int{0, 1}},
	{`[\x00-\x7f]`, 0, "\xff", nil},
	{`\uD800`, 0, "\xed\xa0\x80", nil},
	// Assertions (V8).
	{`\bfoo\b`, 0, "a foo b", []int{2, 5}},
	{`\bfoo\b`, 0, "afoo", nil},
	{`\Bo`, 0, "foo", []int{1, 2}},
	{`\b`, 0, "éa", []int{2, 2}},
	// \b and \B under vi: U+017F and U+212A are word characters (V8).
	{`\bk`, i, "\u017fk", nil},
	{`\bs\b`, i, "a\u017f", nil},
	{`\bs\b`, i, " \u017f ", []int{1, 3}},
	{`k\b`, i, "k\u212a", []int{1, 4}},
	{`\B`, i, "\u017f", nil},
	{`\b`, i, "\u212a", []int{0, 0}},
	{`\w+\b`, i, "\u017f\u212a!", []int{0, 5}},
	{`(?:\b\w)+`, i, "a\u017f\u212a b", []int{0, 1}},
	{`(\u017f)\b`, i, "x\u017f\u212a\u017f", []int{6, 8, 6, 8}},
	// Modifiers of ES2025.
	{`(?i:a)b`, 0, "AB", nil},
	{`(?i:a)b`, 0, "Ab", []int{0, 2}},
	{`(?i:[a-z])`, 0, "\u212a", []int{0, 3}},
	{`(?-i:a)`, i, "A", nil},
	{`(?-i:a)b`, i, "aB", []int{0, 2}},
	{`(?s:.)`, 0, "\n", []int{0, 1}},
	{`(?s:.)(.)`, 0, "\n\n", nil},
	{`(?i-s:.)`, 0, "\n", nil},
	{`(?m:a)`, 0, "a", []int{0, 1}},
	{`(?i:(?-i:a)b)`, 0, "aB", []int{0, 2}},
	{`(?i:\P{Lu})`, 0, "a", nil},
	// The m modifier: ^ and $ also at line terminators (V8, with the m
	// flag on the whole pattern).
	{`(?m:^b)`, 0, "a\nb", []int{2, 3}},
	{`(?m:^b)`, 0, "a\rb", []int{2, 3}},
	{`(?m:^b)`, 0, "a\u2028b", []int{4, 5}},
	{`(?m:a$)`, 0, "a\u2029", []int{0, 1}},
	{`(?m:^.)`, 0, "\r\nx", []int{2, 3}},
	{`(?m:$\s)`, 0, "a\r\n", []int{1, 2}},
	{`(?m:(a)$|b)`, 0, "a\u2028b", []int{0, 1, 0, 1}},
	{`(?m:^\w+$)`, 0, "ab\r\ncd", []int{0, 2}},
	{`(?m:^)b|^c`, 0, "x\nc", nil},
	{`(?m:^)b|^c`, 0, "x\nb", []int{2, 3}},
	{`(?i:(?m:^k))`, 0, "a\u2029\u212a", []int{4, 7}},
	// Duplicate names in different alternatives (ES2025).
	{`(?<a>x)|(?<a>y)`, 0, "y", []int{0, 1, -1, -1, 0, 1}},
	{`(?:(?<a>x)|(?<a>y))z`, 0, "yz", []int{0, 2, -1, -1, 0, 1}},
}

func TestMatch(t *testing.T) {
	for _, c := range matchCases {
		re, err := Compile(c.src, c.flags)
		if err != nil {
			t.Errorf("Compile(%q, %d): %v", c.src, c.flags, err)
			continue
		}
		got := re.FindStringSubmatchIndex(c.in)
		if !slices.Equal(got, c.want) {
			t.Errorf("/%s/ (flags %d) on %q: got %v, want %v", c.src, c.flags, c.in, got, c.want)
		}
		if re.MatchString(c.in) != (c.want != nil) {
			t.Errorf("/%s/ (flags %d).MatchString(%q) = %v", c.src, c.flags, c.in, !(c.want != nil))
		}
		if c.want != nil && re.NumSubexp() != len(c.want)/2-1 {
			t.Errorf("/%s/.NumSubexp() = %d, want %d", c.src, re.NumSubexp(), len(c.want)/2-1)
		}
		if !re.Exact() {
			t.Errorf("/%s/ is not exact", c.src)
		}
	}
}
