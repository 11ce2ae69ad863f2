package webhttp

import (
	"strings"

	"github.com/weburl/weburl/internal/ascii"
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

// normalPathPattern returns a pathname pattern string whose fixed text is
// in the percent-encoding normal form, as normalPath writes a request's
// path: a pattern's "/caf%c3%a9", "/caf%C3%A9" and "/café" (which the
// pattern's encoding callback writes "/caf%C3%A9") become one pattern,
// and "/fe%65d" is "/feed". A decoded byte is written escaped ("\e"), so
// that it cannot lengthen a group's name before it; the text of a
// regular expression group is left as it is. It is the one normal form
// of a pattern's literal text: the shadowing check compares patterns in
// it too.
func normalPathPattern(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	var b strings.Builder
	depth := 0 // inside a regular expression group: the tokenizer's depth of '(' and ')'
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s):
			b.WriteByte(c)
			b.WriteByte(s[i+1])
			i++
			continue
		case c == '(':
			depth++
		case c == ')' && depth > 0:
			depth--
		case c == '%' && depth == 0 && i+2 < len(s) && ascii.IsHex(s[i+1]) && ascii.IsHex(s[i+2]):
			if d := ascii.Unhex(s[i+1])<<4 | ascii.Unhex(s[i+2]); isUnreserved(d) {
				b.WriteByte('\\')
				b.WriteByte(d)
			} else {
				b.WriteByte('%')
				b.WriteByte(upperHex(s[i+1]))
				b.WriteByte(upperHex(s[i+2]))
			}
			i += 2
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// normalPattern returns p, the pattern s, with its pathname's fixed text
// in the normal form, or p itself when it already is.
func normalPattern(s string, p *urlpattern.Pattern) (*urlpattern.Pattern, error) {
	path := p.Pathname()
	np := normalPathPattern(path)
	if np == path {
		return p, nil
	}
	// NewInit strips one leading '#' from the hash (relativePattern).
	protocol, username, password, hostname := p.Protocol(), p.Username(), p.Password(), p.Hostname()
	port, search, hash := p.Port(), p.Search(), "#"+p.Hash()
	in := urlpattern.Init{
		Protocol: &protocol, Username: &username, Password: &password, Hostname: &hostname,
		Port: &port, Pathname: &path, Search: &search, Hash: &hash,
	}
	// The pattern strings must give p back before the normal form of one
	// may stand for it (compiledAgain).
	again, err := urlpattern.NewInit(in, urlpattern.Options{})
	if err != nil {
		return nil, err
	}
	for c := urlpattern.Protocol; c <= urlpattern.Hash; c++ {
		if err := compiledAgain(s, p, again, c); err != nil {
			return nil, err
		}
	}
	in.Pathname = &np
	return urlpattern.NewInit(in, urlpattern.Options{})
}
