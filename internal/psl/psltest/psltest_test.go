package psltest

import (
	"slices"
	"testing"
)

// FormalSuffix on the example list of publicsuffix.org's "List format"
// gives the public suffixes that page's cookie rules imply.
func TestFormalSuffix(t *testing.T) {
	rules := map[string]bool{"com": true, "*.jp": true, "*.hokkaido.jp": true, "*.tokyo.jp": true,
		"!pref.hokkaido.jp": true, "!metro.tokyo.jp": true, "blogspot.com": false}
	for _, c := range []struct {
		domain, suffix string
		icann          bool
		icannOnly      string
	}{
		{"foo.com", "com", true, "com"},
		{"foo.bar.jp", "bar.jp", true, "bar.jp"},
		{"bar.jp", "bar.jp", true, "bar.jp"},
		{"foo.bar.hokkaido.jp", "bar.hokkaido.jp", true, "bar.hokkaido.jp"},
		{"pref.hokkaido.jp", "hokkaido.jp", true, "hokkaido.jp"},
		{"a.metro.tokyo.jp", "tokyo.jp", true, "tokyo.jp"},
		{"a.blogspot.com", "blogspot.com", false, "com"},
		{"example.org", "org", false, "org"}, // the rule "*"
	} {
		ps, icann := FormalSuffix(rules, c.domain, false)
		ips, _ := FormalSuffix(rules, c.domain, true)
		if ps != c.suffix || icann != c.icann || ips != c.icannOnly {
			t.Errorf("%q: %q, %v, ICANN only %q; want %q, %v, %q", c.domain, ps, icann, ips, c.suffix, c.icann, c.icannOnly)
		}
	}
}

func TestNeighbourhood(t *testing.T) {
	got := Neighbourhood([]string{"*.kawasaki.jp", "!city.kawasaki.jp"})
	for _, d := range []string{"kawasaki.jp", "a.kawasaki.jp", "b.a.kawasaki.jp", "www.kawasaki.jp", "kawasaki.jp.",
		"a.kawasaki.jp.", "a..kawasaki.jp", ".kawasaki.jp", "jp", "a.jp", "city.kawasaki.jp", "a.city.kawasaki.jp"} {
		if !slices.Contains(got, d) {
			t.Errorf("no %q in %q", d, got)
		}
	}
	seen := map[string]bool{}
	for _, d := range got {
		if seen[d] {
			t.Errorf("%q twice", d)
		}
		seen[d] = true
	}
}
