package weburl

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"

	"golang.org/x/text/encoding/htmlindex"
)

// A hostileShape builds an input of about n bytes that stresses one path
// of the parser, from reports of parsers that went quadratic on such input.
type hostileShape struct {
	name string
	make func(n int) string
	// run parses the input; the default is Parse and Href.
	run func(s string)
	// idna marks a host that goes through golang.org/x/net/idna.
	idna bool
	// enc is the label of the Parser.Encoding to parse with, if any.
	enc string
}

// fill repeats unit to about n bytes between prefix and suffix.
func fill(prefix, unit, suffix string, n int) string {
	k := max(1, (n-len(prefix)-len(suffix))/len(unit))
	return prefix + strings.Repeat(unit, k) + suffix
}

var hostileShapes = []hostileShape{
	{name: "at-signs", make: func(n int) string { return fill("http://", "@", "h/", n) }},
	{name: "userinfo-at-runs", make: func(n int) string { return fill("http://", "a@", "h/", n) }},
	{name: "userinfo-colons", make: func(n int) string { return fill("http://", ":", "@h/", n) }},
	{name: "backslash-slashes", make: func(n int) string { return fill("http:", "\\", "h/", n) }},
	{name: "backslash-path", make: func(n int) string { return fill("http://h", "\\a", "", n) }},
	{name: "dotdot-climb", make: func(n int) string { return fill("http://h", "/..", "", n) }},
	{name: "dotdot-runs", make: func(n int) string { return fill("http://h/", "a/../", "", n) }},
	{name: "single-dot-runs", make: func(n int) string { return fill("http://h/", "a/./", "", n) }},
	{name: "segments-with-encoded-bytes", make: func(n int) string { return fill("sc://h/", "a/%/b^", "", n) }},
	{name: "encoded-dotdot", make: func(n int) string { return fill("http://h/", "a/%2e%2E/", "", n) }},
	{name: "drive-letters", make: func(n int) string { return fill("file:///", "C:/", "", n) }},
	{name: "drive-letters-relative", make: func(n int) string { return fill("", "C|/../", "", n) },
		run: func(s string) { parseRefHref(s, "file:///D:/x") }},
	{name: "percent-runs", make: func(n int) string { return fill("http://h/", "%", "", n) }},
	{name: "percent-host", make: func(n int) string { return fill("http://", "%41", "/", n) }},
	{name: "long-label", make: func(n int) string { return fill("http://", "a", ".com/", n) }},
	{name: "long-label-unicode", make: func(n int) string { return fill("http://", "\u00e4", ".com/", n) }, idna: true},
	{name: "long-punycode", make: func(n int) string { return fill("http://xn--", "a", "/", n) }},
	{name: "many-labels", make: func(n int) string { return fill("http://", "a.", "com/", n) }},
	{name: "distinct-code-points", make: distinctCodePoints, idna: true},
	{name: "long-punycode-in-idn", make: func(n int) string {
		return fill("http://\u00e4", "."+longPunycodeLabel, "/", n)
	}, idna: true},
	{name: "validate-punycode-labels", make: func(n int) string {
		return fill("http://a", "."+longPunycodeLabel, "/", n)
	}, run: validateParse, idna: true},
	{name: "validate-distinct-code-points", make: distinctCodePoints, run: validateParse, idna: true},
	{name: "validate-errors-everywhere", make: func(n int) string { return fill("http://h/", "a \t", "", n) },
		run: validateParse},
	{name: "many-labels-unicode", make: func(n int) string { return fill("http://", "\u00e4.", "com/", n) }, idna: true},
	{name: "ipv6-like", make: func(n int) string { return fill("http://[", "1:", "]/", n) }},
	{name: "ipv6-long-piece", make: func(n int) string { return fill("http://[::", "1", "]/", n) }},
	{name: "ipv4-like", make: func(n int) string { return fill("http://", "1.", "1/", n) }},
	{name: "ipv4-long-hex", make: func(n int) string { return fill("http://0x", "f", "/", n) }},
	{name: "tabs-newlines", make: func(n int) string { return fill("http://h/", "a\t\n", "", n) }},
	{name: "leading-c0", make: func(n int) string { return fill("", "\x01", "http://h/", n) }},
	{name: "opaque-spaces", make: func(n int) string { return fill("sc:", " ", "x", n) }},
	{name: "data-url", make: func(n int) string { return fill("data:text/plain;base64,", "QUJD", "", n) }},
	{name: "non-ascii-path", make: func(n int) string { return fill("http://h/", "\u00e4", "", n) }},
	{name: "invalid-utf8-path", make: func(n int) string { return fill("http://h/", "\xff", "", n) }},
	{name: "long-userinfo", make: func(n int) string { return fill("http://", "\u00e4:", "@h/", n) }},
	{name: "long-fragment", make: func(n int) string { return fill("http://h/#", "a b", "", n) }},
	// Queries in legacy encodings: a code point written as %26%23N%3B
	// (14 bytes for one invalid byte), ISO-2022-JP switching state at
	// every code point, and many code points of a large index.
	{name: "encoded-query-invalid-utf8", make: func(n int) string { return fill("http://h/?", "\xff", "", n) }, enc: "shift_jis"},
	{name: "encoded-query-c0-iso-2022-jp", make: func(n int) string { return fill("http://h/?", "\x1b", "a", n) }, enc: "iso-2022-jp"},
	{name: "encoded-query-iso-2022-jp-switches", make: func(n int) string { return fill("http://h/?", "\u00a5\\\u6f22", "", n) }, enc: "iso-2022-jp"},
	{name: "encoded-query-gb18030", make: distinctQuery, enc: "gb18030"},
	{name: "encoded-query-errors", make: func(n int) string { return fill("http://h/?", "\u2020", "", n) }, enc: "big5"},
	{name: "encoded-query-errors-2-byte", make: func(n int) string { return fill("http://h/?", "\u00e9", "", n) }, enc: "big5"},
	{name: "query-pairs", make: func(n int) string { return fill("http://h/?", "a=b&", "", n) },
		run: func(s string) {
			u, err := Parse(s)
			if err != nil {
				panic(err)
			}
			_ = u.SearchParams().String()
		}},
	{name: "query-pairs-sort", make: func(n int) string {
		var b strings.Builder
		b.WriteString("http://h/?")
		for i := 0; b.Len() < n; i++ {
			fmt.Fprintf(&b, "k%d=%d&", 1<<20-i, i)
		}
		return b.String()
	}, run: func(s string) {
		u, err := Parse(s)
		if err != nil {
			panic(err)
		}
		u.SearchParams().Sort()
		_ = u.Href()
	}},
}

