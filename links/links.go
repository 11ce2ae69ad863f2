// Package links extracts the URLs that an HTML document refers to, resolved
// as a browser resolves them.
//
// It follows the HTML Standard where the standard says how a document's
// links are read: the document's character encoding (HTML's "encoding
// sniffing algorithm"), its base URL ("document base URL" and "frozen base
// URL"), srcset ("parse a srcset attribute") and meta refresh ("shared
// declarative refresh steps"). Queries of special URLs are percent-encoded
// in the document's encoding, as a browser encodes them.
//
// The document's URL is the URL its response came from, after redirects:
// fetch pages with package webhttp (webhttp.NewRequest and webhttp.Do
// follow redirects as a browser does, where net/http's Client resolves
// Location with net/url) and pass webhttp.ResponseURL(resp) as doc, with
// the response's Content-Type (see the crawl example).
//
// The encoding is, in HTML's order: the byte order mark, which beats
// everything; the charset of the Content-Type; a <meta charset> or <meta
// http-equiv=content-type> in the first 1024 bytes (x/net's
// charset.DetermineEncoding does these three); UTF-8 when those 1024 bytes
// are valid UTF-8 and not all ASCII (the autodetection HTML allows); and
// windows-1252, HTML's default for most locales. A charset label that the
// Encoding Standard does not know is ignored. A UTF-16 document's URLs are
// encoded in UTF-8 (HTML's "get an output encoding").
//
// The document is read as a stream of tokens (golang.org/x/net/html's
// Tokenizer); no tree is built. What a tree builder would add is not done:
// elements are recognized by their name wherever they appear (an SVG <a>
// counts as <a>), and a <meta charset> after the first 1024 bytes does not
// change the encoding, where a browser would reload the page.
//
// Memory: the tokenizer holds one token at a time, up to the Extractor's
// MaxTokenSize (8 MiB by default; its buffer may grow to twice that), and
// All holds at most MaxPending links while it waits for a <base>. So All
// reads a page of any size in bounded memory; Extract returns every link,
// so its result grows with the page's links, not with its bytes.
//
// The attributes read, with the elements that carry them:
//
//	href        a, area, link
//	src         img, script, iframe, embed, source, track, audio, video, input
//	srcset      img, source (each image candidate is a link)
//	action      form
//	formaction  button, input
//	cite        blockquote, q, del, ins
//	data        object
//	poster      video
//	content     meta http-equiv=refresh (the URL after "url=")
//
// The base URL is the document base URL of HTML: the frozen base URL of
// the first <base> with an href attribute, which is that href parsed
// against the document URL, or the document URL itself when the href does
// not parse or is a data: or javascript: URL; later <base> elements do not
// count, even when the first one failed. As in HTML, it applies to every
// link, also to those before the <base>: they are held until it is known
// (see Extractor.MaxPending for the bound of All).
//
// A srcset candidate whose descriptors are invalid ("a.png 1x 2x") is
// dropped, as HTML drops it. Every meta refresh with a URL is reported,
// where a browser acts only on the first and never on a javascript: one.
// An <input> src is read whatever the input's type.
//
// An attribute value is stripped of leading and trailing ASCII whitespace.
// An empty value is a link where HTML gives it a meaning: a, area href,
// form action, formaction, cite and a refresh's empty URL all resolve to
// the document's base URL (a link to the page itself). It is no link where
// HTML fetches nothing for it: src, link href, object data and video poster.
//
// Elements inside <template> are read as any others, since their links
// become live when the template is used, but a <base> inside a template is
// inert (it belongs to the template's own document) and does not set the
// base URL. The text of <script>, <style> and the other raw-text elements is
// not read; nor is <noscript>, whose content is text in a browser that runs
// scripts.
package links

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"iter"

	"github.com/weburl/weburl"
	"golang.org/x/net/html"
)

// Link is one URL that a document refers to.
type Link struct {
	// URL is Raw resolved against the document's base URL; nil when Err
	// is set.
	URL *weburl.URL
	// Raw is the URL as written in the document, decoded to UTF-8, with
	// character references expanded and surrounding ASCII whitespace
	// removed.
	Raw string
	// Tag and Attr name the element and attribute, in lowercase.
	Tag, Attr string
	// Rel is the element's rel attribute as written (character
	// references expanded, nothing trimmed or lowercased), "" when it has
	// none: "nofollow", "canonical", "alternate", "stylesheet" ... HTML
	// gives it a meaning on a, area, link and form; split it on ASCII
	// whitespace and compare case-insensitively to read its keywords.
	Rel string
	// Err is the *weburl.Error of a Raw that does not parse; such a link
	// is reported, not dropped.
	Err error
}

