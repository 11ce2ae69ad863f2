package webhttp

import (
	"bufio"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/weburl/weburl/urlpattern"
)

// groupNames are the names the test patterns use.
var groupNames = []string{"id", "owner", "repo", "v", "q", "tenant", "name", "n", "rest"}

// echo answers with what the handler got: the pattern, the path values,
// the path of r.URL and the pathname groups of Match.
func echo(w http.ResponseWriter, r *http.Request) {
	var values []string
	for _, n := range groupNames {
		if v := r.PathValue(n); v != "" {
			values = append(values, n+"="+v)
		}
	}
	m := Match(r)
	if m == nil {
		fmt.Fprintf(w, "no Match")
		return
	}
	fmt.Fprintf(w, "%s|%s|%s|%s", r.Pattern, strings.Join(values, " "), r.URL.Path, m.Pathname.String())
}

var testPatterns = []string{
	"GET /users/me",
	"GET /users/:id",
	"DELETE /users/:id",
	"POST /users",
	"/files/*",
	"GET {/:v(v1|v2)}?/repos/:owner/:repo",
	"GET /search?q=:q",
	"GET https://{:tenant.}?example.com/admin/*",
	"GET /b/:n(\\d+)",
	"GET /names/:name",
	"PATCH /p",
	"GET /caf\u00e9",
}

func newTestMux() *ServeMux {
	m := NewServeMux()
	for _, p := range testPatterns {
		m.HandleFunc(p, echo)
	}
	return m
}

type muxCase struct {
	method, target, host string
	tls                  bool
	status               int
	body                 string // the echo, or the error body
	allow                string
}

func (c muxCase) request(t testing.TB) *http.Request {
	method := c.method
	if method == "" {
		method = "GET"
	}
	r := &http.Request{Method: method, Host: c.host, RequestURI: c.target, Header: http.Header{}, Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1}
	if r.Host == "" {
		r.Host = "example.com"
	}
	if c.target != "*" {
		nu, err := url.ParseRequestURI(c.target)
		if err != nil {
			nu = &url.URL{Path: c.target}
		}
		r.URL = nu
	} else {
		r.URL = &url.URL{Path: "*"}
	}
	if c.tls {
		r.TLS = &tls.ConnectionState{}
	}
	return r
}

