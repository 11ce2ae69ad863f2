package sitemap

import (
	"errors"
	"strconv"

	"github.com/weburl/weburl/internal/quote"
)

// An Error is why a sitemap, or one entry of it, failed. Op is "parse"
// when the document as a whole failed (Input is then the sitemap's
// location, "" when Parse had none) or "loc" when one entry's URL failed
// (Input is its <loc>, <link> or text line as written). Err is one of the
// package's sentinels, or the error underneath: a *weburl.Error for a URL
// that does not parse, a *xml.SyntaxError, a gzip error or the reader's.
type Error struct {
	Op    string // "parse" or "loc"
	Input string // the location or the URL as written
	Line  int    // the line of the document where it failed, from 1; 0 when not known
	Err   error  // never nil
}

// Error returns a message such as
// `sitemap: loc "/a.html" line 4: a relative URL: sitemaps.org requires an absolute one`.
// It quotes at most 1 KiB of Input (internal/quote) and says how much it
// left out.
func (e *Error) Error() string {
	s := "sitemap: " + e.Op
	if e.Input != "" {
		s += " " + quote.String(e.Input)
	}
	if e.Line > 0 {
		s += " line " + strconv.Itoa(e.Line)
	}
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

// Unwrap returns Err.
func (e *Error) Unwrap() error { return e.Err }

// The sentinels of Error.Err.
var (
	// ErrTooManyURLs: a sitemap lists more than MaxURLs URLs, or an index
	// more than MaxURLs sitemaps.
	ErrTooManyURLs = errors.New("more than 50,000 URLs, sitemaps.org's limit")
	// ErrTooLarge: a sitemap is more than MaxBytes bytes uncompressed.
	ErrTooLarge = errors.New("more than 50 MiB (52,428,800 bytes) uncompressed, sitemaps.org's limit")
	// ErrTooDeep: elements nested deeper than any sitemap or feed nests them.
	ErrTooDeep = errors.New("elements nested more than 100 deep")
	// ErrFormat: the document is XML but neither a urlset, a sitemapindex,
	// an RSS 2.0 feed nor an Atom 1.0 feed.
	ErrFormat = errors.New("not a sitemap: the root element is not urlset, sitemapindex, rss or an Atom feed")
	// ErrNotUTF8: the document declares an encoding other than UTF-8,
	// starts with a UTF-16 byte order mark, or a text sitemap's line is
	// not UTF-8; sitemaps.org requires UTF-8.
	ErrNotUTF8 = errors.New("not UTF-8, which sitemaps.org requires")
	// ErrRelative: a URL is relative; sitemaps.org requires absolute URLs.
	// The entry's URL is then the reference resolved against the
	// sitemap's location, when Parse had one.
	ErrRelative = errors.New("a relative URL: sitemaps.org requires an absolute one")
	// ErrNoLoc: a <url> or <sitemap> without a <loc>, an RSS <item>
	// without a <link>, an Atom <entry> without a <link href>.
	ErrNoLoc = errors.New("no URL: the entry has no loc or link")
)

// encodingError is ErrNotUTF8 with the encoding a document declared.
type encodingError struct{ label string }

func (e encodingError) Error() string {
	return "encoding " + strconv.Quote(e.label) + " declared: " + ErrNotUTF8.Error()
}

func (e encodingError) Is(target error) bool { return target == ErrNotUTF8 }