// The defaults of an Extractor's limits.
const (
	// DefaultMaxTokenSize bounds the bytes of one token: a tag with its
	// attributes, a comment, or a run of text or script between tags.
	DefaultMaxTokenSize = 8 << 20
	// DefaultMaxPending bounds how many links Extractor.All holds back
	// until it knows the document's base URL.
	DefaultMaxPending = 1024
)

// Extractor holds the limits of an extraction. Its zero value uses the
// defaults, and Extract and All are the zero Extractor's methods.
type Extractor struct {
	// MaxTokenSize bounds the decoded bytes of one token (see
	// DefaultMaxTokenSize, used when it is 0 or less). The tokenizer's
	// buffer holds one token at a time, so this bounds its memory; a
	// longer token stops the extraction with an error for which
	// errors.Is(err, html.ErrBufferExceeded) holds.
	MaxTokenSize int

	// MaxPending bounds how many links All holds back while no <base href>
	// has been seen (see DefaultMaxPending, used when it is 0 or less).
	// The document's first <base href> applies to all its links, also to
	// those before it; All resolves the links it holds back once it meets
	// that base or the end of the document. When more links than this
	// come first, All gives up waiting: it resolves them against the
	// document URL, and a <base> that comes later applies only to the
	// links after it. Extract holds every link, so it never gives up.
	MaxPending int
}

// Extract returns the links of the HTML document read from r, in document
// order. doc is the document's URL, the base of its relative links when it
// has no <base href>; nil leaves relative links unresolved (each with Err
// set). contentType is the value of the document's Content-Type header,
// such as "text/html; charset=Shift_JIS", or empty; only its charset is
// read, and the document is read as HTML whatever its type says.
//
// The error is that of reading r, or of a token longer than the limit; the
// links found before it are returned with it. A link that does not parse
// is not an error: it is returned with its Err set.
func Extract(r io.Reader, doc *weburl.URL, contentType string) ([]Link, error) {
	var x Extractor
	return x.Extract(r, doc, contentType)
}

// All is like Extract but yields the links one by one as r is read, so a
// page of any length is read in bounded memory (see Extractor). It yields
// each link with a nil error; a failure of reading ends the sequence with
// a zero Link and the error. The sequence reads r: range over it once.
func All(r io.Reader, doc *weburl.URL, contentType string) iter.Seq2[Link, error] {
	var x Extractor
	return x.All(r, doc, contentType)
}

// Extract is the package's Extract with x's limits.
func (x Extractor) Extract(r io.Reader, doc *weburl.URL, contentType string) ([]Link, error) {
	var out []Link
	err := x.run(r, doc, contentType, -1, func(l Link) bool {
		out = append(out, l)
		return true
	})
	return out, err
}

// All is the package's All with x's limits.
func (x Extractor) All(r io.Reader, doc *weburl.URL, contentType string) iter.Seq2[Link, error] {
	maxPending := x.MaxPending
	if maxPending <= 0 {
		maxPending = DefaultMaxPending
	}
	return func(yield func(Link, error) bool) {
		stopped := false
		err := x.run(r, doc, contentType, maxPending, func(l Link) bool {
			if !yield(l, nil) {
				stopped = true
				return false
			}
			return true
		})
		if err != nil && !stopped {
			yield(Link{}, err)
		}
	}
}

// run reads the document and calls emit for each link in order. A negative
// maxPending holds links for the base URL without limit.
func (x Extractor) run(r io.Reader, doc *weburl.URL, contentType string, maxPending int, emit func(Link) bool) error {
	maxToken := x.MaxTokenSize
	if maxToken <= 0 {
		maxToken = DefaultMaxTokenSize
	}
	text, enc, err := decode(bufio.NewReaderSize(r, 4096), contentType)
	if err != nil {
		return err
	}
	s := &state{
		doc:        doc,
		base:       doc,
		holding:    true,
		maxPending: maxPending,
		emit:       emit,
	}
	s.parser.Encoding = enc
	z := html.NewTokenizer(text)
	z.SetMaxBuf(maxToken)
	for !s.stopped {
		switch z.Next() {
		case html.ErrorToken:
			s.flush()
			err := z.Err()
			switch {
			case s.stopped || err == io.EOF:
				return nil
			case errors.Is(err, html.ErrBufferExceeded):
				return fmt.Errorf("links: a token is longer than %d bytes: %w", maxToken, err)
			}
			return err
		case html.StartTagToken, html.SelfClosingTagToken:
			s.startTag(z)
		case html.EndTagToken:
			// A template's end tag ends it; a stray one is ignored, as the
			// tree builder ignores it.
			if s.templates > 0 && tagName(z.Raw()) == "template" {
				s.templates--
			}
		}
	}
	return nil
}

