package canon

import (
	"net/netip"
	"slices"
	"strconv"
	"strings"

	"github.com/weburl/weburl/internal/swar"
)

// SafeBrowsing canonicalizes raw as Google Safe Browsing (API v4 and v5,
// "URLs and Hashing") requires before hashing, working on the raw string as
// those documents do rather than on a WHATWG parse:
//
//   - remove tab, CR and LF, spaces and controls at either end, and the
//     fragment; add "http://" when raw has no scheme;
//   - drop the credentials and the port;
//   - percent-decode the host, path and query until no escape is left;
//   - host: remove leading and trailing dots and collapse runs of dots; write
//     an IPv4 address in any form inet_aton accepts (octal, hex, fewer than
//     four parts) as four decimal numbers, an IPv6 address in its shortest
//     form and an IPv4-mapped or NAT64 (64:ff9b::/96) one as its IPv4
//     address; convert a Unicode domain to Punycode; lowercase;
//   - path: resolve "." and ".." segments and collapse "//"; "" becomes "/";
//   - percent-encode the bytes at or below 0x20, at or above 0x7F, '#' and
//     '%', with uppercase hex digits.
//
// Beyond the documents, so that the result canonicalizes to itself, the
// host's '/', '?', '@' and ':' (outside an IPv6 address) and the path's
// '?' are percent-encoded too: decoded, they would move the boundaries of
// the components. The error, for input without a host, is an *Error
// whose Err is ErrNoHost.
func SafeBrowsing(raw string) (string, error) {
	s := raw
	if strings.ContainsAny(s, "\t\r\n") {
		// Byte by byte: strings.Map would rewrite invalid UTF-8.
		b := make([]byte, 0, len(s))
		for i := 0; i < len(s); i++ {
			if c := s[i]; c != '\t' && c != '\r' && c != '\n' {
				b = append(b, c)
			}
		}
		s = string(b)
	}
	s = strings.TrimFunc(s, func(r rune) bool { return r <= ' ' })
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s = s[:i]
	}

	scheme, rest := "http", s
	if sch, r, ok := cutScheme(s); ok {
		scheme, rest = swar.ToLower(sch), r
	} else if strings.HasPrefix(s, "//") {
		rest = s[2:]
	} else if hasOtherScheme(s) {
		return "", &Error{Op: "safe browsing", Input: raw, Err: ErrNoHost}
	}

	end := strings.IndexAny(rest, "/?")
	if end < 0 {
		end = len(rest)
	}
	auth, rest := rest[:end], rest[end:]
	if i := strings.LastIndexByte(auth, '@'); i >= 0 {
		auth = auth[i+1:]
	}
	host, ok := sbHost(hostOfAuthority(auth))
	if !ok {
		return "", &Error{Op: "safe browsing", Input: raw, Err: ErrNoHost}
	}
	path, query, hasQuery := strings.Cut(rest, "?")

	var b strings.Builder
	b.WriteString(scheme)
	b.WriteString("://")
	b.WriteString(host)
	b.WriteString(escapeMinimal(sbPath(unescapeAll(path)), "?"))
	if hasQuery {
		b.WriteByte('?')
		b.WriteString(escapeMinimal(unescapeAll(query), ""))
	}
	return b.String(), nil
}

// cutScheme splits "scheme://rest".
func cutScheme(s string) (scheme, rest string, ok bool) {
	n := schemeLen(s)
	if n == 0 || !strings.HasPrefix(s[n:], "://") {
		return "", "", false
	}
	return s[:n], s[n+3:], true
}

// schemeLen returns the length of the RFC 3986 scheme s starts with, or 0.
func schemeLen(s string) int {
	if s == "" || !('a' <= s[0] && s[0] <= 'z' || 'A' <= s[0] && s[0] <= 'Z') {
		return 0
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '+' || c == '-' || c == '.') {
			return i
		}
	}
	return len(s)
}

// hasOtherScheme reports whether s starts with "scheme:" not followed by
// a port, as "mailto:x"; "example.com:8080/" is a host and a port.
func hasOtherScheme(s string) bool {
	n := schemeLen(s)
	if n == 0 || n == len(s) || s[n] != ':' {
		return false
	}
	rest := s[n+1:]
	if i := strings.IndexAny(rest, "/?"); i >= 0 {
		rest = rest[:i]
	}
	for i := 0; i < len(rest); i++ {
		if rest[i] < '0' || rest[i] > '9' {
			return true
		}
	}
	return false
}

// hostOfAuthority removes the port from an authority without credentials.
func hostOfAuthority(auth string) string {
	if strings.HasPrefix(auth, "[") {
		if i := strings.IndexByte(auth, ']'); i >= 0 && (i+1 == len(auth) || auth[i+1] == ':') {
			return auth[:i+1]
		}
	}
	if i := strings.IndexByte(auth, ':'); i >= 0 {
		return auth[:i]
	}
	return auth
}

