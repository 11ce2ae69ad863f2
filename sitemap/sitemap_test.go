package sitemap

import (
	"bytes"
	"compress/gzip"
	"encoding/xml"
	"errors"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/weburl/weburl"
)

// row is an Entry written flat for comparison: the href, and the error
// by its sentinel ("weburl" for a *weburl.Error).
type row struct {
	Href       string
	LastMod    string // RFC 3339, "" for the zero time
	ChangeFreq string
	Priority   float64
	Loc        string
	Line       int
	Err        string
	Outside    bool
}

func flat(t *testing.T, es []Entry) []row {
	t.Helper()
	var rows []row
	for _, e := range es {
		r := row{ChangeFreq: e.ChangeFreq, Priority: e.Priority, Loc: e.Loc, Line: e.Line, Outside: e.OutsideLocation}
		if !e.LastMod.IsZero() {
			r.LastMod = e.LastMod.Format(time.RFC3339Nano)
		}
		if e.URL != nil {
			r.Href = e.URL.Href()
		}
		if e.Err != nil {
			var se *Error
			if !errors.As(e.Err, &se) || se.Op != "loc" || se.Line != e.Line || se.Input != e.Loc {
				t.Errorf("entry %q: Err %#v is no *Error of Op loc with its line and input", e.Loc, e.Err)
			}
			var we *weburl.Error
			switch {
			case errors.As(e.Err, &we):
				r.Err = "weburl"
			default:
				r.Err = se.Err.Error()
			}
		}
		rows = append(rows, r)
	}
	return rows
}

var location = weburl.MustParse("https://example.com/catalog/sitemap.xml")

// diff lists the rows that differ, or returns "".
func diff(want, got []row) string {
	if reflect.DeepEqual(want, got) {
		return ""
	}
	var b strings.Builder
	for i := range max(len(want), len(got)) {
		var w, g any = "none", "none"
		if i < len(want) {
			w = want[i]
		}
		if i < len(got) {
			g = got[i]
		}
		if !reflect.DeepEqual(w, g) {
			fmt.Fprintf(&b, "%d: want %+v\n   got  %+v\n", i, w, g)
		}
	}
	return b.String()
}

func parseFile(t *testing.T, name string, loc *weburl.URL) (*Sitemap, error) {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return Parse(bytes.NewReader(b), loc)
}

var (
	errRelative = ErrRelative.Error()
	errNoLoc    = ErrNoLoc.Error()
	errNotUTF8  = ErrNotUTF8.Error()
)

// urlsetRows is what sitemaps.org's protocol and the URL Standard make of
// testdata/urlset.xml at location.
var urlsetRows = []row{
	{Href: "https://example.com/catalog/", LastMod: "2005-01-01T00:00:00Z", ChangeFreq: "monthly", Priority: 0.8,
		Loc: "https://example.com/catalog/", Line: 5},
	// &amp; is an entity; changefreq's values are compared without case.
	{Href: "https://example.com/catalog/item?id=12&desc=vacation_hawaii", LastMod: "2004-12-23T18:00:15Z", ChangeFreq: "weekly", Priority: -1,
		Loc: "https://example.com/catalog/item?id=12&desc=vacation_hawaii", Line: 11},
	// CDATA is text as written: "&#233;" stays, and its '#' starts the
	// fragment; the host is lower-cased, the fragment's space encoded. A
	// priority above 1.0 is none; YYYY-MM is the month's first day.
	{Href: "https://example.com/catalog/caf&#233;?q=a%20b", LastMod: "2004-11-01T00:00:00Z", Priority: -1,
		Loc: "https://EXAMPLE.com/catalog/caf&#233;?q=a b", Line: 17},
	// A character reference is decoded; é is percent-encoded in the path.
	// "sometimes" is no changefreq; priority 0 is one.
	{Href: "https://example.com/catalog/caf%C3%A9", LastMod: "2004-01-01T00:00:00Z", Priority: 0,
		Loc: "https://example.com/catalog/café", Line: 22},
	// Whitespace around a loc is trimmed; /elsewhere/ is outside
	// /catalog/, the sitemap's directory.
	{Href: "https://example.com/elsewhere/page", LastMod: "2004-12-23T18:00:15.5-05:00", Priority: -1,
		Loc: "https://example.com/elsewhere/page", Line: 28, Outside: true},
	{Href: "https://example.com/catalog/relative.html", LastMod: "2004-12-23T18:00:00Z", Priority: -1,
		Loc: "/catalog/relative.html", Line: 32, Err: errRelative},
	{Priority: -1, Loc: "https://example.com:99999/", Line: 36, Err: "weburl"},
	{LastMod: "2004-12-23T00:00:00Z", Priority: -1, Line: 39, Err: errNoLoc},
}