// The answers follow from the URL Pattern Standard's matching of each
// pattern, in order, and net/http's way of writing 404 and 405.
var muxCases = []muxCase{
	{target: "/users/me", status: 200, body: "GET /users/me||/users/me|"},
	{target: "/users/42", status: 200, body: "GET /users/:id|id=42|/users/42|id=42"},
	{method: "HEAD", target: "/users/42", status: 200, body: "GET /users/:id|id=42|/users/42|id=42"},
	{method: "DELETE", target: "/users/42", status: 200, body: "DELETE /users/:id|id=42|/users/42|id=42"},
	{method: "PUT", target: "/users/42", status: 405, body: "Method Not Allowed\n", allow: "DELETE, GET, HEAD"},
	{method: "POST", target: "/users", status: 200, body: "POST /users||/users|"},
	{target: "/users", status: 405, body: "Method Not Allowed\n", allow: "POST"},
	{target: "/nothing", status: 404, body: "404 page not found\n"},
	{method: "PUT", target: "/nothing", status: 404, body: "404 page not found\n"},
	{method: "PUT", target: "/files/a/b", status: 200, body: "/files/*||/files/a/b|0=a/b"},
	{method: "BREW", target: "/files/x", status: 200, body: "/files/*||/files/x|0=x"},
	{method: "BREW", target: "/users/1", status: 405, body: "Method Not Allowed\n", allow: "DELETE, GET, HEAD"},
	{target: "/v1/repos/a/b", status: 200, body: "GET {/:v(v1|v2)}?/repos/:owner/:repo|owner=a repo=b v=v1|/v1/repos/a/b|v=v1 owner=a repo=b"},
	{target: "/repos/a/b", status: 200, body: "GET {/:v(v1|v2)}?/repos/:owner/:repo|owner=a repo=b|/repos/a/b|v=undefined owner=a repo=b"},
	{target: "/v3/repos/a/b", status: 404, body: "404 page not found\n"},
	{target: "/search?q=go", status: 200, body: "GET /search?q=:q|q=go|/search|"},
	{target: "/search?x=go", status: 404, body: "404 page not found\n"},
	{target: "/admin/x", host: "acme.example.com", tls: true, status: 200, body: "GET https://{:tenant.}?example.com/admin/*|tenant=acme|/admin/x|0=x"},
	{target: "/admin/x", host: "example.com", tls: true, status: 200, body: "GET https://{:tenant.}?example.com/admin/*||/admin/x|0=x"},
	{target: "/admin/x", host: "acme.example.com", status: 404, body: "404 page not found\n"},
	{target: "/admin/x", host: "acme.example.com:8443", tls: true, status: 404, body: "404 page not found\n"},
	{target: "/b/12", status: 200, body: "GET /b/:n(\\d+)|n=12|/b/12|n=12"},
	{target: "/b/x", status: 404, body: "404 page not found\n"},
	// Path values decoded as ServeMux decodes wildcards; Match as matched.
	{target: "/names/a%2Fb", status: 200, body: "GET /names/:name|name=a/b|/names/a/b|name=a%2Fb"},
	{target: "/names/caf%C3%A9", status: 200, body: "GET /names/:name|name=caf\u00e9|/names/caf\u00e9|name=caf%C3%A9"},
	{target: "/names/%zz", status: 200, body: "GET /names/:name|name=%zz|/names/%zz|name=%zz"},
	{target: "/names/a|b", status: 200, body: "GET /names/:name|name=a|b|/names/a|b|name=a|b"},
	{target: "/names/\xff", status: 200, body: "GET /names/:name|name=\ufffd|/names/\ufffd|name=%EF%BF%BD"},
	// The URL the mux matched is the one the handler sees.
	{target: "/x/../users/me", status: 200, body: "GET /users/me||/users/me|"},
	{target: "/x/%2e%2e/users/7", status: 200, body: "GET /users/:id|id=7|/users/7|id=7"},
	{target: "/caf\u00e9", status: 200, body: "GET /caf\u00e9||/caf\u00e9|"},
	{target: "/caf%C3%A9", status: 200, body: "GET /caf\u00e9||/caf\u00e9|"},
	{target: "http://example.com/users/9", status: 200, body: "GET /users/:id|id=9|/users/9|id=9"},
	{method: "PATCH", target: "/p", status: 200, body: "PATCH /p||/p|"},
	// Targets that are no URL.
	{method: "OPTIONS", target: "*", status: 400, body: "webhttp: request target \"*\": the request target is not a URL (OPTIONS *: the asterisk form names the server, not a resource)\n"},
	{target: "/users/me", host: "a@b", status: 400, body: "webhttp: request Host \"a@b\": invalid host ('@' at offset 1)\n"},
}

func TestServeMux(t *testing.T) {
	m := newTestMux()
	for _, c := range muxCases {
		w := httptest.NewRecorder()
		m.ServeHTTP(w, c.request(t))
		if w.Code != c.status || w.Body.String() != c.body || w.Header().Get("Allow") != c.allow {
			t.Errorf("%s %q (host %q, TLS %v): %d %q Allow %q, want %d %q Allow %q", c.method, c.target, c.host, c.tls,
				w.Code, w.Body.String(), w.Header().Get("Allow"), c.status, c.body, c.allow)
		}
		// Handler gives the same handler and the pattern.
		h, pattern := m.Handler(c.request(t))
		w = httptest.NewRecorder()
		h.ServeHTTP(w, c.request(t))
		wantPattern := ""
		for _, p := range testPatterns {
			if c.status == 200 && strings.HasPrefix(c.body, p+"|") {
				wantPattern = p
			}
		}
		if pattern != wantPattern || w.Code != c.status {
			t.Errorf("Handler(%s %q) = %q and a handler that answers %d, want %q and %d", c.method, c.target, pattern, w.Code, wantPattern, c.status)
		}
	}
}

func TestServeMuxZero(t *testing.T) {
	var m ServeMux
	w := httptest.NewRecorder()
	m.ServeHTTP(w, muxCase{target: "/"}.request(t))
	if w.Code != 404 {
		t.Errorf("zero ServeMux: %d, want 404", w.Code)
	}
	if Match(nil) != nil || Match(httptest.NewRequest("GET", "/", nil)) != nil {
		t.Error("Match of a request no mux dispatched is not nil")
	}
}

