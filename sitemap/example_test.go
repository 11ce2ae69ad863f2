package sitemap_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/sitemap"
)

func ExampleParse() {
	location := weburl.MustParse("https://example.com/blog/sitemap.xml")
	doc := `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://example.com/blog/?p=1&amp;lang=en</loc><lastmod>2026-11-30</lastmod><priority>0.8</priority></url>
  <url><loc>https://EXAMPLE.com/blog/caf&#233;</loc><changefreq>daily</changefreq></url>
  <url><loc>https://example.com/shop/</loc></url>
  <url><loc>/blog/relative</loc></url>
</urlset>`
	sm, err := sitemap.Parse(strings.NewReader(doc), location)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, e := range sm.Entries {
		switch {
		case e.Err != nil:
			fmt.Println(e.Err)
		case e.OutsideLocation:
			fmt.Println(e.URL.Href(), "(outside /blog/: fetch only if robots.txt names the sitemap)")
		default:
			fmt.Println(e.URL.Href(), e.LastMod.Format("2006-01-02"), e.ChangeFreq, e.Priority)
		}
	}
	// Output:
	// https://example.com/blog/?p=1&lang=en 2026-11-30  0.8
	// https://example.com/blog/caf%C3%A9 0001-01-01 daily -1
	// https://example.com/shop/ (outside /blog/: fetch only if robots.txt names the sitemap)
	// sitemap: loc "/blog/relative" line 6: a relative URL: sitemaps.org requires an absolute one
}

// A sitemap index lists more sitemaps; the bounds fail the document with
// an error to branch on.
func ExampleParse_index() {
	doc := `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <sitemap><loc>https://example.com/sitemap-posts.xml.gz</loc></sitemap>
  <sitemap><loc>https://example.com/sitemap-pages.xml</loc></sitemap>
</sitemapindex>`
	sm, _ := sitemap.Parse(strings.NewReader(doc), nil)
	for _, s := range sm.Sitemaps {
		fmt.Println(s.URL.Href())
	}

	_, err := sitemap.Parse(strings.NewReader(strings.Repeat("https://example.com/\n", sitemap.MaxURLs+1)), nil)
	var se *sitemap.Error
	fmt.Println(errors.Is(err, sitemap.ErrTooManyURLs), errors.As(err, &se) && se.Line == sitemap.MaxURLs+1)
	fmt.Println(err)
	// Output:
	// https://example.com/sitemap-posts.xml.gz
	// https://example.com/sitemap-pages.xml
	// true true
	// sitemap: parse line 50001: more than 50,000 URLs, sitemaps.org's limit
}