// pendingLink is a link met before the base URL is known.
type pendingLink struct{ raw, tag, attr, rel string }

// state is one extraction's progress.
type state struct {
	parser     weburl.Parser // carries the document's encoding for queries
	doc        *weburl.URL   // the fallback base URL
	base       *weburl.URL   // the document base URL as far as known
	haveBase   bool          // whether the first <base href> has been met
	holding    bool          // whether links wait in pending for the base
	pending    []pendingLink
	maxPending int // negative: no limit
	templates  int // depth of open <template> elements
	emit       func(Link) bool
	stopped    bool
}

// startTag reads the links of a start tag.
func (s *state) startTag(z *html.Tokenizer) {
	name := tagName(z.Raw())
	var key, val []byte
	more := true // TagAttr says when there are no more
	switch name {
	case "":
		return
	case "template":
		// A self-closing flag does not close a template in HTML either.
		s.templates++
		return
	case "base":
		if s.haveBase || s.templates > 0 {
			return
		}
		for more {
			key, val, more = z.TagAttr()
			if key == nil {
				break
			}
			if string(key) == "href" {
				s.setBase(string(val))
				return
			}
		}
		return
	case "meta":
		refresh := false
		var content []byte
		for more {
			key, val, more = z.TagAttr()
			switch string(key) {
			case "http-equiv":
				refresh = asciiEqualFold(val, "refresh")
			case "content":
				content = val
			}
		}
		// HTML's refresh pragma ignores an empty content attribute.
		if refresh && len(content) > 0 {
			if u, ok := refreshURL(string(content)); ok {
				s.add(trimSpace(u), "meta", "content", "", true)
			}
		}
		return
	}
	// The rel attribute may come after the URLs: read all attributes
	// first. The values stay valid until the tokenizer's next token.
	tag := name
	type urlAttr struct {
		attr string
		kind kind
		val  []byte
	}
	var buf [4]urlAttr
	found := buf[:0]
	var rel []byte
	for more {
		key, val, more = z.TagAttr()
		if string(key) == "rel" {
			if rel == nil {
				rel = val[:len(val):len(val)] // the first one counts, as in HTML
			}
			continue
		}
		if attr, kind := classify(tag, key); kind != kindNone {
			found = append(found, urlAttr{attr, kind, val})
		}
	}
	relStr := string(rel)
	for _, a := range found {
		if s.stopped {
			return
		}
		switch a.kind {
		case kindFetch, kindNavigate:
			s.add(trimSpace(string(a.val)), tag, a.attr, relStr, a.kind == kindNavigate)
		case kindSrcset:
			parseSrcset(string(a.val), func(u string) bool {
				s.add(u, tag, a.attr, relStr, false)
				return !s.stopped
			})
		}
	}
}

// setBase sets the document base URL from the first <base href>: its
// frozen base URL is the href parsed against the fallback base URL, or
// the fallback itself when that fails or gives a data: or javascript: URL.
func (s *state) setBase(href string) {
	s.haveBase = true
	b, err := s.parser.Parse(trimSpace(href), s.doc)
	if err == nil && b.Scheme() != "data" && b.Scheme() != "javascript" {
		s.base = b
	}
	s.flush()
}

// add reports the link raw, or holds it until the base URL is known. An
// empty raw is a link only where emptyIsLink (HTML resolves it to the base
// URL).
func (s *state) add(raw, tag, attr, rel string, emptyIsLink bool) {
	if raw == "" && !emptyIsLink {
		return
	}
	if !s.holding {
		s.send(raw, tag, attr, rel)
		return
	}
	s.pending = append(s.pending, pendingLink{raw, tag, attr, rel})
	if s.maxPending >= 0 && len(s.pending) >= s.maxPending {
		s.flush() // give up waiting for a <base>
	}
}

