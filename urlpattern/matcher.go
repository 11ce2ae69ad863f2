package urlpattern

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The matcher of components without regexp groups. The spec matches each
// component with the ECMAScript regular expression it generates; for a
// part list of fixed text, segment wildcards and full wildcards, the
// expression has a fixed shape, and this matcher gives the same answer
// and the same groups without a regular expression engine.
//
// The part list compiles to a small program with the very structure of
// the expression (a literal, "one code point but the delimiter", "one
// code point but a line terminator", a split that prefers one branch, a
// jump, a capture mark, the end). ECMAScript's backtracking takes, at
// every split, the preferred branch if any match can follow from it. The
// matcher knows that in advance: a backward pass computes, for every
// instruction and input position, whether the end can be reached from
// there (a bit each), and a forward pass then walks from the start taking
// at each split the preferred branch whose bit is set. That walk is the
// path backtracking would find first, found without backtracking, in
// time and memory linear in the program and the input.
//
// ECMAScript also rejects an iteration of a quantified group that matches
// the empty string. Only the full wildcard with a modifier and neither
// prefix nor suffix has a body that can be empty: "(.*)?" behaves as
// "(.+)?" and "((?:.*)*)" and "((?:.*)+)" as "(.*)", which is what is
// compiled for them. Every other loop body consumes at least one code
// point, so the rule never applies.

type opcode uint8

const (
	opLit   opcode = iota // the literal lit
	opSeg                 // one code point other than delim (any, if delim is 0)
	opAny                 // one code point other than a line terminator
	opSplit               // go to x, else y
	opJmp                 // go to x
	opSave                // record the position in capture slot x
	opMatch               // the end of the input
)

type inst struct {
	op    opcode
	delim byte
	x, y  int
	lit   string
}

// program is a compiled part list.
type program struct {
	insts []inst
	order []int // instructions so that every epsilon successor comes first
	ncap  int   // capture slots: two per group (of a general program)
	fold  bool  // ignoreCase
	delim byte  // the segment wildcard's delimiter, or 0

	// Fast paths: a pattern of one literal, "*", or a route.
	kind    progKind
	literal string
	route   []routeStep
}

type progKind uint8

const (
	progGeneral  progKind = iota
	progLiteral           // only fixed text without modifiers: the input must equal literal
	progAnything          // "*": one full wildcard group
	progRoute             // literals and groups whose ends are forced: route
)

// A routeStep is one step of a route, a part list whose every group's end
// is forced: a segment wildcard followed by text that starts with the
// delimiter (or by the end) can only end at the next delimiter, since it
// cannot hold one and the text must follow it; a full wildcard followed
// by nothing but text can only end where that text ends the input. The
// lazy and greedy choices of the expression have a single candidate, so
// matching goes left to right without a backward pass.
type routeStep struct {
	kind  routeKind
	lit   string // routeLit
	group int    // the group's capture slots are 2*group and 2*group+1
}

type routeKind uint8

const (
	routeLit  routeKind = iota // the literal lit
	routeSeg                   // a segment wildcard: up to the next delimiter, one code point or more
	routeRest                  // a full wildcard: up to the final literal, if any
)

// compileProgram compiles a part list without regexp parts. A literal,
// "*" and a route match without instructions, so only the other part
// lists are compiled to them: a router's patterns are almost all of the
// first three kinds, and their instructions would be most of the memory
// they hold.
func compileProgram(parts []part, opts options) *program {
	prog := &program{fold: opts.ignoreCase, delim: opts.delimiter}
	allFixed := true
	for i := range parts {
		if parts[i].typ != partFixedText || parts[i].modifier != modNone {
			allFixed = false
		}
	}
	switch {
	case allFixed:
		prog.kind = progLiteral
		var b strings.Builder
		for i := range parts {
			b.WriteString(parts[i].value)
		}
		prog.literal = b.String()
		return prog
	case len(parts) == 1 && parts[0].typ == partFullWildcard && parts[0].modifier == modNone &&
		parts[0].prefix == "" && parts[0].suffix == "":
		prog.kind = progAnything
		return prog
	}
	if route := compileRoute(parts, opts); route != nil {
		prog.kind, prog.route = progRoute, route
		return prog
	}
	// Most parts make at most six instructions ("/*" makes six).
	c := &progCompiler{opts: opts, insts: make([]inst, 0, 6*len(parts)+1)}
	g := 0
	for i := range parts {
		c.part(&parts[i], &g)
	}
	c.emit(inst{op: opMatch})
	prog.insts, prog.ncap = slices.Clip(c.insts), 2*g
	prog.order = epsilonOrder(prog.insts)
	return prog
}

