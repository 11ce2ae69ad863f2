package ecmaregexp

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// backtracker is a reference matcher for tests: ECMA-262's matcher
// semantics (22.2.2) followed literally on the parsed pattern, with
// continuations and backtracking, RepeatMatcher's empty check and capture
// reset included. It is exponential in the worst case, so it gives up
// after a number of steps. The parsed sets are already closed under case
// folding, so it needs no Canonicalize.
type backtracker struct {
	in    []rune
	caps  []int // positions in in, -1 for undefined
	steps int
	inner map[*node][]int // the groups inside each repeated atom
}

type tooLong struct{}

func (b *backtracker) groupsIn(n *node) []int {
	if g, ok := b.inner[n]; ok {
		return g
	}
	var g []int
	var walk func(*node)
	walk = func(x *node) {
		if x.kind == nCapture {
			g = append(g, x.cap)
		}
		for _, s := range x.subs {
			walk(s)
		}
	}
	walk(n)
	b.inner[n] = g
	return g
}

func isASCIIWord(r rune) bool {
	return r == '_' || '0' <= r && r <= '9' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z'
}

func (b *backtracker) match(n *node, pos int, k func(int) bool) bool {
	b.steps++
	if b.steps > 200000 {
		panic(tooLong{})
	}
	switch n.kind {
	case nEmpty:
		return k(pos)
	case nSet:
		return pos < len(b.in) && n.set.contains(b.in[pos]) && k(pos+1)
	case nConcat:
		var seq func(i, p int) bool
		seq = func(i, p int) bool {
			if i == len(n.subs) {
				return k(p)
			}
			return b.match(n.subs[i], p, func(q int) bool { return seq(i+1, q) })
		}
		return seq(0, pos)
	case nAlt:
		for _, s := range n.subs {
			if b.match(s, pos, k) {
				return true
			}
		}
		return false
	case nCapture:
		return b.match(n.subs[0], pos, func(e int) bool {
			c := n.cap
			lo, hi := b.caps[2*c], b.caps[2*c+1]
			b.caps[2*c], b.caps[2*c+1] = pos, e
			if k(e) {
				return true
			}
			b.caps[2*c], b.caps[2*c+1] = lo, hi
			return false
		})
	case nBegin:
		// With the m modifier also after a line terminator.
		return (pos == 0 || n.flag && lineTerminators.contains(b.in[pos-1])) && k(pos)
	case nEnd:
		return (pos == len(b.in) || n.flag && lineTerminators.contains(b.in[pos])) && k(pos)
	case nWordB, nNotWordB:
		// WordCharacters: with ignoreCase (the node's flag) also U+017F
		// and U+212A, which fold into [a-z].
		word := func(r rune) bool { return isASCIIWord(r) || n.flag && (r == 0x17F || r == 0x212A) }
		a := pos > 0 && word(b.in[pos-1])
		c := pos < len(b.in) && word(b.in[pos])
		return (a != c) == (n.kind == nWordB) && k(pos)
	case nRepeat:
		return b.repeat(n, n.min, n.max, pos, k)
	}
	panic("unknown node")
}

// repeat is RepeatMatcher(m, min, max, greedy, x, c, parenIndex, parenCount).
func (b *backtracker) repeat(n *node, min, max, pos int, k func(int) bool) bool {
	if max == 0 {
		return k(pos)
	}
	d := func(y int) bool {
		if min == 0 && y == pos {
			return false // the empty check
		}
		max2 := max
		if max2 > 0 {
			max2--
		}
		return b.repeat(n, maxInt(min-1, 0), max2, y, k)
	}
	groups := b.groupsIn(n.subs[0])
	saved := make([]int, 0, 2*len(groups))
	for _, g := range groups {
		saved = append(saved, b.caps[2*g], b.caps[2*g+1])
	}
	iterate := func() bool {
		for _, g := range groups {
			b.caps[2*g], b.caps[2*g+1] = -1, -1
		}
		if b.match(n.subs[0], pos, d) {
			return true
		}
		for i, g := range groups {
			b.caps[2*g], b.caps[2*g+1] = saved[2*i], saved[2*i+1]
		}
		return false
	}
	if min != 0 {
		return iterate()
	}
	if n.lazy {
		return k(pos) || iterate()
	}
	return iterate() || k(pos)
}

func maxInt(a, b int) int {
	if a > b {
		return a
	}
	return b
}

