package weburl

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
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
	if u, err := Parse(s); err == nil {
		_ = u.Href()
	}
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

// minTime is the fastest of runs parses of s, to see past a noisy machine.
func minTime(h hostileShape, s string, runs int) time.Duration {
	best := time.Duration(1<<63 - 1)
	for range runs {
		start := time.Now()
		h.parse(s)
		best = min(best, time.Since(start))
	}
	return best
}

// TestLinearTime guards BenchmarkHostile's finding: from 16 KiB to 1 MiB,
// the cost per byte of no shape may grow more than 8 times. Quadratic time
// would make it 64 times; caches and a noisy machine stay well below 8.
func TestLinearTime(t *testing.T) {
	if testing.Short() {
		t.Skip("parses 1 MiB inputs; skipped with -short")
	}
	const small, big = 16 << 10, 1 << 20
	for _, h := range hostileShapes {
		t.Run(h.name, func(t *testing.T) {
			s, l := h.make(small), h.make(big)
			minTime(h, s, 3) // warm up
			ts := minTime(h, s, 20)
			tl := minTime(h, l, 3)
			perSmall := float64(ts) / float64(len(s))
			perBig := float64(tl) / float64(len(l))
			ratio := perBig / max(perSmall, 0.05) // 0.05 ns/byte: a floor against a too-fast small run
			t.Logf("%.2f ns/byte at 16 KiB, %.2f at 1 MiB: %.1fx", perSmall, perBig, ratio)
			if ratio > 8 {
				t.Errorf("cost per byte grows %.1f times from 16 KiB to 1 MiB", ratio)
			}
		})
	}
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
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		u, _ := Parse(s)
		runtime.ReadMemStats(&after)
		runtime.KeepAlive(u)
		alloc := after.TotalAlloc - before.TotalAlloc
		worst = append(worst, fmt.Sprintf("%s %.2f", h.name, float64(alloc)/float64(len(s))))
		perByte := uint64(10)
		if h.idna {
			perByte = 32
		}
		if limit := perByte*uint64(len(s)) + 64<<10; alloc > limit {
			t.Errorf("%s: %d bytes allocated for %d bytes of input (limit %d)", h.name, alloc, len(s), limit)
		}
	}
	slices.Sort(worst)
	t.Logf("bytes allocated per input byte: %s", strings.Join(worst, ", "))
}
