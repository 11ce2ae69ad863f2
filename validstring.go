package weburl

import (
	"strings"
	"unicode/utf8"

	"github.com/weburl/weburl/internal/ascii"
	"github.com/weburl/weburl/internal/canonical"
	"github.com/weburl/weburl/internal/idna"
	"github.com/weburl/weburl/internal/percent"
)

// IsValidURLString reports whether input is a valid URL string, as the URL
// writing section of the URL Standard defines it: an
// absolute-URL-with-fragment string or, when base is not nil, a
// relative-URL-with-fragment string against base. The zero URL as base
// counts as nil.
//
// This is the grammar for writing URLs, not the parser: it is stricter
// than "parses without validation errors" in places and looser in others.
// "https://example.com:0080/" is valid yet the parser reports nothing
// either way; "http://user@host/" parses with an invalid-credentials
// error and is not valid, since credentials cannot be written validly.
func IsValidURLString(input string, base *URL) bool {
	if !utf8.ValidString(input) {
		return false
	}
	return validAbsoluteWithFragment(input) ||
		base != nil && base.href != "" && validRelativeWithFragment(input, base)
}

// cutQueryAndFragment checks and removes the optional "?" URL-query string
// and "#" URL-fragment string at the end of s. The first "#" starts the
// fragment, since URL units never include "#"; the first "?" before it
// starts the query, since hosts, paths and opaque paths cannot hold one.
func cutQueryAndFragment(s string) (before string, ok bool) {
	before, frag, found := strings.Cut(s, "#")
	if found && !validURLUnits(frag, "") {
		return "", false
	}
	before, query, found := strings.Cut(before, "?")
	return before, !found || validURLUnits(query, "")
}

// absolute-URL-with-fragment string
func validAbsoluteWithFragment(s string) bool {
	s, ok := cutQueryAndFragment(s)
	if !ok {
		return false
	}
	// absolute-URL string: a URL-scheme string, ":", and what the scheme
	// allows.
	colon := strings.IndexByte(s, ':')
	if colon < 0 || !validSchemeString(s[:colon]) {
		return false
	}
	scheme, rest := strings.ToLower(s[:colon]), s[colon+1:]
	switch k := classifyScheme(scheme); {
	case k == schemeFile:
		return validSchemeRelativeFile(rest)
	case k.special():
		return validSchemeRelativeSpecial(rest)
	default:
		return validSchemeRelative(rest) || validPathAbsoluteNonAuthority(rest) ||
			validOpaquePath(rest)
	}
}

// relative-URL-with-fragment string
func validRelativeWithFragment(s string, base *URL) bool {
	if base.hasOpaquePath() {
		frag, found := strings.CutPrefix(s, "#")
		return found && validURLUnits(frag, "")
	}
	s, ok := cutQueryAndFragment(s)
	if !ok {
		return false
	}
	// relative-URL string
	if validPathAbsoluteNonAuthority(s) || validPathRelativeSchemeLess(s) {
		return true
	}
	switch {
	case base.scheme == schemeFile:
		return validSchemeRelativeFile(s)
	case base.scheme.special():
		return validSchemeRelativeSpecial(s)
	default:
		return validSchemeRelative(s)
	}
}

// URL-scheme string: an ASCII alpha, then ASCII alphanumerics, "+", "-"
// and ".".
func validSchemeString(s string) bool {
	if s == "" || !isASCIIAlpha(rune(s[0])) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !isSchemeCodePoint(rune(s[i])) {
			return false
		}
	}
	return true
}

// scheme-relative-special-URL string: "//", a valid host string, an
// optional ":" and URL-port string, an optional path-absolute-URL string.
func validSchemeRelativeSpecial(s string) bool {
	auth, ok := strings.CutPrefix(s, "//")
	if !ok {
		return false
	}
	auth, path := cutPath(auth)
	host, port, hasPort := cutPort(auth)
	return validHostString(host) && (!hasPort || validPortString(port)) &&
		(path == "" || validPathAbsolute(path))
}

// scheme-relative-URL string: "//", an opaque-host-and-port string, an
// optional path-absolute-URL string.
func validSchemeRelative(s string) bool {
	auth, ok := strings.CutPrefix(s, "//")
	if !ok {
		return false
	}
	auth, path := cutPath(auth)
	if path != "" && !validPathAbsolute(path) {
		return false
	}
	if auth == "" {
		return true // the empty opaque-host-and-port string
	}
	host, port, hasPort := cutPort(auth)
	return validOpaqueHostString(host) && (!hasPort || validPortString(port))
}

// scheme-relative-file-URL string: "//", then optionally a valid host
// string with an optional path-absolute-URL string, or a
// path-absolute-URL string.
func validSchemeRelativeFile(s string) bool {
	rest, ok := strings.CutPrefix(s, "//")
	if !ok {
		return false
	}
	host, path := cutPath(rest)
	return (host == "" || validHostString(host)) && (path == "" || validPathAbsolute(path))
}

// cutPath splits an authority from the path-absolute-URL string after it.
func cutPath(s string) (auth, path string) {
	if i := strings.IndexByte(s, '/'); i >= 0 {
		return s[:i], s[i:]
	}
	return s, ""
}

