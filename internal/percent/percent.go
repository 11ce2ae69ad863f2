// Package percent holds the URL Standard's percent-decode, for the root
// package's PercentDecode and the parsers around it, and for dataurl,
// which decodes a body straight into the bytes it returns.
package percent

import "github.com/weburl/weburl/internal/ascii"

// AppendDecode appends to dst the spec's percent-decoding of s: each %XX
// with two hex digits is the byte XX; a % without two hex digits after it
// stays as it is.
func AppendDecode(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' && StartsWithByte(s[i:]) {
			dst = append(dst, ascii.Unhex(s[i+1])<<4|ascii.Unhex(s[i+2]))
			i += 2
			continue
		}
		dst = append(dst, c)
	}
	return dst
}

// StartsWithByte reports whether s starts with a percent-encoded byte: %
// and two ASCII hex digits.
func StartsWithByte(s string) bool {
	return len(s) >= 3 && s[0] == '%' && ascii.IsHex(s[1]) && ascii.IsHex(s[2])
}
