package webhttp

import (
	"bufio"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/weburl/weburl/internal/quote"
	"github.com/weburl/weburl/internal/shareddata"
)

// Each case registers before, then after. A shadowed after panics naming
// both; the case gives a request that before takes (reach is then routed
// to before, whichever order: after can never be chosen for it). An
// after that is not refused gets a request that reaches it.
var shadowTests = []struct {
	before, after string
	shadowed      bool
	reach         string // "METHOD target": routed to after (or, when shadowed, to before)
}{
	// The shapes.
	{"GET /a/:x", "GET /a/b", true, "GET /a/b"},
	{"/*", "GET /anything/:x", true, "GET /anything/y"},
	{"/*", "/", true, "PUT /"},
	{"GET /a/:id(\\d+)", "GET /a/:n(\\d+)", true, "GET /a/12"},
	{"https://h/*", "https://h/a", true, "GET https://h/a"},
	{"GET /api/articles/:slug", "GET /api/articles/feed", true, "GET /api/articles/feed"},
	// Literal text in the percent-encoding normal form (RFC 3986 §6.2.2.2):
	// %65 is "e", so the second spelling names the first route again.
	{"GET /feed", "GET /fe%65d", true, "GET /feed"},
	{"GET /caf%c3%a9", "GET /café", true, "GET /caf%C3%A9"},
	// Methods: GET serves HEAD, no method serves all.
	{"GET /a/:x", "HEAD /a/b", true, "HEAD /a/b"},
	{"/a/:x", "GET /a/b", true, "GET /a/b"},
	{"GET /a/:x", "POST /a/b", false, "POST /a/b"},
	{"HEAD /a/:x", "GET /a/b", false, "GET /a/b"},
	{"GET /a/:x", "/a/b", false, "POST /a/b"},
	{"POST /a/:x", "PUT /a/b", false, "PUT /a/b"},
	// In part: the first registered match wins, and after keeps the rest.
	{"GET /a/b", "GET /a/:x", false, "GET /a/c"},
	{"GET /a/:x", "GET /a/:x/:y", false, "GET /a/b/c"},
	{"https://h/*", "/a", false, "GET http://h/a"},
	{"GET /files/*", "GET /files{/:name}?", false, "GET /files"},
	{"GET /:a/b", "GET /a/:b", false, "GET /a/c"},
	// A segment wildcard covers an expression that holds no "/".
	{"GET /a/:x", "GET /a/:id(\\d+)", true, "GET /a/12"},
	// Not detected: two expressions that differ (see Covers).
	{"GET /a/:id(\\d+)", "GET /a/:n([0-9]+)", false, ""},
	{"GET /a/:x", "GET /a/:p(.+)", false, "GET /a/b/c"},
}

func TestShadow(t *testing.T) {
	for _, tt := range shadowTests {
		m := NewServeMux()
		m.HandleFunc(tt.before, echo)
		var msg string
		func() {
			defer func() {
				if v := recover(); v != nil {
					msg = fmt.Sprint(v)
				}
			}()
			m.HandleFunc(tt.after, echo)
		}()
		if (msg != "") != tt.shadowed {
			t.Errorf("%q then %q: panic %q, want shadowed %v", tt.before, tt.after, msg, tt.shadowed)
			continue
		}
		if tt.shadowed && (!strings.Contains(msg, quote.String(tt.before)) || !strings.Contains(msg, quote.String(tt.after))) {
			t.Errorf("%q then %q: %q does not name both", tt.before, tt.after, msg)
		}
		if tt.reach == "" {
			continue
		}
		// The request reaches after when after is registered, or goes to
		// before when it may not be: both in a mux with after first.
		method, target, _ := strings.Cut(tt.reach, " ")
		r := httptest.NewRequest(method, target, nil)
		want := tt.after
		if tt.shadowed {
			want = tt.before
		} else if _, got := m.Handler(r); got != want {
			t.Errorf("%q then %q: %s is routed to %q, want %q", tt.before, tt.after, tt.reach, got, want)
		}
		// The pattern that matches: after alone, registered first.
		alone := NewServeMux()
		alone.HandleFunc(tt.after, echo)
		alone.HandleFunc("/never/:registered/"+fmt.Sprint(len(tt.after)), echo)
		if _, got := alone.Handler(r); got != tt.after {
			t.Errorf("%q: %s is routed to %q, want it", tt.after, tt.reach, got)
		}
		if tt.shadowed {
			if _, got := m.Handler(r); got != want {
				t.Errorf("%q then %q: %s is routed to %q, want %q", tt.before, tt.after, tt.reach, got, want)
			}
		}
	}
}

