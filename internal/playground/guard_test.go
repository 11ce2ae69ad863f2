package playground

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// steps records the steps of the API's work, as Options.Step sees them.
type steps struct {
	mu    sync.Mutex
	names []string
}

func (s *steps) step(_ context.Context, name string) {
	s.mu.Lock()
	s.names = append(s.names, name)
	s.mu.Unlock()
}

func (s *steps) taken() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.names)
}

// TestCrossOrigin: what a page on another origin can make a browser send
// is refused before any work, and what the page itself sends is answered.
// Browsers send Sec-Fetch-Site (Fetch Metadata) and, on a POST or a CORS
// request, Origin; a server on another port of 127.0.0.1 is same-site.
func TestCrossOrigin(t *testing.T) {
	const body = `{"url":"https://example.com/"}`
	tests := []struct {
		name  string
		host  string
		ctype string
		hdr   map[string][]string
		want  int
	}{
		{"another site", "", "application/json", map[string][]string{"Sec-Fetch-Site": {"cross-site"}, "Origin": {"https://evil.example"}}, 403},
		{"another site, Origin only", "", "application/json", map[string][]string{"Origin": {"https://evil.example"}}, 403},
		{"another site, Sec-Fetch-Site only", "", "application/json", map[string][]string{"Sec-Fetch-Site": {"cross-site"}}, 403},
		{"another port of 127.0.0.1", "", "application/json", map[string][]string{"Sec-Fetch-Site": {"same-site"}, "Origin": {"http://127.0.0.1:9999"}}, 403},
		{"another port, Origin only", "", "application/json", map[string][]string{"Origin": {"http://127.0.0.1:9999"}}, 403},
		{"https on the same host and port", "", "application/json", map[string][]string{"Origin": {"https://127.0.0.1:8080"}}, 403},
		{"localhost is not 127.0.0.1", "", "application/json", map[string][]string{"Origin": {"http://localhost:8080"}}, 403},
		{"an opaque origin (sandboxed frame, data: page)", "", "application/json", map[string][]string{"Origin": {"null"}}, 403},
		{"an empty Origin", "", "application/json", map[string][]string{"Origin": {""}}, 403},
		{"two Origins", "", "application/json", map[string][]string{"Origin": {"http://127.0.0.1:8080", "https://evil.example"}}, 403},
		{"two Sec-Fetch-Site", "", "application/json", map[string][]string{"Sec-Fetch-Site": {"same-origin", "cross-site"}}, 403},
		{"an unknown Sec-Fetch-Site", "", "application/json", map[string][]string{"Sec-Fetch-Site": {"same-origin-ish"}}, 403},
		{"Sec-Fetch-Site in upper case", "", "application/json", map[string][]string{"Sec-Fetch-Site": {"SAME-ORIGIN"}}, 403},
		{"Origin with a path", "", "application/json", map[string][]string{"Origin": {"http://127.0.0.1:8080/"}}, 403},
		{"a form post from elsewhere", "", "application/x-www-form-urlencoded", map[string][]string{"Sec-Fetch-Site": {"cross-site"}, "Origin": {"https://evil.example"}}, 403},
		{"a Host with a path", "127.0.0.1:8080/x", "application/json", map[string][]string{"Origin": {"http://127.0.0.1:8080"}}, 403},

		// The page's own requests, and programs that send neither header.
		{"the page", "", "application/json", map[string][]string{"Sec-Fetch-Site": {"same-origin"}, "Origin": {"http://127.0.0.1:8080"}}, 200},
		{"the page, Origin only", "", "application/json", map[string][]string{"Origin": {"http://127.0.0.1:8080"}}, 200},
		{"the page on localhost", "localhost:8080", "application/json", map[string][]string{"Sec-Fetch-Site": {"same-origin"}, "Origin": {"http://localhost:8080"}}, 200},
		{"the page on LOCALHOST", "LOCALHOST:8080", "application/json", map[string][]string{"Origin": {"http://localhost:8080"}}, 200},
		{"the page on port 80", "127.0.0.1:80", "application/json", map[string][]string{"Origin": {"http://127.0.0.1"}}, 200},
		{"the page on [::1]", "[::1]:8080", "application/json", map[string][]string{"Origin": {"http://[::1]:8080"}}, 200},
		{"user-initiated", "", "application/json", map[string][]string{"Sec-Fetch-Site": {"none"}}, 200},
		{"curl", "", "application/json", nil, 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var s steps
			h := Handler(Options{Step: s.step})
			for _, path := range []string{"/api/parse", "/api/set", "/api/pattern"} {
				req := httptest.NewRequest("POST", path, strings.NewReader(body))
				req.Host = "127.0.0.1:8080"
				if tt.host != "" {
					req.Host = tt.host
				}
				req.Header.Set("Content-Type", tt.ctype)
				for k, vs := range tt.hdr {
					req.Header[k] = vs
				}
				w := httptest.NewRecorder()
				h.ServeHTTP(w, req)
				want := tt.want
				if want == 200 && path == "/api/set" {
					want = 400 // no attr: the endpoint ran and said why
				}
				if w.Code != want {
					t.Errorf("%s: status %d, want %d: %s", path, w.Code, want, w.Body)
				}
				var v map[string]any
				if err := json.Unmarshal(w.Body.Bytes(), &v); err != nil {
					t.Errorf("%s: not JSON: %q", path, w.Body)
				}
				if want == 403 && !strings.Contains(v["error"].(string), "refused") {
					t.Errorf("%s: reason %q", path, v["error"])
				}
			}
			if got := s.taken(); (len(got) == 0) != (tt.want == 403) {
				t.Errorf("steps taken %q for a request answered %d", got, tt.want)
			}
		})
	}
}

