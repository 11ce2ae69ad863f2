package playground

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/weburl/weburl/internal/alloctest"
)

// The work of one request is linear in its input: allocated bytes and the
// answer's size, counted at doubling sizes up to what MaxBody lets in,
// never timed.

var hostileURLs = []struct {
	name string
	make func(n int) string
}{
	{"pipes in the path", func(n int) string { return "https://h/" + strings.Repeat("|", n) }},
	{"// and pipes", func(n int) string { return "http://h//" + strings.Repeat("a|", n/2) }},
	{"non-ASCII path", func(n int) string { return "https://h/" + strings.Repeat("é", n/2) }},
	{"labels", func(n int) string { return "https://" + strings.Repeat("a.", n/2) + "com/" }},
	{"non-ASCII labels", func(n int) string { return "https://" + strings.Repeat("é.", n/3) + "com/" }},
	{"query pairs", func(n int) string { return "https://h/?" + strings.Repeat("a&", n/2) }},
	{"credentials", func(n int) string {
		return "https://" + strings.Repeat("u", n/2) + ":" + strings.Repeat("p", n/2) + "@h/"
	}},
	{"fragment", func(n int) string { return "https://h/#" + strings.Repeat("#|", n/2) }},
	{"dot segments", func(n int) string { return "https://h/" + strings.Repeat("./../", n/5) }},
	{"data: base64 image", func(n int) string {
		return "data:image/png;base64," + base64.StdEncoding.EncodeToString([]byte(strings.Repeat("\x89PNG", n/6)))
	}},
	{"data: percent-encoded", func(n int) string { return "data:," + strings.Repeat("%FF", n/3) }},
	{"data: parameters", func(n int) string { return "data:text/plain" + strings.Repeat(";a=b", n/4) + ",x" }},
	{"opaque path", func(n int) string { return "a:" + strings.Repeat("<>", n/2) }},
}

// discard is a ResponseWriter that counts the answer's bytes, as a
// connection would send them, without keeping them.
type discard struct {
	header http.Header
	status int
	n      int
}

func (d *discard) Header() http.Header         { return d.header }
func (d *discard) WriteHeader(status int)      { d.status = status }
func (d *discard) Write(b []byte) (int, error) { d.n += len(b); return len(b), nil }

func TestHostileLinear(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector makes allocation counts mean nothing")
	}
	h := Handler(Options{})
	for _, shape := range hostileURLs {
		// Two doublings, so that buffers grown by doubling (up to twice
		// what one size needs) cannot pass for what is not linear: four
		// times the input may cost eight times, where quadratic work
		// would cost sixteen.
		const n = 12 << 10 // the larger input, 48 KiB, and its JSON fit in MaxBody
		var sizes [2]int
		var bytes [2]uint64
		for i, size := range []int{n, 4 * n} {
			input := shape.make(size)
			var b strings.Builder
			enc := json.NewEncoder(&b)
			enc.SetEscapeHTML(false)
			enc.Encode(request{URL: input})
			body := b.String()
			var w *discard
			serve := func() {
				w = &discard{header: http.Header{}}
				req := httptest.NewRequest("POST", "/api/parse", strings.NewReader(body))
				req.Host = "127.0.0.1:8080"
				req.Header.Set("Content-Type", "application/json")
				h.ServeHTTP(w, req)
			}
			bytes[i] = alloctest.Bytes(serve)
			if w.status != 200 {
				t.Fatalf("%s at %d bytes: %d", shape.name, len(input), w.status)
			}
			sizes[i] = w.n
			// The answer repeats the URL in each of its readings (the
			// href, attributes, components, net/url's fields and
			// attributes, the wire, Display, the keys), percent-encoding
			// triples a byte, and the answer writes '<', '>' and '&' as
			// six (\u003c).
			if limit := 128*len(input) + 64<<10; sizes[i] > limit {
				t.Errorf("%s: an answer of %d bytes for %d bytes of input", shape.name, sizes[i], len(input))
			}
			// The costliest shape is a query of many pairs: the search
			// params and canon's sorted query take about 1.5 KB a pair.
			if limit := uint64(1024*len(input)) + 256<<10; bytes[i] > limit {
				t.Errorf("%s: %d bytes allocated for %d bytes of input (limit %d)", shape.name, bytes[i], len(input), limit)
			}
		}
		if bytes[1] > 8*bytes[0]+256<<10 || sizes[1] > 5*sizes[0]+16<<10 {
			t.Errorf("%s: %d bytes allocated and %d answered for %d KiB, %d and %d for four times that: not linear",
				shape.name, bytes[0], sizes[0], n>>10, bytes[1], sizes[1])
		}
		t.Logf("%-22s %2d KiB: %8d bytes allocated, %7d answered; %2d KiB: %8d, %7d", shape.name,
			n>>10, bytes[0], sizes[0], 4*n>>10, bytes[1], sizes[1])
	}
}

// BenchmarkHostileParse is /api/parse on 48 KiB of each hostile shape.
func BenchmarkHostileParse(b *testing.B) {
	h := Handler(Options{})
	for _, shape := range hostileURLs {
		var sb strings.Builder
		enc := json.NewEncoder(&sb)
		enc.SetEscapeHTML(false)
		enc.Encode(request{URL: shape.make(48 << 10)})
		body := sb.String()
		b.Run(shape.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				w := &discard{header: http.Header{}}
				req := httptest.NewRequest("POST", "/api/parse", strings.NewReader(body))
				req.Host = "127.0.0.1:8080"
				req.Header.Set("Content-Type", "application/json")
				h.ServeHTTP(w, req)
			}
		})
	}
}

// TestPatternBudget: patterns that would take seconds and gigabytes to
// build are refused within the compile budget: the answer
// is the constructor's error naming the budget, and the request allocates
// no more than the budget allows (64 MiB for the default).
func TestPatternBudget(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector makes allocation counts mean nothing")
	}
	tests := []struct {
		pattern string
		budget  int
		want    string
	}{
		// ~8,400 nodes per atom: 512 of them asked for 1.4 GB.
		{"https://e.com/:x(" + strings.Repeat(`\p{RGI_Emoji}`, 512) + ")", 0, "compile budget of 48 MiB"},
		// "/*" a thousand times took 2.7 GB; 30,000 of them, what the
		// body limit lets in, compile within the budget.
		{"https://e.com" + strings.Repeat("/*", 30000), 0, ""},
		{"https://e.com/:x(" + strings.Repeat(`\p{RGI_Emoji}`, 2) + ")", 4 << 20, "compile budget of 4 MiB"},
	}
	for _, tt := range tests {
		h := Handler(Options{CompileBudget: tt.budget})
		var a PatternAnswer
		got := alloctest.Bytes(func() {
			w := post(t, h, "/api/pattern", request{Pattern: tt.pattern, URL: "https://e.com/x"})
			if w.Code != 200 || json.Unmarshal(w.Body.Bytes(), &a) != nil {
				t.Fatalf("%d %s", w.Code, w.Body)
			}
		})
		if tt.want == "" && a.Error != "" || !strings.Contains(a.Error, tt.want) {
			t.Errorf("%.40s…: %.200q, want an error naming the %s", tt.pattern, a.Error, tt.want)
		}
		limit := uint64(64 << 20)
		if tt.budget > 0 {
			limit = uint64(tt.budget) * 4 / 3
		}
		if got > limit+1<<20 {
			t.Errorf("%.40s…: %d bytes allocated, beyond the budget's %d", tt.pattern, got, limit)
		}
		t.Logf("%.40s… (%d bytes): %d bytes allocated", tt.pattern, len(tt.pattern), got)
	}
}
