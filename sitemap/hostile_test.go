package sitemap

import (
	"bytes"
	"compress/gzip"
	"errors"
	"strings"
	"testing"

	"github.com/weburl/weburl/internal/alloctest"
)

// Linear memory on hostile input, by counting allocated bytes at doubling
// sizes up to 1 MiB, never by timing.

var hostileShapes = []struct {
	name string
	make func(n int) string
}{
	{"nesting", func(n int) string { return "<urlset>" + strings.Repeat("<a>", n/3) }},
	{"nesting in a url", func(n int) string { return "<urlset><url>" + strings.Repeat("<loc>", n/5) }},
	{"siblings", func(n int) string { return "<urlset>" + strings.Repeat("<a></a>", n/7) + "</urlset>" }},
	{"entries", func(n int) string {
		return "<urlset>" + strings.Repeat("<url><loc>https://example.com/a</loc></url>", n/44) + "</urlset>"
	}},
	{"empty entries", func(n int) string { return "<urlset>" + strings.Repeat("<url/>", n/6) + "</urlset>" }},
	{"long loc", func(n int) string {
		return "<urlset><url><loc>https://example.com/" + strings.Repeat("a", n) + "</loc></url></urlset>"
	}},
	{"entities in a loc", func(n int) string {
		return "<urlset><url><loc>https://example.com/" + strings.Repeat("&amp;", n/5) + "</loc></url></urlset>"
	}},
	{"many locs", func(n int) string {
		return "<urlset><url>" + strings.Repeat("<loc>https://example.com/</loc>", n/31) + "</url></urlset>"
	}},
	{"attributes", func(n int) string { return "<urlset" + strings.Repeat(` a="b"`, n/6) + "/>" }},
	{"namespaces", func(n int) string { return "<urlset" + strings.Repeat(` xmlns:a="b"`, n/12) + "/>" }},
	{"long name", func(n int) string { return "<urlset><" + strings.Repeat("a", n) + "/></urlset>" }},
	{"comment", func(n int) string { return "<urlset><!--" + strings.Repeat("-", n) + "--></urlset>" }},
	{"CDATA", func(n int) string { return "<urlset><![CDATA[" + strings.Repeat("]", n) + "]]></urlset>" }},
	{"whitespace", func(n int) string { return "<urlset>" + strings.Repeat(" ", n) + "</urlset>" }},
	{"undefined entities", func(n int) string {
		return "<!DOCTYPE u [<!ENTITY a \"aaaaaaaa\">]><urlset>" + strings.Repeat("&a;", n/3) + "</urlset>"
	}},
	{"text lines", func(n int) string { return strings.Repeat("https://example.com/a\n", n/22) }},
	{"text line", func(n int) string { return "https://example.com/" + strings.Repeat("a", n) }},
	{"blank text lines", func(n int) string { return "x\n" + strings.Repeat("\r\n", n/2) }},
	{"spaces after a URL", func(n int) string { return "https://example.com/" + strings.Repeat(" ", n) }},
}

func TestHostileLinear(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("parses 1 MiB inputs; skipped with -short and under the race detector")
	}
	for _, h := range hostileShapes {
		const n = 1 << 20
		half, full := h.make(n/2), h.make(n)
		a1 := alloctest.Bytes(func() { Parse(strings.NewReader(half), location) })
		a2 := alloctest.Bytes(func() { Parse(strings.NewReader(full), location) })
		// These are bytes allocated, not held: encoding/xml allocates each
		// token it returns (an element of 6 bytes, <url/>, costs some 200
		// bytes of garbage), and an entry its Entry (104 bytes), Loc, URL
		// and the slice's growth; what stays is the entries, at most
		// MaxURLs of them.
		if limit := 64*uint64(len(full)) + 256<<10; a2 > limit {
			t.Errorf("%s: %d bytes allocated for %d bytes (limit %d)", h.name, a2, len(full), limit)
		}
		if a2 > 3*a1+256<<10 {
			t.Errorf("%s: %d bytes for %d bytes of input, %d for %d: not linear", h.name, a1, len(half), a2, len(full))
		}
	}
}

// A billion laughs: the DTD's entities are never expanded, so the first
// reference to one fails the document, after reading the entries before.
func TestBillionLaughs(t *testing.T) {
	doc := mustRead(t, "lol.xml")
	var sm *Sitemap
	var err error
	a := alloctest.Bytes(func() { sm, err = Parse(bytes.NewReader(doc), location) })
	if err == nil || !strings.Contains(err.Error(), "invalid character entity &lol9;") {
		t.Errorf("error %v, want the undefined entity &lol9;", err)
	}
	if len(sm.Entries) != 1 || sm.Entries[0].Loc != "https://example.com/catalog/a" {
		t.Errorf("entries %+v, want the one before the entity", sm.Entries)
	}
	if a > 256<<10 {
		t.Errorf("%d bytes allocated for %d bytes", a, len(doc))
	}
}

// A gzip bomb: 64 MiB of output from a few KiB (64 gzip members of 1 MiB
// each, which gzip.Reader reads as one stream), read only to the bound,
// which a parser of a small bound shows in little memory.
func TestGzipBomb(t *testing.T) {
	member := func(head string, fill byte) []byte {
		var buf bytes.Buffer
		w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		w.Write([]byte(head))
		w.Write(bytes.Repeat([]byte{fill}, 1<<20))
		w.Close()
		return buf.Bytes()
	}
	for _, head := range []string{"", "<urlset>", "https://example.com/\n"} {
		fill := byte(' ')
		if head == "" {
			fill = 0
		}
		bomb := append(member(head, fill), bytes.Repeat(member("", fill), 63)...)
		var err error
		a := alloctest.Bytes(func() {
			p := parser{maxURLs: MaxURLs, maxBytes: 1 << 20, sm: new(Sitemap)}
			err = p.parse(bytes.NewReader(bomb))
		})
		if !errors.Is(err, ErrTooLarge) {
			t.Errorf("%q and 64 MiB in %d bytes: %v, want ErrTooLarge", head, len(bomb), err)
		}
		if a > 8<<20 && !raceEnabled {
			t.Errorf("%q and 64 MiB in %d bytes: %d bytes allocated with a bound of 1 MiB", head, len(bomb), a)
		}
	}
}

// The nesting bound: 100 elements deep is a sitemap's business, 101 is
// not.
func TestNesting(t *testing.T) {
	deep := func(n int) string {
		return "<urlset>" + strings.Repeat("<a>", n-1) + strings.Repeat("</a>", n-1) + "</urlset>"
	}
	if _, err := Parse(strings.NewReader(deep(maxDepth)), nil); err != nil {
		t.Errorf("%d deep: %v", maxDepth, err)
	}
	const msg = "sitemap: parse line 1: elements nested more than 100 deep"
	if _, err := Parse(strings.NewReader(deep(maxDepth+1)), nil); !errors.Is(err, ErrTooDeep) || err.Error() != msg {
		t.Errorf("%d deep: %v, want %s", maxDepth+1, err, msg)
	}
}
