package urlpattern

import (
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/weburl/weburl/internal/ecmaregexp"
)

// Containment and overlap of patterns, component by component, as
// questions about the regular languages of their part lists.
//
// A part list without regexp parts is a regular expression over code
// points with three classes besides literals: the segment wildcard (one
// or more code points other than the delimiter), the full wildcard (any
// code points but line terminators) and the modifiers. Its language does
// not depend on the lazy or greedy choices of the generated expression,
// nor on ECMAScript's rule against empty iterations, which only changes
// which match is found. Each part list compiles to an automaton with
// epsilon edges (nfa); the alphabet is finite once the code points that
// no literal names are one symbol, since every class treats them alike.
//
// The component values of a URL never hold a line terminator (the URL
// parser removes newlines and percent-encodes the rest), so a full
// wildcard matches every value a URL can give: that is what lets it
// cover a regexp group, whose language is not read here.

// maxContainStates bounds the pairs the checks visit (a subset
// construction is exponential in the worst case), and maxContainWork the
// states they step through (a pair's step is linear in the automata);
// past either the answer is "not decided".
const (
	maxContainStates = 4096
	maxContainWork   = 1 << 20
)

// Covers reports whether p matches every URL that q matches, so that q
// can never match first behind p: for each of the eight components, every
// string q's part list matches is matched by p's. decided reports whether
// covers is exact; when it is false, covers is false too and p may still
// cover q.
//
// It is exact for part lists without regexp groups: literals, named and
// unnamed segment wildcards (":name"), full wildcards ("*"), the
// modifiers "?", "*" and "+", and "{...}" groups with their prefixes and
// suffixes; and for a q component of fixed text alone, which p covers
// when it matches that one string, whatever p holds. Otherwise a regexp
// group of q is covered by a regexp group of p with the same source at
// the same place in the parts around it, by a full wildcard, or by a
// segment wildcard when no string of the expression can hold the
// delimiter ("/" in a pathname, "." in a hostname), as read from its
// syntax: literals, \d, \w, \s and classes of those (not ".", a negated
// class or escape, \p{...}, or a code point escape such as \x2F); nothing
// else of p is taken to match it, and a regexp group of p matches only
// such a group of q. So "/a/:x" covers "/a/:id(\d+)", "/a/:id(\d+)"
// covers "/a/:n(\d+)" and "/a/7", and "/*" covers them all, but whether
// "/a/:x" covers "/a/:p(.+)" or "/a/:id(\d+)" covers "/a/:n([0-9]+)" is not
// decided, nor is anything where a regexp group asserts on what is around
// it ("^", "$", "\b", "\B", a lookaround: "($)1" matches nothing) unless
// p and q are the same. A regexp group is taken to match some string.
// Deciding visits at most 4,096 pairs of states (p's automaton is
// determinized, which is exponential at worst) and 1M steps; past that
// the answer is not decided. With IgnoreCase, p must ignore case wherever q does for an
// exact answer.
//
// The question is asked of component strings: p and q are compared as if
// any string without a line terminator (a URL's components hold none)
// could be a component's value, so two patterns that differ only on
// strings no URL has ("*" and "/*" as pathnames of a special scheme) are
// not found to cover each other. A nil or zero q matches nothing and is
// covered by any p.
func (p *Pattern) Covers(q *Pattern) (covers, decided bool) {
	if q == nil || q.comps[0] == nil {
		return true, true
	}
	if p == nil || p.comps[0] == nil {
		return false, true
	}
	decided = true
	for c := range numComponents {
		cov, dec := componentCovers(p.comps[c], q.comps[c])
		if !cov && dec {
			return false, true
		}
		decided = decided && dec
	}
	return decided, decided
}