// A mux inside a mux: the handler's Match is the inner mux's.
func TestServeMuxNested(t *testing.T) {
	inner := NewServeMux()
	inner.HandleFunc("/api/:version/*", echo)
	outer := NewServeMux()
	outer.Handle("/api/*", inner)
	w := httptest.NewRecorder()
	outer.ServeHTTP(w, muxCase{target: "/api/v2/x"}.request(t))
	if want := "/api/:version/*||/api/v2/x|version=v2 0=x"; w.Body.String() != want {
		t.Errorf("nested: %q, want %q", w.Body.String(), want)
	}
}

// TestHashPatterns: a pattern's hash is URLPattern's reading of it, a
// relative pattern's and a full one's whose path is put in normal form:
// `/a#\#` matches the hash "#", which no request has, not every request
// for /a (NewInit strips one leading '#' of a hash pattern string, so
// the mux must not compile these strings again).
func TestHashPatterns(t *testing.T) {
	for _, tc := range []struct{ pattern, hash string }{
		{`/a#\#`, "#"}, {`/a#\#y`, "#y"}, {"/a##y", "y"}, {"/a#y", "y"},
		{`http://h/b%41#\#y`, "#y"}, {`/b%41#\#`, "#"}, {`/a?\?x#\#`, "#"},
	} {
		rt, err := newRoute("GET " + tc.pattern)
		if err != nil {
			t.Errorf("%s: %v", tc.pattern, err)
			continue
		}
		if got := rt.pat.Hash(); got != tc.hash {
			t.Errorf("%s: hash %q, want %q", tc.pattern, got, tc.hash)
		}
	}
	m := NewServeMux()
	m.HandleFunc(`GET /a#\#`, func(w http.ResponseWriter, r *http.Request) {})
	w := httptest.NewRecorder()
	m.ServeHTTP(w, httptest.NewRequest("GET", "http://h/a", nil))
	if w.Code != http.StatusNotFound {
		t.Errorf(`/a with the pattern /a#\#: %d, want 404`, w.Code)
	}
}

// TestSplitFixedPatterns: a pattern whose fixed text an empty group with
// a modifier splits is URLPattern's, each text canonicalized apart, though
// its pattern string compiles to another pattern: "/{}*." has the texts
// "/" and "." and matches the path "/." (which no request has), where its
// pattern string "/." is the path "/"; so it serves no request for "/",
// and a later "/" is not shadowed by it.
func TestSplitFixedPatterns(t *testing.T) {
	for _, tc := range []struct{ pattern, like string }{
		// like: a pattern that URLPattern reads as the same pathname.
		{"GET /{}*.", "https://h/{}*."},
		{"GET /{}?/{}+..", "https://h/{}?/{}+.."},
		{"http://h/%41/{}?..", "http://h/A/{}?.."},
		{"GET /*%41/..*.", "https://h/*%41/..*."},
	} {
		rt, err := newRoute(tc.pattern)
		if err != nil {
			t.Errorf("%s: %v", tc.pattern, err)
			continue
		}
		like := urlpattern.MustNew(tc.like, urlpattern.Options{})
		if got, want := rt.pat.RegExp(urlpattern.Pathname), like.RegExp(urlpattern.Pathname); got != want {
			t.Errorf("%s: pathname %s, want %s", tc.pattern, got, want)
		}
	}
	m := NewServeMux()
	m.HandleFunc("GET /{}*.", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "split") })
	m.HandleFunc("GET /", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "root") })
	for _, target := range []string{"/", "/.", "/%2e"} {
		w := httptest.NewRecorder()
		m.ServeHTTP(w, httptest.NewRequest("GET", "http://h"+target, nil))
		if w.Body.String() != "root" {
			t.Errorf("%s: %d %q, want the pattern GET /", target, w.Code, w.Body.String())
		}
	}
}

