package weburl

import (
	"strings"

	"github.com/weburl/weburl/internal/swar"
)

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
//     percent-encode set holds and no dot segment ('\' ends a segment
//     too, and is written '/': fastSlashes, not in file URLs);
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

// A fastEdit says how the href of an input that the fast path takes
// differs from the input: each edit is one the parser provably makes and
// nothing else changes (TestFastPathMatchesParser, FuzzFastPath).
type fastEdit uint8

const (
	// fastLowerScheme: the scheme has ASCII upper case, which the scheme
	// state lowercases.
	fastLowerScheme fastEdit = 1 << iota
	// fastLowerHost: the host, an ASCII domain, has upper case, which the
	// domain to ASCII step lowercases.
	fastLowerHost
	// fastAddSlash: the authority of a special URL ends the input or is
	// followed by '?' or '#': the path start state gives the path "/",
	// which is inserted at the layout's pathStart.
	fastAddSlash
	// fastSlashes: the path of a special URL other than file has '\',
	// which the path state reads as '/' and writes as '/'.
	fastSlashes
	// fastNo: the fast path does not take the input.
	fastNo fastEdit = 0xFF
)

// fastParse reports whether s is the canonical serialization of a URL
// that the fast path can prove, and if so sets l to its layout.
func fastParse(s string, l *layout) bool {
	return fastScan(s, l) == 0
}

// fastScan reports whether the fast path takes s, and the edits that make
// s the href, which l, the layout, describes.
func fastScan(s string, l *layout) fastEdit { return fastScanResume(s, l, nil) }

// fastScanResume is fastScan that, when it does not take s but took its
// scheme and authority, sets r (if not nil) to where the full parser can
// resume (resume.go).
func fastScanResume(s string, l *layout, r *resumePoint) fastEdit {
	if len(s)+3 > maxHrefLen { // fits: the slash, and the 2 bytes finish may add
		return fastNo
	}
	var edit fastEdit
	i, kind := commonScheme(s)
	if kind == schemeOther {
		// Scheme: ASCII alphanumerics and + - ., starting with a
		// letter, then ':'.
		if len(s) == 0 || !isASCIIAlpha(rune(s[0])) {
			return fastNo
		}
		for ; i < len(s); i++ {
			c := s[i]
			if 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '+' || c == '-' || c == '.' {
				continue
			}
			if 'A' <= c && c <= 'Z' {
				edit = fastLowerScheme
				continue
			}
			if c != ':' {
				return fastNo
			}
			break
		}
		if i == len(s) {
			return fastNo
		}
		if edit == 0 {
			kind = classifyScheme(s[:i])
		} else if i <= 5 { // the longest special scheme
			var b [5]byte
			kind = classifyScheme(string(swar.AppendLower(b[:0], s[:i])))
		}
		l.schemeEnd, l.queryStart, l.fragmentStart, l.scheme = int32(i), -1, -1, kind
		i++ // past ':'
		if !kind.special() {
			l.hostKind = NoHost
			if j := fastOpaquePath(s, i, l); j != len(s) {
				return r.stopAfter(opaquePathState, j, edit, l)
			}
			return edit
		}
		if len(s) < i+2 || s[i] != '/' || s[i+1] != '/' {
			return fastNo
		}
		i += 2
	} else {
		// commonScheme saw "://".
		l.schemeEnd, l.queryStart, l.fragmentStart, l.scheme = int32(i), -1, -1, kind
		i += 3
	}
	hostStart := i
	l.usernameEnd, l.hostStart = int32(i), int32(i)

	// Host: an ASCII domain or a canonical IPv4 address, up to ':' or the
	// path.
	i = scanFastHost(s, i)
	mayHaveUpper := false
	if i < len(s) && s[i] != '/' && s[i] != ':' && s[i] != '?' && s[i] != '#' {
		// Not the end of the host, nor of a domain of [a-z0-9.-]:
		// the byte tables decide.
		i = indexClass(s, i, fastHostStopClass)
		mayHaveUpper = true
	}
	l.hostEnd = int32(i)
	host := s[hostStart:i]
	switch {
	case host == "":
		if kind != schemeFile {
			return fastNo
		}
		l.hostKind = Empty
	case mayEndInANumber(host) && endsInANumber(host):
		if !isCanonicalIPv4(host) {
			return fastNo
		}
		l.hostKind = IPv4
	case kind == schemeFile && len(host) == len("localhost") && strings.EqualFold(host, "localhost"):
		return fastNo // the file host state makes it empty
	default:
		l.hostKind = Domain
		if mayHaveUpper && swar.HasUpper(host) {
			edit |= fastLowerHost
		}
	}

	// Port: canonical digits, not the scheme's default.
	if i < len(s) && s[i] == ':' {
		if kind == schemeFile {
			return fastNo
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
			return fastNo
		}
	}

	// Path: it starts with '/'; the path start state gives "/" when the
	// authority is followed by the end, '?' or '#'.
	l.pathStart = int32(i)
	if i == len(s) || s[i] == '?' || s[i] == '#' {
		edit |= fastAddSlash
	} else if s[i] != '/' {
		return r.stop(s[i] == '\\', pathStartState, i, edit)
	} else if kind == schemeFile && fileDriveLetterChanges(s[i+1:], l.hostKind) {
		return r.stop(true, pathStartState, i, edit)
	}
	if j := scanFastPath(s, i); j >= 0 {
		i = j
	} else if j == -2 && kind != schemeFile {
		if i = scanSlashesPath(s, int(l.pathStart)); i < 0 {
			return r.stopInPath(s, l, edit)
		}
		edit |= fastSlashes
	} else {
		return r.stopInPath(s, l, edit)
	}
	if j := fastQueryAndFragment(s, i, SpecialQuerySet, l); j != len(s) {
		switch {
		case edit&fastAddSlash != 0:
			return r.stop(true, pathStartState, int(l.pathStart), edit)
		case edit&fastSlashes != 0:
			return r.stopInPath(s, l, edit) // at the first '\', which the prefix must not hold
		}
		return r.stopAfter(pathState, j, edit, l)
	}
	if edit&fastAddSlash != 0 {
		if l.queryStart >= 0 {
			l.queryStart++
		}
		if l.fragmentStart >= 0 {
			l.fragmentStart++
		}
	}
	return edit
}

