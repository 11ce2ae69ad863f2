package canon

import (
	"testing"

	"github.com/weburl/weburl"
)

type profileCase struct {
	in, want string
}

func runProfile(t *testing.T, name string, p Profile, cases []profileCase) {
	t.Helper()
	for _, c := range cases {
		u, err := weburl.Parse(c.in)
		if err != nil {
			t.Errorf("%s: Parse(%q): %v", name, c.in, err)
			continue
		}
		before := u.Href()
		v := p.Apply(u)
		if got := v.Href(); got != c.want {
			t.Errorf("%s: Apply(%q) = %q, want %q", name, c.in, got, c.want)
		}
		if got := p.Key(u); got != c.want {
			t.Errorf("%s: Key(%q) = %q, want %q", name, c.in, got, c.want)
		}
		if u.Href() != before {
			t.Errorf("%s: Apply changed its input %q to %q", name, before, u.Href())
		}
		if again := p.Key(v); again != c.want {
			t.Errorf("%s: Key(Apply(%q)) = %q, want %q (not idempotent)", name, c.in, again, c.want)
		}
	}
}

func TestDropFragment(t *testing.T) {
	runProfile(t, "DropFragment", Profile{DropFragment: true}, []profileCase{
		{"https://example.com/a#x", "https://example.com/a"},
		{"https://example.com/a#", "https://example.com/a"},
		{"https://example.com/a?q#x", "https://example.com/a?q"},
		{"sc:abc #f", "sc:abc%20"},
	})
}

func TestDropCredentials(t *testing.T) {
	runProfile(t, "DropCredentials", Profile{DropCredentials: true}, []profileCase{
		{"https://user:pw@example.com/", "https://example.com/"},
		{"https://:pw@example.com/", "https://example.com/"},
		{"https://user@example.com:8080/", "https://example.com:8080/"},
		{"foo://u@h/x", "foo://h/x"},
	})
}

func TestDropWWW(t *testing.T) {
	runProfile(t, "DropWWW", Profile{DropWWW: true}, []profileCase{
		{"https://www.example.com/", "https://example.com/"},
		{"https://WWW.Example.COM:8080/a", "https://example.com:8080/a"},
		{"https://www.www.example.com/", "https://example.com/"},
		{"https://www.com/", "https://www.com/"},
		{"https://www.example./", "https://www.example./"},
		{"https://www.example.com./", "https://example.com./"},
		{"https://www2.example.com/", "https://www2.example.com/"},
		{"https://wwwexample.com/", "https://wwwexample.com/"},
		{"https://a.www.example.com/", "https://a.www.example.com/"},
		{"foo://www.example.com/", "foo://www.example.com/"}, // an opaque host
	})
}