func TestHandlePanics(t *testing.T) {
	for _, tc := range []struct {
		pattern string
		h       http.Handler
		want    string
	}{
		{"/:id(", http.NotFoundHandler(), "a regular expression group is not closed"},
		{"GET books/:id", http.NotFoundHandler(), "must have a protocol"},
		{"GET ", http.NotFoundHandler(), "has no URL pattern"},
		{"", http.NotFoundHandler(), "has no URL pattern"},
		{"/x", nil, "nil handler"},
		{"/dup", http.NotFoundHandler(), "registered twice"},
	} {
		m := NewServeMux()
		m.Handle("/dup", http.NotFoundHandler())
		func() {
			defer func() {
				v := recover()
				err, ok := v.(error)
				if !ok || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("Handle(%q): panic %v, want one with %q", tc.pattern, v, tc.want)
				}
				var pe *urlpattern.Error
				if isPattern := strings.Contains(tc.want, "regular") || strings.Contains(tc.want, "protocol"); isPattern != errors.As(err, &pe) {
					t.Errorf("Handle(%q): panic %v: a *urlpattern.Error is %v", tc.pattern, v, !isPattern)
				}
			}()
			m.Handle(tc.pattern, tc.h)
		}()
	}
	defer func() {
		if recover() == nil {
			t.Error("HandleFunc with a nil func did not panic")
		}
	}()
	NewServeMux().HandleFunc("/x", nil)
}

// Handle while requests are served: each request sees the patterns
// registered before it or more, never a broken table (run with -race).
func TestServeMuxConcurrent(t *testing.T) {
	m := NewServeMux()
	m.HandleFunc("/0", echo)
	var wg sync.WaitGroup
	for g := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 200 {
				w := httptest.NewRecorder()
				m.ServeHTTP(w, muxCase{target: "/0"}.request(t))
				if w.Code != 200 {
					t.Errorf("goroutine %d, request %d: %d", g, i, w.Code)
					return
				}
			}
		}()
	}
	for i := 1; i <= 50; i++ {
		m.HandleFunc(fmt.Sprintf("/%d", i), echo)
	}
	wg.Wait()
	w := httptest.NewRecorder()
	m.ServeHTTP(w, muxCase{target: "/50"}.request(t))
	if w.Code != 200 {
		t.Errorf("/50 after registering: %d", w.Code)
	}
}

// hostileTargets are request targets an attacker may send, at size n.
func hostileTargets(n int) map[string]string {
	return map[string]string{
		"long path":         "/" + strings.Repeat("a", n),
		"long segments":     strings.Repeat("/a", n/2),
		"invalid UTF-8":     "/" + strings.Repeat("\xff", n),
		"percent":           "/names/" + strings.Repeat("%", n),
		"percent no hex":    "/names/" + strings.Repeat("%z", n/2),
		"dot segments":      strings.Repeat("/..", n/3) + "/users/me",
		"encoded dots":      strings.Repeat("/%2e%2E", n/7),
		"NUL":               "/names/" + strings.Repeat("\x00", n),
		"query":             "/search?q=" + strings.Repeat("&", n),
		"long name":         "/names/" + strings.Repeat("%41", n/3),
		"1 MiB of %41":      "/" + strings.Repeat("%41", n/3),
		"escapes to upper":  "/names/" + strings.Repeat("%c3%a9%", n/7),
		"percent runs":      "/users/" + strings.Repeat("%%%4%", n/5),
		"absolute form":     "http://example.com/" + strings.Repeat("b", n),
		"repos, long owner": "/v1/repos/" + strings.Repeat("o", n) + "/r",
	}
}

// Hostile targets get an answer, never a panic, in work linear in their
// length: the bytes allocated for a target twice as long at most about
// twice as many.
func TestServeMuxHostile(t *testing.T) {
	m := newTestMux()
	n := 1 << 20
	if testing.Short() || raceEnabled {
		n = 1 << 17
	}
	// The fewest bytes of three requests: what else the process
	// allocates meanwhile only adds.
	allocated := func(target string) (uint64, int) {
		least, code := uint64(1<<63), 0
		for range 3 {
			r := muxCase{target: target}.request(t)
			w := httptest.NewRecorder()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			m.ServeHTTP(w, r)
			runtime.ReadMemStats(&after)
			least, code = min(least, after.TotalAlloc-before.TotalAlloc), w.Code
		}
		return least, code
	}
	small, large := hostileTargets(n/2), hostileTargets(n)
	for name, target := range large {
		b1, code := allocated(small[name])
		b2, code2 := allocated(target)
		if code != code2 || (code != 200 && code != 400 && code != 404) {
			t.Errorf("%s: %d at %d bytes, %d at %d", name, code, len(small[name]), code2, len(target))
		}
		if b2 > b1*9/4+64<<10 {
			t.Errorf("%s: %d bytes allocated at %d bytes of target, %d at %d: not linear", name, b1, len(small[name]), b2, len(target))
		}
	}
}

