package quote

import (
	"fmt"
	"unicode/utf8"
)

// CodePoint names the code point at s[i] for a message, as U+0020 ' ', or
// the byte there when it does not start valid UTF-8: one code point, so a
// reason that names the one that failed stays short.
func CodePoint(s string, i int) string {
	r, n := utf8.DecodeRuneInString(s[i:])
	if r == utf8.RuneError && n <= 1 {
		return fmt.Sprintf("the byte %#02x (not UTF-8)", s[i])
	}
	return fmt.Sprintf("%U %q", r, r)
}
