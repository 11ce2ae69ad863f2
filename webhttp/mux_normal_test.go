package webhttp

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/weburl/weburl/urlpattern"
)

// TestNormalPath: RFC 3986's percent-encoding normal form (6.2.2.2 and
// 2.1): unreserved escapes decoded, others in upper-case hex, '%' without
// two hex digits kept.
func TestNormalPath(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", ""}, {"/a/b", "/a/b"}, {"/fe%65d", "/feed"}, {"/%41%5a%61%7A%30%39%2D%2e%5F%7e", "/AZaz09-._~"},
		{"/caf%c3%a9", "/caf%C3%A9"}, {"/a%2fb", "/a%2Fb"}, {"/a%2Fb", "/a%2Fb"}, {"/%25", "/%25"}, {"/%2541", "/%2541"},
		{"/%", "/%"}, {"/%4", "/%4"}, {"/%zz", "/%zz"}, {"/%%41", "/%A"}, {"/%4%31", "/%41"}, {"/%20", "/%20"}, {"/%3a", "/%3A"},
	} {
		if got := normalPath(tc.in); got != tc.want {
			t.Errorf("normalPath(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if got := plainNormalPath(tc.in); got != tc.want {
			t.Errorf("plainNormalPath(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if p := "/no/escape"; normalPath(p) != p || testing.AllocsPerRun(100, func() { normalPath(p) }) != 0 {
		t.Error("normalPath allocates on a path without '%'")
	}
}

// TestNormalPattern: a pattern's literal text in normal form, each
// part's apart; group names and regular expressions left alone. Each
// pattern is held to one written in that form by hand.
func TestNormalPattern(t *testing.T) {
	for _, tc := range []struct{ in, like string }{
		{"/a/:id", "/a/:id"}, {"/fe%65d", "/feed"}, {"/caf%c3%a9", "/caf%C3%A9"}, {"/caf\u00e9", "/caf%C3%A9"},
		{"/:id%41", "/:id\\A"}, {"/:n(%41)", "/:n(%41)"}, {"/(a(?:%41))%41", "/(a(?:%41))A"},
		{"/\\%41", "/A"}, // an escaped '%' is the text "%41" all the same
		{"/%2f", "/%2F"}, {"/%zz", "/%zz"}, {"/%4:x", "/%4:x"}, {"/{%61:x%62}?", "/{a:x\\b}?"},
		{"/x/:y(\\d+)%7e{%7E}*", "/x/:y(\\d+)~{~}*"},
	} {
		rt, err := newRoute(tc.in)
		if err != nil {
			t.Errorf("%s: %v", tc.in, err)
			continue
		}
		like, err := newRoute(tc.like)
		if err != nil {
			t.Fatalf("%s: %v", tc.like, err)
		}
		for _, c := range []urlpattern.Component{urlpattern.Pathname, urlpattern.Search, urlpattern.Hash} {
			if got, want := rt.pat.RegExp(c), like.pat.RegExp(c); got != want {
				t.Errorf("%s: %s %s, want %s's %s", tc.in, c, got, tc.like, want)
			}
		}
		if got, want := rt.pat.GroupNames(urlpattern.Pathname), like.pat.GroupNames(urlpattern.Pathname); !slices.Equal(got, want) {
			t.Errorf("%s: groups %q, want %q", tc.in, got, want)
		}
	}
}

// TestServeMuxNormalForm: targets equal in normal form route to one
// pattern with the same path values, and a pattern's literal text is in
// that form too (issue 36: "/api/articles/fe%65d" is the feed route, not
// ":slug"; "/caf%c3%a9" and "/café" one route).
func TestServeMuxNormalForm(t *testing.T) {
	m := NewServeMux()
	for _, p := range []string{"GET /api/articles/fe%65d", "GET /api/articles/:slug", "GET /caf%c3%a9", "GET /n/:name", `GET /x\%42`} {
		m.HandleFunc(p, echo)
	}
	for _, tc := range []struct{ target, body string }{
		{"/api/articles/feed", "GET /api/articles/fe%65d||/api/articles/feed|"},
		{"/api/articles/fe%65d", "GET /api/articles/fe%65d||/api/articles/feed|"},
		{"/api/articles/fe%65%64", "GET /api/articles/fe%65d||/api/articles/feed|"},
		{"/%61pi/articles/feed", "GET /api/articles/fe%65d||/api/articles/feed|"},
		{"/api/articles/FEED", "GET /api/articles/:slug||/api/articles/FEED|slug=FEED"},
		{"/caf%C3%A9", "GET /caf%c3%a9||/caf\u00e9|"},
		{"/caf%c3%a9", "GET /caf%c3%a9||/caf\u00e9|"},
		{"/caf%c3%A9", "GET /caf%c3%a9||/caf\u00e9|"},
		{"/caf\u00e9", "GET /caf%c3%a9||/caf\u00e9|"},
		// An escaped '%' is fixed text like any other.
		{"/x%42", "GET /x\\%42||/xB|"},
		{"/xB", "GET /x\\%42||/xB|"},
		// %2F is a byte of a segment; Match gives the group in normal form.
		{"/n/a%2fb", "GET /n/:name|name=a/b|/n/a/b|name=a%2Fb"},
		{"/n/a%2Fb", "GET /n/:name|name=a/b|/n/a/b|name=a%2Fb"},
		{"/n/%41%42", "GET /n/:name|name=AB|/n/AB|name=AB"},
		{"/n/%e2%82%ac", "GET /n/:name|name=\u20ac|/n/\u20ac|name=%E2%82%AC"},
	} {
		w := httptest.NewRecorder()
		m.ServeHTTP(w, muxCase{target: tc.target}.request(t))
		if w.Code != 200 || w.Body.String() != tc.body {
			t.Errorf("%s: %d %q, want %q", tc.target, w.Code, w.Body.String(), tc.body)
		}
	}
}

// TestServeMuxNoHost: a request with no Host (HTTP/1.0, or
// httptest.NewRequest's with the Host cleared) is routed by the patterns
// that name no host, as net/http's ServeMux routes it.
func TestServeMuxNoHost(t *testing.T) {
	m := NewServeMux()
	m.HandleFunc("GET https://example.com/admin/*", echo)
	m.HandleFunc("GET /admin/:name", echo)
	m.HandleFunc("GET /users/:id", echo)
	std := http.NewServeMux()
	std.HandleFunc("GET example.com/admin/{x...}", echo)
	std.HandleFunc("GET /users/{id}", echo)
	for _, tc := range []struct {
		target, body string
		status, std  int
	}{
		{"/users/7", "GET /users/:id|id=7|/users/7|id=7", 200, 200},
		{"/admin/x", "GET /admin/:name|name=x|/admin/x|name=x", 200, 404},
		{"/users/m%65", "GET /users/:id|id=me|/users/me|id=me", 200, 200},
		{"/none", "404 page not found\n", 404, 404},
	} {
		r := httptest.NewRequest("GET", tc.target, nil)
		r.Host = ""
		w := httptest.NewRecorder()
		m.ServeHTTP(w, r)
		if w.Code != tc.status || w.Body.String() != tc.body {
			t.Errorf("%s: %d %q, want %d %q", tc.target, w.Code, w.Body.String(), tc.status, tc.body)
		}
		r = httptest.NewRequest("GET", tc.target, nil)
		r.Host = ""
		w = httptest.NewRecorder()
		std.ServeHTTP(w, r)
		if w.Code != tc.std {
			t.Errorf("%s: net/http's ServeMux %d, want %d", tc.target, w.Code, tc.std)
		}
	}
	// Over the wire, HTTP/1.0 without a Host header.
	srv := httptest.NewServer(m)
	defer srv.Close()
	resp, body := rawDo(t, srv.Listener.Addr().String(), "GET", "GET /users/5 HTTP/1.0\r\n\r\n")
	if resp.StatusCode != 200 || body != "GET /users/:id|id=5|/users/5|id=5" {
		t.Errorf("HTTP/1.0 without Host: %d %q", resp.StatusCode, body)
	}
}

// nopWriter is a ResponseWriter that keeps nothing and allocates nothing.
type nopWriter struct{ h http.Header }

func (w *nopWriter) Header() http.Header         { return w.h }
func (w *nopWriter) Write(p []byte) (int, error) { return len(p), nil }
func (w *nopWriter) WriteHeader(int)             {}

// TestServeMuxAllocs: ServeHTTP allocates nothing of its own; on a
// request served before, not even the path-value map that net/http's
// SetPathValue makes on a request's first value. Match still works.
func TestServeMuxAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	m := NewServeMux()
	var matched string
	noop := func(http.ResponseWriter, *http.Request) {}
	m.HandleFunc("GET /static/page.html", noop)
	m.HandleFunc("GET /users/:id/repos/:repo", noop)
	m.HandleFunc("GET /match/:x", func(_ http.ResponseWriter, r *http.Request) { matched = Match(r).Pathname.Groups[0].Value })
	// Many groups, and groups that a regular expression's matcher finds
	// (Go's regexp allocates its result): the List hands them to the
	// request without a buffer.
	var first, last, re string
	m.HandleFunc("GET /re/:n(\\d+)/:m", func(_ http.ResponseWriter, r *http.Request) { re = r.PathValue("n") + r.PathValue("m") })
	m.HandleFunc("GET /p20/:a/:b/:c/:d/:e/:f/:g/:h/:i/:j/:k/:l/:m/:n/:o/:p/:q/:r/:s/:t", func(_ http.ResponseWriter, r *http.Request) { first, last = r.PathValue("a"), r.PathValue("t") })
	w := &nopWriter{http.Header{}}
	for _, tc := range []struct {
		target string
		allocs float64
	}{
		{"/static/page.html", 0},
		{"/users/42/repos/weburl", 0},
		{"/p20/1/2/3/4/5/6/7/8/9/10/11/12/13/14/15/16/17/18/19/20", 0},
		{"/" + strings.Repeat("a/", 40) + "x", 0}, // 404 builds no handler of its own
	} {
		r := httptest.NewRequest("GET", tc.target, nil)
		if tc.target[1] == 'a' {
			continue // 404 writes through http.Error, which allocates
		}
		m.ServeHTTP(w, r)
		if n := testing.AllocsPerRun(100, func() { m.ServeHTTP(w, r) }); n != tc.allocs {
			t.Errorf("%s: %v allocations, want %v", tc.target, n, tc.allocs)
		}
	}
	// A fresh request: what SetPathValue allocates, the map of its
	// values; net/http's ServeMux, with the same pattern, at least as much.
	std := http.NewServeMux()
	std.HandleFunc("GET /users/{id}/repos/{repo}", noop)
	fresh := func(h http.Handler) float64 {
		return testing.AllocsPerRun(100, func() {
			h.ServeHTTP(w, &http.Request{Method: "GET", Host: "h", RequestURI: "/users/42/repos/weburl", URL: &url.URL{Path: "/users/42/repos/weburl"}})
		})
	}
	if ours, theirs := fresh(m), fresh(std); ours > theirs {
		t.Errorf("a fresh request with two groups: %v allocations, net/http's ServeMux %v", ours, theirs)
	}
	if first != "1" || last != "20" {
		t.Errorf("20 groups: PathValue a, t = %q, %q, want 1, 20", first, last)
	}
	m.ServeHTTP(w, httptest.NewRequest("GET", "/re/42/x", nil))
	if re != "42x" {
		t.Errorf("/re/42/x: PathValue n + m = %q, want 42x", re)
	}
	m.ServeHTTP(w, httptest.NewRequest("GET", "/match/m%65", nil))
	if matched != "me" {
		t.Errorf("Match in a handler: %q, want %q", matched, "me")
	}
}
