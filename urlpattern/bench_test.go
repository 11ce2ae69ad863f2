package urlpattern

import (
	"testing"

	"github.com/weburl/weburl"
)

// Benchmarks of matching a route; bench/ compares with other libraries.

func BenchmarkMatch(b *testing.B) {
	p := MustNew("https://api.github.com/repos/:owner/:repo/issues/:number/comments", Options{})
	hit := weburl.MustParse("https://api.github.com/repos/xowner9/xrepo9/issues/xnumber9/comments")
	miss := weburl.MustParse("https://api.github.com/repos/xowner9/xrepo9/pulls/xnumber9/comments")
	b.Run("hit", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			p.Match(hit)
		}
	})
	b.Run("hit-test", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			p.Matches(hit)
		}
	})
	b.Run("miss", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			p.Match(miss)
		}
	})
	b.Run("exec-string", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			p.Exec("https://api.github.com/repos/xowner9/xrepo9/issues/xnumber9/comments")
		}
	})
}
