package webhttp

import (
	"context"
	"encoding/base64"
	"errors"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/alloctest"
)

// A doFunc sends a request and follows its redirects: Do, or an
// http.Client on a Transport.
type doFunc func(c *http.Client, req *http.Request) (*http.Response, error)

// viaTransport sends req with an http.Client on a Transport made of c's
// Transport and Jar, with c's Timeout.
func viaTransport(c *http.Client, req *http.Request) (*http.Response, error) {
	if c == nil {
		c = http.DefaultClient
	}
	tc := &http.Client{Transport: &Transport{Base: c.Transport, Jar: c.Jar}, Timeout: c.Timeout}
	return tc.Do(req)
}

// forEachEntry runs test for each way into the one redirect loop: Do, and
// an http.Client on a Transport, which must send and answer the same.
func forEachEntry(t *testing.T, test func(t *testing.T, do doFunc)) {
	for _, e := range []struct {
		name string
		do   doFunc
	}{{"Do", Do}, {"Transport", viaTransport}} {
		t.Run(e.name, func(t *testing.T) { test(t, e.do) })
	}
}

// isTransport reports whether t runs for the Transport entry.
func isTransport(t *testing.T) bool { return strings.HasSuffix(t.Name(), "/Transport") }

// get sends a GET for raw with Do and returns the response, its body read
// and closed.
func get(t *testing.T, c *http.Client, raw string) (*http.Response, string) {
	t.Helper()
	return getWith(t, Do, c, raw)
}

// getWith is get with do.
func getWith(t *testing.T, do doFunc, c *http.Client, raw string) (*http.Response, string) {
	t.Helper()
	req, err := NewRequest(context.Background(), http.MethodGet, weburl.MustParse(raw), nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := do(c, req)
	if err != nil {
		t.Fatalf("%s: %v", raw, err)
	}
	b, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	return resp, string(b)
}

// The request target and Host of NewRequest's request are u.RequestURI()
// and u.Host() byte for byte; the expected lines are the URL Standard's
// serializations of each input.
func TestNewRequestOnTheWire(t *testing.T) {
	s := listen(t)
	s.serve(func(*rawRequest) string { return response(200, "ok") })
	port := s.addr[strings.LastIndexByte(s.addr, ':')+1:]
	c := newClient(t)
	for _, tc := range []struct{ in, line, host string }{
		// '|' is in no percent-encode set of a path; "%zz" is kept as is.
		{s.url("/a|b?x=%zz#frag"), "GET /a|b?x=%zz HTTP/1.1", s.addr},
		// A '%' without two hex digits stays: the path state only
		// reports it (invalid-URL-unit).
		{s.url("/100%"), "GET /100% HTTP/1.1", s.addr},
		// An empty query is kept; the fragment is never sent.
		{s.url("/p?#"), "GET /p? HTTP/1.1", s.addr},
		// The IPv4 parser reads 0x7f.1 as 127.0.0.1.
		{"http://0x7f.1:" + port + "/v4", "GET /v4 HTTP/1.1", s.addr},
		// Space, '"', '<', '>', '^', '`', '{', '}' are in the path
		// percent-encode set; '|' is not.
		{s.url("/ \"<>`{}^|"), "GET /%20%22%3C%3E%60%7B%7D%5E| HTTP/1.1", s.addr},
		// A path starting with "//" that net/url would escape goes in
		// absolute form (RFC 9112 3.2.2), the same target.
		{s.url("//a|b"), "GET " + s.url("//a|b") + " HTTP/1.1", s.addr},
	} {
		before := len(s.requests())
		get(t, c, tc.in)
		reqs := s.requests()
		if len(reqs) != before+1 {
			t.Fatalf("%s: %d requests, want 1", tc.in, len(reqs)-before)
		}
		r := reqs[len(reqs)-1]
		if r.Line != tc.line || r.Header.Get("Host") != tc.host {
			t.Errorf("%s: sent %q with Host %q, want %q with Host %q", tc.in, r.Line, r.Header.Get("Host"), tc.line, tc.host)
		}
	}
}

func TestNewRequestErrors(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		u      *weburl.URL
		method string
		want   error
	}{
		{nil, "GET", ErrNoURL},
		{&weburl.URL{}, "GET", ErrNoURL},
		{weburl.MustParse("ftp://example.com/"), "GET", ErrNotHTTP},
		{weburl.MustParse("javascript:alert(1)"), "GET", ErrNotHTTP},
		{weburl.MustParse("data:,x"), "BAD METHOD", ErrInvalidMethod},
		{weburl.MustParse("https://u:secret@example.com/"), "BAD METHOD", ErrInvalidMethod},
	} {
		req, err := NewRequest(ctx, tc.method, tc.u, nil)
		var e *Error
		if !errors.As(err, &e) || e.Op != "new request" || !errors.Is(err, tc.want) {
			t.Errorf("NewRequest(%v, %q): %v, %v; want an *Error of new request, %v", tc.u, tc.method, req, err, tc.want)
		}
		if err != nil && strings.Contains(err.Error(), "secret") {
			t.Errorf("the error shows the password: %v", err)
		}
	}
	//lint:ignore SA1012 a nil context is the case under test
	if _, err := NewRequest(nil, "GET", weburl.MustParse("http://example.com/"), nil); err == nil {
		t.Error("NewRequest with a nil context: no error")
	}
}

func TestNewRequestBody(t *testing.T) {
	req, err := NewRequest(context.Background(), http.MethodPost, weburl.MustParse("http://example.com/"), strings.NewReader("data"))
	if err != nil {
		t.Fatal(err)
	}
	if req.ContentLength != 4 || req.GetBody == nil {
		t.Fatalf("ContentLength %d, GetBody %v: want 4 and a GetBody", req.ContentLength, req.GetBody != nil)
	}
	for range 2 {
		rc, err := req.GetBody()
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(rc)
		if string(b) != "data" {
			t.Errorf("GetBody gave %q, want %q", b, "data")
		}
	}
}

