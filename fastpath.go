package weburl

import (
	"strings"

	"github.com/weburl/weburl/internal/canonical"
	"github.com/weburl/weburl/internal/swar"
	"github.com/weburl/weburl/internal/urlpath"
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
)

// A fastResult is what fastScan found in an input: whether it took it
// (took), with which edits, and the layout of the href; or, where it did
// not take it but took its scheme and authority, where the full parser
// resumes (resume.go).
type fastResult struct {
	layout
	took   bool
	edit   fastEdit
	resume resumePoint
}

// scan is the fast path's one pass over s, into f, which is zero: a
// component at a time, the scheme, then an opaque path (takeOpaquePath),
// or an authority and a path (takePath). The scheme and the authority
// are taken here, in the one function most URLs spend their time in.
func (f *fastResult) scan(s string) {
	if len(s)+3 > maxHrefLen { // fits: the slash, and the 2 bytes finish may add
		return
	}
	// Scheme: the schemes of most URLs take one compare (commonScheme),
	// any other ASCII alphanumerics and + - ., starting with a letter,
	// then ':'; a special scheme is followed by "//".
	i, kind, upper := commonScheme(s)
	if kind == schemeOther {
		if i = f.takeOtherScheme(s); i < 0 {
			return
		}
		if !f.scheme.special() {
			f.takeOpaquePath(s, i)
			return
		}
	} else {
		f.schemeEnd, f.queryStart, f.fragmentStart, f.scheme = int32(i), -1, -1, kind
		if upper {
			f.edit = fastLowerScheme
		}
		i += 3 // past "://"
	}

	// Authority: a host that is an ASCII domain or a canonical IPv4
	// address (or none, in a file URL), and a canonical port that is not
	// the scheme's default.
	start := i
	f.usernameEnd, f.hostStart = int32(i), int32(i)
	i, upper = scanFastHost(s, i)
	f.hostEnd = int32(i)
	switch host := s[start:i]; {
	case host == "":
		if f.scheme != schemeFile {
			return
		}
		f.hostKind = Empty
	case canonical.MayEndInANumber(host) && canonical.EndsInANumber(host):
		if !canonical.IsCanonicalIPv4(host) {
			return
		}
		f.hostKind = IPv4
	case f.scheme == schemeFile && len(host) == len("localhost") && strings.EqualFold(host, "localhost"):
		return // the file host state makes it empty
	default:
		f.hostKind = Domain
		if upper {
			f.edit |= fastLowerHost
		}
	}
	if i < len(s) && s[i] == ':' {
		if f.scheme == schemeFile {
			return
		}
		end, port := canonical.ScanPort(s, i+1)
		if !canonical.CanonicalPort(s[i+1:end], port, f.scheme.defaultPort()) {
			return
		}
		i = end
	}
	f.takePath(s, i)
}

// takeOtherScheme takes a scheme that commonScheme does not know, its ':'
// and, for a special scheme, the "//" after it: the index after them, or
// -1.
func (f *fastResult) takeOtherScheme(s string) int {
	if len(s) == 0 || !isASCIIAlpha(rune(s[0])) {
		return -1
	}
	i, upper := scanScheme(s, 0)
	if i == len(s) || s[i] != ':' {
		return -1
	}
	kind := classifyScheme(s[:i])
	if upper {
		f.edit = fastLowerScheme
		kind = classifySchemeFold(s[:i])
	}
	f.schemeEnd, f.queryStart, f.fragmentStart, f.scheme = int32(i), -1, -1, kind
	switch {
	case !kind.special():
		return i + 1
	case !strings.HasPrefix(s[i+1:], "//"):
		return -1
	}
	return i + 3
}

// takePath takes the path of a special URL that starts at s[i], then its
// query and fragment. The path starts with '/'; the path start state
// gives "/" when the authority is followed by the end, '?' or '#'.
func (f *fastResult) takePath(s string, i int) {
	f.pathStart = int32(i)
	switch {
	case i == len(s) || s[i] == '?' || s[i] == '#':
		f.edit |= fastAddSlash
	case s[i] != '/':
		f.stop(s[i] == '\\', pathStartState, i)
		return
	case f.scheme == schemeFile && fileDriveLetterChanges(s[i+1:], f.hostKind):
		f.stop(true, pathStartState, i)
		return
	}
	if j := scanFastPath(s, i); j >= 0 {
		i = j
	} else if j == -2 && f.scheme != schemeFile {
		if i = scanSlashesPath(s, int(f.pathStart)); i < 0 {
			f.stopInPath(s)
			return
		}
		f.edit |= fastSlashes
	} else {
		f.stopInPath(s)
		return
	}
	// Most paths end the input; the others have a query or a fragment.
	if i < len(s) {
		if j := fastQueryAndFragment(s, i, SpecialQuerySet, &f.layout); j != len(s) {
			switch {
			case f.edit&fastAddSlash != 0:
				f.stop(true, pathStartState, int(f.pathStart))
			case f.edit&fastSlashes != 0:
				f.stopInPath(s) // at the first '\', which the prefix must not hold
			default:
				f.stopAfter(pathState, j)
			}
			return
		}
	}
	if f.edit&fastAddSlash != 0 {
		if f.queryStart >= 0 {
			f.queryStart++
		}
		if f.fragmentStart >= 0 {
			f.fragmentStart++
		}
	}
	f.took = true
}