// Overlaps reports whether some URL may be matched by both p and q:
// whether, for each component, some string is matched by both part lists.
// decided reports whether the answer is exact. A regexp group is read as
// a full wildcard here (any string), so that a pattern with one is found
// to overlap where its expression might, and overlaps is then not
// decided; without regexp groups the answer is exact. As with Covers, the
// question is asked of component strings, so patterns whose common
// strings no URL has (a pathname of a special scheme that does not start
// with "/") are still found to overlap. Past the bounds of Covers, they
// are taken to overlap, not decided. A nil or zero Pattern overlaps
// nothing.
func (p *Pattern) Overlaps(q *Pattern) (overlaps, decided bool) {
	if p == nil || q == nil || p.comps[0] == nil || q.comps[0] == nil {
		return false, true
	}
	decided = true
	for c := range numComponents {
		ov, exact := componentOverlaps(p.comps[c], q.comps[c])
		if !ov {
			return false, true
		}
		decided = decided && exact
	}
	return true, decided
}

// edgeKind is what an edge of an nfa reads.
type edgeKind uint8

const (
	edgeEps   edgeKind = iota // nothing
	edgeRune                  // the code point r
	edgeSeg                   // a code point other than r (any, if r is 0): the segment wildcard's
	edgeAny                   // a code point other than a line terminator: the full wildcard's
	edgeToken                 // a regexp group whose source is tok (all its non-empty matches at once)
)

type edge struct {
	kind edgeKind
	r    rune
	tok  string
	to   int
}

// nfa is a part list's automaton: state 0 is the start, accept the only
// accepting state.
type nfa struct {
	edges  [][]edge
	accept int
}

// nfaBuilder builds an nfa; each fragment starts at a given state and
// returns a new state without edges, where it ends.
type nfaBuilder struct {
	n        nfa
	delim    rune
	fold     bool
	wildcard bool // regexp groups are full wildcards (for overlap)
}

func (b *nfaBuilder) state() int {
	b.n.edges = append(b.n.edges, nil)
	return len(b.n.edges) - 1
}

func (b *nfaBuilder) edge(from int, e edge) { b.n.edges[from] = append(b.n.edges[from], e) }

func (b *nfaBuilder) eps(from, to int) { b.edge(from, edge{kind: edgeEps, to: to}) }

// lit reads the code points of s.
func (b *nfaBuilder) lit(from int, s string) int {
	for _, r := range s {
		to := b.state()
		b.edge(from, edge{kind: edgeRune, r: foldRune(r, b.fold), to: to})
		from = to
	}
	return from
}

// group reads a group's expression: [^d]+, .* or a regexp.
func (b *nfaBuilder) group(from int, pt *part) int {
	switch {
	case pt.typ == partSegmentWildcard:
		loop, one, end := b.state(), b.state(), b.state()
		b.eps(from, loop)
		b.edge(loop, edge{kind: edgeSeg, r: b.delim, to: one})
		b.eps(one, loop)
		b.eps(one, end)
		return end
	case pt.typ == partFullWildcard || b.wildcard:
		loop, end := b.state(), b.state()
		b.eps(from, loop)
		b.edge(loop, edge{kind: edgeAny, to: loop})
		b.eps(loop, end)
		return end
	}
	end := b.state()
	b.edge(from, edge{kind: edgeToken, tok: pt.value, to: end})
	if regexpMatchesEmpty(pt.value, b.fold) {
		b.eps(from, end)
	}
	return end
}

// modified reads body with modifier m, as generateRegexp writes it.
func (b *nfaBuilder) modified(from int, m modifier, body func(int) int) int {
	switch m {
	case modOptional:
		end := b.state()
		b.eps(body(from), end)
		b.eps(from, end)
		return end
	case modZeroOrMore, modOneOrMore:
		loop, end := b.state(), b.state()
		b.eps(from, loop)
		last := body(loop)
		b.eps(last, loop)
		if m == modZeroOrMore {
			b.eps(loop, end)
		} else {
			b.eps(last, end)
		}
		return end
	}
	return body(from)
}

