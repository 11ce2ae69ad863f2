package quote

import (
	"strconv"
	"strings"
	"testing"
)

func TestCut(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"a\nb", "a\nb"},
		{strings.Repeat("x", Max), strings.Repeat("x", Max)},
		{strings.Repeat("a", Max+5), strings.Repeat("a", Max) + "… (5 more bytes)"},
		// é is two bytes: a cut at 1024 would split the one at 1023.
		{strings.Repeat("a", Max-1) + "é" + "zz", strings.Repeat("a", Max-1) + "… (4 more bytes)"},
	} {
		if got := Cut(c.in); got != c.want {
			t.Errorf("Cut(%.40q…) = %.80q…, want %.80q…", c.in, got, c.want)
		}
	}
	// Quoted, it is String with the note inside the quotes: the same
	// bytes of s.
	s := strings.Repeat("\u2028", 1<<18)
	q, body := strconv.Quote(Cut(s)), String(s)
	if !strings.HasPrefix(q, body[:strings.LastIndexByte(body, '"')]) || len(q) > len(body)+8 {
		t.Errorf("quoted Cut %d bytes, String %d bytes", len(q), len(body))
	}
}

func TestCodePoint(t *testing.T) {
	for _, c := range []struct {
		s    string
		i    int
		want string
	}{
		{"a b", 1, "U+0020 ' '"},
		{"x\u00e9", 1, "U+00E9 'é'"},
		{"\U0001F600", 0, "U+1F600 '😀'"},
		{"a\xff", 1, "the byte 0xff (not UTF-8)"},
		// A byte in the middle of a code point is no code point.
		{"é", 1, "the byte 0xa9 (not UTF-8)"},
		{"\x00", 0, `U+0000 '\x00'`},
	} {
		if got := CodePoint(c.s, c.i); got != c.want {
			t.Errorf("CodePoint(%q, %d) = %q, want %q", c.s, c.i, got, c.want)
		}
	}
}
