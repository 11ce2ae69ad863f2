package urlpattern

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/weburl/weburl"
)

// Table tests of matching semantics, with expected groups worked out from
// the spec's regular expression and ECMA-262's matcher (and checked
// against V8's answers for the same expressions).

func TestGroups(t *testing.T) {
	tests := []struct {
		init  Init
		ic    bool
		input string // a URL
		want  string // component=groups, "" for no match
	}{
		// Lazy segment wildcards: the first group takes the least it can.
		{Init{Search: new(":a:b")}, false, "https://h/?xyz", "search=a=x b=yz"},
		// A segment wildcard stops at the delimiter; the full wildcard is greedy.
		{Init{Pathname: new("/:a/*")}, false, "https://h/x/y/z", "pathname=a=x 0=y/z"},
		{Init{Pathname: new("/*/:a")}, false, "https://h/x/y/z", "pathname=0=x/y a=z"},
		// Repeated groups with a prefix capture all repetitions.
		{Init{Pathname: new("/:a+")}, false, "https://h/x/y/z", "pathname=a=x/y/z"},
		{Init{Pathname: new("/:a*")}, false, "https://h/", ""},
		{Init{Pathname: new("/x/:a*")}, false, "https://h/x", "pathname=a=undefined"},
		{Init{Pathname: new("/x/:a?/y")}, false, "https://h/x/y", "pathname=a=undefined"},
		{Init{Pathname: new("/x/:a?/y")}, false, "https://h/x/b/y", "pathname=a=b"},
		// "(.*)?": an empty iteration is rejected, so the group is undefined.
		{Init{Pathname: new("/x/{*}?")}, false, "https://h/x/", "pathname=0=undefined"},
		// With a prefix the iteration is not empty: "(?:\/(.*))?".
		{Init{Pathname: new("/x/*?")}, false, "https://h/x/", "pathname=0="},
		{Init{Search: new("*?")}, false, "https://h/", "search=0=undefined"},
		{Init{Search: new("*?")}, false, "https://h/?q", "search=0=q"},
		// "((?:.*)*)": the group is defined, and empty.
		{Init{Search: new("**")}, false, "https://h/", "search=0="},
		{Init{Search: new("{:a}*")}, false, "https://h/", "search=a="},
		// Hostname segments stop at ".".
		{Init{Hostname: new("{:sub.}?example.com")}, false, "https://a.b.example.com/", ""},
		{Init{Hostname: new("{:sub.}*example.com")}, false, "https://a.b.example.com/", "hostname=sub=a.b"},
		{Init{Hostname: new("*.example.com")}, false, "https://a.b.example.com/", "hostname=0=a.b"},
		// ignoreCase applies to the pathname, search and hash.
		{Init{Pathname: new("/FOO/:x")}, true, "https://h/foo/Bar", "pathname=x=Bar"},
		{Init{Pathname: new("/FOO/:x")}, false, "https://h/foo/Bar", ""},
		{Init{Hash: new("Top")}, true, "https://h/#tOP", "hash="},
		// Regexp groups.
		{Init{Pathname: new("/:id(\\d+)")}, false, "https://h/42", "pathname=id=42"},
		{Init{Pathname: new("/:id(\\d+)")}, false, "https://h/4x", ""},
		{Init{Pathname: new("/(foo|bar)/:x?")}, false, "https://h/bar", "pathname=0=bar x=undefined"},
		// With the v flag, [[:alpha:]] is a class in a class: ':' and the letters of "alpha".
		{Init{Pathname: new("/:x([[:alpha:]]+)")}, false, "https://h/hal", "pathname=x=hal"},
		{Init{Pathname: new("/:x([[:alpha:]]+)")}, false, "https://h/b", ""},
		// Fixed text is canonicalized as the URL's component is.
		{Init{Pathname: new("/caf\u00e9")}, false, "https://h/caf%C3%A9", "pathname="},
		{Init{Pathname: new("/a b")}, false, "https://h/a%20b", "pathname="},
		{Init{Hostname: new("EXAMPLE.com")}, false, "https://example.com/", "hostname="},
		{Init{Protocol: new("HTTPS")}, false, "https://example.com/", "protocol="},
	}
	for _, tt := range tests {
		p, err := NewInit(tt.init, Options{IgnoreCase: tt.ic})
		if err != nil {
			t.Errorf("%+v: %v", tt.init, err)
			continue
		}
		r := p.Exec(tt.input)
		got := ""
		if r != nil {
			comp, _, _ := strings.Cut(tt.want, "=")
			c := componentByName(comp)
			if c < 0 {
				t.Fatalf("bad want %q", tt.want)
			}
			got = comp + "=" + r.Component(c).String()
		}
		if got != tt.want {
			t.Errorf("%s %s (ignoreCase %v) on %s: %q, want %q", p.Pathname(), p.Search()+" "+p.Hostname(), tt.ic, tt.input, got, tt.want)
		}
		if p.Test(tt.input) != (r != nil) {
			t.Errorf("%s: Test disagrees with Exec", tt.input)
		}
	}
}

