// Package ascii holds the ASCII byte classes that several packages of
// weburl read, one definition for all of them: the Infra Standard's ASCII
// hex digits (the URL parser, canon, links' CSS tokenizer, the
// regular-expression engine, the JSON string decoder) and HTTP's token
// code points (mimetype, webhttp).
package ascii

// IsHex reports whether c is an ASCII hex digit: 0-9, A-F or a-f
// (https://infra.spec.whatwg.org/#ascii-hex-digit). c|0x20 maps A-F to
// a-f and no other byte into a-f.
func IsHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'f'
}

// Unhex is the value of c, an ASCII hex digit (IsHex).
func Unhex(c byte) byte {
	if c <= '9' {
		return c - '0'
	}
	return c | 0x20 - 'a' + 10
}

// tokenTable marks the HTTP token code points (RFC 9110 section 5.6.2,
// MIME Sniffing's "HTTP token code point"): "!#$%&'*+-.^_`|~" and the
// ASCII alphanumerics.
var tokenTable = func() (t [256]bool) {
	for _, c := range []byte("!#$%&'*+-.^_`|~") {
		t[c] = true
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	for c := 'a'; c <= 'z'; c++ {
		t[c] = true
		t[c-'a'+'A'] = true
	}
	return t
}()

// IsTokenByte reports whether c is an HTTP token code point.
func IsTokenByte(c byte) bool { return tokenTable[c] }

// FirstNotToken returns the offset of the first byte of s that is not an
// HTTP token code point, or -1.
func FirstNotToken(s string) int {
	for i := 0; i < len(s); i++ {
		if !tokenTable[s[i]] {
			return i
		}
	}
	return -1
}
