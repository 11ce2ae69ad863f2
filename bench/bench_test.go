package main

import (
	"runtime"
	"sync"
	"testing"

	"github.com/weburl/weburl"
)

var (
	loadOnce  sync.Once
	loaded    []list
	loadError error
)

// benchLists reads the lists once per test binary, from $WEBURL_BENCH_DIR
// or ../shared/bench next to the repository, as the command does.
func benchLists(tb testing.TB) []list {
	loadOnce.Do(func() { loaded, loadError = readLists(nil) })
	if loadError != nil {
		tb.Skip("no URL lists:", loadError)
	}
	return loaded
}

// BenchmarkCompare runs every comparison of the command on every list, one
// sub-benchmark each, named list=<list>/op=<op> so that benchstat can set
// them side by side (benchstat -col /op). One op of the benchmark is one
// pass over the list; ns/input, allocs/input and B/input are per URL (or
// per query for the query ops).
func BenchmarkCompare(b *testing.B) {
	for _, l := range benchLists(b) {
		b.Run("list="+l.name, func(b *testing.B) {
			for _, o := range ops {
				in := inputs(l, o)
				if len(in) == 0 {
					continue
				}
				b.Run("op="+o.key, func(b *testing.B) {
					b.ReportAllocs()
					var before, after runtime.MemStats
					runtime.ReadMemStats(&before)
					n := 0
					for b.Loop() {
						n += o.run(in)
					}
					runtime.ReadMemStats(&after)
					sink += n
					// The ns/op, allocs/op and B/op of the testing package
					// are per pass over the list; these are per input.
					per := float64(b.N) * float64(len(in))
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/per, "ns/input")
					b.ReportMetric(float64(after.Mallocs-before.Mallocs)/per, "allocs/input")
					b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/per, "B/input")
				})
			}
		})
	}
}

// TestOps checks that every op runs and that the parsers agree on a few
// plain inputs, so that a benchmark never times an op that fails at once.
func TestOps(t *testing.T) {
	urls := []string{"https://example.com/a?b=1&a=2#c", "file:///usr/lib", "not a url"}
	queries := []string{"b=1&a=2", "x=%20y"}
	for _, o := range ops {
		in := urls
		if o.query {
			in = queries
		}
		if n := o.run(in); n == 0 {
			t.Errorf("%s: result 0 on %q", o.name, in)
		}
	}
	if n := weburlCanParse(urls); n != 2 {
		t.Errorf("weburl CanParse accepts %d of %q, want 2", n, urls)
	}
	if n := nlnwaParseHref(urls[:1]); n != len(urls[0]) {
		t.Errorf("nlnwa Href length %d, want %d", n, len(urls[0]))
	}
}

// The long lists are canonical https URLs, each with a query
// (urllists' tests hold the rest of their rules).
func TestLongList(t *testing.T) {
	for _, size := range []int{1 << 10, 4 << 10} {
		l := longList("long", size)
		if len(l.urls) != 1000 || len(l.queries) != 1000 {
			t.Fatalf("%d: %d URLs, %d queries", size, len(l.urls), len(l.queries))
		}
		for _, s := range l.urls {
			if u, err := weburl.Parse(s); err != nil || u.Href() != s {
				t.Errorf("%d: %q is not canonical: %v", size, s, err)
			}
		}
	}
}
