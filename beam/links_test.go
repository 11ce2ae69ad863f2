package weburlbeam

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/passert"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
)

func readFixture(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "pages", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// siteLinks are the links of testdata/pages/site.html at page: its <base
// href="/docs/"> applies to every link, also to the <link> before it.
func siteLinks(page string) []any {
	l := func(url, raw, tag, attr string) Link {
		return Link{Page: page, URL: url, Raw: raw, Tag: tag, Attr: attr}
	}
	return []any{
		l("https://example.com/docs/style.css", "style.css", "link", "href"),
		l("https://example.com/moved", "../moved", "meta", "content"),
		l("https://example.com/docs/guide.html#intro", "guide.html#intro", "a", "href"),
		l("https://other.example.org/y", "https://Other.example.org/x/../y", "a", "href"),
		l("https://example.com/docs/img/a.png", "img/a.png", "img", "src"),
		l("https://example.com/docs/img/a-2x.png", "img/a-2x.png", "img", "srcset"),
		l("https://example.com/docs/img/a-3x.png", "img/a-3x.png", "img", "srcset"),
		l("https://example.com/docs/?q=1", "?q=1", "form", "action"),
		l("https://example.com/search", "/search", "button", "formaction"),
		l("https://example.com/docs/", "", "a", "href"),
	}
}

func TestExtractLinks(t *testing.T) {
	const page = "https://example.com/site/index.html"
	p, s := beam.NewPipelineWithRoot()
	pages := beam.Create(s,
		Page{URL: page, ContentType: "text/html", Body: readFixture(t, "site.html")},
		// No content type: the encoding is windows-1252, HTML's default,
		// and the query is encoded in it; the path is always UTF-8.
		Page{URL: "http://example.com/latin1.html", Body: readFixture(t, "latin1.html")},
		Page{URL: "https://example.com/pixel.png", Body: readFixture(t, "pixel.png")},
		Page{URL: "https://example.com/a.gif", ContentType: "image/gif", Body: []byte("<a href=x>")},
		Page{URL: "https://example.com/x.xhtml", ContentType: "application/xhtml+xml; charset", Body: []byte("<a href=x>")},
		Page{URL: "https://example.com/b", ContentType: "text/html; charset=", Body: []byte("<a href=x>")},
		Page{URL: "https://example.com/bad", ContentType: "text html", Body: []byte("<a href=x>")},
		Page{URL: "//example.com/", Body: []byte("<a href=x>")},
		Page{URL: "https://example.com/\xff", Body: []byte("<a href=x>")},
		Page{URL: "https://example.com/empty", Body: nil},
	)
	out, failures := ExtractLinks(s, pages)
	want := append(siteLinks(page),
		Link{Page: "http://example.com/latin1.html", URL: "http://example.com/caf%C3%A9?q=caf%E9", Raw: "/café?q=café", Tag: "a", Attr: "href"},
		Link{Page: "https://example.com/x.xhtml", URL: "https://example.com/x", Raw: "x", Tag: "a", Attr: "href"},
		Link{Page: "https://example.com/b", URL: "https://example.com/x", Raw: "x", Tag: "a", Attr: "href"},
	)
	passert.Equals(s, out, want...)
	passert.Count(s, LinkURLs(s, out), "link URLs", len(want))
	passert.Equals(s, failures,
		Failure{Step: "links", Input: "http://[::1", Reason: "IPv6-unclosed at 7", Source: page + " a href"},
		Failure{Step: "links", Input: "https://example.com/pixel.png", Reason: "not HTML: content sniffs as image/png"},
		Failure{Step: "links", Input: "https://example.com/a.gif", Reason: "not HTML: content type image/gif"},
		Failure{Step: "links", Input: "https://example.com/bad", Reason: `not HTML: content type "text html": mime: expected slash after first token`},
		Failure{Step: "links", Input: "//example.com/", Reason: "page URL: missing-scheme-non-relative-URL at 0"},
		Failure{Step: "links", Input: "https://example.com/\xff", Reason: "page URL not UTF-8: byte 0xff at offset 20"},
	)
	ptest.RunAndValidate(t, p)
}