// A pattern registered twice is still refused as such.
func TestShadowTwice(t *testing.T) {
	m := NewServeMux()
	m.HandleFunc("GET /a/:x", echo)
	defer func() {
		if v := recover(); v == nil || !strings.Contains(fmt.Sprint(v), "registered twice") {
			t.Errorf("panic %v, want registered twice", v)
		}
	}()
	m.HandleFunc("GET /a/:x", echo)
}

// The patterns of the tests and of the benchmark route tables shadow
// none of each other: the check refuses nothing that routes.
func TestShadowRouteTables(t *testing.T) {
	m := NewServeMux()
	for _, p := range testPatterns {
		m.HandleFunc(p, echo)
	}
	dir, err := shareddata.Dir("WEBURL_BENCH_DIR", "bench")
	if err != nil {
		t.Skip(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "routes", "*.txt"))
	if len(files) == 0 {
		t.Skip("no route tables in " + dir)
	}
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		m := NewServeMux()
		n := 0
		for sc := bufio.NewScanner(f); sc.Scan(); {
			line := strings.TrimSpace(sc.Text())
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			if !strings.Contains(line, " ") {
				line = "GET " + line
			}
			m.HandleFunc(line, echo)
			n++
		}
		f.Close()
		if n == 0 {
			t.Errorf("%s: no routes", name)
		}
	}
}

func TestOverlaps(t *testing.T) {
	m := NewServeMux()
	for _, p := range []string{
		"GET /users/me",
		"GET /users/:id",
		"DELETE /users/:id",
		"GET /files/*",
		"/files/:name.txt",
		"POST /files/:name",
		"GET /a/:id(\\d+)",
		"GET /a/new",
	} {
		m.HandleFunc(p, echo)
	}
	want := []Overlap{
		{"GET /users/:id", []string{"GET /users/me"}},
		{"/files/:name.txt", []string{"GET /files/*"}},
		{"POST /files/:name", []string{"/files/:name.txt"}},
		{"GET /a/new", []string{"GET /a/:id(\\d+)"}}, // a regexp group reads as "*"
	}
	got := m.Overlaps()
	if !slices.EqualFunc(got, want, func(a, b Overlap) bool { return a.Pattern == b.Pattern && slices.Equal(a.By, b.By) }) {
		t.Errorf("Overlaps:\n%v\nwant\n%v", got, want)
	}
	// Each overlap is a request both match, routed to the earlier.
	for _, tt := range []struct{ reach, pattern string }{
		{"GET /users/me", "GET /users/me"},
		{"GET /files/a.txt", "GET /files/*"},
		{"POST /files/a.txt", "/files/:name.txt"},
		{"POST /files/a", "POST /files/:name"},
	} {
		method, target, _ := strings.Cut(tt.reach, " ")
		if _, got := m.Handler(httptest.NewRequest(method, target, nil)); got != tt.pattern {
			t.Errorf("%s: %q, want %q", tt.reach, got, tt.pattern)
		}
	}
	var zero ServeMux
	if got := zero.Overlaps(); got != nil {
		t.Errorf("the zero ServeMux: %v", got)
	}
}

var _ http.Handler = (*ServeMux)(nil)

// BenchmarkHandleRoutes registers a route table, as a program does at
// start: the shadowing check compares each pattern with those before it.
func BenchmarkHandleRoutes(b *testing.B) {
	for _, set := range routeTables {
		routes := readRouteTable(b, set)
		b.Run(set, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				m := NewServeMux()
				for _, r := range routes {
					m.HandleFunc(r, echo)
				}
			}
			b.ReportMetric(float64(len(routes)), "routes")
		})
	}
}
