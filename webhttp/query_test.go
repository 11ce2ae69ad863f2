package webhttp

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/alloctest"
)

func pairsOf(s *weburl.SearchParams) [][2]string {
	var pairs [][2]string
	for k, v := range s.All() {
		pairs = append(pairs, [2]string{k, v})
	}
	return pairs
}

// Query gives the pairs of RequestURL(r)'s query: those of its
// SearchParams, from the target byte for byte or through the parser.
func TestQueryIsRequestURLs(t *testing.T) {
	for _, target := range []string{
		"/", "/p", "/p?", "/p?a=1&b=2", "/p??a=1", "/p?a=1&&b", "/p?a+b=%20c%2", "/p?a;b=c",
		"/p?caf\xc3\xa9=\xe2\x82", "/p?\xff\xfe=\xed\xa0\x80", "/p?a=\"<'>\"", "/p?a=\x01\x7f",
		"/p?a=b%", "/p?%zz=%41", "/a/../b?x=1",
		// Read through RequestURL: not origin form, or bytes the parser removes.
		"http://example.com/p?a=1&b", "/p?a=1\tb", "/p?a\n=1", "/p?a=1 ", "*", "/p?a#b",
	} {
		r := httptest.NewRequest("GET", "/", nil)
		r.RequestURI = target
		got, err := Query(r)
		u, uerr := RequestURL(r)
		if (err != nil) != (uerr != nil) {
			t.Errorf("%q: Query error %v, RequestURL error %v", target, err, uerr)
			continue
		}
		if err != nil {
			if err.Error() != uerr.Error() {
				t.Errorf("%q: Query error %v, RequestURL error %v", target, err, uerr)
			}
			continue
		}
		if want := pairsOf(u.SearchParams()); !slices.Equal(pairsOf(got), want) {
			t.Errorf("%q: %q, want %q", target, pairsOf(got), want)
		}
	}
	// A request without RequestURI: its URL's target.
	r := httptest.NewRequest("GET", "/p?a=1", nil)
	r.RequestURI = ""
	if got, err := Query(r); err != nil || !slices.Equal(pairsOf(got), [][2]string{{"a", "1"}}) {
		t.Errorf("without RequestURI: %v, %v", got, err)
	}
	if _, err := Query(nil); err == nil {
		t.Errorf("Query(nil): no error")
	}
}

// The bound is net/url's: Query refuses a query exactly when ParseQuery
// does for its count of pairs, ';' counting for nothing.
func TestQueryBound(t *testing.T) {
	for _, n := range []int{1, 2, 9999, 10000, 10001, 20000} {
		for _, sep := range []string{"&", "&;"} {
			query := strings.Repeat("a=1"+sep, n-1) + "a=1"
			_, netErr := url.ParseQuery(query)
			netRefuses := netErr != nil && strings.Contains(netErr.Error(), "exceeded limit")
			r := httptest.NewRequest("GET", "/p?"+query, nil)
			got, err := Query(r)
			if (err != nil) != netRefuses {
				t.Errorf("%d pairs (%q): Query error %v, net/url %v", n, sep, err, netErr)
				continue
			}
			if err == nil {
				if got.Size() != n {
					t.Errorf("%d pairs: Size %d", n, got.Size())
				}
				continue
			}
			var e *Error
			if !errors.As(err, &e) || e.Op != "query" || e.URL != "/p?"+query || !errors.Is(err, ErrTooManyQueryPairs) {
				t.Errorf("%d pairs: %#v", n, err)
			}
			if msg := err.Error(); !strings.Contains(msg, strconv.Itoa(n)+" pairs") || !strings.Contains(msg, "(10000)") || len(msg) > 1200 {
				t.Errorf("%d pairs: the message does not name the count and the limit in 1 KiB: %.200q", n, msg)
			}
		}
	}
}

// Hostile queries end in the error without allocating per pair, and the
// bytes a query allocates grow linearly with it below the bound.
func TestQueryHostile(t *testing.T) {
	if testing.Short() {
		t.Skip("large inputs")
	}
	bytes := func(query string) uint64 {
		r := httptest.NewRequest("GET", "/", nil)
		r.RequestURI = "/p?" + query
		// The least of three: another goroutine of the test binary may
		// allocate meanwhile.
		least := ^uint64(0)
		for range 3 {
			least = min(least, alloctest.Bytes(func() { _, _ = Query(r) }))
		}
		return least
	}
	// 100,000 and 200,000 '&': the error, at the same cost.
	a, b := bytes(strings.Repeat("&", 100000)), bytes(strings.Repeat("&", 200000))
	if a > 1<<10 || b > 1<<10 {
		t.Errorf("100,000 '&': %d bytes, 200,000: %d bytes, want the error's alone", a, b)
	}
	for _, pair := range []string{"&", "a=1&", "%41=%42+&"} {
		n := MaxQueryPairs / 4
		small, large := bytes(strings.Repeat(pair, n)), bytes(strings.Repeat(pair, 2*n))
		if large > 2*small+uint64(2*n)+4096 {
			t.Errorf("%q × %d: %d bytes, × %d: %d bytes: not linear", pair, n, small, 2*n, large)
		}
		if per := large / uint64(2*n); per > 96 {
			t.Errorf("%q: %d bytes a pair", pair, per)
		}
	}
}

// End to end, on loopback: a handler that reads Query answers 400 to a
// request of 100,000 pairs and reads one of 10,000.
func TestQueryLoopback(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q, err := Query(r)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		fmt.Fprint(w, q.Size())
	}))
	defer srv.Close()
	for _, tt := range []struct {
		query  string
		status int
		body   string
	}{
		{strings.Repeat("a=1&", MaxQueryPairs-1) + "a=1", 200, "10000"},
		{strings.Repeat("&", 100000), 400, "webhttp: query \"/?&&&&"},
		{"a=1;b=2&c", 200, "2"},
	} {
		resp, err := http.Get(srv.URL + "/?" + tt.query)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tt.status || !strings.HasPrefix(string(body), tt.body) {
			t.Errorf("%.20q: %d %.80q, want %d %q", tt.query, resp.StatusCode, body, tt.status, tt.body)
		}
	}
}
