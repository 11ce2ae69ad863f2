package ecmaregexp

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/weburl/weburl/internal/ascii"
	"github.com/weburl/weburl/internal/quote"
)

// maxRepeat is RE2's bound on a counted repetition (and on nested counted
// repetitions multiplied together): beyond it the compiled program would
// grow with the count.
const maxRepeat = 1000

// maxDepth bounds the nesting of groups and classes, so that parsing never
// recurses without bound and the translation, which adds a level or two
// for each, stays within the 1000 levels Go's regexp/syntax accepts.
const maxDepth = 250

type nodeKind uint8

const (
	nEmpty    nodeKind = iota
	nSet               // one code point of set (already closed under case folding when matching ignores case)
	nConcat            // subs in sequence
	nAlt               // subs as alternatives, first preferred
	nCapture           // capturing group cap around subs[0]
	nRepeat            // subs[0] repeated min..max (max -1: no bound) times
	nBegin             // ^ (input start)
	nEnd               // $ (input end)
	nWordB             // \b
	nNotWordB          // \B
	nLoopIter          // one iteration of a loop whose captures a sub-program finds (see transform)
)

type node struct {
	kind     nodeKind
	set      runeSet
	subs     []*node
	min, max int
	lazy     bool
	cap      int // nCapture: the group's number, as ECMAScript counts
	// flag: for nBegin and nEnd, under the m modifier (line anchors); for
	// nWordB and nNotWordB, under ignoreCase (U+017F and U+212A are word
	// characters).
	flag bool
	loop *loopInfo
	copy int // nLoopIter: which copy of the iteration (0: within min, 1: beyond)
	pos  int // byte offset of the construct in the source
}

// modifiers are the flags that (?ims-ims:…) groups can change.
type modifiers struct{ i, m, s bool }

type parser struct {
	m     *meter // the compile budget
	src   string
	pos   int
	flags modifiers
	depth int
	ncap  int
	names []string // names[i-1] is group i's name ("" if it has none)
	// alt is the alternative being read, in the alternatives that enclose
	// it; lastNamed maps a group name to the alternative of the last group
	// of that name, for the rule on duplicate names (MightBothParticipate).
	alt       *alternative
	lastNamed map[string]*alternative
	ndisj     int
	nameWork  int // steps of the duplicate-name checks, for the linear-time test
	// foldedBoundary records a \b or \B under ignoreCase, caseSensitive
	// a character, class or \b without it.
	foldedBoundary, caseSensitive bool
	// linePos is the offset of the first ^ or $ under the m modifier (-1:
	// none); splitsLines records a set that holds some of the line
	// terminators but not all.
	linePos     int
	splitsLines bool
}

func (p *parser) errorf(pos int, format string, args ...any) *SyntaxError {
	return &SyntaxError{Source: p.src, Offset: pos, Reason: fmt.Sprintf(format, args...)}
}

// bail carries a *SyntaxError up through the recursive descent.
type bail struct{ err *SyntaxError }

func (p *parser) fail(pos int, format string, args ...any) {
	panic(bail{p.errorf(pos, format, args...)})
}

func (p *parser) eof() bool { return p.pos >= len(p.src) }

// peek returns the code point at the current position (utf8.RuneError for
// an invalid byte, which then stands for U+FFFD) and its width.
func (p *parser) peek() (rune, int) {
	if p.eof() {
		return -1, 0
	}
	return utf8.DecodeRuneInString(p.src[p.pos:])
}

func (p *parser) next() rune {
	r, w := p.peek()
	p.pos += w
	return r
}

func (p *parser) lookingAt(s string) bool { return strings.HasPrefix(p.src[p.pos:], s) }

func (p *parser) enter(pos int) {
	p.depth++
	if p.depth > maxDepth {
		p.fail(pos, "nesting deeper than %d levels is not supported", maxDepth)
	}
}

