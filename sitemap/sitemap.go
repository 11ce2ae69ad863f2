package sitemap

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/weburl/weburl"
)

// sitemaps.org's bounds on one sitemap file.
const (
	MaxURLs  = 50_000   // URLs in a sitemap, or sitemaps in an index
	MaxBytes = 50 << 20 // bytes of a sitemap uncompressed (52,428,800)
)

// maxDepth bounds the nesting of XML elements: a sitemap nests 3 deep, an
// RSS item's link 4, and extensions a few more. Without it the decoder's
// stack of open elements would grow with a hostile document.
const maxDepth = 100

// An Entry is one URL of a sitemap: a <url> of a urlset, a <sitemap> of a
// sitemapindex, a line of a text sitemap, an RSS <item> or an Atom
// <entry>.
type Entry struct {
	// URL is the entry's URL, parsed by the URL Standard (against the
	// sitemap's location when it is relative); nil when it does not parse
	// or the entry has none (Err says why).
	URL *weburl.URL
	// LastMod is <lastmod> in one of the W3C Datetime forms (YYYY,
	// YYYY-MM, YYYY-MM-DD, and with a time and a zone), an RSS <pubDate>
	// or an Atom <updated>; zero when absent or when it does not parse.
	// A date without a time is midnight UTC.
	LastMod time.Time
	// ChangeFreq is <changefreq> in lower case when it is one of the
	// protocol's values (always, hourly, daily, weekly, monthly, yearly,
	// never), else "".
	ChangeFreq string
	// Priority is <priority>, from 0.0 to 1.0; -1 when absent, out of that
	// range or not a number.
	Priority float64
	// Loc is the URL as written in the <loc>, <link> or line, XML entities
	// and CDATA decoded and whitespace around it trimmed.
	Loc string
	// Line is the line of the document where the URL is written, from 1.
	Line int
	// Err is why the entry breaks the protocol, an *Error with Op "loc":
	// its Err is ErrRelative (URL is then the reference resolved against
	// the location, or nil without one), ErrNoLoc, ErrNotUTF8, or the
	// *weburl.Error of a URL that does not parse (URL nil). A crawler that
	// keeps to the protocol fetches the entries whose Err is nil.
	Err error
	// OutsideLocation reports that URL is not where the sitemap may list
	// it: for an entry, a URL that does not start with the directory of
	// the sitemap's location (a sitemap at https://example.com/a/s.xml
	// lists only URLs under https://example.com/a/); for a sitemap of an
	// index, one on another scheme, host or port. sitemaps.org allows
	// such a URL only when the site's robots.txt names the sitemap (a
	// cross-submit), which Parse cannot know, so it reports and keeps it.
	OutsideLocation bool
}

// A Sitemap is what Parse read of a sitemap file.
type Sitemap struct {
	Entries  []Entry // <urlset> <url>, text lines, RSS <item> <link>, Atom <entry> <link>
	Sitemaps []Entry // <sitemapindex> <sitemap>: more sitemaps to fetch
}

// Parse reads a sitemap at location (its URL, nil when unknown) from r:
// an XML urlset or sitemapindex of sitemaps.org's protocol (with its
// namespace, or with none, as crawlers accept), a plain text file of one
// URL a line, an RSS 2.0 or an Atom 1.0 feed; gzip-compressed or not, as
// its first bytes say. Each URL is parsed by the URL Standard against
// location.
//
// An entry that breaks the protocol (a relative or invalid URL, no URL at
// all) is kept, with Err saying why, and the others go on. The document
// fails as a whole, with an *Error of Op "parse", when it is not
// well-formed XML, not UTF-8, not a sitemap, or past sitemaps.org's
// bounds (MaxURLs, MaxBytes; ErrTooManyURLs, ErrTooLarge); Parse then
// returns the entries read before that point with the error. It reads at
// most MaxBytes+1 bytes, after decompression, in memory and time linear
// in them: XML's predefined entities and character references are
// decoded, a DTD's own entities are not (they fail as undefined).
func Parse(r io.Reader, location *weburl.URL) (*Sitemap, error) {
	p := parser{location: location, maxURLs: MaxURLs, maxBytes: MaxBytes, sm: new(Sitemap)}
	return p.sm, p.parse(r)
}

// parser reads one sitemap; its bounds are fields so that tests can reach
// them with small inputs.
type parser struct {
	location *weburl.URL
	maxURLs  int
	maxBytes int64
	sm       *Sitemap

	dir, root string // the prefixes of OutsideLocation; "" when unknown
	prefixes  bool   // dir and root are computed
}

