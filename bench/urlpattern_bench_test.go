package main

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	dunglas "github.com/dunglas/go-urlpattern"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/urllists"
	"github.com/weburl/weburl/urlpattern"
)

// weburl/urlpattern against github.com/dunglas/go-urlpattern on the
// GitHub API routes of $WEBURL_BENCH_DIR/routes/github.txt: each route is
// the pattern "https://api.github.com" + route, matched by a URL made from
// it (each ":name" becomes "xname9").
//
//	go -C bench test -run '^$' -bench URLPattern -benchmem

type route struct {
	pattern, url string
}

var param = regexp.MustCompile(`:([A-Za-z_]+)`)

func githubRoutes(tb testing.TB) []route {
	tb.Helper()
	dir, err := urllists.Dir()
	if err != nil {
		tb.Skip("no bench data:", err)
	}
	f, err := os.Open(filepath.Join(dir, "routes", "github.txt"))
	if err != nil {
		tb.Skip("no routes:", err)
	}
	defer f.Close()
	var rs []route
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		r := strings.TrimSpace(sc.Text())
		if r == "" {
			continue
		}
		rs = append(rs, route{"https://api.github.com" + r, "https://api.github.com" + param.ReplaceAllString(r, "x${1}9")})
	}
	if len(rs) != 142 {
		tb.Fatalf("%d routes, want 142", len(rs))
	}
	return rs
}

// TestURLPatternRoutes checks both libraries agree on every (pattern, URL)
// pair, and that List.Match is the first-match loop.
func TestURLPatternRoutes(t *testing.T) {
	rs := githubRoutes(t)
	var ours []*urlpattern.Pattern
	for _, r := range rs {
		p, err := urlpattern.New(r.pattern, urlpattern.Options{})
		if err != nil {
			t.Fatal(err)
		}
		d, err := dunglas.New(r.pattern, "", nil)
		if err != nil {
			t.Fatal(err)
		}
		ours = append(ours, p)
		got, want := p.Exec(r.url), d.Exec(r.url, "")
		if got == nil || want == nil {
			t.Fatalf("%s on %s: weburl %v, dunglas %v", r.pattern, r.url, got != nil, want != nil)
		}
		for _, g := range got.Pathname.Groups {
			if want.Pathname.Groups[g.Name] != g.Value {
				t.Errorf("%s on %s: %s = %q, dunglas %q", r.pattern, r.url, g.Name, g.Value, want.Pathname.Groups[g.Name])
			}
		}
	}
	l := urlpattern.NewList(ours...)
	for _, r := range rs {
		u := weburl.MustParse(r.url)
		want := -1
		for i, p := range ours {
			if p.Matches(u) {
				want = i
				break
			}
		}
		if got, _ := l.Match(u); got != want {
			t.Errorf("List.Match(%s) = %d, want %d", r.url, got, want)
		}
	}
}

// BenchmarkURLPattern: one op is one (pattern, URL) pair, or one URL
// through the 142 patterns.
func BenchmarkURLPattern(b *testing.B) {
	rs := githubRoutes(b)
	var ours []*urlpattern.Pattern
	var theirs []*dunglas.URLPattern
	var urls []*weburl.URL
	for _, r := range rs {
		ours = append(ours, urlpattern.MustNew(r.pattern, urlpattern.Options{}))
		d, err := dunglas.New(r.pattern, "", nil)
		if err != nil {
			b.Fatal(err)
		}
		theirs = append(theirs, d)
		urls = append(urls, weburl.MustParse(r.url))
	}
	b.Run("exec/weburl", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			if ours[i].Exec(rs[i].url) == nil {
				b.Fatal("no match")
			}
			i = (i + 1) % len(rs)
		}
	})
	b.Run("exec/dunglas", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			if theirs[i].Exec(rs[i].url, "") == nil {
				b.Fatal("no match")
			}
			i = (i + 1) % len(rs)
		}
	})
	b.Run("match-parsed/weburl", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			if ours[i].Match(urls[i]) == nil {
				b.Fatal("no match")
			}
			i = (i + 1) % len(rs)
		}
	})
	l := urlpattern.NewList(ours...)
	b.Run("list/weburl-List", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			if n, _ := l.Match(urls[i]); n < 0 {
				b.Fatal("no match")
			}
			i = (i + 1) % len(rs)
		}
	})
	b.Run("list/weburl-loop", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			found := false
			for _, p := range ours {
				if p.Match(urls[i]) != nil {
					found = true
					break
				}
			}
			if !found {
				b.Fatal("no match")
			}
			i = (i + 1) % len(rs)
		}
	})
	b.Run("index/weburl-List.Index", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			if l.Index(urls[i]) < 0 {
				b.Fatal("no match")
			}
			i = (i + 1) % len(rs)
		}
	})
	b.Run("index/weburl-loop-Matches", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			found := false
			for _, p := range ours {
				if p.Matches(urls[i]) {
					found = true
					break
				}
			}
			if !found {
				b.Fatal("no match")
			}
			i = (i + 1) % len(rs)
		}
	})
	b.Run("list/dunglas-loop", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			found := false
			for _, p := range theirs {
				if p.Exec(rs[i].url, "") != nil {
					found = true
					break
				}
			}
			if !found {
				b.Fatal("no match")
			}
			i = (i + 1) % len(rs)
		}
	})
}
