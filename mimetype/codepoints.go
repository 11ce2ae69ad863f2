package mimetype

import "github.com/weburl/weburl/internal/ascii"

// The code point classes of MIME Sniffing's terminology and Fetch's HTTP
// whitespace. Every delimiter the parser looks for is ASCII, so it reads a
// Go string byte by byte; the one class with code points above ASCII (the
// quoted-string token code points, up to U+00FF) is tested on UTF-8.

// isHTTPWhitespace reports whether c is HTTP whitespace: U+000A LF, U+000D
// CR, U+0009 TAB or U+0020 SPACE (not U+000C FF, unlike ASCII whitespace).
func isHTTPWhitespace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r'
}

// isToken reports whether s solely contains HTTP token code points.
func isToken(s string) bool { return ascii.FirstNotToken(s) < 0 }

// firstNotQuotedStringToken returns the offset of the first code point of s
// that is not an HTTP quoted-string token code point (U+0009 TAB, U+0020 to
// U+007E, U+0080 to U+00FF), or -1. In UTF-8 the code points U+0080 to
// U+00FF are 0xC2 or 0xC3 and a continuation byte; an invalid byte counts
// as U+FFFD, which is not one of them.
func firstNotQuotedStringToken(s string) int {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\t' || ' ' <= c && c <= '~':
		case (c == 0xC2 || c == 0xC3) && i+1 < len(s) && s[i+1]&0xC0 == 0x80:
			i++
		default:
			return i
		}
	}
	return -1
}
