package links

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"iter"
	"strings"

	"golang.org/x/net/html"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/swar"
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
	// Tag and Attr name the element and attribute, in lowercase. Links
	// of CSS have Attr "url" or "@import" in a <style> element (Tag
	// "style") or a style sheet (ExtractCSS; Tag ""), and Attr "style" in
	// a style attribute; those of a Link header field are named as the
	// <link> element that the field stands for (see ParseLinkHeader).
	Tag, Attr string
	// Rel is the element's rel attribute as written (character
	// references expanded, nothing trimmed or lowercased), "" when it has
	// none: "nofollow", "canonical", "alternate", "stylesheet" ... HTML
	// gives it a meaning on a, area, link and form; split it on ASCII
	// whitespace and compare case-insensitively to read its keywords.
	Rel string
	// Kind says whether the link is a page to follow or a resource the
	// page loads, by its element and attribute (and rel), as the package
	// doc lists them.
	Kind Kind
	// Err is the *weburl.Error of a Raw that does not parse; such a link
	// is reported, not dropped.
	Err error
}

// ErrTokenTooLong is the reason extraction stopped at a token (an HTML tag
// with its attributes, a text, a CSS url or string) longer than the
// Extractor's MaxTokenSize: the links before it are returned.
var ErrTokenTooLong = errors.New("token too long")

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
		tt := z.Next()
		styleText := s.styleNext
		s.styleNext = false
		switch tt {
		case html.ErrorToken:
			s.flush()
			err := z.Err()
			switch {
			case s.stopped || err == io.EOF:
				return nil
			case errors.Is(err, html.ErrBufferExceeded):
				return fmt.Errorf("links: %w: a token is longer than %d bytes: %w", ErrTokenTooLong, maxToken, err)
			}
			return err
		case html.StartTagToken, html.SelfClosingTagToken:
			s.startTag(z, tt == html.SelfClosingTagToken)
		case html.EndTagToken:
			s.endTag(z.Raw())
		case html.TextToken:
			if styleText {
				// The text of a <style>: a style sheet whose base URL is
				// the document's.
				scanCSS(newCSSText(z.Text()), false, func(raw, construct string) bool {
					s.add(raw, "style", construct, "", Resource, addCSS)
					return !s.stopped
				})
			}
		}
	}
	return nil
}

// pendingLink is a link met before the base URL is known.
type pendingLink struct {
	raw, tag, attr, rel string
	kind                Kind
	css                 bool // a URL of CSS, parsed with UTF-8
}

// state is one extraction's progress.
type state struct {
	parser     weburl.Parser // carries the document's encoding for queries
	cssParser  weburl.Parser // UTF-8, for the URLs of CSS
	doc        *weburl.URL   // the fallback base URL
	base       *weburl.URL   // the document base URL as far as known
	haveBase   bool          // whether the first <base href> has been met
	holding    bool          // whether links wait in pending for the base
	pending    []pendingLink
	maxPending int  // negative: no limit
	templates  int  // depth of open <template> elements
	svg        int  // depth of open <svg> elements, foreign content
	styleNext  bool // whether the next token is a <style>'s text
	emit       func(Link) bool
	stopped    bool
}

// urlAttr is an attribute of a start tag that holds links.
type urlAttr struct {
	attr string
	typ  attrType
	kind Kind
	val  []byte
}