func TestURLSet(t *testing.T) {
	sm, err := parseFile(t, "urlset.xml", location)
	if err != nil {
		t.Fatal(err)
	}
	if diff := diff(urlsetRows, flat(t, sm.Entries)); diff != "" {
		t.Errorf("entries :\n%s", diff)
	}
	if len(sm.Sitemaps) != 0 {
		t.Errorf("sitemaps: %d, want none", len(sm.Sitemaps))
	}
	// <image:loc> is an extension's element, not the entry's loc.
	for _, e := range sm.Entries {
		if strings.Contains(e.Loc, "hawaii.jpg") {
			t.Errorf("an image:loc was read as a loc: %q", e.Loc)
		}
	}
	var we *weburl.Error
	if !errors.As(sm.Entries[6].Err, &we) || we.Err != weburl.PortOutOfRange {
		t.Errorf("https://example.com:99999/: %v, want the URL parser's %s", sm.Entries[6].Err, weburl.PortOutOfRange)
	}
}

// Without a location a relative loc has no URL, and no entry is outside.
func TestNoLocation(t *testing.T) {
	sm, err := parseFile(t, "urlset.xml", nil)
	if err != nil {
		t.Fatal(err)
	}
	want := append([]row(nil), urlsetRows...)
	want[4].Outside = false
	want[5].Href = ""
	if diff := diff(want, flat(t, sm.Entries)); diff != "" {
		t.Errorf("entries :\n%s", diff)
	}
}

