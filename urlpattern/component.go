package urlpattern

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
}

// compileComponent is "compile a component". Errors carry byte offsets
// into input; the caller names the component.
func compileComponent(input string, c Component, encode encodingCallback, opts options) (*component, *Error) {
	parts, err := parsePatternString(input, opts, encode)
	if err != nil {
		return nil, err
	}
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
		re, err := compileRegexp(source, opts.ignoreCase)
		if err != nil {
			return nil, regexpError(input, parts, opts, err)
		}
		comp.re = re
	} else {
		comp.prog = compileProgram(parts, opts)
	}
	return comp, nil
}

// exec matches input; caps (2 per group) receives group positions, -1
// for an undefined group.
func (c *component) exec(input string, caps []int) bool {
	if c.prog != nil {
		return c.prog.match(input, caps)
	}
	m := c.re.FindStringSubmatchIndex(input)
	if m == nil {
		return false
	}
	copy(caps, m[2:])
	return true
}

// specialSchemes are the URL Standard's special schemes.
var specialSchemes = [...]string{"ftp", "file", "http", "https", "ws", "wss"}

// matchesSpecialScheme is "protocol component matches a special scheme".
func (c *component) matchesSpecialScheme() bool {
	var caps [64]int
	buf := caps[:]
	if 2*len(c.names) > len(buf) {
		buf = make([]int, 2*len(c.names))
	}
	for _, s := range specialSchemes {
		if c.exec(s, buf[:2*len(c.names)]) {
			return true
		}
	}
	return false
}