// referenceMatch runs the backtracker as RegExpBuiltinExec does from
// lastIndex 0, and returns byte offsets; ok is false if it gave up.
func referenceMatch(n *node, ncap int, s string) (m []int, ok bool) {
	var in []rune
	var offs []int
	for i, r := range s {
		in = append(in, r)
		offs = append(offs, i)
	}
	offs = append(offs, len(s))
	b := &backtracker{in: in, caps: make([]int, 2*(ncap+1)), inner: map[*node][]int{}}
	defer func() {
		if r := recover(); r != nil {
			if _, is := r.(tooLong); !is {
				panic(r)
			}
			m, ok = nil, false
		}
	}()
	for start := 0; start <= len(in); start++ {
		for i := range b.caps {
			b.caps[i] = -1
		}
		end := -1
		if b.match(n, start, func(e int) bool { end = e; return true }) {
			b.caps[0], b.caps[1] = start, end
			out := make([]int, len(b.caps))
			for i, p := range b.caps {
				out[i] = -1
				if p >= 0 {
					out[i] = offs[p]
				}
			}
			return out, true
		}
	}
	return nil, true
}

// TestReferenceAgrees checks the reference matcher on the table (rows
// checked with V8 among them), so that FuzzCompile can trust it.
func TestReferenceAgrees(t *testing.T) {
	for _, c := range matchCases {
		n, p, err := parse(c.src, c.flags&IgnoreCase != 0, nil)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := referenceMatch(n, p.ncap, c.in)
		if !ok {
			t.Errorf("/%s/: the reference gave up", c.src)
			continue
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("/%s/ (flags %d) on %q: reference %v, want %v", c.src, c.flags, c.in, got, c.want)
		}
	}
}

// TestAgainstReference compares the translation with the reference
// matcher on random patterns (a fixed seed) that use what V8 11 cannot
// check as well: ES2025's modifiers and duplicate names.
func TestAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	pick := func(xs ...string) string { return xs[rng.IntN(len(xs))] }
	var gen func(depth int) string
	gen = func(depth int) string {
		var b strings.Builder
		for range rng.IntN(4) {
			switch k := rng.IntN(12); {
			case k < 4 || depth == 0:
				b.WriteString(pick("a", "b", "k", "K", "\u212a", "s", "\u017f", "σ", "ς", "Σ", "ß", "\u1e9e", ".", `\d`, `\w`, `[a-c]`, `[^a]`, `[\w--\d]`, `\p{Lu}`, `[\q{ab|c|}]`, "^", "$", `\b`))
			case k < 6:
				b.WriteString("(" + gen(depth-1) + ")")
			case k < 7:
				b.WriteString("(?:" + gen(depth-1) + "|" + gen(depth-1) + ")")
			case k < 8:
				b.WriteString("(?" + pick("i", "-i", "s", "i-s", "m", "im") + ":" + gen(depth-1) + ")")
			case k < 9:
				b.WriteString("(?:(?<n>" + gen(depth-1) + ")|(?<n>" + gen(depth-1) + "))")
			default:
				b.WriteString("(?:" + gen(depth-1) + ")" + pick("*", "+", "?", "{2}", "{0,2}", "{1,}", "*?", "+?", "??", "{1,3}?"))
			}
		}
		return b.String()
	}
	const letters = "abkKsSſσςΣß \u212a\u1e9e-\n\r\u2028"
	runes := []rune(letters)
	compared := 0
	for range 3000 {
		src := gen(3)
		flags := Flags(rng.IntN(2))
		re, err := Compile(src, flags)
		if err != nil {
			if strings.Contains(err.Error(), "duplicate capture group name") || strings.Contains(err.Error(), "nothing to repeat") {
				continue // the generator's own mistakes
			}
			t.Fatalf("Compile(%q): %v", src, err)
		}
		if !re.Exact() {
			continue
		}
		n, p, _ := parse(src, flags != 0, nil)
		for range 4 {
			var in strings.Builder
			for range rng.IntN(6) {
				in.WriteRune(runes[rng.IntN(len(runes))])
			}
			want, ok := referenceMatch(n, p.ncap, in.String())
			if !ok {
				continue
			}
			compared++
			if got := re.FindStringSubmatchIndex(in.String()); !slices.Equal(got, want) {
				t.Errorf("/%s/ (flags %d) on %q: %v, the reference matcher %v", src, flags, in.String(), got, want)
			}
		}
	}
	if compared < 5000 {
		t.Errorf("only %d comparisons", compared)
	}
}