// Each Location a browser follows, resolved by the URL Standard against
// http://127.0.0.1:port/dir/page, reaches the server as the URL Standard
// serializes it.
func TestDoLocations(t *testing.T) {
	forEachEntry(t, func(t *testing.T, do doFunc) {
		a, b := listen(t), listen(t)
		port := a.addr[strings.LastIndexByte(a.addr, ':')+1:]
		loc := make(chan string, 1)
		a.serve(func(r *rawRequest) string {
			if r.Target() == "/dir/page" {
				return redirect(302, <-loc)
			}
			return response(200, "")
		})
		b.serve(func(*rawRequest) string { return response(200, "") })
		c := newClient(t)
		for _, tc := range []struct {
			loc    string
			server *rawServer
			line   string
			href   string // the URL the response came from
		}{
			// '|' is in no percent-encode set: sent as is (net/url sends %7C).
			{"/a|b", a, "GET /a|b HTTP/1.1", a.url("/a|b")},
			// A lone '%' is kept (net/url fails to parse it).
			{"/100%", a, "GET /100% HTTP/1.1", a.url("/100%")},
			// In a special URL '\' is '/': `\\host\x` is //host/x, another
			// host (net/url fails on it).
			{`\\` + b.addr + `\x`, b, "GET /x HTTP/1.1", b.url("/x")},
			// UTF-8 bytes of the header are percent-encoded as UTF-8, in the
			// path and in the query.
			{"/caf\xc3\xa9?q=\xc3\xa9", a, "GET /caf%C3%A9?q=%C3%A9 HTTP/1.1", a.url("/caf%C3%A9?q=%C3%A9")},
			// A byte that is not part of valid UTF-8 is percent-encoded as
			// itself, in every component, as Chromium sends it (not as
			// U+FFFD, %EF%BF%BD); the fragment keeps its encoding too.
			{"/\xff", a, "GET /%FF HTTP/1.1", a.url("/%FF")},
			{"/caf\xe9?q=\xe9#\xe9", a, "GET /caf%E9?q=%E9 HTTP/1.1", a.url("/caf%E9?q=%E9#%E9")},
			// A surrogate's UTF-8 form and an overlong form are no valid
			// UTF-8: each byte is encoded.
			{"/\xed\xa0\x80/\xc0\xaf", a, "GET /%ED%A0%80/%C0%AF HTTP/1.1", a.url("/%ED%A0%80/%C0%AF")},
			// Valid UTF-8 beside such a byte is encoded as UTF-8, as always.
			{"/\xc3\xa9\xe9", a, "GET /%C3%A9%E9 HTTP/1.1", a.url("/%C3%A9%E9")},
			// WPT's redirect-location-escape.tentative cases: escaped UTF-8
			// is kept as it is, in either case, beside unescaped; a '%'
			// before unescaped UTF-8 stays a lone '%'; \xff is %FF.
			{"/top.txt?%E2%98%83%e2%98%83", a, "GET /top.txt?%E2%98%83%e2%98%83 HTTP/1.1", a.url("/top.txt?%E2%98%83%e2%98%83")},
			{"/top.txt?\xe2\x98\x83", a, "GET /top.txt?%E2%98%83 HTTP/1.1", a.url("/top.txt?%E2%98%83")},
			{"/top.txt?\xe2\x98\x83%e2%98%83", a, "GET /top.txt?%E2%98%83%e2%98%83 HTTP/1.1", a.url("/top.txt?%E2%98%83%e2%98%83")},
			{"/top.txt?%\xe2\x98\x83", a, "GET /top.txt?%%E2%98%83 HTTP/1.1", a.url("/top.txt?%%E2%98%83")},
			{"/top.txt?\xff", a, "GET /top.txt?%FF HTTP/1.1", a.url("/top.txt?%FF")},
			// Credentials of another user, in a byte that is not UTF-8:
			// kept in the URL, never sent (TestDoURLCredentials).
			{"http://u\xe9:p@" + b.addr + "/c", b, "GET /c HTTP/1.1", "http://u%E9:p@" + b.addr + "/c"},
			// A scheme-relative URL takes the base's scheme.
			{"//" + b.addr + "/path", b, "GET /path HTTP/1.1", b.url("/path")},
			// "http:rel" against an http base is relative (special scheme
			// equal to the base's): /dir/rel.
			{"http:rel", a, "GET /dir/rel HTTP/1.1", a.url("/dir/rel")},
			// Dot segments: from /dir/, ".." is /, then a/./b/../c.
			{"../a/./b/../c", a, "GET /a/c HTTP/1.1", a.url("/a/c")},
			// "%2e" and "%2E" are dots too.
			{"/x/%2e%2E/y", a, "GET /y HTTP/1.1", a.url("/y")},
			// 0x7f.1 is the IPv4 address 127.0.0.1.
			{"http://0x7f.1:" + port + "/h", a, "GET /h HTTP/1.1", a.url("/h")},
			// Space is encoded in the path and, for special URLs, in the
			// query together with '\''.
			{"/a b?q=a b'", a, "GET /a%20b?q=a%20b%27 HTTP/1.1", a.url("/a%20b?q=a%20b%27")},
			// A query alone keeps the base's path.
			{"?q", a, "GET /dir/page?q HTTP/1.1", a.url("/dir/page?q")},
		} {
			loc <- tc.loc
			na, nb := len(a.requests()), len(b.requests())
			resp, _ := getWith(t, do, c, a.url("/dir/page"))
			if got := ResponseURL(resp).Href(); got != tc.href {
				t.Errorf("Location %q: ResponseURL %q, want %q", tc.loc, got, tc.href)
			}
			reqs := tc.server.requests()
			if tc.server == a {
				reqs = reqs[na:]
				if len(reqs) != 2 {
					t.Fatalf("Location %q: %d requests, want 2", tc.loc, len(reqs))
				}
				reqs = reqs[1:]
			} else {
				reqs = reqs[nb:]
			}
			if len(reqs) != 1 {
				t.Fatalf("Location %q: %d requests at the target, want 1", tc.loc, len(reqs))
			}
			u := weburl.MustParse(tc.href)
			if reqs[0].Line != tc.line || reqs[0].Header.Get("Host") != u.Host() {
				t.Errorf("Location %q: sent %q Host %q, want %q Host %q", tc.loc, reqs[0].Line, reqs[0].Header.Get("Host"), tc.line, u.Host())
			}
		}
	})
}

// A Location that fails to parse, or whose URL is not HTTP(S), is an
// error naming it, and nothing more is sent.
func TestDoLocationErrors(t *testing.T) {
	forEachEntry(t, func(t *testing.T, do doFunc) {
		s := listen(t)
		answer := make(chan string, 1)
		s.serve(func(*rawRequest) string { return <-answer })
		c := newClient(t)
		for _, tc := range []struct{ loc, reason string }{
			{"http://[::1", "IPv6-unclosed"},
			{"http://a b/", "domain-to-ASCII"}, // as the reference implementation names it
			{"https://", "host-missing"},
			{"http://1.2.3.256/", "IPv4-out-of-range-part"},
			{"ftp://127.0.0.1/", "the scheme is not http or https (301 response)"},
			{"javascript:alert(1)", "the scheme is not http or https (301 response)"},
			{"data:,x", "the scheme is not http or https (301 response)"},
			{"mailto:a@example.com", "the scheme is not http or https (301 response)"},
		} {
			answer <- redirect(301, tc.loc)
			n := len(s.requests())
			req, _ := NewRequest(context.Background(), "GET", weburl.MustParse(s.url("/start")), nil)
			resp, err := do(c, req)
			if err == nil {
				resp.Body.Close()
				t.Errorf("Location %q: no error", tc.loc)
				continue
			}
			var ue *url.Error
			if !errors.As(err, &ue) || ue.Op != "Get" || ue.URL != s.url("/start") {
				t.Errorf("Location %q: error %#v, want a *url.Error for Get %s", tc.loc, err, s.url("/start"))
			}
			if msg := err.Error(); !strings.Contains(msg, strconv.Quote(tc.loc)) || !strings.Contains(msg, tc.reason) {
				t.Errorf("Location %q: error %q does not name the Location and %q", tc.loc, msg, tc.reason)
			}
			if got := len(s.requests()) - n; got != 1 {
				t.Errorf("Location %q: %d requests, want 1", tc.loc, got)
			}
		}

		// Two Location headers: the Fetch Standard's "extract header list
		// values" fails for a header that allows one value.
		answer <- response(302, "", "Location: /a", "Location: /b")
		n := len(s.requests())
		req, _ := NewRequest(context.Background(), "GET", weburl.MustParse(s.url("/start")), nil)
		if resp, err := do(c, req); err == nil || !strings.Contains(err.Error(), `redirect "/a, /b": more than one Location header (302 response: 2 headers)`) {
			t.Errorf("two Location headers: %v, %v; want an error naming them", resp, err)
		}
		if got := len(s.requests()) - n; got != 1 {
			t.Errorf("two Location headers: %d requests, want 1", got)
		}
	})
}

// Only 301, 302, 303, 307 and 308 with a Location redirect; any other
// response is the result, its body unread. (An empty Location is a
// redirect: TestDoEmptyLocation.)
func TestDoNotRedirected(t *testing.T) {
	forEachEntry(t, func(t *testing.T, do doFunc) {
		s := listen(t)
		answer := make(chan string, 1)
		s.serve(func(*rawRequest) string { return <-answer })
		c := newClient(t)
		for _, tc := range []struct {
			answer string
			status int
		}{
			{response(302, "moved"), 302},                         // no Location
			{response(300, "choices", "Location: /other"), 300},   // not a redirect status
			{response(304, "", "Location: /other"), 304},          // neither
			{response(201, "created", "Location: /other"), 201},   // nor
			{response(200, "ok", "Location: /other"), 200},        // nor
			{response(399, "unknown", "Location: /other"), 399},   // nor
			{response(308, "gone", "Content-Location: /x"), 308},  // not Location
			{response(301, "moved", "X-Location: /other"), 301},   // nor
			{response(303, "see", "Location-Not: /other"), 303},   // nor
			{response(302, "moved", "Refresh: 0; url=/x"), 302},   // a refresh is not a redirect of HTTP
			{response(301, "moved", "Link: </x>; rel=next"), 301}, // nor a Link
		} {
			answer <- tc.answer
			n := len(s.requests())
			resp, body := getWith(t, do, c, s.url("/start"))
			want := strings.SplitN(tc.answer, "\r\n\r\n", 2)[1]
			if resp.StatusCode != tc.status || body != want {
				t.Errorf("%q: got %d %q, want %d %q", tc.answer, resp.StatusCode, body, tc.status, want)
			}
			if got := len(s.requests()) - n; got != 1 {
				t.Errorf("%q: %d requests, want 1", tc.answer, got)
			}
			if got := ResponseURL(resp).Href(); got != s.url("/start") {
				t.Errorf("%q: ResponseURL %q", tc.answer, got)
			}
		}
	})
}