// mayEndInANumber is false for most hosts that do not end in a number, and
// true for those that do: its last byte is neither a digit, nor a hex
// digit, nor 'x', nor the dot after them. host is not empty.
func mayEndInANumber(host string) bool {
	c := host[len(host)-1] | 0x20
	return c <= '9' || 'a' <= c && c <= 'f' || c == 'x'
}

// scanDomain is scanFastHost for [a-zA-Z0-9.-], for CanParse, to which
// upper case makes no difference.
func scanDomain(s string, i int) int {
	for ; i+8 <= len(s); i += 8 {
		if m := swar.DomainStops(swar.Load64(s, i)); m != 0 {
			return i + swar.FirstByte(m)
		}
	}
	if i < len(s) {
		return i + swar.FirstByte(swar.DomainStops(swar.LoadPadded(s, i)))
	}
	return len(s)
}

// scanFastHost returns the index of the first byte of s at or after i
// that is not in [a-z0-9.-], or len(s).
func scanFastHost(s string, i int) int {
	for ; i+8 <= len(s); i += 8 {
		if m := swar.HostStops(swar.Load64(s, i)); m != 0 {
			return i + swar.FirstByte(m)
		}
	}
	if i < len(s) {
		// At most len(s): the padding stops.
		return i + swar.FirstByte(swar.HostStops(swar.LoadPadded(s, i)))
	}
	return len(s)
}

// scanFastPath returns the end of the path of a special URL that starts
// at s[i], the first '?' or '#' or len(s), or -1 when a byte of the path
// is in fastPathStopClass or a segment is a dot segment, which the path
// state would change; or -2 at a '\' before anything that gives -1,
// for scanSlashesPath.
func scanFastPath(s string, i int) int {
	// Words without a stop, nor a '.' or '%' after a '/'.
	var prev uint64
	for ; i+8 <= len(s); i += 8 {
		x := swar.Load64(s, i)
		pairs, next := swarDotPairs(x, prev)
		if swarPathStops(x)|pairs != 0 {
			return scanFastPathFrom(s, i, prev)
		}
		prev = next
	}
	if i == len(s) {
		return i
	}
	// The last bytes, padded: the padding stops the path at the end.
	x := swar.LoadPadded(s, i)
	if pairs, _ := swarDotPairs(x, prev); pairs == 0 && i+swar.FirstByte(swarPathStops(x)) == len(s) {
		return len(s)
	}
	return scanFastPathFrom(s, i, prev)
}

