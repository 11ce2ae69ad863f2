package robots

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/weburl/weburl"
)

func mustParse(t testing.TB, s string) *weburl.URL {
	t.Helper()
	u, err := weburl.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// TestZero: the zero Robots and a nil *Robots allow everything.
func TestZero(t *testing.T) {
	u := mustParse(t, "http://a/x")
	var nilR *Robots
	for _, r := range []*Robots{nilR, {}} {
		if !r.Allowed("FooBot", u) || !r.Allowed("FooBot", nil) {
			t.Error("zero Robots disallows")
		}
		if d, ok := r.CrawlDelay("FooBot"); ok || d != 0 {
			t.Errorf("CrawlDelay = %v, %v", d, ok)
		}
		if s := r.Sitemaps(); s != nil {
			t.Errorf("Sitemaps = %q", s)
		}
	}
}

// TestNormalForm: a URL's escapes compare in upper case, and a rule's
// bytes the URL parser would encode compare encoded.
func TestNormalForm(t *testing.T) {
	runChecks(t, "normal form", "user-agent: *\ndisallow: /%e3%83%84\ndisallow: /a b\ndisallow: /q?x=a'b\ndisallow: /c{d}\n", []check{
		{"x", "http://h/%E3%83%84", false},
		{"x", "http://h/%e3%83%84", false},
		{"x", "http://h/ツ", false},
		{"x", "http://h/a b", false},
		{"x", "http://h/a%20b", false},
		{"x", "http://h/q?x=a'b", false},
		{"x", "http://h/c{d}", false},
		{"x", "http://h/c%7Bd%7D", false},
		{"x", "http://h/%2f", true},
		{"x", "foo://h", true}, // no path: "/"
	})
	runChecks(t, "opaque path", "user-agent: *\ndisallow: /x\n", []check{{"x", "mailto:x@y", false}, {"x", "mailto:y", true}})
}

// TestAgents: which groups an agent follows.
func TestAgents(t *testing.T) {
	long := strings.Repeat("Bot", 30)
	runChecks(t, "agents", "user-agent: *\ndisallow: /\n\nuser-agent: FooBot/2.1\nuser-agent: "+long+"\nallow: /\n\nuser-agent: *bar\nuser-agent: * baz\ndisallow: /star\n", []check{
		{"FooBot", "http://h/x", true},      // "FooBot/2.1" names FooBot
		{"FooBot/2.1", "http://h/x", false}, // compared whole, as Google compares it
		{strings.ToUpper(long), "http://h/x", true},
		{"OtherBot", "http://h/x", false},
		{"OtherBot", "http://h/robots.txt", true},
		{"", "http://h/star", false}, // "*bar" names the empty token
	})
	if got := ProductToken("Googlebot/2.1 (+http://www.google.com/bot.html)"); got != "Googlebot" {
		t.Errorf("ProductToken = %q", got)
	}
}

// TestIndexHTML: Google's "/index.htm…" rule of a directory, at the root.
func TestIndexHTML(t *testing.T) {
	runChecks(t, "index.html at the root", "user-agent: *\ndisallow: /\nallow: /index.html\nallow: /a/index.htmx\n", []check{
		{"x", "http://h/", true}, {"x", "http://h/index.html", true}, {"x", "http://h/x", false},
		{"x", "http://h/a/", true}, {"x", "http://h/a/b", false},
	})
}

func TestCrawlDelay(t *testing.T) {
	r := Parse([]byte("user-agent: *\ncrawl-delay: 10\ndisallow: /x\n\nuser-agent: a\nuser-agent: b\nCrawl-Delay: 0.5\ncrawl-delay: 7\ndisallow: /\n\nuser-agent: c\ncrawl-delay: -1\ncrawl-delay: x\ncrawl-delay: 1e400\n\nuser-agent: c\ncrawl-delay: 3 # s\n"))
	for _, tc := range []struct {
		agent string
		want  time.Duration
		ok    bool
	}{{"a", 500 * time.Millisecond, true}, {"B", 500 * time.Millisecond, true}, {"z", 10 * time.Second, true}, {"c", 3 * time.Second, true}} {
		if d, ok := r.CrawlDelay(tc.agent); d != tc.want || ok != tc.ok {
			t.Errorf("CrawlDelay(%q) = %v, %v; want %v, %v", tc.agent, d, ok, tc.want, tc.ok)
		}
	}
	if d, ok := Parse([]byte("user-agent: a\n")).CrawlDelay("a"); ok || d != 0 {
		t.Errorf("no Crawl-delay: %v, %v", d, ok)
	}
}

func TestURL(t *testing.T) {
	for in, want := range map[string]string{
		"https://user:pw@Example.COM:8443/a/b?c#d": "https://example.com:8443/robots.txt",
		"http://example.com:80/x":                  "http://example.com/robots.txt",
		"http://[::1]/":                            "http://[::1]/robots.txt",
		"https://xn--n3h.example/":                 "https://xn--n3h.example/robots.txt",
	} {
		got, err := URL(mustParse(t, in))
		if err != nil || got.Href() != want {
			t.Errorf("URL(%q) = %v, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"ftp://example.com/", "file:///robots.txt", "data:,x", "blob:https://a/b"} {
		_, err := URL(mustParse(t, in))
		var e *Error
		if !errors.Is(err, ErrScheme) || !errors.As(err, &e) || e.Op != "robots URL" || e.URL != in {
			t.Errorf("URL(%q): %v", in, err)
		}
	}
	if _, err := URL(nil); !errors.Is(err, ErrScheme) {
		t.Errorf("URL(nil): %v", err)
	}
	_, err := URL(mustParse(t, "ftp://u:secret@h/"))
	if want := `robots: robots URL "ftp://u:xxxxx@h/": the scheme is not http or https`; err.Error() != want {
		t.Errorf("message %q, want %q", err, want)
	}
}

// response makes a response reached through n redirects.
func response(code, n int, body string) *http.Response {
	resp := &http.Response{StatusCode: code, Body: io.NopCloser(strings.NewReader(body)), Request: &http.Request{}}
	r := resp
	for range n {
		prev := &http.Response{StatusCode: 301, Request: &http.Request{}}
		r.Request.Response = prev
		r = prev
	}
	return resp
}

// TestFromResponse: RFC 9309 §2.3.1's outcomes.
func TestFromResponse(t *testing.T) {
	const body = "user-agent: *\ndisallow: /private\n"
	x, priv, rtxt := mustParse(t, "http://h/x"), mustParse(t, "http://h/private"), mustParse(t, "http://h/robots.txt")
	for _, tc := range []struct {
		name      string
		resp      *http.Response
		err       error
		x, priv   bool
		wantParse bool
	}{
		{"200", response(200, 0, body), nil, true, false, true},
		{"206 after 5 redirects", response(206, 5, body), nil, true, false, true},
		{"200 after 6 redirects: unavailable", response(200, 6, body), nil, true, true, false},
		{"301 not followed: unavailable", response(301, 0, ""), nil, true, true, false},
		{"301 and the client's error: unavailable", response(301, 10, ""), errors.New("stopped after 10 redirects"), true, true, false},
		{"404", response(404, 0, body), nil, true, true, false},
		{"401", response(401, 0, body), nil, true, true, false},
		{"429", response(429, 0, body), nil, false, false, false},
		{"500", response(500, 0, body), nil, false, false, false},
		{"503", response(503, 0, body), nil, false, false, false},
		{"network error", nil, errors.New("connection refused"), false, false, false},
		{"200 with an error", response(200, 0, body), errors.New("x"), false, false, false},
		{"200, no body", &http.Response{StatusCode: 200}, nil, true, true, false},
		{"200, a body that fails", &http.Response{StatusCode: 200, Body: io.NopCloser(io.MultiReader(strings.NewReader(body), failReader{}))}, nil, false, false, false},
	} {
		r := FromResponse(tc.resp, tc.err)
		if got := r.Allowed("FooBot", x); got != tc.x {
			t.Errorf("%s: /x allowed = %v", tc.name, got)
		}
		if got := r.Allowed("FooBot", priv); got != tc.priv {
			t.Errorf("%s: /private allowed = %v", tc.name, got)
		}
		if !r.Allowed("FooBot", rtxt) {
			t.Errorf("%s: /robots.txt disallowed", tc.name)
		}
	}
}

type failReader struct{}

func (failReader) Read([]byte) (int, error) { return 0, errors.New("reset") }

// TestFromResponseClient: through net/http's Client and a loopback
// server, a chain of redirects counted as FromResponse counts it.
func TestFromResponseClient(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var n int
		if _, err := fmt.Sscanf(r.URL.Path, "/r%d", &n); err == nil && n > 0 {
			http.Redirect(w, r, fmt.Sprintf("/r%d", n-1), http.StatusFound)
			return
		}
		io.WriteString(w, "user-agent: *\ndisallow: /\n")
	}))
	defer srv.Close()
	u := mustParse(t, srv.URL+"/x")
	for n, want := range map[int]bool{0: false, 5: false, 6: true, 12: true} {
		r := FromResponse(srv.Client().Get(fmt.Sprintf("%s/r%d", srv.URL, n)))
		if got := r.Allowed("FooBot", u); got != want {
			t.Errorf("%d redirects: allowed = %v, want %v", n, got, want)
		}
	}
}

