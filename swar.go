package weburl

import "github.com/weburl/weburl/internal/swar"

// The parser's eight-byte scans (the word helpers are internal/swar's). A
// byte class of the charClasses table is tested eight bytes at a time:
// eight bytes are read with one 64-bit load and looked up in the table
// together, with one branch for all eight. Measured on URL paths (issue
// 26), eight table loads OR-ed together beat SWAR tests of the path's
// dozen stop bytes and dot-segment pairs, whose 64-bit constants cost more
// instructions than the loads. The last bytes of a string are one more
// word (tailWord), so that a scan that runs to the end, as most do, ends
// without a loop over bytes, whose exit a branch predictor cannot know.

// indexClass returns the index of the first byte of s at or after i that
// is in class c, or len(s).
func indexClass(s string, i int, c charClass) int {
	for ; i+8 <= len(s); i += 8 {
		if wordClasses(swar.Load64(s, i))&uint32(c) != 0 {
			break
		}
	}
	if i+8 > len(s) && i < len(s) && wordClasses(tailWord(s, i))&uint32(c) == 0 {
		return len(s)
	}
	for i < len(s) && !c.has(s[i]) {
		i++
	}
	return i
}

// wordClasses is the union of the classes of the eight bytes of x.
func wordClasses(x uint64) uint32 {
	return charClasses[uint8(x)] | charClasses[uint8(x>>8)] | charClasses[uint8(x>>16)] | charClasses[uint8(x>>24)] |
		charClasses[uint8(x>>32)] | charClasses[uint8(x>>40)] | charClasses[uint8(x>>48)] | charClasses[x>>56]
}

// tailWord is s[i:], less than eight bytes, as a word whose other bytes
// are copies of s[i]: a byte class holds a byte of it exactly when it
// holds a byte of s[i:].
func tailWord(s string, i int) uint64 {
	n := uint(len(s)-i) & 7
	return swar.LoadPadded(s, i) | swar.Ones*uint64(s[i])<<(8*n)
}

// indexTabOrNewline returns where in s a byte below 0x0E may be, eight
// bytes at a time (the first such byte, or len(s)): most inputs have no
// tab or newline, and no byte that low at all.
func indexTabOrNewline(s string) int { return swar.IndexBelow(s, 0x0E) }

// indexDotSegment returns the index of the first '/' in s that a single-
// or double-dot segment follows, or -1. It reads s eight bytes a step: a
// word without '.' or '%' goes on after one table OR, and in the others
// only a '.' or '%' after a '/' (dotCandidates) is looked at as
// dotSegmentAt says, so that the dots of file names cost no closer look.
func indexDotSegment(s string) int {
	for i := 0; i < len(s); i += 8 {
		x, n := uint64(0), len(s)-i
		if n >= 8 {
			x, n = swar.Load64(s, i), 8
		} else {
			x = tailWord(s, i)
		}
		if wordClasses(x)&uint32(dotStartClass) == 0 {
			continue
		}
		for d := dotCandidates(s, i, x) & (1<<(8*uint(n)) - 1); d != 0; d &= d - 1 {
			if j := i + swar.FirstByte(d); dotSegmentAt(s, j) {
				return j - 1
			}
		}
	}
	return -1
}

// dotCandidates marks (high bits) the bytes of x, the word at s[i], that
// are '.' or '%' after a '/', where a dot segment may start (dotSegmentAt
// says whether one does), whatever the other bytes.
func dotCandidates(s string, i int, x uint64) uint64 {
	after := swar.EqAny(x, '/') << 8
	if i > 0 && s[i-1] == '/' {
		after |= 0x80
	}
	return after & (swar.EqAny(x, '.') | swar.EqAny(x, '%'))
}