// distinctCodePoints makes a host of labels of 900 distinct code points
// each, the most that ICU's limit lets through: the worst case of Punycode
// encoding.
func distinctCodePoints(n int) string {
	var b strings.Builder
	b.WriteString("http://")
	for i := 0; b.Len() < n; i++ {
		if i > 0 && i%900 == 0 {
			b.WriteByte('.')
		}
		b.WriteRune(rune(0x4E00 + (i*7919)%20000))
	}
	b.WriteString("/")
	return b.String()
}

// distinctQuery makes a query of many distinct code points, from ASCII to
// astral ones.
func distinctQuery(n int) string {
	var b strings.Builder
	b.WriteString("http://h/?")
	for i := 0; b.Len() < n; i++ {
		b.WriteRune(rune(0x80 + (i*7919)%0x1FF80))
	}
	return b.String()
}

// longPunycodeLabel has 2000 bytes after "xn--", the most ICU decodes.
var longPunycodeLabel = "xn--" + strings.Repeat("a", 1994) + "-99999"

// validateParse parses with a validation-error callback, which runs the
// strict ToASCII and checks every code point.
func validateParse(s string) {
	n := 0
	p := Parser{OnValidationError: func(ValidationError) { n++ }}
	if u, err := p.Parse(s, nil); err == nil {
		_ = u.Href()
	}
}

func parseRefHref(s, base string) {
	if u, err := ParseRef(s, base); err == nil {
		_ = u.Href()
	}
}

func (h hostileShape) parse(s string) {
	if h.run != nil {
		h.run(s)
		return
	}
	if u, err := h.parser().Parse(s, nil); err == nil {
		_ = u.Href()
	}
}

