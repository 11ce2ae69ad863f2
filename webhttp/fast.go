package webhttp

import (
	"strings"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/urlpattern"
)

// The common request, routed without parsing: a target in origin form and
// a host that the URL parser leaves exactly as they are, so that the URL's
// components are substrings of r.RequestURI and r.Host. fastComponents
// proves it with a few byte tests, or says no and the mux parses the URL
// (RequestURL), which gives the same components whenever it says yes
// (TestFastComponents and FuzzFastComponents hold the two equal).

// Byte classes of a request target, made from weburl's own percent-encode
// sets: a byte that the parser would percent-encode (or, '\' in a special
// URL, turn into '/') makes the URL differ from the target.
const (
	notInPath  = 1 << iota // the path percent-encode set, non-ASCII, '\', and the '?' that ends the path
	notInQuery             // the special-query percent-encode set, non-ASCII
	inHost                 // a-z 0-9 - . _: an ASCII domain that needs no lowercasing
	plainHost              // inHost but '.' and 'x', which start what the host scan looks at
)

var targetBytes = func() (t [256]uint8) {
	for c := range 256 {
		if c >= 0x80 || weburl.PathSet.Contains(rune(c)) || c == '\\' || c == '?' {
			t[c] |= notInPath
		}
		if c >= 0x80 || weburl.SpecialQuerySet.Contains(rune(c)) {
			t[c] |= notInQuery
		}
		if 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '.' || c == '_' {
			t[c] |= inHost
			if c != '.' && c != 'x' {
				t[c] |= plainHost
			}
		}
	}
	return t
}()

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
	// The path state: no byte that it encodes or changes (four bytes at
	// a time while none is one, or the '?' that ends the path), and no
	// dot segment, which it removes.
	i := 1
	for i < len(target) {
		if b := target[i:]; len(b) >= 4 && (targetBytes[b[0]]|targetBytes[b[1]]|targetBytes[b[2]]|targetBytes[b[3]])&notInPath == 0 {
			i += 4
			continue
		}
		if c := target[i]; targetBytes[c]&notInPath != 0 {
			if c != '?' {
				return false
			}
			break
		}
		i++
	}
	if path := target[:i]; strings.Contains(path, "/.") || strings.Contains(path, "/%") {
		for seg := range strings.SplitSeq(path[1:], "/") {
			if isDotSegment(seg) {
				return false
			}
		}
	}
	if i < len(target) {
		query := target[i+1:]
		for j := 0; j < len(query); j++ {
			if targetBytes[query[j]]&notInQuery != 0 {
				return false
			}
		}
		if query != "" {
			v[urlpatternSearch] = query
		}
	}
	v[urlpatternProtocol], v[urlpatternHostname], v[urlpatternPathname] = scheme, hostname, target[:i]
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

// isDotSegment reports whether a path segment is a single-dot or a
// double-dot URL path segment: ".", "..", or either with %2e for a dot.
func isDotSegment(s string) bool {
	switch len(s) {
	case 1:
		return s == "."
	case 2:
		return s == ".."
	case 3, 4, 6:
		// "%2e", ".%2e", "%2e.", "%2e%2e", ASCII case-insensitively.
		if s[0] != '%' && s[1] != '%' {
			return false
		}
		s = strings.ToLower(s)
		return s == "%2e" || s == ".%2e" || s == "%2e." || s == "%2e%2e"
	}
	return false
}

// fastHost splits host into the hostname and port that the URL parser
// gives it and reports true when it would serialize them as host: a
// domain of lower-case ASCII letters, digits, '-', '.' and '_' without a
// Punycode label ("xn--", which the parser checks) and not ending in a
// number (an IPv4 address, which it rewrites), and a port without a
// leading zero that is not the scheme's default.
func fastHost(host, scheme string) (hostname, port string, ok bool) {
	last := 0 // where the last label starts
	i := 0
	for ; i < len(host); i++ {
		c := host[i]
		if targetBytes[c]&plainHost != 0 {
			continue
		}
		switch {
		case c == '.':
			if i+1 < len(host) && host[i+1] != ':' {
				last = i + 1
			}
			continue
		case c == 'x':
			if (i == 0 || host[i-1] == '.') && strings.HasPrefix(host[i:], "xn--") {
				return "", "", false
			}
			continue
		case c != ':' || !fastPort(host[i+1:], scheme):
			return "", "", false
		}
		break
	}
	if i == 0 {
		return "", "", false
	}
	// The ends-in-a-number checker: a last label (before a final '.')
	// that starts with a digit may be an IPv4 number; the parser decides.
	if c := host[last]; '0' <= c && c <= '9' {
		return "", "", false
	}
	if i < len(host) {
		return host[:i], host[i+1:], true
	}
	return host, "", true
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
