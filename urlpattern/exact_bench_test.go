package urlpattern

import (
	"strconv"
	"testing"
)

// BenchmarkExactTable is why the literal paths of a List are found in an
// exactTable, not a map[string]*exactPath: the same paths looked up in
// both, every path once and as many misses (issue 38 asked for a map
// unless a benchmark says otherwise).
func BenchmarkExactTable(b *testing.B) {
	var xs []*exactPath
	var hits, misses []string
	for i := range 160 {
		p := "/doc/section" + strconv.Itoa(i%13) + "/page_" + strconv.Itoa(i) + ".html"
		xs = append(xs, &exactPath{path: p})
		hits = append(hits, p)
		misses = append(misses, p+"x")
	}
	t := newExactTable(xs)
	m := make(map[string]*exactPath, len(xs))
	for _, x := range xs {
		m[x.path] = x
	}
	for _, p := range hits {
		if t.find(p) == nil || m[p] == nil || t.find(p+"x") != nil {
			b.Fatalf("the table or the map does not find %q", p)
		}
	}
	b.Run("table", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for i := range hits {
				if t.find(hits[i]) == nil || t.find(misses[i]) != nil {
					b.Fatal("wrong answer")
				}
			}
		}
	})
	b.Run("map", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for i := range hits {
				if m[hits[i]] == nil || m[misses[i]] != nil {
					b.Fatal("wrong answer")
				}
			}
		}
	})
}
