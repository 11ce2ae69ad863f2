package canon

import (
	"errors"
	"regexp"
	"testing"

	"github.com/weburl/weburl"
)

// fuzzProfiles cover every step, both slash policies included.
var fuzzProfiles = []Profile{
	WHATWG(),
	Crawler(),
	{DropFragment: true, DropCredentials: true, DropWWW: true, NormalizeEscapes: true, LowercasePath: true,
		TrailingSlash: SlashRemove, DropParams: []string{"a", "b*"}, SortQuery: true, DropEmptyQuery: true},
	{NormalizeEscapes: true, LowercasePath: true, TrailingSlash: SlashAdd, SortQuery: true},
	{ForceHTTPS: true, AddWWW: true, EncodeLonePercent: true, NormalizeEscapes: true, DropSessionIDs: true,
		CollapseSlashes: true, DropIndex: DirectoryIndexes(), TrailingSlash: SlashRemove, DropEmptyQuery: true},
	{EncodeLonePercent: true, LowercasePath: true, DropSessionIDs: true, CollapseSlashes: true,
		DropIndex: append([]string{"a", "%2e"}, DirectoryIndexes()...), TrailingSlash: SlashAdd, SortQuery: true},
	{DropWWW: true, AddWWW: true, DropSessionIDs: true, DropIndex: []string{"x"}, DropParams: []string{"*"}},
}

// surtSessionRegexps are the surt library's _RES_QUERY_SESSIONID as it
// writes them, which surtStripSessionIDs is held to: the text between
// group 1 and group 2 goes.
var surtSessionRegexps = []*regexp.Regexp{
	regexp.MustCompile(`(?i)^(.*)(?:jsessionid=[0-9a-z]{32})(?:&(.*))?$`),
	regexp.MustCompile(`(?i)^(.*)(?:phpsessid=[0-9a-z]{32})(?:&(.*))?$`),
	regexp.MustCompile(`(?i)^(.*)(?:sid=[0-9a-z]{32})(?:&(.*))?$`),
	regexp.MustCompile(`(?i)^(.*)(?:aspsessionid[a-z]{8}=[a-z]{24})(?:&(.*))?$`),
	regexp.MustCompile(`(?i)^(.*)(?:cfid=[^&]+&cftoken=[^&]+)(?:&(.*))?$`),
}

// surtStripSessionIDsRegexp is the library's session ID step, with its
// regular expressions.
func surtStripSessionIDsRegexp(q string) string {
	for _, re := range surtSessionRegexps {
		if m := re.FindStringSubmatch(q); m != nil {
			q = m[1] + m[2]
		}
	}
	return q
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
		"http://example.com/(S(4hqa0555fwsecu455xqckv45))/Default.aspx?CFID=1&CFTOKEN=2&sid=" + id32,
		"http://h//a/index.html/index.htm;jsessionid=9?100%&phpsessid=" + id32 + "&x",
		"http://example.com/.;jsessionid=1/%2e;jsessionid=2/index.html", "file://host//C:/index.html",
		"http://xsid=" + id32 + "&jsessionid=" + id32 + "0&cfid=a&cftoken=b&aspsessionidABCDEFGH=ABCDEFGHIJKLMNOPQRSTUVWX",
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
			if got, want := surtStripSessionIDs(raw), surtStripSessionIDsRegexp(raw); got != want {
				t.Fatalf("surtStripSessionIDs(%q) = %q, the surt library's regexps give %q", raw, got, want)
			}
		}

		if c, err := SafeBrowsing(raw); err == nil {
			if again, err := SafeBrowsing(c); err != nil || again != c {
				t.Fatalf("SafeBrowsing(%q) = %q, then %q, %v", raw, c, again, err)
			}
			if e := SafeBrowsingExpressions(c); len(e) == 0 || len(e) > 30 {
				t.Fatalf("SafeBrowsingExpressions(%q) has %d expressions", c, len(e))
			}
		} else if e := (*Error)(nil); !errors.As(err, &e) || e.Input != raw || !errors.Is(err, ErrNoHost) {
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
