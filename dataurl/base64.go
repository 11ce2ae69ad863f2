package dataurl

import (
	"encoding/binary"
	"strconv"

	"github.com/weburl/weburl/internal/errdetail"
	"github.com/weburl/weburl/internal/quote"
)

// DecodeBase64 returns the bytes that s encodes in base64, or an *Error, as
// the Infra Standard's "forgiving-base64 decode" does for atob() and data:
// URLs. ASCII whitespace anywhere is removed; then,
// when the length divides by 4, one or two final "=" are removed; what is
// left must be of the base64 alphabet (RFC 4648's Table 1: A–Z, a–z, 0–9,
// "+", "/") and its length must not leave a remainder of 1 when divided
// by 4. The bits after the last byte need not be zero ("YQ" and "YR" are
// both "a"). It returns an *Error for any other input.
//
// On input without whitespace and with its padding it agrees with
// encoding/base64's StdEncoding; it also takes the input without padding,
// as RawStdEncoding does.
func DecodeBase64(s string) ([]byte, error) {
	b, f := decodeBase64(s)
	if f != nil {
		return nil, &Error{Op: opBase64, Input: s, Offset: f.at, Err: errdetail.New(ErrBase64, f.reason(""), nil)}
	}
	return b, nil
}

const (
	b64Invalid    = 0xFF
	b64Whitespace = 0xFE
)

// b64Table maps each byte to its value in the base64 alphabet, or to
// b64Whitespace (ASCII whitespace: TAB, LF, FF, CR, SPACE) or b64Invalid
// (everything else, "=" included).
var b64Table = func() (t [256]byte) {
	for i := range t {
		t[i] = b64Invalid
	}
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	for i := 0; i < len(alphabet); i++ {
		t[alphabet[i]] = byte(i)
	}
	for _, c := range []byte("\t\n\f\r ") {
		t[c] = b64Whitespace
	}
	return t
}()

// base64Failure is why a forgiving-base64 decode returned failure.
type base64Failure struct {
	remainder1 bool // step 3: the length leaves a remainder of 1
	at         int  // step 4: the offset of a code point outside the alphabet
	input      string
}

func (f *base64Failure) reason(of string) string {
	if f.remainder1 {
		return "the length" + of + ", without ASCII whitespace, divided by 4 leaves a remainder of 1"
	}
	return quote.CodePoint(f.input, f.at) + " at offset " + strconv.Itoa(f.at) + of + " is not one of U+002B (+), U+002F (/) and the ASCII alphanumerics"
}

// decodeBase64 runs forgiving-base64 decode on the bytes of s, each byte a
// code point (a data: URL's body is isomorphic decoded; a byte above ASCII
// fails either way). Runs of eight code points of the alphabet are decoded
// in one step, straight from s; at the first other byte (whitespace, "=",
// anything else), the rest goes through decodeRest.
func decodeBase64(s string) ([]byte, *base64Failure) {
	// Room for every byte s could give, and for the 8-byte stores.
	dst := make([]byte, len(s)/4*3+8)
	n, i := decodeRuns(dst, s)
	if i == len(s) {
		// All of s was whole groups of four: step 8's loop, done.
		return dst[:n], nil
	}
	// The common end: one group with its padding, "xx==" or "xxx=".
	if len(s)-i == 4 && s[i+3] == '=' {
		a, b, c := b64Table[s[i]], b64Table[s[i+1]], b64Table[s[i+2]]
		switch {
		case s[i+2] == '=' && a|b < 64:
			dst[n] = a<<2 | b>>4
			return dst[:n+1], nil
		case a|b|c < 64:
			v := uint32(a)<<12 | uint32(b)<<6 | uint32(c)
			dst[n], dst[n+1] = byte(v>>10), byte(v>>2)
			return dst[:n+2], nil
		}
	}
	return decodeRest(dst, n, s, i)
}