// An empty or blank Location parses to the current URL and one of only a
// fragment to the current URL with it (the location URL, Fetch's step 3):
// redirects to the same target, followed until the 21st is an error, as
// WPT's redirect-empty-location test expects a network error. A server
// that answers otherwise the next time ends the loop.
func TestDoEmptyLocation(t *testing.T) {
	forEachEntry(t, func(t *testing.T, do doFunc) {
		s := listen(t)
		headers := []string{"Location:", "Location:   ", "Location:\t", "Location: #frag", "Location: #"}
		s.serve(func(r *rawRequest) string {
			// /loop/N always redirects with headers[N]; /once/N once.
			f := strings.Split(r.Target(), "/")
			n, _ := strconv.Atoi(f[len(f)-1])
			seen := 0
			for _, o := range s.requests() {
				if o.Target() == r.Target() {
					seen++
				}
			}
			if f[1] == "loop" || seen == 1 {
				return response(302, "", headers[n])
			}
			return response(200, "")
		})
		c := newClient(t)
		for n, h := range headers {
			before := len(s.requests())
			loop := s.url("/loop/" + strconv.Itoa(n))
			req, _ := NewRequest(context.Background(), "GET", weburl.MustParse(loop+"#start"), nil)
			_, err := do(c, req)
			if !errors.Is(err, ErrTooManyRedirects) {
				t.Errorf("%q: %v, want ErrTooManyRedirects", h, err)
			}
			reqs := s.requests()[before:]
			if len(reqs) != 21 {
				t.Errorf("%q: %d requests, want 21", h, len(reqs))
			}
			for _, r := range reqs {
				if r.Line != "GET /loop/"+strconv.Itoa(n)+" HTTP/1.1" {
					t.Errorf("%q: sent %q", h, r.Line)
				}
			}

			once := s.url("/once/" + strconv.Itoa(n))
			resp, _ := getWith(t, do, c, once+"#start")
			// A Location without a fragment keeps the request's.
			want := map[string]string{"Location: #frag": once + "#frag", "Location: #": once + "#"}[h]
			if want == "" {
				want = once + "#start"
			}
			if got := ResponseURL(resp).Href(); got != want {
				t.Errorf("%q once: ResponseURL %q, want %q", h, got, want)
			}
		}
	})
}

// A field name with spaces before its colon ("Location : /x") is Location:
// net/http keeps it under its own name, RFC 9112 section 5.1 has a proxy
// remove the spaces, and Chromium follows it. What net/http's reader
// refuses (the package doc lists it) is the Transport's error, one request
// sent; when net/http starts reading these, this test fails and the doc
// must say so.
func TestDoLocationFraming(t *testing.T) {
	forEachEntry(t, func(t *testing.T, do doFunc) {
		s := listen(t)
		answer := make(chan string, 2)
		s.serve(func(r *rawRequest) string {
			if r.Target() == "/start" {
				return <-answer
			}
			return response(200, "")
		})
		c := newClient(t)
		for _, tc := range []struct {
			header []string
			line   string // the next request; "" for none
			err    string // Do's error, or ""
		}{
			{[]string{"Location : /sc"}, "GET /sc HTTP/1.1", ""},
			{[]string{"location  : /lc"}, "GET /lc HTTP/1.1", ""},
			{[]string{"LOCATION :"}, "GET /start HTTP/1.1", ""}, // empty: the same URL
			// Two Location fields, however spelled.
			{[]string{"Location: /a", "Location : /b"}, "", `"/a, /b": more than one Location header (302 response: 2 headers)`},
			// Not Location.
			{[]string{"X-Location : /no"}, "", ""},
			{[]string{"Locations : /no"}, "", ""},
			// net/http's reader refuses these: a control byte but tab in a
			// value, a CR alone, a line without a colon after a bare LF, a
			// tab before the colon.
			{[]string{"Location: /a\vb"}, "", "malformed MIME header line"},
			{[]string{"Location: /a\x01b"}, "", "malformed MIME header line"},
			{[]string{"Location: /a\x7fb"}, "", "malformed MIME header line"},
			{[]string{"Location: /a\rb"}, "", "malformed MIME header line"},
			{[]string{"Location: /a\nb"}, "", "malformed MIME header: missing colon"},
			{[]string{"Location\t: /x"}, "", "malformed MIME header line"},
		} {
			n := len(s.requests())
			answer <- response(302, "moved", tc.header...)
			if tc.line == "GET /start HTTP/1.1" {
				answer <- response(200, "")
			}
			req, _ := NewRequest(context.Background(), "GET", weburl.MustParse(s.url("/start")), nil)
			resp, err := do(c, req)
			switch {
			case tc.err != "":
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Errorf("%q: %v, want an error saying %q", tc.header, err, tc.err)
				}
			case err != nil:
				t.Errorf("%q: %v", tc.header, err)
			default:
				resp.Body.Close()
			}
			reqs := s.requests()[n:]
			var lines []string
			for _, r := range reqs[1:] {
				lines = append(lines, r.Line)
			}
			var want []string
			if tc.line != "" {
				want = []string{tc.line}
			}
			if !reflect.DeepEqual(lines, want) {
				t.Errorf("%q: then %q, want %q", tc.header, lines, want)
			}
		}
	})
}

// Through an HTTP proxy, every http request target is in absolute form
// (RFC 9112 section 3.2.2), a path net/http holds in Opaque included; the
// "proxy" here is the raw server, which answers itself.
func TestDoThroughProxy(t *testing.T) {
	forEachEntry(t, func(t *testing.T, do doFunc) {
		proxy := listen(t)
		proxy.serve(func(r *rawRequest) string {
			if strings.HasSuffix(r.Target(), "/r") {
				return redirect(302, "/a|b?q")
			}
			return response(200, "")
		})
		tr := newClient(t).Transport.(*http.Transport)
		tr.Proxy = http.ProxyURL(weburl.MustParse(proxy.url("/")).NetURL())
		c := &http.Client{Transport: tr}
		for _, tc := range []struct{ in, line string }{
			{"http://example.test/a|b", "GET http://example.test/a|b HTTP/1.1"},
			{"http://example.test/100%", "GET http://example.test/100% HTTP/1.1"},
			{"http://example.test//a|b", "GET http://example.test//a|b HTTP/1.1"},
			{"http://example.test:8080/plain?q", "GET http://example.test:8080/plain?q HTTP/1.1"},
			{"http://u:p@example.test/x|y", "GET http://example.test/x|y HTTP/1.1"},
			{"http://example.test/r", "GET http://example.test/a|b?q HTTP/1.1"}, // after the redirect
		} {
			getWith(t, do, c, tc.in)
			reqs := proxy.requests()
			r := reqs[len(reqs)-1]
			if r.Line != tc.line || r.Header.Get("Authorization") != "" {
				t.Errorf("%s: the proxy got %q, Authorization %q; want %q and none", tc.in, r.Line, r.Header.Get("Authorization"), tc.line)
			}
		}
	})
}

// What net/http writes as the request target for each way a *url.URL can
// hold the path "//a|b": none is the origin form "//a|b", which is why
// NetURL's absolute form stands (the package doc). When net/http changes,
// this test fails and the doc must follow.
func TestNetHTTPRequestTargets(t *testing.T) {
	s := listen(t)
	s.serve(func(*rawRequest) string { return response(200, "") })
	rt := newClient(t).Transport
	for _, tc := range []struct {
		name string
		u    url.URL
		line string
	}{
		// An Opaque starting with "//" is read as an authority.
		{"Opaque //a|b", url.URL{Scheme: "http", Host: s.addr, Opaque: "//a|b"}, "GET http://a|b HTTP/1.1"},
		{"Opaque //host//a|b", url.URL{Scheme: "http", Host: s.addr, Opaque: "//" + s.addr + "//a|b"}, "GET " + s.url("//a|b") + " HTTP/1.1"},
		// RawPath is used only when it is a valid encoding of Path,
		// which '|' is not.
		{"Path and RawPath", url.URL{Scheme: "http", Host: s.addr, Path: "//a|b", RawPath: "//a|b"}, "GET //a%7Cb HTTP/1.1"},
		{"Opaque ///a|b", url.URL{Scheme: "http", Host: s.addr, Opaque: "///a|b"}, "GET http:///a|b HTTP/1.1"},
		// A path not starting with "//" goes as it is in Opaque.
		{"Opaque /a|b", url.URL{Scheme: "http", Host: s.addr, Opaque: "/a|b"}, "GET /a|b HTTP/1.1"},
	} {
		n := len(s.requests())
		u := tc.u
		resp, err := rt.RoundTrip(&http.Request{Method: "GET", URL: &u, Header: http.Header{}, Host: s.addr})
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		resp.Body.Close()
		if reqs := s.requests()[n:]; len(reqs) != 1 || reqs[0].Line != tc.line {
			t.Errorf("%s: net/http sent %q, want %q", tc.name, s.lines()[n:], tc.line)
		}
	}
}