func TestFormats(t *testing.T) {
	for _, tc := range []struct {
		file           string
		entries, index []row
	}{
		{file: "nonamespace.xml", entries: []row{
			{Href: "https://example.com/catalog/a", Priority: 0.5, Loc: "https://example.com/catalog/a", Line: 2},
			{Href: "https://example.com/catalog/b", Priority: -1, Loc: "https://example.com/catalog/b", Line: 3},
		}},
		{file: "index.xml", index: []row{
			{Href: "https://example.com/catalog/sitemap1.xml.gz", LastMod: "2004-10-01T18:23:17Z", Priority: -1,
				Loc: "https://example.com/catalog/sitemap1.xml.gz", Line: 4},
			// An index lists sitemaps of its own site, in any directory.
			{Href: "https://example.com/sitemap2.xml.gz", LastMod: "2005-01-01T00:00:00Z", Priority: -1,
				Loc: "https://example.com/sitemap2.xml.gz", Line: 8},
			{Href: "https://other.example/sitemap3.xml", Priority: -1, Loc: "https://other.example/sitemap3.xml", Line: 12, Outside: true},
		}},
		{file: "urls.txt", entries: []row{
			{Href: "https://example.com/catalog/a", Priority: -1, Loc: "https://example.com/catalog/a", Line: 1},
			{Href: "https://example.com/catalog/b", Priority: -1, Loc: "https://example.com/catalog/b", Line: 3},
			{Href: "https://example.com/catalog/%C3%A9t%C3%A9", Priority: -1, Loc: "https://example.com/catalog/été", Line: 4},
			{Href: "https://example.com/catalog/relative/page", Priority: -1, Loc: "relative/page", Line: 5, Err: errRelative},
			{Priority: -1, Loc: "https://example.com/catalog/\xff", Line: 6, Err: errNotUTF8},
		}},
		// The channel's own <link> is the site's, no entry.
		{file: "rss.xml", entries: []row{
			{Href: "https://example.com/catalog/first", LastMod: "2002-09-07T09:42:31Z", Priority: -1,
				Loc: "https://example.com/catalog/first", Line: 8},
			{Href: "https://example.com/catalog/second", LastMod: "2002-09-08T10:00:00+02:00", Priority: -1,
				Loc: "https://example.com/catalog/second", Line: 13},
			{Priority: -1, Line: 16, Err: errNoLoc},
		}},
		// rel="self" is not the entry's link; an Atom link may be relative
		// (RFC 4287 §4.2.7.1), so it resolves without an error.
		{file: "atom.xml", entries: []row{
			{Href: "https://example.com/catalog/first", LastMod: "2003-12-13T18:30:02Z", Priority: -1,
				Loc: "https://example.com/catalog/first", Line: 9},
			{Href: "https://example.com/catalog/second", LastMod: "2003-12-14T10:20:05.25+01:00", Priority: -1,
				Loc: "second", Line: 15},
		}},
		{file: "bom.xml", entries: []row{
			{Href: "https://example.com/catalog/a", Priority: -1, Loc: "https://example.com/catalog/a", Line: 2},
		}},
	} {
		sm, err := parseFile(t, tc.file, location)
		if err != nil {
			t.Errorf("%s: %v", tc.file, err)
			continue
		}
		if diff := diff(tc.entries, flat(t, sm.Entries)); diff != "" {
			t.Errorf("%s: entries :\n%s", tc.file, diff)
		}
		if diff := diff(tc.index, flat(t, sm.Sitemaps)); diff != "" {
			t.Errorf("%s: sitemaps :\n%s", tc.file, diff)
		}
	}
}