func TestPatternStrings(t *testing.T) {
	tests := []struct {
		input   string
		base    string
		want    [numComponents]string
		hasRegs bool
	}{
		{"https://example.com/:category/*", "", [numComponents]string{"https", "*", "*", "example.com", "", "/:category/*", "*", "*"}, false},
		{"http{s}?://{:subdomain.}?shop.example/products/:id([0-9]+)#reviews", "",
			[numComponents]string{"http{s}?", "*", "*", "{:subdomain.}?shop.example", "", "/products/:id([0-9]+)", "", "reviews"}, true},
		{"../admin/*", "https://discussion.example/forum/?page=2",
			[numComponents]string{"https", "*", "*", "discussion.example", "", "/admin/*", "*", "*"}, false},
		{"https://example.com:443/a", "", [numComponents]string{"https", "*", "*", "example.com", "", "/a", "*", "*"}, false},
		{"https://example.com:8443/a?b#c", "", [numComponents]string{"https", "*", "*", "example.com", "8443", "/a", "b", "c"}, false},
		{"foo/:bar", "https://h/a/b?q", [numComponents]string{"https", "*", "*", "h", "", "/a/foo/:bar", "*", "*"}, false},
		// An escaped ":" still ends a protocol.
		{"data\\:foo", "https://h/", [numComponents]string{"data", "*", "*", "", "", "/foo", "*", "*"}, false},
		{"https://[\\:\\:1]:8080/", "", [numComponents]string{"https", "*", "*", "[\\:\\:1]", "8080", "/", "*", "*"}, false},
	}
	for _, tt := range tests {
		var p *Pattern
		var err error
		if tt.base == "" {
			p, err = New(tt.input, Options{})
		} else {
			p, err = NewWithBase(tt.input, tt.base, Options{})
		}
		if err != nil {
			t.Errorf("%q: %v", tt.input, err)
			continue
		}
		for c := range numComponents {
			if got := p.Component(c); got != tt.want[c] {
				t.Errorf("%q: %s = %q, want %q", tt.input, c, got, tt.want[c])
			}
		}
		if p.HasRegExpGroups() != tt.hasRegs {
			t.Errorf("%q: HasRegExpGroups = %v", tt.input, !tt.hasRegs)
		}
	}
}

func TestBaseURLInheritance(t *testing.T) {
	base := "https://user:pw@example.com:8080/a/b?q=1#frag"
	p, err := NewInit(Init{Pathname: new("c/:d"), BaseURL: &base}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	// The pathname resolves against the base's; components before it are
	// inherited, after it are "*", and username and password never are.
	want := [numComponents]string{"https", "*", "*", "example.com", "8080", "/a/c/:d", "*", "*"}
	for c := range numComponents {
		if got := p.Component(c); got != want[c] {
			t.Errorf("%s = %q, want %q", c, got, want[c])
		}
	}
	// In a match, an init's base URL gives every component, username too.
	q := MustNew("https://*:*@example.com:8080/a/x", Options{})
	if !q.TestInit(Init{Pathname: new("x"), BaseURL: &base}) {
		t.Errorf("TestInit with a base URL: no match")
	}
	if q.TestInit(Init{Pathname: new("x"), BaseURL: new("not a url")}) {
		t.Errorf("TestInit with a bad base URL: match")
	}
	if q.TestWithBase("x", "not a url") || !q.TestWithBase("x", base) {
		t.Errorf("TestWithBase: wrong")
	}
}

func TestErrors(t *testing.T) {
	tests := []struct {
		pattern   string
		component Component
		offset    int
		reason    string
	}{
		{"https://h/:id(", Pathname, 13, "not closed"},
		{"https://h/:a/:a", Pathname, 13, "used twice"},
		{"https://h/(?a)", Pathname, 10, "not closed"}, // "?" starts the search: the pathname is "/("
		{"https://h/((a))", Pathname, 10, "capturing group"},
		{"https://h/()", Pathname, 10, "empty"},
		{"https://h/:\u00e9t\u00e9\u0300/:", Pathname, 19, "not followed by a name"},
		{"https://h/(\u00e9)", Pathname, 10, "not ASCII"},
		{"https://h/x\\", Pathname, 11, `"\" is the last`},
		{"https://h/{a", Pathname, 12, `expected "}"`},
		{"https://h/:x((?=a)b)", Pathname, 13, "does not compile"},
		{"https://h/:x((?<!a)b)", Pathname, 13, "does not compile"},
		{"https://h/:x(a\\1)", Pathname, 14, "does not compile"},
		{"https://h/:x(\\k<x>)", Pathname, 13, "does not compile"},
		{"https://exa mple.com/", Hostname, -1, "not valid"},
		{"/relative", NoComponent, -1, "must have a protocol"},
		{"htt p://h/", Protocol, -1, "not valid"},
		{"https://h:99999/", Port, -1, "not valid"},
	}
	for _, tt := range tests {
		_, err := New(tt.pattern, Options{})
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("New(%q): %v, want an *Error", tt.pattern, err)
			continue
		}
		if e.Component != tt.component || !strings.Contains(e.Error(), tt.reason) {
			t.Errorf("New(%q): %v (component %v), want component %v and %q", tt.pattern, err, e.Component, tt.component, tt.reason)
		}
		if tt.offset >= 0 && e.Offset != tt.offset {
			t.Errorf("New(%q): offset %d, want %d (%v)", tt.pattern, e.Offset, tt.offset, err)
		}
	}
	_, err := NewInit(Init{Pathname: new("/(?a)")}, Options{})
	if e := (*Error)(nil); !errors.As(err, &e) || e.Offset != 1 || !strings.Contains(e.Err.Error(), `starts with "?"`) || !errors.Is(err, ErrSyntax) {
		t.Errorf(`NewInit "/(?a)": %v, want offset 1, starts with "?"`, err)
	}
	if _, err := NewWithBase("/a", "::", Options{}); err == nil {
		t.Errorf("a bad base URL: no error")
	}
}

func TestZeroValues(t *testing.T) {
	var p Pattern
	if p.Test("https://h/") || p.Exec("https://h/") != nil || p.Match(weburl.MustParse("https://h/")) != nil {
		t.Errorf("the zero Pattern matched")
	}
	if p.Pathname() != "" || p.HasRegExpGroups() {
		t.Errorf("the zero Pattern has a pathname")
	}
	var np *Pattern
	if np.Test("https://h/") || np.Protocol() != "" {
		t.Errorf("a nil Pattern matched")
	}
	if _, err := p.Generate(Pathname, nil); err == nil {
		t.Errorf("Generate on the zero Pattern: no error")
	}
	if CompareComponent(Pathname, nil, &p) != 0 {
		t.Errorf("CompareComponent of nothing")
	}
	q := MustNew("https://h/*", Options{})
	if q.Match(nil) != nil || q.Match(&weburl.URL{}) != nil {
		t.Errorf("nil or zero URL matched")
	}
	if q.Test("not a url") || q.Exec("::") != nil {
		t.Errorf("an input that does not parse matched")
	}
}