func (p *parser) parse(r io.Reader) error {
	if r == nil {
		return nil
	}
	// The compressed bytes count too: a gzip stream of empty members
	// could otherwise be read for ever.
	br := bufio.NewReaderSize(&limitReader{r: r, n: p.maxBytes}, 64<<10)
	if magic, _ := br.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return p.fail(0, err)
		}
		br = bufio.NewReaderSize(&limitReader{r: zr, n: p.maxBytes}, 64<<10)
	}
	head, _ := br.Peek(3)
	switch {
	case bytes.HasPrefix(head, []byte("\xef\xbb\xbf")):
		br.Discard(3)
	case bytes.HasPrefix(head, []byte("\xfe\xff")), bytes.HasPrefix(head, []byte("\xff\xfe")):
		return p.fail(0, encodingError{"UTF-16"})
	}
	// The first byte that is not whitespace tells XML from text.
	line := 1
	for {
		c, err := br.ReadByte()
		if err != nil {
			if err == io.EOF {
				return nil // an empty sitemap
			}
			return p.fail(line, err)
		}
		switch c {
		case ' ', '\t', '\r':
			continue
		case '\n':
			line++
			continue
		}
		br.UnreadByte()
		if c == '<' {
			return p.parseXML(br, line-1)
		}
		return p.parseText(br, line-1)
	}
}

// parseText reads a text sitemap: one URL a line, blank lines skipped.
// lines is the count of lines before r. (Not bufio.Scanner: it searches a
// long line for its end from the start again at each read, in time
// quadratic in the line.)
func (p *parser) parseText(r *bufio.Reader, lines int) error {
	var long []byte // a line longer than r's buffer
	for {
		b, err := r.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			long = append(long, b...)
			continue
		}
		if long != nil {
			b = append(long, b...)
			long = nil
		}
		if len(b) > 0 {
			lines++
			if err := p.textLine(b, lines); err != nil {
				return err
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return p.fail(lines, err)
		}
	}
}

// textLine adds the entry of one line of a text sitemap.
func (p *parser) textLine(b []byte, line int) error {
	b = bytes.Trim(b, " \t\r\n\f\v")
	if len(b) == 0 {
		return nil
	}
	e := Entry{Loc: string(b), Line: line, Priority: -1}
	if !utf8.Valid(b) {
		e.Err = &Error{Op: "loc", Input: e.Loc, Line: line, Err: ErrNotUTF8}
	} else {
		p.resolve(&e, false, false)
	}
	return p.add(&p.sm.Entries, e)
}

// add appends e to list, unless the sitemap would then hold more than
// maxURLs URLs.
func (p *parser) add(list *[]Entry, e Entry) error {
	if len(p.sm.Entries)+len(p.sm.Sitemaps) >= p.maxURLs {
		return p.fail(e.Line, ErrTooManyURLs)
	}
	*list = append(*list, e)
	return nil
}

// fail is the error of the document as a whole.
func (p *parser) fail(line int, err error) error {
	var loc string
	if p.location != nil {
		loc = p.location.Href()
	}
	return &Error{Op: "parse", Input: loc, Line: line, Err: err}
}

// resolve parses e.Loc by the URL Standard: alone, and when that fails for
// want of a scheme, against the location (ErrRelative unless relativeOK:
// an Atom feed's links may be relative). index says e is a sitemap of an
// index, whose scope is the location's origin rather than its directory.
func (p *parser) resolve(e *Entry, index, relativeOK bool) {
	u, err := weburl.Parse(e.Loc)
	if err != nil {
		relative := errors.Is(err, weburl.MissingSchemeNonRelativeURL)
		if relative && p.location != nil {
			if v, err2 := p.location.Parse(e.Loc); err2 == nil {
				u, err = v, nil
			} else {
				err = err2
			}
		}
		if relative && (err == nil || p.location == nil) {
			err = ErrRelative
			if relativeOK && u != nil {
				err = nil
			}
		}
	}
	e.URL = u
	if err != nil {
		e.Err = &Error{Op: "loc", Input: e.Loc, Line: e.Line, Err: err}
	}
	if u == nil || p.location == nil {
		return
	}
	if !p.prefixes {
		p.prefixes = true
		if d, err := p.location.Parse("."); err == nil {
			p.dir = d.Href()
		}
		if d, err := p.location.Parse("/"); err == nil {
			p.root = d.Href()
		}
	}
	prefix := p.dir
	if index {
		prefix = p.root
	}
	e.OutsideLocation = prefix != "" && !strings.HasPrefix(u.Href(), prefix)
}

// limitReader reads at most n bytes of r and fails with ErrTooLarge when r
// has more.
type limitReader struct {
	r io.Reader
	n int64
}

func (l *limitReader) Read(b []byte) (int, error) {
	if l.n <= 0 {
		var one [1]byte
		for {
			k, err := l.r.Read(one[:])
			if k > 0 {
				return 0, ErrTooLarge
			}
			if err != nil {
				return 0, err
			}
		}
	}
	if int64(len(b)) > l.n {
		b = b[:l.n]
	}
	k, err := l.r.Read(b)
	l.n -= int64(k)
	return k, err
}
