package sitemap

import (
	"encoding/xml"
	"errors"
	"io"
	"strconv"
	"strings"
)

// The namespaces of the elements Parse reads. An element of no namespace
// is read too, as crawlers read sitemaps that leave out xmlns.
const (
	nsSitemap = "http://www.sitemaps.org/schemas/sitemap/0.9"
	nsGoogle  = "http://www.google.com/schemas/sitemap/0.84" // sitemaps.org's protocol before 0.9
	nsAtom    = "http://www.w3.org/2005/Atom"
)

// The kinds of XML document, by their root element.
type docKind int

const (
	urlset       docKind = iota + 1 // <urlset><url><loc>
	sitemapindex                    // <sitemapindex><sitemap><loc>
	rss                             // <rss><channel><item><link>
	atom                            // <feed><entry><link href>
)

// entryDepth is the depth of an entry's element: 2 for <url> in <urlset>,
// 3 for <item> in <rss><channel>.
func (k docKind) entryDepth() int {
	if k == rss {
		return 3
	}
	return 2
}

// in reports whether an element of namespace space is one of the kind's.
func (k docKind) in(space string) bool {
	switch k {
	case rss:
		return space == ""
	case atom:
		return space == "" || space == nsAtom
	}
	return space == "" || space == nsSitemap || space == nsGoogle
}

func rootKind(n xml.Name) docKind {
	for _, k := range []docKind{urlset, sitemapindex, rss, atom} {
		if k.in(n.Space) && n.Local == [...]string{urlset: "urlset", sitemapindex: "sitemapindex", rss: "rss", atom: "feed"}[k] {
			return k
		}
	}
	return 0
}

// isEntry reports whether n is the element of one entry of a k document.
func (k docKind) isEntry(n xml.Name) bool {
	return k.in(n.Space) && n.Local == [...]string{urlset: "url", sitemapindex: "sitemap", rss: "item", atom: "entry"}[k]
}

// The fields of an entry.
type field int

const (
	noField field = iota
	locField
	lastModField // <lastmod>, RSS <pubDate>, Atom <updated>
	changeFreqField
	priorityField
)

func (k docKind) field(n xml.Name) field {
	if !k.in(n.Space) {
		return noField // an extension's element, as <image:loc>
	}
	switch k {
	case rss:
		switch n.Local {
		case "link":
			return locField
		case "pubDate":
			return lastModField
		}
	case atom:
		if n.Local == "updated" {
			return lastModField
		}
	default:
		switch n.Local {
		case "loc":
			return locField
		case "lastmod":
			return lastModField
		case "changefreq":
			if k == urlset {
				return changeFreqField
			}
		case "priority":
			if k == urlset {
				return priorityField
			}
		}
	}
	return noField
}

// parseXML reads an XML sitemap or feed; lines is the count of lines
// before r.
func (p *parser) parseXML(r io.Reader, lines int) error {
	d := xml.NewDecoder(r)
	var declared string // an encoding the XML declaration names, other than UTF-8
	d.CharsetReader = func(label string, in io.Reader) (io.Reader, error) {
		if strings.EqualFold(label, "us-ascii") || strings.EqualFold(label, "ascii") {
			return in, nil // a subset of UTF-8
		}
		declared = label
		return nil, encodingError{label}
	}
	var (
		kind       docKind
		depth      int
		e          *Entry // the entry being read, when depth >= kind.entryDepth()
		hasLoc     bool
		f          field
		text       []byte
		entryDepth int
	)
	line := func() int { l, _ := d.InputPos(); return lines + l }
	for {
		tok, err := d.Token()
		if err != nil {
			switch {
			case err == io.EOF && kind == 0:
				return p.fail(line(), ErrFormat)
			case err == io.EOF:
				return nil
			case declared != "":
				err = encodingError{declared}
			case errors.Is(err, ErrTooLarge):
				err = ErrTooLarge
			}
			return p.fail(line(), err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			switch {
			case depth > maxDepth:
				return p.fail(line(), ErrTooDeep)
			case depth == 1:
				if kind = rootKind(t.Name); kind == 0 {
					return p.fail(line(), ErrFormat)
				}
				entryDepth = kind.entryDepth()
			case e == nil && depth == entryDepth && kind.isEntry(t.Name):
				e, hasLoc = &Entry{Priority: -1, Line: line()}, false
			case e != nil && depth == entryDepth+1 && kind == atom && t.Name.Local == "link" && kind.in(t.Name.Space):
				if href, ok := atomLink(t.Attr); ok && !hasLoc {
					e.Loc, e.Line, hasLoc = strings.TrimSpace(href), line(), true
				}
			case e != nil && depth == entryDepth+1:
				if f = kind.field(t.Name); f == locField {
					e.Line = line()
				}
				text = text[:0]
			}
		case xml.CharData:
			if f != noField && depth == entryDepth+1 {
				text = append(text, t...)
			}
		case xml.EndElement:
			switch {
			case f != noField && depth == entryDepth+1:
				s := strings.TrimSpace(string(text))
				switch f {
				case locField:
					if !hasLoc {
						e.Loc, hasLoc = s, true
					}
				case lastModField:
					e.LastMod = parseDate(s, kind == rss)
				case changeFreqField:
					e.ChangeFreq = changeFreq(s)
				case priorityField:
					e.Priority = priority(s)
				}
				f = noField
			case e != nil && depth == entryDepth:
				list := &p.sm.Entries
				if kind == sitemapindex {
					list = &p.sm.Sitemaps
				}
				if hasLoc {
					p.resolve(e, kind == sitemapindex, kind == atom)
				} else {
					e.Err = &Error{Op: "loc", Line: e.Line, Err: ErrNoLoc}
				}
				if err := p.add(list, *e); err != nil {
					return err
				}
				e = nil
			}
			depth--
		}
	}
}

// atomLink returns the href of an Atom <link> that is the entry's own: no
// rel, or rel="alternate" (RFC 4287 §4.2.7.2).
func atomLink(attrs []xml.Attr) (string, bool) {
	var href string
	var ok bool
	for _, a := range attrs {
		if a.Name.Space != "" {
			continue
		}
		switch a.Name.Local {
		case "href":
			href, ok = a.Value, true
		case "rel":
			if strings.TrimSpace(a.Value) != "alternate" {
				return "", false
			}
		}
	}
	return href, ok
}

// changeFreq returns s in lower case when it is one of the protocol's
// values of <changefreq>, else "".
func changeFreq(s string) string {
	s = strings.ToLower(s)
	switch s {
	case "always", "hourly", "daily", "weekly", "monthly", "yearly", "never":
		return s
	}
	return ""
}

// priority returns <priority> s, or -1 when it is not a number from 0.0 to
// 1.0.
func priority(s string) float64 {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || !(v >= 0 && v <= 1) {
		return -1
	}
	return v
}