// TestRefusalNamesTheHeader: the 403 quotes what was sent, cut at 1 KiB.
func TestRefusalNamesTheHeader(t *testing.T) {
	h := Handler(Options{})
	for value, want := range map[string]string{
		"https://evil.example":                `Origin "https://evil.example" is not the page's own (http://127.0.0.1:8080)`,
		"http://" + strings.Repeat("a", 4000): `aaa"… (2983 more bytes) is not the page's own`,
	} {
		req := httptest.NewRequest("POST", "/api/parse", strings.NewReader(`{}`))
		req.Host = "127.0.0.1:8080"
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Origin", value)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		var v struct{ Error string }
		json.Unmarshal(w.Body.Bytes(), &v)
		if w.Code != 403 || !strings.Contains(v.Error, want) || len(v.Error) > 1200 {
			t.Errorf("Origin %.40q: %d %.200s, want 403 with %q", value, w.Code, v.Error, want)
		}
	}
}

// TestStaticFilesCrossSite: the page and its files are served to anyone on
// loopback: they hold nothing but the page, and frame-ancestors 'none'
// keeps them out of other pages' frames.
func TestStaticFilesCrossSite(t *testing.T) {
	h := Handler(Options{})
	req := httptest.NewRequest("GET", "/app.js", nil)
	req.Host = "127.0.0.1:8080"
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	if w.Code != 200 || !strings.Contains(w.Header().Get("Content-Security-Policy"), "frame-ancestors 'none'") {
		t.Errorf("GET /app.js cross-site: %d, CSP %q", w.Code, w.Header().Get("Content-Security-Policy"))
	}
}

// TestInFlight: MaxInFlight requests at work; one more is 503 at once,
// with Retry-After, and does no work; once one ends, the next is answered.
func TestInFlight(t *testing.T) {
	const n = 2
	entered := make(chan string)
	release := make(chan struct{})
	var s steps
	h := Handler(Options{MaxInFlight: n, Step: func(ctx context.Context, step string) {
		s.step(ctx, step)
		if step == "neturl" || step == "compile" { // the first step of parse and of pattern
			select {
			case entered <- step:
				<-release
			case <-release:
			}
		}
	}})
	send := func(path, body string) *httptest.ResponseRecorder {
		req := httptest.NewRequest("POST", path, strings.NewReader(body))
		req.Host = "127.0.0.1:8080"
		req.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		return w
	}
	done := make(chan *httptest.ResponseRecorder, n)
	go func() { done <- send("/api/parse", `{"url":"https://a/"}`) }()
	go func() { done <- send("/api/pattern", `{"pattern":"https://a/*","url":"https://a/b"}`) }()
	<-entered
	<-entered
	before := len(s.taken())
	for _, path := range []string{"/api/parse", "/api/set", "/api/pattern"} {
		w := send(path, `{"url":"https://b/","attr":"hash","pattern":"*"}`)
		if w.Code != http.StatusServiceUnavailable || w.Header().Get("Retry-After") == "" ||
			!strings.Contains(w.Body.String(), "busy: 2 requests") {
			t.Errorf("%s with %d in flight: %d %q, Retry-After %q", path, n, w.Code, w.Body, w.Header().Get("Retry-After"))
		}
	}
	if got := s.taken(); len(got) != before {
		t.Errorf("the refused requests took steps: %q", got[before:])
	}
	close(release)
	for range n {
		if w := <-done; w.Code != 200 {
			t.Errorf("a request in flight: %d %s", w.Code, w.Body)
		}
	}
	if w := send("/api/parse", `{"url":"https://c/"}`); w.Code != 200 {
		t.Errorf("after the others ended: %d %s", w.Code, w.Body)
	}
}

