package weburl

import "strings"

// AppendPathSegments adds each of segments to the end of u's path as
// exactly one segment, whatever it holds. Each is UTF-8 percent-encoded with
// the path percent-encode set and with what would end or split a segment,
// '/', '%', and in a special URL '\' ('?' and '#' are in the set), so
// "a/b" becomes "a%2Fb" and "100%" becomes "100%25"; invalid UTF-8 becomes
// U+FFFD, as everywhere in weburl. PathSegments and PopPathSegment give the
// encoded segment; PercentDecode gives the text back.
//
// An empty last segment is replaced, not kept, as JoinPath replaces it:
// "https://h/a/" with "b" appended is "https://h/a/b", not
// "https://h/a//b", and the root "https://h/" with "a" appended is
// "https://h/a"; an empty path ("sc://h") gets a first segment. Only the
// last empty segment goes: "https://h/a//" with "b" is "https://h/a//b". In a file URL, a first
// segment that is a Windows drive letter with '|' ("C|") has the '|'
// percent-encoded, since the path parser would make it "C:".
//
// A segment "." or ".." is an error, and nothing is appended: the path
// parser removes a dot segment in every spelling ("%2e" and "%2E" are dot
// segments too), so no path can hold one. A URL with an opaque path
// ("mailto:x"), the zero URL and a nil *URL are errors too. The error is an
// *Error; u is unchanged when it fails. The query and fragment stay.
func (u *URL) AppendPathSegments(segments ...string) error {
	const op = "append path segments"
	switch {
	case u == nil:
		return &Error{Op: op, Err: ErrNilURL}
	case u.href == "":
		return &Error{Op: op, Err: ErrZeroURL}
	case u.hasOpaquePath():
		return &Error{Op: op, Input: u.href, Err: ErrOpaquePath}
	}
	for _, s := range segments {
		if s == "." || s == ".." {
			return &Error{Op: op, Input: s, Err: ErrDotSegment}
		}
	}
	if len(segments) == 0 {
		return nil
	}
	path := strings.TrimSuffix(u.Pathname(), "/") // an empty last segment is replaced
	n := len(path)
	for _, s := range segments {
		n += 1 + len(s)
	}
	b := make([]byte, 0, n+n/4)
	b = append(b, path...)
	special, file := u.IsSpecial(), u.scheme == schemeFile
	for _, s := range segments {
		b = append(b, '/')
		if file && len(b) == 1 && isWindowsDriveLetter(s) && s[1] == '|' {
			b = append(b, s[0], '%', '7', 'C')
			continue
		}
		b = appendSegment(b, s, special)
	}
	// The setter reads the path as the parser does: each segment is
	// already as it would write it, so the path comes out as built.
	return u.SetPathname(string(b))
}

// appendSegment appends s percent-encoded as one path segment: with the
// path percent-encode set, and '/', '%' and, in a special URL, '\'. A cut
// at an ASCII byte never splits a UTF-8 sequence, so the pieces encode as
// the whole would.
func appendSegment(dst []byte, s string, special bool) []byte {
	start := 0
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '/' || c == '%' || c == '\\' && special {
			dst = appendEncoded(dst, s[start:i], PathSet)
			dst = appendPercentByte(dst, c)
			start = i + 1
		}
	}
	return appendEncoded(dst, s[start:], PathSet)
}

// PopPathSegment removes the last segment of u's path and returns it as it
// was in the href, still percent-encoded, and true. Popping the only
// segment leaves the root, "/" ("https://h/a" becomes "https://h/"). The
// root, like an empty path, counts as no segment, as AppendPathSegments
// counts it: it gives "" and false, as do an opaque path, the zero URL and
// a nil *URL, and u is unchanged. So a pop undoes an append of a segment
// that encodes to something, and "https://h/" with "" appended stays
// "https://h/", with nothing to pop. The query and fragment stay.
func (u *URL) PopPathSegment() (string, bool) {
	if u == nil || u.href == "" || u.hasOpaquePath() {
		return "", false
	}
	path := u.Pathname()
	if path == "" || path == "/" {
		return "", false
	}
	i := strings.LastIndexByte(path, '/')
	seg, rest := path[i+1:], path[:i]
	if rest == "" {
		rest = "/"
	}
	if u.SetPathname(rest) != nil {
		return "", false // a shorter href always fits: not reached
	}
	return seg, true
}