// part reads one part: its expression in generateRegexp is
// (?:prefix(R)suffix)m, or prefix R (?:suffix prefix R)* suffix, made
// optional by "*", for a repeated group with a prefix or suffix.
func (b *nfaBuilder) part(from int, pt *part) int {
	if pt.typ == partFixedText {
		return b.modified(from, pt.modifier, func(s int) int { return b.lit(s, pt.value) })
	}
	if pt.prefix == "" && pt.suffix == "" || pt.modifier == modNone || pt.modifier == modOptional {
		return b.modified(from, pt.modifier, func(s int) int {
			return b.lit(b.group(b.lit(s, pt.prefix), pt), pt.suffix)
		})
	}
	m := modNone
	if pt.modifier == modZeroOrMore {
		m = modOptional
	}
	return b.modified(from, m, func(s int) int {
		s = b.group(b.lit(s, pt.prefix), pt)
		s = b.modified(s, modZeroOrMore, func(s int) int {
			return b.group(b.lit(b.lit(s, pt.suffix), pt.prefix), pt)
		})
		return b.lit(s, pt.suffix)
	})
}

func buildNFA(c *component, fold, wildcard bool) *nfa {
	b := &nfaBuilder{delim: rune(c.opts.delimiter), fold: fold, wildcard: wildcard}
	s := b.state()
	for i := range c.parts {
		s = b.part(s, &c.parts[i])
	}
	b.n.accept = s
	return &b.n
}

// regexpMatchesEmpty reports whether a regexp group's source matches the
// empty string (an ECMAScript empty check on the group alone).
func regexpMatchesEmpty(source string, fold bool) bool {
	var flags ecmaregexp.Flags
	if fold {
		flags = ecmaregexp.IgnoreCase
	}
	re, err := ecmaregexp.Compile("^(?:"+source+")$", flags)
	return err != nil || re.MatchString("") // in doubt, it may: a covering p must then take ""
}

// foldRune maps r to the least code point of its simple case folding
// orbit, when fold is set: a component that ignores case matches a string
// exactly when it matches the string so mapped, and its classes (the
// delimiters "/" and ".", the line terminators) have no other case.
func foldRune(r rune, fold bool) rune {
	if !fold {
		return r
	}
	least := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		least = min(least, f)
	}
	return least
}

// symbol is a letter of the alphabet the automata are read over: a code
// point, otherRune (every code point no literal names), or a regexp
// group's source.
type symbol struct {
	r   rune
	tok string
	// avoids: no string of the regexp tok holds the component's
	// delimiter (regexpAvoids), so a segment wildcard reads it.
	avoids bool
}

const otherRune = -1

// reads reports whether e reads sym.
func (e *edge) reads(sym symbol) bool {
	switch e.kind {
	case edgeRune:
		return sym.tok == "" && sym.r == e.r
	case edgeSeg:
		if sym.tok != "" {
			return e.r == 0 || sym.avoids
		}
		return e.r == 0 || sym.r != e.r
	case edgeAny:
		// A regexp group's matches in a URL hold no line terminator.
		return sym.tok != "" || !isLineTerminator(sym.r)
	case edgeToken:
		return sym.tok != "" && sym.tok == e.tok
	}
	return false
}

// alphabet lists the symbols that tell the automata's edges apart.
func alphabet(delim byte, ns ...*nfa) []symbol {
	syms := []symbol{{r: otherRune}}
	for _, n := range ns {
		for _, es := range n.edges {
			for _, e := range es {
				var s symbol
				switch e.kind {
				case edgeRune, edgeSeg:
					if e.r == 0 {
						continue
					}
					s.r = e.r
				case edgeToken:
					s.tok, s.avoids = e.tok, regexpAvoids(e.tok, delim)
				default:
					continue
				}
				if !slices.Contains(syms, s) {
					syms = append(syms, s)
				}
			}
		}
	}
	return syms
}

