package robots

import (
	"strings"
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
		p, s := weburl.PercentEncode(v[:q], weburl.PathSet), weburl.PercentEncode(v[q:], weburl.SpecialQuerySet)
		if len(p) != q || len(s) != len(v)-q {
			v = p + s
		}
	} else {
		v = weburl.PercentEncode(v, weburl.PathSet)
	}
	if !hasLowerEscape(v) {
		return v
	}
	return string(normalizePath(nil, "/"+v)[1:])
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
