package mimetype

import (
	"strconv"
	"strings"
	"testing"

	"github.com/weburl/weburl/internal/alloctest"
)

// Linear time and memory on hostile input, by counting, never by timing:
// the bytes each shape allocates, and the parameter names it compares, at
// doubling sizes up to 1 MiB.

var hostileShapes = []struct {
	name string
	make func(n int) string
}{
	{"semicolons", func(n int) string { return "a/b" + strings.Repeat(";", n) }},
	{"quotes", func(n int) string { return "a/b;a=" + strings.Repeat(`"`, n) }},
	{"escapes", func(n int) string { return `a/b;a="` + strings.Repeat(`\"`, n/2) }},
	{"backslashes", func(n int) string { return `a/b;a="` + strings.Repeat(`\`, n) }},
	{"whitespace", func(n int) string { return strings.Repeat(" \t", n/4) + "a/b" + strings.Repeat("\r\n", n/4) }},
	{"whitespace in parameters", func(n int) string { return "a/b" + strings.Repeat("; \t", n/3) }},
	{"percent", func(n int) string { return "a/b;a=" + strings.Repeat("%", n) }},
	{"percent type", func(n int) string { return strings.Repeat("%", n) + "/b" }},
	{"long name", func(n int) string { return "a/b;" + strings.Repeat("N", n) }},
	{"equals", func(n int) string { return "a/b;" + strings.Repeat("=", n) }},
	{"same name", func(n int) string { return "a/b" + strings.Repeat(";A=x", n/4) }},
	{"distinct names", func(n int) string {
		var b strings.Builder
		b.WriteString("a/b")
		for i := 0; b.Len() < n; i++ {
			b.WriteString(";P" + strconv.Itoa(i) + "=v")
		}
		return b.String()
	}},
	{"no slash", func(n int) string { return strings.Repeat("a", n) }},
}

// cost parses s and returns the bytes allocated and the names compared.
func cost(f func(string), s string) (alloc uint64, compares int) {
	var n int
	compared = &n
	defer func() { compared = nil }()
	return alloctest.Bytes(func() { f(s) }), n
}

func TestHostileLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("parses 1 MiB inputs; skipped with -short")
	}
	for _, fn := range []struct {
		name   string
		copies uint64 // how many times f reads its input
		f      func(string)
	}{
		{"Parse", 1, func(s string) { Parse(s) }},
		{"Extract", 2, func(s string) { Extract([]string{s, s}) }},
		{"Parse+String", 1, func(s string) {
			if m, err := Parse(s); err == nil {
				_ = m.String()
			}
		}},
	} {
		for _, h := range hostileShapes {
			const n = 1 << 20
			half, full := h.make(n/2), h.make(n)
			a1, c1 := cost(fn.f, half)
			a2, c2 := cost(fn.f, full)
			// At most 12 bytes allocated per input byte (Extract joins two
			// copies; a value and a serialization grow by doubling), 64
			// where each 8 bytes are a parameter to keep (its record, the
			// set of names, the list's growth); and the names compared
			// one by one stay a few per parameter.
			perByte := uint64(12)
			if h.name == "distinct names" {
				perByte = 64
			}
			if limit := perByte*fn.copies*uint64(len(full)) + 64<<10; a2 > limit {
				t.Errorf("%s %s: %d bytes allocated for %d bytes (limit %d)", fn.name, h.name, a2, len(full), limit)
			}
			if a2 > 3*a1+64<<10 {
				t.Errorf("%s %s: %d bytes for %d bytes of input, %d for %d: not linear", fn.name, h.name, a1, len(half), a2, len(full))
			}
			if limit := 2*seenAfter*int(fn.copies)*len(full)/4 + 64; c2 > limit || c2 > 3*c1+64 {
				t.Errorf("%s %s: %d names compared for %d bytes, %d for %d", fn.name, h.name, c1, len(half), c2, len(full))
			}
		}
	}
}