// TestMaxSize: only the first 500 KiB are read.
func TestMaxSize(t *testing.T) {
	pad := "user-agent: *\n" + strings.Repeat("#", MaxSize-len("user-agent: *\n")-len("disallow: /a\n")) + "\n"
	r := Parse([]byte(pad + "disallow: /a\ndisallow: /b\n"))
	if r.Allowed("x", mustParse(t, "http://h/a")) || !r.Allowed("x", mustParse(t, "http://h/b")) {
		t.Error("the rule at 500 KiB is not the last one read")
	}
}

// TestAllowedAllocs: Allowed allocates nothing, whatever it normalizes.
func TestAllowedAllocs(t *testing.T) {
	r := Parse([]byte(googleCases[5].body + "\nuser-agent: *\ndisallow: /*.php$\nallow: /a/index.html\n"))
	long := strings.Repeat("LongBot", 20)
	for _, s := range []string{"http://h/", "http://h/x/b?q=1#f", "http://h/%e3%83%84/index.html", "mailto:x", "http://h/robots.txt"} {
		u := mustParse(t, s)
		for _, agent := range []string{"FooBot", "foobot", "OtherBot", long} {
			if n := testing.AllocsPerRun(100, func() { r.Allowed(agent, u) }); n != 0 {
				t.Errorf("Allowed(%q, %q): %v allocations", agent, s, n)
			}
		}
	}
}
