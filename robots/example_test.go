package robots_test

import (
	"errors"
	"fmt"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/robots"
)

func Example() {
	r := robots.Parse([]byte(`
User-agent: *
Disallow: /search
Allow: /search/about$
Crawl-delay: 2

User-agent: FooBot
Disallow: /*.pdf$

Sitemap: https://example.com/sitemap.xml
`))
	for _, s := range []string{"https://example.com/search?q=go", "https://example.com/search/about", "https://example.com/a.pdf"} {
		u, _ := weburl.Parse(s)
		fmt.Println(s, r.Allowed("OtherBot", u), r.Allowed("FooBot", u))
	}
	fmt.Println(r.CrawlDelay("OtherBot"))
	fmt.Println(r.Sitemaps())
	// Output:
	// https://example.com/search?q=go false true
	// https://example.com/search/about true true
	// https://example.com/a.pdf true false
	// 2s true
	// [https://example.com/sitemap.xml]
}

func ExampleURL() {
	u, _ := weburl.Parse("https://Example.com:443/a/b?c#d")
	r, _ := robots.URL(u)
	fmt.Println(r)
	// Output: https://example.com/robots.txt
}

// Errors: only URL fails, for a URL that is not http or https.
func ExampleError() {
	u, _ := weburl.Parse("ftp://example.com/pub/")
	_, err := robots.URL(u)
	var e *robots.Error
	fmt.Println(errors.Is(err, robots.ErrScheme), errors.As(err, &e) && e.URL == u.Href())
	fmt.Println(err)
	// Output:
	// true true
	// robots: robots URL "ftp://example.com/pub/": the scheme is not http or https
}
