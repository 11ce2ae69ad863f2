package urlpattern

import (
	"strings"
	"unicode/utf8"
)

// Options is URLPatternOptions.
type Options struct {
	// IgnoreCase makes the pathname, search and hash match without regard
	// to case (the regular expressions' "i" flag).
	IgnoreCase bool

	// CompileBudget bounds the memory that building the pattern may take,
	// in bytes, as estimated while the pattern is read (its tokens, parts
	// and matching programs, and its regular expressions' translation to
	// RE2 and Go's compiling of them), before the memory is taken. A
	// pattern that exceeds it is an *Error naming the budget. 0 means
	// DefaultCompileBudget (48 MiB), within which any pattern of at most
	// 64 KiB compiles or fails with at most 64 MiB allocated; one
	// \p{RGI_Emoji} takes about 8 MiB of it.
	CompileBudget int
}

// Pattern is a URL pattern: eight compiled components. A Pattern is
// immutable and safe for concurrent use. The zero Pattern matches
// nothing and has empty pattern strings.
type Pattern struct {
	comps  [numComponents]*component
	ngroup int // groups of all components
	// What a Result needs, apart from the components, which a match has
	// read from cold memory: each component's groups and the names of
	// all groups, in order.
	counts [numComponents]int32
	names  []string
}

// New is new URLPattern(input, options): input is a constructor string
// such as "https://example.com/books/:id", which must have a protocol.
func New(input string, opts Options) (*Pattern, error) {
	return create(input, true, nil, nil, opts)
}

// NewWithBase is new URLPattern(input, baseURL, options): input may be
// relative to baseURL, as "../admin/*".
func NewWithBase(input, baseURL string, opts Options) (*Pattern, error) {
	return create(input, true, nil, &baseURL, opts)
}

// NewInit is new URLPattern(init, options). A component that init does
// not hold is "*", unless a base URL gives it.
func NewInit(init Init, opts Options) (*Pattern, error) {
	return create("", false, &init, nil, opts)
}

// MustNew is New that panics on error, for patterns written in the code.
func MustNew(input string, opts Options) *Pattern {
	p, err := New(input, opts)
	if err != nil {
		panic(err)
	}
	return p
}

// create is the spec's "create" a URL pattern. An error returns a *Error
// (as a plain error, so that nil stays nil).
func create(input string, isString bool, init *Init, baseURL *string, opts Options) (*Pattern, error) {
	// Strings are USVStrings: an invalid byte is U+FFFD, here once, so
	// that error offsets and patterns agree.
	input = toUSV(input)
	if baseURL != nil {
		b := toUSV(*baseURL)
		baseURL = &b
	}
	b := newBudget(opts)
	var rec record
	var offsets [numComponents]int
	if isString {
		var err *Error
		rec, offsets, err = parseConstructorString(input, b)
		if err != nil {
			err.Pattern = input
			return nil, err
		}
		if baseURL == nil && !rec.has[Protocol] {
			e := newError(-1, ErrNoProtocol)
			e.Pattern = input
			return nil, e
		}
		if baseURL != nil {
			rec.hasBase, rec.baseURL = true, *baseURL
		}
	} else {
		rec = recordOf(*init)
		for c := range numComponents {
			rec.value[c] = toUSV(rec.value[c])
		}
		rec.baseURL = toUSV(rec.baseURL)
	}
	processed, err := processInit(&rec, typePattern)
	if err != nil {
		return nil, err
	}
	for c := range numComponents {
		if !processed.has[c] {
			processed.set(c, "*")
		}
	}
	if isSpecialScheme(processed.value[Protocol]) && processed.value[Port] == defaultPort(processed.value[Protocol]) {
		processed.value[Port] = ""
	}
	p := &Pattern{}
	compile := func(c Component, encode encodingCallback, o options) *Error {
		comp, err := compileComponent(processed.value[c], c, encode, o, b)
		if err != nil {
			err.Component = c
			// A component string taken unchanged from the constructor
			// string reports its offset in the whole input.
			if isString && rec.has[c] && processed.value[c] == rec.value[c] && err.Offset >= 0 {
				err.Offset += offsets[c]
				err.Pattern = input
			}
			return err
		}
		p.comps[c] = comp
		return nil
	}
	steps := []struct {
		c      Component
		encode encodingCallback
		o      options
	}{
		{Protocol, canonicalizeProtocol, defaultOptions},
		{Username, canonicalizeUsername, defaultOptions},
		{Password, canonicalizePassword, defaultOptions},
	}
	for _, s := range steps {
		if err := compile(s.c, s.encode, s.o); err != nil {
			return nil, err
		}
	}
	hostEncode := canonicalizeHostname
	if hostnamePatternIsIPv6(processed.value[Hostname]) {
		hostEncode = canonicalizeIPv6Hostname
	}
	if err := compile(Hostname, hostEncode, hostnameOptions); err != nil {
		return nil, err
	}
	if err := compile(Port, func(v string) (string, error) { return canonicalizePort(v, "") }, defaultOptions); err != nil {
		return nil, err
	}
	compileOptions := defaultOptions
	compileOptions.ignoreCase = opts.IgnoreCase
	if p.comps[Protocol].matchesSpecialScheme() {
		pathOptions := pathnameOptions
		pathOptions.ignoreCase = opts.IgnoreCase
		if err := compile(Pathname, canonicalizePathname, pathOptions); err != nil {
			return nil, err
		}
	} else if err := compile(Pathname, canonicalizeOpaquePathname, compileOptions); err != nil {
		return nil, err
	}
	if err := compile(Search, canonicalizeSearch, compileOptions); err != nil {
		return nil, err
	}
	if err := compile(Hash, canonicalizeHash, compileOptions); err != nil {
		return nil, err
	}
	p.setGroups()
	return p, nil
}