// parse reads src; m is the compile budget (nil: DefaultBudget).
func parse(src string, ignoreCase bool, m *meter) (n *node, p *parser, err error) {
	if m == nil {
		m = &meter{limit: DefaultBudget}
	}
	p = &parser{m: m, src: src, flags: modifiers{i: ignoreCase}, linePos: -1}
	defer func() {
		if r := recover(); r != nil {
			b, ok := r.(bail)
			if !ok {
				panic(r)
			}
			n, err = nil, b.err
		}
	}()
	n = p.parseDisjunction()
	if !p.eof() {
		// Only a ')' stops a disjunction early.
		p.fail(p.pos, "unmatched ')'")
	}
	return n, p, nil
}

func (p *parser) parseDisjunction() *node {
	start := p.pos
	id := p.ndisj
	p.ndisj++
	up := p.alt
	var alts []*node
	for {
		p.charge(costNode, p.pos)
		p.alt = &alternative{up: up, disj: id}
		if up != nil {
			p.alt.depth = up.depth + 1
		}
		alts = append(alts, p.parseAlternative())
		if p.eof() || p.src[p.pos] != '|' {
			break
		}
		p.pos++
	}
	p.alt = up
	if len(alts) == 1 {
		return alts[0]
	}
	return &node{kind: nAlt, subs: alts, pos: start}
}

func (p *parser) parseAlternative() *node {
	start := p.pos
	var terms []*node
	for !p.eof() && p.src[p.pos] != '|' && p.src[p.pos] != ')' {
		terms = append(terms, p.parseTerm())
	}
	switch len(terms) {
	case 0:
		return &node{kind: nEmpty, pos: start}
	case 1:
		return terms[0]
	}
	return &node{kind: nConcat, subs: terms, pos: start}
}

func (p *parser) parseTerm() *node {
	start := p.pos
	p.charge(2*costNode, start) // the atom and its quantifier
	c := p.src[p.pos]
	var atom *node
	assertion := false
	switch c {
	case '^', '$':
		p.pos++
		atom = &node{kind: nBegin, pos: start, flag: p.flags.m}
		if c == '$' {
			atom.kind = nEnd
		}
		if p.flags.m && p.linePos < 0 {
			p.linePos = start
		}
		assertion = true
	case '\\':
		if p.lookingAt(`\b`) || p.lookingAt(`\B`) {
			p.pos += 2
			atom = &node{kind: nWordB, pos: start, flag: p.flags.i}
			if p.flags.i {
				// RE2's \b is ASCII; see foldInput.
				p.foldedBoundary = true
			} else {
				p.caseSensitive = true
			}
			if c := p.src[start+1]; c == 'B' {
				atom.kind = nNotWordB
			}
			assertion = true
		} else {
			atom = p.parseAtomEscape()
		}
	case '(':
		if p.lookingAt("(?=") || p.lookingAt("(?!") {
			p.fail(start, "lookahead %s…) is not supported: matching must stay linear in time", p.src[start:start+3])
		}
		if p.lookingAt("(?<=") || p.lookingAt("(?<!") {
			p.fail(start, "lookbehind %s…) is not supported: matching must stay linear in time", p.src[start:start+4])
		}
		atom = p.parseGroup()
	case '.':
		p.pos++
		s := allRunes
		if !p.flags.s {
			s = s.subtract(lineTerminators)
		}
		atom = p.setNode(s, false, start)
	case '[':
		atom = p.classAtom()
	case '*', '+', '?':
		p.fail(start, "nothing to repeat before %c", c)
	case '{':
		if p.quantifierAhead() {
			p.fail(start, "nothing to repeat before {")
		}
		p.fail(start, "lone { must be escaped as \\{ with the v flag")
	case '}':
		p.fail(start, "lone } must be escaped as \\} with the v flag")
	case ']':
		p.fail(start, "lone ] must be escaped as \\] with the v flag")
	default:
		r := p.next()
		atom = p.setNode(runeSet{{r, r}}, false, start)
	}
	return p.parseQuantifier(atom, assertion)
}

// quantifierAhead reports whether {…} at the current position is a
// quantifier.
func (p *parser) quantifierAhead() bool {
	save := p.pos
	defer func() { p.pos = save }()
	_, _, ok := p.scanBraces()
	return ok
}