// cutPort splits host and port at the ":" after the host; an IPv6 address
// in brackets has colons of its own.
func cutPort(s string) (host, port string, hasPort bool) {
	from := 0
	if strings.HasPrefix(s, "[") {
		if i := strings.IndexByte(s, ']'); i >= 0 {
			from = i
		}
	}
	if i := strings.IndexByte(s[from:], ':'); i >= 0 {
		return s[:from+i], s[from+i+1:], true
	}
	return s, "", false
}

// URL-port string: empty, or ASCII digits for a 16-bit unsigned integer.
func validPortString(s string) bool {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
		if n = n*10 + int(s[i]-'0'); n > 65535 {
			return false
		}
	}
	return true
}

// path-absolute-URL string: "/" and URL-path-segment strings separated by
// "/". A segment is URL units but "/" and "?".
func validPathAbsolute(s string) bool {
	return strings.HasPrefix(s, "/") && validURLUnits(s, "?")
}

// path-absolute-non-authority-URL string: a path-absolute-URL string that
// does not start with "//".
func validPathAbsoluteNonAuthority(s string) bool {
	return validPathAbsolute(s) && !strings.HasPrefix(s, "//")
}

// path-relative-scheme-less-URL string: segments separated by "/", not
// starting with "/", nor with a URL-scheme string and ":".
func validPathRelativeSchemeLess(s string) bool {
	if strings.HasPrefix(s, "/") || !validURLUnits(s, "?") {
		return false
	}
	if i := strings.IndexByte(s, ':'); i >= 0 && validSchemeString(s[:i]) {
		return false
	}
	return true
}

// opaque-path-URL string: URL units but "?", the first of which is not "/".
func validOpaquePath(s string) bool {
	return !strings.HasPrefix(s, "/") && validURLUnits(s, "?")
}

// valid host string: a valid domain string, a valid IPv4-address string,
// or a valid IPv6-address string in brackets.
func validHostString(s string) bool {
	if v6, ok := strings.CutPrefix(s, "["); ok {
		v6, ok = strings.CutSuffix(v6, "]")
		return ok && validIPv6String(v6)
	}
	return validIPv4String(s) || validDomain(s)
}

// valid domain: the domain parser with beStrict true succeeds, and its
// result does not end in a number.
func validDomain(s string) bool {
	if s == "" {
		return false
	}
	a, err := idna.ToASCII(s, true)
	return err == nil && a != "" && !canonical.EndsInANumber(a)
}

// valid opaque-host string: URL units but the forbidden host code points,
// at least one; or a valid IPv6-address string in brackets.
func validOpaqueHostString(s string) bool {
	if v6, ok := strings.CutPrefix(s, "["); ok {
		v6, ok = strings.CutSuffix(v6, "]")
		return ok && validIPv6String(v6)
	}
	for i := 0; i < len(s); i++ {
		if forbiddenHostClass.has(s[i]) {
			return false
		}
	}
	return s != "" && validURLUnits(s, "")
}

// valid IPv4-address string: four decimal numbers from 0 to 255 without
// leading zeros, separated by ".".
func validIPv4String(s string) bool {
	parts := 0
	for part := range strings.SplitSeq(s, ".") {
		parts++
		if part == "" || len(part) > 3 || len(part) > 1 && part[0] == '0' {
			return false
		}
		n := 0
		for i := 0; i < len(part); i++ {
			if part[i] < '0' || part[i] > '9' {
				return false
			}
			n = n*10 + int(part[i]-'0')
		}
		if n > 255 {
			return false
		}
	}
	return parts == 4
}

// valid IPv6-address string: eight pieces, or pieces and an IPv4 address
// counting for two; or "::" with at most seven around it.
func validIPv6String(s string) bool {
	before, after, compressed := strings.Cut(s, "::")
	if !compressed {
		n, ok := ipv6PiecesLength(s, true)
		return ok && n == 8
	}
	nb, nf := 0, 0
	ok := true
	if before != "" {
		nb, ok = ipv6PiecesLength(before, false)
	}
	if ok && after != "" {
		nf, ok = ipv6PiecesLength(after, true)
	}
	return ok && nb+nf <= 7
}

// ipv6PiecesLength checks a valid IPv6-pieces string or, if withIPv4, a
// valid IPv6-pieces-and-IPv4 string too, and returns its effective piece
// length.
func ipv6PiecesLength(s string, withIPv4 bool) (int, bool) {
	n := 0
	if i := strings.LastIndexByte(s, ':'); withIPv4 && strings.IndexByte(s[i+1:], '.') >= 0 {
		if !validIPv4String(s[i+1:]) {
			return 0, false
		}
		if i < 0 {
			return 2, true // a valid IPv4-address string alone
		}
		s, n = s[:i], 2
	}
	for piece := range strings.SplitSeq(s, ":") {
		if piece == "" || len(piece) > 4 || len(piece) > 1 && piece[0] == '0' {
			return 0, false
		}
		for i := 0; i < len(piece); i++ {
			if !ascii.IsHex(piece[i]) {
				return 0, false
			}
		}
		n++
	}
	return n, true
}

// validURLUnits reports whether s is URL units (URL code points and
// percent-encoded bytes) with none of the code points in except.
func validURLUnits(s, except string) bool {
	for i, r := range s {
		switch {
		case r == '%':
			if !percent.StartsWithByte(s[i:]) {
				return false
			}
		case !isURLCodePoint(r) || r < utf8.RuneSelf && strings.IndexByte(except, byte(r)) >= 0:
			return false
		}
	}
	return true
}
