package urlpattern

import (
	"errors"
	"slices"
	"sync"

	"github.com/weburl/weburl/internal/patternhook"
)

// Patterns derived from a compiled one, for webhttp's router
// (patternhook): from the parts of its components, never from its
// pattern strings, which do not always compile back to it.

func init() {
	patternhook.AnyOrigin = func(p any) (any, error) { return anyOrigin(p.(*Pattern)) }
	patternhook.MapPathFixed = func(p any, f func(string) string) (any, error) {
		return mapFixed(p.(*Pattern), Pathname, f)
	}
}

// stars is the pattern of eight "*"s, whose components a pattern that
// writes none of them would have.
var stars = sync.OnceValue(func() *Pattern {
	p, err := NewInit(Init{}, Options{})
	if err != nil {
		panic("urlpattern: the pattern of eight \"*\" does not compile: " + err.Error())
	}
	return p
})

// anyOrigin returns p with its protocol, username, password, hostname and
// port "*". p's protocol must match a special scheme, as "*" does: it
// decides how the pathname was compiled.
func anyOrigin(p *Pattern) (*Pattern, error) {
	if !p.comps[Protocol].matchesSpecialScheme() {
		return nil, errors.New("urlpattern: protocol " + p.Protocol() + " matches no special scheme, and its pathname is not one a protocol of \"*\" compiles")
	}
	q := *p
	copy(q.comps[:Pathname], stars().comps[:Pathname])
	q.setGroups()
	return &q, nil
}

// mapFixed returns p with the fixed text of component c's parts (a fixed
// part's text, a group's prefix and suffix) replaced by f's of it, or p
// itself if f changes none; the groups are p's.
func mapFixed(p *Pattern, c Component, f func(string) string) (*Pattern, error) {
	comp := p.comps[c]
	var parts []part
	for i := range comp.parts {
		pt := comp.parts[i]
		if pt.typ == partFixedText {
			pt.value = f(pt.value)
		}
		pt.prefix, pt.suffix = f(pt.prefix), f(pt.suffix)
		if pt != comp.parts[i] && parts == nil {
			parts = slices.Clone(comp.parts)
		}
		if parts != nil {
			parts[i] = pt
		}
	}
	if parts == nil {
		return p, nil
	}
	mapped, err := componentOf(parts, 0, comp.opts, comp.encode, nil)
	if err != nil {
		return nil, regexpError(comp.patternString, parts, comp.opts, err)
	}
	q := *p
	q.comps[c] = mapped
	return &q, nil
}
