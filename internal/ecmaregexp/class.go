package ecmaregexp

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// classSet is a CharSet of the v flag: single code points and strings of
// any other length (kept sorted and unique). Under ignoreCase every element
// is folded (MaybeSimpleCaseFolding). may is the static MayContainStrings.
type classSet struct {
	set  runeSet
	strs []string
	may  bool
}

func (a classSet) intersect(b classSet) classSet {
	var strs []string
	for _, s := range a.strs {
		if _, ok := slices.BinarySearch(b.strs, s); ok {
			strs = append(strs, s)
		}
	}
	return classSet{set: a.set.intersect(b.set), strs: strs, may: a.may && b.may}
}

func (a classSet) subtract(b classSet) classSet {
	var strs []string
	for _, s := range a.strs {
		if _, ok := slices.BinarySearch(b.strs, s); !ok {
			strs = append(strs, s)
		}
	}
	return classSet{set: a.set.subtract(b.set), strs: strs, may: a.may}
}

func (p *parser) foldString(s string) string {
	if !p.flags.i {
		return s
	}
	return strings.Map(scf, s)
}

// classAtom reads a CharacterClass as an atom.
func (p *parser) classAtom() *node {
	start := p.pos
	cls := p.parseClass()
	if len(cls.strs) > 0 {
		return p.stringsNode(cls, start)
	}
	return &node{kind: nSet, set: p.matchSet(cls.set, start), pos: start}
}

// stringsNode matches a class with strings as ECMA-262's CompileAtom does:
// the strings longest first, then the single code points, then the empty
// string. It writes the strings as a trie whose branches start with
// distinct (folded) code points and end with the shorter way out, which
// tries the strings that can match at a position (prefixes of one another)
// in the same order, longest first.
func (p *parser) stringsNode(cls classSet, pos int) *node {
	root := &trie{}
	for _, s := range cls.strs {
		p.charge(costTrie*root.add(s), pos)
	}
	singles := cls.set
	for _, r := range root.keys {
		if singles.contains(r) {
			root.kids[r].end = true
			singles = singles.subtract(runeSet{{r, r}})
		}
	}
	alt := &node{kind: nAlt, pos: pos}
	for _, r := range root.keys {
		alt.subs = append(alt.subs, p.trieBranch(r, root.kids[r], pos))
	}
	alt.subs = append(alt.subs, &node{kind: nSet, set: p.matchSet(singles, pos), pos: pos})
	if root.end {
		alt.subs = append(alt.subs, &node{kind: nEmpty, pos: pos})
	}
	return alt
}

type trie struct {
	keys []rune // sorted
	kids map[rune]*trie
	end  bool // a string ends here
}

// add adds s and returns the number of nodes it made.
func (t *trie) add(s string) int {
	made := 0
	for _, r := range s {
		if t.kids == nil {
			t.kids = map[rune]*trie{}
		}
		k, ok := t.kids[r]
		if !ok {
			k = &trie{}
			made++
			t.kids[r] = k
			i, _ := slices.BinarySearch(t.keys, r)
			t.keys = slices.Insert(t.keys, i, r)
		}
		t = k
	}
	t.end = true
	return made
}

// trieBranch matches r and then the rest of the strings below t.
func (p *parser) trieBranch(r rune, t *trie, pos int) *node {
	p.charge(costNode, pos)
	first := &node{kind: nSet, set: p.matchSet(runeSet{{r, r}}, pos), pos: pos}
	if len(t.keys) == 0 {
		return first
	}
	p.charge(2*costNode, pos) // rest and the concatenation
	rest := &node{kind: nAlt, pos: pos}
	for _, k := range t.keys {
		rest.subs = append(rest.subs, p.trieBranch(k, t.kids[k], pos))
	}
	if t.end {
		rest.subs = append(rest.subs, &node{kind: nEmpty, pos: pos})
	}
	if len(rest.subs) == 1 {
		return &node{kind: nConcat, subs: []*node{first, rest.subs[0]}, pos: pos}
	}
	return &node{kind: nConcat, subs: []*node{first, rest}, pos: pos}
}

