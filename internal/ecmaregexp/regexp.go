package ecmaregexp

import (
	"errors"
	"fmt"
	"regexp"
	"regexp/syntax"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/weburl/weburl/internal/quote"
)

// Flags are the flags of an ECMAScript regular expression besides v, which
// is always on.
type Flags uint8

// IgnoreCase is the i flag: characters match by simple case folding.
const IgnoreCase Flags = 1

// SyntaxError reports a pattern that ECMAScript rejects, or a construct this
// package does not translate because matching would no longer be linear.
type SyntaxError struct {
	Source string // the pattern
	Offset int    // byte offset in Source of the construct at fault
	Reason string
	Budget int // the compile budget, when the pattern exceeds it; else 0
}

// Error names the pattern, the byte offset and the reason. A pattern
// longer than 1 KiB is quoted around the offset only (Source keeps it
// whole), by internal/quote.
func (e *SyntaxError) Error() string {
	return "invalid regular expression " + quote.At(e.Source, e.Offset) + " at offset " + strconv.Itoa(e.Offset) + ": " + e.Reason
}

// Regexp is a compiled ECMAScript regular expression. Its zero value is the
// empty pattern, which matches the empty string everywhere. A Regexp is safe
// for concurrent use.
type Regexp struct {
	source string
	re     *regexp.Regexp
	prog   *subprog
	names  []string // names[0] is ""; names[i] is group i's name or ""
	exact  bool
	// foldWords: the pattern ignores case everywhere and has \b or \B,
	// so U+017F and U+212A in the input are read as s and k; foldLines:
	// the pattern has line anchors (m modifier) and treats the four line
	// terminators alike, so \r, U+2028 and U+2029 are read as \n. See
	// foldInput.
	foldWords, foldLines bool
	cost                 int // charged to the compile budget
}

// Compile translates an ECMAScript pattern source (the text between the
// slashes of a literal) compiled with the v flag, and the i flag if flags
// has IgnoreCase, to Go's regexp, within DefaultBudget. The error is a
// *SyntaxError.
func Compile(source string, flags Flags) (*Regexp, error) {
	return CompileBudget(source, flags, 0)
}

// CompileBudget is Compile within a compile budget of budget bytes
// (DefaultBudget if budget <= 0): an estimate of the memory that
// compiling takes, charged as the pattern is read and translated, before
// the memory is taken (see the package documentation). A pattern that
// exceeds it is a *SyntaxError whose Budget is the budget, at the offset
// where it ran out. Regexp.Cost reports what a compiled pattern was
// charged.
func CompileBudget(source string, flags Flags, budget int) (*Regexp, error) {
	if budget <= 0 {
		budget = DefaultBudget
	}
	m := &meter{limit: budget}
	n, p, perr := parse(source, flags&IgnoreCase != 0, m)
	if perr != nil {
		return nil, perr
	}
	if p.linePos >= 0 && p.splitsLines {
		return nil, &SyntaxError{Source: source, Offset: p.linePos, Reason: fmt.Sprintf("%c under the m modifier in a pattern that tells the line terminators \\n, \\r, U+2028 and U+2029 apart is not supported (RE2's line anchors know only \\n)", source[p.linePos])}
	}
	prog := &subprog{}
	t, serr := prog.build(n, 16*astSize(n)+2048, 0, m)
	if serr != nil {
		serr.Source = source
		return nil, serr
	}
	re, err := regexp.Compile(prog.src) // charged by build
	if err == nil {
		err = prog.compileLoops()
	}
	if err != nil {
		// Go's message quotes the whole translation: keep only its code.
		reason := err.Error()
		var se *syntax.Error
		if errors.As(err, &se) {
			reason = string(se.Code)
		}
		return nil, &SyntaxError{Source: source, Reason: "the translation is too large for Go's regexp (" + reason + ")"}
	}
	return &Regexp{
		source:    source,
		re:        re,
		prog:      prog,
		names:     append([]string{""}, p.names...),
		foldWords: p.foldedBoundary && !p.caseSensitive,
		foldLines: p.linePos >= 0,
		exact:     !t.approx && (!p.foldedBoundary || !p.caseSensitive),
		cost:      m.used,
	}, nil
}

// Cost returns what compiling re was charged of its budget, in bytes.
func (re *Regexp) Cost() int { return re.cost }