// compileRoute returns the route steps of parts, or nil if some group's
// end is not forced.
func compileRoute(parts []part, opts options) []routeStep {
	var steps []routeStep
	lit := func(s string) {
		if s == "" {
			return
		}
		if n := len(steps); n > 0 && steps[n-1].kind == routeLit {
			steps[n-1].lit += s
			return
		}
		steps = append(steps, routeStep{kind: routeLit, lit: s})
	}
	g := 0
	for i := range parts {
		p := &parts[i]
		if p.modifier != modNone || p.typ != partFixedText && len(steps) > 0 && steps[len(steps)-1].kind == routeRest {
			return nil // a modifier, or a group after a full wildcard: not a route
		}
		switch p.typ {
		case partFixedText:
			lit(p.value)
			continue
		case partSegmentWildcard:
			if opts.delimiter == 0 {
				return nil
			}
			lit(p.prefix)
			steps = append(steps, routeStep{kind: routeSeg, group: g})
		case partFullWildcard:
			lit(p.prefix)
			steps = append(steps, routeStep{kind: routeRest, group: g})
		default:
			return nil
		}
		lit(p.suffix)
		g++
	}
	for i, st := range steps {
		last := i == len(steps)-1
		switch st.kind {
		case routeSeg:
			if !last && (steps[i+1].kind != routeLit || steps[i+1].lit[0] != opts.delimiter) {
				return nil
			}
		case routeRest:
			if !last && !(i == len(steps)-2 && steps[i+1].kind == routeLit) {
				return nil
			}
		}
	}
	return steps
}

// matchRoute matches a route; caps may be nil.
func (prog *program) matchRoute(s string, caps []int) bool {
	pos := 0
	for i, st := range prog.route {
		switch st.kind {
		case routeLit:
			if pos = matchLit(s, pos, st.lit, prog.fold); pos < 0 {
				return false
			}
		case routeSeg:
			// Up to the next delimiter: the delimiter is the first byte of
			// the next literal, or the input must end.
			end := len(s)
			if i+1 < len(prog.route) {
				j := strings.IndexByte(s[pos:], prog.route[i+1].lit[0])
				if j < 0 {
					return false
				}
				end = pos + j
			} else if strings.IndexByte(s[pos:], prog.delim) >= 0 {
				return false
			}
			if end == pos {
				return false
			}
			if caps != nil {
				caps[2*st.group], caps[2*st.group+1] = pos, end
			}
			pos = end
		case routeRest:
			end := len(s)
			if i+1 < len(prog.route) {
				// The final literal must end the input.
				tail := prog.route[i+1].lit
				if len(s)-pos < len(tail) {
					return false
				}
				end = len(s) - len(tail)
				if prog.fold {
					// Folding may change lengths: find where the tail
					// starts by trying each end from the greatest.
					end = -1
					for e := len(s); e >= pos; e-- {
						if matchLit(s, e, tail, true) == len(s) {
							end = e
							break
						}
					}
					if end < 0 {
						return false
					}
				}
			}
			if strings.ContainsAny(s[pos:end], "\n\r\u2028\u2029") {
				return false
			}
			if caps != nil {
				caps[2*st.group], caps[2*st.group+1] = pos, end
			}
			pos = end
		}
	}
	return pos == len(s)
}

type progCompiler struct {
	insts []inst
	opts  options
}

func (c *progCompiler) emit(i inst) int {
	c.insts = append(c.insts, i)
	return len(c.insts) - 1
}

func (c *progCompiler) pc() int { return len(c.insts) }

func (c *progCompiler) lit(s string) {
	if s != "" {
		c.emit(inst{op: opLit, lit: s})
	}
}

// wildcard emits R: the segment wildcard [^d]+? or the full wildcard .*.
func (c *progCompiler) wildcard(typ partType) {
	if typ == partSegmentWildcard {
		l := c.emit(inst{op: opSeg, delim: c.opts.delimiter})
		c.emit(inst{op: opSplit, x: l + 2, y: l}) // lazy: leave first
		return
	}
	c.anyStar()
}

