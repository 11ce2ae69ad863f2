// Package quote quotes untrusted input in an error message: at most Max
// bytes of it, cut before a code point, and how much was left out, so
// that a huge bad input makes a short message.
package quote

import (
	"strconv"
	"unicode/utf8"
)

// Max is how many bytes of an input a message quotes.
const Max = 1024

// String quotes s as strconv.Quote does; beyond Max bytes it quotes the
// first Max bytes (cut before a code point, not inside one) and says how
// many it left out: "aaa…"… (1047552 more bytes).
func String(s string) string { return At(s, 0) }

// At is String for an error at byte offset at of s: beyond Max bytes it
// quotes about Max bytes around at and says how many it left out before
// and after: (1000 bytes before) …"aaa(?=b)ccc"… (3000 more bytes). An
// offset within the first Max/2 bytes quotes what String does.
func At(s string, at int) string {
	if len(s) <= Max {
		return strconv.Quote(s)
	}
	lo := min(max(at-Max/2, 0), len(s)-Max)
	for lo > 0 && !utf8.RuneStart(s[lo]) {
		lo++ // the window starts at a code point
	}
	hi := min(lo+Max, len(s))
	for hi < len(s) && hi > lo && !utf8.RuneStart(s[hi]) {
		hi-- // and ends before one
	}
	q := strconv.Quote(s[lo:hi])
	if lo > 0 {
		q = "(" + strconv.Itoa(lo) + " bytes before) …" + q
	}
	if hi < len(s) {
		q += "… (" + strconv.Itoa(len(s)-hi) + " more bytes)"
	}
	return q
}