// TestContextEnds: when the request's context ends (the client went, or
// the timeout passed) during a step, that step ends but no later step
// starts, and the answer says so. The test cancels the context in the hook of each step in turn.
func TestContextEnds(t *testing.T) {
	requests := []struct {
		path, body string
		steps      []string // every step, in order
	}{
		{"/api/parse", `{"url":"data:text/plain,hi","base":"https://e.org/"}`,
			[]string{"neturl", "base", "parse", "wire", "data", "site", "keys", "write"}},
		{"/api/set", `{"url":"https://e.org/","attr":"hash","value":"x"}`, []string{"base", "parse", "set", "write"}},
		{"/api/pattern", `{"pattern":"https://e.org/:x","url":"https://e.org/y"}`, []string{"compile", "exec", "write"}},
	}
	for _, r := range requests {
		// Every step runs when nothing ends the context.
		var all steps
		w := serveWithContext(Handler(Options{Step: all.step}), context.Background(), r.path, r.body)
		if w.Code != 200 || !slices.Equal(all.taken(), r.steps) {
			t.Fatalf("%s: %d, steps %q, want %q", r.path, w.Code, all.taken(), r.steps)
		}
		for i, stop := range r.steps {
			ctx, cancel := context.WithCancel(context.Background())
			var s steps
			h := Handler(Options{Step: func(c context.Context, step string) {
				s.step(c, step)
				if step == stop {
					cancel()
				}
			}})
			w := serveWithContext(h, ctx, r.path, r.body)
			if got := s.taken(); !slices.Equal(got, r.steps[:i+1]) {
				t.Errorf("%s, cancelled in %s: steps %q, want %q", r.path, stop, got, r.steps[:i+1])
			}
			if stop == "write" {
				// A step that has started runs to its end: here, writing
				// the answer the work made.
				if w.Code != 200 {
					t.Errorf("%s, cancelled as it writes: %d %s", r.path, w.Code, w.Body)
				}
			} else if w.Code != http.StatusServiceUnavailable || !strings.Contains(w.Body.String(), "stopped: context canceled") {
				t.Errorf("%s, cancelled in %s: %d %s", r.path, stop, w.Code, w.Body)
			}
		}
		// A context that has ended before the work starts: no step at all.
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		var none steps
		if w := serveWithContext(Handler(Options{Step: none.step}), ctx, r.path, r.body); w.Code != 503 || len(none.taken()) != 0 {
			t.Errorf("%s with its context ended: %d, steps %q", r.path, w.Code, none.taken())
		}
	}
}

// TestTimeout: a step that outlasts Options.Timeout is the last one, and
// the answer names the timeout. The deadline comes when the "parse" step
// says so (expiry, a request context whose deadline the test sets off), not
// by the clock: a busy machine that takes an hour between two steps gets
// the same answer.
func TestTimeout(t *testing.T) {
	var s steps
	parent := &expiry{done: make(chan struct{})}
	h := Handler(Options{Timeout: time.Hour, Step: func(ctx context.Context, step string) {
		s.step(ctx, step)
		if step == "parse" {
			close(parent.done)
			<-ctx.Done()
		}
	}})
	w := serveWithContext(h, parent, "/api/parse", `{"url":"https://e.org/"}`)
	if w.Code != 503 || !strings.Contains(w.Body.String(), "took longer than 1h0m0s") {
		t.Errorf("%d %s", w.Code, w.Body)
	}
	if got := s.taken(); !slices.Equal(got, []string{"neturl", "base", "parse"}) {
		t.Errorf("steps %q", got)
	}
}

// expiry is a context whose deadline passes when done is closed.
type expiry struct{ done chan struct{} }

func (e *expiry) Deadline() (time.Time, bool) { return time.Time{}, false }
func (e *expiry) Done() <-chan struct{}       { return e.done }
func (e *expiry) Value(any) any               { return nil }
func (e *expiry) Err() error {
	select {
	case <-e.done:
		return context.DeadlineExceeded
	default:
		return nil
	}
}

func serveWithContext(h http.Handler, ctx context.Context, path, body string) *httptest.ResponseRecorder {
	req := httptest.NewRequestWithContext(ctx, "POST", path, strings.NewReader(body))
	req.Host = "127.0.0.1:8080"
	req.Header.Set("Content-Type", "application/json")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w
}