// regexpAvoids reports whether no string that the ECMAScript source
// matches can hold delim, by a conservative reading of its syntax: every
// character it can match is a literal other than delim, \d, \w, \s, or a
// class of those and of ranges that leave delim out. Anything else (".",
// a negated class or escape, \p{...}, a code point escape such as \x2F,
// a backreference, a nested class) is taken to hold it.
func regexpAvoids(source string, delim byte) bool {
	if delim == 0 {
		return false
	}
	inClass := false
	var prev byte // the class's last character, for a range
	for i := 0; i < len(source); i++ {
		c := source[i]
		switch {
		case c == '\\':
			if i+1 == len(source) {
				return false
			}
			i++
			e := source[i]
			switch {
			case e == 'd' || e == 'w' || e == 's' || e == 'b' && !inClass || e == 'B' && !inClass:
				prev = 0
				continue
			case isASCIIAlnum(e) || e == delim:
				return false // \D, \x2F, \u002F, \p{...}, \1, \k<n>, \c...: not read
			}
			c = e // an escaped punctuator is itself
		case inClass && c == ']':
			inClass = false
			continue
		case inClass && c == '[', inClass && c == '^' && source[i-1] == '[':
			return false // a nested class, or a negated one
		case inClass && c == '-':
			if i+1 < len(source) && source[i+1] == '-' {
				return false // v-mode subtraction
			}
			if prev != 0 && i+1 < len(source) && source[i+1] != ']' && source[i+1] != '\\' {
				if lo, hi := prev, source[i+1]; lo <= delim && delim <= hi {
					return false
				}
			}
			continue
		case inClass:
		case c == '[':
			if i+1 < len(source) && source[i+1] == '^' {
				return false
			}
			inClass, prev = true, 0
			continue
		case c == '.':
			return false // any character
		case strings.IndexByte("()|?*+{},:=!<>^$", c) >= 0:
			continue // syntax, or the text of a group's or quantifier's syntax
		}
		if c == delim || c >= 0x80 {
			return false
		}
		prev = c
	}
	return !inClass
}

func isASCIIAlnum(c byte) bool {
	return 'a' <= c|0x20 && c|0x20 <= 'z' || isASCIIDigit(c)
}

// closure adds to set (a bitset of states) the states reachable from
// state by epsilon edges.
func (n *nfa) closure(set []uint64, state int) {
	if set[state/64]&(1<<(state%64)) != 0 {
		return
	}
	set[state/64] |= 1 << (state % 64)
	for _, e := range n.edges[state] {
		if e.kind == edgeEps {
			n.closure(set, e.to)
		}
	}
}

// step returns the closed set of states reached from set by reading sym.
func (n *nfa) step(set []uint64, sym symbol) []uint64 {
	next := make([]uint64, len(set))
	for s := range n.edges {
		if set[s/64]&(1<<(s%64)) == 0 {
			continue
		}
		for i := range n.edges[s] {
			if e := &n.edges[s][i]; e.kind != edgeEps && e.reads(sym) {
				n.closure(next, e.to)
			}
		}
	}
	return next
}

func (n *nfa) start() []uint64 {
	set := make([]uint64, (len(n.edges)+63)/64)
	n.closure(set, 0)
	return set
}

func (n *nfa) accepts(set []uint64) bool { return set[n.accept/64]&(1<<(n.accept%64)) != 0 }

func setKey(set []uint64) string {
	b := make([]byte, 0, 8*len(set))
	for _, w := range set {
		for i := range 8 {
			b = append(b, byte(w>>(8*i)))
		}
	}
	return string(b)
}

// regexpAsserts reports whether the ECMAScript source has an assertion
// outside a class: "^", "$", "\b", "\B" or a lookaround. Such a group
// matches by what stands around it in the whole expression ("($)1"
// matches nothing, though "$" alone matches ""), which the automata,
// reading each group on its own, do not model.
func regexpAsserts(source string) bool {
	inClass := false
	for i := 0; i < len(source); i++ {
		switch c := source[i]; {
		case c == '\\':
			if i+1 < len(source) && !inClass && (source[i+1] == 'b' || source[i+1] == 'B') {
				return true
			}
			i++
		case inClass:
			inClass = c != ']'
		case c == '[':
			inClass = true
			if i+1 < len(source) && source[i+1] == '^' {
				i++ // a negated class, not an assertion
			}
		case c == '^' || c == '$':
			return true
		case c == '(' && (strings.HasPrefix(source[i:], "(?=") || strings.HasPrefix(source[i:], "(?!") ||
			strings.HasPrefix(source[i:], "(?<=") || strings.HasPrefix(source[i:], "(?<!")):
			return true
		}
	}
	return false
}

