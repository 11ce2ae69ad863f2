package links

import (
	"strings"
	"testing"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/alloctest"
)

// fill repeats unit to about n bytes between prefix and suffix.
func fill(prefix, unit, suffix string, n int) string {
	k := max(1, (n-len(prefix)-len(suffix))/len(unit))
	return prefix + strings.Repeat(unit, k) + suffix
}

// hostileCSS are style sheets of about n bytes that stress one path of the
// tokenizer or the scanner. nested marks those whose open blocks the
// scanner keeps, a byte each: their memory grows with them.
var hostileCSS = []struct {
	name   string
	make   func(n int) string
	nested bool
}{
	{"url-runs", func(n int) string { return fill("a{b:", "url(", "", n) }, false},
	{"url-runs-closed", func(n int) string { return fill("a{b:", "url(x)", "}", n) }, false},
	{"url-strings", func(n int) string { return fill("a{b:", `url("x")`, "}", n) }, false},
	{"bad-urls", func(n int) string { return fill("a{b:", "url(a b)", "}", n) }, false},
	{"url-escapes", func(n int) string { return fill("a{b:url(", `\29 \`, ")}", n) }, false},
	{"one-long-url", func(n int) string { return fill("a{b:url(", "x", ")}", n) }, false},
	{"unbalanced-double-quotes", func(n int) string { return fill("a{b:", `"`, "", n) }, false},
	{"unbalanced-quotes-newlines", func(n int) string { return fill("a{b:", "'\n", "", n) }, false},
	{"quotes-in-url", func(n int) string { return fill("a{b:url(", `"'`, "", n) }, false},
	{"comment-opens", func(n int) string { return fill("", "/*", "", n) }, false},
	{"comment-runs", func(n int) string { return fill("", "/**/", "a{b:url(x)}", n) }, false},
	{"star-slash-runs", func(n int) string { return fill("/*", "*", "", n) }, false},
	{"imports", func(n int) string { return fill("", `@import "x";`, "", n) }, false},
	{"import-preludes", func(n int) string { return fill("@import ", "url(", "", n) }, false},
	{"at-keywords", func(n int) string { return fill("", "@a", "", n) }, false},
	{"escapes", func(n int) string { return fill("", `\`, "", n) }, false},
	{"hex-escapes", func(n int) string { return fill("", `\FFFFFF`, "", n) }, false},
	{"numbers", func(n int) string { return fill("", "+.1e-1", "", n) }, false},
	{"hyphens", func(n int) string { return fill("", "-", "", n) }, false},
	{"cdo-cdc", func(n int) string { return fill("", "<!---->", "", n) }, false},
	{"stray-closers", func(n int) string { return fill("", ")]}", "", n) }, false},
	{"nested-parens", func(n int) string { return fill("a{b:", "(", "", n) }, true},
	{"nested-blocks", func(n int) string { return fill("", "{", "", n) }, true},
	{"nested-image-set", func(n int) string { return fill("a{b:", "image-set(", "", n) }, true},
	{"nested-functions", func(n int) string { return fill("a{b:", "f(url(x) ", "", n) }, true},
	{"nested-at-rules", func(n int) string { return fill("", "@media{", "", n) }, true},
}

// TestHostileCSSLinear holds the scan of each hostile style sheet to work
// in proportion to its length: the bytes the tokenizer looks at (a few per
// byte of input) grow by at most 2.2 times when the input doubles.
func TestHostileCSSLinear(t *testing.T) {
	sizes := []int{64 << 10, 128 << 10, 256 << 10}
	if !testing.Short() {
		sizes = append(sizes, 512<<10, 1<<20)
	}
	for _, h := range hostileCSS {
		prev := 0
		for _, n := range sizes {
			css := h.make(n)
			tok := newCSSText([]byte(css))
			scanCSS(tok, false, func(string, string) bool { return true })
			if tok.work > 8*len(css) {
				t.Errorf("%s, %d bytes: %d bytes looked at", h.name, len(css), tok.work)
			}
			if prev > 0 && float64(tok.work) > 2.2*float64(prev) {
				t.Errorf("%s: %d bytes looked at for %d bytes, %d for half", h.name, tok.work, len(css), prev)
			}
			prev = tok.work
		}
	}
}

// TestHostileCSSMemory holds ExtractCSS, which reads a stream, to memory
// that does not grow with the sheet: a window of the text and what it
// keeps (a url or string that is a link, the links), except for the open
// blocks of a nested sheet, a byte each, which grow as the input does.
func TestHostileCSSMemory(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts vary under the race detector")
	}
	const n = 1 << 20
	sheet := weburl.MustParse("https://example.com/s.css")
	for _, h := range hostileCSS {
		css := h.make(n)
		links, longest := 0, 0
		mem := alloctest.Bytes(func() {
			got, err := ExtractCSS(strings.NewReader(css), sheet, "text/css")
			if err != nil {
				t.Errorf("%s: %v", h.name, err)
			}
			links = len(got)
			for _, l := range got {
				longest = max(longest, len(l.Raw))
			}
		})
		// A link costs its Link in the result, its Raw and its URL; the
		// longest is kept while read, then copied and parsed.
		limit := uint64(64<<10 + 1024*links + 10*longest)
		if h.nested {
			// The stack of closers, grown by append (by a quarter at a
			// time when large).
			limit += 6 * n
		}
		if mem > limit {
			t.Errorf("%s: %d bytes allocated for a %d-byte sheet with %d links, want at most %d", h.name, mem, len(css), links, limit)
		}
	}
}

// hostileHeaders are Link field values of about n bytes.
var hostileHeaders = []struct {
	name string
	make func(n int) string
}{
	{"angles", func(n int) string { return fill("", "<", "", n) }},
	{"closed-angles", func(n int) string { return fill("", "<>", "", n) }},
	{"commas", func(n int) string { return fill("", ",", "", n) }},
	{"semicolons", func(n int) string { return fill("<x>", ";", "", n) }},
	{"params", func(n int) string { return fill("<x>", "; a=b", "", n) }},
	{"quotes", func(n int) string { return fill("<x>; a=", `"`, "", n) }},
	{"escapes", func(n int) string { return fill(`<x>; rel="`, `\"`, "", n) }},
	{"quoted-commas", func(n int) string { return fill(`<x>; a="`, ",", "", n) }},
	{"links", func(n int) string { return fill("", "<x>,", "", n) }},
	{"junk-values", func(n int) string { return fill("", "x,", "", n) }},
	{"imagesrcset", func(n int) string {
		return fill(`<x>; rel=preload; as=image; imagesrcset="`, "a 1x, ", "", n)
	}},
}

// TestHostileLinkHeader holds ParseLinkHeader to linear work (the bytes
// stepped over) and to memory in proportion to the links it finds.
func TestHostileLinkHeader(t *testing.T) {
	base := weburl.MustParse("https://example.com/")
	for _, h := range hostileHeaders {
		prev := 0
		for _, n := range []int{64 << 10, 128 << 10, 256 << 10, 512 << 10} {
			v := h.make(n)
			var p headerParser
			var got []Link
			mem := alloctest.Bytes(func() { got = p.parse([]string{v}, base) })
			if p.work > 3*len(v) {
				t.Errorf("%s, %d bytes: work %d", h.name, len(v), p.work)
			}
			if prev > 0 && float64(p.work) > 2.2*float64(prev) {
				t.Errorf("%s: work %d for %d bytes, %d for half", h.name, p.work, len(v), prev)
			}
			prev = p.work
			if limit := uint64(3*len(v) + 1024*len(got)); !raceEnabled && mem > limit {
				t.Errorf("%s: %d bytes allocated for %d bytes and %d links", h.name, mem, len(v), len(got))
			}
		}
	}
}
