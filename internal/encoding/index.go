package encoding

import (
	"cmp"
	"slices"
	"sync"
)

// The tables in tables.go hold each index the way the standard lists it,
// pointer → code point, in read-only data. An encoder needs the reverse,
// code point → pointer, with the standard's rule for which of several
// pointers wins; that is built in memory on the first use of an index, so
// a program that never encodes with it pays only for the read-only bytes.

// revTable maps code points to pointers in two levels: a block of 64
// slots for each 64 code points that have any entry (64 wastes less than
// 256 on the sparse astral part of index Big5). Block 0 stays empty and
// stands for every absent block, so a lookup has one bounds check and no
// other branch.
type revTable struct {
	blocks []uint16 // code point >> revShift → block number
	slots  []uint16 // block number << revShift | code point & revMask → pointer + 1, 0 for none
}

const (
	revShift = 6
	revMask  = 1<<revShift - 1
)

func (t *revTable) init() { t.slots = make([]uint16, 1<<revShift) }

// get returns the pointer for cp, or -1.
func (t *revTable) get(cp rune) int {
	hi := uint32(cp) >> revShift
	if hi >= uint32(len(t.blocks)) {
		return -1
	}
	return int(t.slots[int(t.blocks[hi])<<revShift|int(cp&revMask)]) - 1
}

// set maps cp to pointer p, replacing any pointer it had.
func (t *revTable) set(cp rune, p int) {
	hi := int(cp >> revShift)
	if hi >= len(t.blocks) {
		t.blocks = append(t.blocks, make([]uint16, hi+1-len(t.blocks))...)
	}
	b := t.blocks[hi]
	if b == 0 {
		b = uint16(len(t.slots) >> revShift)
		t.blocks[hi] = b
		t.slots = append(t.slots, make([]uint16, 1<<revShift)...)
	}
	t.slots[int(b)<<revShift|int(cp&revMask)] = uint16(p + 1)
}

// trim drops the spare capacity that append left.
func (t *revTable) trim() {
	t.blocks = append([]uint16(nil), t.blocks...)
	t.slots = append([]uint16(nil), t.slots...)
}

// addFirst records p for cp unless cp has a pointer already: fed in
// pointer order, t ends up with the standard's "index pointer", the first.
func (t *revTable) addFirst(cp rune, p int) {
	if t.get(cp) < 0 {
		t.set(cp, p)
	}
}

// singleByte is an index single-byte.
type singleByte struct {
	fwd  string // 128 big-endian uint16 code points, by pointer; 0 for none
	once sync.Once
	rev  revTable
}

// pointer returns the "index pointer" for cp in the index, or -1.
func (s *singleByte) pointer(cp rune) int {
	s.once.Do(func() {
		s.rev.init()
		for p := 0; p < 128; p++ {
			if cp := rune(s.fwd[2*p])<<8 | rune(s.fwd[2*p+1]); cp != 0 {
				s.rev.addFirst(cp, p)
			}
		}
		s.rev.trim()
	})
	return s.rev.get(cp)
}

// packedIndex is a multi-byte index packed by the generator (gen/main.go
// describes the format); first is the pointer of its first entry.
type packedIndex struct {
	first int
	data  string
}

// each calls f for every entry of x, in pointer order.
func (x *packedIndex) each(f func(p int, cp rune)) {
	d := x.data
	p, prev := x.first, rune(0)
	for i := 0; i < len(d); {
		t := d[i]
		switch {
		case t < 0x80: // one entry, a small step from the last
			prev += rune(t) - 0x40
			f(p, prev)
			p++
			i++
		case t < 0xC0: // a short gap
			p += int(t&0x3F) + 1
			i++
		case t < 0xE0: // a run of consecutive code points
			for n := int(t&0x1F) + 2; n > 0; n-- {
				prev++
				f(p, prev)
				p++
			}
			i++
		case t < 0xF0: // one entry, a larger step
			if i+1 >= len(d) {
				return
			}
			prev += rune(int(t&0x0F)<<8|int(d[i+1])) - 2048
			f(p, prev)
			p++
			i += 2
		case t < 0xF8: // one entry, the code point itself
			if i+2 >= len(d) {
				return
			}
			prev = rune(t&0x07)<<16 | rune(d[i+1])<<8 | rune(d[i+2])
			f(p, prev)
			p++
			i += 3
		default: // a long gap
			if i+1 >= len(d) {
				return
			}
			p += int(t&0x07)<<8 | int(d[i+1]) + 65
			i += 2
		}
	}
}