// hasAssertion reports whether a regexp part of c asserts on its
// surroundings (regexpAsserts).
func hasAssertion(c *component) bool {
	return slices.ContainsFunc(c.parts, func(pt part) bool { return pt.typ == partRegexp && regexpAsserts(pt.value) })
}

// hasRegexp reports whether c has a regexp part.
func hasRegexp(c *component) bool {
	return slices.ContainsFunc(c.parts, func(pt part) bool { return pt.typ == partRegexp })
}

// hasCased reports whether some literal of c has another case.
func hasCased(c *component) bool {
	for i := range c.parts {
		pt := &c.parts[i]
		for _, r := range pt.value + pt.prefix + pt.suffix {
			if unicode.SimpleFold(r) != r {
				return true
			}
		}
	}
	return false
}

// componentCovers reports whether every string q matches, p matches, and
// whether that answer is exact. Both automata are determinized together,
// as a subset of p's states and of q's, and q covered when no reachable
// pair has q accepting and p not. Such a pair is an exact counterexample
// when every step of p on the way was exact (not approx): a regexp group
// of q is read as one symbol, which p may split otherwise, and a group of
// p is taken to read nothing but that symbol; once p has no state left,
// what q reads after does not matter (a regexp group is taken to match
// some string).
func componentCovers(p, q *component) (covers, decided bool) {
	if p.patternString == q.patternString && p.opts == q.opts {
		return true, true
	}
	fold := p.opts.ignoreCase
	if q.opts.ignoreCase && !fold && hasCased(q) {
		return false, false
	}
	if p.prog != nil && p.prog.kind == progAnything {
		return true, true // "*": every string without a line terminator
	}
	if !fold && !q.opts.ignoreCase {
		// Cheap answers first, for the many pairs of a router's table.
		if q.prog != nil && q.prog.kind == progLiteral {
			// One string: p covers it when p matches it.
			return p.test(q.prog.literal), true
		}
		if hasAssertion(p) || hasAssertion(q) {
			return false, false
		}
		if covers, ok := routeCovers(p.prog, q.prog); ok {
			return covers, true
		}
		pHead, pTail := fixedEnds(p.parts)
		qHead, qTail := fixedEnds(q.parts)
		if !strings.HasPrefix(qHead, pHead) && !strings.HasPrefix(pHead, qHead) ||
			!strings.HasSuffix(qTail, pTail) && !strings.HasSuffix(pTail, qTail) {
			// Every string of q starts with qHead and ends with qTail,
			// every one of p with pHead and pTail.
			return false, true
		}
		if dp, ok := delimiters(p); ok {
			if dq, ok := delimiters(q); ok && dp != dq {
				return false, true // "/a/:x" and "/a/:x/:y"
			}
		}
	}
	return coversNFA(p, q, fold, nil)
}

// routeCovers decides componentCovers, without automata, where p and q
// are matched by programs of literals and segment wildcards alone (the
// shape of most routes: "/repos/:owner/:repo"; not ignoring case, and
// without a "*"): ok is false for other shapes. Read as text with a
// wildcard token, p covers q when their texts are equal, except that
// each wildcard of p, which takes everything up to the next delimiter
// (its program ensures that one follows it, or the end) and at least
// one code point, stands for a run of q's text and wildcards without a
// delimiter that is not empty. A wildcard of q against p's text is a
// string p does not match.
func routeCovers(p, q *program) (covers, ok bool) {
	if p == nil || q == nil || p.fold || q.fold || p.delim != q.delim || q.kind != progRoute || hasRest(q.route) {
		return false, false
	}
	switch {
	case p.kind == progLiteral:
		return false, true // one string, and q matches infinitely many
	case p.kind != progRoute || hasRest(p.route):
		return false, false
	}
	pc, qc := routeCursor{steps: p.route}, routeCursor{steps: q.route}
	for !pc.end() {
		if pc.wildcard() {
			pc.next()
			n := 0
			for ; !qc.end() && (qc.wildcard() || qc.char() != p.delim); n++ {
				qc.next()
			}
			if n == 0 {
				return false, true
			}
			continue
		}
		if qc.end() || qc.wildcard() || qc.char() != pc.char() {
			return false, true
		}
		pc.next()
		qc.next()
	}
	return qc.end(), true
}