// sbHost canonicalizes a raw host; ok is false when none is left.
func sbHost(h string) (string, bool) {
	h = collapseDots(unescapeAll(h))
	if a, ok := domainToASCII(h); ok {
		h = collapseDots(a)
	}
	if h == "" {
		return "", false
	}
	if len(h) > 2 && h[0] == '[' && h[len(h)-1] == ']' {
		if a, err := netip.ParseAddr(h[1 : len(h)-1]); err == nil && a.Is6() && a.Zone() == "" {
			if a.Is4In6() {
				return a.Unmap().String(), true
			}
			if b := a.As16(); [12]byte(b[:12]) == nat64Prefix {
				return netip.AddrFrom4([4]byte(b[12:])).String(), true
			}
			return "[" + a.String() + "]", true
		}
	}
	if ip, ok := parseInetAton(h); ok {
		return ip, true
	}
	return escapeMinimal(swar.ToLower(h), "/?@:"), true
}

// nat64Prefix is the NAT64 well-known prefix 64:ff9b::/96 (RFC 6052).
var nat64Prefix = [12]byte{0, 0x64, 0xff, 0x9b}

// collapseDots removes leading and trailing dots and collapses runs of dots.
func collapseDots(h string) string {
	h = strings.Trim(h, ".")
	if !strings.Contains(h, "..") {
		return h
	}
	b := make([]byte, 0, len(h))
	for i := 0; i < len(h); i++ {
		if h[i] == '.' && i > 0 && h[i-1] == '.' {
			continue
		}
		b = append(b, h[i])
	}
	return string(b)
}

// parseInetAton reads an IPv4 address as inet_aton does: one to four parts,
// each decimal, octal (a leading 0) or hex (a leading 0x), the last one
// filling the bytes left. It returns the dotted-decimal form.
func parseInetAton(h string) (string, bool) {
	parts := strings.Split(h, ".")
	if len(parts) > 4 {
		return "", false
	}
	var v uint64
	for i, p := range parts {
		n, ok := inetPart(p)
		if !ok {
			return "", false
		}
		if i < len(parts)-1 {
			if n > 255 {
				return "", false
			}
			v = v<<8 | n
			continue
		}
		bits := 8 * (5 - len(parts))
		if n >= 1<<bits {
			return "", false
		}
		v = v<<bits | n
	}
	return netip.AddrFrom4([4]byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)}).String(), true
}

// inetPart parses one part of an inet_aton address; values too large for
// any part fail.
func inetPart(p string) (uint64, bool) {
	base := 10
	switch {
	case len(p) >= 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X'):
		base, p = 16, p[2:]
		if p == "" {
			return 0, true
		}
	case len(p) >= 2 && p[0] == '0':
		base, p = 8, p[1:]
	case p == "":
		return 0, false
	}
	n, err := strconv.ParseUint(p, base, 32)
	return n, err == nil
}

// sbPath resolves "." and ".." segments and collapses "//" in a decoded
// path; a path that ends in a slash, ".", or ".." keeps a final slash.
func sbPath(p string) string {
	if p == "" {
		return "/"
	}
	segs := strings.Split(p[1:], "/")
	out := make([]string, 0, len(segs))
	trailing := false
	for _, s := range segs {
		trailing = false
		switch s {
		case "", ".":
			trailing = true
		case "..":
			if len(out) > 0 {
				out = out[:len(out)-1]
			}
			trailing = true
		default:
			out = append(out, s)
		}
	}
	if len(out) == 0 {
		return "/"
	}
	r := "/" + strings.Join(out, "/")
	if trailing {
		r += "/"
	}
	return r
}

// SafeBrowsingExpressions returns the host-suffix/path-prefix expressions
// that Safe Browsing looks up for a URL canonicalized by SafeBrowsing, in the
// documents' order: for each host, the path with the query, the path without
// it, then "/" and up to three more directory prefixes; the hosts are the
// exact host, then for a domain the suffixes made of its last five labels,
// then four, three and two (at most five hosts; never the top-level domain
// alone, and none for an IP address). So at most 30 expressions, without
// duplicates. The scheme is optional; it returns nil when there is no host.
func SafeBrowsingExpressions(canonical string) []string {
	s := canonical
	if _, rest, ok := cutScheme(s); ok {
		s = rest
	}
	end := strings.IndexAny(s, "/?")
	if end < 0 {
		end = len(s)
	}
	host, rest := s[:end], s[end:]
	if host == "" {
		return nil
	}
	path, query, _ := strings.Cut(rest, "?")
	if path == "" {
		path = "/"
	}

	hosts := []string{host}
	if !isIPHost(host) {
		labels := strings.Split(host, ".")
		n := len(labels)
		for m := min(5, n-1); m >= 2; m-- {
			hosts = append(hosts, strings.Join(labels[n-m:], "."))
		}
	}

	var paths []string
	add := func(p string) {
		if !slices.Contains(paths, p) {
			paths = append(paths, p)
		}
	}
	if query != "" {
		add(path + "?" + query)
	}
	add(path)
	add("/")
	for i, n := 1, 1; n < 4; n++ {
		j := strings.IndexByte(path[i:], '/')
		if j < 0 {
			break
		}
		i += j + 1
		add(path[:i])
	}

	out := make([]string, 0, len(hosts)*len(paths))
	for _, h := range hosts {
		for _, p := range paths {
			out = append(out, h+p)
		}
	}
	return out
}

// isIPHost reports whether a canonical host is an IP address: four decimal
// parts, or brackets.
func isIPHost(h string) bool {
	if strings.HasPrefix(h, "[") {
		return true
	}
	a, err := netip.ParseAddr(h)
	return err == nil && a.Is4()
}
