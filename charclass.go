package weburl

//go:generate go run gen_charclass.go

// An EncodeSet is one of the URL Standard's percent-encode sets: the code
// points that percent-encoding writes as %XX. Every code point above
// U+007E (~) is in every set; the sets differ in ASCII. The sets are
// constants, so nothing a program does changes what the parser encodes.
// The zero EncodeSet holds no ASCII code point.
type EncodeSet uint8

// The percent-encode sets, each a superset of the one before it but
// QuerySet and FragmentSet, as the spec builds them.
const (
	// C0ControlSet is the C0 control percent-encode set: C0 controls and
	// every code point above U+007E (~). Opaque paths and hosts use it.
	C0ControlSet EncodeSet = 1 << iota
	// FragmentSet is the fragment percent-encode set: C0ControlSet and
	// space " < > `.
	FragmentSet
	// QuerySet is the query percent-encode set, for queries of URLs that
	// are not special: C0ControlSet and space " # < >.
	QuerySet
	// SpecialQuerySet is the special-query percent-encode set, for queries
	// of special URLs: QuerySet and '.
	SpecialQuerySet
	// PathSet is the path percent-encode set: QuerySet and ? ^ ` { }.
	PathSet
	// UserinfoSet is the userinfo percent-encode set: PathSet and
	// / : ; = @ [ \ ] |.
	UserinfoSet
	// ComponentSet is the component percent-encode set: UserinfoSet and
	// $ % & + ,. With UTF-8 it gives JavaScript's encodeURIComponent.
	ComponentSet
	// FormURLEncodedSet is the application/x-www-form-urlencoded
	// percent-encode set: everything but ASCII alphanumerics and * - . _.
	FormURLEncodedSet
)

// Contains reports whether the code point r is in the set.
func (s EncodeSet) Contains(r rune) bool {
	return r > 0x7E || r < 0 || charClasses[r]&uint32(s) != 0
}

// has reports whether the byte b of a UTF-8 string is in the set: every
// byte of a non-ASCII code point is.
func (s EncodeSet) has(b byte) bool { return charClasses[b]&uint32(s) != 0 }

// A charClass is a set of bytes that a state of the parser tests, one bit
// of charClasses (which gen_charclass.go writes); the encode sets are the
// first eight bits.
type charClass uint32

const (
	// forbiddenHostClass: the forbidden host code points.
	forbiddenHostClass charClass = 1 << (8 + iota)
	// forbiddenDomainClass: the forbidden domain code points.
	forbiddenDomainClass
	// notURLCodePointClass: the ASCII code points that are not URL code
	// points.
	notURLCodePointClass
	// authorityEndClass: what ends the authority, host and port states of
	// a URL that is not special: '/', '?', '#'.
	authorityEndClass
	// specialAuthorityEndClass: the same for a special URL, and '\'.
	specialAuthorityEndClass
	// hostStopClass and specialHostStopClass: where the host state's scan
	// stops to look closer: the authority's end, ':', '[', ']'.
	hostStopClass
	specialHostStopClass
	// The bytes that the path, query, fragment and opaque path states
	// cannot copy as they are: percent-encoded, ending the state, or
	// needing a closer look ('%', and '\' in paths).
	pathStopClass
	queryStopClass
	specialQueryStopClass
	fragmentStopClass
	opaquePathStopClass
	// fastHostStopClass: the bytes that an ASCII domain cannot hold:
	// forbidden domain code points and non-ASCII (upper case is
	// lowercased, which the fast path can do).
	fastHostStopClass
	// fastPathStopClass: the bytes that end or change a special URL's
	// canonical path: the path percent-encode set (with '?' and '#') and
	// '\'. Dot segments are found apart (indexDotSegment).
	fastPathStopClass
	// fastOpaquePathStopClass: the bytes that end or change a canonical
	// opaque path: the C0 control percent-encode set, '?', '#' and space.
	fastOpaquePathStopClass
	// dotStartClass: '.' and '%', which a dot segment starts with after
	// a '/', slashClass (the next bit, so that a shift turns one into
	// the other: scanFastPath).
	dotStartClass
	slashClass
)

// fastPathScanClass: fastPathStopClass and the bytes a dot segment starts
// with: where the shortcuts that copy a path as it is look closer.
const fastPathScanClass = fastPathStopClass | dotStartClass

// has reports whether the byte b is in the class.
func (c charClass) has(b byte) bool { return charClasses[b]&uint32(c) != 0 }

// isASCIIAlpha: an ASCII upper or lower alpha.
func isASCIIAlpha(c rune) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// isSchemeCodePoint: what the scheme state takes, ASCII alphanumerics and
// + - .
func isSchemeCodePoint(c rune) bool {
	return isASCIIAlpha(c) || '0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'
}

// isURLCodePoint is the spec's URL code point: ASCII alphanumerics,
// !$&'()*+,-./:;=?@_~, and code points from U+00A0 to U+10FFFD but
// surrogates and noncharacters.
func isURLCodePoint(r rune) bool {
	if r < 0x80 {
		return r >= 0 && !notURLCodePointClass.has(byte(r))
	}
	if r < 0xA0 || r > 0x10FFFD {
		return false
	}
	if 0xD800 <= r && r <= 0xDFFF { // surrogates
		return false
	}
	if 0xFDD0 <= r && r <= 0xFDEF || r&0xFFFE == 0xFFFE { // noncharacters
		return false
	}
	return true
}
