package weburl

import (
	"math/bits"

	"github.com/weburl/weburl/internal/swar"
)

// The parser's eight-byte scans: a byte class of the charClasses table
// tested eight bytes at a time, and the SWAR tests of the path (the word
// helpers are internal/swar's). Here eight bytes are read with one 64-bit
// load and looked up in the table together with one branch for all eight:
// measured on URL paths, eight table loads OR-ed together beat SWAR tests
// of the path's dozen stop bytes, which cost more instructions than the
// loads.

// swarPathStops marks the bytes of x that are not in the ranges that make
// most paths, $ to ; (with the digits, '.' and '/'), the letters (a byte
// ORed with 0x20 in a to z), '_' and '~': each byte of fastPathStopClass,
// and '!', '=', '@', '[', ']' and '|', which the path scan looks at again.
func swarPathStops(x uint64) uint64 {
	a := x &^ swar.Highs
	f := a | swar.Ones*0x20
	in := (a+swar.Ones*(0x80-'$'))&^(a+swar.Ones*(0x7F-';')) |
		(f+swar.Ones*(0x80-'a'))&^(f+swar.Ones*(0x7F-'z'))
	notOther := ((a ^ swar.Ones*'_') + swar.Ones*0x7F) & ((a ^ swar.Ones*'~') + swar.Ones*0x7F)
	return (x | ^in&notOther) & swar.Highs
}

// swarDotPairs marks the bytes of x that follow a '/' and are one of
// $ % & ' , - . /: where a single- or double-dot segment may start, which
// begins with '.' or '%' (isDotSegmentAt tells). The eight bytes differ
// from '.' only in the bits 0x0B, which one AND clears. prev is the byte
// before x (0 for none); the second result is prev for the next word.
func swarDotPairs(x, prev uint64) (pairs, last uint64) {
	a := x &^ swar.Highs
	z := (a<<8 | prev) ^ swar.Ones*'/' | (a^swar.Ones*'.')&(swar.Ones*0x74)
	return ^(z + swar.Ones*0x7F) & swar.Highs, a >> 56
}

// indexClass returns the index of the first byte of s at or after i that
// is in class c, or len(s).
func indexClass(s string, i int, c charClass) int {
	for ; i+8 <= len(s); i += 8 {
		x := swar.Load64(s, i)
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
func indexTabOrNewline(s string) int { return swar.IndexBelow(s, 0x0E) }

// indexDotSegment returns the index of the first '/' in s that a single-
// or double-dot segment follows, or -1: a segment that starts with '.' or
// '%' right after a '/' and is one of the spellings of "." and "..". The
// pairs "/." and "/%" are found eight positions at a time.
func indexDotSegment(s string) int {
	i := 0
	for ; i+9 <= len(s); i += 8 {
		y := swar.Load64(s, i+1)
		m := swar.Eq(swar.Load64(s, i), '/') & (swar.Eq(y, '.') | swar.Eq(y, '%'))
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