// flush reports the links held back, against the base URL as now known,
// and stops holding links.
func (s *state) flush() {
	s.holding = false
	for _, p := range s.pending {
		if s.stopped {
			break
		}
		s.send(p.raw, p.tag, p.attr, p.rel)
	}
	s.pending = nil
}

// send resolves raw against the base URL and reports it.
func (s *state) send(raw, tag, attr, rel string) {
	if s.stopped {
		return
	}
	l := Link{Raw: raw, Tag: tag, Attr: attr, Rel: rel}
	u, err := s.parser.Parse(raw, s.base)
	if err != nil {
		l.Err = err
	} else {
		l.URL = u
	}
	if !s.emit(l) {
		s.stopped = true
	}
}

// kind says how an attribute holds URLs.
type kind uint8

const (
	kindNone     kind = iota
	kindFetch         // one URL; an empty value fetches nothing
	kindNavigate      // one URL; an empty value is the base URL
	kindSrcset        // image candidates
)

// tagName returns the name of the tag token raw ("<IMG src=x>" or
// "</template>") when it is one this package reads, as a constant string,
// and "" otherwise. Reading the name from the raw bytes, as the tokenizer
// delimits it, spares the copy that Tokenizer.TagName makes of every name.
func tagName(raw []byte) string {
	i := 1 // past "<"
	if i < len(raw) && raw[i] == '/' {
		i++
	}
	var buf [10]byte // the longest name read, "blockquote"
	n := 0
	for ; i < len(raw); i++ {
		c := raw[i]
		if isSpace(c) || c == '/' || c == '>' {
			break
		}
		if n == len(buf) {
			return ""
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[n] = c
		n++
	}
	switch string(buf[:n]) {
	case "a":
		return "a"
	case "area":
		return "area"
	case "audio":
		return "audio"
	case "base":
		return "base"
	case "blockquote":
		return "blockquote"
	case "button":
		return "button"
	case "del":
		return "del"
	case "embed":
		return "embed"
	case "form":
		return "form"
	case "iframe":
		return "iframe"
	case "img":
		return "img"
	case "input":
		return "input"
	case "ins":
		return "ins"
	case "link":
		return "link"
	case "meta":
		return "meta"
	case "object":
		return "object"
	case "q":
		return "q"
	case "script":
		return "script"
	case "source":
		return "source"
	case "template":
		return "template"
	case "track":
		return "track"
	case "video":
		return "video"
	}
	return ""
}

// classify returns the name and kind of tag's attribute key, or kindNone.
func classify(tag string, key []byte) (string, kind) {
	switch string(key) {
	case "href":
		switch tag {
		case "a", "area":
			return "href", kindNavigate
		case "link":
			return "href", kindFetch
		}
	case "src":
		switch tag {
		case "img", "script", "iframe", "embed", "source", "track", "audio", "video", "input":
			return "src", kindFetch
		}
	case "srcset":
		if tag == "img" || tag == "source" {
			return "srcset", kindSrcset
		}
	case "action":
		if tag == "form" {
			return "action", kindNavigate
		}
	case "formaction":
		if tag == "button" || tag == "input" {
			return "formaction", kindNavigate
		}
	case "cite":
		switch tag {
		case "blockquote", "q", "del", "ins":
			return "cite", kindNavigate
		}
	case "data":
		if tag == "object" {
			return "data", kindFetch
		}
	case "poster":
		if tag == "video" {
			return "poster", kindFetch
		}
	}
	return "", kindNone
}

// isSpace reports whether c is ASCII whitespace: tab, LF, FF, CR or space.
func isSpace(c byte) bool {
	return c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' '
}

// trimSpace strips leading and trailing ASCII whitespace, as HTML does.
func trimSpace(s string) string {
	i, j := 0, len(s)
	for i < j && isSpace(s[i]) {
		i++
	}
	for j > i && isSpace(s[j-1]) {
		j--
	}
	return s[i:j]
}

// asciiEqualFold reports whether b is an ASCII case-insensitive match for
// the lowercase s.
func asciiEqualFold(b []byte, s string) bool {
	if len(b) != len(s) {
		return false
	}
	for i := range len(b) {
		c := b[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != s[i] {
			return false
		}
	}
	return true
}
