package urlpattern

import (
	"strconv"
	"strings"

	"github.com/weburl/weburl/internal/quote"
)

// Generate and CompareComponent follow proposals that browsers have
// shipped behind flags and WPT tests as tentative: URLPattern.generate
// (the "URLPattern generate" explainer) and URLPattern.compareComponent.

// Generate returns the string of component c that the pattern matches
// with the given group values: generate(component, groups). Each
// segment wildcard group takes its value from groups, encoded as the
// component encodes fixed text (percent-encoding in a pathname, IDNA in
// a hostname); the value must be what the group matches (a pathname
// group cannot hold "/", nor be empty). The pattern may hold only fixed
// text and named segment wildcard groups, none with a modifier: a full
// wildcard, a regexp group, an optional or repeated part has no single
// string to give, and is an error, as is a missing group.
func (p *Pattern) Generate(c Component, groups map[string]string) (string, error) {
	if c < 0 || c >= numComponents {
		return "", &Error{Op: opGenerate, Component: NoComponent, Offset: -1, Err: because(ErrGenerate, c.String()+" is not a component", nil)}
	}
	if p == nil || p.comps[c] == nil {
		return "", &Error{Op: opGenerate, Component: c, Offset: -1, Err: because(ErrGenerate, "the zero Pattern", nil)}
	}
	comp := p.comps[c]
	fail := func(reason string) error {
		return &Error{Op: opGenerate, Pattern: comp.patternString, Component: c, Offset: -1, Err: because(ErrGenerate, reason, nil)}
	}
	var b strings.Builder
	for i := range comp.parts {
		pt := &comp.parts[i]
		if pt.modifier != modNone {
			return "", fail("a part with the modifier " + strconv.Quote(pt.modifier.String()) + " has no single value")
		}
		switch pt.typ {
		case partFixedText:
			b.WriteString(pt.value)
			continue
		case partFullWildcard:
			return "", fail("a full wildcard has no single value")
		case partRegexp:
			return "", fail("a regexp group has no single value")
		}
		if isASCIIDigit(pt.name[0]) {
			return "", fail("an unnamed group cannot be given a value")
		}
		v, ok := groups[pt.name]
		if !ok {
			return "", fail("no value for the group " + quote.String(pt.name))
		}
		encoded, err := comp.encode(v)
		if err != nil {
			e := fail("the value of " + quote.String(pt.name) + " is not valid in the component")
			e.(*Error).Err = err
			return "", e
		}
		if encoded == "" || comp.opts.delimiter != 0 && strings.IndexByte(encoded, comp.opts.delimiter) >= 0 {
			return "", fail("the value of " + quote.String(pt.name) + " is not what the group matches")
		}
		b.WriteString(pt.prefix)
		b.WriteString(encoded)
		b.WriteString(pt.suffix)
	}
	return b.String(), nil
}

// CompareComponent orders two patterns by component c, from the less to
// the more specific: compareComponent(component, left, right). Parts are
// compared in turn: by type (full wildcard, regexp, segment wildcard,
// fixed text), then modifier (zero or more, optional, one or more,
// none), then value, prefix and suffix as strings; where one part list
// runs out, it compares as an empty fixed text. Names do not count.
// It returns -1, 0 or 1; a nil Pattern or a value that is not a
// component compares as an empty part list.
func CompareComponent(c Component, a, b *Pattern) int {
	pa, pb := componentParts(c, a), componentParts(c, b)
	i := 0
	for ; i < len(pa) && i < len(pb); i++ {
		if r := comparePart(&pa[i], &pb[i]); r != 0 {
			return r
		}
	}
	empty := part{typ: partFixedText}
	switch {
	case i < len(pb):
		return comparePart(&empty, &pb[i])
	case i < len(pa):
		return comparePart(&pa[i], &empty)
	}
	return 0
}

func componentParts(c Component, p *Pattern) []part {
	if p == nil || c < 0 || c >= numComponents || p.comps[c] == nil {
		return nil
	}
	return p.comps[c].parts
}

var typeOrder = [...]int{partFullWildcard: 0, partRegexp: 1, partSegmentWildcard: 2, partFixedText: 3}
var modifierOrder = [...]int{modZeroOrMore: 0, modOptional: 1, modOneOrMore: 2, modNone: 3}

func comparePart(a, b *part) int {
	if r := compareInt(typeOrder[a.typ], typeOrder[b.typ]); r != 0 {
		return r
	}
	if r := compareInt(modifierOrder[a.modifier], modifierOrder[b.modifier]); r != 0 {
		return r
	}
	if r := strings.Compare(a.value, b.value); r != 0 {
		return r
	}
	if r := strings.Compare(a.prefix, b.prefix); r != 0 {
		return r
	}
	return strings.Compare(a.suffix, b.suffix)
}

func compareInt(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
