package webhttp

import (
	"math/bits"
	"strings"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/swar"
	"github.com/weburl/weburl/internal/urlpath"
	"github.com/weburl/weburl/urlpattern"
)

// The common request, routed without parsing: a target in origin form and
// a host that the URL parser leaves exactly as they are, so that the URL's
// components are substrings of r.RequestURI and r.Host. read proves it
// with the byte tests here, or parses the URL (RequestURL), which gives
// the same components whenever they say yes (TestReadFast and
// FuzzServeMux hold the two equal).

// Byte classes of a request target, made from weburl's own percent-encode
// sets: a byte that the parser would percent-encode (or, '\' in a special
// URL, turn into '/') makes the URL differ from the target. The scans OR
// the classes of eight bytes at a time and look closer only where the OR
// says so.
const (
	notInPath   = 1 << iota // the path percent-encode set, non-ASCII, '\', and the '?' that ends the path
	notInQuery              // the special-query percent-encode set, non-ASCII
	dotByte                 // '.', which may start a dot segment after a '/'
	percentByte             // '%', which may too ("%2e")
	netEscaped              // all but A-Z a-z 0-9 - . _ ~ / $ & + , : ; = @: what net/url's path escaping (shouldEscape's encodePath) may change
)

var targetBytes = func() (t [256]uint8) {
	for c := range 256 {
		if c >= 0x80 || weburl.PathSet.Contains(rune(c)) || c == '\\' || c == '?' {
			t[c] |= notInPath
		}
		if c >= 0x80 || weburl.SpecialQuerySet.Contains(rune(c)) {
			t[c] |= notInQuery
		}
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-._~/$&+,:;=@", byte(c)) >= 0) {
			t[c] |= netEscaped
		}
	}
	t['.'] |= dotByte
	t['%'] |= percentByte
	return t
}()

// classes8 and classes4 return the OR of the classes of s[i:i+8] and of
// s[i:i+4].
func classes8(s string, i int) uint8 {
	b := s[i : i+8]
	return targetBytes[b[0]] | targetBytes[b[1]] | targetBytes[b[2]] | targetBytes[b[3]] |
		targetBytes[b[4]] | targetBytes[b[5]] | targetBytes[b[6]] | targetBytes[b[7]]
}

func classes4(s string, i int) uint8 {
	b := s[i : i+4]
	return targetBytes[b[0]] | targetBytes[b[1]] | targetBytes[b[2]] | targetBytes[b[3]]
}

// scan returns the index of the first byte of s at or after i in class
// stop, or len(s), and the OR of the classes of the bytes from i up to it.
// It reads words of eight bytes, and ends on the word that ends s (or on
// two of four), which may read again bytes it has read: most scans find
// no stop, and the bytes one at a time only where one is.
func scan(s string, i int, stop uint8) (int, uint8) {
	start := i
	var seen uint8
	for ; i+8 <= len(s); i += 8 {
		k := classes8(s, i)
		if k&stop != 0 {
			return scanBytes(s, i, stop, seen)
		}
		seen |= k
	}
	var k uint8
	switch n := len(s) - start; {
	case i == len(s):
		return i, seen
	case n >= 8:
		k = classes8(s, len(s)-8)
	case n >= 4:
		k = classes4(s, start) | classes4(s, len(s)-4)
	default:
		return scanBytes(s, i, stop, seen)
	}
	if k&stop != 0 {
		return scanBytes(s, i, stop, seen)
	}
	return len(s), seen | k
}

// scanBytes is scan one byte at a time, with seen the classes before i.
func scanBytes(s string, i int, stop, seen uint8) (int, uint8) {
	for ; i < len(s); i++ {
		k := targetBytes[s[i]]
		if k&stop != 0 {
			break
		}
		seen |= k
	}
	return i, seen
}

