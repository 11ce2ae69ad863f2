// Package errquote quotes an input inside an error message the way
// weburl's *Error does: as strconv.Quote writes it, cut after 1 KiB at a
// code point boundary with how many bytes were left out, so that a huge
// bad input makes a short message. The packages whose errors name their
// input (mimetype, dataurl) share it.
package errquote

import (
	"fmt"
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

// CodePoint names the code point at s[i] for a message, as U+0020 ' ', or
// the byte there when it does not start valid UTF-8.
func CodePoint(s string, i int) string {
	r, n := utf8.DecodeRuneInString(s[i:])
	if r == utf8.RuneError && n <= 1 {
		return fmt.Sprintf("the byte %#02x (not UTF-8)", s[i])
	}
	return fmt.Sprintf("%U %q", r, r)
}
