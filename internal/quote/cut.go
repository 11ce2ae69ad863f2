package quote

import (
	"strconv"
	"unicode/utf8"
)

// Cut is String for a field that another package's message quotes itself,
// such as the URL of net/url's *url.Error (written with %q): s unquoted,
// and beyond Max bytes its first Max (cut before a code point) and how many
// it left out: aaa… (1047552 more bytes).
func Cut(s string) string {
	if len(s) <= Max {
		return s
	}
	n := Max
	for n > 0 && !utf8.RuneStart(s[n]) {
		n-- // cut before a code point, not inside one
	}
	return s[:n] + "… (" + strconv.Itoa(len(s)-n) + " more bytes)"
}
