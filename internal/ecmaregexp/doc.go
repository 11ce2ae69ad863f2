// Package ecmaregexp translates ECMAScript regular expressions compiled
// with the v flag (unicodeSets), and with the i flag (ignoreCase) on
// request, to Go's regexp (RE2) with the same meaning, for URLPattern,
// whose components compile to such expressions.
//
// # What is translated
//
// Characters, . (every code point but the line terminators \n, \r, U+2028
// and U+2029), [^], ^ and $ (start and end of input: there is no m flag),
// \b and \B, alternation, (…), (?:…), named groups (?<name>…) with
// ECMA-262's identifier rules and ES2025's duplicate names in different
// alternatives, the modifiers groups (?i:…), (?-i:…), (?s:…), (?m:…) of
// ES2025, the quantifiers * + ? {n} {n,} {n,m} and their lazy forms, the
// escapes \d \D \s \S \w \W, \p{…} and \P{…} with ECMAScript's names and
// aliases (General_Category values, General_Category=, gc=, Script=, sc=,
// Script_Extensions=, scx=, the binary properties of ECMA-262's table and,
// inside and outside classes, the properties of strings RGI_Emoji,
// Basic_Emoji, Emoji_Keycap_Sequence, RGI_Emoji_Flag_Sequence,
// RGI_Emoji_Modifier_Sequence, RGI_Emoji_Tag_Sequence and
// RGI_Emoji_ZWJ_Sequence), \u{…}, \uXXXX (a surrogate pair as one code
// point), \xHH, \cX, \0, \t \n \v \f \r and the identity escapes of the
// syntax characters and /, and the v flag's classes: nested classes,
// subtraction --, intersection &&, strings \q{…|…}.
//
// Classes are computed here as sets of code point ranges (and strings), as
// ECMA-262's CompileToCharSet says, and written out as explicit RE2
// classes; under the i flag every set is first folded (simple case
// folding, scf, which is ECMA-262's Canonicalize for the u and v flags) and
// then written as the set of all code points whose folding it holds. RE2's
// own case folding and its \d \s \w classes are never used, so K and
// U+212A KELVIN SIGN, s and U+017F, ß and U+1E9E, the sigmas and Cherokee
// match exactly as ECMA-262 says. Input is read as code points: an invalid
// UTF-8 byte is U+FFFD and matches only what U+FFFD matches.
//
// # What is rejected
//
// Everything ECMAScript rejects with the v flag is a *SyntaxError with the
// byte offset of the construct: among others RE2-only syntax such as
// (?P<x>…), (?i), \z, \A, \Q…\E, lone {, } and ], quantifiers on nothing or
// on assertions, ranges out of order, the v flag's reserved double
// punctuators (&&& !! ## …), unescaped ( ) [ ] { } / - | in classes. RE2
// syntax that ECMAScript reads otherwise gets ECMAScript's meaning:
// [[:alpha:]] is, with the v flag, a class nested in a class, one of the
// characters : a l p h (RE2 would read a POSIX class).
//
// Matching is linear in the length of the pattern and of the input. What
// RE2 cannot do in linear time is a *SyntaxError naming the construct:
// lookahead (?=…) (?!…), lookbehind (?<=…) (?<!…), and backreferences \1
// and \k<name>. So is a counted repetition above 1000, or nested counted
// repetitions whose counts multiply to more than 1000 (RE2's limit, which
// bounds the size of the compiled program), and ^ or $ under an m modifier
// in a pattern that tells the line terminators apart (a character or class
// that holds some of \n, \r, U+2028 and U+2029 but not all): RE2's line
// anchors know only \n, so for the other patterns the input is read with
// the four as \n, which every set of such a pattern matches alike.
//
// Patterns are also rejected where the translation would not stay linear in
// the size of the pattern: nesting of groups and classes deeper than 250,
// more than 16 nested quantified atoms with capturing groups (each level is
// a program of its own), and patterns whose counted repetitions, expanded
// as RE2 expands them, exceed 2^19 nodes (\p{RGI_Emoji}{100}, say).
//
// Compiling is bounded by a compile budget (CompileBudget; DefaultBudget,
// 32 MiB, for Compile): an estimate, in bytes, of the memory the
// translation takes, charged as the pattern is read and translated,
// before the memory is taken: each node of the parsed and translated
// trees, each range of a set and the folding of sets under the i flag,
// each node of a class's string trie (\p{RGI_Emoji} is some 8,400 of
// them), each byte of RE2 text, and Go's parsing and compiling of that text
// (with counted repetitions expanded), four times over for the
// sub-program of a loop with captures. A pattern that exceeds it is a
// *SyntaxError whose Budget is set, at the offset where it ran out; the
// tests hold every allocation within its charge, so the budget bounds the
// memory a pattern can take, however it is written.
//
// # ECMAScript's loops on RE2
//
// Groups that take no part in a match are undefined (-1, -1), never empty.
// Two rules of ECMA-262's RepeatMatcher have no RE2 counterpart and are
// rewritten: an iteration beyond the minimum count that matches the empty
// string fails, so that /(a*)?/ leaves its group undefined on "b" and
// /(?:|a)*/ matches "a"; and the captures inside a quantified atom are reset
// at each iteration, so that /(?:(a)|b)+/ leaves its group undefined on
// "ab". The first becomes a loop over the non-empty ways of the atom (in the
// atom's order of preference); the second a loop with its captures hidden
// and its iteration marked, whose captures a program of the atom alone finds
// on the span of the last iteration. When the rewriting of the first would
// grow the pattern more than a bounded factor, the loop keeps RE2's rule
// (an empty iteration ends the loop) and Exact reports false.
//
// \b and \B under the i flag: ECMAScript counts U+017F and U+212A, which
// fold into [a-z], as word characters there, RE2 only ASCII ones. When the
// whole pattern ignores case, the input is read with those two as s and k,
// which every set of the pattern matches alike, so \b and \B see word
// characters. One difference remains, where a pattern mixes a \b or \B
// under i with characters or \b matched with case (a (?-i:…) group inside
// a vi pattern, or (?i:\b) inside a pattern without i): there RE2's ASCII
// \b is used, and Exact reports false.
//
// The Unicode tables are generated from Unicode UnicodeVersion (see
// genunicode), independent of the Go toolchain's package unicode, so the
// package matches alike under every Go version.
package ecmaregexp
