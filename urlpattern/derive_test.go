package urlpattern

import (
	"slices"
	"strings"
	"testing"
)

// TestAnyOrigin: a pattern read against a base URL, with every component
// before the pathname then "*", matches a URL of any origin exactly when
// the pattern matches that URL with the base's origin; its pathname,
// search and hash are the pattern's own, including those whose pattern
// strings compile to other patterns.
func TestAnyOrigin(t *testing.T) {
	paths := []string{"/", "/.", "/a", "/a/b", "/books/12", "/v1/x", "/x", "/A/..", "/y.", "/-/z.", "/a%2Fb"}
	for _, s := range []string{
		"/a", "/books/:id", "/books/:id?", "{/:v(v1|v2)}?/x", "/*", "/{}*.", "/{}?/{}+..", "/*%41/..*.",
		`/a#\#`, `/a?\?x`, "/search?q=:q", "/:x(a|A)*", "/(.*)",
	} {
		based, err := NewWithBase(s, "http://h/", Options{})
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		p, err := anyOrigin(based)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		var names []string
		for c := range numComponents {
			want, wantNames := based.RegExp(c), based.GroupNames(c)
			if c < Pathname {
				want, wantNames = "^(.*)$", []string{"0"} // "*"
			}
			if got := p.RegExp(c); got != want {
				t.Errorf("%s: %s %s, want %s", s, c, got, want)
			}
			if got := p.GroupNames(c); !slices.Equal(got, wantNames) {
				t.Errorf("%s: %s groups %q, want %q", s, c, got, wantNames)
			}
			names = append(names, wantNames...)
		}
		if !slices.Equal(p.names, names) || p.ngroup != len(names) {
			t.Errorf("%s: groups %q (%d), want %q", s, p.names, p.ngroup, names)
		}
		for _, path := range paths {
			for _, search := range []string{"", "?x", "q=1"} {
				for _, hash := range []string{"", "#", "y"} {
					v := Components{"http", "", "", "h", "", path, search, hash}
					want := based.MatchComponents(&v) != nil
					for _, origin := range [][5]string{{"http", "", "", "h", ""}, {"https", "u", "p", "example.com", "8443"}, {"ws", "", "", "", ""}} {
						w := v
						copy(w[:Pathname], origin[:])
						if got := p.MatchComponents(&w) != nil; got != want {
							t.Errorf("%s on %q: match %v, want %v", s, w, got, want)
						}
					}
				}
			}
		}
	}
	// A pathname compiled for a non-special protocol is not "*"'s.
	if _, err := anyOrigin(MustNew("foo:/a", Options{})); err == nil {
		t.Error("anyOrigin(foo:/a): no error")
	}
}

// TestMapFixed: the fixed text of a pathname's parts (fixed parts, group
// prefixes and suffixes) mapped, the groups left as they are; each
// pattern is held to one written with that text by hand.
func TestMapFixed(t *testing.T) {
	upper := func(s string) string { return strings.ToUpper(s) }
	for _, tc := range []struct{ in, want string }{
		{"/a/:id", "/A/:id"},
		{"/a{b:c(x)d}?e*", "/A{B:c(x)D}?E*"},
		{"/{}*.", "/{}*."}, // two fixed parts, mapped apart: not the path "/."'s one
		{"/x/*.j", "/X/*.J"},
	} {
		p := MustNew("https://h"+tc.in, Options{})
		got, err := mapFixed(p, Pathname, upper)
		if err != nil {
			t.Fatalf("%s: %v", tc.in, err)
		}
		want := MustNew("https://h"+tc.want, Options{})
		if got.RegExp(Pathname) != want.RegExp(Pathname) || !slices.Equal(got.GroupNames(Pathname), want.GroupNames(Pathname)) {
			t.Errorf("%s: %s %q, want %s %q", tc.in, got.RegExp(Pathname), got.GroupNames(Pathname), want.RegExp(Pathname), want.GroupNames(Pathname))
		}
		for c := range numComponents {
			if c != Pathname && got.comps[c] != p.comps[c] {
				t.Errorf("%s: %s changed", tc.in, c)
			}
		}
	}
	p := MustNew("https://h/a/:b", Options{})
	if got, _ := mapFixed(p, Pathname, func(s string) string { return s }); got != p {
		t.Error("mapFixed with no change: not the pattern itself")
	}
}
