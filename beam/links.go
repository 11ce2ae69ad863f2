package weburlbeam

import (
	"bytes"
	"context"
	"fmt"
	"mime"
	"net/http"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/weburl/weburl"
	"github.com/weburl/weburl/links"
)

// Page is a fetched document: its URL, its Content-Type and its bytes.
type Page struct {
	// URL is the page's URL, the base of its relative links.
	URL string `json:"url"`
	// ContentType is the Content-Type the server sent, as
	// "text/html; charset=windows-1252", or "" when it is not known.
	// Its charset is the page's encoding when no byte order mark says
	// otherwise (see the links package).
	ContentType string `json:"content_type,omitempty"`
	// Body is the page as fetched, in its own encoding.
	Body []byte `json:"body"`
}

// Link is one link of a page, from ExtractLinks.
type Link struct {
	// Page is the href of the page the link is on.
	Page string `json:"page"`
	// URL is the link resolved against the page's base URL, an href.
	URL string `json:"url"`
	// Raw is the URL as written in the page, decoded to UTF-8.
	Raw string `json:"raw"`
	// Tag and Attr name the element and attribute that hold the link,
	// in lowercase: "a" and "href", "img" and "srcset".
	Tag  string `json:"tag"`
	Attr string `json:"attr"`
}

// ExtractLinks reads each page of pages, a PCollection<Page>, with the
// links package (links.Extract, given the page's content type) and returns
// its links, a PCollection<Link>, and a PCollection<Failure>.
//
// A page fails whole, with Input its URL, when its URL does not parse or
// when it is not HTML: when its content type is given and is neither
// text/html nor application/xhtml+xml, or when it is not given and the
// bytes sniff (net/http.DetectContentType) as something other than text,
// as an image or a PDF. A link that does not parse fails alone: Input is
// the link as written and Source the page and the element ("https://example.com/ a href").
// When the page cannot be read to its end (a token longer than the
// links package's limit), the links before that point are kept and the
// page fails too, with the reason.
func ExtractLinks(s beam.Scope, pages beam.PCollection) (out, failures beam.PCollection) {
	s = s.Scope("weburl.ExtractLinks")
	return beam.ParDo2(s, &linksFn{}, pages)
}

// LinkURLs returns the URL of each link of links, a PCollection<Link>, as
// a PCollection<string> of hrefs, the input of Dedup, Hosts and the rest.
func LinkURLs(s beam.Scope, links beam.PCollection) beam.PCollection {
	s = s.Scope("weburl.LinkURLs")
	return beam.ParDo(s, linkURL, links)
}

func linkURL(l Link) string { return l.URL }

type linksFn struct {
	failures beam.Counter
}

func (f *linksFn) Setup() { f.failures = beam.NewCounter(Namespace, "links.failures") }

func (f *linksFn) ProcessElement(ctx context.Context, p Page, emit func(Link), fail func(Failure)) {
	pageFailed := func(why string) {
		f.failures.Inc(ctx, 1)
		fail(Failure{Step: "links", Input: p.URL, Reason: why})
	}
	if why := notUTF8(p.URL); why != "" {
		pageFailed("page URL " + why)
		return
	}
	doc, err := weburl.Parse(p.URL)
	if err != nil {
		pageFailed("page URL: " + reason(err))
		return
	}
	if why := notHTML(p.ContentType, p.Body); why != "" {
		pageFailed(why)
		return
	}
	found, err := links.Extract(bytes.NewReader(p.Body), doc, p.ContentType)
	page := doc.Href()
	for _, l := range found {
		if l.Err != nil {
			f.failures.Inc(ctx, 1)
			fail(Failure{Step: "links", Input: l.Raw, Reason: reason(l.Err), Source: page + " " + l.Tag + " " + l.Attr})
			continue
		}
		emit(Link{Page: page, URL: l.URL.Href(), Raw: l.Raw, Tag: l.Tag, Attr: l.Attr})
	}
	if err != nil {
		pageFailed(fmt.Sprintf("read after %d links: %v", len(found), err))
	}
}

// notHTML says why a page of this content type and body is not HTML, or
// returns "" when it is.
func notHTML(contentType string, body []byte) string {
	if strings.TrimSpace(contentType) != "" {
		mediaType, _, err := mime.ParseMediaType(contentType)
		if err != nil && !(err == mime.ErrInvalidMediaParameter && mediaType != "") {
			return fmt.Sprintf("not HTML: content type %q: %v", contentType, err)
		}
		switch mediaType {
		case "text/html", "application/xhtml+xml":
			return ""
		}
		return fmt.Sprintf("not HTML: content type %s", mediaType)
	}
	// A page without a tag that the sniffer knows near its start, as
	// "<meta charset=utf-8><title>", sniffs as text/plain: only bytes
	// that are not text at all say that it is no HTML.
	sniffed := http.DetectContentType(body)
	if strings.HasPrefix(sniffed, "text/") {
		return ""
	}
	return "not HTML: content sniffs as " + sniffed
}
