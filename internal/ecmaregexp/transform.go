package ecmaregexp

import "fmt"

// ECMA-262's RepeatMatcher differs from RE2's loops in two ways, which the
// transform below removes before the pattern is written out:
//
//   - The empty check: an iteration beyond the minimum count that matches
//     the empty string fails, and the matcher backtracks into the atom for
//     another way (/(?:|a)*/ matches "a" in "a"). RE2 instead ends the loop.
//     So a loop A{min,max} becomes A{min} followed by ne(A){0,max-min}, where
//     ne(A) matches exactly the non-empty ways of A, in A's order of
//     preference.
//   - Captures inside a quantified atom are reset at each iteration, so
//     only the last iteration's count; RE2 keeps the last value each group
//     had. A loop with captures (other than an optional atom that cannot
//     match empty) is written with its captures hidden and each iteration
//     inside a group of its own; after a match, a sub-program for the atom
//     is run on the last iteration's span to find the captures. The first
//     way (in order of preference) in which the atom matches exactly that
//     span is the way the whole match took, since what follows the
//     iteration depends only on where it ended.

// maxLoopDepth bounds the nesting of loops with captures, each of which
// adds a program as large as its atom.
const maxLoopDepth = 16

// transformer builds the translated tree of one program level.
type transformer struct {
	memo   map[*node]nodeProps
	depth  int // how many loops with captures enclose this level
	err    *SyntaxError
	loops  []*loopInfo
	budget int // work left for ne's distribution; below zero it gives up
	approx bool
	m      *meter // the compile budget, charged for each node made
}

// alloc charges the compile budget for a node made for the construct at
// pos; once it is spent, the transformation fails (t.err) and ne gives up.
func (t *transformer) alloc(pos int) {
	if !t.m.charge(costNode) && t.err == nil {
		t.err = t.m.err(pos)
	}
	if t.err != nil {
		t.budget = -1
	}
}

func canEmpty(n *node) bool {
	switch n.kind {
	case nSet:
		return false
	case nConcat:
		for _, s := range n.subs {
			if !canEmpty(s) {
				return false
			}
		}
		return true
	case nAlt:
		for _, s := range n.subs {
			if canEmpty(s) {
				return true
			}
		}
		return false
	case nCapture, nLoopIter:
		return canEmpty(n.subs[0])
	case nRepeat:
		return n.min == 0 || canEmpty(n.subs[0])
	}
	return true // nEmpty and the assertions
}

func hasCapture(n *node) bool {
	if n.kind == nCapture {
		return true
	}
	for _, s := range n.subs {
		if hasCapture(s) {
			return true
		}
	}
	return false
}

// transform returns the tree to write for n; hide drops the captures (a
// sub-program finds them). The result shares subtrees (a DAG), so the
// helpers below memoize by node.
func (t *transformer) transform(n *node, hide bool) *node {
	t.alloc(n.pos)
	switch n.kind {
	case nCapture:
		if hide {
			return t.transform(n.subs[0], hide)
		}
		c := *n
		c.subs = []*node{t.transform(n.subs[0], false)}
		return &c
	case nConcat, nAlt:
		c := *n
		c.subs = make([]*node, len(n.subs))
		for i, s := range n.subs {
			c.subs[i] = t.transform(s, hide)
		}
		return &c
	case nRepeat:
		return t.transformRepeat(n, hide)
	}
	return n
}

func (t *transformer) transformRepeat(n *node, hide bool) *node {
	a := n.subs[0]
	if n.max == 0 {
		return t.never(a, hide, n.pos)
	}
	var loop *loopInfo
	if !hide && hasCapture(a) && (n.max != 1 || canEmpty(a)) {
		if t.depth >= maxLoopDepth && t.err == nil {
			t.err = &SyntaxError{Offset: n.pos, Reason: fmt.Sprintf("more than %d nested quantified atoms with capturing groups are not supported (each level is a program of its own)", maxLoopDepth)}
		}
		loop = &loopInfo{sub: newSubprog(a)}
		t.loops = append(t.loops, loop)
		hide = true
	}
	inner := t.transform(a, hide)
	iter := func(x *node, copy int) *node {
		if loop == nil {
			return x
		}
		return &node{kind: nLoopIter, subs: []*node{x}, loop: loop, copy: copy, pos: x.pos}
	}
	repeat := func(x *node, min, max int) *node {
		return &node{kind: nRepeat, subs: []*node{x}, min: min, max: max, lazy: n.lazy, pos: n.pos}
	}
	if n.min == n.max || !canEmpty(a) {
		// No iteration beyond the minimum can match the empty string:
		// RE2's loop is ECMAScript's.
		return repeat(iter(inner, 1), n.min, n.max)
	}
	beyond, ok := t.ne(inner)
	if ok && n.min > 0 {
		// The atom is written twice: within the minimum and beyond.
		t.budget -= t.size(inner)
		ok = t.budget >= 0
	}
	if !ok {
		// Too costly to make exact: RE2's own rule for empty iterations.
		t.approx = true
		return repeat(iter(inner, 1), n.min, n.max)
	}
	exact := repeat(iter(inner, 0), n.min, n.min)
	if beyond == nil {
		return exact
	}
	max := n.max
	if max > 0 {
		max -= n.min
	}
	tail := repeat(iter(beyond, 1), 0, max)
	if n.min == 0 {
		return tail
	}
	return &node{kind: nConcat, subs: []*node{exact, tail}, pos: n.pos}
}

