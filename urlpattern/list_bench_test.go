package urlpattern

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/weburl/weburl/internal/shareddata"
)

// BenchmarkAppendNamedMatch: a router's List on its own, AppendNamedMatch
// of each GET route's own path of a table of bench's routing benchmark
// (an op is every route once), and one route with one group (Param).
func BenchmarkAppendNamedMatch(b *testing.B) {
	dir, err := shareddata.Dir("WEBURL_BENCH_DIR", "bench")
	if err != nil {
		b.Skip(err)
	}
	f, err := os.Open(filepath.Join(dir, "routes", "github-api.txt"))
	if err != nil {
		b.Skip(err)
	}
	var paths []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if path, ok := strings.CutPrefix(sc.Text(), "GET "); ok {
			paths = append(paths, path)
		}
	}
	f.Close()
	run := func(name string, routes, reqs []string) {
		var ps []*Pattern
		for _, path := range routes {
			ps = append(ps, mustInit(b, Init{Pathname: &path}))
		}
		l := NewList(ps...)
		cs := make([]Components, len(reqs))
		for i, path := range reqs {
			cs[i] = Components{Protocol: "http", Pathname: path}
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			var buf [8]Group
			for b.Loop() {
				for i := range cs {
					l.AppendNamedMatch(buf[:0], &cs[i])
				}
			}
		})
	}
	run("GithubGET", paths, paths)
	run("Param", []string{"/user/:name"}, []string{"/user/gordon"})
}