// startTag reads the links of a start tag.
func (s *state) startTag(z *html.Tokenizer, selfClosing bool) {
	raw := z.Raw()
	var nameBuf [maxTagName]byte
	lname := lowerTagName(raw, nameBuf[:0])
	if s.svg > 0 && endsForeignContent(lname) {
		s.svg = 0
	}
	name := knownTag(lname)
	var key, val []byte
	more := true // TagAttr says when there are no more
	switch name {
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
				refresh = swar.EqualLower(val, "refresh")
			case "content":
				content = val
			}
		}
		// HTML's refresh pragma ignores an empty content attribute.
		if refresh && len(content) > 0 {
			if u, ok := refreshURL(string(content)); ok {
				s.add(trimSpace(u), "meta", "content", "", Navigation, addEmptyIsBase)
			}
		}
		return
	case "style":
		s.styleNext = true // <style/> is raw text all the same
	case "svg":
		if !selfClosing {
			s.svg++
		}
	case "image":
		if s.svg == 0 {
			name = "img" // HTML's tree builder makes an <image> an <img>
		}
	case "":
		if !hasStyleAttr(raw) {
			return
		}
	}
	inSVG := s.svg > 0 && name != "svg"
	// The rel attribute may come after the URLs: read all attributes
	// first. The values stay valid until the tokenizer's next token.
	var buf [4]urlAttr
	found := buf[:0]
	var rel, as []byte
	hasHref := false // an href, empty or not
	// The tokenizer keeps the first of two attributes of one name, as HTML
	// does.
	for more {
		key, val, more = z.TagAttr()
		switch string(key) {
		case "rel":
			rel = val
			continue
		case "as":
			as = val
			continue
		case "style":
			found = append(found, urlAttr{"style", attrStyle, Resource, val})
			continue
		}
		if a, ok := classify(name, string(key), inSVG); ok {
			hasHref = hasHref || a.attr == "href"
			a.val = val
			found = append(found, a)
		}
	}
	relStr := string(rel)
	if name == "link" {
		linkKind := relKind(relStr)
		preloadImage := hasRel(relStr, "preload") && swar.EqualLower(bytes.TrimFunc(as, isSpaceRune), "image")
		for i := range found {
			switch found[i].attr {
			case "href":
				found[i].kind = linkKind
			case "imagesrcset":
				if !preloadImage {
					found[i].typ = attrNone // only rel=preload as=image reads it
				}
			}
		}
	}
	for _, a := range found {
		if s.stopped {
			return
		}
		switch a.typ {
		case attrURL:
			s.add(trimSpace(string(a.val)), name, a.attr, relStr, a.kind, 0)
		case attrURLEmptyIsBase:
			s.add(trimSpace(string(a.val)), name, a.attr, relStr, a.kind, addEmptyIsBase)
		case attrXLinkHref:
			if !hasHref { // SVG 2: with both, href wins
				s.add(trimSpace(string(a.val)), name, a.attr, relStr, a.kind, a.flags())
			}
		case attrSrcset:
			parseSrcset(string(a.val), func(u string) bool {
				s.add(u, name, a.attr, relStr, a.kind, 0)
				return !s.stopped
			})
		case attrPing:
			for _, u := range strings.FieldsFunc(string(a.val), isSpaceRune) {
				if s.stopped {
					return
				}
				s.add(u, name, a.attr, relStr, 0, 0)
			}
		case attrStyle:
			tag := name
			if tag == "" {
				tag = elementName(raw, lname)
			}
			scanCSS(newCSSText(a.val), true, func(raw, _ string) bool {
				s.add(raw, tag, "style", "", Resource, addCSS)
				return !s.stopped
			})
		}
	}
}

