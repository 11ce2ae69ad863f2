//go:generate go run ./genjoining -ucd DerivedJoiningType.txt -o joiningtype.go

package idna

import (
	"slices"
	"strings"

	"golang.org/x/text/unicode/norm"
)

// zwnjInContext is CheckJoiners' rule for U+200C ZERO WIDTH NON-JOINER
// (RFC 5892, appendix A.1): after a virama, or between a left- or
// dual-joining code point and a right- or dual-joining one, with only
// transparent ones between. x/net/idna accepts any code point after it;
// its other joiner checks are right, so this one only adds to them.
func zwnjInContext(label string) bool {
	if !strings.Contains(label, "\u200c") {
		return true
	}
	runes := []rune(label)
	for i, r := range runes {
		if r != '\u200c' {
			continue
		}
		if i > 0 && norm.NFC.PropertiesString(string(runes[i-1])).CCC() == cccVirama {
			continue
		}
		before, after := jtU, jtU // the first non-transparent type on each side
		for j := i - 1; j >= 0; j-- {
			if before = joiningTypeOf(runes[j]); before != jtT {
				break
			}
		}
		for k := i + 1; k < len(runes); k++ {
			if after = joiningTypeOf(runes[k]); after != jtT {
				break
			}
		}
		if before != jtL && before != jtD || after != jtR && after != jtD {
			return false
		}
	}
	return true
}

// cccVirama is Canonical_Combining_Class=Virama.
const cccVirama = 9

// joiningType is a Joining_Type value; jtU stands for U and C too.
type joiningType uint8

const (
	jtU joiningType = iota
	jtD
	jtL
	jtR
	jtT
)

type joiningRange struct {
	lo, hi rune
	t      joiningType
}

// joiningTypeOf looks r up in joiningTypes.
func joiningTypeOf(r rune) joiningType {
	i, found := slices.BinarySearchFunc(joiningTypes[:], r, func(jr joiningRange, r rune) int {
		switch {
		case jr.hi < r:
			return -1
		case jr.lo > r:
			return 1
		}
		return 0
	})
	if !found {
		return jtU
	}
	return joiningTypes[i].t
}