// anyStar emits .* (greedy).
func (c *progCompiler) anyStar() {
	l := c.emit(inst{op: opSplit, x: 0, y: 0})
	c.emit(inst{op: opAny})
	c.emit(inst{op: opJmp, x: l})
	c.insts[l].x, c.insts[l].y = l+1, c.pc()
}

// optional emits (?:body)? : prefer the body.
func (c *progCompiler) optional(body func()) {
	l := c.emit(inst{op: opSplit})
	body()
	c.insts[l].x, c.insts[l].y = l+1, c.pc()
}

// star emits (?:body)* for a body that consumes input.
func (c *progCompiler) star(body func()) {
	l := c.emit(inst{op: opSplit})
	body()
	c.emit(inst{op: opJmp, x: l})
	c.insts[l].x, c.insts[l].y = l+1, c.pc()
}

// plus emits (?:body)+ for a body that consumes input.
func (c *progCompiler) plus(body func()) {
	l := c.pc()
	body()
	c.emit(inst{op: opSplit, x: l, y: c.pc() + 1})
}

func (c *progCompiler) modified(m modifier, body func()) {
	switch m {
	case modNone:
		body()
	case modOptional:
		c.optional(body)
	case modZeroOrMore:
		c.star(body)
	case modOneOrMore:
		c.plus(body)
	}
}

// part emits one part with the structure "generate a regular expression
// and name list" gives it.
func (c *progCompiler) part(p *part, g *int) {
	if p.typ == partFixedText {
		if p.value != "" { // an empty body matches the empty string whatever its modifier
			c.modified(p.modifier, func() { c.lit(p.value) })
		}
		return
	}
	k := *g
	*g++
	open := func() { c.emit(inst{op: opSave, x: 2 * k}) }
	closeGroup := func() { c.emit(inst{op: opSave, x: 2*k + 1}) }
	r := func() { c.wildcard(p.typ) }
	if p.prefix == "" && p.suffix == "" {
		switch {
		case p.modifier == modNone:
			open()
			r()
			closeGroup()
		case p.modifier == modOptional && p.typ == partFullWildcard:
			// (.*)? : an empty iteration is rejected, so this is (.+)?.
			c.optional(func() {
				open()
				c.emit(inst{op: opAny})
				c.anyStar()
				closeGroup()
			})
		case p.modifier == modOptional:
			c.optional(func() { open(); r(); closeGroup() })
		case p.typ == partFullWildcard:
			// ((?:.*)*) and ((?:.*)+) match what (.*) matches, in the same order.
			open()
			c.anyStar()
			closeGroup()
		default:
			open()
			c.modified(p.modifier, r)
			closeGroup()
		}
		return
	}
	if p.modifier == modNone || p.modifier == modOptional {
		c.modified(p.modifier, func() {
			c.lit(p.prefix)
			open()
			r()
			closeGroup()
			c.lit(p.suffix)
		})
		return
	}
	// (?:P((?:R)(?:SP(?:R))*)S) and, for "*", ? after it.
	body := func() {
		c.lit(p.prefix)
		open()
		r()
		c.star(func() {
			c.lit(p.suffix)
			c.lit(p.prefix)
			r()
		})
		closeGroup()
		c.lit(p.suffix)
	}
	if p.modifier == modZeroOrMore {
		c.optional(body)
	} else {
		body()
	}
}

// epsilonOrder orders the instructions so that each comes after the
// instructions it reaches without consuming input. The compiler makes no
// epsilon cycle (every loop body consumes); a cycle would panic here, and
// the tests compile every shape.
func epsilonOrder(insts []inst) []int {
	const (
		unseen = iota
		active
		done
	)
	state := make([]uint8, len(insts))
	order := make([]int, 0, len(insts))
	var visit func(pc int)
	visit = func(pc int) {
		switch state[pc] {
		case done:
			return
		case active:
			panic("urlpattern: epsilon cycle in a compiled pattern")
		}
		state[pc] = active
		switch in := &insts[pc]; in.op {
		case opSplit:
			visit(in.x)
			visit(in.y)
		case opJmp:
			visit(in.x)
		case opSave:
			visit(pc + 1)
		}
		state[pc] = done
		order = append(order, pc)
	}
	for pc := range insts {
		visit(pc)
	}
	return order
}

// isLineTerminator reports whether ECMAScript's "." refuses r.
func isLineTerminator(r rune) bool {
	return r == '\n' || r == '\r' || r == 0x2028 || r == 0x2029
}

