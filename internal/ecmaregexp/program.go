package ecmaregexp

import (
	"fmt"
	"regexp"
	"sync"
	"unicode/utf8"
)

// subprog is one level of a translated pattern: an RE2 program whose
// groups are the ECMAScript groups outside loops with captures, and the
// iterations of those loops, each with a subprog of its own for the
// captures inside.
type subprog struct {
	atom   *node  // the loop's atom (nil for the top level)
	src    string // RE2 syntax
	groups []groupRef
	loops  []*loopInfo

	once     sync.Once
	err      error
	variants [4]*regexp.Regexp // anchored, with or without a code point of context before and after
}

// loopInfo is a loop whose captures a subprog finds.
type loopInfo struct {
	sub *subprog
}

func newSubprog(atom *node) *subprog { return &subprog{atom: atom} }

// build translates n; subprogs of loops are built too, recursively. The
// compile budget m is charged for the translation, its RE2 text and Go's
// compiling of it (four times for a loop's subprog, which is compiled in
// four variants), before Go compiles it.
func (p *subprog) build(n *node, budget, depth int, m *meter) (*transformer, *SyntaxError) {
	t := &transformer{budget: budget, depth: depth, m: m}
	tree := t.transform(n, false)
	if t.err != nil {
		return t, t.err
	}
	memo := map[*node][2]int{}
	k, at := expanded(tree, memo)
	if k > maxExpanded {
		return t, &SyntaxError{Offset: max(at, 0), Reason: fmt.Sprintf("the pattern is too large once its counted repetitions are expanded (more than %d nodes; RE2 expands them)", maxExpanded)}
	}
	compiles := 1
	if p.atom != nil {
		compiles = len(p.variants)
	}
	if !m.charge(costMemo*len(memo) + compiles*(costGoCompile+costGoNode*k)) {
		return t, m.err(n.pos)
	}
	e := emitter{m: m, textCost: costText + compiles*costGoText}
	if err := e.emit(tree, maxRepeat); err != nil {
		return t, err
	}
	p.src, p.groups, p.loops = e.b.String(), e.groups, t.loops
	for _, l := range t.loops {
		sub, err := l.sub.build(l.sub.atom, budget, depth+1, m)
		if err != nil {
			return t, err
		}
		t.approx = t.approx || sub.approx
	}
	return t, nil
}

// compileVariants compiles the anchored forms of a loop's atom: an
// optional code point before and after gives ^, $, \b and \B their
// context.
func (p *subprog) compileVariants() error {
	p.once.Do(func() {
		const any = `[\x00-\x{10FFFF}]`
		for i := range p.variants {
			src := `\A`
			if i&1 != 0 {
				src += any
			}
			src += "(?:" + p.src + ")"
			if i&2 != 0 {
				src += any
			}
			p.variants[i], p.err = regexp.Compile(src + `\z`)
			if p.err != nil {
				return
			}
		}
		for _, l := range p.loops {
			if p.err = l.sub.compileVariants(); p.err != nil {
				return
			}
		}
	})
	return p.err
}

// fill copies the groups of match m (offsets in s[base:]) to out and
// refines the loops.
func (p *subprog) fill(s string, m []int, base int, out []int) {
	for i, g := range p.groups {
		lo, hi := m[2*i+2], m[2*i+3]
		if lo >= 0 && g.loop == nil {
			out[2*g.cap], out[2*g.cap+1] = lo+base, hi+base
		}
	}
	for _, l := range p.loops {
		// A loop's iteration group comes once within the minimum count
		// and once beyond it; the later copy, when set, holds the last
		// iteration.
		lo, hi := -1, -1
		for i, g := range p.groups {
			if g.loop == l && m[2*i+2] >= 0 {
				lo, hi = m[2*i+2]+base, m[2*i+3]+base
			}
		}
		if lo >= 0 {
			l.sub.refine(s, lo, hi, out)
		}
	}
}

// refine finds the captures of a loop's last iteration, which spans
// s[lo:hi].
func (p *subprog) refine(s string, lo, hi int, out []int) {
	v, before, after := 0, 0, 0
	if lo > 0 {
		_, before = utf8.DecodeLastRuneInString(s[:lo])
		v |= 1
	}
	if hi < len(s) {
		_, after = utf8.DecodeRuneInString(s[hi:])
		v |= 2
	}
	m := p.variants[v].FindStringSubmatchIndex(s[lo-before : hi+after])
	if m == nil {
		return // cannot happen: the iteration matched this span
	}
	p.fill(s, m, lo-before, out)
}

// compileLoops compiles the subprogs of the top level's loops.
func (p *subprog) compileLoops() error {
	for _, l := range p.loops {
		if err := l.sub.compileVariants(); err != nil {
			return err
		}
	}
	return nil
}

// size is the length of the RE2 source of p and of its loops' programs.
func (p *subprog) size() int {
	n := len(p.src)
	for _, l := range p.loops {
		n += l.sub.size()
	}
	return n
}
