// Package ascii holds the Infra Standard's ASCII hex digits, which the
// URL parser, canon, links' CSS tokenizer, the regular-expression engine
// and the JSON string decoder all read: one definition for all of them.
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
