package urlpattern_test

import (
	"fmt"

	"github.com/weburl/weburl/urlpattern"
)

func ExamplePattern_Covers() {
	path := func(s string) *urlpattern.Pattern {
		p, err := urlpattern.NewInit(urlpattern.Init{Pathname: &s}, urlpattern.Options{})
		if err != nil {
			panic(err)
		}
		return p
	}
	for _, pq := range [][2]string{
		{"/articles/:slug", "/articles/feed"},    // a segment covers a literal
		{"/articles/feed", "/articles/:slug"},    // not the other way
		{"/files/*", "/files{/:dir}+/:name.txt"}, // a wildcard covers any path under it
		{"/a/:id(\\d+)", "/a/:n(\\d+)"},          // the same expression at the same place
		{"/a/:x", "/a/:id(\\d+)"},                // \d holds no "/"
		{"/a/:x", "/a/:p(.+)"},                   // not decided: "." might be "/"
		{"/a{/b}?", "/a{/b}*"},                   // "/a/b/b" is not covered
	} {
		covers, decided := path(pq[0]).Covers(path(pq[1]))
		fmt.Println(pq[0], pq[1], covers, decided)
	}
	// Output:
	// /articles/:slug /articles/feed true true
	// /articles/feed /articles/:slug false true
	// /files/* /files{/:dir}+/:name.txt true true
	// /a/:id(\d+) /a/:n(\d+) true true
	// /a/:x /a/:id(\d+) true true
	// /a/:x /a/:p(.+) false false
	// /a{/b}? /a{/b}* false true
}

func ExamplePattern_Overlaps() {
	p := urlpattern.MustNew("https://example.com/users/:id", urlpattern.Options{})
	for _, s := range []string{"https://example.com/users/me", "https://example.com/:section/me", "https://example.org/users/me"} {
		overlaps, decided := p.Overlaps(urlpattern.MustNew(s, urlpattern.Options{}))
		fmt.Println(s, overlaps, decided)
	}
	// Output:
	// https://example.com/users/me true true
	// https://example.com/:section/me true true
	// https://example.org/users/me false true
}
