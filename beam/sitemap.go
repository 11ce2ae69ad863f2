package weburlbeam

import (
	"bytes"
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/weburl/weburl"
	"github.com/weburl/weburl/sitemap"
)

// SitemapURL is one URL of a sitemap, from ParseSitemaps.
type SitemapURL struct {
	// Sitemap is the href of the sitemap it is listed in, "" when the
	// sitemap's URL was not given.
	Sitemap string `json:"sitemap,omitempty"`
	// URL is the URL as the URL Standard parses it, an href.
	URL string `json:"url"`
	// LastMod is the sitemap's <lastmod> (or a feed's date) in RFC 3339,
	// "" when it gives none.
	LastMod string `json:"lastmod,omitempty"`
	// Index reports a sitemap of a sitemap index: another sitemap to
	// fetch, rather than a page.
	Index bool `json:"index,omitempty"`
	// OutsideLocation reports a URL outside the sitemap's directory (for
	// an index, its site), which sitemaps.org allows only when the site's
	// robots.txt names the sitemap (sitemap.Entry's field of that name).
	OutsideLocation bool `json:"outside_location,omitempty"`
}

// ParseSitemaps reads each page of sitemaps, a PCollection<Page> of
// fetched sitemaps (Page.URL their location, Body their bytes, gzip or
// not; ContentType is not read: the bytes say which form it is), with the
// sitemap package, and returns their URLs, a PCollection<SitemapURL>, and
// a PCollection<Failure> of step "sitemap".
//
// An entry that breaks the protocol (a relative URL, one that does not
// parse, none at all) fails alone: Input is the URL as written, Source the
// sitemap and line ("https://example.com/sitemap.xml:12"). A sitemap fails
// whole, with Input its URL, when its URL does not parse, or when it is not
// a sitemap, not UTF-8 or past sitemaps.org's bounds; the URLs read before
// that point are kept.
func ParseSitemaps(s beam.Scope, sitemaps beam.PCollection) (out, failures beam.PCollection) {
	s = s.Scope("weburl.ParseSitemaps")
	return beam.ParDo2(s, &sitemapFn{}, sitemaps)
}

type sitemapFn struct {
	failures beam.Counter
}

func (f *sitemapFn) Setup() { f.failures = beam.NewCounter(Namespace, "sitemap.failures") }

func (f *sitemapFn) ProcessElement(ctx context.Context, p Page, emit func(SitemapURL), fail func(Failure)) {
	var location *weburl.URL
	if p.URL != "" {
		if why := notUTF8(p.URL); why != "" {
			f.failures.Inc(ctx, 1)
			fail(Failure{Step: "sitemap", Input: p.URL, Reason: "sitemap URL " + why})
			return
		}
		var err error
		if location, err = weburl.Parse(p.URL); err != nil {
			f.failures.Inc(ctx, 1)
			fail(Failure{Step: "sitemap", Input: p.URL, Reason: "sitemap URL: " + reason(err)})
			return
		}
	}
	sm, err := sitemap.Parse(bytes.NewReader(p.Body), location)
	var href string
	if location != nil {
		href = location.Href()
	}
	for i, list := range [][]sitemap.Entry{sm.Entries, sm.Sitemaps} {
		for _, e := range list {
			if e.Err != nil {
				f.failures.Inc(ctx, 1)
				fail(Failure{Step: "sitemap", Input: e.Loc, Reason: sitemapReason(e.Err), Source: href + ":" + strconv.Itoa(e.Line)})
				continue
			}
			u := SitemapURL{Sitemap: href, URL: e.URL.Href(), Index: i == 1, OutsideLocation: e.OutsideLocation}
			if !e.LastMod.IsZero() {
				u.LastMod = e.LastMod.Format(time.RFC3339Nano)
			}
			emit(u)
		}
	}
	if err != nil {
		f.failures.Inc(ctx, 1)
		r := sitemapReason(err)
		var se *sitemap.Error
		if errors.As(err, &se) && se.Line > 0 {
			r = "line " + strconv.Itoa(se.Line) + ": " + r
		}
		fail(Failure{Step: "sitemap", Input: p.URL, Reason: r})
	}
}

// sitemapReason is the Reason of a sitemap's error: the URL parser's
// validation error as reason gives it, else the sitemap package's words.
func sitemapReason(err error) string {
	var we *weburl.Error
	if errors.As(err, &we) {
		return reason(we)
	}
	var se *sitemap.Error
	if errors.As(err, &se) {
		return se.Err.Error()
	}
	return err.Error()
}
