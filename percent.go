package weburl

import (
	"strings"
	"unicode/utf8"
)

// An EncodeSet is one of the URL Standard's percent-encode sets: the code
// points that percent-encoding with it writes as %XX. Every code point above
// U+007E is in every set; an EncodeSet records which ASCII bytes are.
type EncodeSet struct {
	// encode[b] says whether the byte b of a UTF-8 string is encoded:
	// true for every byte of a non-ASCII code point.
	encode [256]bool
}

// The percent-encode sets of the URL Standard, each built on the one before
// it as the spec defines them.
var (
	// C0ControlSet is the C0 control percent-encode set: C0 controls and
	// every code point above U+007E (~). Opaque paths and hosts use it.
	C0ControlSet = newEncodeSet(nil, "").addRange(0x00, 0x1F).addRange(0x7F, 0xFF)
	// FragmentSet is the fragment percent-encode set.
	FragmentSet = newEncodeSet(&C0ControlSet, " \"<>`")
	// QuerySet is the query percent-encode set, used for queries of URLs
	// that are not special.
	QuerySet = newEncodeSet(&C0ControlSet, " \"#<>")
	// SpecialQuerySet is the special-query percent-encode set, used for
	// queries of special URLs.
	SpecialQuerySet = newEncodeSet(&QuerySet, "'")
	// PathSet is the path percent-encode set.
	PathSet = newEncodeSet(&QuerySet, "?^`{}")
	// UserinfoSet is the userinfo percent-encode set.
	UserinfoSet = newEncodeSet(&PathSet, "/:;=@[\\]|")
	// ComponentSet is the component percent-encode set; with UTF-8 it gives
	// the same result as JavaScript's encodeURIComponent.
	ComponentSet = newEncodeSet(&UserinfoSet, "$%&+,")
	// FormURLEncodedSet is the application/x-www-form-urlencoded
	// percent-encode set: everything but ASCII alphanumerics and *-._
	FormURLEncodedSet = newEncodeSet(&ComponentSet, "!'()~")
)

func newEncodeSet(parent *EncodeSet, chars string) EncodeSet {
	var s EncodeSet
	if parent != nil {
		s = *parent
	}
	for i := 0; i < len(chars); i++ {
		s = s.addRange(chars[i], chars[i])
	}
	return s
}

func (s EncodeSet) addRange(lo, hi byte) EncodeSet {
	for b := int(lo); b <= int(hi); b++ {
		s.encode[b] = true
	}
	return s
}

// Contains reports whether the code point r is in the set.
func (s *EncodeSet) Contains(r rune) bool {
	return r > 0x7E || r < 0 || s.encode[r]
}

// asciiHas reports whether the ASCII byte b is in the set; it is false
// for every byte above 0x7F.
func (s *EncodeSet) asciiHas(b byte) bool {
	return b < 0x80 && s.encode[b]
}

// has reports whether the byte b, part of a UTF-8 string, must be encoded.
func (s *EncodeSet) has(b byte) bool {
	return s.encode[b]
}

const upperHex = "0123456789ABCDEF"

// appendPercentByte appends the spec's percent-encoding of b: %XX with upper
// hex digits.
func appendPercentByte(dst []byte, b byte) []byte {
	return append(dst, '%', upperHex[b>>4], upperHex[b&15])
}

// appendEncoded appends s, UTF-8 percent-encoded with set. Each byte of an
// invalid UTF-8 sequence counts as U+FFFD, as for a JavaScript string with
// lone surrogates.
func appendEncoded(dst []byte, s string, set *EncodeSet) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if set.has(c) {
				dst = appendPercentByte(dst, c)
			} else {
				dst = append(dst, c)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			dst = append(dst, "%EF%BF%BD"...)
		} else {
			for _, b := range []byte(s[i : i+n]) {
				dst = appendPercentByte(dst, b)
			}
		}
		i += n
	}
	return dst
}

// PercentEncode returns s UTF-8 percent-encoded with set (the spec's "UTF-8
// percent-encode"). Invalid UTF-8 bytes are encoded as U+FFFD, %EF%BF%BD.
// With ComponentSet the result equals JavaScript's encodeURIComponent(s).
func PercentEncode(s string, set EncodeSet) string {
	for i := 0; i < len(s); i++ {
		if set.has(s[i]) {
			return string(appendEncoded(make([]byte, 0, len(s)+16), s, &set))
		}
	}
	return s
}

// PercentDecode returns the spec's percent-decoding of s: each %XX with two
// hex digits becomes the byte XX; a % without two hex digits after it stays
// as it is. The result is bytes in a string and need not be valid UTF-8.
func PercentDecode(s string) string {
	i := strings.IndexByte(s, '%')
	if i < 0 {
		return s
	}
	return string(appendDecoded(make([]byte, 0, len(s)), s))
}

func appendDecoded(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			dst = append(dst, unhex(s[i+1])<<4|unhex(s[i+2]))
			i += 2
			continue
		}
		dst = append(dst, c)
	}
	return dst
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c >= 'a':
		return c - 'a' + 10
	default:
		return c - 'A' + 10
	}
}

// startsWithPercentByte reports whether s starts with a percent-encoded
// byte: % and two ASCII hex digits.
func startsWithPercentByte(s string) bool {
	return len(s) >= 3 && s[0] == '%' && isHex(s[1]) && isHex(s[2])
}