// endTag reads an end tag.
func (s *state) endTag(raw []byte) {
	if s.templates == 0 && s.svg == 0 {
		return // no end tag changes anything then
	}
	var nameBuf [maxTagName]byte
	switch string(lowerTagName(raw, nameBuf[:0])) {
	case "template":
		// A template's end tag ends it; a stray one is ignored, as the
		// tree builder ignores it.
		if s.templates > 0 {
			s.templates--
		}
	case "svg":
		if s.svg > 0 {
			s.svg--
		}
	case "br", "p":
		s.svg = 0 // these end tags end foreign content too
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

// The flags of add.
const (
	addEmptyIsBase = 1 << iota // an empty raw is a link, to the base URL
	addCSS                     // a URL of CSS, parsed with UTF-8
)

// add reports the link raw, or holds it until the base URL is known. An
// empty raw is a link only with addEmptyIsBase (HTML resolves it to the
// base URL).
func (s *state) add(raw, tag, attr, rel string, kind Kind, flags int) {
	if raw == "" && flags&addEmptyIsBase == 0 {
		return
	}
	p := pendingLink{raw, tag, attr, rel, kind, flags&addCSS != 0}
	if !s.holding {
		s.send(p)
		return
	}
	s.pending = append(s.pending, p)
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
		s.send(p)
	}
	s.pending = nil
}

// send resolves a link against the base URL and reports it.
func (s *state) send(p pendingLink) {
	if s.stopped {
		return
	}
	l := Link{Raw: p.raw, Tag: p.tag, Attr: p.attr, Rel: p.rel, Kind: p.kind}
	parser := &s.parser
	if p.css {
		parser = &s.cssParser
	}
	l.URL, l.Err = parser.Parse(p.raw, s.base)
	if !s.emit(l) {
		s.stopped = true
	}
}

// attrType says how an attribute holds URLs.
type attrType uint8

const (
	attrNone           attrType = iota
	attrURL                     // one URL; an empty value is none
	attrURLEmptyIsBase          // one URL; an empty value is the base URL
	attrXLinkHref               // SVG's xlink:href, unless the element has an href
	attrSrcset                  // image candidates
	attrPing                    // URLs separated by ASCII whitespace
	attrStyle                   // CSS declarations
)

// flags are add's flags for an xlink:href, which reads as the href it
// stands for: an empty one is the base URL on an <a>.
func (a urlAttr) flags() int {
	if a.kind == Navigation {
		return addEmptyIsBase
	}
	return 0
}

// classify returns the attribute key of the element tag, when it holds
// URLs; inSVG says whether the element is in SVG content, where <a> and
// <image> take href and xlink:href.
func classify(tag, key string, inSVG bool) (urlAttr, bool) {
	switch key {
	case "href":
		switch tag {
		case "a", "area":
			return urlAttr{attr: "href", typ: attrURLEmptyIsBase, kind: Navigation}, true
		case "link":
			return urlAttr{attr: "href", typ: attrURL}, true // the Kind is rel's
		case "image":
			if inSVG {
				return urlAttr{attr: "href", typ: attrURL, kind: Resource}, true
			}
		}
	case "xlink:href":
		if inSVG {
			switch tag {
			case "a":
				return urlAttr{attr: "xlink:href", typ: attrXLinkHref, kind: Navigation}, true
			case "image":
				return urlAttr{attr: "xlink:href", typ: attrXLinkHref, kind: Resource}, true
			}
		}
	case "ping":
		if tag == "a" || tag == "area" {
			return urlAttr{attr: "ping", typ: attrPing}, true
		}
	case "src":
		switch tag {
		case "img", "script", "embed", "source", "track", "audio", "video", "input":
			return urlAttr{attr: "src", typ: attrURL, kind: Resource}, true
		case "iframe", "frame":
			return urlAttr{attr: "src", typ: attrURL, kind: Navigation}, true
		}
	case "srcset":
		if tag == "img" || tag == "source" {
			return urlAttr{attr: "srcset", typ: attrSrcset, kind: Resource}, true
		}
	case "imagesrcset":
		if tag == "link" {
			return urlAttr{attr: "imagesrcset", typ: attrSrcset, kind: Resource}, true
		}
	case "action":
		if tag == "form" {
			return urlAttr{attr: "action", typ: attrURLEmptyIsBase, kind: Navigation}, true
		}
	case "formaction":
		if tag == "button" || tag == "input" {
			return urlAttr{attr: "formaction", typ: attrURLEmptyIsBase, kind: Navigation}, true
		}
	case "cite":
		switch tag {
		case "blockquote", "q", "del", "ins":
			return urlAttr{attr: "cite", typ: attrURLEmptyIsBase, kind: Navigation}, true
		}
	case "data":
		if tag == "object" {
			return urlAttr{attr: "data", typ: attrURL, kind: Resource}, true
		}
	case "poster":
		if tag == "video" {
			return urlAttr{attr: "poster", typ: attrURL, kind: Resource}, true
		}
	}
	return urlAttr{}, false
}

// maxTagName bounds the bytes of a tag name that lowerTagName keeps: the
// longest name the package compares with is "foreignobject".
const maxTagName = 16

// lowerTagName appends to b the name of the tag token raw ("<IMG src=x>"
// or "</template>"), lowercased, as the tokenizer delimits it, or nothing
// for a name longer than maxTagName. Reading the name from the raw bytes
// spares the copy that Tokenizer.TagName makes of every name.
func lowerTagName(raw, b []byte) []byte {
	i := 1 // past "<"
	if i < len(raw) && raw[i] == '/' {
		i++
	}
	for ; i < len(raw); i++ {
		c := raw[i]
		if isSpace(c) || c == '/' || c == '>' {
			break
		}
		if len(b) == maxTagName {
			return b[:0]
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		b = append(b, c)
	}
	return b
}

// elementName returns the name of the start tag raw, lowercased: lname,
// or the whole name when it is longer than lowerTagName keeps.
func elementName(raw, lname []byte) string {
	if len(lname) > 0 {
		return string(lname)
	}
	name := raw[1:] // past "<"
	if i := bytes.IndexFunc(name, func(r rune) bool { return r == '/' || r == '>' || isSpaceRune(r) }); i >= 0 {
		name = name[:i]
	}
	return swar.ToLower(string(name))
}

// knownTag returns the lowercase name when it is one this package reads
// links of, as a constant string, and "" otherwise.
func knownTag(name []byte) string {
	switch string(name) {
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
	case "frame":
		return "frame"
	case "iframe":
		return "iframe"
	case "image":
		return "image"
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
	case "style":
		return "style"
	case "svg":
		return "svg"
	case "template":
		return "template"
	case "track":
		return "track"
	case "video":
		return "video"
	}
	return ""
}

// endsForeignContent reports whether a start tag of this name ends the
// SVG it appears in, as HTML's "rules for parsing tokens in foreign
// content" pop it for them (<font> does so only with a color, face or size
// attribute, which is left out here).
func endsForeignContent(name []byte) bool {
	switch string(name) {
	case "b", "big", "blockquote", "body", "br", "center", "code", "dd", "div", "dl", "dt",
		"em", "embed", "h1", "h2", "h3", "h4", "h5", "h6", "head", "hr", "i", "img", "li",
		"listing", "menu", "meta", "nobr", "ol", "p", "pre", "ruby", "s", "small", "span",
		"strong", "strike", "sub", "sup", "table", "tt", "u", "ul", "var":
		return true
	}
	return false
}

// hasStyleAttr reports whether the raw start tag may have a style
// attribute: whether it holds "style" in any case. It spares reading the
// attributes of the many elements whose links are only in a style.
func hasStyleAttr(raw []byte) bool {
	// Look for the rarer 'y', then around it.
	for i := 2; i+3 <= len(raw); i++ {
		if raw[i]|0x20 == 'y' && swar.EqualLower(raw[i-2:i+3], "style") {
			return true
		}
	}
	return false
}

// isSpace reports whether c is ASCII whitespace: tab, LF, FF, CR or space.
func isSpace(c byte) bool {
	return c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' '
}

// isSpaceRune is isSpace for strings.FieldsFunc and bytes.TrimFunc.
func isSpaceRune(r rune) bool { return r < 0x80 && isSpace(byte(r)) }

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