// setGroups sets what p knows of its components' groups: how many each
// has, and the names of all, in the order of the components, in one
// array of their number (a List and every Pattern keep it).
func (p *Pattern) setGroups() {
	p.ngroup = 0
	for c, comp := range p.comps {
		p.counts[c] = int32(len(comp.names))
		p.ngroup += len(comp.names)
	}
	p.names = make([]string, 0, p.ngroup)
	for _, comp := range p.comps {
		p.names = append(p.names, comp.names...)
	}
}

// toUSV returns s with each byte of invalid UTF-8 replaced by U+FFFD.
func toUSV(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		b.WriteRune(r)
	}
	return b.String()
}

// hostnamePatternIsIPv6 is "hostname pattern is an IPv6 address".
func hostnamePatternIsIPv6(s string) bool {
	if len(s) < 2 {
		return false
	}
	return s[0] == '[' || (s[0] == '{' || s[0] == '\\') && s[1] == '['
}

func (p *Pattern) patternString(c Component) string {
	if p == nil || p.comps[c] == nil {
		return ""
	}
	return p.comps[c].patternString
}

// Protocol returns the normalized protocol pattern string.
func (p *Pattern) Protocol() string { return p.patternString(Protocol) }

// Username returns the normalized username pattern string.
func (p *Pattern) Username() string { return p.patternString(Username) }

// Password returns the normalized password pattern string.
func (p *Pattern) Password() string { return p.patternString(Password) }

// Hostname returns the normalized hostname pattern string.
func (p *Pattern) Hostname() string { return p.patternString(Hostname) }

// Port returns the normalized port pattern string.
func (p *Pattern) Port() string { return p.patternString(Port) }

// Pathname returns the normalized pathname pattern string.
func (p *Pattern) Pathname() string { return p.patternString(Pathname) }

// Search returns the normalized search pattern string.
func (p *Pattern) Search() string { return p.patternString(Search) }

// Hash returns the normalized hash pattern string.
func (p *Pattern) Hash() string { return p.patternString(Hash) }

// Component returns the normalized pattern string of component c, or ""
// for a value that is not a component.
func (p *Pattern) Component(c Component) string {
	if c < 0 || c >= numComponents {
		return ""
	}
	return p.patternString(c)
}

// HasRegExpGroups reports whether any component has a group with a custom
// regular expression, such as ":id(\\d+)".
func (p *Pattern) HasRegExpGroups() bool {
	if p == nil {
		return false
	}
	for _, c := range p.comps {
		if c != nil && c.hasRegexpGroups {
			return true
		}
	}
	return false
}

// RegExp returns the ECMAScript regular expression source that the spec
// generates for component c (its flags are "v", "vi" with IgnoreCase for
// the pathname, search and hash), or "" for a value that is not a
// component.
func (p *Pattern) RegExp(c Component) string {
	if p == nil || c < 0 || c >= numComponents || p.comps[c] == nil {
		return ""
	}
	return p.comps[c].regexpSource
}

// GroupNames returns the names of component c's groups, in order.
func (p *Pattern) GroupNames(c Component) []string {
	if p == nil || c < 0 || c >= numComponents || p.comps[c] == nil {
		return nil
	}
	return append([]string(nil), p.comps[c].names...)
}
