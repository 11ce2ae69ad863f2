package webhttp

import (
	"strings"

	"github.com/weburl/weburl/internal/ascii"
	"github.com/weburl/weburl/internal/patternhook"
	"github.com/weburl/weburl/urlpattern"
)

// The mux routes a path in RFC 3986's percent-encoding normal form
// (section 6.2.2.2, with 2.1's upper-case hex): "%XX" of an unreserved
// byte (ALPHA, DIGIT, '-', '.', '_', '~') decoded, the hex digits of
// every other "%XX" in upper case, so that "/fe%65d" and "/feed", or
// "/caf%c3%a9" and "/caf%C3%A9", are one path. "%2F" stays "%2F": a
// byte of a segment, never a separator. A '%' without two hex digits
// stays as it is. Decoding cannot make a dot segment: the URL parser has
// already removed every segment that "%2e" spells.

// isUnreserved reports whether c is in RFC 3986's unreserved set.
func isUnreserved(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~'
}

// normalPath returns path in the percent-encoding normal form; a path
// without '%' is returned as it is, without a copy.
func normalPath(path string) string {
	i := strings.IndexByte(path, '%')
	if i < 0 {
		return path
	}
	var b strings.Builder
	b.Grow(len(path))
	b.WriteString(path[:i])
	for ; i < len(path); i++ {
		c := path[i]
		if c != '%' || i+2 >= len(path) || !ascii.IsHex(path[i+1]) || !ascii.IsHex(path[i+2]) {
			b.WriteByte(c)
			continue
		}
		if d := ascii.Unhex(path[i+1])<<4 | ascii.Unhex(path[i+2]); isUnreserved(d) {
			b.WriteByte(d)
		} else {
			b.WriteByte('%')
			b.WriteByte(upperHex(path[i+1]))
			b.WriteByte(upperHex(path[i+2]))
		}
		i += 2
	}
	return b.String()
}

// upperHex returns the hex digit c in upper case.
func upperHex(c byte) byte {
	if 'a' <= c && c <= 'f' {
		return c - ('a' - 'A')
	}
	return c
}

// normalPattern returns p with the fixed text of its pathname in the
// normal form, as normalPath writes a request's path: a pattern's
// "/caf%c3%a9", "/caf%C3%A9" and "/café" (which the pathname's encoding
// callback writes "/caf%C3%A9") become one pattern, and "/fe%65d" is
// "/feed". Each part's text is put in the normal form apart, from the
// compiled parts, not from the pattern string, which does not always
// compile back to p (patternhook); the text of a regular expression
// group is left as it is. It is the one normal form of a pattern's
// literal text: the shadowing check compares patterns in it too.
func normalPattern(p *urlpattern.Pattern) (*urlpattern.Pattern, error) {
	q, err := patternhook.MapPathFixed(p, normalPath)
	if err != nil {
		return nil, err
	}
	return q.(*urlpattern.Pattern), nil
}
