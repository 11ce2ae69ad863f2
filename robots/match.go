package robots

import (
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/weburl/weburl"
)

// escapePattern returns an allow or disallow value in the form Allowed
// compares: what the URL parser percent-encodes in a path (before the
// first '?') and in a special URL's query (after it) encoded, non-ASCII as
// UTF-8 (Google's MaybeEscapePattern encodes those bytes alone), and the
// hex digits of every %xx escape in upper case.
func escapePattern(v string) string {
	if q := strings.IndexByte(v, '?'); q >= 0 {
		// One string when neither part changes: the common case.
		p, s := encodeBytes(v[:q], weburl.PathSet), encodeBytes(v[q:], weburl.SpecialQuerySet)
		if len(p) != q || len(s) != len(v)-q {
			v = p + s
		}
	} else {
		v = encodeBytes(v, weburl.PathSet)
	}
	if !hasLowerEscape(v) {
		return v
	}
	return string(normalizePath(nil, "/"+v)[1:])
}

// encodeBytes is weburl.PercentEncode(v, set), except that a byte of
// invalid UTF-8 is encoded as itself ("\xFF" as "%FF"), not as U+FFFD:
// Google's MaybeEscapePattern encodes each byte, so a rule written in
// Latin-1 matches the URLs that escape the same bytes.
func encodeBytes(v string, set weburl.EncodeSet) string {
	if utf8.ValidString(v) {
		return weburl.PercentEncode(v, set)
	}
	const upperHex = "0123456789ABCDEF"
	var b strings.Builder
	start := 0
	for i := 0; i < len(v); {
		r, n := utf8.DecodeRuneInString(v[i:])
		if r == utf8.RuneError && n == 1 {
			b.WriteString(weburl.PercentEncode(v[start:i], set))
			b.WriteByte('%')
			b.WriteByte(upperHex[v[i]>>4])
			b.WriteByte(upperHex[v[i]&15])
			start = i + 1
		}
		i += n
	}
	b.WriteString(weburl.PercentEncode(v[start:], set))
	return b.String()
}

// match reports whether pattern matches path from its start (RFC 9309
// §2.2.3): '*' matches any run of bytes, a final '$' the end of path, and
// every other byte itself.
//
// It takes time linear in len(path)+len(pattern): the literal runs
// between '*'s are found leftmost, one after another, and the leftmost
// place of a run is never worse than a later one, since whatever follows
// it then has more of path to match in. A final '$' puts the last run at
// the end of path instead.
func match(path, pattern string) bool {
	if len(pattern) > 0 && pattern[len(pattern)-1] == '$' {
		return matchAnchored(path, pattern[:len(pattern)-1])
	}
	return matchPrefix(path, pattern, false)
}

// matchAnchored is match of pattern and a '$' after it.
func matchAnchored(path, pattern string) bool { return matchPrefix(path, pattern, true) }

// matchPrefix is match of pattern without its final '$', anchored
// telling whether it had one.
func matchPrefix(path, pattern string, anchored bool) bool {
	star := strings.IndexByte(pattern, '*')
	if star < 0 {
		if anchored {
			return path == pattern
		}
		return strings.HasPrefix(path, pattern)
	}
	if !strings.HasPrefix(path, pattern[:star]) {
		return false
	}
	pos := star
	pattern = pattern[star+1:]
	for {
		star = strings.IndexByte(pattern, '*')
		if star < 0 {
			break
		}
		if run := pattern[:star]; run != "" {
			i := strings.Index(path[pos:], run)
			if i < 0 {
				return false
			}
			pos += i + len(run)
		}
		pattern = pattern[star+1:]
	}
	if anchored {
		return len(path)-pos >= len(pattern) && strings.HasSuffix(path, pattern)
	}
	return strings.Contains(path[pos:], pattern)
}

// bytesString views b as a string; b must not change while it is used.
func bytesString(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }
