package main

import (
	"io"
	"strings"
	"testing"

	"github.com/weburl/weburl/internal/alloctest"
)

// Hostile lines stay linear: the bytes the command allocates for a line of
// n bytes and for one of 2n are counted (never timed), and so are the
// bytes of its messages, which quote at most 1 KiB of an input.
func TestHostileLinesLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the command on 1 MiB lines; skipped with -short")
	}
	if raceEnabled {
		t.Skip("the race detector's allocations make the counts mean nothing")
	}
	for _, h := range []struct {
		name string
		args []string
		line func(n int) string
	}{
		{"percent path decoded", []string{"-get", "{path}"}, func(n int) string { return "https://e.com/" + strings.Repeat("%", n) }},
		{"escapes decoded", []string{"-get", "{path}{query}{fragment}"}, func(n int) string { return "https://e.com/" + strings.Repeat("%41", n/3) }},
		{"a line break decoded at the end", []string{"-get", "{path}"}, func(n int) string { return "https://e.com/" + strings.Repeat("a", n) + "%0A" }},
		{"ampersands as params", []string{"-json"}, func(n int) string { return "https://e.com/?" + strings.Repeat("&", n) }},
		{"pairs as params", []string{"-json"}, func(n int) string { return "https://e.com/?" + strings.Repeat("a=b&", n/4) }},
		{"query-all", []string{"-get", "{query-all:a} {:query-all:a}"}, func(n int) string { return "https://e.com/?" + strings.Repeat("a=%41&", n/6) }},
		{"missing key", []string{"-get", "{must:query:b}"}, func(n int) string { return "https://e.com/?" + strings.Repeat("a&", n/2) }},
		{"dot segments to redirect", []string{"-redirect", strings.Repeat("../", 1<<12) + "x"}, func(n int) string { return "https://e.com/" + strings.Repeat("a/", n/2) }},
		{"redirect that fails", []string{"-redirect", "http://["}, func(n int) string { return "https://e.com/" + strings.Repeat("a", n) }},
		{"default url", []string{"-get", "{default:idn:url}"}, func(n int) string { return "https://xn--fa-hia.de/" + strings.Repeat("b", n) }},
		{"match", []string{"-match", "https://e.com/:a/*", "-json"}, func(n int) string { return "https://e.com/" + strings.Repeat("a/", n/2) }},
		{"data: semicolons", []string{"data-url", "-json"}, func(n int) string { return "data:" + strings.Repeat(";", n) + ",x" }},
		{"data: base64", []string{"data-url", "-json"}, func(n int) string { return "data:;base64," + strings.Repeat("QUJD", n/4) }},
		{"data: no comma", []string{"data-url"}, func(n int) string { return "data:" + strings.Repeat("a", n) }},
	} {
		const n = 1 << 20
		var msg1, msg2 countingWriter
		a1 := alloctest.Bytes(func() { run(h.args, strings.NewReader(h.line(n/2)+"\n"), io.Discard, &msg1) })
		a2 := alloctest.Bytes(func() { run(h.args, strings.NewReader(h.line(n)+"\n"), io.Discard, &msg2) })
		// -json copies the href into each attribute and escapes it; the
		// parser's own bound is 10 bytes per input byte.
		if limit := 64*uint64(n) + 1<<20; a2 > limit {
			t.Errorf("%s: %d bytes allocated for a line of %d bytes (limit %d)", h.name, a2, n, limit)
		}
		t.Logf("%s: %d bytes for %d, %d for %d", h.name, a1, n/2, a2, n)
		if a2 > 3*a1+1<<20 {
			t.Errorf("%s: %d bytes for a line of %d bytes, %d for %d: not linear", h.name, a1, n/2, a2, n)
		}
		if msg2.bytes > 4<<10 {
			t.Errorf("%s: %d bytes of messages for one line", h.name, msg2.bytes)
		}
	}
}
