package weburl

import "github.com/weburl/weburl/internal/swar"

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
// or double-dot segment follows, or -1: each '.' and '%' that indexClass
// finds, eight bytes a step, is looked at as dotSegmentAt says.
func indexDotSegment(s string) int {
	for i := 0; ; i++ {
		if i = indexClass(s, i, fastPathScanClass); i == len(s) {
			return -1
		}
		if dotSegmentAt(s, i) {
			return i - 1
		}
	}
}