// nodeProps are what the rewriting asks of a (shared) subtree.
type nodeProps struct {
	empty, nonEmpty bool // it has ways that match the empty string, other ways
	size            int  // its size written out as a tree (saturated)
}

func (t *transformer) props(n *node) nodeProps {
	if p, ok := t.memo[n]; ok {
		return p
	}
	var p nodeProps
	p.size = 1
	switch n.kind {
	case nSet:
		p.nonEmpty = true
	case nConcat:
		p.empty = true
		for _, s := range n.subs {
			q := t.props(s)
			p.empty = p.empty && q.empty
			p.nonEmpty = p.nonEmpty || q.nonEmpty
			p.size += q.size
		}
	case nAlt:
		for _, s := range n.subs {
			q := t.props(s)
			p.empty = p.empty || q.empty
			p.nonEmpty = p.nonEmpty || q.nonEmpty
			p.size += q.size
		}
	case nCapture, nLoopIter, nRepeat:
		q := t.props(n.subs[0])
		p.empty, p.nonEmpty, p.size = q.empty, q.nonEmpty, q.size+1
		if n.kind == nRepeat {
			p.empty = n.min == 0 || q.empty
			p.nonEmpty = n.max != 0 && q.nonEmpty
		}
	default: // nEmpty and the assertions
		p.empty = true
	}
	p.size = min(p.size, 1<<30)
	if t.memo == nil {
		t.memo = map[*node]nodeProps{}
	}
	t.memo[n] = p
	return p
}

func (t *transformer) size(n *node) int { return t.props(n).size }

// ne returns a tree matching exactly the non-empty ways of n, in n's order
// of preference (nil if n has none); ok is false when the distribution it
// needs exceeds the budget or would copy a capture.
func (t *transformer) ne(n *node) (*node, bool) {
	t.alloc(n.pos)
	t.budget--
	if t.budget < 0 {
		return nil, false
	}
	p := t.props(n)
	if !p.empty {
		return n, true
	}
	if !p.nonEmpty {
		return nil, true
	}
	switch n.kind {
	case nAlt:
		c := &node{kind: nAlt, pos: n.pos}
		for _, s := range n.subs {
			x, ok := t.ne(s)
			if !ok {
				return nil, false
			}
			if x != nil {
				c.subs = append(c.subs, x)
			}
		}
		return c, true
	case nCapture, nLoopIter:
		x, ok := t.ne(n.subs[0])
		if !ok || x == nil {
			return x, ok
		}
		c := *n
		c.subs = []*node{x}
		return &c, true
	case nRepeat:
		a := n.subs[0]
		if n.min == 0 && !t.props(a).empty {
			// A loop of non-empty iterations: at least one.
			c := *n
			c.min = 1
			return &c, true
		}
		if n.min == n.max && n.min > 0 {
			rest := &node{kind: nRepeat, subs: n.subs, min: n.min - 1, max: n.max - 1, pos: n.pos}
			return t.neConcat([]*node{a, rest})
		}
		return nil, false // a loop RE2 runs as it is (approximated)
	case nConcat:
		return t.neConcat(n.subs)
	}
	return nil, false
}

func concat(pos int, subs ...*node) *node {
	var out []*node
	for _, s := range subs {
		if s.kind == nConcat {
			out = append(out, s.subs...)
		} else if s.kind != nEmpty {
			out = append(out, s)
		}
	}
	switch len(out) {
	case 0:
		return &node{kind: nEmpty, pos: pos}
	case 1:
		return out[0]
	}
	return &node{kind: nConcat, subs: out, pos: pos}
}

func (t *transformer) neConcat(subs []*node) (*node, bool) {
	if len(subs) == 0 {
		return nil, true
	}
	first, rest := subs[0], subs[1:]
	pos := first.pos
	restNode := concat(pos, rest...)
	fp := t.props(first)
	if !fp.empty {
		return concat(pos, first, restNode), true
	}
	if !fp.nonEmpty {
		r, ok := t.neConcat(rest)
		if !ok || r == nil {
			return nil, ok
		}
		return concat(pos, first, r), true
	}
	pieces, ok := t.pieces(first)
	if !ok {
		return nil, false
	}
	alt := &node{kind: nAlt, pos: pos}
	var neRest *node
	neRestDone := false
	for _, p := range pieces {
		t.alloc(pos)
		if p.nonEmpty {
			t.budget -= t.size(restNode)
			alt.subs = append(alt.subs, concat(pos, p.n, restNode))
			continue
		}
		if !neRestDone {
			neRest, ok = t.neConcat(rest)
			if !ok {
				return nil, false
			}
			neRestDone = true
		}
		if neRest != nil {
			t.budget -= t.size(neRest)
			alt.subs = append(alt.subs, concat(pos, p.n, neRest))
		}
	}
	if t.budget < 0 {
		return nil, false
	}
	switch len(alt.subs) {
	case 0:
		return nil, true
	case 1:
		return alt.subs[0], true
	}
	return alt, true
}

