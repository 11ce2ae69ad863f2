// Package canon makes canonical forms of URLs: keys that make equal the URLs
// a crawler, an archive or a blocklist treats as one.
//
// A [Profile] chooses normalization steps beyond the URL Standard's own
// (which already lowercases the scheme and host, drops default ports and
// resolves dot segments) and applies them to a parsed *weburl.URL; [WHATWG]
// and [Crawler] return ready-made profiles (copies: no caller changes
// another's). Beside those Crawler takes, a crawler can turn on steps that
// assume more of the servers it visits: ForceHTTPS (or ForceHTTP),
// AddWWW, CollapseSlashes, DropIndex (with [DirectoryIndexes]),
// DropSessionIDs and EncodeLonePercent, all off by default. [SURT] writes the Internet
// Archive's Sort-friendly URI Reordering Transform used by CDX indexes.
// [SafeBrowsing] and [SafeBrowsingExpressions] follow Google Safe Browsing,
// whose canonicalization starts from the raw string, before any parsing.
//
// Every function here is safe for concurrent use and never changes its input.
//
// # Profiles and purell
//
// The steps that purell (github.com/PuerkitoBio/purell, a Go URL
// normalizer built on net/url) also has mean what its flags mean, with
// these differences (the URL parser's steps are always taken):
//
//	purell's flag                   here               the difference
//	FlagLowercaseScheme, -Host      the URL parser     none
//	FlagRemoveDefaultPort           the URL parser     none
//	FlagRemoveEmptyPortSeparator    the URL parser     none ("http://h:/" is "http://h/")
//	FlagRemoveDotSegments           the URL parser     none
//	FlagDecodeDWORDHost, -Octal,    the URL parser     the IPv4 parser also reads mixed forms ("0x7f.1")
//	  -HexHost
//	FlagEncodeNecessaryEscapes      the URL parser     by the URL Standard's percent-encode sets
//	FlagRemoveUnnecessaryHostDots   none               the URL Standard keeps a host's dots
//	FlagUppercaseEscapes            NormalizeEscapes   none
//	FlagDecodeUnnecessaryEscapes    NormalizeEscapes   only RFC 3986's unreserved characters: purell also
//	                                                   decodes reserved ones ("$&+,/:;=@"), which changes
//	                                                   what a URL means ("%2F" is not "/")
//	FlagRemoveEmptyQuerySeparator   DropEmptyQuery     none
//	FlagRemoveTrailingSlash         SlashRemove        every trailing slash goes, not one
//	FlagAddTrailingSlash            SlashAdd           none after a last segment with a '.' ("/a.html")
//	FlagRemoveDirectoryIndex        DropIndex          a list of names (DirectoryIndexes), ASCII
//	                                                   case-insensitive ("Default.aspx"); purell drops any
//	                                                   "(default|index)\.\w{1,4}" ("index.json"), in
//	                                                   lowercase only
//	FlagRemoveFragment              DropFragment       none
//	FlagForceHTTP                   ForceHTTP          none; ForceHTTPS goes the other way
//	FlagRemoveDuplicateSlashes      CollapseSlashes    none, but file URLs are left alone
//	FlagRemoveWWW                   DropWWW            every leading "www.", while two labels remain
//	                                                   ("www.com" stays)
//	FlagAddWWW                      AddWWW             only before a registrable domain: purell's
//	                                                   "http://host/" becomes "http://www.host/", here it
//	                                                   stays
//	FlagSortQuery                   SortQuery          stable by name, each pair's bytes kept; purell
//	                                                   also sorts the values of a name, and re-encodes
//	                                                   them
//
// DropCredentials, DropParams, DropSessionIDs, EncodeLonePercent and
// LowercasePath have no purell flag (purell cannot read "/100%": net/url
// refuses it).
//
// # Errors
//
// SafeBrowsing and Profile.Check fail with an *Error whose Err is one of
// the sentinels ErrNoHost, ErrContradiction and ErrNoSegment:
// errors.Is(err, canon.ErrNoHost) tells the reason, errors.As(err, &e)
// with e a *canon.Error gives the input (ExampleError).
package canon

