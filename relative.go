package weburl

import "strings"

// MakeRelative returns the shortest reference ref for which base.Parse(ref)
// gives exactly target, href for href, and true; "" and false when there is
// none. The reference is one of these forms, tried in this order, and
// among equally short ones the first wins:
//
//  1. "": target is base without its fragment.
//  2. a fragment alone, "#f": target is base with another fragment.
//  3. a query, "?q" (and target's fragment, if any): target has base's
//     path and a query.
//  4. a path relative to base's directory: "c", "../c/d", "." or "..",
//     with "./" in front of a first segment that would otherwise read as
//     a scheme ("./a:b"), as a Windows drive letter in a file URL
//     ("./C|"), or as the start of "//" ("./" before an empty segment).
//  5. a path from the root, "/c", never starting "//" (an empty first
//     segment is written "/.//c", as the URL serializer writes it).
//  6. a scheme-relative reference, "//host/path?q#f", the href without
//     its scheme: target has a host (credentials and port ride along).
//
// Forms 1 to 5 keep base's credentials, host and port; forms 4 and 5 also
// resolve dot segments and, in file URLs, keep base's drive letter, so
// each candidate is checked by resolving it against base, and only one
// that gives target is returned. The result is false when the schemes
// differ, when target has no host and differs from base before its path
// (no relative reference removes a host), and for a base with an opaque
// path ("mailto:x"), against which only a fragment resolves: such a base
// gets "#f" when target is base with another fragment, nothing else. A nil
// or zero URL, as base or target, gives false.
//
// rust-url's make_relative answers a related question and, where it
// answers, can differ: docs/departures.md says where.
func (base *URL) MakeRelative(target *URL) (string, bool) {
	if base == nil || target == nil || base.href == "" || target.href == "" || base.Scheme() != target.Scheme() {
		return "", false
	}
	var cands [6]string
	n := 0
	add := func(ref string) {
		cands[n] = ref
		n++
	}
	baseNoFrag := base.hrefWithoutFragment()
	if target.href == baseNoFrag {
		add("")
	}
	if target.fragmentStart >= 0 && target.hrefWithoutFragment() == baseNoFrag {
		add(target.href[target.fragmentStart:])
	}
	opaque := base.hasOpaquePath()
	if !opaque && target.queryStart >= 0 && target.href[:target.pathEnd()] == base.href[:base.pathEnd()] {
		add(target.href[target.queryStart:])
	}
	tail := target.href[target.pathEnd():] // query and fragment
	if !opaque && !target.hasOpaquePath() && base.href[:base.portEnd()] == target.href[:target.portEnd()] {
		if rel, ok := relativePath(base, target); ok {
			add(rel + tail)
		}
		if p := target.Pathname(); p != "" {
			if strings.HasPrefix(p, "//") {
				p = "/." + p
			}
			add(p + tail)
		}
	}
	if !opaque && target.hostKind != NoHost {
		add(target.href[target.schemeEnd+1:])
	}
	// The shortest first, and the first form among equally short ones: a
	// stable insertion sort of at most six.
	for i := 1; i < n; i++ {
		for j := i; j > 0 && len(cands[j]) < len(cands[j-1]); j-- {
			cands[j], cands[j-1] = cands[j-1], cands[j]
		}
	}
	for _, ref := range cands[:n] {
		if v, err := base.Parse(ref); err == nil && v.href == target.href {
			return ref, true
		}
	}
	return "", false
}

// relativePath returns form 4 of MakeRelative, the path of target relative
// to base's directory, or false when target's path cannot be written so.
// Resolving starts from base's path shortened (its last segment removed:
// that is base's directory), and each ".." shortens it once more; in a
// file URL, shortening leaves a path that is only a drive letter ("C:") as
// it is.
func relativePath(base, target *URL) (string, bool) {
	file := base.scheme == schemeFile
	dir := base.PathSegments()
	if len(dir) > 0 && !(file && len(dir) == 1 && isNormalizedWindowsDriveLetter(dir[0])) {
		dir = dir[:len(dir)-1]
	}
	path := target.PathSegments()
	if len(path) == 0 {
		return "", false // only "//host" resolves to an empty path
	}
	// keep is how many of dir's segments stay: the ones target starts
	// with, but never target's last, since a reference ends in a segment.
	keep := 0
	for keep < len(dir) && keep < len(path)-1 && dir[keep] == path[keep] {
		keep++
	}
	up := len(dir) - keep
	if file && keep == 0 && up > 0 && isNormalizedWindowsDriveLetter(dir[0]) {
		return "", false // ".." never removes the drive letter
	}
	rest := path[keep:]
	var b strings.Builder
	if len(rest) == 1 && rest[0] == "" {
		// An empty last segment: a final ".." or "." gives it.
		if up == 0 {
			return ".", true
		}
		b.WriteString(strings.Repeat("../", up-1))
		b.WriteString("..")
		return b.String(), true
	}
	b.WriteString(strings.Repeat("../", up))
	if up == 0 && needsDotSlash(rest[0], file) {
		b.WriteString("./")
	}
	for i, seg := range rest {
		if i > 0 {
			b.WriteByte('/')
		}
		b.WriteString(seg)
	}
	return b.String(), true
}

// needsDotSlash reports whether seg, as the first segment of a reference,
// would not read as a path segment: the empty segment (the reference would
// start with "/"), a segment whose text before a ':' is a scheme, and in a
// file URL a Windows drive letter, which replaces the path.
func needsDotSlash(seg string, file bool) bool {
	if seg == "" || file && isWindowsDriveLetter(seg) {
		return true
	}
	i := strings.IndexByte(seg, ':')
	return i > 0 && validSchemeString(seg[:i])
}