// matchLit returns the end of lit matched at s[pos:], or -1.
func matchLit(s string, pos int, lit string, fold bool) int {
	if !fold {
		if strings.HasPrefix(s[pos:], lit) {
			return pos + len(lit)
		}
		return -1
	}
	for _, lr := range lit {
		if pos >= len(s) {
			return -1
		}
		r, size := utf8.DecodeRuneInString(s[pos:])
		if !equalFold(r, lr) {
			return -1
		}
		pos += size
	}
	return pos
}

// equalFold is ECMAScript's character equality under the "i" flag with
// "v": equal after simple case folding.
func equalFold(a, b rune) bool {
	if a == b {
		return true
	}
	if a < utf8.RuneSelf && b < utf8.RuneSelf {
		return 'A' <= a && a <= 'Z' && a+'a'-'A' == b || 'A' <= b && b <= 'Z' && b+'a'-'A' == a
	}
	for f := unicode.SimpleFold(a); f != a; f = unicode.SimpleFold(f) {
		if f == b {
			return true
		}
	}
	return false
}

// stackWords is how many bitset words the matcher keeps on the stack.
const stackWords = 192

// maxBits bounds the bits of the backward pass (instructions × input
// positions); above it a component matches with its regular expression,
// whose memory does not grow with the input.
const maxBits = 1 << 25

// fits reports whether the matcher takes an input of n bytes.
func (prog *program) fits(n int) bool {
	return prog.kind != progGeneral || len(prog.insts)*(n+1) <= maxBits
}

// match runs the program on s; caps (len ncap) receives the capture
// positions, -1 for a group that took no part; with caps nil, match only
// tells whether s matches. If work is not nil, the
// steps of the backward pass and the forward walk are added to it.
func (prog *program) match(s string, caps []int, work *int) bool {
	switch prog.kind {
	case progLiteral:
		if prog.fold {
			return matchLit(s, 0, prog.literal, true) == len(s)
		}
		return s == prog.literal
	case progRoute:
		return prog.matchRoute(s, caps)
	case progAnything:
		if strings.ContainsAny(s, "\n\r\u2028\u2029") {
			return false
		}
		if caps != nil {
			caps[0], caps[1] = 0, len(s)
		}
		return true
	}
	n := len(s)
	words := (n + 1 + 63) / 64
	var stack [stackWords]uint64
	var ok []uint64
	if need := words * len(prog.insts); need <= stackWords {
		ok = stack[:need]
	} else {
		ok = make([]uint64, need)
	}
	get := func(pc, pos int) bool { return ok[pc*words+pos>>6]&(1<<(pos&63)) != 0 }
	set := func(pc, pos int) { ok[pc*words+pos>>6] |= 1 << (pos & 63) }
	insts := prog.insts
	for pos := n; pos >= 0; pos-- {
		r, size := utf8.RuneError, 0
		if pos < n {
			r, size = utf8.DecodeRuneInString(s[pos:])
		}
		if work != nil {
			*work += len(prog.order)
		}
		for _, pc := range prog.order {
			in := &insts[pc]
			var v bool
			switch in.op {
			case opLit:
				if end := matchLit(s, pos, in.lit, prog.fold); end >= 0 {
					v = get(pc+1, end)
				}
			case opSeg:
				v = size > 0 && (in.delim == 0 || r != rune(in.delim)) && get(pc+1, pos+size)
			case opAny:
				v = size > 0 && !isLineTerminator(r) && get(pc+1, pos+size)
			case opSplit:
				v = get(in.x, pos) || get(in.y, pos)
			case opJmp:
				v = get(in.x, pos)
			case opSave:
				v = get(pc+1, pos)
			case opMatch:
				v = pos == n
			}
			if v {
				set(pc, pos)
			}
		}
	}
	if !get(0, 0) || caps == nil {
		return get(0, 0)
	}
	for i := range caps {
		caps[i] = -1
	}
	pc, pos := 0, 0
	for {
		if work != nil {
			*work++
		}
		in := &insts[pc]
		switch in.op {
		case opLit:
			pos = matchLit(s, pos, in.lit, prog.fold)
			pc++
		case opSeg, opAny:
			_, size := utf8.DecodeRuneInString(s[pos:])
			pos += size
			pc++
		case opSplit:
			if get(in.x, pos) {
				pc = in.x
			} else {
				pc = in.y
			}
		case opJmp:
			pc = in.x
		case opSave:
			caps[in.x] = pos
			pc++
		case opMatch:
			return true
		}
	}
}
