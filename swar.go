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
// i+8 <= len(s).
func load64(s string, i int) uint64 {
	return binary.LittleEndian.Uint64(unsafe.Slice(unsafe.StringData(s[i:]), 8))
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

// hasDotSegment reports whether path, a list path that starts with '/',
// holds a single- or double-dot segment, which the path state removes.
func hasDotSegment(path string) bool { return indexDotSegment(path) >= 0 }

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