// parser returns the Parser of h's encoding (a zero one without).
func (h hostileShape) parser() *Parser {
	if h.enc == "" {
		return &Parser{}
	}
	enc, err := htmlindex.Get(h.enc)
	if err != nil {
		panic(err)
	}
	return &Parser{Encoding: enc}
}

// BenchmarkHostile reports the cost per input byte of each hostile shape
// at 4 KiB, 64 KiB and 1 MiB: flat across sizes means linear time.
func BenchmarkHostile(b *testing.B) {
	for _, h := range hostileShapes {
		for _, size := range []int{4 << 10, 64 << 10, 1 << 20} {
			s := h.make(size)
			b.Run(fmt.Sprintf("%s/%dKiB", h.name, size>>10), func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(s)))
				for b.Loop() {
					h.parse(s)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(s)), "ns/byte")
			})
		}
	}
}

// work returns the work a shape's parse does, or -1 for a shape whose cost
// is outside the URL parser (SearchParams; its sort is the standard
// library's pdqsort).
func (h hostileShape) work(s string) int {
	switch {
	case h.name == "drive-letters-relative":
		return fullParse(s, MustParse("file:///D:/x"), nil).work
	case strings.HasPrefix(h.name, "validate-"):
		return fullParse(s, nil, &Parser{OnValidationError: func(ValidationError) {}}).work
	case h.run != nil:
		return -1
	}
	return fullParse(s, nil, h.parser()).work
}

// TestLinearWork guards BenchmarkHostile's finding without a clock: the
// parser counts the bytes it scans or copies and the steps it takes, and
// on every hostile shape that work stays under 32 per input byte (an href
// can be 9 bytes per input byte, and is counted when written and when
// kept), at 64 KiB and at 1 MiB alike. Quadratic work would be thousands
// per byte at 1 MiB. IDNA's own work happens in x/net/idna (linear) and in our
// Punycode encoder (O(n log n), tested in internal/idna); the time figures
// are BenchmarkHostile's.
func TestLinearWork(t *testing.T) {
	if testing.Short() {
		t.Skip("parses 1 MiB inputs; skipped with -short")
	}
	const perByte = 32
	var report []string
	for _, h := range hostileShapes {
		small, big := h.make(64<<10), h.make(1<<20)
		ws, wb := h.work(small), h.work(big)
		if ws < 0 {
			continue
		}
		ps, pb := float64(ws)/float64(len(small)), float64(wb)/float64(len(big))
		report = append(report, fmt.Sprintf("%s %.2f", h.name, pb))
		if ps > perByte || pb > perByte {
			t.Errorf("%s: %.1f units of work per byte at 64 KiB, %.1f at 1 MiB; want at most %d", h.name, ps, pb, perByte)
		}
	}
	t.Logf("work per input byte at 1 MiB: %s", strings.Join(report, ", "))
}

// TestMemoryBound checks what the package doc promises: a parse allocates
// at most 10 bytes per input byte, and 32 for a host that needs IDNA, plus
// 64 KiB. (An href can be 9 times as long as its input: an invalid UTF-8
// byte becomes %EF%BF%BD.)
func TestMemoryBound(t *testing.T) {
	if testing.Short() {
		t.Skip("parses 1 MiB inputs; skipped with -short")
	}
	var worst []string
	for _, h := range hostileShapes {
		if h.run != nil {
			continue // SearchParams hold pairs, not only the URL
		}
		s := h.make(1 << 20)
		p := h.parser()
		p.Parse("http://h/?\u00e9\u6f22", nil) // the encoder's tables are built once, outside the count
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		u, _ := p.Parse(s, nil)
		runtime.ReadMemStats(&after)
		runtime.KeepAlive(u)
		alloc := after.TotalAlloc - before.TotalAlloc
		worst = append(worst, fmt.Sprintf("%s %.2f", h.name, float64(alloc)/float64(len(s))))
		perByte := uint64(10)
		switch {
		case h.idna:
			perByte = 32
		case h.enc != "":
			perByte = 16
		}
		if limit := perByte*uint64(len(s)) + 64<<10; alloc > limit {
			t.Errorf("%s: %d bytes allocated for %d bytes of input (limit %d)", h.name, alloc, len(s), limit)
		}
	}
	slices.Sort(worst)
	t.Logf("bytes allocated per input byte: %s", strings.Join(worst, ", "))
}
