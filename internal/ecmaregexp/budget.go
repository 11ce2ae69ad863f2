package ecmaregexp

import (
	"fmt"
	"strconv"
)

// DefaultBudget is the compile budget of Compile, in bytes: 32 MiB.
const DefaultBudget = 32 << 20

// The compile budget bounds what compiling takes, charged as the pattern
// is read and translated, before the memory is taken: each node of the
// parsed and translated trees, each range of a set (and the work of
// folding sets under the i flag), each string of a class (\p{RGI_Emoji}
// is a trie of some 8,400 nodes), each byte of RE2 text, and Go's parse
// and program of that text (with its counted repetitions expanded, as RE2
// expands them) for the pattern and for each sub-program of a loop with
// captures. The costs are the bytes that each of those allocates, as
// measured (TestBudgetEstimate holds the allocations under the estimate).
const (
	costNode      = 256  // a node of a tree, with its share of the slices that hold it
	costTrie      = 160  // a node of a class's string trie, beside its tree node
	costRange     = 24   // a range of a set, with the intermediate sets that made it
	costFold      = 48   // per range or fold pair, folding a large set under the i flag
	costClose     = 24   // per range or fold pair, closing a large set under the i flag
	costText      = 4    // a byte of RE2 text, with the builder's growth
	costGoText    = 8    // a byte of RE2 text in Go's parse
	costGoNode    = 320  // a node of the translation, expanded, in Go's parse and program
	costGoCompile = 4096 // one regexp.Compile
	costMemo      = 96   // a node in the translation's memo tables
)

// meter is a compile budget and what has been charged to it.
type meter struct{ used, limit int }

// charge adds n bytes and reports whether the budget still holds.
func (m *meter) charge(n int) bool {
	m.used += n
	return m.used <= m.limit
}

// err is the error of a budget exceeded at offset pos.
func (m *meter) err(pos int) *SyntaxError {
	return &SyntaxError{Offset: pos, Budget: m.limit, Reason: budgetReason(m.limit)}
}

func budgetReason(limit int) string {
	return fmt.Sprintf("the pattern exceeds the compile budget of %s (an estimate of the memory its translation takes)", FormatBytes(limit))
}

// FormatBytes writes a budget as people read it: "32 MiB", "1500 bytes".
func FormatBytes(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.Itoa(n>>20) + " MiB"
	case n >= 1<<10 && n%(1<<10) == 0:
		return strconv.Itoa(n>>10) + " KiB"
	}
	return strconv.Itoa(n) + " bytes"
}

// charge adds n bytes to the parser's budget; beyond it the pattern fails
// at pos.
func (p *parser) charge(n, pos int) {
	if !p.m.charge(n) {
		e := p.m.err(pos)
		e.Source = p.src
		panic(bail{e})
	}
}

// foldCost is what folding or closing s under the i flag takes, at per
// range or fold pair: one by one for a small set, through the fold pairs
// for a large one.
func foldCost(s runeSet, per int) int {
	if s.small() {
		return costRange * 16
	}
	loadFolds()
	return per * (len(s) + len(folded) + len(foldPairs))
}

// fold is foldSet, charged.
func (p *parser) fold(s runeSet, pos int) runeSet {
	p.charge(foldCost(s, costFold), pos)
	return foldSet(s)
}