// hasRest reports whether a route has a full wildcard.
func hasRest(route []routeStep) bool {
	return slices.ContainsFunc(route, func(st routeStep) bool { return st.kind == routeRest })
}

// routeCursor reads a route's steps as text (a byte at a time) and
// wildcard tokens.
type routeCursor struct {
	steps  []routeStep
	i, off int
}

func (c *routeCursor) end() bool      { return c.i == len(c.steps) }
func (c *routeCursor) wildcard() bool { return c.steps[c.i].kind == routeSeg }
func (c *routeCursor) char() byte     { return c.steps[c.i].lit[c.off] }

// next moves past the byte or the wildcard at c.
func (c *routeCursor) next() {
	if c.steps[c.i].kind == routeLit {
		if c.off++; c.off < len(c.steps[c.i].lit) {
			return
		}
	}
	c.i, c.off = c.i+1, 0
}

// coversNFA is componentCovers on the automata alone: p's determinized
// (a set of its states), q's not (one state of q in each pair), so that
// a wildcard of p costs one set. With a witness, it writes there the
// word of an exact counterexample, for the tests.
func coversNFA(p, q *component, fold bool, witness *[]symbol) (covers, decided bool) {
	if hasAssertion(p) || hasAssertion(q) {
		return false, false
	}
	np, nq := buildNFA(p, fold, false), buildNFA(q, fold, false)
	syms := alphabet(p.opts.delimiter, np, nq)
	type pair struct {
		p      []uint64
		q      int
		approx bool
		from   int // the pair this one was reached from, -1 for a start
		sym    symbol
	}
	key := func(pr pair) string {
		k := setKey(pr.p) + strconv.Itoa(pr.q)
		if pr.approx {
			k += "~"
		}
		return k
	}
	seen := map[string]bool{}
	var queue []pair
	pStart, qStart := np.start(), nq.start()
	nq.each(qStart, func(s int) {
		pr := pair{p: pStart, q: s, from: -1}
		seen[key(pr)] = true
		queue = append(queue, pr)
	})
	decided = true
	work := 0
	next := make([]uint64, len(qStart))
	for i := 0; i < len(queue); i++ {
		cur := queue[i]
		if cur.q == nq.accept && !np.accepts(cur.p) {
			if !cur.approx {
				if witness != nil {
					for j := i; queue[j].from >= 0; j = queue[j].from {
						*witness = append(*witness, queue[j].sym)
					}
					slices.Reverse(*witness)
				}
				return false, true
			}
			decided = false // this one may not be a counterexample; look for an exact one
			continue
		}
		if work += len(syms) * (len(np.edges) + len(nq.edges[cur.q])); work > maxContainWork {
			return false, false
		}
		for _, sym := range syms {
			clear(next)
			for _, e := range nq.edges[cur.q] {
				if e.kind != edgeEps && e.reads(sym) {
					nq.closure(next, e.to)
				}
			}
			if isEmpty(next) {
				continue
			}
			// A step of p is exact on a code point from states without a
			// regexp group's edge, and from no state at all.
			exact := isEmpty(cur.p) || sym.tok == "" && !np.readsToken(cur.p)
			nextP := np.step(cur.p, sym)
			approx := cur.approx || !exact
			if isEmpty(nextP) && !approx && witness == nil {
				// Every state of q leads to its end (each edge reads
				// some string): q matches a string that p cannot.
				return false, true
			}
			var stop bool
			nq.each(next, func(s int) {
				pr := pair{nextP, s, approx, i, sym}
				k := key(pr)
				if stop || seen[k] {
					return
				}
				if len(seen) >= maxContainStates {
					stop = true
					return
				}
				seen[k] = true
				queue = append(queue, pr)
			})
			if stop {
				return false, false
			}
		}
	}
	return decided, decided
}