// takeOpaquePath takes an opaque path that starts at s[i], and what
// follows it, after a scheme that is not special.
func (f *fastResult) takeOpaquePath(s string, i int) {
	f.hostKind = NoHost
	// A null host: the three offsets meet after the ':'.
	at := int32(i)
	f.usernameEnd, f.hostStart, f.hostEnd, f.pathStart = at, at, at, at
	if i < len(s) && s[i] == '/' {
		return // a path or an authority, for the full parser
	}
	i = indexClass(s, i, fastOpaquePathStopClass)
	if j := fastQueryAndFragment(s, i, QuerySet, &f.layout); j != len(s) {
		f.stopAfter(opaquePathState, j)
		return
	}
	f.took = true
}

// classifySchemeFold is classifyScheme for a scheme with ASCII upper case.
func classifySchemeFold(scheme string) schemeKind {
	if len(scheme) > 5 { // the longest special scheme
		return schemeOther
	}
	var b [5]byte
	return classifyScheme(string(swar.AppendLower(b[:0], scheme)))
}

// scanFastHost returns the end of the host that starts at s[i], for the
// fast path and CanParse: the first byte of fastHostStopClass (a byte no
// ASCII domain holds), and whether the host has ASCII upper case. Most
// hosts are [a-z0-9.-], eight bytes a step; from an upper-case letter on
// the test is [a-zA-Z0-9.-], and a byte outside it that is not a stop
// ('_', '~') sends the rest to the byte table.
func scanFastHost(s string, i int) (int, bool) {
	end := canonical.IndexHostStop(s, i, 0)
	if end == len(s) || fastHostStopClass.has(s[end]) {
		return end, false
	}
	if 'A' <= s[end] && s[end] <= 'Z' {
		end = canonical.IndexHostStop(s, end, swar.Ones*0x20)
	}
	if end < len(s) && !fastHostStopClass.has(s[end]) {
		end = indexClass(s, end, fastHostStopClass)
	}
	return end, swar.HasUpper(s[i:end])
}

// scanFastPath returns the end of the path of a special URL that starts
// at s[i] (a '/'), the first '?' or '#' or len(s), or -1 when a byte of
// the path is in fastPathStopClass or a segment is a dot segment, which
// the path state would change; or -2 at a '\' before anything that gives
// -1, for scanSlashesPath. It looks up eight bytes a step in the byte
// table, with one test a word (pathWordStops), so that the '.' of most
// file names is no branch of its own.
func scanFastPath(s string, i int) int {
	for ; i+8 <= len(s); i += 8 {
		x := swar.Load64(s, i)
		// pathWordStops needs a byte of fastPathScanClass: the AND
		// first lets most words of a long path go on with one test.
		if c := wordClasses(x); c&uint32(fastPathScanClass) != 0 && pathWordStops(c) {
			if j, done := pathWord(s, i, 8, x, c); done {
				return j
			}
		}
	}
	if i < len(s) {
		x := tailWord(s, i)
		c := wordClasses(x)
		if i > 0 {
			// A dot segment at the start of the last bytes may end the
			// input, after a '/' in the word before.
			c |= charClasses[s[i-1]] & uint32(slashClass)
		}
		if pathWordStops(c) {
			if j, done := pathWord(s, i, len(s)-i, x, c); done {
				return j
			}
		}
	}
	return len(s)
}

// pathWordStops reports whether a word of a path, whose bytes' classes are
// c, needs pathWord's closer look: it holds a stop, or a byte that a dot
// segment starts with and a '/' (slashClass is the bit after
// dotStartClass). A dot segment that starts a word of eight bytes ends in
// it, at a '/' or at a stop, so the '/' before it, in the word before, need
// not be looked at here; the last bytes of the input are the exception,
// which scanFastPath adds.
func pathWordStops(c uint32) bool {
	return c&uint32(fastPathStopClass)|(c&uint32(dotStartClass))<<1&c != 0
}

