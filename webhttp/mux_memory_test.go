package webhttp

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"runtime"
	"slices"
	"testing"
	"unsafe"
)

// servedRequest returns the request a handler of a mux, now gone, got for
// GET /gone/42 on the pattern "GET /gone/:id".
func servedRequest(t *testing.T) *http.Request {
	t.Helper()
	m := NewServeMux()
	var got *http.Request
	m.HandleFunc("GET /gone/:id", func(_ http.ResponseWriter, r *http.Request) { got = r })
	m.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "http://example.com/gone/42", nil))
	if got == nil {
		t.Fatal("GET /gone/42 was not served by GET /gone/:id")
	}
	return got
}

// TestMatchOutlivesMux checks that the registry of patterns that Match
// reads does not keep a mux once it is gone, and that Match still answers
// for a request that outlives its mux.
func TestMatchOutlivesMux(t *testing.T) {
	r := servedRequest(t)
	runtime.GC()
	found := false
	registry.RLock()
	for _, e := range registry.muxes {
		if slices.Contains(*e.patterns, "GET /gone/:id") {
			found = true
			if e.m.Value() != nil {
				t.Error("the mux that is gone is still held by the registry")
			}
		}
	}
	registry.RUnlock()
	if !found {
		t.Fatal(`"GET /gone/:id" is not in the registry`)
	}
	m := Match(r)
	if m == nil {
		t.Fatal("Match = nil for a request whose mux is gone")
	}
	if g := m.Pathname.Groups; len(g) != 1 || g[0].Name != "id" || g[0].Value != "42" {
		t.Errorf("Match(GET /gone/42).Pathname.Groups = %v, want id=42", g)
	}
	// A pattern no ServeMux registered: net/http's, say.
	r.Pattern = "GET /gone/{id}"
	if m := Match(r); m != nil {
		t.Errorf("Match of a request routed by %q, which no ServeMux registered: %v, want nil", r.Pattern, m)
	}
}

// TestRoutesDropPatterns checks that once a mux has served, its routes
// keep no compiled pattern and its tables' Lists no pattern nor source
// (they hold what matching needs),
// that a Handle after it still finds shadowing, and that Match still
// gives the groups.
func TestRoutesDropPatterns(t *testing.T) {
	m := NewServeMux()
	var got *http.Request
	h := func(_ http.ResponseWriter, r *http.Request) { got = r }
	m.HandleFunc("GET /users/:id", h)
	m.HandleFunc("/files/:name/raw", h)
	m.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/users/7", nil))
	for _, rt := range m.routes {
		if rt.pat != nil {
			t.Errorf("%q keeps its compiled pattern after the tables are built", rt.pattern)
		}
	}
	for _, e := range m.tables.Load().byMethod {
		if p := e.mt.list.Pattern(0); p != nil {
			t.Errorf("%s table: the List keeps the pattern %v, or its source", e.method, p)
		}
	}
	if r := Match(got); r == nil || len(r.Pathname.Groups) != 1 || r.Pathname.Groups[0].Value != "7" {
		t.Errorf("Match(GET /users/7) = %v, want id=7", r)
	}
	defer func() {
		if recover() == nil {
			t.Error("GET /users/me after GET /users/:id, once served: no panic")
		}
	}()
	m.HandleFunc("GET /users/me", h)
}

// TestRegistrySweep checks that the registry Match reads does not grow
// with the patterns of muxes that are gone: a program that makes a mux
// with new patterns again and again keeps a bounded registry.
func TestRegistrySweep(t *testing.T) {
	for i := range 2000 {
		m := NewServeMux()
		m.HandleFunc(fmt.Sprintf("GET /sweep/%d/:id", i), func(http.ResponseWriter, *http.Request) {})
		if i%100 == 99 {
			runtime.GC()
		}
	}
	runtime.GC()
	registry.RLock()
	n := len(registry.muxes)
	registry.RUnlock()
	// At most the live entries of other tests and twice what was live at
	// the last sweep (the muxes made since the last collection).
	if n > 1000 {
		t.Errorf("the registry holds %d muxes after 2000 muxes that are gone, want a bounded number", n)
	}
}

// TestNoRoutesShared checks that a mux whose every pattern names its
// method builds no table of its own for the other methods, and still
// answers them: 405 where a pattern matches the URL, 404 where none does.
func TestNoRoutesShared(t *testing.T) {
	m := NewServeMux()
	m.HandleFunc("GET /a/:x", func(http.ResponseWriter, *http.Request) {})
	for _, tc := range []struct {
		method, target string
		status         int
	}{{"BREW", "/a/1", http.StatusMethodNotAllowed}, {"BREW", "/b", http.StatusNotFound}, {"GET", "/a/1", http.StatusOK}} {
		w := httptest.NewRecorder()
		m.ServeHTTP(w, httptest.NewRequest(tc.method, tc.target, nil))
		if w.Code != tc.status {
			t.Errorf("%s %s: %d, want %d", tc.method, tc.target, w.Code, tc.status)
		}
	}
	if others := m.tables.Load().others; others != noRoutes {
		t.Errorf("the table of other methods is a table of its own, %p, not noRoutes", others)
	}
}

// TestMuxSizes holds what a mux keeps per route and per method table to
// the size classes their doc comments promise, on a 64-bit machine.
func TestMuxSizes(t *testing.T) {
	if unsafe.Sizeof(uintptr(0)) != 8 {
		t.Skip("the sizes are a 64-bit machine's")
	}
	if n := unsafe.Sizeof(route{}); n != 48 {
		t.Errorf("a route is %d bytes, want 48", n)
	}
	if n := unsafe.Sizeof(methodTable{}); n > 48 {
		t.Errorf("a methodTable is %d bytes, want 48 or fewer", n)
	}
}
