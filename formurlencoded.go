package weburl

import (
	"errors"
	"slices"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding"

	"github.com/weburl/weburl/internal/ascii"
	"github.com/weburl/weburl/internal/percent"
)

// ParseForm parses s as application/x-www-form-urlencoded, the format of
// HTML form bodies and URL queries, into name-value pairs in order. Names
// and values may repeat. '+' is a space, "%2B" a plus sign; a '%' that
// does not start a percent-encoded byte stays as it is; ';' is an ordinary
// byte (unlike net/url). Bytes that are not UTF-8 after percent-decoding
// become U+FFFD. It takes time linear in len(s).
func ParseForm(s string) [][2]string {
	pairs, _ := parseForm(s, -1, nil)
	return pairs
}

// ParseFormBytes is ParseForm for a byte slice: a form body read whole
// (an HTTP request's body of type application/x-www-form-urlencoded),
// parsed without the caller converting it to a string first. The pairs
// hold copies, so b may be reused after the call.
func ParseFormBytes(b []byte) [][2]string {
	return ParseForm(string(b))
}

// ErrTooManyPairs is returned by ParseFormLimit for input with more pairs
// than the limit.
var ErrTooManyPairs = errors.New("weburl: too many name-value pairs in form data")

// ParseFormLimit is ParseForm for untrusted input: it stops with
// ErrTooManyPairs, and the first limit pairs, when s holds more than limit
// pairs. ParseForm itself sets no limit.
func ParseFormLimit(s string, limit int) ([][2]string, error) {
	return parseForm(s, limit, nil)
}

// parseForm is the spec's application/x-www-form-urlencoded parser; it
// appends to dst. limit < 0 means no limit.
func parseForm(s string, limit int, dst [][2]string) ([][2]string, error) {
	if s == "" {
		return dst, nil
	}
	// Room for every pair at once, in one allocation: a growing list
	// would copy its strings many times. A pair takes two bytes at least,
	// so a run of "&" cannot make this reserve more than that allows.
	if n := min(strings.Count(s, "&")+1, len(s)/2+1); cap(dst)-len(dst) < n {
		if limit >= 0 {
			n = min(n, limit+1)
		}
		dst = slices.Grow(dst, n)
	}
	for s != "" {
		// One pass over a sequence finds its end, its first '=', and
		// whether anything in it needs decoding.
		i, eq, plain := 0, -1, true
		for ; i < len(s); i++ {
			switch c := s[i]; {
			case c == '&':
			case c == '=' && eq < 0:
				eq = i
				continue
			case c == '+' || c == '%' || c >= utf8.RuneSelf:
				plain = false
				continue
			default:
				continue
			}
			break
		}
		seq := s[:i]
		s = s[min(i+1, len(s)):]
		if seq == "" {
			continue
		}
		if limit >= 0 && len(dst) >= limit {
			return dst, ErrTooManyPairs
		}
		name, value := seq, ""
		if eq >= 0 {
			name, value = seq[:eq], seq[eq+1:]
		}
		if !plain {
			name, value = decodeFormPart(name), decodeFormPart(value)
		}
		dst = append(dst, [2]string{name, value})
	}
	return dst, nil
}

// decodeFormPart replaces '+' with a space, percent-decodes, and decodes
// UTF-8 without BOM.
func decodeFormPart(s string) string {
	// Most parts are plain ASCII, which decodes to itself: one pass tells.
	i := 0
	for i < len(s) && s[i] != '+' && s[i] != '%' && s[i] < utf8.RuneSelf {
		i++
	}
	if i == len(s) {
		return s
	}
	if strings.IndexByte(s[i:], '+') < 0 && strings.IndexByte(s[i:], '%') < 0 {
		if utf8.ValidString(s[i:]) {
			return s
		}
		return string(appendUTF8Decoded(nil, s))
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '+':
			b = append(b, ' ')
		case c == '%' && percent.StartsWithByte(s[i:]):
			b = append(b, ascii.Unhex(s[i+1])<<4|ascii.Unhex(s[i+2]))
			i += 2
		default:
			b = append(b, c)
		}
	}
	if utf8.Valid(b) {
		return string(b)
	}
	return string(appendUTF8Decoded(nil, string(b)))
}