// scanBraces reads {n}, {n,} or {n,m}; max is -1 for no bound. Counts
// beyond maxInt read as maxInt.
func (p *parser) scanBraces() (lo, hi int, ok bool) {
	if p.eof() || p.src[p.pos] != '{' {
		return 0, 0, false
	}
	p.pos++
	lo, ok = p.scanInt()
	if !ok {
		return 0, 0, false
	}
	hi = lo
	if !p.eof() && p.src[p.pos] == ',' {
		p.pos++
		hi = -1
		if !p.eof() && isDigit(p.src[p.pos]) {
			hi, _ = p.scanInt()
		}
	}
	if p.eof() || p.src[p.pos] != '}' {
		return 0, 0, false
	}
	p.pos++
	return lo, hi, true
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func (p *parser) scanInt() (int, bool) {
	start := p.pos
	for !p.eof() && isDigit(p.src[p.pos]) {
		p.pos++
	}
	if p.pos == start {
		return 0, false
	}
	n, err := strconv.Atoi(p.src[start:p.pos])
	if err != nil {
		n = int(^uint(0) >> 1)
	}
	return n, true
}

func (p *parser) parseQuantifier(atom *node, assertion bool) *node {
	if p.eof() {
		return atom
	}
	start := p.pos
	var lo, hi int
	switch p.src[p.pos] {
	case '*':
		lo, hi = 0, -1
		p.pos++
	case '+':
		lo, hi = 1, -1
		p.pos++
	case '?':
		lo, hi = 0, 1
		p.pos++
	case '{':
		var ok bool
		lo, hi, ok = p.scanBraces()
		if !ok {
			p.fail(start, "incomplete quantifier: a lone { must be escaped as \\{ with the v flag")
		}
		if hi >= 0 && lo > hi {
			p.fail(start, "numbers out of order in quantifier %s", quote.String(p.src[start:p.pos]))
		}
		if lo > maxRepeat || hi > maxRepeat {
			p.fail(start, "repetition count above %d in quantifier %s is not supported (RE2's limit, which keeps the compiled program small)", maxRepeat, quote.String(p.src[start:p.pos]))
		}
	default:
		return atom
	}
	if assertion {
		p.fail(start, "nothing to repeat: an assertion cannot be quantified")
	}
	n := &node{kind: nRepeat, subs: []*node{atom}, min: lo, max: hi, pos: start}
	if !p.eof() && p.src[p.pos] == '?' {
		n.lazy = true
		p.pos++
	}
	return n
}

// parseGroup reads (…), (?:…), (?<name>…) and (?ims-ims:…).
func (p *parser) parseGroup() *node {
	start := p.pos
	p.enter(start)
	defer func() { p.depth-- }()
	p.pos++ // (
	capture, name := true, ""
	saved := p.flags
	if p.lookingAt("?") {
		p.pos++
		switch {
		case p.lookingAt("<"):
			name = p.parseGroupName(start)
		case p.lookingAt("P<") || p.lookingAt("P="), p.lookingAt("P>"):
			p.fail(start, "invalid group: (?P…) is not ECMAScript syntax; a named group is (?<name>…)")
		default:
			p.parseModifiers(start)
			capture = false
		}
	}
	var idx int
	if capture {
		p.charge(costNode+len(name), start)
		p.ncap++
		idx = p.ncap
		p.names = append(p.names, name)
		if name != "" {
			p.checkDuplicateName(name, start)
		}
	}
	body := p.parseDisjunction()
	p.flags = saved
	if p.eof() || p.src[p.pos] != ')' {
		p.fail(start, "unterminated group")
	}
	p.pos++
	if !capture {
		return body
	}
	return &node{kind: nCapture, subs: []*node{body}, cap: idx, pos: start}
}

// parseModifiers reads what follows "(?" in a non-capturing group: ":" or
// RegularExpressionModifiers ("ims", "-ims", "i-s", …) and ":".
func (p *parser) parseModifiers(groupPos int) {
	var add, remove string
	cur := &add
	dash := false
	for !p.eof() {
		c := p.src[p.pos]
		switch {
		case c == ':':
			p.pos++
			if dash && add == "" && remove == "" {
				p.fail(groupPos, "invalid group: (?-:…) names no modifier")
			}
			for _, f := range add {
				if strings.ContainsRune(remove, f) {
					p.fail(groupPos, "invalid group: modifier %c both added and removed", f)
				}
			}
			for _, f := range add {
				p.setFlag(f, true)
			}
			for _, f := range remove {
				p.setFlag(f, false)
			}
			return
		case c == '-' && !dash:
			dash = true
			cur = &remove
			p.pos++
		case c == 'i' || c == 'm' || c == 's':
			if strings.IndexByte(*cur, c) >= 0 {
				p.fail(p.pos, "invalid group: modifier %c repeated", c)
			}
			*cur += string(c)
			p.pos++
		default:
			p.fail(groupPos, "invalid group: (? must be followed by :, =, !, <, or modifiers i, m, s and :")
		}
	}
	p.fail(groupPos, "unterminated group")
}

func (p *parser) setFlag(f rune, on bool) {
	switch f {
	case 'i':
		p.flags.i = on
	case 'm':
		p.flags.m = on
	case 's':
		p.flags.s = on
	}
}

// parseGroupName reads <RegExpIdentifierName> and returns its value.
func (p *parser) parseGroupName(groupPos int) string {
	nameStart := p.pos
	p.pos++ // <
	var b strings.Builder
	for first := true; ; first = false {
		if p.eof() {
			p.fail(nameStart, "invalid capture group name: missing >")
		}
		if p.src[p.pos] == '>' && !first {
			p.pos++
			return b.String()
		}
		at := p.pos
		var r rune
		if p.src[p.pos] == '\\' {
			p.pos++
			if p.eof() || p.src[p.pos] != 'u' {
				p.fail(at, "invalid capture group name: only \\u escapes may appear in a name")
			}
			p.pos++
			var ok bool
			r, ok = p.parseUnicodeEscapeBody()
			if !ok {
				p.fail(at, "invalid capture group name: invalid \\u escape")
			}
		} else {
			r = p.next()
		}
		if !IsIdentifierChar(r, first) {
			p.fail(at, "invalid capture group name: %q cannot %s an identifier", r, map[bool]string{true: "start", false: "continue"}[first])
		}
		b.WriteRune(r)
	}
}

var (
	idStart    = decodeRanges(binaryProperties["ID_Start"])
	idContinue = decodeRanges(binaryProperties["ID_Continue"])
)

// IsIdentifierChar reports whether r is an IdentifierStartChar (first) or
// an IdentifierPartChar of ECMA-262: $, _, and ID_Start, or also ZWNJ,
// ZWJ and ID_Continue, from this package's Unicode tables (Unicode
// UnicodeVersion), not the Go toolchain's, so that group names read alike
// under every Go version.
func IsIdentifierChar(r rune, first bool) bool {
	if r < utf8.RuneSelf {
		return 'a' <= r|0x20 && r|0x20 <= 'z' || r == '$' || r == '_' || !first && '0' <= r && r <= '9'
	}
	if idStart.contains(r) {
		return true
	}
	return !first && (r == 0x200C || r == 0x200D || idContinue.contains(r))
}

// alternative is one alternative of a disjunction (disj numbers the
// disjunctions in the order they start), inside the alternatives that
// enclose it (up); depth counts those.
type alternative struct {
	up    *alternative
	disj  int
	depth int
}

// exclusive reports whether no match can have a group in alternative a
// and one in b: whether the innermost thing that encloses both is a
// disjunction, with a and b in different alternatives of it.
func (p *parser) exclusive(a, b *alternative) bool {
	for a.depth > b.depth {
		a = a.up
		p.nameWork++
	}
	for b.depth > a.depth {
		b = b.up
		p.nameWork++
	}
	if a == b {
		return false // one group encloses the other, or they follow each other
	}
	for a.up != b.up {
		a, b = a.up, b.up
		p.nameWork++
	}
	return a.disj == b.disj
}

// checkDuplicateName applies ES2025's rule: two groups may share a name
// only if no match can have both, that is if they sit in different
// alternatives of one disjunction. Checking against the last group of the
// name is enough (so the check costs the nesting depth, at most maxDepth,
// not the number of groups): if it and an earlier one are exclusive, they
// are in different alternatives of a disjunction D, and a later group is
// either in D, in an alternative at or after the last one's and so
// exclusive with the earlier one too, or after D, where the earlier group
// and the last one meet it at the same place.
func (p *parser) checkDuplicateName(name string, pos int) {
	p.nameWork++
	if last, ok := p.lastNamed[name]; ok && !p.exclusive(last, p.alt) {
		p.fail(pos, "duplicate capture group name %s", quote.String(name))
	}
	if p.lastNamed == nil {
		p.lastNamed = map[string]*alternative{}
	}
	p.lastNamed[name] = p.alt
}

// parseUnicodeEscapeBody reads what follows \u: XXXX (a surrogate pair
// \uXXXX\uXXXX as one code point) or {X…}.
func (p *parser) parseUnicodeEscapeBody() (rune, bool) {
	if p.lookingAt("{") {
		p.pos++
		start := p.pos
		var v rune
		for !p.eof() && ascii.IsHex(p.src[p.pos]) {
			v = v*16 + rune(ascii.Unhex(p.src[p.pos]))
			if v > utf8.MaxRune {
				return 0, false
			}
			p.pos++
		}
		if p.pos == start || p.eof() || p.src[p.pos] != '}' {
			return 0, false
		}
		p.pos++
		return v, true
	}
	v, ok := p.hex(4)
	if !ok {
		return 0, false
	}
	if 0xD800 <= v && v <= 0xDBFF && p.lookingAt(`\u`) {
		save := p.pos
		p.pos += 2
		if w, ok := p.hex(4); ok && 0xDC00 <= w && w <= 0xDFFF {
			return 0x10000 + (v-0xD800)<<10 + (w - 0xDC00), true
		}
		p.pos = save
	}
	return v, true
}

func (p *parser) hex(n int) (rune, bool) {
	if len(p.src)-p.pos < n {
		return 0, false
	}
	var v rune
	for i := range n {
		c := p.src[p.pos+i]
		if !ascii.IsHex(c) {
			return 0, false
		}
		v = v*16 + rune(ascii.Unhex(c))
	}
	p.pos += n
	return v, true
}

// parseAtomEscape reads \… outside a class (\b and \B are done).
func (p *parser) parseAtomEscape() *node {
	start := p.pos
	p.pos++ // \
	if p.eof() {
		p.fail(start, "\\ at end of pattern")
	}
	c := p.src[p.pos]
	switch {
	case c == 'k':
		p.fail(start, "backreference \\k is not supported: matching must stay linear in time")
	case '1' <= c && c <= '9':
		p.fail(start, "backreference \\%c is not supported: matching must stay linear in time", c)
	}
	if cls, ok := p.parseClassEscape(start); ok {
		if len(cls.strs) > 0 {
			return p.stringsNode(cls, start)
		}
		return &node{kind: nSet, set: p.matchSet(cls.set, start), pos: start}
	}
	r := p.parseCharacterEscape(start, false)
	return p.setNode(runeSet{{r, r}}, false, start)
}

// parseClassEscape reads d D s S w W p{…} P{…} after a backslash at start
// (the parser is past the backslash). The set is folded under ignoreCase.
func (p *parser) parseClassEscape(start int) (classSet, bool) {
	c := p.src[p.pos]
	switch c {
	case 'd', 'D', 's', 'S', 'w', 'W':
		p.pos++
		var s runeSet
		switch c | 0x20 {
		case 'd':
			s = digits
		case 's':
			s = whiteSpace
		case 'w':
			s = wordChars
		}
		if p.flags.i {
			s = p.fold(s, start)
		}
		if c < 'a' {
			s = p.complement(s, start)
		}
		return classSet{set: s}, true
	case 'p', 'P':
		p.pos++
		return p.parseProperty(start, c == 'P'), true
	}
	return classSet{}, false
}

// parseCharacterEscape reads a CharacterEscape after a backslash at start;
// inClass allows ClassSetReservedPunctuator and \b.
func (p *parser) parseCharacterEscape(start int, inClass bool) rune {
	c := p.next()
	switch c {
	case 'f':
		return '\f'
	case 'n':
		return '\n'
	case 'r':
		return '\r'
	case 't':
		return '\t'
	case 'v':
		return '\v'
	case 'c':
		if !p.eof() && ('a' <= p.src[p.pos]|0x20 && p.src[p.pos]|0x20 <= 'z') {
			return rune(p.next() % 32)
		}
		p.fail(start, "invalid escape \\c: it must be followed by an ASCII letter")
	case '0':
		if !p.eof() && isDigit(p.src[p.pos]) {
			p.fail(start, "invalid decimal escape \\0%c", p.src[p.pos])
		}
		return 0
	case 'x':
		if v, ok := p.hex(2); ok {
			return v
		}
		p.fail(start, "invalid escape \\x: it must be followed by two hexadecimal digits")
	case 'u':
		if v, ok := p.parseUnicodeEscapeBody(); ok {
			return v
		}
		p.fail(start, "invalid Unicode escape: \\u must be followed by four hexadecimal digits or {code point}")
	case '^', '$', '\\', '.', '*', '+', '?', '(', ')', '[', ']', '{', '}', '|', '/':
		return c
	case 'b':
		if inClass {
			return '\b'
		}
	case '&', '-', '!', '#', '%', ',', ':', ';', '<', '=', '>', '@', '`', '~':
		if inClass {
			return c
		}
	}
	if c >= '1' && c <= '9' && inClass {
		p.fail(start, "invalid class escape \\%c", c)
	}
	if c == -1 {
		p.fail(start, "\\ at end of pattern")
	}
	p.fail(start, "invalid escape \\%c: with the v flag only syntax characters and / may be escaped", c)
	return 0
}

// complement is CharacterComplement: the characters of AllCharacters not
// in s.
func (p *parser) complement(s runeSet, pos int) runeSet {
	if p.flags.i {
		p.charge(2*costRange*(len(s)+len(canonicalRunes())), pos)
		return canonicalRunes().subtract(s)
	}
	p.charge(costRange*(len(s)+1), pos)
	return s.complement()
}

// matchSet turns a (folded, under ignoreCase) set into the code points that
// a CharacterSetMatcher with it accepts; pos is the construct, for the
// budget.
func (p *parser) matchSet(s runeSet, pos int) runeSet {
	if p.flags.i {
		p.charge(foldCost(s, costClose), pos)
		s = closeSet(s)
	} else {
		p.caseSensitive = true
	}
	if lt := s.intersect(lineTerminators); len(lt) > 0 && !slices.Equal(lt, lineTerminators) {
		p.splitsLines = true
	}
	p.charge(costRange*len(s), pos)
	return s
}

// setNode matches one code point of s; folded tells whether s is already
// folded (a literal is not).
func (p *parser) setNode(s runeSet, folded bool, pos int) *node {
	if p.flags.i && !folded {
		s = p.fold(s, pos)
	}
	return &node{kind: nSet, set: p.matchSet(s, pos), pos: pos}
}

// Fixed sets of ECMA-262.
var (
	digits          = runeSet{{'0', '9'}}
	wordChars       = runeSet{{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}}
	lineTerminators = runeSet{{'\n', '\n'}, {'\r', '\r'}, {0x2028, 0x2029}}
	// whiteSpace is WhiteSpace and LineTerminator: TAB, VT, FF, ZWNBSP
	// (U+FEFF), every Space_Separator, LF, CR, LS and PS.
	whiteSpace = decodeRanges(generalCategories["Space_Separator"]).union(
		normalize([]runeRange{{'\t', '\r'}, {0xFEFF, 0xFEFF}, {0x2028, 0x2029}}))
)
