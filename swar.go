package weburl

import (
	"encoding/binary"
	"math/bits"
	"unsafe"
)

// Scanning eight bytes per step. The parser's scans look for the next byte
// of a class (charClasses); a loop that tests one byte per iteration
// spends a branch on each. Here eight bytes are read with one 64-bit load
// and either tested together with SWAR arithmetic (SIMD within a
// register), where the class is a range, or looked up in the table
// together with one branch for all eight, where it is not: measured on
// URL paths, eight table loads OR-ed together beat SWAR tests of the
// path's dozen stop bytes, which cost more instructions than the loads.

const (
	swarOnes  = 0x0101010101010101
	swarHighs = 0x8080808080808080
)

// load64 reads s[i:i+8] as a little-endian uint64; the caller checks that
// i+8 <= len(s), which is not checked again: the load is one instruction.
func load64(s string, i int) uint64 {
	return binary.LittleEndian.Uint64((*[8]byte)(unsafe.Add(unsafe.Pointer(unsafe.StringData(s)), i))[:])
}

// loadPadded reads s[i:], less than eight bytes, as load64 reads eight,
// with zero bytes in place of those past the end of s: i < len(s) < i+8.
// It reads the last eight bytes of s and shifts out those before i, so
// that the scans below end on a word, not on a loop over the last bytes.
// Zero, a C0 control, is in every class the scans stop at, so the end
// stops them.
func loadPadded(s string, i int) uint64 {
	if len(s) >= 8 {
		return load64(s, len(s)-8) >> (8 * uint(i+8-len(s)))
	}
	return loadShort(s, i)
}

// loadShort is loadPadded for a string shorter than eight bytes.
func loadShort(s string, i int) uint64 {
	var x uint64
	for j := len(s) - 1; j >= i; j-- {
		x = x<<8 | uint64(s[j])
	}
	return x
}

// The scans of the fast path test eight bytes at a time for a few ranges
// of ASCII: in x with no byte above 0x7F (the caller clears the high
// bits), x + swarOnes*(0x80-lo) has the high bit set in the bytes from lo
// up, and x + swarOnes*(0x7F-hi) in those above hi, exactly, for 0 < lo
// <= hi < 0x80: no byte's sum carries into the next. (x ^ swarOnes*c) +
// swarOnes*0x7F has it set in the bytes other than c.

// firstByte returns the index of the byte of the first high bit of m, a
// mask of high bits, or 8 when m is 0.
func firstByte(m uint64) int { return bits.TrailingZeros64(m) >> 3 }

// swarHostStops marks (high bits) the bytes of x that are not in the
// domains most URLs have, [a-z0-9.-]: the end of the host, or a byte for
// the closer look of the fast path's host scan.
func swarHostStops(x uint64) uint64 {
	a := x &^ swarHighs
	in := (a+swarOnes*(0x80-'a'))&^(a+swarOnes*(0x7F-'z')) |
		(a+swarOnes*(0x80-'0'))&^(a+swarOnes*(0x7F-'9')) |
		(a+swarOnes*(0x80-'-'))&^(a+swarOnes*(0x7F-'.'))
	return (x | ^in) & swarHighs
}

// swarDomainStops is swarHostStops for [a-zA-Z0-9.-]: a letter ORed with
// 0x20 is in a to z.
func swarDomainStops(x uint64) uint64 {
	a := x &^ swarHighs
	f := a | swarOnes*0x20
	in := (f+swarOnes*(0x80-'a'))&^(f+swarOnes*(0x7F-'z')) |
		(a+swarOnes*(0x80-'0'))&^(a+swarOnes*(0x7F-'9')) |
		(a+swarOnes*(0x80-'-'))&^(a+swarOnes*(0x7F-'.'))
	return (x | ^in) & swarHighs
}

// swarPathStops marks the bytes of x that are not in the ranges that make
// most paths, $ to ; (with the digits, '.' and '/'), the letters (a byte
// ORed with 0x20 in a to z), '_' and '~': each byte of fastPathStopClass,
// and '!', '=', '@', '[', ']' and '|', which the path scan looks at again.
func swarPathStops(x uint64) uint64 {
	a := x &^ swarHighs
	f := a | swarOnes*0x20
	in := (a+swarOnes*(0x80-'$'))&^(a+swarOnes*(0x7F-';')) |
		(f+swarOnes*(0x80-'a'))&^(f+swarOnes*(0x7F-'z'))
	notOther := ((a ^ swarOnes*'_') + swarOnes*0x7F) & ((a ^ swarOnes*'~') + swarOnes*0x7F)
	return (x | ^in&notOther) & swarHighs
}

