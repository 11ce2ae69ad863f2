package idna

import (
	"cmp"
	"slices"
)

// Punycode's parameters, RFC 3492 section 5.
const (
	pcBase        = 36
	pcTMin        = 1
	pcTMax        = 26
	pcSkew        = 38
	pcDamp        = 700
	pcInitialBias = 72
	pcInitialN    = 128
)

// appendPunycode appends the Punycode encoding of label, RFC 3492 section
// 6.3. The RFC's main loop scans the whole label once per distinct code
// point; here a Fenwick tree counts the code points already handled
// between two occurrences, so that the cost is O(n log n).
func appendPunycode(dst []byte, label string) []byte {
	runes := []rune(label)
	handled := make([]int32, len(runes)+1) // Fenwick tree over positions
	mark := func(i int) {
		for i++; i < len(handled); i += i & -i {
			handled[i]++
		}
	}
	before := func(i int) int { // handled positions in [0, i)
		n := 0
		for ; i > 0; i -= i & -i {
			n += int(handled[i])
		}
		return n
	}
	var rest []int32 // positions of the non-basic code points
	for i, r := range runes {
		if r < 0x80 {
			dst = append(dst, byte(r))
			mark(i)
		} else {
			rest = append(rest, int32(i))
		}
	}
	b := len(runes) - len(rest)
	h := b
	if b > 0 {
		dst = append(dst, '-')
	}
	// The RFC handles code points in increasing order, each value's
	// occurrences from left to right.
	slices.SortFunc(rest, func(i, j int32) int {
		return cmp.Or(cmp.Compare(runes[i], runes[j]), cmp.Compare(i, j))
	})
	n, delta, bias := pcInitialN, 0, pcInitialBias
	for k := 0; k < len(rest); {
		m := int(runes[rest[k]])
		delta += (m - n) * (h + 1)
		n = m
		from, first := 0, k
		for ; k < len(rest) && int(runes[rest[k]]) == m; k++ {
			pos := int(rest[k])
			delta += before(pos) - before(from)
			dst = appendPunycodeNumber(dst, delta, bias)
			bias = punycodeAdapt(delta, h+1, h == b)
			delta = 0
			h++
			from = pos + 1
		}
		delta += before(len(runes)) - before(from)
		for _, pos := range rest[first:k] {
			mark(int(pos))
		}
		delta++
		n++
	}
	return dst
}

// appendPunycodeNumber appends q as a generalized variable-length integer.
func appendPunycodeNumber(dst []byte, q, bias int) []byte {
	for k := pcBase; ; k += pcBase {
		t := min(max(k-bias, pcTMin), pcTMax)
		if q < t {
			break
		}
		dst = append(dst, punycodeDigit(t+(q-t)%(pcBase-t)))
		q = (q - t) / (pcBase - t)
	}
	return append(dst, punycodeDigit(q))
}

func punycodeDigit(d int) byte {
	if d < 26 {
		return byte('a' + d)
	}
	return byte('0' + d - 26)
}

// punycodeAdapt is the bias adaptation function, RFC 3492 section 6.1.
func punycodeAdapt(delta, numPoints int, first bool) int {
	if first {
		delta /= pcDamp
	} else {
		delta /= 2
	}
	delta += delta / numPoints
	k := 0
	for delta > ((pcBase-pcTMin)*pcTMax)/2 {
		delta /= pcBase - pcTMin
		k += pcBase
	}
	return k + (pcBase-pcTMin+1)*delta/(delta+pcSkew)
}