// piece is part of a tree's ways, all empty or all non-empty.
type piece struct {
	n        *node
	nonEmpty bool
}

// pieces splits n's ways, in order, into runs that are all empty or all
// non-empty, so that the alternation of the runs is n.
func (t *transformer) pieces(n *node) ([]piece, bool) {
	t.alloc(n.pos)
	t.budget--
	if t.budget < 0 {
		return nil, false
	}
	p := t.props(n)
	if !p.empty {
		return []piece{{n, true}}, true
	}
	if !p.nonEmpty {
		return []piece{{n, false}}, true
	}
	switch n.kind {
	case nAlt:
		var out []piece
		for _, s := range n.subs {
			p, ok := t.pieces(s)
			if !ok {
				return nil, false
			}
			out = append(out, p...)
		}
		return out, true
	case nRepeat:
		a := n.subs[0]
		if n.min == 0 && !t.props(a).empty {
			more := *n
			more.min = 1
			empty := piece{&node{kind: nEmpty, pos: n.pos}, false}
			if n.lazy {
				return []piece{empty, {&more, true}}, true
			}
			return []piece{{&more, true}, empty}, true
		}
		if n.min == n.max && n.min > 0 {
			rest := &node{kind: nRepeat, subs: n.subs, min: n.min - 1, max: n.max - 1, pos: n.pos}
			return t.piecesConcat([]*node{a, rest})
		}
	case nConcat:
		return t.piecesConcat(n.subs)
	}
	// A capture (or a loop's iteration group) would have to be split.
	return nil, false
}

func (t *transformer) piecesConcat(subs []*node) ([]piece, bool) {
	first, rest := subs[0], subs[1:]
	if len(rest) == 0 {
		return t.pieces(first)
	}
	pos := first.pos
	restNode := concat(pos, rest...)
	fp, ok := t.pieces(first)
	if !ok {
		return nil, false
	}
	var out []piece
	var rp []piece
	for _, p := range fp {
		t.alloc(pos)
		if p.nonEmpty {
			t.budget -= t.size(restNode)
			out = append(out, piece{concat(pos, p.n, restNode), true})
			continue
		}
		if rp == nil {
			if rp, ok = t.piecesConcat(rest); !ok {
				return nil, false
			}
		}
		for _, q := range rp {
			t.alloc(pos)
			t.budget -= t.size(q.n)
			out = append(out, piece{concat(pos, p.n, q.n), q.nonEmpty})
		}
		if t.budget < 0 {
			return nil, false
		}
	}
	if t.budget < 0 {
		return nil, false
	}
	return out, true
}

// maxExpanded bounds the size of a program once RE2 has expanded its
// counted repetitions (x{3} is x x x): beyond it compiling takes seconds.
const maxExpanded = 1 << 19

// expanded returns the size of n (a DAG) written out, with its counted
// repetitions expanded, and the offset of the innermost repetition that
// alone exceeds maxExpanded (-1 if none does).
func expanded(n *node, memo map[*node][2]int) (int, int) {
	if r, ok := memo[n]; ok {
		return r[0], r[1]
	}
	total, at := 1, -1
	for _, s := range n.subs {
		k, p := expanded(s, memo)
		total += k
		if at < 0 {
			at = p
		}
	}
	if n.kind == nRepeat {
		total *= max(n.min, n.max, 1)
		if total > maxExpanded && at < 0 {
			at = n.pos
		}
	}
	total = min(total, 2*maxExpanded)
	memo[n] = [2]int{total, at}
	return total, at
}

// astSize is the number of nodes of a parsed pattern (a tree).
func astSize(n *node) int {
	k := 1
	for _, s := range n.subs {
		k += astSize(s)
	}
	return k
}

// never is the tree of a{0}, which matches the empty string. ECMAScript
// still counts a's capturing groups, each undefined in every match, so
// that the groups after it keep their numbers: they are written as empty
// groups in a branch that never matches (a set of no code point), made
// optional. Hidden captures (a loop's sub-program finds them) need no
// place.
func (t *transformer) never(a *node, hide bool, pos int) *node {
	seq := []*node{{kind: nSet, pos: pos}}
	var walk func(*node)
	walk = func(x *node) {
		if x.kind == nCapture {
			seq = append(seq, &node{kind: nCapture, cap: x.cap, subs: []*node{{kind: nEmpty, pos: x.pos}}, pos: x.pos})
		}
		for _, s := range x.subs {
			walk(s)
		}
	}
	if !hide {
		walk(a)
	}
	if len(seq) == 1 {
		return &node{kind: nEmpty, pos: pos}
	}
	return &node{kind: nRepeat, min: 0, max: 1, subs: []*node{{kind: nConcat, subs: seq, pos: pos}}, pos: pos}
}
