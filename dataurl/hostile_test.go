package dataurl

import (
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
	{"semicolons", func(n int) string { return "data:" + strings.Repeat(";", n) + ",x" }},
	{"semicolons base64", func(n int) string { return "data:" + strings.Repeat(";", n) + "base64,YQ" }},
	{"spaces before base64", func(n int) string { return "data:;" + strings.Repeat(" ", n) + "base64,YQ" }},
	{"quotes", func(n int) string { return "data:a/b;a=" + strings.Repeat(`"`, n) + ",x" }},
	{"whitespace body", func(n int) string { return "data:," + strings.Repeat(" \t", n/2) + "x" }},
	{"whitespace base64", func(n int) string { return "data:;base64," + strings.Repeat(" ", n) + "YQ" }},
	{"spaced base64", func(n int) string { return "data:;base64," + strings.Repeat("YWJj ", n/5) }},
	{"percent", func(n int) string { return "data:," + strings.Repeat("%", n) }},
	{"percent digits", func(n int) string { return "data:," + strings.Repeat("%4", n/2) }},
	{"percent-encoded base64", func(n int) string { return "data:;base64," + strings.Repeat("%59%51%3D%3D", n/12) }},
	{"percent-encoded whitespace", func(n int) string { return "data:;base64," + strings.Repeat("%20", n/3) + "YQ" }},
	{"bad base64 at the end", func(n int) string { return "data:;base64," + strings.Repeat("A", n) + "!" }},
	{"no comma", func(n int) string { return "data:" + strings.Repeat("a", n) }},
	{"non-ASCII", func(n int) string { return "data:," + strings.Repeat("é", n/2) }},
}

func TestHostileLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("parses 1 MiB inputs; skipped with -short")
	}
	for _, h := range hostileShapes {
		const n = 1 << 20
		half, full := h.make(n/2), h.make(n)
		var d *DataURL
		a1 := alloctest.Bytes(func() { d, _ = Parse(half) })
		a2 := alloctest.Bytes(func() { d, _ = Parse(full) })
		if d != nil && len(d.Body) > 3*len(full) {
			t.Errorf("%s: a body of %d bytes from %d bytes", h.name, len(d.Body), len(full))
		}
		// The URL parser's own bound is 10 bytes per input byte (an
		// invalid byte becomes %EF%BF%BD); the processor adds the body
		// and a copy of the MIME type.
		if limit := 16*uint64(len(full)) + 64<<10; a2 > limit {
			t.Errorf("%s: %d bytes allocated for %d bytes (limit %d)", h.name, a2, len(full), limit)
		}
		if a2 > 3*a1+64<<10 {
			t.Errorf("%s: %d bytes for %d bytes of input, %d for %d: not linear", h.name, a1, len(half), a2, len(full))
		}
		// DecodeBase64 on the part after the comma, as atob would get it.
		if _, body, ok := strings.Cut(full, ","); ok {
			b1 := alloctest.Bytes(func() { DecodeBase64(body[:len(body)/2]) })
			b2 := alloctest.Bytes(func() { DecodeBase64(body) })
			if limit := 3*uint64(len(body)) + 64<<10; b2 > limit || b2 > 3*b1+64<<10 {
				t.Errorf("%s: DecodeBase64: %d bytes allocated for %d bytes, %d for half", h.name, b2, len(body), b1)
			}
		}
	}
}
