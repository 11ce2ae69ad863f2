package canon

import (
	"errors"
	"net/url"
	"reflect"
	"strings"
	"sync"
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
	runProfile(t, "TrackingParams", Profile{DropParams: TrackingParams()}, []profileCase{
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
	runProfile(t, "with DropEmptyQuery", Profile{DropParams: TrackingParams(), DropEmptyQuery: true}, []profileCase{
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
		if got := WHATWG().Key(u); got != u.Href() {
			t.Errorf("WHATWG.Key(%q) = %q, want the href %q", in, got, u.Href())
		}
		if got := (Profile{}).Key(u); got != u.Href() {
			t.Errorf("Profile{}.Key(%q) = %q, want the href %q", in, got, u.Href())
		}
		if v := WHATWG().Apply(u); v == u || v.Href() != u.Href() {
			t.Errorf("WHATWG.Apply(%q) must be an equal copy", in)
		}
	}
	if WHATWG().Apply(nil) != nil || WHATWG().Key(nil) != "" || Crawler().Apply(nil) != nil || Crawler().Key(nil) != "" {
		t.Error("a nil URL must give nil and \"\"")
	}
}

func TestCrawler(t *testing.T) {
	runProfile(t, "Crawler", Crawler(), []profileCase{
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

// The examples of purell's README and tests (github.com/PuerkitoBio/purell)
// where its flag means what the field does, and the differences the
// Profile doc lists.
func TestCollapseSlashes(t *testing.T) {
	runProfile(t, "CollapseSlashes", Profile{CollapseSlashes: true}, []profileCase{
		{"http://host/path//a///b", "http://host/path/a/b"},                                     // README
		{"https://root/a//b///c////default#toto=tata", "https://root/a/b/c/default#toto=tata"},  // RemoveDuplicateSlashes
		{"https://root//a//b///c////default#toto=tata", "https://root/a/b/c/default#toto=tata"}, // RemoveDuplicateSlashes2
		{"http://test.example/foo//", "http://test.example/foo/"},                               // Slashes-21
		{"http://test.example/foo///bar//", "http://test.example/foo/bar/"},                     // Slashes-22
		{"http://h//", "http://h/"},
		{"http://h/a//b?x=//#//", "http://h/a/b?x=//#//"}, // the path only
		{"foo:/.//a//b", "foo:/a/b"},                      // no more "/." guard needed
		{"foo://h//a", "foo://h/a"},
		{"file:///a//b", "file:///a//b"},                   // not in file URLs
		{"file:////server/share", "file:////server/share"}, // a UNC path
		{"file://host//C:/x", "file://host//C:/x"},         // would lose its host
		{"mailto:a//b", "mailto:a//b"},                     // an opaque path
	})
	// purell's Issue-#24, with FlagRemoveTrailingSlash, on an absolute URL.
	runProfile(t, "CollapseSlashes+SlashRemove", Profile{CollapseSlashes: true, TrailingSlash: SlashRemove}, []profileCase{
		{"https://h///foo///bar///", "https://h/foo/bar"},
	})
	// The README's example of FlagsUsuallySafeGreedy | FlagRemoveDuplicateSlashes | FlagRemoveFragment.
	runProfile(t, "purell's NormalizeURL example", Profile{CollapseSlashes: true, DropFragment: true, TrailingSlash: SlashRemove, NormalizeEscapes: true, DropEmptyQuery: true}, []profileCase{
		{"Http://SomeUrl.com:8080/a/b/.././c///g?c=3&a=1&b=9&c=0#target", "http://someurl.com:8080/a/c/g?c=3&a=1&b=9&c=0"},
	})
}

func TestDropIndex(t *testing.T) {
	runProfile(t, "DirectoryIndexes", Profile{DropIndex: DirectoryIndexes()}, []profileCase{
		{"http://host/path/index.html", "http://host/path/"},               // README
		{"HTTP://root/a/b/c/default.aspx", "http://root/a/b/c/"},           // RemoveDirectoryIndex
		{"HTTP://root/a/b/c/default#a=b", "http://root/a/b/c/default#a=b"}, // RemoveDirectoryIndex2
		{"https://h/Default.aspx", "https://h/"},                           // IIS's own spelling
		{"https://h/INDEX.HTML?x=1#f", "https://h/?x=1#f"},
		{"https://h/index.php/", "https://h/index.php/"}, // a directory of that name
		{"https://h/a/index.htm", "https://h/a/"},
		{"https://h/index.json", "https://h/index.json"}, // purell would drop it
		{"https://h/myindex.html", "https://h/myindex.html"},
		{"https://h/index.html.bak", "https://h/index.html.bak"},
		{"https://h/", "https://h/"},
		{"foo:/index.jsp", "foo:/"},
		{"foo://h", "foo://h"},
		{"mailto:index.html", "mailto:index.html"},
	})
	runProfile(t, "custom list", Profile{DropIndex: []string{"Home.ASP", "", "a/b"}}, []profileCase{
		{"https://h/x/home.asp", "https://h/x/"},
		{"https://h/x/", "https://h/x/"},
	})
	// With SlashRemove the result is a fixed point even when the
	// directory is named as an index.
	runProfile(t, "DropIndex+SlashRemove", Profile{DropIndex: DirectoryIndexes(), TrailingSlash: SlashRemove}, []profileCase{
		{"https://h/docs/index.html", "https://h/docs"},
		{"https://h/index.html/index.html", "https://h/"},
		{"https://h/a/index.html/index.htm/", "https://h/a"},
	})
	runProfile(t, "DropIndex+SlashAdd", Profile{DropIndex: DirectoryIndexes(), TrailingSlash: SlashAdd}, []profileCase{
		{"https://h/docs/index.html", "https://h/docs/"},
	})
}

func TestAddWWW(t *testing.T) {
	runProfile(t, "AddWWW", Profile{AddWWW: true}, []profileCase{
		{"http://example.com/", "http://www.example.com/"}, // the README's "http://host/ -> http://www.host/"
		{"https://Example.CO.UK:8443/a", "https://www.example.co.uk:8443/a"},
		{"https://example.com./", "https://www.example.com./"},
		{"https://user.github.io/", "https://www.user.github.io/"}, // a registrable domain of the list's private section
		{"https://www.example.com/", "https://www.example.com/"},
		{"https://blog.example.com/", "https://blog.example.com/"},
		{"https://Root/a/b/c/", "https://root/a/b/c/"}, // purell's AddWWW test gives https://www.Root/a/b/c/
		{"https://com/", "https://com/"},
		{"https://github.io/", "https://github.io/"},
		{"http://localhost:8080/", "http://localhost:8080/"},
		{"http://1.2.3.4/", "http://1.2.3.4/"},
		{"http://[::1]/", "http://[::1]/"},
		{"foo://example.com/", "foo://example.com/"}, // an opaque host
		{"https://xn--bcher-kva.example/", "https://www.xn--bcher-kva.example/"},
	})
	// DropWWW wins.
	runProfile(t, "DropWWW+AddWWW", Profile{DropWWW: true, AddWWW: true}, []profileCase{
		{"https://www.example.com/", "https://example.com/"},
		{"https://example.com/", "https://example.com/"},
	})
}

// TestAddWWWSuffixes: with a loaded list, AddWWW reads registrable domains
// from it, not from the built-in one. In a list where example.com is a
// public suffix (a rule of its own), example.com has no registrable
// domain and a.example.com is one.
func TestAddWWWSuffixes(t *testing.T) {
	list, err := weburl.ParseSuffixList(strings.NewReader("com\nexample.com\n"))
	if err != nil {
		t.Fatal(err)
	}
	runProfile(t, "AddWWW+Suffixes", Profile{AddWWW: true, Suffixes: list}, []profileCase{
		{"https://example.com/", "https://example.com/"},
		{"https://a.example.com/", "https://www.a.example.com/"},
		{"https://other.com/", "https://www.other.com/"},
	})
}

func TestForceHTTPS(t *testing.T) {
	runProfile(t, "ForceHTTPS", Profile{ForceHTTPS: true}, []profileCase{
		// purell's ForceHTTP test, the other way.
		{"http://root/a/b/c/default#toto=tata", "https://root/a/b/c/default#toto=tata"},
		{"HTTP://Example.com", "https://example.com/"},
		{"http://h:80/", "https://h/"},
		{"http://h:443/", "https://h/"},
		{"http://h:8080/x?y", "https://h:8080/x?y"},
		{"http://u:p@h/", "https://u:p@h/"},
		{"https://h/", "https://h/"},
		{"ws://h/", "ws://h/"},
		{"httpx://h/", "httpx://h/"},
	})
	// The README's FlagsUnsafeGreedy example gives
	// "http://root.com/toto/tE%1F/a/c?a=4&w=1&w=2&z=3": the same steps here
	// keep https (ForceHTTP goes the other way) and the order of the w
	// pairs (SortQuery is stable).
	greedy := Profile{NormalizeEscapes: true, DropFragment: true, CollapseSlashes: true, DropWWW: true,
		SortQuery: true, TrailingSlash: SlashRemove, DropIndex: DirectoryIndexes(), DropEmptyQuery: true}
	runProfile(t, "purell's FlagsUnsafeGreedy", greedy, []profileCase{
		{"HTTPS://www.RooT.com/toto/t%45%1f///a/./b/../c/?z=3&w=2&a=4&w=1#invalid", "https://root.com/toto/tE%1F/a/c?a=4&w=2&w=1&z=3"},
		{"hTTpS://someWEBsite.com:443/Amazing%fa/url/", "https://somewebsite.com/Amazing%FA/url"},
	})
}

func TestDropSessionIDs(t *testing.T) {
	p := Profile{DropSessionIDs: true}
	runProfile(t, "DropSessionIDs", p, []profileCase{
		// The surt library's test_stripQuerySessionID, whose query
		// DropSessionIDs cuts at pairs: a '&' goes with its pair.
		{"http://example.com/?jsessionid=" + id32, "http://example.com/?"},
		{"http://example.com/?jsessionid=" + id32 + "0", "http://example.com/?jsessionid=" + id32 + "0"},
		{"http://example.com/?jsessionid=" + id32 + "&x=y", "http://example.com/?x=y"},
		{"http://example.com/?one=two&jsessionid=" + id32 + "&x=y", "http://example.com/?one=two&x=y"},
		{"http://example.com/?one=two&jsessionid=" + id32, "http://example.com/?one=two"}, // SURT keeps the '&'
		{"http://example.com/?aspsessionidABCDEFGH=ABCDEFGHIJKLMNOPQRSTUVWX&x=y", "http://example.com/?x=y"},
		{"http://example.com/?phpsessid=" + id32 + "&x=y", "http://example.com/?x=y"},
		{"http://example.com/?sid=9682993c8daa2c5497996114facdc805&jsessionid=" + id32, "http://example.com/?"},
		{"http://example.com/?CFID=1169580&CFTOKEN=48630702&dtstamp=22%2F08%2F2006%7C06%3A58%3A11", "http://example.com/?dtstamp=22%2F08%2F2006%7C06%3A58%3A11"},
		{"http://example.com/?CFID=16603925&CFTOKEN=2AE13EEE-3048-85B0-56CEDAAB0ACA44B8", "http://example.com/?"},
		{"http://example.com/?JSESSIONID=" + strings.ToUpper(id32) + "&a=b", "http://example.com/?a=b"},
		// Only whole pairs, from their start.
		{"http://example.com/?xsid=" + id32, "http://example.com/?xsid=" + id32},
		{"http://example.com/?sid=" + id32[:31], "http://example.com/?sid=" + id32[:31]},
		{"http://example.com/?sid=" + id32[:31] + "-", "http://example.com/?sid=" + id32[:31] + "-"},
		{"http://example.com/?CFID=&CFTOKEN=3", "http://example.com/?CFID=&CFTOKEN=3"},
		{"http://example.com/?CFID=1", "http://example.com/?CFID=1"},
		{"http://example.com/?x=1&CFTOKEN=3", "http://example.com/?x=1&CFTOKEN=3"},
		// CFID and CFTOKEN need not be next to each other (SURT's adjacency
		// is not kept by SortQuery; FuzzCanon found "CFID=\xfd&00000&CFTOKEN=0").
		{"http://example.com/?CFID=1&x=2&CFTOKEN=3", "http://example.com/?x=2"},
		{"http://example.com/?cftoken=3&CFID=1&cfid=2&y", "http://example.com/?y"},
		{"http://example.com/?a&&sid=" + id32 + "&&b", "http://example.com/?a&&&b"},
		{"http://example.com/#sid=" + id32, "http://example.com/#sid=" + id32},
		// The surt library's test_stripPathSessionID.
		{"http://example.com/(S(4hqa0555fwsecu455xqckv45))/mileg.aspx", "http://example.com/mileg.aspx"},
		{"http://example.com/(4hqa0555fwsecu455xqckv45)/mileg.aspx", "http://example.com/mileg.aspx"},
		{"http://example.com/(a(4hqa0555fwsecu455xqckv45)S(4hqa0555fwsecu455xqckv45)f(4hqa0555fwsecu455xqckv45))/mileg.aspx?page=sessionschedules",
			"http://example.com/mileg.aspx?page=sessionschedules"},
		{"http://example.com/photos/36050182@N05/", "http://example.com/photos/36050182@N05/"},
		{"http://example.com/(S(4hqa0555fwsecu455xqckv45))/page.html", "http://example.com/(S(4hqa0555fwsecu455xqckv45))/page.html"},
		// The Servlet specification's example of URL rewriting (Servlet
		// 4.0, 7.1.3).
		{"http://www.myserver.com/catalog/index.html;jsessionid=1234", "http://www.myserver.com/catalog/index.html"},
		{"http://h/a;jsessionid=0A1B.node1;x=y/b?q", "http://h/a;x=y/b?q"},
		{"http://h/a;JSESSIONID=X", "http://h/a"},
		{"http://h/.;jsessionid=1/x", "http://h/.;jsessionid=1/x"},       // would become a "." segment
		{"http://h/%2E%2E;jsessionid=1", "http://h/%2E%2E;jsessionid=1"}, // a ".." one
		{"http://h/a;jsessionid", "http://h/a;jsessionid"},
		{"file:///C:;jsessionid=1/x", "file:///C:;jsessionid=1/x"}, // not in file URLs
	})
	runProfile(t, "DropSessionIDs+DropIndex+DropEmptyQuery", Profile{DropSessionIDs: true, DropIndex: DirectoryIndexes(), DropEmptyQuery: true}, []profileCase{
		{"http://example.com/(S(4hqa0555fwsecu455xqckv45))/default.aspx?jsessionid=" + id32, "http://example.com/"},
	})
}

func TestEncodeLonePercent(t *testing.T) {
	runProfile(t, "EncodeLonePercent", Profile{EncodeLonePercent: true}, []profileCase{
		{"http://h/100%", "http://h/100%25"},
		{"http://h/?q=50%+off", "http://h/?q=50%25+off"},
		{"http://h/%zz/%4/%", "http://h/%25zz/%254/%25"},
		{"http://h/%41%2f", "http://h/%41%2f"},
		{"http://h/%%41", "http://h/%25%41"},
		{"http://h/a#%", "http://h/a#%"}, // not the fragment
		{"mailto:100%", "mailto:100%25"},
		{"foo://h/%", "foo://h/%25"},
	})
	runProfile(t, "EncodeLonePercent+NormalizeEscapes", Profile{EncodeLonePercent: true, NormalizeEscapes: true}, []profileCase{
		{"http://h/%%41", "http://h/%25A"},
		{"http://h/%%34%31", "http://h/%2541"},
		{"http://h/?a=%&b=%7e", "http://h/?a=%25&b=~"},
	})
	// Why: Go's net/http refuses such a request target (url.ParseRequestURI
	// is what its server reads it with), and takes the encoded one.
	for _, c := range []profileCase{{"/100%", "/100%25"}, {"/%zz?x", "/%25zz?x"}} {
		if _, err := url.ParseRequestURI(c.in); err == nil {
			t.Errorf("url.ParseRequestURI(%q) takes it", c.in)
		}
		if u, err := url.ParseRequestURI(c.want); err != nil || !strings.Contains(u.Path, "%") {
			t.Errorf("url.ParseRequestURI(%q) = %v, %v", c.want, u, err)
		}
	}
}

func TestCheck(t *testing.T) {
	for _, p := range []Profile{WHATWG(), Crawler(), {DropWWW: true}, {AddWWW: true}, {DropIndex: DirectoryIndexes()}} {
		if err := p.Check(); err != nil {
			t.Errorf("%+v: %v", p, err)
		}
	}
	err := Profile{DropWWW: true, AddWWW: true, ForceHTTPS: true, ForceHTTP: true, DropIndex: []string{"index.html", "", "a/b", "..", strings.Repeat("x/", 1000)}}.Check()
	if err == nil {
		t.Fatal("no error")
	}
	msg := err.Error()
	for _, want := range []string{"DropWWW and AddWWW", "ForceHTTPS and ForceHTTP", `DropIndex ""`, `DropIndex "a/b"`, `DropIndex ".."`, "… (976 more bytes)"} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q lacks %q", msg, want)
		}
	}
	if strings.Contains(msg, "index.html") {
		t.Errorf("error %q names a good entry", msg)
	}
	if !errors.Is(err, ErrContradiction) || !errors.Is(err, ErrNoSegment) {
		t.Errorf("error %q: want ErrContradiction and ErrNoSegment", msg)
	}
	var e *Error
	if !errors.As(err, &e) || e.Op != "check" {
		t.Errorf("error %q: want a *Error of Op check", msg)
	}
}

// ForceHTTP is purell's FlagForceHTTP: its test's URL, and the port 80
// dropped as http's default.
func TestForceHTTP(t *testing.T) {
	runProfile(t, "ForceHTTP", Profile{ForceHTTP: true}, []profileCase{
		// purell's ForceHTTP test.
		{"https://root/a/b/c/default#toto=tata", "http://root/a/b/c/default#toto=tata"},
		{"HTTPS://Example.com", "http://example.com/"},
		{"https://h:443/", "http://h/"},
		{"https://h:80/", "http://h/"},
		{"https://h:8443/x?y", "http://h:8443/x?y"},
		{"https://u:p@h/", "http://u:p@h/"},
		{"http://h/", "http://h/"},
		{"wss://h/", "wss://h/"},
		{"httpsx://h/", "httpsx://h/"},
	})
	// ForceHTTPS wins.
	runProfile(t, "ForceHTTPS+ForceHTTP", Profile{ForceHTTPS: true, ForceHTTP: true}, []profileCase{
		{"http://h/", "https://h/"},
		{"https://h/", "https://h/"},
	})
}

// The defaults are copies: a caller who changes what Crawler,
// TrackingParams or DirectoryIndexes returned changes no other caller's
// profile, while other goroutines make keys (run with -race).
func TestDefaultsAreCopies(t *testing.T) {
	u := weburl.MustParse("https://www.example.com/docs/index.html?utm_source=x&b=1&fbclid=y#f")
	const want = "https://example.com/docs/index.html?b=1"
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 200 {
				if got := Crawler().Key(u); got != want {
					t.Errorf("Crawler().Key = %q, want %q", got, want)
					return
				}
			}
		}()
	}
	for range 200 {
		p := Crawler()
		p.DropParams[0] = "b"
		p.DropParams = append(p.DropParams, "b")
		tp := TrackingParams()
		tp[1] = "b"
		di := DirectoryIndexes()
		di[0] = "docs"
		// The copy drops what it names: utm_*, b and fbclid.
		if got := (Profile{DropParams: tp}).Key(u); got != "https://www.example.com/docs/index.html?#f" {
			t.Fatalf("a changed copy's key %q", got)
		}
	}
	wg.Wait()
	if TrackingParams()[0] != "utm_*" || TrackingParams()[1] != "_ga" || DirectoryIndexes()[0] != "index.html" {
		t.Error("a change to a returned list changed the defaults")
	}
	if !reflect.DeepEqual(WHATWG(), Profile{}) {
		t.Error("WHATWG() is not the zero Profile")
	}
}
