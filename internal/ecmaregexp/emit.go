package ecmaregexp

import (
	"fmt"
	"strings"
)

// emitter writes a parsed pattern in the syntax of Go's regexp (RE2).
// Every character and class is written as an explicit class of code
// points, already closed under case folding where the pattern ignores
// case, so the output needs no flags and means the same under any.
type emitter struct {
	b strings.Builder
	// groups[i] says what RE2's group i+1 holds.
	groups []groupRef
	// m is the compile budget, charged textCost for each byte of a set's
	// text (the rest of the text is charged by node, in build).
	m        *meter
	textCost int
}

// groupRef is an ECMAScript group (cap > 0) or the iteration of a loop.
type groupRef struct {
	cap  int
	loop *loopInfo
}

func (e *emitter) emit(n *node, budget int) *SyntaxError {
	switch n.kind {
	case nEmpty:
		e.b.WriteString("(?:)")
	case nSet:
		before := e.b.Len()
		e.writeSet(n.set)
		if e.m != nil && !e.m.charge(e.textCost*(e.b.Len()-before)) {
			return e.m.err(n.pos)
		}
	case nConcat:
		for _, s := range n.subs {
			if s.kind == nAlt {
				e.b.WriteString("(?:")
			}
			if err := e.emit(s, budget); err != nil {
				return err
			}
			if s.kind == nAlt {
				e.b.WriteString(")")
			}
		}
	case nAlt:
		for i, s := range n.subs {
			if i > 0 {
				e.b.WriteByte('|')
			}
			if err := e.emit(s, budget); err != nil {
				return err
			}
		}
	case nCapture, nLoopIter:
		e.groups = append(e.groups, groupRef{cap: n.cap, loop: n.loop})
		e.b.WriteByte('(')
		if err := e.emit(n.subs[0], budget); err != nil {
			return err
		}
		e.b.WriteByte(')')
	case nRepeat:
		// RE2 bounds nested counted repetitions: their counts multiplied
		// must stay within maxRepeat (regexp/syntax's repeatIsValid).
		if n.min > 1 || n.max > 1 {
			m := n.max
			if m < 0 {
				m = n.min
			}
			if m > budget {
				return &SyntaxError{Offset: n.pos, Reason: fmt.Sprintf("nested repetition counts multiply to more than %d, which is not supported (RE2's limit, which keeps the compiled program small)", maxRepeat)}
			}
			if m > 0 {
				budget /= m
			}
		}
		e.b.WriteString("(?:")
		if err := e.emit(n.subs[0], budget); err != nil {
			return err
		}
		e.b.WriteByte(')')
		switch {
		case n.min == 0 && n.max == -1:
			e.b.WriteByte('*')
		case n.min == 1 && n.max == -1:
			e.b.WriteByte('+')
		case n.min == 0 && n.max == 1:
			e.b.WriteByte('?')
		case n.max == -1:
			fmt.Fprintf(&e.b, "{%d,}", n.min)
		case n.min == n.max:
			fmt.Fprintf(&e.b, "{%d}", n.min)
		default:
			fmt.Fprintf(&e.b, "{%d,%d}", n.min, n.max)
		}
		if n.lazy {
			e.b.WriteByte('?')
		}
	case nBegin:
		if n.flag {
			e.b.WriteString(`(?m:^)`) // the input's line terminators read as \n
		} else {
			e.b.WriteString(`\A`)
		}
	case nEnd:
		if n.flag {
			e.b.WriteString(`(?m:$)`)
		} else {
			e.b.WriteString(`\z`)
		}
	case nWordB:
		e.b.WriteString(`\b`)
	case nNotWordB:
		e.b.WriteString(`\B`)
	}
	return nil
}

// surrogates never occur in a Go string's code points (invalid UTF-8
// decodes as U+FFFD), so classes leave them out.
var surrogates = runeSet{{0xD800, 0xDFFF}}

func (e *emitter) writeSet(s runeSet) {
	s = s.subtract(surrogates)
	if r, ok := s.single(); ok {
		e.writeRune(r)
		return
	}
	if len(s) == 0 {
		e.b.WriteString(`[^\x00-\x{10FFFF}]`)
		return
	}
	e.b.WriteByte('[')
	for _, r := range s {
		e.writeRune(r.lo)
		if r.hi > r.lo {
			if r.hi > r.lo+1 {
				e.b.WriteByte('-')
			}
			e.writeRune(r.hi)
		}
	}
	e.b.WriteByte(']')
}

func (e *emitter) writeRune(r rune) {
	switch {
	case 'a' <= r && r <= 'z', 'A' <= r && r <= 'Z', '0' <= r && r <= '9', r == '_':
		e.b.WriteRune(r)
	case r < 0x80:
		fmt.Fprintf(&e.b, `\x%02X`, r)
	default:
		fmt.Fprintf(&e.b, `\x{%X}`, r)
	}
}
