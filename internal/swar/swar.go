// Package swar scans strings eight bytes per step: SWAR tests (SIMD
// within a register) on 64-bit loads. A loop that tests one byte per
// iteration spends a branch on each; these read eight bytes with one load
// and test them together where the bytes sought form a few ranges or are
// one value. weburl's byte-class scans (its charClasses table, eight
// lookups ORed per word) stay in the root package, beside the table.
// ToLower and EqualLower, the ASCII case mapping of names and keywords
// that every package of the module shares, take strings of any bytes.
//
// The tests of ranges: in x with no byte above 0x7F (the caller clears the
// high bits), x + Ones*(0x80-lo) has the high bit set in the bytes from lo
// up, and x + Ones*(0x7F-hi) in those above hi, exactly, for 0 < lo <= hi
// < 0x80: no byte's sum carries into the next. (x ^ Ones*c) + Ones*0x7F
// has it set in the bytes other than c.
package swar

import (
	"encoding/binary"
	"math/bits"
	"unsafe"
)

const (
	// Ones has 1 in each byte.
	Ones = 0x0101010101010101
	// Highs has the high bit of each byte: the marks of a mask.
	Highs = 0x8080808080808080
)

// Load64 reads s[i:i+8] as a little-endian uint64; the caller checks that
// i+8 <= len(s), which is not checked again: the load is one instruction.
func Load64(s string, i int) uint64 {
	return binary.LittleEndian.Uint64((*[8]byte)(unsafe.Add(unsafe.Pointer(unsafe.StringData(s)), i))[:])
}

// LoadPadded reads s[i:], less than eight bytes, as Load64 reads eight,
// with zero bytes in place of those past the end of s: i < len(s) < i+8.
// It reads the last eight bytes of s and shifts out those before i, so
// that a scan ends on a word, not on a loop over the last bytes. Zero, a
// C0 control, is in every class weburl's scans stop at, so the end stops
// them.
func LoadPadded(s string, i int) uint64 {
	if len(s) >= 8 {
		return Load64(s, len(s)-8) >> (8 * uint(i+8-len(s)))
	}
	// A string shorter than a word, a byte at a time: no call to copy,
	// which would make a caller's loop spill its state around it.
	var x uint64
	for j := len(s) - 1; j >= i; j-- {
		x = x<<8 | uint64(s[j])
	}
	return x
}

// FirstByte returns the index of the byte of the first high bit of m, a
// mask of high bits, or 8 when m is 0.
func FirstByte(m uint64) int { return bits.TrailingZeros64(m) >> 3 }

// HostStops marks (high bits) the bytes of x that are not in the domains
// most URLs have, [a-z0-9.-], or [a-zA-Z0-9.-] where fold is Ones*0x20
// (a letter ORed with 0x20 is in a to z): the end of the host, or a byte
// for a closer look. fold is 0 or Ones*0x20.
func HostStops(x, fold uint64) uint64 {
	a := x &^ Highs
	f := a | fold
	in := (f+Ones*(0x80-'a'))&^(f+Ones*(0x7F-'z')) |
		(a+Ones*(0x80-'0'))&^(a+Ones*(0x7F-'9')) |
		(a+Ones*(0x80-'-'))&^(a+Ones*(0x7F-'.'))
	return (x | ^in) & Highs
}

// Eq marks (high bits) the bytes of x that are c, exactly in the bytes
// before the first one above 0x7F (c <= 0x7F): the sum of an ASCII byte
// and 0x7F carries nothing into the next.
func Eq(x uint64, c byte) uint64 {
	return ^((x ^ Ones*uint64(c)) + Ones*0x7F) & Highs
}

// EqAny is Eq for a word of any bytes: it marks exactly the bytes of x
// that are c. The sum is taken over the low seven bits of each byte, so
// that it carries nothing, and a byte whose high bit is set is never c's
// zero.
func EqAny(x uint64, c byte) uint64 {
	y := x ^ Ones*uint64(c)
	return ^((y&^Highs + Ones*0x7F) | y) & Highs
}

