package weburl

import (
	"math/bits"

	"github.com/weburl/weburl/internal/swar"
)

// The parser's eight-byte scans (the word helpers are internal/swar's). A
// byte class of the charClasses table is tested eight bytes at a time:
// eight bytes are read with one 64-bit load and looked up in the table
// together, with one branch for all eight. Measured on URL paths (issue
// 26), eight table loads OR-ed together beat SWAR tests of the path's
// dozen stop bytes and dot-segment pairs, whose 64-bit constants cost more
// instructions than the loads.

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