// parseClass reads [ClassContents] or [^ClassContents] (v flag).
func (p *parser) parseClass() classSet {
	start := p.pos
	p.enter(start)
	defer func() { p.depth-- }()
	p.pos++ // [
	negate := false
	if p.lookingAt("^") {
		negate = true
		p.pos++
	}
	cls := p.parseClassContents()
	if p.eof() {
		p.fail(start, "unterminated character class")
	}
	p.pos++ // ]
	if negate {
		if cls.may {
			p.fail(start, "negated character class may contain strings")
		}
		return classSet{set: p.complement(cls.set, start)}
	}
	return cls
}

// classOperand is a parsed ClassSetOperand or ClassSetRange.
type classOperand struct {
	cls     classSet
	isChar  bool // a single ClassSetCharacter, which may start a range
	char    rune // its code point, unfolded
	isRange bool
	pos     int
}

// parseClassContents reads a ClassUnion, ClassIntersection or
// ClassSubtraction up to the closing ].
func (p *parser) parseClassContents() classSet {
	if p.eof() || p.lookingAt("]") {
		return classSet{}
	}
	first := p.parseClassUnionItem()
	for _, op := range []string{"&&", "--"} {
		if !p.lookingAt(op) {
			continue
		}
		if first.isRange {
			p.fail(first.pos, "invalid set operation: a range cannot be an operand of %s; put it in a nested class", op)
		}
		acc := first.cls
		for p.lookingAt(op) {
			opPos := p.pos
			p.pos += 2
			if op == "&&" && p.lookingAt("&") {
				p.fail(opPos, "invalid set operation: &&&")
			}
			if p.eof() || p.lookingAt("]") {
				p.fail(opPos, "invalid set operation: %s needs an operand on its right", op)
			}
			o := p.parseClassOperand()
			if op == "&&" {
				acc = acc.intersect(o.cls)
			} else {
				acc = acc.subtract(o.cls)
			}
		}
		if !p.eof() && !p.lookingAt("]") {
			p.fail(p.pos, "invalid set operation: mixing %s with another operation or a union needs nested classes", op)
		}
		return acc
	}
	// A union gathers its operands and sorts once, so that a class of many
	// operands costs n log n, not n².
	ranges := slices.Clone(first.cls.set)
	strs := slices.Clone(first.cls.strs)
	may := first.cls.may
	for !p.eof() && !p.lookingAt("]") {
		if p.lookingAt("&&") || p.lookingAt("--") {
			p.fail(p.pos, "invalid set operation: %s after a union needs nested classes", p.src[p.pos:p.pos+2])
		}
		at := p.pos
		o := p.parseClassUnionItem().cls
		p.charge(costRange*len(o.set), at) // the union's slice, as it grows
		ranges = append(ranges, o.set...)
		strs = append(strs, o.strs...)
		may = may || o.may
	}
	slices.Sort(strs)
	return classSet{set: normalize(ranges), strs: slices.Compact(strs), may: may}
}

// parseClassUnionItem reads a ClassSetOperand or a ClassSetRange.
func (p *parser) parseClassUnionItem() classOperand {
	o := p.parseClassOperand()
	if !o.isChar || !p.lookingAt("-") || p.lookingAt("--") {
		return o
	}
	p.pos++ // -
	hiPos := p.pos
	if p.eof() || p.lookingAt("]") {
		p.fail(hiPos-1, "- must be escaped as \\- in a character class with the v flag")
	}
	hi := p.parseClassOperand()
	if !hi.isChar {
		p.fail(hiPos, "invalid character class range: its end must be a single character")
	}
	lo, h := o.char, hi.char
	if h < lo {
		p.fail(o.pos, "range out of order in character class")
	}
	s := runeSet{{lo, h}}
	if p.flags.i {
		s = p.fold(s, o.pos)
	}
	return classOperand{cls: classSet{set: s}, isRange: true, pos: o.pos}
}