// pathEnd returns the end of the path in target (the '?' that starts the
// query, or len(target)), the OR of the classes of the path's bytes, and
// reports whether the path state leaves the path as it is: no byte that it
// encodes or changes, and no dot segment, which it removes. target starts
// with '/'. The classes are those of the whole path only when it reports
// true.
func pathEnd(target string) (int, uint8, bool) {
	i := 1
	var seen uint8
	for ; i+8 <= len(target); i += 8 {
		k := classes8(target, i)
		if k&notInPath != 0 {
			return pathEndBytes(target, i, seen)
		}
		if k&(dotByte|percentByte) != 0 {
			if m := dotPairs(target, i); m != 0 && dotSegmentAt(target, i, m) {
				return i, seen, false
			}
		}
		seen |= k
	}
	if i < len(target) && len(target) >= 9 {
		// The word that ends the target, if it is all path: bytes
		// already scanned are scanned again.
		j := len(target) - 8
		var k uint8
		if len(target)-i <= 4 {
			k = classes4(target, len(target)-4) // half the lookups for the last few bytes
		} else {
			k = classes8(target, j)
		}
		if k&notInPath == 0 {
			if k&(dotByte|percentByte) != 0 {
				if m := dotPairs(target, j); m != 0 && dotSegmentAt(target, j, m) {
					return j, seen, false
				}
			}
			return len(target), seen | k, true
		}
	}
	return pathEndBytes(target, i, seen)
}

// pathEndBytes is pathEnd from target[i:], one byte at a time, with seen
// the classes before i.
func pathEndBytes(target string, i int, seen uint8) (int, uint8, bool) {
	for ; i < len(target); i++ {
		k := targetBytes[target[i]]
		if k&notInPath != 0 {
			break
		}
		if k&(dotByte|percentByte) != 0 && target[i-1] == '/' && urlpath.IsDotAt(target[i:]) {
			return i, seen, false
		}
		seen |= k
	}
	return i, seen, i == len(target) || target[i] == '?'
}

// dotPairs returns a word with the high bit set in the bytes of
// s[i:i+8] that are '.' or '%' after a '/', where a dot segment may
// start; i is at least 1. Most words with a '.' have none
// ("/index.html"). It compares the word with the word one byte before it.
func dotPairs(s string, i int) uint64 {
	x := swar.Load64(s, i)
	return swar.EqAny(swar.Load64(s, i-1), '/') & (swar.EqAny(x, '.') | swar.EqAny(x, '%'))
}

// dotSegmentAt reports whether a dot segment starts in s[i:i+8] at one of
// the bytes whose high bit m sets.
func dotSegmentAt(s string, i int, m uint64) bool {
	for ; m != 0; m &= m - 1 {
		if urlpath.IsDotAt(s[i+bits.TrailingZeros64(m)/8:]) {
			return true
		}
	}
	return false
}

// mayBeStatic reports whether target may be the verbatim literal path of
// a route of mt that serves every URL with that path (staticRoutes):
// false for most other targets, at the cost of two bytes' loads, so that
// read looks up only these. A target with a query is not such a path (a
// verbatim one has no '?'), and takes the way of the others: looking for
// the '?' would cost every request more than the few with a query save.
func (mt *methodTable) mayBeStatic(target string) bool {
	st := mt.static
	if st == nil {
		return false // most tables of methods other than GET
	}
	k := staticKey(target)
	return st.bits[k>>6]&(1<<(k&63)) != 0
}

// staticKey hashes a path that is not empty into 8 bits, from its length
// and two of its bytes, for staticRoutes.bits.
func staticKey(path string) uint8 {
	n := len(path)
	return uint8(n*31 + int(path[n-1]) + 7*int(path[n/2]))
}

// verbatimPath reports whether the pathname of p is a literal path (no
// group, nothing of the pattern syntax) that read would read
// as it is and call plain: the URL parser keeps it, and it is its own
// normal form and net/url's escaping of itself. A pathname that only
// equals it is then a URL's as the parser gives it.
func verbatimPath(p *urlpattern.Pattern) bool {
	s := p.Pathname()
	if s == "" || s[0] != '/' || strings.ContainsAny(s, `\:*(){}?+`) {
		return false
	}
	end, seen, ok := pathEnd(s)
	return ok && end == len(s) && seen&netEscaped == 0
}

// The indexes of the components read sets.
const (
	urlpatternProtocol = int(urlpattern.Protocol)
	urlpatternHostname = int(urlpattern.Hostname)
	urlpatternPort     = int(urlpattern.Port)
	urlpatternPathname = int(urlpattern.Pathname)
	urlpatternSearch   = int(urlpattern.Search)
)