// scanFastPathFrom is scanFastPath from s[i], a word that holds a stop or
// a dot-segment candidate; prev is s[i-1], or 0 when it does not
// matter (not '/').
func scanFastPathFrom(s string, i int, prev uint64) int {
	for i < len(s) {
		var x uint64
		if i+8 <= len(s) {
			x = swar.Load64(s, i)
		} else {
			x = swar.LoadPadded(s, i)
		}
		stops := swarPathStops(x)
		pairs, next := swarDotPairs(x, prev)
		if stops|pairs == 0 {
			i, prev = i+8, next
			continue
		}
		n := swar.FirstByte(stops) // 8 when there is none
		for pairs &= 1<<(8*n) - 1; pairs != 0; pairs &= pairs - 1 {
			if isDotSegmentAt(s[i+swar.FirstByte(pairs):]) {
				return -1
			}
		}
		if stops == 0 {
			i, prev = i+8, next
			continue
		}
		if i += n; i >= len(s) {
			break
		}
		switch c := s[i]; {
		case c == '?' || c == '#':
			return i
		case c == '\\':
			return -2
		case fastPathStopClass.has(c):
			return -1
		}
		i, prev = i+1, 0 // after '!', '=', '@', '[', ']' or '|', which the path keeps
	}
	return len(s)
}

// scanSlashesPath is scanFastPath for a path that starts with '/' at
// s[i] and holds '\', which the path state of a special URL reads as
// '/': it returns the end of the path, or -1 at a byte the path state
// changes (but '\') or at a dot segment, '\' ending a segment as '/'
// does. It is for the few URLs that have one and goes byte by byte.
func scanSlashesPath(s string, i int) int {
	start := i + 1 // the first segment's
	for i = start; i < len(s); i++ {
		switch c := s[i]; {
		case c == '/' || c == '\\':
			if seg := s[start:i]; isSingleDotSegment(seg) || isDoubleDotSegment(seg) {
				return -1
			}
			start = i + 1
			continue
		case c == '?' || c == '#':
		case fastPathStopClass.has(c):
			return -1
		default:
			continue
		}
		break
	}
	if seg := s[start:i]; isSingleDotSegment(seg) || isDoubleDotSegment(seg) {
		return -1
	}
	return i
}

// fastURL returns the URL of input and true when the fast path takes it:
// one allocation, of the URL alone when the href is the input. Otherwise
// l and r are where fastScanResume left them, for parseFrom.
func fastURL(input string, l *layout, r *resumePoint) (*URL, bool) {
	if e := fastScanResume(input, l, r); e == 0 {
		return &URL{href: input, layout: *l}, true
	} else if e != fastNo {
		return fastEditedURL(input, e, l), true
	}
	return nil, false
}

// fastEditedURL is fastURL for an input that fastScan took with edit e.
func fastEditedURL(input string, e fastEdit, l *layout) *URL {
	u, b := newURLWithHref(fastHrefLen(input, e))
	b = applyFastEdit(b, input, e, l)
	u.href, u.layout = bytesAsString(b), *l
	return u
}

// commonScheme returns the index of the ':' and the kind of the schemes
// of most URLs, https, http and file followed by "//", each prefix
// compared as one word; or 0 and schemeOther.
func commonScheme(s string) (int, schemeKind) {
	switch {
	case len(s) >= 8 && s[:8] == "https://":
		return 5, schemeHTTPS
	case len(s) >= 7 && s[:7] == "http://":
		return 4, schemeHTTP
	case len(s) >= 7 && s[:7] == "file://":
		return 4, schemeFile
	}
	return 0, schemeOther
}

// applyFastEdit writes into dst the href of s, an input that fastScan
// took with edit and l.
func applyFastEdit(dst []byte, s string, edit fastEdit, l *layout) []byte {
	if edit&fastLowerScheme != 0 {
		dst = swar.AppendLower(dst, s[:l.schemeEnd])
	} else {
		dst = append(dst, s[:l.schemeEnd]...)
	}
	rest := s[l.schemeEnd:]
	if edit&fastLowerHost != 0 {
		dst = append(dst, s[l.schemeEnd:l.hostStart]...)
		dst = swar.AppendLower(dst, s[l.hostStart:l.hostEnd])
		rest = s[l.hostEnd:]
	}
	if edit&fastAddSlash != 0 {
		n := int(l.pathStart) - (len(s) - len(rest))
		dst = append(dst, rest[:n]...)
		dst = append(dst, '/')
		rest = rest[n:]
	}
	if edit&fastSlashes != 0 {
		// The path, from the layout's pathStart (no slash was added:
		// the path is not empty).
		n := int(l.pathStart) - (len(s) - len(rest))
		dst = append(dst, rest[:n]...)
		end := len(s)
		if l.queryStart >= 0 {
			end = int(l.queryStart)
		} else if l.fragmentStart >= 0 {
			end = int(l.fragmentStart)
		}
		for _, c := range []byte(s[l.pathStart:end]) {
			if c == '\\' {
				c = '/'
			}
			dst = append(dst, c)
		}
		rest = s[end:]
	}
	return append(dst, rest...)
}