// reservedDouble holds the characters of ClassSetReservedDoublePunctuator.
const reservedDouble = "&!#$%*+,.:;<=>?@^`~"

// parseClassOperand reads a NestedClass, a ClassStringDisjunction or a
// ClassSetCharacter. A character operand's set is left unfolded (isChar),
// so that a range can use its value; the caller folds.
func (p *parser) parseClassOperand() classOperand {
	start := p.pos
	p.charge(costRange, start)
	if p.eof() {
		p.fail(start, "unterminated character class")
	}
	c := p.src[p.pos]
	switch c {
	case '[':
		return classOperand{cls: p.parseClass(), pos: start}
	case '\\':
		p.pos++
		if p.eof() {
			p.fail(start, "\\ at end of pattern")
		}
		if p.lookingAt("q{") {
			p.pos += 2
			return classOperand{cls: p.parseClassStrings(start), pos: start}
		}
		if cls, ok := p.parseClassEscape(start); ok {
			return classOperand{cls: cls, pos: start}
		}
		r := p.parseCharacterEscape(start, true)
		return p.charOperand(r, start)
	case '(', ')', '{', '}', '/', '-', '|', ']':
		p.fail(start, "%c must be escaped as \\%c in a character class with the v flag", c, c)
	}
	if strings.IndexByte(reservedDouble, c) >= 0 && p.pos+1 < len(p.src) && p.src[p.pos+1] == c {
		p.fail(start, "invalid set operation: %c%c is reserved in a character class with the v flag", c, c)
	}
	return p.charOperand(p.next(), start)
}

// charOperand is a ClassSetCharacter: unfolded in cls.set until the caller
// knows whether it starts a range; folded otherwise.
func (p *parser) charOperand(r rune, pos int) classOperand {
	o := classOperand{cls: classSet{set: runeSet{{r, r}}}, isChar: true, char: r, pos: pos}
	if p.lookingAt("-") && !p.lookingAt("--") {
		return o // a range's start: parseClassUnionItem folds the range
	}
	if p.flags.i {
		o.cls.set = p.fold(o.cls.set, pos)
	}
	return o
}

// parseClassStrings reads the contents of \q{…} after the brace.
func (p *parser) parseClassStrings(start int) classSet {
	cls := classSet{}
	var singles []runeRange
	var b strings.Builder
	for {
		if p.eof() {
			p.fail(start, "unterminated \\q{…}")
		}
		c := p.src[p.pos]
		if c == '|' || c == '}' {
			p.pos++
			s := p.foldString(b.String())
			b.Reset()
			if r, n := utf8.DecodeRuneInString(s); n > 0 && n == len(s) {
				singles = append(singles, runeRange{r, r})
			} else {
				cls.may = true
				cls.strs = append(cls.strs, s)
			}
			if c == '}' {
				slices.Sort(cls.strs)
				cls.strs = slices.Compact(cls.strs)
				cls.set = normalize(singles)
				return cls
			}
			continue
		}
		at := p.pos
		p.charge(costRange, at)
		var r rune
		switch {
		case c == '\\':
			p.pos++
			if p.eof() {
				p.fail(at, "\\ at end of pattern")
			}
			r = p.parseCharacterEscape(at, true)
		case strings.IndexByte("()[]{}/-", c) >= 0:
			p.fail(at, "%c must be escaped as \\%c in \\q{…}", c, c)
		case strings.IndexByte(reservedDouble, c) >= 0 && p.pos+1 < len(p.src) && p.src[p.pos+1] == c:
			p.fail(at, "invalid set operation: %c%c is reserved in a character class with the v flag", c, c)
		default:
			r = p.next()
		}
		b.WriteRune(r)
	}
}