// rawDo sends request, as bytes, to the server at addr on a connection of
// its own and returns the response and its body.
func rawDo(t *testing.T, addr, method, request string) (*http.Response, string) {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := io.WriteString(c, request); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(c), &http.Request{Method: method})
	if err != nil {
		t.Fatalf("%q: %v", request, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, string(body)
}

// End to end: a net/http server on the loopback address with a ServeMux,
// and requests whose targets go out byte for byte, as net/http's client
// would not send them.
func TestServeMuxOverTheWire(t *testing.T) {
	srv := httptest.NewServer(newTestMux())
	defer srv.Close()
	addr := srv.Listener.Addr().String()
	big := "/names/" + strings.Repeat("x", 512<<10)
	for _, tc := range []struct {
		method, target string
		status         int
		body           string
		allow          string
	}{
		{"GET", "/names/a|b", 200, "GET /names/:name|name=a|b|/names/a|b|name=a|b", ""},
		{"GET", "/names/a%2Fb", 200, "GET /names/:name|name=a/b|/names/a/b|name=a%2Fb", ""},
		{"GET", "/names/\xff", 200, "GET /names/:name|name=\ufffd|/names/\ufffd|name=%EF%BF%BD", ""},
		{"GET", "/x/../users/me", 200, "GET /users/me||/users/me|", ""},
		{"GET", "/x/%2e%2e/users/5", 200, "GET /users/:id|id=5|/users/5|id=5", ""},
		{"GET", "/search?q=a'b", 200, "GET /search?q=:q|q=a'b|/search|", ""},
		{"HEAD", "/users/1", 200, "", ""},
		{"PUT", "/users/1", 405, "Method Not Allowed\n", "DELETE, GET, HEAD"},
		{"GET", "/none", 404, "404 page not found\n", ""},
		{"GET", big, 200, "GET /names/:name|name=" + big[7:] + "|" + big + "|name=" + big[7:], ""},
		{"GET", "/" + strings.Repeat("../", 1000) + "users/me", 200, "GET /users/me||/users/me|", ""},
		// net/http's server refuses these before any handler.
		{"GET", "/names/%zz", 400, "", ""},
		{"GET", "/names/a\x00b", 400, "", ""},
	} {
		resp, body := rawDo(t, addr, tc.method, tc.method+" "+tc.target+" HTTP/1.1\r\nHost: example.com\r\nConnection: close\r\n\r\n")
		if resp.StatusCode != tc.status || tc.status != 400 && body != tc.body || resp.Header.Get("Allow") != tc.allow {
			short := func(s string) string {
				if len(s) > 200 {
					return s[:200] + "…"
				}
				return s
			}
			t.Errorf("%s %q: %d %q Allow %q, want %d %q Allow %q", tc.method, short(tc.target), resp.StatusCode, short(body), resp.Header.Get("Allow"), tc.status, short(tc.body), tc.allow)
		}
	}
}

// Behind a proxy, full patterns match the scheme and host the proxy
// header gives; without Proxy, the connection's.
func TestServeMuxProxy(t *testing.T) {
	for _, trust := range []bool{false, true} {
		m := NewServeMux()
		if trust {
			m.Proxy = Proxy{Header: XForwarded}
		}
		m.HandleFunc("GET https://example.com/x", echo)
		r := readRaw(t, "GET /x HTTP/1.1\r\nHost: internal:8080\r\nX-Forwarded-Proto: https\r\nX-Forwarded-Host: example.com\r\n\r\n")
		w := httptest.NewRecorder()
		m.ServeHTTP(w, r)
		if want := map[bool]int{false: 404, true: 200}[trust]; w.Code != want {
			t.Errorf("Proxy %v: %d, want %d", m.Proxy, w.Code, want)
		}
		// A header the proxy does not write is the client's word.
		r = readRaw(t, "GET /x HTTP/1.1\r\nHost: internal:8080\r\nForwarded: proto=https;host=example.com\r\n\r\n")
		w = httptest.NewRecorder()
		m.ServeHTTP(w, r)
		if w.Code != 404 {
			t.Errorf("Proxy %v, a Forwarded header: %d, want 404", m.Proxy, w.Code)
		}
		// An invalid header from the proxy: 400.
		r = readRaw(t, "GET /x HTTP/1.1\r\nHost: internal:8080\r\nX-Forwarded-Host: a@b\r\n\r\n")
		w = httptest.NewRecorder()
		m.ServeHTTP(w, r)
		if want := map[bool]int{false: 404, true: 400}[trust]; w.Code != want {
			t.Errorf("Proxy %v, X-Forwarded-Host a@b: %d, want %d", m.Proxy, w.Code, want)
		}
	}
}

// Behind a proxy the handler gets a copy of the request that carries
// Match's context, with the path values and pattern set on it; the
// request given is left as it was. Without one, the request given is
// the handler's, as net/http's ServeMux hands it on.
func TestServeMuxProxyRequest(t *testing.T) {
	for _, trust := range []bool{false, true} {
		m := NewServeMux()
		if trust {
			m.Proxy = Proxy{Header: XForwarded}
		}
		var got *http.Request
		m.HandleFunc("GET /users/:id", func(_ http.ResponseWriter, r *http.Request) { got = r })
		r := readRaw(t, "GET /users/42 HTTP/1.1\r\nHost: h\r\n\r\n")
		m.ServeHTTP(httptest.NewRecorder(), r)
		if got == nil || got.PathValue("id") != "42" || got.Pattern != "GET /users/:id" || Match(got) == nil {
			t.Fatalf("Proxy %v: the handler's request has id %q, pattern %q", m.Proxy, got.PathValue("id"), got.Pattern)
		}
		if trust && (got == r || r.PathValue("id") != "" || r.Pattern != "") {
			t.Errorf("Proxy %v: the request given has id %q, pattern %q; want it as it was", m.Proxy, r.PathValue("id"), r.Pattern)
		}
		if !trust && got != r {
			t.Errorf("Proxy %v: the handler got a copy of the request", m.Proxy)
		}
		// A value with an escape is decoded, and a URL that net/http
		// reads otherwise is replaced by the one routed, either way.
		got = nil
		r = readRaw(t, "GET /users/4%2f2?a%3Cb HTTP/1.1\r\nHost: h\r\n\r\n")
		r.URL.RawQuery = "other"
		m.ServeHTTP(httptest.NewRecorder(), r)
		if got == nil || got.PathValue("id") != "4/2" || got.URL.RawQuery != "a%3Cb" || got.URL.EscapedPath() != "/users/4%2f2" {
			t.Fatalf("Proxy %v: /users/4%%2f2?a%%3Cb has id %q and URL %v, want 4/2 and /users/4%%2f2?a%%3Cb", m.Proxy, got.PathValue("id"), got.URL)
		}
		// A miss is answered with the request given.
		w := httptest.NewRecorder()
		m.ServeHTTP(w, readRaw(t, "GET /users HTTP/1.1\r\nHost: h\r\n\r\n"))
		if w.Code != http.StatusNotFound {
			t.Errorf("Proxy %v: /users: %d, want 404", m.Proxy, w.Code)
		}
	}
}

// Match reports the components as the URL parser gives them and the mux
// matched them: a target in absolute form with a scheme that is not
// special keeps its opaque host ("%", which as a domain would be refused;
// "0", which as a domain would be 0.0.0.0), and a query that starts with
// "?" keeps it (an Init's search would lose it).
func TestMatchAsRead(t *testing.T) {
	m := NewServeMux()
	var res *urlpattern.Result
	m.HandleFunc("GET /users/:id", func(_ http.ResponseWriter, r *http.Request) { res = Match(r) })
	for _, tt := range []struct{ target, host, search string }{
		{"a://%/users/7", "%", ""},
		{"a://0/users/7", "0", ""},
		{"/users/7??", "h", "?"},
	} {
		res = nil
		r := &http.Request{Method: "GET", Host: "h", RequestURI: tt.target, Header: http.Header{}, URL: &url.URL{Path: "/users/7"}}
		w := httptest.NewRecorder()
		m.ServeHTTP(w, r)
		if w.Code != http.StatusOK || res == nil {
			t.Fatalf("%s: %d, Match %v", tt.target, w.Code, res)
		}
		if res.Hostname.Input != tt.host || res.Search.Input != tt.search || len(res.Pathname.Groups) != 1 || res.Pathname.Groups[0].Value != "7" {
			t.Errorf("%s: Match's hostname %q, search %q and pathname groups %v, want %q, %q and id 7", tt.target, res.Hostname.Input, res.Search.Input, res.Pathname.Groups, tt.host, tt.search)
		}
	}
}