// decodeRuns decodes the longest prefix of s made of whole groups of four
// code points of the alphabet into dst, which has room for them and 8
// bytes more; it returns how many bytes it wrote and how much of s it
// read.
func decodeRuns[T string | []byte](dst []byte, s T) (n, i int) {
	for ; i+8 <= len(s); i += 8 {
		a, b, c, d := b64Table[s[i]], b64Table[s[i+1]], b64Table[s[i+2]], b64Table[s[i+3]]
		e, f, g, h := b64Table[s[i+4]], b64Table[s[i+5]], b64Table[s[i+6]], b64Table[s[i+7]]
		if (a|b|c|d|e|f|g|h)&0xC0 != 0 {
			break
		}
		// 8.2–3. 48 bits, as six bytes.
		v := uint64(a)<<58 | uint64(b)<<52 | uint64(c)<<46 | uint64(d)<<40 |
			uint64(e)<<34 | uint64(f)<<28 | uint64(g)<<22 | uint64(h)<<16
		binary.BigEndian.PutUint64(dst[n:], v)
		n += 6
	}
	for ; i+4 <= len(s); i += 4 {
		a, b, c, d := b64Table[s[i]], b64Table[s[i+1]], b64Table[s[i+2]], b64Table[s[i+3]]
		if (a|b|c|d)&0xC0 != 0 {
			break
		}
		v := uint32(a)<<18 | uint32(b)<<12 | uint32(c)<<6 | uint32(d)
		dst[n], dst[n+1], dst[n+2] = byte(v>>16), byte(v>>8), byte(v)
		n += 3
	}
	return n, i
}

// decodeRest decodes s[i:], whose prefix s[:i] is whole groups of four,
// already decoded into dst[:n]: the general steps, which see whitespace
// and the final "=".
func decodeRest(dst []byte, n int, s string, i int) ([]byte, *base64Failure) {
	// 1. Remove all ASCII whitespace from data (from s[i:]; s[:i] has
	// none).
	rest := []byte(s[i:])
	j := 0
	for _, c := range rest {
		if b64Table[c] != b64Whitespace {
			rest[j] = c
			j++
		}
	}
	rest = rest[:j]
	// offset finds the offset in s of rest[k], for a message.
	offset := func(k int) int {
		for o := i; o < len(s); o++ {
			if b64Table[s[o]] != b64Whitespace {
				if k == 0 {
					return o
				}
				k--
			}
		}
		return len(s)
	}
	// 2. If the length divides by 4, remove one or two final "=". (The
	// prefix is whole groups of four: the remainder is rest's.)
	if len(rest)%4 == 0 && len(rest) > 0 && rest[len(rest)-1] == '=' {
		rest = rest[:len(rest)-1]
		if len(rest) > 0 && rest[len(rest)-1] == '=' {
			rest = rest[:len(rest)-1]
		}
	}
	// 3. A remainder of 1: failure. (A byte above ASCII fails step 4 in
	// any case, so counting bytes, not code points, changes no answer,
	// only which of the two steps the message names.)
	if len(rest)%4 == 1 && !hasNonASCII(rest) {
		return nil, &base64Failure{remainder1: true}
	}
	// 4. A code point outside the alphabet: failure.
	for k, c := range rest {
		if b64Table[c] >= 64 {
			return nil, &base64Failure{at: offset(k), input: s}
		}
	}
	if len(rest)%4 == 1 {
		return nil, &base64Failure{remainder1: true}
	}
	// 5–9. Decode the whole groups, then the 12 or 18 bits left.
	m, k := decodeRuns(dst[n:], rest)
	n += m
	switch tail := rest[k:]; len(tail) {
	case 2:
		dst[n] = b64Table[tail[0]]<<2 | b64Table[tail[1]]>>4
		n++
	case 3:
		v := uint32(b64Table[tail[0]])<<12 | uint32(b64Table[tail[1]])<<6 | uint32(b64Table[tail[2]])
		dst[n], dst[n+1] = byte(v>>10), byte(v>>2)
		n += 2
	}
	return dst[:n], nil
}

func hasNonASCII(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return true
		}
	}
	return false
}