import (
	"strings"
	"unicode/utf8"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/ascii"
)

const upperHex = "0123456789ABCDEF"

func upper(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - ('a' - 'A')
	}
	return c
}

// isUnreserved reports whether c is one of RFC 3986's unreserved
// characters, which mean the same percent-encoded or not.
func isUnreserved(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '-' || c == '.' || c == '_' || c == '~'
}

// unescapeAll percent-decodes s until no %XX is left, as Safe Browsing and
// SURT require. Decoding one escape can only make a new one end where it
// stands, so one pass with a stack finds the same fixed point as repeated
// passes, in linear time instead of quadratic ("%2525...25").
func unescapeAll(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		b = append(b, s[i])
		for n := len(b); n >= 3 && b[n-3] == '%' && ascii.IsHex(b[n-2]) && ascii.IsHex(b[n-1]); n = len(b) {
			b[n-3] = ascii.Unhex(b[n-2])<<4 | ascii.Unhex(b[n-1])
			b = b[:n-2]
		}
	}
	return string(b)
}

// escapeMinimal percent-encodes the bytes that Safe Browsing and SURT
// encode (controls, space, DEL and above, '#', '%') and the bytes in extra.
func escapeMinimal(s, extra string) string {
	n := 0
	for i := 0; i < len(s); i++ {
		if mustEscape(s[i], extra) {
			n++
		}
	}
	if n == 0 {
		return s
	}
	b := make([]byte, 0, len(s)+2*n)
	for i := 0; i < len(s); i++ {
		c := s[i]
		if mustEscape(c, extra) {
			b = append(b, '%', upperHex[c>>4], upperHex[c&15])
		} else {
			b = append(b, c)
		}
	}
	return string(b)
}

func mustEscape(c byte, extra string) bool {
	return c <= 0x20 || c >= 0x7F || c == '#' || c == '%' || strings.IndexByte(extra, c) >= 0
}

// normalizeEscapes decodes each %XX that stands for an unreserved character
// and writes the other escapes with uppercase digits. An escape stays when
// its character would turn a literal '%' before it into a new escape
// ("%%34" must not become "%4"), so the result is a fixed point.
func normalizeEscapes(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	lit := -1 // index in b of the last '%' that starts no escape
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '%' {
			b = append(b, c)
			continue
		}
		if i+2 >= len(s) || !ascii.IsHex(s[i+1]) || !ascii.IsHex(s[i+2]) {
			lit = len(b)
			b = append(b, '%')
			continue
		}
		d := ascii.Unhex(s[i+1])<<4 | ascii.Unhex(s[i+2])
		n := len(b)
		joins := lit >= 0 && (lit == n-1 || lit == n-2 && ascii.IsHex(b[n-1]))
		if isUnreserved(d) && !(ascii.IsHex(d) && joins) {
			b = append(b, d)
		} else {
			b = append(b, '%', upper(s[i+1]), upper(s[i+2]))
		}
		i += 2
	}
	return string(b)
}

// domainToASCII runs the URL Standard's host parser on a non-ASCII domain
// made of letters, digits, '-' and '.', through weburl.Parse (the root
// package exports no domain-to-ASCII). ok is false when s is something else
// or the parser rejects it.
func domainToASCII(s string) (string, bool) {
	if !utf8.ValidString(s) {
		return "", false
	}
	ascii := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			ascii = false
			continue
		}
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '.') {
			return "", false
		}
	}
	if ascii {
		return "", false
	}
	u, err := weburl.Parse("http://" + s + "/")
	if err != nil {
		return "", false
	}
	switch u.HostKind() {
	case weburl.Domain, weburl.IPv4:
		return u.Hostname(), true
	}
	return "", false
}
