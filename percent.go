package weburl

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding"
)

const upperHex = "0123456789ABCDEF"

// appendPercentByte appends the spec's percent-encoding of b: %XX with upper
// hex digits.
func appendPercentByte(dst []byte, b byte) []byte {
	return append(dst, '%', upperHex[b>>4], upperHex[b&15])
}

// appendEncoded appends s, UTF-8 percent-encoded with set. Each byte of an
// invalid UTF-8 sequence counts as U+FFFD, as for a JavaScript string with
// lone surrogates.
func appendEncoded(dst []byte, s string, set EncodeSet) []byte {
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
		if s[i] >= utf8.RuneSelf || set.has(s[i]) { // every set holds non-ASCII
			return string(appendEncoded(make([]byte, 0, len(s)+16), s, set))
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

// appendEncodedLegacy is the spec's "percent-encode after encoding" with a
// legacy encoding: raw is encoded with enc, the bytes that set holds are
// percent-encoded, and a code point enc cannot encode is written as
// %26%23N%3B (an HTML character reference). Runs of encodable code points
// go through one encoder call, so a stateful encoder such as ISO-2022-JP
// sees them whole.
func appendEncodedLegacy(dst, raw []byte, enc encoding.Encoding, set EncodeSet) []byte {
	e := enc.NewEncoder()
	s := string(raw)
	runStart := 0
	flush := func(end int) {
		if end > runStart {
			out, err := e.String(s[runStart:end])
			if err == nil {
				for i := 0; i < len(out); i++ {
					if set.has(out[i]) {
						dst = appendPercentByte(dst, out[i])
					} else {
						dst = append(dst, out[i])
					}
				}
			}
		}
	}
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		encodable := !(r == utf8.RuneError && n == 1)
		if encodable && r >= utf8.RuneSelf {
			_, err := e.String(s[i : i+n])
			encodable = err == nil
		}
		if !encodable {
			flush(i)
			dst = append(dst, "%26%23"...)
			dst = strconv.AppendInt(dst, int64(r), 10)
			dst = append(dst, "%3B"...)
			runStart = i + n
		}
		i += n
	}
	flush(len(s))
	return dst
}