// appendUTF8Decoded is the Encoding Standard's UTF-8 decode without BOM:
// each maximal invalid subpart becomes one U+FFFD.
func appendUTF8Decoded(dst []byte, s string) []byte {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r != utf8.RuneError || n > 1 {
			dst = append(dst, s[i:i+n]...)
			i += n
			continue
		}
		dst = append(dst, "\uFFFD"...)
		i += maximalSubpart(s[i:])
	}
	return dst
}

// maximalSubpart returns the length of the invalid UTF-8 sequence at the
// start of s as the Encoding Standard's decoder sees it: a lead byte and
// the continuation bytes that were acceptable before the error.
func maximalSubpart(s string) int {
	need, lo, hi := 0, byte(0x80), byte(0xBF)
	switch b := s[0]; {
	case 0xC2 <= b && b <= 0xDF:
		need = 1
	case b == 0xE0:
		need, lo = 2, 0xA0
	case b == 0xED:
		need, hi = 2, 0x9F
	case 0xE1 <= b && b <= 0xEF:
		need = 2
	case b == 0xF0:
		need, lo = 3, 0x90
	case b == 0xF4:
		need, hi = 3, 0x8F
	case 0xF1 <= b && b <= 0xF3:
		need = 3
	default:
		return 1
	}
	n := 1
	for ; n <= need && n < len(s); n++ {
		if s[n] < lo || s[n] > hi {
			break
		}
		lo, hi = 0x80, 0xBF
	}
	return n
}

// EncodeForm serializes pairs as application/x-www-form-urlencoded: each
// name and value percent-encoded with FormURLEncodedSet, a space as '+',
// pairs joined by '&'. Invalid UTF-8 is encoded as U+FFFD.
func EncodeForm(pairs [][2]string) string {
	n := 0
	for _, p := range pairs {
		n += len(p[0]) + len(p[1]) + 2
	}
	// One buffer, sized for pairs with little to encode, and no copy: no
	// one else holds it.
	return bytesAsString(appendForm(make([]byte, 0, n+n/2), pairs))
}

// EncodeFormIn returns pairs serialized as form data in the encoding enc,
// as HTML form submission serializes a form in the page's encoding (the
// spec's application/x-www-form-urlencoded serializer with an encoding).
// Each name and each value is encoded in enc on its own, so an ISO-2022-JP
// string starts and ends in ASCII. The bytes are percent-encoded with
// FormURLEncodedSet, a space as '+', and a code point enc cannot encode
// is written as %26%23N%3B (an HTML character reference, "&#N;"). enc is
// taken as Parser.Encoding is: nil, UTF-8, UTF-16BE, UTF-16LE and
// replacement give what EncodeForm gives.
func EncodeFormIn(pairs [][2]string, enc encoding.Encoding) string {
	// Step 1: get an output encoding.
	out := getOutputEncoding(enc)
	if out.isUTF8() {
		return EncodeForm(pairs)
	}
	var dst []byte
	for i, p := range pairs {
		// Steps 3.2–3.5.
		if i > 0 {
			dst = append(dst, '&')
		}
		dst = appendEncodedAfter(dst, p[0], out, FormURLEncodedSet, true)
		dst = append(dst, '=')
		dst = appendEncodedAfter(dst, p[1], out, FormURLEncodedSet, true)
	}
	return string(dst)
}

func appendForm(dst []byte, pairs [][2]string) []byte {
	for i, p := range pairs {
		if i > 0 {
			dst = append(dst, '&')
		}
		dst = appendFormPart(dst, p[0])
		dst = append(dst, '=')
		dst = appendFormPart(dst, p[1])
	}
	return dst
}

// appendFormPart appends s percent-encoded with the form set, a space as
// '+': runs of bytes that stay as they are are copied whole.
func appendFormPart(dst []byte, s string) []byte {
	for i := 0; i < len(s); {
		start := i
		for i < len(s) && !FormURLEncodedSet.has(s[i]) {
			i++
		}
		dst = append(dst, s[start:i]...)
		if i == len(s) {
			break
		}
		switch c := s[i]; {
		case c == ' ':
			dst = append(dst, '+')
			i++
		case c < utf8.RuneSelf:
			dst = appendPercentByte(dst, c)
			i++
		default:
			_, n := utf8.DecodeRuneInString(s[i:])
			dst = appendEncoded(dst, s[i:i+n], FormURLEncodedSet) // U+FFFD for an invalid byte
			i += n
		}
	}
	return dst
}
