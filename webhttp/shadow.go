package webhttp

import (
	"errors"

	"github.com/weburl/weburl/internal/quote"
	"github.com/weburl/weburl/urlpattern"
)

// Shadowing: a pattern registered after one that matches every request it
// matches can never be chosen, since the first registered match wins.

// checkShadow panics when an earlier route takes every request rt would
// serve: one that serves each of rt's methods and whose pattern covers
// rt's (urlpattern's Covers, which decides it for every pattern without
// regexp groups, and for a regexp group covered by the same expression
// or by a wildcard). m.mu is held.
func (m *ServeMux) checkShadow(rt *route) {
	for _, e := range m.routes {
		if !servesAll(e.method(), rt.method()) {
			continue
		}
		if covers, _ := e.compiled().Covers(rt.pat); covers {
			panic(errors.New("webhttp: pattern " + quote.String(rt.pattern) + " can never be chosen: " +
				quote.String(e.pattern) + ", registered before it, matches every request it matches"))
		}
	}
}

// servesAll reports whether a route of method a serves every method a
// route of method b serves: "" serves all, GET serves HEAD too.
func servesAll(a, b string) bool {
	return a == "" || a == b || a == "GET" && b == "HEAD"
}

// methodsOverlap reports whether routes of methods a and b serve some
// method alike.
func methodsOverlap(a, b string) bool {
	return servesAll(a, b) || servesAll(b, a)
}

// An Overlap is a registered pattern and the patterns registered before
// it that take some of the requests it matches: each serves a method it
// serves and matches some URL it matches, without matching all of them
// (Handle refuses a pattern matched wholly by one before it).
type Overlap struct {
	Pattern string   // as registered
	By      []string // the earlier patterns, in the order of registration
}

// Overlaps returns, in the order of registration, each registered pattern
// that an earlier one shadows in part, and those earlier patterns: for a
// request that both match, the earlier one is chosen. A pattern no
// earlier one overlaps is not listed.
//
// Overlap is decided component by component, as urlpattern's
// Pattern.Overlaps decides it: exactly for patterns without regexp
// groups; a pattern with one is listed where its expression might match
// the URLs of the other (a regexp group is read as "*"), so
// "GET /a/:id(\\d+)" is listed as overlapping "GET /a/new" though no
// digit run is "new". A program or a test can check with it that each
// overlap is meant, as the specific pattern first.
func (m *ServeMux) Overlaps() []Overlap {
	m.mu.Lock()
	defer m.mu.Unlock()
	// The patterns compiled for this call, where the tables have
	// dropped them, and not kept.
	pats := make([]*urlpattern.Pattern, len(m.routes))
	for i, rt := range m.routes {
		if pats[i] = rt.pat; pats[i] == nil {
			pats[i] = rt.compile()
		}
	}
	var list []Overlap
	for i, rt := range m.routes {
		var by []string
		for j, e := range m.routes[:i] {
			if !methodsOverlap(e.method(), rt.method()) {
				continue
			}
			if ov, _ := pats[j].Overlaps(pats[i]); ov {
				by = append(by, e.pattern)
			}
		}
		if by != nil {
			list = append(list, Overlap{Pattern: rt.pattern, By: by})
		}
	}
	return list
}