// pathWord is scanFastPath's closer look at x, the word of the n bytes at
// s[i] (tailWord's where n < 8), whose bytes' classes are c: it gives
// scanFastPath's result when the word decides it, or false. A '.' or '%'
// ends the path's fast scan only where a dot segment starts
// (dotCandidates, dotSegmentAt) before the word's first stop; the word
// may start one only when it also holds a '/', or the byte before it is
// one (slashClass is the bit after dotStartClass).
func pathWord(s string, i, n int, x uint64, c uint32) (int, bool) {
	stop := n
	if c&uint32(fastPathStopClass) != 0 {
		stop = 0
		for !fastPathStopClass.has(s[i+stop]) {
			stop++
		}
	}
	if i > 0 {
		c |= charClasses[s[i-1]] & uint32(slashClass)
	}
	if (c&uint32(dotStartClass))<<1&c != 0 { // a '.' or '%', and a '/' in the word or before it
		for d := dotCandidates(s, i, x) & (1<<(8*uint(stop)) - 1); d != 0; d &= d - 1 {
			if dotSegmentAt(s, i+swar.FirstByte(d)) {
				return -1, true
			}
		}
	}
	switch {
	case stop == n:
		return 0, false
	case s[i+stop] == '?' || s[i+stop] == '#':
		return i + stop, true
	case s[i+stop] == '\\':
		return -2, true
	}
	return -1, true
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
			if seg := s[start:i]; urlpath.IsDot(seg) {
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
	if seg := s[start:i]; urlpath.IsDot(seg) {
		return -1
	}
	return i
}

// output is the fast path's way out: the URL of input, which fastScan
// took, written into u (SetHref's) or into a new URL when u is nil. An
// input that is its own href is kept, with no copy; an edited one gets
// its href in the URL's allocation (newHref).
func (f *fastResult) output(u *URL, input string) *URL {
	if f.edit == 0 {
		if u == nil {
			u = new(URL)
		}
		u.href, u.layout = input, f.layout
		return u
	}
	u, b := newHref(u, fastHrefLen(input, f.edit))
	b = applyFastEdit(b, input, f.edit, &f.layout)
	u.href, u.layout = bytesAsString(b), f.layout
	return u
}

// commonScheme returns the index of the ':' and the kind of the schemes
// of most URLs, https, http and file followed by "//", in either case,
// and whether the scheme has upper case; or 0 and schemeOther. The eight
// bytes of the prefix are one word, compared with the letters' case bit
// (0x20) set: what the scheme state lowercases.
func commonScheme(s string) (int, schemeKind, bool) {
	const (
		https = 'h' | 't'<<8 | 't'<<16 | 'p'<<24 | 's'<<32 | ':'<<40 | '/'<<48 | '/'<<56
		http  = 'h' | 't'<<8 | 't'<<16 | 'p'<<24 | ':'<<32 | '/'<<40 | '/'<<48
		file  = 'f' | 'i'<<8 | 'l'<<16 | 'e'<<24 | ':'<<32 | '/'<<40 | '/'<<48
		case5 = 0x20_20_20_20_20 // the case bits of five letters
		case4 = 0x20_20_20_20
		seven = 1<<56 - 1 // the seven bytes of "http://"
	)
	if len(s) < 8 {
		return 0, schemeOther, false
	}
	x := swar.Load64(s, 0)
	switch y := x & seven; {
	case x|case5 == https:
		return 5, schemeHTTPS, x != https
	case y|case4 == http:
		return 4, schemeHTTP, y != http
	case y|case4 == file:
		return 4, schemeFile, y != file
	}
	return 0, schemeOther, false
}

// applyFastEdit writes into dst the href of s, an input that fastScan
// took with edit and l.
func applyFastEdit(dst []byte, s string, edit fastEdit, l *layout) []byte {
	rest := s
	if edit&(fastLowerScheme|fastLowerHost) != 0 {
		// The scheme and the host in one pass, with what is between
		// them (":", "//"; the fast path takes no credentials), which
		// lowering leaves as it is.
		dst = swar.AppendLower(dst, s[:l.hostEnd])
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
	if len(s)*maxExpansion > maxHrefLen-64 {
		return false
	}
	i, kind, _ := commonScheme(s)
	if kind == schemeOther {
		if i = canParseScheme(s); i <= 0 {
			return i == 0
		}
		kind = classifySchemeFold(s[:i-1])
	} else if kind == schemeFile {
		i++ // past ':'; the "//" after it is read below
	} else {
		i += 3 // past "://"
	}
	switch kind {
	case schemeOther, schemeFile:
		isSlash := func(j int) bool { return j < len(s) && (s[j] == '/' || kind == schemeFile && s[j] == '\\') }
		if !isSlash(i) || !isSlash(i+1) {
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
	i, _ = scanFastHost(s, i)
	switch host := s[start:i]; {
	case host == "":
		if kind != schemeFile {
			return false // host-missing, or a byte to look at
		}
	case canonical.MayEndInANumber(host) && canonical.EndsInANumber(host) && !canonical.IsCanonicalIPv4(host):
		return false // an IPv4 address for the parser
	}
	if i < len(s) && s[i] == ':' && kind != schemeFile {
		var port int
		if i, port = canonical.ScanPort(s, i+1); port > 65535 {
			return false
		}
	}
	return i == len(s) || specialAuthorityEndClass.has(s[i])
}

// canParseScheme is canParseFast's scheme that commonScheme does not
// know: the index after its ':', or 0 when what follows cannot fail (a
// scheme and then a path), or -1 when the parser must decide. A tab or
// newline in the two bytes after the ':' is for the parser, which
// removes it before it reads them.
func canParseScheme(s string) int {
	if len(s) == 0 || !isASCIIAlpha(rune(s[0])) {
		return -1
	}
	i, _ := scanScheme(s, 1)
	if i == len(s) || s[i] != ':' {
		return -1
	}
	for _, c := range []byte(s[i+1 : min(i+3, len(s))]) {
		if c == '\t' || c == '\n' || c == '\r' {
			return -1
		}
	}
	return i + 1
}
