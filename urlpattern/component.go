package urlpattern

import (
	"math"
	"reflect"
	"sync"
)

// A compiled component: the spec's component struct, and the matcher
// that stands for its regular expression.

type component struct {
	patternString   string
	parts           []part
	names           []string
	hasRegexpGroups bool
	regexpSource    string
	opts            options
	encode          encodingCallback

	re   regexpEngine // the regular expression, when the component has regexp groups
	prog *program     // the matcher without a regular expression, otherwise

	// The regular expression of a component that has a program, for the
	// inputs too large for the program's backward pass.
	compileWork int // steps of compiling, for the linear-time tests

	fallbackOnce sync.Once
	fallback     regexpEngine
}

// compileComponent is "compile a component", charged to the pattern's
// compile budget b. Errors carry byte offsets into input; the caller
// names the component.
func compileComponent(input string, c Component, encode encodingCallback, opts options, b *budget) (*component, *Error) {
	if !b.chargeBytes(input) {
		e := b.err(-1, nil)
		e.Pattern = input
		return nil, e
	}
	var star starKey
	if input == "*" {
		star = starKey{c, opts, reflect.ValueOf(encode).Pointer()}
		if comp, ok := starComponents.Load(star); ok {
			return comp.(*component), nil
		}
	}
	parts, steps, err := parsePatternString(input, opts, encode, b)
	if err != nil {
		return nil, err
	}
	comp, reErr := componentOf(parts, steps, opts, encode, b)
	if reErr != nil {
		e := regexpError(input, parts, opts, reErr)
		if isBudgetError(reErr) {
			e.Err = b.reason(reErr)
		}
		return nil, e
	}
	if input == "*" {
		starComponents.Store(star, comp)
	}
	return comp, nil
}

// componentOf is the rest of "compile a component" once the pattern
// string is parsed into parts (steps of work so far): the regular
// expression and pattern string they generate, and the matcher; or the
// error of compiling that expression.
func componentOf(parts []part, steps int, opts options, encode encodingCallback, b *budget) (*component, error) {
	source, names := generateRegexp(parts, opts)
	comp := &component{
		patternString: generatePatternString(parts, opts),
		parts:         parts,
		names:         names,
		regexpSource:  source,
		opts:          opts,
		encode:        encode,
	}
	for i := range parts {
		if parts[i].typ == partRegexp {
			comp.hasRegexpGroups = true
		}
	}
	if comp.hasRegexpGroups {
		re, err := compileRegexp(source, opts.ignoreCase, b.left())
		if err != nil {
			return nil, err
		}
		b.charge(re.Cost())
		comp.re = re
	} else {
		comp.prog = compileProgram(parts, opts)
		steps += 2 * len(comp.prog.insts)
	}
	comp.compileWork = steps + len(source) + len(comp.patternString)
	return comp, nil
}

// starComponents holds the compiled "*" of each component, options and
// encoding callback, shared by every pattern that writes no such
// component (a component is immutable once compiled): a List of
// hundreds of paths would otherwise keep hundreds of copies of seven
// "*"s.
var starComponents sync.Map // starKey -> *component

// starKey says what a compiled "*" depends on.
type starKey struct {
	c      Component
	opts   options
	encode uintptr // the callback's code; the callbacks capture nothing that changes it
}

// exec matches input; caps (2 per group) receives group positions, -1
// for an undefined group.
func (c *component) exec(input string, caps []int) bool {
	re := c.re
	if c.prog != nil {
		if c.prog.fits(len(input)) {
			return c.prog.match(input, caps, nil)
		}
		if re = c.regexp(); re == nil {
			// The generated expression always compiles; should it not,
			// the program still gives the answer, at its memory cost.
			return c.prog.match(input, caps, nil)
		}
	}
	m := re.FindStringSubmatchIndex(input)
	if m == nil {
		return false
	}
	copy(caps, m[2:])
	return true
}

// regexp returns the component's regular expression, compiling it the
// first time for a component that has a program. That compile is not
// charged to the pattern's budget: the expression of a component without
// regexp groups has no classes, properties or loops with captures, so its
// translation is linear in the component, which the budget has bounded;
// and a refusal here would leave the program's bit table, which grows
// with the input, to match.
func (c *component) regexp() regexpEngine {
	if c.re != nil {
		return c.re
	}
	c.fallbackOnce.Do(func() {
		c.fallback, _ = compileRegexp(c.regexpSource, c.opts.ignoreCase, math.MaxInt)
	})
	return c.fallback
}

// test reports whether input matches, without groups.
func (c *component) test(input string) bool {
	if c.prog != nil && c.prog.fits(len(input)) {
		return c.prog.match(input, nil, nil)
	}
	if re := c.regexp(); re != nil {
		return re.MatchString(input)
	}
	return c.prog.match(input, nil, nil)
}

// specialSchemes are the URL Standard's special schemes.
var specialSchemes = [...]string{"ftp", "file", "http", "https", "ws", "wss"}

// matchesSpecialScheme is "protocol component matches a special scheme".
func (c *component) matchesSpecialScheme() bool {
	for _, s := range specialSchemes {
		if c.test(s) {
			return true
		}
	}
	return false
}
