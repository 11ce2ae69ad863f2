// Package errquote quotes an input inside an error message the way
// weburl's *Error does: as strconv.Quote writes it, cut after 1 KiB at a
// code point boundary with how many bytes were left out, so that a huge
// bad input makes a short message. The packages whose errors name their
// input (mimetype, dataurl) share it.
package errquote

import (
	"strconv"
	"unicode/utf8"
)

// Max is how many bytes of an input Quote writes at most.
const Max = 1024

// Quote returns s quoted, cut after Max bytes: `"abc…"… (N more bytes)`.
func Quote(s string) string {
	if len(s) <= Max {
		return strconv.Quote(s)
	}
	n := Max
	for n > 0 && !utf8.RuneStart(s[n]) {
		n-- // cut before a code point, not inside one
	}
	return strconv.Quote(s[:n]) + "… (" + strconv.Itoa(len(s)-n) + " more bytes)"
}