// jis0208 holds the encoder's views of index jis0208: the "index pointer"
// (EUC-JP, ISO-2022-JP) and the "index Shift_JIS pointer".
var jis0208 struct {
	once sync.Once
	rev  revTable
	// sjis lists, by code point, the code points whose first pointer lies
	// in 8272–8835 (which "index Shift_JIS pointer" excludes) with their
	// first pointer outside that range; the others have none.
	sjis []cpPointer
}

type cpPointer struct {
	cp rune
	p  uint16
}

func jis0208Build() {
	t := &jis0208.rev
	t.init()
	var later []cpPointer // pointers after an excluded first pointer, in pointer order
	jis0208Index.each(func(p int, cp rune) {
		q := t.get(cp)
		if q < 0 {
			t.set(cp, p)
		} else if 8272 <= q && q <= 8835 && (p < 8272 || p > 8835) {
			later = append(later, cpPointer{cp, uint16(p)})
		}
	})
	t.trim()
	// Keep the first of them per code point.
	slices.SortStableFunc(later, func(a, b cpPointer) int { return cmp.Compare(a.cp, b.cp) })
	var s []cpPointer
	for _, x := range later {
		if len(s) == 0 || s[len(s)-1].cp != x.cp {
			s = append(s, x)
		}
	}
	jis0208.sjis = s
}

// jis0208Pointer returns the "index pointer" for cp in index jis0208, or -1.
func jis0208Pointer(cp rune) int {
	jis0208.once.Do(jis0208Build)
	return jis0208.rev.get(cp)
}

// shiftJISPointer returns the "index Shift_JIS pointer" for cp, or -1.
func shiftJISPointer(cp rune) int {
	jis0208.once.Do(jis0208Build)
	p := jis0208.rev.get(cp)
	if p < 8272 || p > 8835 {
		return p
	}
	if i, ok := slices.BinarySearchFunc(jis0208.sjis, cp, func(x cpPointer, cp rune) int { return cmp.Compare(x.cp, cp) }); ok {
		return int(jis0208.sjis[i].p)
	}
	return -1
}

var big5 struct {
	once sync.Once
	rev  revTable
}

// big5Pointer returns the "index Big5 pointer" for cp, or -1. The table
// already lacks the pointers below (0xA1 - 0x81) × 157 that step 1
// excludes.
func big5Pointer(cp rune) int {
	big5.once.Do(func() {
		t := &big5.rev
		t.init()
		big5Index.each(func(p int, cp rune) {
			switch cp {
			case 0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345:
				t.set(cp, p) // step 2: the last pointer
			default:
				t.addFirst(cp, p) // step 3: the first pointer
			}
		})
		t.trim()
	})
	return big5.rev.get(cp)
}

var eucKR struct {
	once sync.Once
	rev  revTable
}

// eucKRPointer returns the "index pointer" for cp in index EUC-KR, or -1.
func eucKRPointer(cp rune) int {
	eucKR.once.Do(func() {
		eucKR.rev.init()
		eucKRIndex.each(func(p int, cp rune) { eucKR.rev.addFirst(cp, p) })
		eucKR.rev.trim()
	})
	return eucKR.rev.get(cp)
}

var gb18030 struct {
	once sync.Once
	rev  revTable
}

// gb18030Pointer returns the "index pointer" for cp in index gb18030, or -1.
func gb18030Pointer(cp rune) int {
	gb18030.once.Do(func() {
		gb18030.rev.init()
		gb18030Index.each(func(p int, cp rune) { gb18030.rev.addFirst(cp, p) })
		gb18030.rev.trim()
	})
	return gb18030.rev.get(cp)
}

// gbRange is an entry of index gb18030 ranges.
type gbRange struct {
	pointer uint32
	cp      uint32
}

// gb18030RangesPointer is the "index gb18030 ranges pointer" for cp.
func gb18030RangesPointer(cp rune) int {
	// Step 1.
	if cp == 0xE7C7 {
		return 7457
	}
	// Step 2: the last entry whose code point is at most cp. The first
	// entry's code point is U+0080, and the encoder never asks below it.
	lo, hi := 0, len(gb18030Ranges)
	for hi-lo > 1 {
		m := int(uint(lo+hi) >> 1)
		if gb18030Ranges[m].cp <= uint32(cp) {
			lo = m
		} else {
			hi = m
		}
	}
	// Step 3.
	r := gb18030Ranges[lo]
	return int(r.pointer) + int(uint32(cp)-r.cp)
}
