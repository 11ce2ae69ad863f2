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
// components are substrings of r.RequestURI and r.Host. fastComponents
// proves it with a few byte tests, or says no and the mux parses the URL
// (RequestURL), which gives the same components whenever it says yes
// (TestFastComponents and FuzzServeMux hold the two equal).

// Byte classes of a request target, made from weburl's own percent-encode
// sets: a byte that the parser would percent-encode (or, '\' in a special
// URL, turn into '/') makes the URL differ from the target. The scans OR
// the classes of eight bytes at a time and look closer only where the OR
// says so.
const (
	notInPath   = 1 << iota // the path percent-encode set, non-ASCII, '\', and the '?' that ends the path
	notInQuery              // the special-query percent-encode set, non-ASCII
	notInHost               // all but a-z 0-9 - . _: a byte of a host that needs a closer look, or the ':' of a port
	dotByte                 // '.', which may start a dot segment after a '/'
	percentByte             // '%', which may too ("%2e")
	xByte                   // 'x', which may start a Punycode label ("xn--")
	digitByte               // 0-9, which may start a last label that is a number
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
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '.' || c == '_') {
			t[c] |= notInHost
		}
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-._~/$&+,:;=@", byte(c)) >= 0) {
			t[c] |= netEscaped
		}
	}
	t['.'] |= dotByte
	t['%'] |= percentByte
	t['x'] |= xByte
	for c := '0'; c <= '9'; c++ {
		t[c] |= digitByte
	}
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
// query, or len(target)) and reports whether the path state leaves the
// path as it is: no byte that it encodes or changes, and no dot segment,
// which it removes. target starts with '/'.
func pathEnd(target string) (int, bool) {
	i := 1
	for ; i+8 <= len(target); i += 8 {
		k := classes8(target, i)
		if k&notInPath != 0 {
			return pathEndBytes(target, i)
		}
		if k&(dotByte|percentByte) != 0 {
			if m := dotPairs(target, i); m != 0 && dotSegmentAt(target, i, m) {
				return i, false
			}
		}
	}
	if i < len(target) && len(target) >= 9 {
		// The word that ends the target, if it is all path: bytes
		// already scanned are scanned again.
		j := len(target) - 8
		if k := classes8(target, j); k&notInPath == 0 {
			if k&(dotByte|percentByte) != 0 {
				if m := dotPairs(target, j); m != 0 && dotSegmentAt(target, j, m) {
					return j, false
				}
			}
			return len(target), true
		}
	}
	return pathEndBytes(target, i)
}

// pathEndBytes is pathEnd from target[i:], one byte at a time.
func pathEndBytes(target string, i int) (int, bool) {
	for ; i < len(target); i++ {
		k := targetBytes[target[i]]
		if k&notInPath != 0 {
			break
		}
		if k&(dotByte|percentByte) != 0 && target[i-1] == '/' && urlpath.IsDotAt(target[i:]) {
			return i, false
		}
	}
	return i, i == len(target) || target[i] == '?'
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

// fastComponents sets v, which is zero, to the components of the URL
// scheme://host+target and reports true, when the URL parser would
// serialize that URL as exactly those bytes; otherwise it reports false.
// scheme is http or https.
func fastComponents(v *[8]string, scheme, host, target string) bool {
	if len(target) == 0 || target[0] != '/' {
		return false
	}
	hostname, port, ok := fastHost(host, scheme)
	if !ok {
		return false
	}
	// The path state: no byte that it encodes or changes, up to the '?'
	// that ends the path, and no dot segment, which it removes.
	i, ok := pathEnd(target)
	if !ok {
		return false
	}
	path := target[:i]
	if i < len(target) {
		query := target[i+1:]
		if j, _ := scan(query, 0, notInQuery); j < len(query) {
			return false
		}
		if query != "" {
			v[urlpatternSearch] = query
		}
	}
	v[urlpatternProtocol], v[urlpatternHostname], v[urlpatternPathname] = scheme, hostname, path
	if port != "" {
		v[urlpatternPort] = port
	}
	return true
}

// The indexes of the components fastComponents sets.
const (
	urlpatternProtocol = int(urlpattern.Protocol)
	urlpatternHostname = int(urlpattern.Hostname)
	urlpatternPort     = int(urlpattern.Port)
	urlpatternPathname = int(urlpattern.Pathname)
	urlpatternSearch   = int(urlpattern.Search)
)

// fastHost splits host into the hostname and port that the URL parser
// gives it and reports true when it would serialize them as host: a
// domain of lower-case ASCII letters, digits, '-', '.' and '_' without
// "xn--" (a Punycode label, which the parser checks) and not ending in a
// number (an IPv4 address, which it rewrites), and a port without a
// leading zero that is not the scheme's default.
func fastHost(host, scheme string) (hostname, port string, ok bool) {
	i, seen := scan(host, 0, notInHost)
	if i == 0 {
		return "", "", false
	}
	hostname = host[:i]
	if i < len(host) {
		if host[i] != ':' || !fastPort(host[i+1:], scheme) {
			return "", "", false
		}
		port = host[i+1:]
	}
	if seen&xByte != 0 && strings.Contains(hostname, "xn--") {
		return "", "", false
	}
	// The ends-in-a-number checker: a last label (before a final '.')
	// that starts with a digit may be an IPv4 number; the parser decides.
	if seen&digitByte != 0 {
		last := strings.TrimSuffix(hostname, ".")
		last = last[strings.LastIndexByte(last, '.')+1:]
		if last != "" && '0' <= last[0] && last[0] <= '9' {
			return "", "", false
		}
	}
	return hostname, port, true
}

// fastPort reports whether the URL parser serializes port as it is: one
// to five digits without a leading zero, at most 65535, and not the
// scheme's default port, which it drops.
func fastPort(port, scheme string) bool {
	if port == "" || len(port) > 5 || port[0] == '0' {
		return false
	}
	n := 0
	for i := 0; i < len(port); i++ {
		c := port[i]
		if c < '0' || c > '9' {
			return false
		}
		n = n*10 + int(c-'0')
	}
	return n <= 65535 && !(n == 80 && scheme == "http") && !(n == 443 && scheme == "https")
}