// MustCompile is like Compile but panics on error; for patterns in code.
func MustCompile(source string, flags Flags) *Regexp {
	re, err := Compile(source, flags)
	if err != nil {
		panic(err)
	}
	return re
}

// String returns the ECMAScript source.
func (re *Regexp) String() string { return re.source }

// NumSubexp returns the number of capturing groups, as ECMAScript counts
// them.
func (re *Regexp) NumSubexp() int { return max(len(re.names)-1, 0) }

// SubexpNames returns the names of the capturing groups: index 0 (the
// whole match) and unnamed groups are "". Duplicate names (allowed in
// different alternatives) appear at each of their groups. The slice must
// not be modified.
func (re *Regexp) SubexpNames() []string {
	if len(re.names) == 0 {
		return []string{""}
	}
	return re.names
}

// MatchString reports whether s contains a match, like
// RegExp.prototype.test.
func (re *Regexp) MatchString(s string) bool {
	if re.re == nil {
		return true
	}
	if re.foldWords || re.foldLines {
		s, _ = foldInput(s, re.foldWords, re.foldLines)
	}
	return re.re.MatchString(s)
}

// FindStringSubmatchIndex returns the leftmost match as ECMAScript's exec
// from lastIndex 0 finds it: pairs of byte offsets in s for the match and
// each group, -1, -1 for a group that is undefined. It returns nil if
// nothing matches.
func (re *Regexp) FindStringSubmatchIndex(s string) []int {
	if re.re == nil {
		return []int{0, 0}
	}
	var offsets []int
	if re.foldWords || re.foldLines {
		s, offsets = foldInput(s, re.foldWords, re.foldLines)
	}
	m := re.re.FindStringSubmatchIndex(s)
	if m == nil {
		return nil
	}
	if len(re.prog.loops) == 0 && offsets == nil {
		// No loop with captures: RE2's groups are ECMAScript's.
		return m
	}
	out := make([]int, 2*len(re.names))
	for i := range out {
		out[i] = -1
	}
	out[0], out[1] = m[0], m[1]
	re.prog.fill(s, m, 0, out)
	if offsets != nil {
		for i, o := range out {
			if o >= 0 {
				out[i] = offsets[o]
			}
		}
	}
	return out
}

// foldInput rewrites s for RE2's ASCII \b and \n-only line anchors, and
// returns the offsets in s of the result's bytes (nil if nothing changed).
// With words it reads U+017F and U+212A as s and k: under ignoreCase every
// set matches both or neither of each pair (they fold alike), and
// ECMAScript's \b counts them as word characters, as RE2 counts s and k.
// With lines it reads \r, U+2028 and U+2029 as \n, which every set of
// such a pattern matches alike.
func foldInput(s string, words, lines bool) (string, []int) {
	if !(words && (strings.Contains(s, "\u017f") || strings.Contains(s, "\u212a")) ||
		lines && (strings.IndexByte(s, '\r') >= 0 || strings.Contains(s, "\u2028") || strings.Contains(s, "\u2029"))) {
		return s, nil
	}
	var b strings.Builder
	b.Grow(len(s))
	offsets := make([]int, 0, len(s)+1)
	for i := 0; i < len(s); {
		r, w := utf8.DecodeRuneInString(s[i:])
		var sub byte
		switch {
		case words && r == 0x17F:
			sub = 's'
		case words && r == 0x212A:
			sub = 'k'
		case lines && (r == '\r' || r == 0x2028 || r == 0x2029):
			sub = '\n'
		}
		if sub != 0 {
			b.WriteByte(sub)
			offsets = append(offsets, i)
		} else {
			b.WriteString(s[i : i+w])
			for j := range w {
				offsets = append(offsets, i+j)
			}
		}
		i += w
	}
	return b.String(), append(offsets, len(s))
}

// Exact reports whether matches follow ECMA-262 for every input. It is
// false in two cases (see the package documentation): a \b or \B under
// the i flag in a pattern that does not ignore case everywhere (a (?-i:…)
// group), which treats U+017F and U+212A as non-word characters where
// ECMAScript counts them as word characters; and a loop over an atom that
// can match the empty string too large to rewrite, where an iteration that
// matches the empty string ends the loop, as in RE2, where ECMAScript would
// backtrack into the atom.
func (re *Regexp) Exact() bool { return re.re == nil || re.exact }
