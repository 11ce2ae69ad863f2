package webhttp

import (
	"net/http"
	"net/http/httptest"
	"runtime"
	"testing"
	"weak"

	"github.com/weburl/weburl/urlpattern"
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
// reads does not keep a mux's patterns once the mux is gone, and that
// Match still answers for a request that outlives its mux.
func TestMatchOutlivesMux(t *testing.T) {
	r := servedRequest(t)
	runtime.GC()
	wp, ok := registered.Load("GET /gone/:id")
	if !ok {
		t.Fatal(`"GET /gone/:id" is not in the registry`)
	}
	if wp.(weak.Pointer[urlpattern.Pattern]).Value() != nil {
		t.Error("the pattern of a mux that is gone is still held")
	}
	m := Match(r)
	if m == nil {
		t.Fatal("Match = nil for a request whose mux is gone")
	}
	if g := m.Pathname.Groups; len(g) != 1 || g[0].Name != "id" || g[0].Value != "42" {
		t.Errorf("Match(GET /gone/42).Pathname.Groups = %v, want id=42", g)
	}
}
