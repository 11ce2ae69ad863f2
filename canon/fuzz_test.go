package canon

import (
	"strings"
	"testing"

	"github.com/weburl/weburl"
)

// fuzzProfiles cover every step, both slash policies included.
var fuzzProfiles = []Profile{
	WHATWG,
	Crawler,
	{DropFragment: true, DropCredentials: true, DropWWW: true, NormalizeEscapes: true, LowercasePath: true,
		TrailingSlash: SlashRemove, DropParams: []string{"a", "b*"}, SortQuery: true, DropEmptyQuery: true},
	{NormalizeEscapes: true, LowercasePath: true, TrailingSlash: SlashAdd, SortQuery: true},
}

// unescapeNaive decodes one pass at a time, as the documents describe it.
func unescapeNaive(s string) string {
	for {
		d := weburl.PercentDecode(s)
		if d == s {
			return s
		}
		s = d
	}
}

func FuzzCanon(f *testing.F) {
	for _, c := range publishedSafeBrowsing {
		f.Add(c.in)
	}
	for _, c := range publishedSURT {
		f.Add(c.in)
	}
	for _, s := range []string{
		"https://www.example.com/%7Ea/?b=2&a=1&utm_source=x#top", "foo:/.//a/", "sc:abc #f",
		"file://host/%43:/x", "https://example.com/%%34%31", "http://[::ffff:1.2.3.4]/",
		"http://a%2Fb%3Fc%40d%3Ae/", "http://%5B::1%5D/", "http://x/%252e%252e/",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		if n := normalizeEscapes(raw); normalizeEscapes(n) != n {
			t.Fatalf("normalizeEscapes(%q) = %q, not a fixed point", raw, n)
		}
		if len(raw) < 200 {
			if got, want := unescapeAll(raw), unescapeNaive(raw); got != want {
				t.Fatalf("unescapeAll(%q) = %q, repeated decoding gives %q", raw, got, want)
			}
		}

		if c, err := SafeBrowsing(raw); err == nil {
			if again, err := SafeBrowsing(c); err != nil || again != c {
				t.Fatalf("SafeBrowsing(%q) = %q, then %q, %v", raw, c, again, err)
			}
			if e := SafeBrowsingExpressions(c); len(e) == 0 || len(e) > 30 {
				t.Fatalf("SafeBrowsingExpressions(%q) has %d expressions", c, len(e))
			}
		} else if !strings.Contains(err.Error(), "SafeBrowsing(") {
			t.Fatalf("SafeBrowsing(%q): error %q does not name the input", raw, err)
		}

		u, err := weburl.Parse(raw)
		if err != nil {
			return
		}
		href := u.Href()
		_ = SURT(u)
		_ = SURTWith(u, SURTOptions{WithScheme: true, TrailingComma: true, KeepWWW: true, KeepIPOrder: true, KeepQueryCase: true})
		for i, p := range fuzzProfiles {
			built := p.build(u)
			v, err := weburl.Parse(built)
			if err != nil || v.Href() != built {
				t.Fatalf("profile %d: %q builds %q, which parses to %v, %v", i, href, built, v, err)
			}
			k := p.Key(u)
			if k != built {
				t.Fatalf("profile %d: Key(%q) = %q, built %q", i, href, k, built)
			}
			if again := p.Key(p.Apply(u)); again != k {
				t.Fatalf("profile %d: Key(%q) = %q, but Key(Apply) = %q", i, href, k, again)
			}
			if u.Href() != href {
				t.Fatalf("profile %d changed its input %q to %q", i, href, u.Href())
			}
		}
	})
}