func TestNormalizeEscapes(t *testing.T) {
	runProfile(t, "NormalizeEscapes", Profile{NormalizeEscapes: true}, []profileCase{
		{"https://example.com/%7euser/%2f", "https://example.com/~user/%2F"},
		{"https://example.com/%41%42%43%2d%2E%5f%7E%30", "https://example.com/ABC-._~0"},
		{"https://example.com/a?%61=%62%2b&%7e#%63%3a", "https://example.com/a?a=b%2B&~#c%3A"},
		{"https://example.com/%c3%a9", "https://example.com/%C3%A9"},
		{"https://example.com/%2e%2e%2e/%2ex", "https://example.com/.../.x"},
		// A decoded hex digit must not make a literal '%' an escape.
		{"https://example.com/%%34%31", "https://example.com/%%341"},
		{"https://example.com/%4%31", "https://example.com/%4%31"},
		{"https://example.com/%zz%41", "https://example.com/%zzA"},
		{"https://example.com/%%7e", "https://example.com/%~"},
		{"https://example.com/%", "https://example.com/%"},
		{"https://example.com/%4", "https://example.com/%4"},
		// A file URL's first segment must not become a drive letter.
		{"file://host/%43:/x", "file://host/%43:/x"},
		{"file://host/%63|/x", "file://host/%63|/x"},
		{"file:///%43%3A/x", "file:///C%3A/x"},
		{"file:///x/%43:", "file:///x/C:"},
		{"mailto:%61@x", "mailto:a@x"},
		{"https://%61@example.com/", "https://%61@example.com/"}, // credentials untouched
	})
	// The parser resolves "%2e" segments, so only path() sees them.
	p := Profile{NormalizeEscapes: true}
	for _, c := range []profileCase{
		{"/a/%2e/b", "/a/%2E/b"},
		{"/%2e%2e", "/%2E%2E"},
		{"/.%2e/", "/.%2E/"},
		{"/%2e%2e%2e", "/..."},
	} {
		if got := p.path(c.in, false); got != c.want {
			t.Errorf("path(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestLowercasePath(t *testing.T) {
	runProfile(t, "LowercasePath", Profile{LowercasePath: true}, []profileCase{
		{"https://example.com/A/B%2fC%2F?Q=X#F", "https://example.com/a/b%2fc%2F?Q=X#F"},
		{"mailto:ME@X", "mailto:ME@X"},
		{"file:///C:/DIR", "file:///c:/dir"},
	})
	runProfile(t, "LowercasePath+NormalizeEscapes", Profile{LowercasePath: true, NormalizeEscapes: true}, []profileCase{
		{"https://example.com/%7EA/%2f%41", "https://example.com/~a/%2Fa"},
	})
}

func TestTrailingSlash(t *testing.T) {
	runProfile(t, "SlashRemove", Profile{TrailingSlash: SlashRemove}, []profileCase{
		{"https://example.com/a/", "https://example.com/a"},
		{"https://example.com/a//", "https://example.com/a"},
		{"https://example.com/a/?q#f", "https://example.com/a?q#f"},
		{"https://example.com/", "https://example.com/"},
		{"https://example.com//", "https://example.com/"},
		{"foo:/.//a/", "foo:/.//a"},
		{"foo://h", "foo://h"},
		{"mailto:x/", "mailto:x/"},
	})
	runProfile(t, "SlashAdd", Profile{TrailingSlash: SlashAdd}, []profileCase{
		{"https://example.com/docs", "https://example.com/docs/"},
		{"https://example.com/docs?q", "https://example.com/docs/?q"},
		{"https://example.com/a.html", "https://example.com/a.html"},
		{"https://example.com/v1.2/x", "https://example.com/v1.2/x/"},
		{"https://example.com/", "https://example.com/"},
		{"foo://h", "foo://h/"},
		{"mailto:x", "mailto:x"},
	})
}

func TestDropParams(t *testing.T) {
	runProfile(t, "TrackingParams", Profile{DropParams: TrackingParams}, []profileCase{
		{"https://example.com/?utm_source=a&x=1&fbclid=b", "https://example.com/?x=1"},
		{"https://example.com/?utm%5Fmedium=a&x=1", "https://example.com/?x=1"},
		{"https://example.com/?UTM_source=a", "https://example.com/?UTM_source=a"},
		{"https://example.com/?gclid", "https://example.com/?"},
		{"https://example.com/?a=1&&b=2&", "https://example.com/?a=1&b=2"},
		{"https://example.com/?b=2&a=1", "https://example.com/?b=2&a=1"}, // no sorting
		{"https://example.com/?x=%20y+z&msclkid=1", "https://example.com/?x=%20y+z"},
		{"https://example.com/#utm_source=a", "https://example.com/#utm_source=a"},
	})
	runProfile(t, "custom", Profile{DropParams: []string{"sid", "ref*"}}, []profileCase{
		{"https://example.com/?sid=1&sidx=2&referrer=3&x&ref", "https://example.com/?sidx=2&x"},
		{"https://example.com/?s%69d=1&a+b=2", "https://example.com/?a+b=2"},
	})
	runProfile(t, "with DropEmptyQuery", Profile{DropParams: TrackingParams, DropEmptyQuery: true}, []profileCase{
		{"https://example.com/a?utm_source=1&utm_medium=2", "https://example.com/a"},
	})
}

func TestSortQuery(t *testing.T) {
	runProfile(t, "SortQuery", Profile{SortQuery: true}, []profileCase{
		{"https://example.com/?b=2&a=1&c", "https://example.com/?a=1&b=2&c"},
		{"https://example.com/?a=2&b=1&a=1", "https://example.com/?a=2&a=1&b=1"},
		// Each pair keeps its bytes; SearchParams.Sort would write x=%2F&y=+z+w.
		{"https://example.com/?y=%20z+w&x=/", "https://example.com/?x=/&y=%20z+w"},
		{"https://example.com/?%62=1&a=2&c=3", "https://example.com/?a=2&%62=1&c=3"},
		{"https://example.com/?a+b=1&a=2", "https://example.com/?a=2&a+b=1"},
		{"https://example.com/?\u00e9=1&z=2", "https://example.com/?z=2&%C3%A9=1"},
		{"https://example.com/?b&&a", "https://example.com/?a&b"},
		{"https://example.com/?=x&a", "https://example.com/?=x&a"},
		{"https://example.com/?", "https://example.com/?"},
	})
}

func TestDropEmptyQuery(t *testing.T) {
	runProfile(t, "DropEmptyQuery", Profile{DropEmptyQuery: true}, []profileCase{
		{"https://example.com/a?", "https://example.com/a"},
		{"https://example.com/a?#f", "https://example.com/a#f"},
		{"https://example.com/a?x", "https://example.com/a?x"},
		{"https://example.com/a?&", "https://example.com/a?&"},
	})
}

func TestWHATWG(t *testing.T) {
	for _, in := range []string{
		"https://user:pw@www.Example.com:8080/A/%7e/?b=2&a=1&utm_source=x#f",
		"https://example.com/a?",
		"foo:/.//a/",
		"sc:abc #f",
		"file:///C:/x",
	} {
		u := weburl.MustParse(in)
		if got := WHATWG.Key(u); got != u.Href() {
			t.Errorf("WHATWG.Key(%q) = %q, want the href %q", in, got, u.Href())
		}
		if got := (Profile{}).Key(u); got != u.Href() {
			t.Errorf("Profile{}.Key(%q) = %q, want the href %q", in, got, u.Href())
		}
		if v := WHATWG.Apply(u); v == u || v.Href() != u.Href() {
			t.Errorf("WHATWG.Apply(%q) must be an equal copy", in)
		}
	}
	if WHATWG.Apply(nil) != nil || WHATWG.Key(nil) != "" || Crawler.Apply(nil) != nil || Crawler.Key(nil) != "" {
		t.Error("a nil URL must give nil and \"\"")
	}
}

func TestCrawler(t *testing.T) {
	runProfile(t, "Crawler", Crawler, []profileCase{
		// The examples of Crawler's documentation.
		{"https://www.example.com/~a/?b=2&a=1#top", "https://example.com/~a/?a=1&b=2"},
		{"HTTPS://user:pw@EXAMPLE.com:443/%7Ea/./?a=1&utm_source=x&b=2", "https://example.com/~a/?a=1&b=2"},
		{"https://example.com/%7ea/?a=1&b=2&fbclid=abc", "https://example.com/~a/?a=1&b=2"},
		// What it keeps apart.
		{"https://example.com/a", "https://example.com/a"},
		{"https://example.com/a/", "https://example.com/a/"},
		{"http://example.com/", "http://example.com/"},
		{"https://example.com:8443/", "https://example.com:8443/"},
		{"https://example.com/A", "https://example.com/A"},
		{"https://example.com/?a=2&a=1", "https://example.com/?a=2&a=1"},
		{"https://example.com/a%2fb", "https://example.com/a%2Fb"},
		// Empty query, empty fragment, opaque paths, IP hosts.
		{"https://example.com/?#", "https://example.com/"},
		{"https://example.com/?utm_campaign=x", "https://example.com/"},
		{"mailto:%41lice@example.com?Subject=Hi#x", "mailto:Alice@example.com?Subject=Hi"},
		{"http://[::1]:8080/%7e", "http://[::1]:8080/~"},
		{"http://www.1.2.3.4.example/", "http://1.2.3.4.example/"},
	})
}
