package weburl

// The fast path: most URLs a crawler meets are already the canonical
// serialization of themselves (href == input), and proving that takes one
// pass over the input with the byte tables, no buffer and no copy. What
// the fast path cannot prove goes to the full parser, which gives the
// same answer (TestFastPathMatchesParser, FuzzFastPath).
//
// It takes:
//   - a special scheme in lower case, "//", a host that is a canonical
//     domain (lower case, no forbidden domain code point, not ending in a
//     number) or a dotted-decimal IPv4 address, an optional canonical port
//     (digits without a leading zero, at most 65535, not the default), and
//     a path that starts with '/', with no byte that the path
//     percent-encode set holds, no '\' and no dot segment;
//   - the same for file URLs, whose host may be empty but not "localhost",
//     and whose first segment is not a Windows drive letter that the
//     parser would change;
//   - a scheme that is not special followed by an opaque path of printable
//     ASCII but space;
//
// then a query and a fragment with no byte that their percent-encode sets
// hold. No credentials, no non-ASCII byte, no leading or trailing C0
// control or space, no tab or newline: the parser would change any of
// these. A base URL changes nothing for such input (it starts with a
// scheme, and a special one with "//"), so the fast path serves parsing
// against a base too; nor does an encoding of the Encoding Standard, all of
// which write ASCII as UTF-8 does. A Parser with a validation-error
// callback always runs the full parser, which reports what it meets.

// fastParse reports whether s is the canonical serialization of a URL
// that the fast path can prove, and if so sets l to its layout.
func fastParse(s string, l *layout) bool {
	// Scheme: lower case, then ':'.
	i := 0
	if len(s) == 0 || len(s) > maxHrefLen || s[0] < 'a' || s[0] > 'z' {
		return false
	}
	for i = 1; i < len(s); i++ {
		c := s[i]
		if c == ':' {
			break
		}
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '+' || c == '-' || c == '.') {
			return false
		}
	}
	if i == len(s) {
		return false
	}
	kind := classifyScheme(s[:i])
	*l = layout{schemeEnd: int32(i), queryStart: -1, fragmentStart: -1, port: -1, scheme: kind}
	i++ // past ':'
	if !kind.special() {
		return fastOpaquePath(s, i, l)
	}
	if len(s) < i+2 || s[i] != '/' || s[i+1] != '/' {
		return false
	}
	i += 2
	l.usernameEnd, l.hostStart = int32(i), int32(i)

	// Host: a canonical domain or IPv4 address, up to ':' or the path.
	for i < len(s) && !fastHostStopClass.has(s[i]) {
		i++
	}
	l.hostEnd = int32(i)
	host := s[l.hostStart:i]
	switch {
	case host == "":
		if kind != schemeFile {
			return false
		}
		l.hostKind = Empty
	case endsInANumber(host):
		if !isCanonicalIPv4(host) {
			return false
		}
		l.hostKind = IPv4
	case kind == schemeFile && host == "localhost":
		return false // the file host state makes it empty
	default:
		l.hostKind = Domain
	}

	// Port: canonical digits, not the scheme's default.
	if i < len(s) && s[i] == ':' {
		if kind == schemeFile {
			return false
		}
		i++
		start := i
		port := 0
		for i < len(s) && '0' <= s[i] && s[i] <= '9' && port <= 65535 {
			port = port*10 + int(s[i]-'0')
			i++
		}
		n := i - start
		if n == 0 || n > 5 || port > 65535 || s[start] == '0' && n > 1 || port == kind.defaultPort() {
			return false
		}
		l.port = int32(port)
	}

	// Path: it must start with '/', which the parser adds otherwise.
	if i == len(s) || s[i] != '/' {
		return false
	}
	l.pathStart = int32(i)
	if kind == schemeFile && fileDriveLetterChanges(s[i+1:], l.hostKind) {
		return false
	}
	for i < len(s) {
		c := s[i]
		if !fastPathStopClass.has(c) {
			i++
			continue
		}
		if c != '/' {
			break
		}
		i++ // a segment starts at i
		if i < len(s) && (s[i] == '.' || s[i] == '%') && isDotSegmentAt(s[i:]) {
			return false
		}
	}
	return fastQueryAndFragment(s, i, SpecialQuerySet, l)
}

// fastOpaquePath proves an opaque path from s[i:] and what follows it.
func fastOpaquePath(s string, i int, l *layout) bool {
	// A null host: the three offsets meet after the ':'.
	at := int32(i)
	l.usernameEnd, l.hostStart, l.hostEnd, l.pathStart = at, at, at, at
	if i < len(s) && s[i] == '/' {
		return false // a path or an authority, for the full parser
	}
	for i < len(s) && !fastOpaquePathStopClass.has(s[i]) {
		i++
	}
	return fastQueryAndFragment(s, i, QuerySet, l)
}

// fastQueryAndFragment proves the query (percent-encoded with querySet)
// and fragment that start at s[i], if any, and sets their offsets.
func fastQueryAndFragment(s string, i int, querySet EncodeSet, l *layout) bool {
	if i < len(s) && s[i] == '?' {
		l.queryStart = int32(i)
		i++
		// The query set holds '#', which ends the query.
		for i < len(s) && !querySet.has(s[i]) {
			i++
		}
	}
	if i < len(s) && s[i] == '#' {
		l.fragmentStart = int32(i)
		i++
		for i < len(s) && !FragmentSet.has(s[i]) {
			i++
		}
	}
	return i == len(s)
}

// isDotSegmentAt reports whether the path segment at the start of s (up to
// '/', '?', '#' or the end) is a single- or double-dot segment, which the
// path state removes.
func isDotSegmentAt(s string) bool {
	end := 0
	for end < len(s) && end <= 6 && s[end] != '/' && s[end] != '?' && s[end] != '#' {
		end++
	}
	seg := s[:end]
	return isSingleDotSegment(seg) || isDoubleDotSegment(seg)
}

// fileDriveLetterChanges reports whether the first segment of a file URL's
// path, path, is a Windows drive letter that the parser would normalize
// ("C|" to "C:"), or one after a host, which the fast path leaves to the
// parser's file states.
func fileDriveLetterChanges(path string, host HostKind) bool {
	if len(path) < 2 || !isASCIIAlpha(rune(path[0])) || path[1] != ':' && path[1] != '|' {
		return false
	}
	if len(path) > 2 && path[2] != '/' && path[2] != '?' && path[2] != '#' {
		return false // longer than a drive letter
	}
	return path[1] == '|' || host != Empty
}

// isCanonicalIPv4 reports whether s is an IPv4 address as the host
// serializer writes it: four decimal numbers up to 255, without leading
// zeros, separated by dots.
func isCanonicalIPv4(s string) bool {
	parts := 0
	for i := 0; i <= len(s); {
		start, n := i, 0
		for i < len(s) && '0' <= s[i] && s[i] <= '9' && n <= 255 {
			n = n*10 + int(s[i]-'0')
			i++
		}
		digits := i - start
		if digits == 0 || digits > 3 || n > 255 || s[start] == '0' && digits > 1 {
			return false
		}
		parts++
		if i == len(s) {
			break
		}
		if s[i] != '.' || parts == 4 {
			return false
		}
		i++
	}
	return parts == 4
}