// Below returns a word with the high bit set in (at least) the first byte
// of x that is below n (n <= 0x80), and zero if there is none.
func Below(x uint64, n byte) uint64 {
	return (x - Ones*uint64(n)) &^ x & Highs
}

// FirstEq returns a word whose first mark (high bit) is in the first byte
// of x (a word of any bytes) that is c, with none before it, and zero if
// there is none: in x^c that byte is the first zero, which Below marks.
// FirstByte of it is that byte's index.
func FirstEq(x uint64, c byte) uint64 { return Below(x^Ones*uint64(c), 1) }

// Upper returns a word with the high bit set in each byte of x that is an
// ASCII upper-case letter, exactly (x must have no byte above 0x7F).
func Upper(x uint64) uint64 {
	// Each byte plus 0x80-'A' reaches 0x80 from 'A' on, plus 0x7F-'Z'
	// passes 0x80 after 'Z'; ASCII bytes carry nothing into the next.
	return (x + Ones*(0x80-'A')) &^ (x + Ones*(0x7F-'Z')) & Highs
}

// IndexBelow returns where in s a byte below n (n <= 0x80) may be: the
// first such byte, or len(s).
func IndexBelow(s string, n byte) int {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if Below(Load64(s, i), n) != 0 {
			break
		}
	}
	for i < len(s) && s[i] >= n {
		i++
	}
	return i
}

// IsASCII reports whether s is all ASCII.
func IsASCII(s string) bool {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if Load64(s, i)&Highs != 0 {
			return false
		}
	}
	for ; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// HasUpper reports whether the ASCII string s has an upper-case letter.
func HasUpper(s string) bool {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if Upper(Load64(s, i)) != 0 {
			return true
		}
	}
	for ; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			return true
		}
	}
	return false
}

// AppendLower appends s to dst with ASCII upper case made lower case; s
// is ASCII. Eight bytes a step, the last ones in the word that ends s,
// written again over the bytes before them.
func AppendLower(dst []byte, s string) []byte {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		dst = binary.LittleEndian.AppendUint64(dst, lower(Load64(s, i)))
	}
	switch {
	case i == len(s):
	case i > 0:
		dst = dst[:len(dst)-(i+8-len(s))]
		dst = binary.LittleEndian.AppendUint64(dst, lower(Load64(s, len(s)-8)))
	default:
		for ; i < len(s); i++ {
			c := s[i]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			dst = append(dst, c)
		}
	}
	return dst
}

// ToLower returns s with its ASCII upper-case letters made lower case and
// every other byte kept, s itself when it has none: the Infra Standard's
// ASCII lowercase. s may hold any bytes (strings.ToLower would also map
// letters beyond ASCII and turn invalid UTF-8 into U+FFFD).
func ToLower(s string) string {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if upperAny(Load64(s, i)) != 0 {
			break
		}
	}
	for i < len(s) && !('A' <= s[i] && s[i] <= 'Z') {
		i++
	}
	if i == len(s) {
		return s
	}
	b := make([]byte, i, len(s))
	copy(b, s[:i])
	for ; i+8 <= len(s); i += 8 {
		x := Load64(s, i)
		b = binary.LittleEndian.AppendUint64(b, x|upperAny(x)>>2)
	}
	for ; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		b = append(b, c)
	}
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// upperAny is Upper for a word of any bytes: a byte above 0x7F, whose low
// seven bits may read as a letter, is no letter.
func upperAny(x uint64) uint64 { return Upper(x&^Highs) &^ x }

// EqualLower reports whether s is an ASCII case-insensitive match for
// lower, which is already ASCII lowercase: whether ToLower(s) == lower,
// without a copy. s may hold any bytes (strings.EqualFold would also match
// U+017F to "s" and U+212A to "k").
func EqualLower[T string | []byte](s T, lower string) bool {
	if len(s) != len(lower) {
		return false
	}
	for i := range len(s) {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lower[i] {
			return false
		}
	}
	return true
}

// lower is x with ASCII upper case made lower case; x is ASCII.
func lower(x uint64) uint64 { return x | Upper(x)>>2 } // 0x80>>2 is 0x20, 'a'-'A'
