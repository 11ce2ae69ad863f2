package sitemap

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/weburl/weburl"
)

// FuzzSitemap: Parse on any bytes returns, without a panic, a sitemap
// within the bounds whose every entry has a URL or says why not, and
// whose errors are the package's *Error.
func FuzzSitemap(f *testing.F) {
	files, _ := filepath.Glob("testdata/*")
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte("<urlset><url><loc>a</loc><lastmod>2004-12</lastmod><priority>.5</priority></url></urlset>"))
	f.Add([]byte("\x1f\x8b"))
	loc := weburl.MustParse("https://example.com/a/s.xml")
	f.Fuzz(func(t *testing.T, b []byte) {
		sm, err := Parse(bytes.NewReader(b), loc)
		if sm == nil {
			t.Fatal("nil *Sitemap")
		}
		var se *Error
		if err != nil && (!errors.As(err, &se) || se.Op != "parse" || se.Err == nil) {
			t.Fatalf("error %#v is no *Error of Op parse", err)
		}
		if n := len(sm.Entries) + len(sm.Sitemaps); n > MaxURLs {
			t.Fatalf("%d URLs", n)
		}
		for _, list := range [][]Entry{sm.Entries, sm.Sitemaps} {
			for _, e := range list {
				if e.URL == nil && e.Err == nil {
					t.Fatalf("entry %q: neither a URL nor an error", e.Loc)
				}
				if e.Err != nil && (!errors.As(e.Err, &se) || se.Op != "loc" || se.Err == nil) {
					t.Fatalf("entry %q: error %#v is no *Error of Op loc", e.Loc, e.Err)
				}
				if e.Priority != -1 && !(e.Priority >= 0 && e.Priority <= 1) {
					t.Fatalf("entry %q: priority %v", e.Loc, e.Priority)
				}
				if e.URL != nil && e.Err == nil {
					// A URL without an error is its own href.
					if u, err := weburl.Parse(e.URL.Href()); err != nil || u.Href() != e.URL.Href() {
						t.Fatalf("entry %q: href %q reparses as %v, %v", e.Loc, e.URL.Href(), u, err)
					}
				}
			}
		}
	})
}