// Over HTTP/2 net/http sends the :path of a "//" path that it writes in
// absolute form over HTTP/1.1 as the origin form; Go's HTTP/2 server is
// the peer.
func TestDoHTTP2OriginForm(t *testing.T) {
	var mu sync.Mutex
	var got []string
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		got = append(got, r.Proto+" "+r.RequestURI)
		mu.Unlock()
	}))
	srv.EnableHTTP2 = true
	srv.StartTLS()
	defer srv.Close()
	resp, _ := get(t, srv.Client(), srv.URL+"//a|b?q")
	if resp.ProtoMajor != 2 {
		t.Fatalf("%s, want HTTP/2", resp.Proto)
	}
	mu.Lock()
	defer mu.Unlock()
	if want := []string{"HTTP/2.0 //a|b?q"}; !reflect.DeepEqual(got, want) {
		t.Errorf("the server saw %q, want %q", got, want)
	}
}

// The method, body and body headers after each redirect status, from
// HTTP-redirect fetch step 12.
func TestDoMethods(t *testing.T) {
	forEachEntry(t, func(t *testing.T, do doFunc) {
		s := listen(t)
		status := make(chan int, 1)
		s.serve(func(r *rawRequest) string {
			if r.Target() == "/start" {
				return redirect(<-status, "/next")
			}
			return response(200, "")
		})
		c := newClient(t)
		bodyHeaders := map[string]string{
			"Content-Type":     "text/plain",
			"Content-Language": "en",
			"Content-Encoding": "identity",
			"Content-Location": "/c",
		}
		for _, st := range []int{301, 302, 303, 307, 308} {
			for _, method := range []string{"GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS"} {
				var body io.Reader
				if method != "GET" && method != "HEAD" {
					body = strings.NewReader("data")
				}
				// From the standard: 301/302 turn POST into GET; 303 turns
				// all but GET and HEAD into GET; the rest keep the method.
				wantMethod := method
				switch {
				case (st == 301 || st == 302) && method == "POST":
					wantMethod = "GET"
				case st == 303 && method != "GET" && method != "HEAD":
					wantMethod = "GET"
				}
				keepBody := body != nil && wantMethod == method
				req, err := NewRequest(context.Background(), method, weburl.MustParse(s.url("/start")), body)
				if err != nil {
					t.Fatal(err)
				}
				for k, v := range bodyHeaders {
					req.Header.Set(k, v)
				}
				req.Header.Set("X-Other", "kept")
				n := len(s.requests())
				status <- st
				resp, err := do(c, req)
				if err != nil {
					t.Fatalf("%d %s: %v", st, method, err)
				}
				resp.Body.Close()
				reqs := s.requests()[n:]
				if len(reqs) != 2 {
					t.Fatalf("%d %s: %d requests, want 2", st, method, len(reqs))
				}
				r := reqs[1]
				if want := wantMethod + " /next HTTP/1.1"; r.Line != want {
					t.Errorf("%d %s: sent %q, want %q", st, method, r.Line, want)
				}
				if r.Header.Get("X-Other") != "kept" {
					t.Errorf("%d %s: X-Other dropped", st, method)
				}
				wantBody, wantLength := "", ""
				if keepBody {
					wantBody, wantLength = "data", "4"
				}
				if r.Body != wantBody || r.Header.Get("Content-Length") != wantLength {
					t.Errorf("%d %s: body %q, Content-Length %q; want %q, %q", st, method, r.Body, r.Header.Get("Content-Length"), wantBody, wantLength)
				}
				for k, v := range bodyHeaders {
					want := v
					if body != nil && !keepBody {
						want = ""
					}
					if got := r.Header.Get(k); got != want {
						t.Errorf("%d %s: %s %q, want %q", st, method, k, got, want)
					}
				}
			}
		}
	})
}

// A body without GetBody cannot be sent again: every redirect but a 303
// is an error (HTTP-redirect fetch step 11), and nothing more is sent.
func TestDoBodyNotReplayable(t *testing.T) {
	forEachEntry(t, func(t *testing.T, do doFunc) {
		s := listen(t)
		status := make(chan int, 1)
		s.serve(func(r *rawRequest) string {
			if r.Target() == "/start" {
				return redirect(<-status, "/next")
			}
			return response(200, "")
		})
		c := newClient(t)
		for _, tc := range []struct {
			status   int
			method   string
			requests int
		}{
			{307, "POST", 1},
			{308, "PUT", 1},
			{301, "POST", 1}, // the standard checks before turning POST into GET
			{302, "PUT", 1},
			{303, "POST", 2},
			{303, "PUT", 2},
		} {
			body := io.MultiReader(strings.NewReader("data")) // no GetBody for it
			req, err := NewRequest(context.Background(), tc.method, weburl.MustParse(s.url("/start")), body)
			if err != nil {
				t.Fatal(err)
			}
			if req.GetBody != nil {
				t.Fatal("a GetBody for an io.MultiReader")
			}
			n := len(s.requests())
			status <- tc.status
			resp, err := do(c, req)
			if tc.requests == 1 {
				if !errors.Is(err, ErrBodyNotReplayable) || !strings.Contains(err.Error(), `redirect "/next"`) {
					t.Errorf("%d %s: %v, want ErrBodyNotReplayable naming the Location", tc.status, tc.method, err)
				}
			} else if err != nil {
				t.Errorf("%d %s: %v", tc.status, tc.method, err)
			} else {
				resp.Body.Close()
			}
			reqs := s.requests()[n:]
			if len(reqs) != tc.requests {
				t.Fatalf("%d %s: %d requests, want %d", tc.status, tc.method, len(reqs), tc.requests)
			}
			if reqs[0].Body != "data" {
				t.Errorf("%d %s: first body %q", tc.status, tc.method, reqs[0].Body)
			}
			if tc.requests == 2 && reqs[1].Line != "GET /next HTTP/1.1" {
				t.Errorf("%d %s: then %q", tc.status, tc.method, reqs[1].Line)
			}
		}
	})
}

