package main

import (
	"strconv"
	"testing"
)

// quote writes by a fixed rule, the same under every Go release, and
// strconv.Unquote reads back what it wrote.
func TestQuote(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"a\tb\"c\\\x7f", `"a\tb\"c\\\x7f"`},               // ASCII as strconv quotes it
		{"faß.de", `"faß.de"`},                             // Latin: raw
		{"日本.jp", `"日本.jp"`},                               // CJK: raw
		{"\u00ad", `"\u00ad"`},                             // soft hyphen: escaped
		{"a\u0301", `"a\u0301"`},                           // a combining mark: escaped
		{"\u200d\ufeff", `"\u200d\ufeff"`},                 // invisible: escaped
		{"\U0001CD7D\U00013461", `"\U0001cd7d\U00013461"`}, // code points Go 1.26 and 1.27 print differently
		{"\u05d0", `"\u05d0"`},                             // right to left: escaped
		{"\xff\xc3", `"\xff\xc3"`},                         // invalid UTF-8: each byte
		{"\ufffd", `"\ufffd"`},
	} {
		got := quote(c.in)
		if got != c.want {
			t.Errorf("quote(%q) = %s, want %s", c.in, got, c.want)
		}
		if back, err := strconv.Unquote(got); err != nil || back != c.in {
			t.Errorf("Unquote(%s) = %q, %v", got, back, err)
		}
	}
	// Every code point, every range edge: read back whole.
	for r := rune(0); r <= 0x10FFFF; r += 7 {
		s := string(r) + "x"
		if back, err := strconv.Unquote(quote(s)); err != nil || back != s {
			t.Fatalf("U+%04X: Unquote(quote) = %q, %v", r, back, err)
		}
	}
}