// fastHrefLen is the length of the href applyFastEdit writes.
func fastHrefLen(s string, edit fastEdit) int {
	if edit&fastAddSlash != 0 {
		return len(s) + 1
	}
	return len(s)
}

// fastOpaquePath proves an opaque path from s[i:] and what follows it:
// it returns len(s), or where the proof stopped, or -1 for a '/'.
func fastOpaquePath(s string, i int, l *layout) int {
	// A null host: the three offsets meet after the ':'.
	at := int32(i)
	l.usernameEnd, l.hostStart, l.hostEnd, l.pathStart = at, at, at, at
	if i < len(s) && s[i] == '/' {
		return -1 // a path or an authority, for the full parser
	}
	i = indexClass(s, i, fastOpaquePathStopClass)
	return fastQueryAndFragment(s, i, QuerySet, l)
}

// fastQueryAndFragment proves the query (percent-encoded with querySet)
// and fragment that start at s[i], if any, and sets their offsets. It
// returns len(s), or the first byte it does not take.
func fastQueryAndFragment(s string, i int, querySet EncodeSet, l *layout) int {
	if i < len(s) && s[i] == '?' {
		l.queryStart = int32(i)
		i++
		// The query set holds '#', which ends the query.
		i = indexClass(s, i, charClass(querySet))
	}
	if i < len(s) && s[i] == '#' {
		l.fragmentStart = int32(i)
		i++
		i = indexClass(s, i, charClass(FragmentSet))
	}
	return i
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

// canParseFast reports whether the parser surely accepts s, from its scheme
// and authority alone: false means that the full parser must decide. It
// takes a scheme (any case) and then
//   - for a URL that is not special, anything but "//" (an authority),
//     which the opaque path or path states take without failure;
//   - for file, a host as below or none, or no "//";
//   - for the other special schemes, after any '/' and '\', an ASCII
//     domain that the host parser accepts and an optional port of at most
//     5 digits up to 65535, ending the input or followed by '/', '\', '?'
//     or '#';
//
// none of it holding a tab or newline, which the parser would remove, or
// a leading C0 control or space. The path, query and fragment states never
// fail, so the rest is not read, but for the href's length: every byte
// of it gives at most maxExpansion bytes.
func canParseFast(s string) bool {
	if len(s) == 0 || len(s) > (maxHrefLen-64)/maxExpansion || !isASCIIAlpha(rune(s[0])) {
		return false
	}
	i, kind := commonScheme(s)
	if kind == schemeOther {
		i = 1
		for i < len(s) && isSchemeCodePoint(rune(s[i])) {
			i++
		}
		if i == len(s) || s[i] != ':' {
			return false
		}
	}
	if kind == schemeOther && i <= 5 { // the longest special scheme
		var b [5]byte
		kind = classifyScheme(string(swar.AppendLower(b[:0], s[:i])))
	}
	i++ // past ':'
	rest := s[i:]
	isSlash := func(j int) bool { return j < len(rest) && (rest[j] == '/' || kind.special() && rest[j] == '\\') }
	isTabOrNewline := func(j int) bool {
		return j < len(rest) && (rest[j] == '\t' || rest[j] == '\n' || rest[j] == '\r')
	}
	switch {
	case isTabOrNewline(0) || isTabOrNewline(1):
		return false // which the parser would remove before reading
	case kind == schemeOther || kind == schemeFile:
		if !isSlash(0) || !isSlash(1) {
			return true // a path or an opaque path
		}
		if kind == schemeOther {
			return false // an opaque host, for the parser
		}
		i += 2
	default:
		for i < len(s) && (s[i] == '/' || s[i] == '\\') {
			i++
		}
	}
	// The host, then the port, up to the end of the authority.
	start := i
	if i = scanDomain(s, i); i < len(s) && !specialAuthorityEndClass.has(s[i]) && s[i] != ':' {
		i = indexClass(s, i, fastHostStopClass) // a byte of a domain outside [a-zA-Z0-9.-]
	}
	host := s[start:i]
	switch {
	case host == "":
		if kind != schemeFile {
			return false // host-missing, or a byte to look at
		}
	case mayEndInANumber(host) && endsInANumber(host) && !isCanonicalIPv4(host):
		return false // an IPv4 address for the parser
	}
	if i < len(s) && s[i] == ':' && kind != schemeFile {
		i++
		start, port := i, 0
		for i < len(s) && i-start < 5 && '0' <= s[i] && s[i] <= '9' {
			port = port*10 + int(s[i]-'0')
			i++
		}
		if port > 65535 || i < len(s) && '0' <= s[i] && s[i] <= '9' {
			return false
		}
	}
	return i == len(s) || specialAuthorityEndClass.has(s[i])
}