// TestUnicode17Names: a name is read with Unicode 17's ID_Start and
// ID_Continue (DerivedCoreProperties.txt 17.0.0), as browsers read it,
// under Go 1.26 (whose package unicode is Unicode 15.0) and Go 1.27 alike.
// U+30FB and U+FF65 (the katakana middle dots) joined Other_ID_Continue in
// Unicode 15.1: they continue a name but cannot start one; U+1C89, U+A7CB
// and U+10D50 are letters of Unicode 16. (V8 with ICU 78, Unicode 17,
// reads regular expression group names the same way.)
func TestUnicode17Names(t *testing.T) {
	for _, c := range []struct {
		pathname string
		names    []string // nil: an error, ":" not followed by a name
	}{
		{"/:a\u30fbb", []string{"a\u30fbb"}},
		{"/:a\uff65b", []string{"a\uff65b"}},
		{"/:\u30fbb", nil},
		{"/:\uff65", nil},
		{"/:\u1c89", []string{"\u1c89"}},
		{"/:x\u1c89", []string{"x\u1c89"}},
		{"/:\ua7cb/:b", []string{"\ua7cb", "b"}},
		{"/:\U00010d50", []string{"\U00010d50"}},
		{"/:a\u2e2fb", []string{"a"}}, // U+2E2F VERTICAL TILDE is Lm but Pattern_Syntax: not in ID_Continue
	} {
		p, err := NewInit(Init{Pathname: &c.pathname}, Options{})
		if c.names == nil {
			var e *Error
			if !errors.As(err, &e) || e.Err.Error() != reasonEmptyName || !errors.Is(err, ErrSyntax) {
				t.Errorf("%q: %v, want the error %q", c.pathname, err, reasonEmptyName)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", c.pathname, err)
			continue
		}
		if got := p.GroupNames(Pathname); !slices.Equal(got, c.names) {
			t.Errorf("%q: names %q, want %q", c.pathname, got, c.names)
		}
	}
}

// MatchComponents reads a URL's components as they are, as Match does,
// where ExecInit canonicalizes them as an Init's: the standard's dummy URL
// is https, so a non-special URL's opaque host "%" is no domain, and "0"
// is one that the IPv4 parser reads as 0.0.0.0; and a search loses one
// leading "?" (process search for init).
func TestMatchComponents(t *testing.T) {
	path := "/users/:id"
	p, err := NewInit(Init{Pathname: &path}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		href, host, search   string
		initHost, initSearch string // initHost "" for no Result
	}{
		{"a://%/users/7", "%", "", "", ""},
		{"a://0/users/7", "0", "", "0.0.0.0", ""},
		{"https://0/users/7", "0.0.0.0", "", "0.0.0.0", ""},
		{"https://h/users/7??", "h", "?", "h", ""},
	} {
		u, err := weburl.Parse(tt.href)
		if err != nil {
			t.Fatal(err)
		}
		c := ComponentsOf(u)
		res := p.MatchComponents(&c)
		if res == nil || res.Hostname.Input != tt.host || res.Search.Input != tt.search || len(res.Pathname.Groups) != 1 || res.Pathname.Groups[0].Value != "7" {
			t.Errorf("MatchComponents(%q) = %+v, want the hostname %q, the search %q and id 7", tt.href, res, tt.host, tt.search)
			continue
		}
		if m := p.Match(u); m == nil || m.Hostname.Input != res.Hostname.Input || m.Search.Input != res.Search.Input {
			t.Errorf("Match(%q) = %+v, MatchComponents %+v", tt.href, m, res)
		}
		init := Init{Protocol: &c[Protocol], Username: &c[Username], Password: &c[Password], Hostname: &c[Hostname], Port: &c[Port], Pathname: &c[Pathname], Search: &c[Search], Hash: &c[Hash]}
		got := p.ExecInit(init)
		if tt.initHost == "" && got != nil || tt.initHost != "" && (got == nil || got.Hostname.Input != tt.initHost || got.Search.Input != tt.initSearch) {
			t.Errorf("ExecInit(%q) = %+v, want the hostname %q and the search %q", tt.href, got, tt.initHost, tt.initSearch)
		}
	}
	if p.MatchComponents(nil) != nil {
		t.Error("MatchComponents(nil) is not nil")
	}
}