// LastMod's W3C Datetime forms, and what is none of them.
func TestLastMod(t *testing.T) {
	for in, want := range map[string]string{
		"1997":                        "1997-01-01T00:00:00Z",
		"1997-07":                     "1997-07-01T00:00:00Z",
		"1997-07-16":                  "1997-07-16T00:00:00Z",
		"1997-07-16T19:20+01:00":      "1997-07-16T19:20:00+01:00",
		"1997-07-16T19:20:30+01:00":   "1997-07-16T19:20:30+01:00",
		"1997-07-16T19:20:30.45Z":     "1997-07-16T19:20:30.45Z",
		" 1997-07-16T19:20:30-05:00 ": "1997-07-16T19:20:30-05:00",
		"1997-7-16":                   "",
		"16/07/1997":                  "",
		"1997-07-16 19:20:30":         "",
		"1997-07-16T19:20:30":         "", // the profile requires a zone with a time
		"1997-13":                     "",
		"":                            "",
	} {
		doc := "<urlset><url><loc>https://example.com/</loc><lastmod>" + in + "</lastmod></url></urlset>"
		sm, err := Parse(strings.NewReader(doc), nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := flat(t, sm.Entries)[0].LastMod; got != want {
			t.Errorf("lastmod %q: %q, want %q", in, got, want)
		}
	}
}

// The document's own failures: each an *Error of Op "parse" naming the
// location and the reason.
func TestDocumentErrors(t *testing.T) {
	utf16 := []byte{0xff, 0xfe}
	for _, r := range "<urlset/>" {
		utf16 = append(utf16, byte(r), 0)
	}
	for _, tc := range []struct {
		name string
		doc  []byte
		want error
		msg  string
	}{
		{"latin1", mustRead(t, "latin1.xml"), ErrNotUTF8,
			`sitemap: parse "https://example.com/catalog/sitemap.xml" line 1: encoding "ISO-8859-1" declared: not UTF-8, which sitemaps.org requires`},
		{"utf16", utf16, ErrNotUTF8, ""},
		{"html", []byte("<!DOCTYPE html>\n<html><body><a href=/a>a</a></body></html>"), ErrFormat, ""},
		{"rdf", []byte(`<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/>`), ErrFormat, ""},
		{"other namespace", []byte(`<urlset xmlns="http://example.com/ns"/>`), ErrFormat, ""},
		{"only a comment", []byte("<!-- nothing -->"), ErrFormat, ""},
		{"billion laughs", mustRead(t, "lol.xml"), nil,
			`sitemap: parse "https://example.com/catalog/sitemap.xml" line 16: XML syntax error on line 16: invalid character entity &lol9;`},
		{"unclosed", []byte("<urlset><url><loc>https://example.com/</loc>"), nil, ""},
		{"not UTF-8 in XML", []byte("<urlset><url><loc>https://example.com/\xff</loc></url></urlset>"), nil, ""},
	} {
		sm, err := Parse(bytes.NewReader(tc.doc), location)
		var se *Error
		if !errors.As(err, &se) || se.Op != "parse" || se.Input != location.Href() {
			t.Errorf("%s: %v, want an *Error of Op parse at the location", tc.name, err)
			continue
		}
		if tc.want != nil && !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
		var syntax *xml.SyntaxError
		if tc.want == nil && !errors.As(err, &syntax) {
			t.Errorf("%s: %v, want an *xml.SyntaxError", tc.name, err)
		}
		if tc.msg != "" && err.Error() != tc.msg {
			t.Errorf("%s: %q\nwant %q", tc.name, err, tc.msg)
		}
		if sm == nil {
			t.Errorf("%s: a nil *Sitemap", tc.name)
		}
	}
}

func mustRead(t *testing.T, name string) []byte {
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func gz(t *testing.T, b []byte) []byte {
	var buf bytes.Buffer
	w := gzip.NewWriter(&buf)
	w.Write(b)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// A gzip file is known by its magic bytes, whatever its name: each format
// compressed reads as it does plain.
func TestGzip(t *testing.T) {
	for _, name := range []string{"urlset.xml", "urls.txt", "index.xml", "rss.xml", "atom.xml", "bom.xml"} {
		plain, err := parseFile(t, name, location)
		if err != nil {
			t.Fatal(err)
		}
		sm, err := Parse(bytes.NewReader(gz(t, mustRead(t, name))), location)
		if err != nil {
			t.Errorf("%s.gz: %v", name, err)
			continue
		}
		if diff := diff(flat(t, plain.Entries), flat(t, sm.Entries)); diff != "" {
			t.Errorf("%s.gz :\n%s", name, diff)
		}
		if diff := diff(flat(t, plain.Sitemaps), flat(t, sm.Sitemaps)); diff != "" {
			t.Errorf("%s.gz sitemaps :\n%s", name, diff)
		}
	}
	// A gzip stream cut short fails, keeping what it read.
	b := gz(t, mustRead(t, "urls.txt"))
	if _, err := Parse(bytes.NewReader(b[:len(b)-6]), location); err == nil {
		t.Error("a truncated gzip stream: no error")
	}
}

// sitemaps.org's bounds: 50,000 URLs, and 50 MiB uncompressed; first on a
// parser of a bound of 3, then at the protocol's.
func TestBounds(t *testing.T) {
	small := func(doc string) (*Sitemap, error) {
		p := parser{location: location, maxURLs: 3, maxBytes: MaxBytes, sm: new(Sitemap)}
		return p.sm, p.parse(strings.NewReader(doc))
	}
	const u = "<url><loc>https://example.com/catalog/a</loc></url>\n"
	if sm, err := small("<urlset>\n" + strings.Repeat(u, 3) + "</urlset>"); err != nil || len(sm.Entries) != 3 {
		t.Errorf("3 URLs, bound 3: %d entries, %v", len(sm.Entries), err)
	}
	sm, err := small("<urlset>\n" + strings.Repeat(u, 4) + "</urlset>")
	const msg = `sitemap: parse "https://example.com/catalog/sitemap.xml" line 5: more than 50,000 URLs, sitemaps.org's limit`
	if !errors.Is(err, ErrTooManyURLs) || err.Error() != msg || len(sm.Entries) != 3 {
		t.Errorf("4 URLs, bound 3: %d entries, %v\nwant %s", len(sm.Entries), err, msg)
	}
	// An index counts its sitemaps, a text file its lines; a <url>
	// without <loc> counts too, as it is reported.
	for _, doc := range []string{
		"<sitemapindex>" + strings.Repeat("<sitemap><loc>https://example.com/s.xml</loc></sitemap>", 4) + "</sitemapindex>",
		strings.Repeat("https://example.com/\n", 4),
		"<urlset>" + strings.Repeat("<url/>", 4) + "</urlset>",
	} {
		if sm, err := small(doc); !errors.Is(err, ErrTooManyURLs) || len(sm.Entries)+len(sm.Sitemaps) != 3 {
			t.Errorf("%.40q…, bound 3: %v", doc, err)
		}
	}

	if testing.Short() || raceEnabled {
		t.Skip("documents of 50,000 URLs and 50 MiB; skipped with -short and under the race detector")
	}
	var doc bytes.Buffer
	doc.WriteString("<urlset>\n")
	for range MaxURLs {
		doc.WriteString(u)
	}
	full := doc.String()
	sm, err = Parse(strings.NewReader(full+"</urlset>"), location)
	if err != nil || len(sm.Entries) != MaxURLs {
		t.Fatalf("%d URLs: %d entries, %v", MaxURLs, len(sm.Entries), err)
	}
	sm, err = Parse(strings.NewReader(full+"<url><loc>https://example.com/catalog/b</loc></url>\n</urlset>"), location)
	if !errors.Is(err, ErrTooManyURLs) || !strings.Contains(err.Error(), "line 50002: more than 50,000 URLs") || len(sm.Entries) != MaxURLs {
		t.Errorf("%d URLs: %d entries, %v", MaxURLs+1, len(sm.Entries), err)
	}

	// Exactly MaxBytes is a sitemap; one byte more is not, plain or
	// compressed.
	// (A text sitemap: the XML decoder's bound is the same reader's,
	// tested with a small one in hostile_test.go.)
	pad := func(n int) []byte {
		b := []byte("https://example.com/catalog/a\n")
		return append(b, bytes.Repeat([]byte{' '}, n-len(b))...)
	}
	if sm, err := Parse(bytes.NewReader(pad(MaxBytes)), nil); err != nil || len(sm.Entries) != 1 {
		t.Errorf("%d bytes: %v", MaxBytes, err)
	}
	big := pad(MaxBytes + 1)
	for _, b := range [][]byte{big, gz(t, big)} {
		sm, err := Parse(bytes.NewReader(b), nil)
		if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "50 MiB") || len(sm.Entries) != 1 {
			t.Errorf("%d bytes (%d read): %d entries, %v", len(big), len(b), len(sm.Entries), err)
		}
	}
}

// The zero values: a nil reader is an empty sitemap, an empty document too.
func TestEmpty(t *testing.T) {
	for _, doc := range []string{"", " \n\t", "\xef\xbb\xbf"} {
		sm, err := Parse(strings.NewReader(doc), nil)
		if err != nil || len(sm.Entries)+len(sm.Sitemaps) != 0 {
			t.Errorf("%q: %v, %v", doc, sm, err)
		}
	}
	if sm, err := Parse(nil, nil); err != nil || sm == nil {
		t.Errorf("nil reader: %v, %v", sm, err)
	}
	var e Error
	if e.Error() != "sitemap: " {
		t.Errorf("zero Error: %q", e.Error())
	}
}