// swarDotPairs marks the bytes of x that follow a '/' and are one of
// $ % & ' , - . /: where a single- or double-dot segment may start, which
// begins with '.' or '%' (isDotSegmentAt tells). The eight bytes differ
// from '.' only in the bits 0x0B, which one AND clears. prev is the byte
// before x (0 for none); the second result is prev for the next word.
func swarDotPairs(x, prev uint64) (pairs, last uint64) {
	a := x &^ swarHighs
	z := (a<<8 | prev) ^ swarOnes*'/' | (a^swarOnes*'.')&(swarOnes*0x74)
	return ^(z + swarOnes*0x7F) & swarHighs, a >> 56
}

// swarBelow returns a word with the high bit set in (at least) the first
// byte of x that is below n (n <= 0x80), and zero if there is none.
func swarBelow(x uint64, n byte) uint64 {
	return (x - swarOnes*uint64(n)) &^ x & swarHighs
}

// swarAbove is like swarBelow for the bytes above n (n < 0x80).
func swarAbove(x uint64, n byte) uint64 {
	return ((x + swarOnes*uint64(0x7F-n)) | x) & swarHighs
}

// swarUpper returns a word with the high bit set in each byte of x that
// is an ASCII upper-case letter, exactly (x must have no byte above 0x7F).
func swarUpper(x uint64) uint64 {
	// Each byte plus 0x80-'A' reaches 0x80 from 'A' on, plus 0x7F-'Z'
	// passes 0x80 after 'Z'; ASCII bytes carry nothing into the next.
	return (x + swarOnes*(0x80-'A')) &^ (x + swarOnes*(0x7F-'Z')) & swarHighs
}

// indexClass returns the index of the first byte of s at or after i that
// is in class c, or len(s).
func indexClass(s string, i int, c charClass) int {
	for ; i+8 <= len(s); i += 8 {
		x := load64(s, i)
		if (charClasses[uint8(x)]|charClasses[uint8(x>>8)]|charClasses[uint8(x>>16)]|charClasses[uint8(x>>24)]|
			charClasses[uint8(x>>32)]|charClasses[uint8(x>>40)]|charClasses[uint8(x>>48)]|charClasses[x>>56])&uint32(c) != 0 {
			break
		}
	}
	for i < len(s) && !c.has(s[i]) {
		i++
	}
	return i
}

// indexTabOrNewline returns where in s a byte below 0x0E may be, eight
// bytes at a time (the first such byte, or len(s)): most inputs have no
// tab or newline, and no byte that low at all.
func indexTabOrNewline(s string) int {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if swarBelow(load64(s, i), 0x0E) != 0 {
			break
		}
	}
	for i < len(s) && s[i] >= 0x0E {
		i++
	}
	return i
}

// isASCII reports whether s is all ASCII.
func isASCII(s string) bool {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if load64(s, i)&swarHighs != 0 {
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

// lowerASCII appends s to dst with ASCII upper case made lower case; s
// is ASCII.
func lowerASCII(dst []byte, s string) []byte {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		x := load64(s, i)
		x |= swarUpper(x) >> 2 // 0x80>>2 is 0x20, 'a'-'A'
		dst = binary.LittleEndian.AppendUint64(dst, x)
	}
	for ; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return dst
}

// swarEq returns a word with the high bit set in exactly the bytes of x
// that equal c.
func swarEq(x uint64, c byte) uint64 {
	const lows = ^uint64(swarHighs)
	y := x ^ (swarOnes * uint64(c))
	return ^(((y & lows) + lows) | y) & swarHighs
}

// indexDotSegment returns the index of the first '/' in s that a single-
// or double-dot segment follows, or -1: a segment that starts with '.' or
// '%' right after a '/' and is one of the spellings of "." and "..". The
// pairs "/." and "/%" are found eight positions at a time.
func indexDotSegment(s string) int {
	i := 0
	for ; i+9 <= len(s); i += 8 {
		y := load64(s, i+1)
		m := swarEq(load64(s, i), '/') & (swarEq(y, '.') | swarEq(y, '%'))
		for m != 0 {
			at := i + bits.TrailingZeros64(m)/8
			if isDotSegmentAt(s[at+1:]) {
				return at
			}
			m &= m - 1
		}
	}
	for ; i+1 < len(s); i++ {
		if s[i] == '/' && (s[i+1] == '.' || s[i+1] == '%') && isDotSegmentAt(s[i+1:]) {
			return i
		}
	}
	return -1
}
