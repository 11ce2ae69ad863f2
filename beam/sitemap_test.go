package weburlbeam

import (
	"bytes"
	"compress/gzip"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/passert"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
)

func TestParseSitemaps(t *testing.T) {
	const urlset = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://EXAMPLE.com/docs/a?x=1&amp;y=2</loc><lastmod>2025-01-02</lastmod></url>
  <url><loc>https://example.com/blog/b</loc></url>
  <url><loc>https://example.com:99999/</loc></url>
</urlset>`
	var gz bytes.Buffer
	w := gzip.NewWriter(&gz)
	w.Write([]byte(urlset))
	w.Close()
	const index = `<sitemapindex><sitemap><loc>https://example.com/docs/s2.xml</loc></sitemap></sitemapindex>`

	p, s := beam.NewPipelineWithRoot()
	pages := beam.Create(s,
		Page{URL: "https://example.com/docs/sitemap.xml.gz", Body: gz.Bytes()},
		Page{URL: "https://example.com/sitemap_index.xml", ContentType: "application/xml", Body: []byte(index)},
		Page{URL: "https://example.com/urls.txt", Body: []byte("https://example.com/t\nrelative\n")},
		Page{Body: []byte("https://example.com/no-location\n")},
		Page{URL: "https://example.com/page.html", Body: []byte("<html><body>not a sitemap</body></html>")},
		Page{URL: "https://example.com/cut.xml", Body: []byte("<urlset><url><loc>https://example.com/c</loc></url><url>")},
		Page{URL: "//example.com/sitemap.xml", Body: []byte(index)},
	)
	out, failures := ParseSitemaps(s, pages)
	passert.Equals(s, out,
		SitemapURL{Sitemap: "https://example.com/docs/sitemap.xml.gz", URL: "https://example.com/docs/a?x=1&y=2", LastMod: "2025-01-02T00:00:00Z"},
		SitemapURL{Sitemap: "https://example.com/docs/sitemap.xml.gz", URL: "https://example.com/blog/b", OutsideLocation: true},
		SitemapURL{Sitemap: "https://example.com/sitemap_index.xml", URL: "https://example.com/docs/s2.xml", Index: true},
		SitemapURL{Sitemap: "https://example.com/urls.txt", URL: "https://example.com/t"},
		SitemapURL{URL: "https://example.com/no-location"},
		SitemapURL{Sitemap: "https://example.com/cut.xml", URL: "https://example.com/c"},
	)
	passert.Equals(s, failures,
		Failure{Step: "sitemap", Input: "https://example.com:99999/", Reason: "port-out-of-range at 20", Source: "https://example.com/docs/sitemap.xml.gz:5"},
		Failure{Step: "sitemap", Input: "relative", Reason: "a relative URL: sitemaps.org requires an absolute one", Source: "https://example.com/urls.txt:2"},
		Failure{Step: "sitemap", Input: "https://example.com/page.html", Reason: "line 1: not a sitemap: the root element is not urlset, sitemapindex, rss or an Atom feed"},
		Failure{Step: "sitemap", Input: "https://example.com/cut.xml", Reason: "line 1: XML syntax error on line 1: unexpected EOF"},
		Failure{Step: "sitemap", Input: "//example.com/sitemap.xml", Reason: "sitemap URL: missing-scheme-non-relative-URL at 0"},
	)
	ptest.RunAndValidate(t, p)
}