// each calls f with each state of set.
func (n *nfa) each(set []uint64, f func(int)) {
	for s := range n.edges {
		if set[s/64]&(1<<(s%64)) != 0 {
			f(s)
		}
	}
}

// delimiters returns the number of delimiters ('/' in a pathname, '.' in
// a hostname) that every string of c holds, if they all hold the same:
// a part list of fixed text and segment wildcards, without modifiers.
func delimiters(c *component) (int, bool) {
	d := string(rune(c.opts.delimiter))
	if c.opts.delimiter == 0 {
		return 0, false
	}
	n := 0
	for i := range c.parts {
		switch pt := &c.parts[i]; {
		case pt.modifier != modNone || pt.typ == partFullWildcard || pt.typ == partRegexp:
			return 0, false
		case pt.typ == partFixedText:
			n += strings.Count(pt.value, d)
		default:
			n += strings.Count(pt.prefix, d) + strings.Count(pt.suffix, d)
		}
	}
	return n, true
}

// fixedEnds returns the text that every string of a part list starts
// with and the text that every one ends with: its fixed text and prefixes
// up to the first part that may vary, and from the last.
func fixedEnds(parts []part) (head, tail string) {
	var b strings.Builder
	i := 0
	for ; i < len(parts) && parts[i].modifier == modNone; i++ {
		if parts[i].typ != partFixedText {
			b.WriteString(parts[i].prefix)
			break
		}
		b.WriteString(parts[i].value)
	}
	head = b.String()
	if i == len(parts) {
		return head, head
	}
	tail = ""
	for j := len(parts) - 1; j >= 0 && parts[j].modifier == modNone; j-- {
		if parts[j].typ != partFixedText {
			tail = parts[j].suffix + tail
			break
		}
		tail = parts[j].value + tail
	}
	return head, tail
}

// readsToken reports whether a state of set has a regexp group's edge.
func (n *nfa) readsToken(set []uint64) bool {
	for s := range n.edges {
		if set[s/64]&(1<<(s%64)) != 0 && slices.ContainsFunc(n.edges[s], func(e edge) bool { return e.kind == edgeToken }) {
			return true
		}
	}
	return false
}

func isEmpty(set []uint64) bool {
	return !slices.ContainsFunc(set, func(w uint64) bool { return w != 0 })
}

// componentOverlaps reports whether some string matches both p and q,
// reading regexp groups as full wildcards, and whether that is exact.
func componentOverlaps(p, q *component) (overlaps, exact bool) {
	fold := p.opts.ignoreCase || q.opts.ignoreCase
	np, nq := buildNFA(p, fold, true), buildNFA(q, fold, true)
	exact = !hasRegexp(p) && !hasRegexp(q)
	syms := alphabet(p.opts.delimiter, np, nq)
	type pair struct{ p, q []uint64 }
	seen := map[string]bool{}
	queue := []pair{{np.start(), nq.start()}}
	seen[setKey(queue[0].p)+setKey(queue[0].q)] = true
	work := 0
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		if np.accepts(cur.p) && nq.accepts(cur.q) {
			return true, exact
		}
		if work += len(syms) * (len(np.edges) + len(nq.edges)); work > maxContainWork {
			return true, false // in doubt, they may
		}
		for _, sym := range syms {
			next := pair{np.step(cur.p, sym), nq.step(cur.q, sym)}
			if isEmpty(next.p) || isEmpty(next.q) {
				continue
			}
			key := setKey(next.p) + setKey(next.q)
			if seen[key] {
				continue
			}
			if len(seen) >= maxContainStates {
				return true, false // in doubt, they may
			}
			seen[key] = true
			queue = append(queue, next)
		}
	}
	return false, true
}