// Credentials go when the origin changes, and do not come back.
func TestDoCredentialsAcrossOrigins(t *testing.T) {
	forEachEntry(t, func(t *testing.T, do doFunc) {
		a, b := listen(t), listen(t)
		a.serve(func(r *rawRequest) string {
			switch r.Target() {
			case "/1":
				return redirect(302, "/2") // same origin
			case "/2":
				return redirect(307, b.url("/3")) // another port: another origin
			}
			return response(200, "")
		})
		b.serve(func(*rawRequest) string { return redirect(301, a.url("/4")) })
		req, err := NewRequest(context.Background(), "GET", weburl.MustParse(a.url("/1")), nil)
		if err != nil {
			t.Fatal(err)
		}
		creds := map[string]string{
			"Authorization":       "Bearer t",
			"Cookie":              "c=1",
			"Www-Authenticate":    "Basic",
			"Proxy-Authorization": "Basic eDp5",
		}
		for k, v := range creds {
			req.Header.Set(k, v)
		}
		req.Header.Set("X-Keep", "1")
		req.Header.Set("Referer", "https://ref.example/page")
		resp, err := do(newClient(t), req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		all := append(a.requests()[:2], b.requests()[0], a.requests()[2])
		for i, r := range all {
			for k, v := range creds {
				want := v
				if i >= 2 {
					want = ""
				}
				if got := r.Header.Get(k); got != want {
					t.Errorf("request %d (%s): %s %q, want %q", i+1, r.Line, k, got, want)
				}
			}
			if r.Header.Get("X-Keep") != "1" || r.Header.Get("Referer") != "https://ref.example/page" {
				t.Errorf("request %d: X-Keep %q, Referer %q; want both kept", i+1, r.Header.Get("X-Keep"), r.Header.Get("Referer"))
			}
		}
	})
}

// Credentials in a URL are never sent unasked: not those of the first
// request, not those of a Location (Fetch never sends a redirect target's),
// not through Do nor through net/http's Client; ResponseURL keeps them.
func TestDoURLCredentials(t *testing.T) {
	forEachEntry(t, func(t *testing.T, do doFunc) {
		a, b := listen(t), listen(t)
		a.serve(func(r *rawRequest) string {
			switch r.Target() {
			case "/0":
				return redirect(302, "/1") // the same origin
			case "/1":
				return redirect(302, "http://evil:pw@"+b.addr+"/2") // another origin
			}
			return response(200, "")
		})
		b.serve(func(*rawRequest) string { return redirect(307, "http://u2:p2@"+a.addr+"/3") })
		aPort := a.addr[strings.LastIndexByte(a.addr, ':')+1:]
		start := "http://us%20er:p@ss@127.0.0.1:" + aPort + "/0"
		c := newClient(t)

		req, err := NewRequest(context.Background(), "GET", weburl.MustParse(start), nil)
		if err != nil {
			t.Fatal(err)
		}
		if req.URL.User != nil {
			t.Errorf("NewRequest's URL has User %v", req.URL.User)
		}
		resp, err := do(c, req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if got, want := ResponseURL(resp).Href(), "http://u2:p2@"+a.addr+"/3"; got != want {
			t.Errorf("ResponseURL %q, want %q", got, want)
		}
		// net/http's Client, given NewRequest's request, and Do, given one of
		// http.NewRequest with credentials in its URL, send none either.
		nreq, _ := NewRequest(context.Background(), "GET", weburl.MustParse("http://u:p@"+a.addr+"/plain"), nil)
		if resp, err := c.Do(nreq); err != nil {
			t.Fatal(err)
		} else {
			resp.Body.Close()
		}
		hreq, err := http.NewRequest("GET", "http://u:p@"+a.addr+"/plain#f", nil)
		if err != nil {
			t.Fatal(err)
		}
		resp, err = do(c, hreq)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if got, want := ResponseURL(resp).Href(), "http://u:p@"+a.addr+"/plain#f"; got != want {
			t.Errorf("ResponseURL of http.NewRequest's request %q, want %q", got, want)
		}
		if hreq.URL.User == nil {
			t.Error("Do changed the caller's request URL")
		}
		all := append(a.requests(), b.requests()...)
		if len(all) != 6 {
			t.Fatalf("%d requests, want 6", len(all))
		}
		// net/http's Client sends the credentials of a request's URL.User
		// itself, before its Transport: once, for http.NewRequest's.
		var sent []string
		for _, r := range all {
			if v, ok := r.Header["Authorization"]; ok {
				sent = append(sent, r.Line+" "+strings.Join(v, ","))
			}
		}
		var want []string
		if isTransport(t) {
			want = []string{"GET /plain HTTP/1.1 Basic dTpw"}
		}
		if !reflect.DeepEqual(sent, want) {
			t.Errorf("Authorization sent: %q, want %q", sent, want)
		}
	})
}

// SetBasicAuthFromURL is the explicit ask: the URL's credentials, decoded,
// as net/http's Client would send them; then the header goes as any
// Authorization header, to the same origin only.
func TestSetBasicAuthFromURL(t *testing.T) {
	forEachEntry(t, func(t *testing.T, do doFunc) {
		a, b := listen(t), listen(t)
		a.serve(func(r *rawRequest) string {
			switch r.Target() {
			case "/0":
				return redirect(302, "http://other:pw@"+a.addr+"/1") // the same origin
			case "/1":
				return redirect(302, b.url("/2"))
			}
			return response(200, "")
		})
		b.serve(func(*rawRequest) string { return redirect(307, a.url("/3")) })
		aPort := a.addr[strings.LastIndexByte(a.addr, ':')+1:]
		basic := func(s string) string { return "Basic " + base64.StdEncoding.EncodeToString([]byte(s)) }

		req, _ := NewRequest(context.Background(), "GET", weburl.MustParse("http://us%20er:p@ss@127.0.0.1:"+aPort+"/0"), nil)
		if !SetBasicAuthFromURL(req) {
			t.Fatal("SetBasicAuthFromURL: false for a URL with credentials")
		}
		resp, err := do(newClient(t), req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		var got []string
		for _, r := range append(a.requests()[:2], b.requests()[0], a.requests()[2]) {
			got = append(got, r.Header.Get("Authorization"))
		}
		// The password "p@ss" is "p%40ss" in the URL; net/http sends it
		// decoded. The Location's own credentials ("other:pw") are not sent.
		want := []string{basic("us er:p@ss"), basic("us er:p@ss"), "", ""}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("Authorization per hop %q, want %q", got, want)
		}

		for _, tc := range []struct {
			req  func() *http.Request
			ok   bool
			want string
		}{
			{func() *http.Request { // a password alone
				r, _ := NewRequest(context.Background(), "GET", weburl.MustParse("http://:pw@example.com/"), nil)
				return r
			}, true, basic(":pw")},
			{func() *http.Request { // a username alone
				r, _ := NewRequest(context.Background(), "GET", weburl.MustParse("http://%41%25@example.com/"), nil)
				return r
			}, true, basic("A%:")},
			{func() *http.Request { // http.NewRequest's URL, read by FromNetURL
				r, _ := http.NewRequest("GET", "http://n%20u:p%3Aw@example.com/", nil)
				return r
			}, true, basic("n u:p:w")},
			{func() *http.Request {
				r, _ := NewRequest(context.Background(), "GET", weburl.MustParse("http://example.com/"), nil)
				r.Header.Set("Authorization", "Bearer kept")
				return r
			}, false, "Bearer kept"},
			{func() *http.Request { return &http.Request{} }, false, ""},
			{func() *http.Request { return nil }, false, ""},
		} {
			r := tc.req()
			ok := SetBasicAuthFromURL(r)
			got := ""
			if r != nil && r.Header != nil {
				got = r.Header.Get("Authorization")
			}
			if ok != tc.ok || got != tc.want {
				t.Errorf("SetBasicAuthFromURL(%v): %v, Authorization %q; want %v, %q", r, ok, got, tc.ok, tc.want)
			}
		}
	})
}

// Each Location is resolved against the URL of the request that got it,
// and no Referer is added.
func TestDoRelativeToCurrent(t *testing.T) {
	forEachEntry(t, func(t *testing.T, do doFunc) {
		s := listen(t)
		s.serve(func(r *rawRequest) string {
			switch r.Target() {
			case "/x/1":
				return redirect(301, "y/2")
			case "/x/y/2":
				return redirect(302, "../z?q")
			case "/x/z?q":
				return redirect(303, "?r")
			}
			return response(200, "")
		})
		resp, _ := getWith(t, do, newClient(t), s.url("/x/1"))
		want := []string{"GET /x/1 HTTP/1.1", "GET /x/y/2 HTTP/1.1", "GET /x/z?q HTTP/1.1", "GET /x/z?r HTTP/1.1"}
		if got := s.lines(); !reflect.DeepEqual(got, want) {
			t.Errorf("requests %q, want %q", got, want)
		}
		for i, r := range s.requests() {
			if ref, ok := r.Header["Referer"]; ok {
				t.Errorf("request %d has a Referer %q", i+1, ref)
			}
		}
		if got := ResponseURL(resp).Href(); got != s.url("/x/z?r") {
			t.Errorf("ResponseURL %q", got)
		}
	})
}

// A Location without a fragment keeps the request's; the fragment is
// never sent.
func TestDoFragment(t *testing.T) {
	forEachEntry(t, func(t *testing.T, do doFunc) {
		s := listen(t)
		s.serve(func(r *rawRequest) string {
			switch r.Target() {
			case "/a":
				return redirect(302, "/b")
			case "/b":
				return redirect(301, "/c#new")
			case "/c":
				return redirect(308, "/d")
			case "/e":
				return redirect(303, "/f")
			}
			return response(200, "")
		})
		c := newClient(t)
		for _, tc := range []struct{ start, final string }{
			{"/a#frag", "/d#new"},
			{"/b#frag", "/d#new"},
			{"/c#frag", "/d#frag"},
			{"/e#", "/f#"}, // an empty fragment is a fragment
			{"/e", "/f"},
		} {
			resp, _ := getWith(t, do, c, s.url(tc.start))
			if got := ResponseURL(resp).Href(); got != s.url(tc.final) {
				t.Errorf("%s: ResponseURL %q, want %q", tc.start, got, s.url(tc.final))
			}
		}
		for _, l := range s.lines() {
			if strings.Contains(l, "#") {
				t.Errorf("a fragment was sent: %q", l)
			}
		}
	})
}

// 20 redirects are followed; the 21st is an error.
func TestDoRedirectLimit(t *testing.T) {
	forEachEntry(t, func(t *testing.T, do doFunc) {
		for _, tc := range []struct {
			end     int // the path that answers 200; -1: none
			wantErr bool
		}{
			{20, false},
			{-1, true},
		} {
			s := listen(t)
			s.serve(func(r *rawRequest) string {
				n, _ := strconv.Atoi(strings.TrimPrefix(r.Target(), "/"))
				if n == tc.end {
					return response(200, "")
				}
				return redirect(302, "/"+strconv.Itoa(n+1))
			})
			req, _ := NewRequest(context.Background(), "GET", weburl.MustParse(s.url("/0")), nil)
			resp, err := do(newClient(t), req)
			if tc.wantErr {
				if !errors.Is(err, ErrTooManyRedirects) || !strings.Contains(err.Error(), `redirect "/21"`) {
					t.Errorf("endless redirects: %v, want ErrTooManyRedirects naming /21", err)
				}
			} else if err != nil {
				t.Errorf("20 redirects: %v", err)
			} else {
				resp.Body.Close()
				if got := ResponseURL(resp).Pathname(); got != "/20" {
					t.Errorf("20 redirects end at %s", got)
				}
			}
			if got := len(s.requests()); got != 21 {
				t.Errorf("end %d: %d requests, want 21", tc.end, got)
			}
		}
	})
}

// The Jar's cookies go to each hop as its scope says, after the request's
// own Cookie header, once; the request's own go when the origin changes.
func TestDoJar(t *testing.T) {
	forEachEntry(t, func(t *testing.T, do doFunc) {
		a, b := listen(t), listen(t)
		a.serve(func(r *rawRequest) string {
			switch r.Target() {
			case "/1":
				return response(302, "", "Location: /2", "Set-Cookie: a=1; Path=/")
			case "/2":
				return response(302, "", "Location: "+b.url("/3"), "Set-Cookie: b=2; Path=/")
			}
			return response(200, "")
		})
		b.serve(func(*rawRequest) string { return response(200, "", "Set-Cookie: c=3; Path=/") })
		jar, err := cookiejar.New(nil)
		if err != nil {
			t.Fatal(err)
		}
		c := newClient(t)
		c.Jar = jar
		req, _ := NewRequest(context.Background(), "GET", weburl.MustParse(a.url("/1")), nil)
		req.Header.Set("Cookie", "u=0")
		resp, err := do(c, req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		got := [][]string{a.requests()[0].Header.Values("Cookie"), a.requests()[1].Header.Values("Cookie"), b.requests()[0].Header.Values("Cookie")}
		// Cookies do not depend on the port (RFC 6265 8.5): a=1 and b=2 go
		// to the other port; u=0 goes with the origin.
		want := [][]string{{"u=0"}, {"u=0; a=1"}, {"a=1; b=2"}}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("Cookie headers: %q, want %q", got, want)
		}
		if req.Header.Get("Cookie") != "u=0" {
			t.Errorf("the caller's request was changed: Cookie %q", req.Header.Get("Cookie"))
		}
		var names []string
		for _, ck := range jar.Cookies(b.netURL("/")) {
			names = append(names, ck.Name)
		}
		if want := []string{"a", "b", "c"}; !reflect.DeepEqual(names, want) {
			t.Errorf("the jar's cookies: %q, want %q", names, want)
		}
	})
}

func (s *rawServer) netURL(path string) *url.URL { return weburl.MustParse(s.url(path)).NetURL() }

// CheckRedirect sees the next request, resolved by weburl, and the
// requests so far; ErrUseLastResponse gives the redirect response.
func TestDoCheckRedirect(t *testing.T) {
	s := listen(t)
	s.serve(func(r *rawRequest) string {
		switch r.Target() {
		case "/1":
			return redirect(302, "/a|b")
		case "/a|b":
			return response(307, "moved", "Location: /100%")
		}
		return response(200, "")
	})
	type call struct {
		Target, Method string
		Via            int
		First          bool
	}
	var calls []call
	var stop error
	c := newClient(t)
	req, _ := NewRequest(context.Background(), "POST", weburl.MustParse(s.url("/1")), strings.NewReader("x"))
	c.CheckRedirect = func(next *http.Request, via []*http.Request) error {
		calls = append(calls, call{next.URL.RequestURI(), next.Method, len(via), via[0] == req})
		next.Header.Set("X-Added", strconv.Itoa(len(via)))
		if len(via) == 2 {
			return stop
		}
		return nil
	}

	// Followed to the end.
	resp, err := Do(c, req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	want := []call{{"/a|b", "GET", 1, true}, {"/100%", "GET", 2, true}}
	if !reflect.DeepEqual(calls, want) {
		t.Errorf("CheckRedirect calls: %+v, want %+v", calls, want)
	}
	reqs := s.requests()
	if len(reqs) != 3 || reqs[1].Header.Get("X-Added") != "1" || reqs[2].Header.Get("X-Added") != "2" {
		t.Errorf("the headers CheckRedirect set were not sent: %d requests", len(reqs))
	}

	// ErrUseLastResponse: the 307, its body unread.
	calls, stop = nil, http.ErrUseLastResponse
	req, _ = NewRequest(context.Background(), "GET", weburl.MustParse(s.url("/1")), nil)
	resp, err = Do(c, req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 307 || string(body) != "moved" || ResponseURL(resp).Href() != s.url("/a|b") {
		t.Errorf("ErrUseLastResponse: %d %q from %s, want 307 \"moved\" from /a|b", resp.StatusCode, body, ResponseURL(resp))
	}
	if got := len(s.requests()); got != 5 {
		t.Errorf("ErrUseLastResponse: %d requests in all, want 5", got)
	}

	// Another error: returned with the response, its body closed.
	stop = errors.New("no more")
	req, _ = NewRequest(context.Background(), "GET", weburl.MustParse(s.url("/1")), nil)
	resp, err = Do(c, req)
	var ue *url.Error
	if !errors.Is(err, stop) || !errors.As(err, &ue) || ue.URL != "/100%" || resp == nil || resp.StatusCode != 307 {
		t.Errorf("CheckRedirect's error: %v, %v; want it with the 307 and URL /100%%", resp, err)
	}
	if got := len(s.requests()); got != 7 {
		t.Errorf("CheckRedirect's error: %d requests in all, want 7", got)
	}
}

// recorder is a RoundTripper that records each request's context and
// wraps each response's body to count what is read and closed.
type recorder struct {
	rt     http.RoundTripper
	ctxs   []context.Context
	bodies []*countingBody
}

func (r *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	r.ctxs = append(r.ctxs, req.Context())
	resp, err := r.rt.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	b := &countingBody{rc: resp.Body}
	resp.Body = b
	r.bodies = append(r.bodies, b)
	return resp, nil
}

type countingBody struct {
	rc     io.ReadCloser
	read   int
	closed bool
}

func (b *countingBody) Read(p []byte) (int, error) {
	n, err := b.rc.Read(p)
	b.read += n
	return n, err
}

func (b *countingBody) Close() error { b.closed = true; return b.rc.Close() }

// Timeout is one deadline for every hop and the final body; nothing here
// waits for it but the case that must fail.
func TestDoTimeout(t *testing.T) {
	forEachEntry(t, func(t *testing.T, do doFunc) {
		s := listen(t)
		s.serve(func(r *rawRequest) string {
			switch r.Target() {
			case "/1":
				return redirect(302, "/2")
			case "/2":
				return redirect(307, "/3")
			case "/hang":
				return s.hang()
			}
			return response(200, "done")
		})
		rec := &recorder{rt: newClient(t).Transport}
		c := &http.Client{Transport: rec, Timeout: 24 * time.Hour} // never reached
		req, _ := NewRequest(context.Background(), "GET", weburl.MustParse(s.url("/1")), nil)
		resp, err := do(c, req)
		if err != nil {
			t.Fatal(err)
		}
		if len(rec.ctxs) != 3 {
			t.Fatalf("%d hops, want 3", len(rec.ctxs))
		}
		first, ok := rec.ctxs[0].Deadline()
		if !ok {
			t.Fatal("no deadline on the first hop")
		}
		for i, ctx := range rec.ctxs {
			if d, ok := ctx.Deadline(); !ok || !d.Equal(first) {
				t.Errorf("hop %d: deadline %v %v, want the first hop's", i+1, d, ok)
			}
		}
		if _, ok := req.Context().Deadline(); ok {
			t.Error("the caller's request got a deadline")
		}
		last := rec.ctxs[2]
		if last.Err() != nil {
			t.Fatalf("the exchange ended before the body was read: %v", last.Err())
		}
		if b, err := io.ReadAll(resp.Body); err != nil || string(b) != "done" {
			t.Fatalf("body %q, %v", b, err)
		}
		resp.Body.Close()
		if last.Err() != context.Canceled {
			t.Errorf("after Close, the exchange's context is %v, want canceled", last.Err())
		}

		// A server that never answers: the deadline of 1ns ends it.
		c = &http.Client{Transport: newClient(t).Transport, Timeout: 1}
		req, _ = NewRequest(context.Background(), "GET", weburl.MustParse(s.url("/hang")), nil)
		resp, err = do(c, req)
		var ue *url.Error
		if !errors.Is(err, context.DeadlineExceeded) || !errors.As(err, &ue) || !ue.Timeout() {
			t.Errorf("Timeout: %v, %v; want a *url.Error with Timeout() wrapping context.DeadlineExceeded", resp, err)
		}
	})
}

// fakeTransport answers from a list of responses, without a network.
type fakeTransport []*http.Response

func (f *fakeTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Body != nil {
		req.Body.Close()
	}
	r := (*f)[0]
	*f = (*f)[1:]
	r.Request = req
	return r, nil
}

// The bodies of redirects are read up to 2 KiB, when not longer as their
// Content-Length says, and closed; the final one is left to the caller.
func TestDoDrainsRedirects(t *testing.T) {
	forEachEntry(t, func(t *testing.T, do doFunc) {
		big := strings.Repeat("x", 1<<20)
		mk := func(status int, body string, length int64, loc string) *http.Response {
			h := http.Header{}
			if loc != "" {
				h.Set("Location", loc)
			}
			return &http.Response{StatusCode: status, Header: h, ContentLength: length, Body: io.NopCloser(strings.NewReader(body))}
		}
		ft := fakeTransport{
			mk(302, strings.Repeat("s", 100), 100, "/2"), // small: read to its end
			mk(302, big, 1<<20, "/3"),                    // long: not read
			mk(302, big, -1, "/4"),                       // unknown: 2 KiB read
			mk(200, "final", 5, ""),
		}
		rec := &recorder{rt: &ft}
		req, _ := NewRequest(context.Background(), "GET", weburl.MustParse("http://example.com/1"), nil)
		resp, err := do(&http.Client{Transport: rec}, req)
		if err != nil {
			t.Fatal(err)
		}
		type state struct {
			Read   int
			Closed bool
		}
		var got []state
		for _, b := range rec.bodies {
			got = append(got, state{b.read, b.closed})
		}
		want := []state{{100, true}, {0, true}, {2048, true}, {0, false}}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("bodies: %+v, want %+v", got, want)
		}
		if got := ResponseURL(resp).Href(); got != "http://example.com/4" {
			t.Errorf("ResponseURL %q", got)
		}
		resp.Body.Close()
	})
}

// A nil client is http.DefaultClient and a nil Transport
// http.DefaultTransport.
func TestDoDefaults(t *testing.T) {
	forEachEntry(t, func(t *testing.T, do doFunc) {
		s := listen(t)
		s.serve(func(r *rawRequest) string {
			if r.Target() == "/1" {
				return redirect(302, "/a|b")
			}
			return response(200, "")
		})
		for _, c := range []*http.Client{nil, {}} {
			resp, _ := getWith(t, do, c, s.url("/1"))
			if got := ResponseURL(resp).Href(); got != s.url("/a|b") {
				t.Errorf("client %v: ResponseURL %q", c, got)
			}
		}
		want := []string{"GET /1 HTTP/1.1", "GET /a|b HTTP/1.1", "GET /1 HTTP/1.1", "GET /a|b HTTP/1.1"}
		if !reflect.DeepEqual(s.lines(), want) {
			t.Errorf("requests: %q, want %q", s.lines(), want)
		}
		http.DefaultTransport.(*http.Transport).CloseIdleConnections()
	})
}

// Requests that NewRequest did not make are read with FromNetURL; those
// that are not HTTP(S) are refused before anything is sent.
func TestDoOtherRequests(t *testing.T) {
	forEachEntry(t, func(t *testing.T, do doFunc) {
		s := listen(t)
		s.serve(func(r *rawRequest) string {
			if r.Target() == "/1" {
				return redirect(302, "/a|b")
			}
			return response(200, "")
		})
		c := newClient(t)
		req, err := http.NewRequest("GET", s.url("/1#f"), nil)
		if err != nil {
			t.Fatal(err)
		}
		resp, err := do(c, req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if got := ResponseURL(resp).Href(); got != s.url("/a|b#f") {
			t.Errorf("ResponseURL %q, want %q", got, s.url("/a|b#f"))
		}
		for _, raw := range []string{"ftp://127.0.0.1/", "file:///etc/passwd"} {
			req, err := http.NewRequest("GET", raw, strings.NewReader("x"))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := do(c, req); !errors.Is(err, ErrNotHTTP) {
				t.Errorf("%s: %v, want ErrNotHTTP", raw, err)
			}
		}
		// net/http's Client refuses a nil URL itself and panics on a nil
		// request; Do and Transport.RoundTrip fail.
		if isTransport(t) {
			if _, err := (&Transport{}).RoundTrip(nil); !errors.Is(err, ErrNoURL) {
				t.Errorf("nil request: %v, want ErrNoURL", err)
			}
		} else {
			req.URL = nil
			if _, err := do(c, req); !errors.Is(err, ErrNoURL) {
				t.Errorf("nil URL: %v, want ErrNoURL", err)
			}
			if _, err := do(c, nil); !errors.Is(err, ErrNoURL) {
				t.Errorf("nil request: %v, want ErrNoURL", err)
			}
		}
		if got := len(s.requests()); got != 2 {
			t.Errorf("%d requests, want 2", got)
		}
	})
}

func TestResponseURL(t *testing.T) {
	forEachEntry(t, func(t *testing.T, do doFunc) {
		if ResponseURL(nil) != nil || ResponseURL(&http.Response{}) != nil {
			t.Error("ResponseURL of nothing is not nil")
		}
		// A request from net/http: read with FromNetURL.
		req, _ := http.NewRequest("GET", "http://example.com/a%7Cb?q#f", nil)
		if got := ResponseURL(&http.Response{Request: req}).Href(); got != "http://example.com/a%7Cb?q#f" {
			t.Errorf("from net/http: %q", got)
		}
		// NewRequest's URL, an empty fragment included; a copy each time.
		u := weburl.MustParse("http://example.com/a|b?#")
		req, _ = NewRequest(context.Background(), "GET", u, nil)
		got := ResponseURL(&http.Response{Request: req})
		if got.Href() != "http://example.com/a|b?#" {
			t.Errorf("from NewRequest: %q", got.Href())
		}
		got.SetPathname("/changed")
		if again := ResponseURL(&http.Response{Request: req}).Href(); again != "http://example.com/a|b?#" {
			t.Errorf("the kept URL changed: %q", again)
		}
		// A request whose URL was changed: the new one counts.
		req.URL.Path, req.URL.RawPath, req.URL.Opaque = "/other", "", ""
		if got := ResponseURL(&http.Response{Request: req}).Href(); got != "http://example.com/other?" {
			t.Errorf("after a change of URL: %q", got)
		}
	})
}

// http to https and back are changes of origin (the scheme differs): the
// credentials go. The https server is Go's, for its TLS.
func TestDoAcrossSchemes(t *testing.T) {
	forEachEntry(t, func(t *testing.T, do doFunc) {
		plain := listen(t)
		var mu sync.Mutex
		var got []string // what the https server saw
		tlsSrv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			got = append(got, r.RequestURI+" auth="+r.Header.Get("Authorization"))
			mu.Unlock()
			http.Redirect(w, r, plain.url("/back"), http.StatusFound)
		}))
		defer tlsSrv.Close()
		secure := "https://" + tlsSrv.Listener.Addr().String()
		plain.serve(func(r *rawRequest) string {
			if r.Target() == "/start" {
				return redirect(307, secure+"/s|1")
			}
			return response(200, "")
		})
		c := tlsSrv.Client()
		req, _ := NewRequest(context.Background(), "GET", weburl.MustParse(plain.url("/start")), nil)
		req.Header.Set("Authorization", "Bearer t")
		resp, err := do(c, req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		mu.Lock()
		defer mu.Unlock()
		if want := []string{"/s|1 auth="}; !reflect.DeepEqual(got, want) {
			t.Errorf("the https server saw %q, want %q", got, want)
		}
		reqs := plain.requests()
		if len(reqs) != 2 || reqs[0].Header.Get("Authorization") != "Bearer t" || reqs[1].Line != "GET /back HTTP/1.1" || reqs[1].Header.Get("Authorization") != "" {
			t.Errorf("the http server saw %d requests: %+v", len(reqs), reqs)
		}
		if got := ResponseURL(resp).Href(); got != plain.url("/back") {
			t.Errorf("ResponseURL %q", got)
		}
	})
}

// A URL that CheckRedirect sets is the one sent, and the base of the next
// Location.
func TestDoCheckRedirectChangesURL(t *testing.T) {
	s := listen(t)
	s.serve(func(r *rawRequest) string {
		switch r.Target() {
		case "/1":
			return redirect(302, "/2")
		case "/elsewhere/a|x":
			return redirect(302, "b")
		}
		return response(200, "")
	})
	c := newClient(t)
	c.CheckRedirect = func(next *http.Request, via []*http.Request) error {
		if len(via) == 1 {
			next.URL = weburl.MustParse(s.url("/elsewhere/a|x#f2")).NetURL()
		}
		return nil
	}
	resp, _ := get(t, c, s.url("/1"))
	want := []string{"GET /1 HTTP/1.1", "GET /elsewhere/a|x HTTP/1.1", "GET /elsewhere/b HTTP/1.1"}
	if got := s.lines(); !reflect.DeepEqual(got, want) {
		t.Errorf("requests %q, want %q", got, want)
	}
	if got := ResponseURL(resp).Href(); got != s.url("/elsewhere/b#f2") {
		t.Errorf("ResponseURL %q, want %q", got, s.url("/elsewhere/b#f2"))
	}
}

// Hostile Locations cost time and memory linear in their length, and an
// error quotes at most 1 KiB of one: allocated bytes are counted at two
// sizes, one double the other, through a transport without a network.
func TestDoHostileLocation(t *testing.T) {
	if testing.Short() {
		t.Skip("follows 1 MiB Locations; skipped with -short")
	}
	for _, tc := range []struct {
		name string
		make func(n int) string
		err  bool
	}{
		{"bytes-not-utf8-in-path", func(n int) string { return "/" + strings.Repeat("\xe9", n) }, false},
		{"bytes-not-utf8-in-fragment", func(n int) string { return "#" + strings.Repeat("\xff", n) }, false},
		{"bytes-not-utf8-in-host", func(n int) string { return "http://" + strings.Repeat("\xe9", n) + "/" }, true},
		{"long-scheme", func(n int) string { return strings.Repeat("a", n) + ":x" }, true},
		{"percent-runs", func(n int) string { return "/" + strings.Repeat("%\xe9", n/2) }, false},
	} {
		var per [2]float64
		for i, n := range []int{512 << 10, 1 << 20} {
			loc := tc.make(n)
			ft := fakeTransport{
				{StatusCode: 302, Header: http.Header{"Location": {loc}}, Body: http.NoBody},
				{StatusCode: 200, Header: http.Header{}, Body: http.NoBody},
			}
			req, _ := NewRequest(context.Background(), "GET", weburl.MustParse("http://example.com/"), nil)
			var err error
			b := alloctest.Bytes(func() { _, err = Do(&http.Client{Transport: &ft}, req) })
			if (err != nil) != tc.err {
				t.Fatalf("%s at %d bytes: %v, want an error %v", tc.name, n, err, tc.err)
			}
			// 1 KiB of the Location, each byte quoted in at most 4.
			if err != nil && (len(err.Error()) > 4<<10+512 || !strings.Contains(err.Error(), "more bytes)")) {
				t.Errorf("%s at %d bytes: an error of %d bytes, want the Location cut after 1 KiB: %.200s", tc.name, n, len(err.Error()), err)
			}
			per[i] = float64(b) / float64(n)
		}
		// Linear: as many bytes per input byte at twice the size (with
		// room for the noise of the runtime); bounded: at most 40.
		if per[1] > 1.25*per[0]+1 || per[1] > 40 {
			t.Errorf("%s: %.1f bytes allocated per Location byte at 512 KiB, %.1f at 1 MiB", tc.name, per[0], per[1])
		}
		t.Logf("%s: %.1f bytes allocated per Location byte at 1 MiB", tc.name, per[1])
	}
}

// A request carried through WithContext or Clone, with a context that is
// not the request's (as middleware makes), is read as the request it came
// from: SetBasicAuthFromURL sends the URL's credentials and ResponseURL
// keeps the empty fragment, which req.URL cannot hold. A copy whose URL
// was changed is read from its URL.
func TestRequestURLKeptAcrossContexts(t *testing.T) {
	const href = "http://us%40er:p%3Ass@example.com/a|b?q#"
	req, err := NewRequest(context.Background(), "GET", weburl.MustParse(href), nil)
	if err != nil {
		t.Fatal(err)
	}
	type ctxKey2 struct{}
	other := context.WithValue(context.Background(), ctxKey2{}, 1)
	for name, r := range map[string]*http.Request{
		"WithContext":                        req.WithContext(other),
		"Clone":                              req.Clone(other),
		"Clone of a Clone, then WithContext": req.Clone(context.TODO()).Clone(other).WithContext(context.TODO()),
	} {
		if got := ResponseURL(&http.Response{Request: r}); got == nil || got.Href() != href {
			t.Errorf("%s: ResponseURL %v, want %q", name, got, href)
		}
		if !SetBasicAuthFromURL(r) {
			t.Errorf("%s: SetBasicAuthFromURL found no credentials", name)
		}
		// RFC 7617: "us@er" and "p:ss", percent-decoded.
		if user, pass, ok := r.BasicAuth(); !ok || user != "us@er" || pass != "p:ss" {
			t.Errorf("%s: Basic %q %q %v, want us@er p:ss", name, user, pass, ok)
		}
	}
	changed := req.Clone(other)
	changed.URL.RawQuery = "r"
	if got := ResponseURL(&http.Response{Request: changed}); got == nil || got.Href() != "http://example.com/a|b?r" {
		t.Errorf("a Clone with another path: ResponseURL %v, want its URL read as it is", got)
	}
}

// The table that keeps request URLs for WithContext and Clone lets go of
// them: requests made and dropped, again and again, leave the table
// bounded (swept when it doubles).
func TestKeptURLsAreDropped(t *testing.T) {
	most := 0
	for i := range 20000 {
		if _, err := NewRequest(context.Background(), "GET", weburl.MustParse("http://example.com/x"), nil); err != nil {
			t.Fatal(err)
		}
		if i%500 == 0 {
			runtime.GC() // the requests made so far are garbage
		}
		keptURLs.Lock()
		most = max(most, len(keptURLs.m))
		keptURLs.Unlock()
	}
	// Swept when it reaches twice what the last sweep left (at least
	// 1024): at most some 500 live entries, so never 4,000.
	if most >= 4000 {
		t.Errorf("the table held %d entries for 20,000 dropped requests", most)
	}
}
