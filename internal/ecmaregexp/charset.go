package ecmaregexp

import (
	"encoding/binary"
	"slices"
	"sort"
	"sync"
	"unicode/utf8"
)

// runeRange is an inclusive range of code points.
type runeRange struct{ lo, hi rune }

// runeSet is a set of code points: sorted, disjoint, non-adjacent ranges.
// Operations cost time linear in the number of ranges, never in the number
// of code points.
type runeSet []runeRange

var allRunes = runeSet{{0, utf8.MaxRune}}

// decodeRanges reads a table written by genunicode.
func decodeRanges(s string) runeSet {
	b := []byte(s)
	var out runeSet
	next := rune(0)
	for len(b) > 0 {
		gap, n := binary.Uvarint(b)
		b = b[n:]
		length, m := binary.Uvarint(b)
		b = b[m:]
		lo := next + rune(gap)
		out = append(out, runeRange{lo, lo + rune(length)})
		next = lo + rune(length) + 1
	}
	return out
}

// normalize sorts and merges ranges.
func normalize(rs []runeRange) runeSet {
	if len(rs) == 0 {
		return nil
	}
	slices.SortFunc(rs, func(a, b runeRange) int { return int(a.lo - b.lo) })
	out := runeSet{rs[0]}
	for _, r := range rs[1:] {
		last := &out[len(out)-1]
		if r.lo <= last.hi+1 {
			last.hi = max(last.hi, r.hi)
		} else {
			out = append(out, r)
		}
	}
	return out
}

func (s runeSet) union(t runeSet) runeSet {
	if len(t) == 0 {
		return s
	}
	if len(s) == 0 {
		return t
	}
	out := make(runeSet, 0, len(s)+len(t))
	add := func(r runeRange) {
		if n := len(out); n > 0 && r.lo <= out[n-1].hi+1 {
			out[n-1].hi = max(out[n-1].hi, r.hi)
			return
		}
		out = append(out, r)
	}
	i, j := 0, 0
	for i < len(s) || j < len(t) {
		if j == len(t) || i < len(s) && s[i].lo <= t[j].lo {
			add(s[i])
			i++
		} else {
			add(t[j])
			j++
		}
	}
	return out
}

// sortedPoints merges sorted code points into a set.
func sortedPoints(ps []rune) runeSet {
	var out runeSet
	for _, p := range ps {
		if n := len(out); n > 0 && p <= out[n-1].hi+1 {
			out[n-1].hi = max(out[n-1].hi, p)
			continue
		}
		out = append(out, runeRange{p, p})
	}
	return out
}

// complement is the set of code points not in s.
func (s runeSet) complement() runeSet {
	var out runeSet
	next := rune(0)
	for _, r := range s {
		if r.lo > next {
			out = append(out, runeRange{next, r.lo - 1})
		}
		next = r.hi + 1
	}
	if next <= utf8.MaxRune {
		out = append(out, runeRange{next, utf8.MaxRune})
	}
	return out
}

func (s runeSet) intersect(t runeSet) runeSet {
	var out runeSet
	i, j := 0, 0
	for i < len(s) && j < len(t) {
		lo, hi := max(s[i].lo, t[j].lo), min(s[i].hi, t[j].hi)
		if lo <= hi {
			out = append(out, runeRange{lo, hi})
		}
		if s[i].hi < t[j].hi {
			i++
		} else {
			j++
		}
	}
	return out
}

func (s runeSet) subtract(t runeSet) runeSet { return s.intersect(t.complement()) }

func (s runeSet) contains(r rune) bool {
	i := sort.Search(len(s), func(i int) bool { return s[i].hi >= r })
	return i < len(s) && s[i].lo <= r
}

// count is the number of code points in s.
func (s runeSet) count() rune {
	n := rune(0)
	for _, r := range s {
		n += r.hi - r.lo + 1
	}
	return n
}

// small reports whether s has at most 16 code points, few enough to fold
// one by one.
func (s runeSet) small() bool {
	n := rune(0)
	for _, r := range s {
		n += r.hi - r.lo + 1
		if n > 16 {
			return false
		}
	}
	return true
}

// single returns the code point of a one-element set, and false for any
// other set.
func (s runeSet) single() (rune, bool) {
	if len(s) == 1 && s[0].lo == s[0].hi {
		return s[0].lo, true
	}
	return 0, false
}

// foldPair is a code point and its simple case folding (scf).
type foldPair struct{ from, to rune }

var (
	foldOnce  sync.Once
	foldPairs []foldPair
	// folded is the set of code points that scf changes; the others are
	// ECMA-262's AllCharacters under the v and i flags.
	folded runeSet
	// canonical is folded's complement.
	canonical runeSet
	// unfold maps a folding to the code points that fold to it (itself
	// excluded).
	unfold map[rune][]rune
)

func loadFolds() {
	foldOnce.Do(func() {
		b := []byte(simpleFoldings)
		prev := rune(0)
		var rs []runeRange
		unfold = map[rune][]rune{}
		for len(b) > 0 {
			d, n := binary.Uvarint(b)
			b = b[n:]
			to, m := binary.Varint(b)
			b = b[m:]
			from := prev + rune(d)
			prev = from
			p := foldPair{from, from + rune(to)}
			foldPairs = append(foldPairs, p)
			rs = append(rs, runeRange{from, from})
			unfold[p.to] = append(unfold[p.to], from)
		}
		folded = normalize(rs)
		canonical = folded.complement()
	})
}

// scf is Unicode simple case folding, ECMA-262's Canonicalize with the u or
// v flag and ignoreCase.
func scf(r rune) rune {
	loadFolds()
	i := sort.Search(len(foldPairs), func(i int) bool { return foldPairs[i].from >= r })
	if i < len(foldPairs) && foldPairs[i].from == r {
		return foldPairs[i].to
	}
	return r
}

// foldSet is ECMA-262's MaybeSimpleCaseFolding for a set of code points:
// every code point replaced by its simple case folding.
func foldSet(s runeSet) runeSet {
	loadFolds()
	if s.small() {
		var rs []runeRange
		for _, r := range s {
			for c := r.lo; c <= r.hi; c++ {
				f := scf(c)
				rs = append(rs, runeRange{f, f})
			}
		}
		return normalize(rs)
	}
	moved := s.intersect(folded)
	if len(moved) == 0 {
		return s
	}
	var add []runeRange
	for _, p := range foldPairs {
		if moved.contains(p.from) {
			add = append(add, runeRange{p.to, p.to})
		}
	}
	return s.subtract(folded).union(normalize(add))
}

// closeSet is the set of code points that a CharacterSetMatcher with
// ignoreCase matches for a set of folded code points: those whose folding
// is in s.
func closeSet(s runeSet) runeSet {
	loadFolds()
	if s.count() > utf8.MaxRune/2 {
		// A large set (a complement, say) closes through what it lacks:
		// the code points whose folding is not in s.
		return closeSet(canonical.subtract(s)).complement()
	}
	var add []runeRange
	if s.small() {
		for _, r := range s {
			for c := r.lo; c <= r.hi; c++ {
				for _, u := range unfold[c] {
					add = append(add, runeRange{u, u})
				}
			}
		}
		return s.union(normalize(add))
	}
	var ps []rune
	for _, p := range foldPairs {
		if s.contains(p.to) {
			ps = append(ps, p.from)
		}
	}
	return s.union(sortedPoints(ps))
}

// canonicalRunes is AllCharacters under the v and i flags: the code points
// that simple case folding leaves alone.
func canonicalRunes() runeSet {
	loadFolds()
	return canonical
}
