package urlpattern

import (
	"strconv"
	"strings"

	"github.com/weburl/weburl/internal/quote"
)

// The pattern parser ("Parsing pattern strings"): tokens to a part list.

// partType is a part's type.
type partType uint8

const (
	partFixedText       partType = iota // "fixed-text"
	partRegexp                          // "regexp"
	partSegmentWildcard                 // "segment-wildcard"
	partFullWildcard                    // "full-wildcard"
)

// modifier is a part's modifier.
type modifier uint8

const (
	modNone       modifier = iota // "none"
	modOptional                   // "?"
	modZeroOrMore                 // "*"
	modOneOrMore                  // "+"
)

func (m modifier) String() string {
	switch m {
	case modOptional:
		return "?"
	case modZeroOrMore:
		return "*"
	case modOneOrMore:
		return "+"
	}
	return ""
}

// part is the spec's part. offset is the byte offset of the part's group
// in the pattern string, for errors of its regular expression.
type part struct {
	typ      partType
	modifier modifier
	value    string
	name     string
	prefix   string
	suffix   string
	offset   int
}

// options is the spec's options struct; delimiter and prefix are one ASCII
// code point or 0 for the empty string.
type options struct {
	delimiter  byte
	prefix     byte
	ignoreCase bool
}

var (
	defaultOptions  = options{}
	hostnameOptions = options{delimiter: '.'}
	pathnameOptions = options{delimiter: '/', prefix: '/'}
)

// encodingCallback validates and encodes a piece of fixed text.
type encodingCallback func(string) (string, error)

type patternParser struct {
	tokens                []token
	input                 codePoints
	encode                encodingCallback
	segmentWildcardRegexp string
	parts                 []part
	pendingFixedValue     strings.Builder
	index                 int
	nextNumericName       int
	names                 map[string]bool // the names of the parts so far, for "is a duplicate name"
	steps                 int             // tokens tried, for the linear-time tests
	budget                *budget
}

// parsePatternString is "parse a pattern string". Errors carry byte
// offsets into input. It also counts its steps (tokens tried, and the
// tokenizer's code points) for the linear-time tests.
func parsePatternString(input string, opts options, encode encodingCallback, b *budget) ([]part, int, *Error) {
	cps := toCodePoints(input)
	tokens, err := tokenize(cps, strict)
	if err != nil {
		err.Offset = cps.byteOffset(err.Offset)
		err.Pattern = input
		return nil, 0, err
	}
	p := &patternParser{tokens: tokens, input: cps, encode: encode, budget: b,
		segmentWildcardRegexp: segmentWildcardRegexp(opts)}
	// A part consumes a group's tokens, or the fixed text before one.
	groups := 0
	for i := range tokens {
		switch tokens[i].typ {
		case tokName, tokRegexp, tokAsterisk, tokOpen:
			groups++
		}
	}
	p.parts = make([]part, 0, 2*groups+1)
	if err := p.run(opts); err != nil {
		err.Pattern = input
		return nil, 0, err
	}
	return p.parts, p.steps + len(cps.cps), nil
}

func (p *patternParser) fail(tok *token, reason error, words string, cause error) *Error {
	return newError(p.input.byteOffset(tok.index), because(reason, words, cause))
}

func (p *patternParser) run(opts options) *Error {
	for p.index < len(p.tokens) {
		charToken := p.tryConsume(tokChar)
		nameToken := p.tryConsume(tokName)
		regexpOrWildcardToken := p.tryConsumeRegexpOrWildcard(nameToken)
		if nameToken != nil || regexpOrWildcardToken != nil {
			prefix := ""
			if charToken != nil {
				prefix = charToken.value
			}
			if prefix != "" && (opts.prefix == 0 || prefix != string(rune(opts.prefix))) {
				p.pendingFixedValue.WriteString(prefix)
				prefix = ""
			}
			if err := p.maybeAddPartFromPendingFixedValue(charToken); err != nil {
				return err
			}
			modifierToken := p.tryConsumeModifier()
			if err := p.addPart(prefix, nameToken, regexpOrWildcardToken, "", modifierToken); err != nil {
				return err
			}
			continue
		}
		fixedToken := charToken
		if fixedToken == nil {
			fixedToken = p.tryConsume(tokEscapedChar)
		}
		if fixedToken != nil {
			p.pendingFixedValue.WriteString(fixedToken.value)
			continue
		}
		openToken := p.tryConsume(tokOpen)
		if openToken != nil {
			prefix := p.consumeText()
			nameToken = p.tryConsume(tokName)
			regexpOrWildcardToken = p.tryConsumeRegexpOrWildcard(nameToken)
			suffix := p.consumeText()
			if _, err := p.consumeRequired(tokClose); err != nil {
				return err
			}
			modifierToken := p.tryConsumeModifier()
			if nameToken == nil && regexpOrWildcardToken == nil {
				// Errors of the group's text point at the group.
				nameToken = nil
			}
			if err := p.addPartAt(openToken, prefix, nameToken, regexpOrWildcardToken, suffix, modifierToken); err != nil {
				return err
			}
			continue
		}
		if err := p.maybeAddPartFromPendingFixedValue(&p.tokens[p.index]); err != nil {
			return err
		}
		if _, err := p.consumeRequired(tokEnd); err != nil {
			return err
		}
	}
	return nil
}

// segmentWildcardRegexp is "generate a segment wildcard regexp".
func segmentWildcardRegexp(opts options) string {
	if opts.delimiter == 0 {
		return "[^]+?"
	}
	return "[^" + escapeRegexpString(string(rune(opts.delimiter))) + "]+?"
}

const fullWildcardRegexpValue = ".*"

func (p *patternParser) tryConsume(typ tokenType) *token {
	p.steps++
	t := &p.tokens[p.index]
	if t.typ != typ {
		return nil
	}
	p.index++
	return t
}

func (p *patternParser) tryConsumeModifier() *token {
	if t := p.tryConsume(tokOtherModifier); t != nil {
		return t
	}
	return p.tryConsume(tokAsterisk)
}

func (p *patternParser) tryConsumeRegexpOrWildcard(nameToken *token) *token {
	t := p.tryConsume(tokRegexp)
	if nameToken == nil && t == nil {
		t = p.tryConsume(tokAsterisk)
	}
	return t
}

var tokenNames = [...]string{tokInvalidChar: "an invalid code point", tokOpen: `"{"`, tokClose: `"}"`,
	tokRegexp: "a regular expression", tokName: "a name", tokChar: "a code point",
	tokEscapedChar: "an escaped code point", tokOtherModifier: "a modifier", tokAsterisk: `"*"`, tokEnd: "the end of the pattern"}

func (p *patternParser) consumeRequired(typ tokenType) (*token, *Error) {
	if t := p.tryConsume(typ); t != nil {
		return t, nil
	}
	t := &p.tokens[p.index]
	reason := "expected " + tokenNames[typ] + ", found " + tokenNames[t.typ]
	if t.typ != tokEnd {
		reason += " " + quote.String(t.value)
	}
	return nil, p.fail(t, ErrSyntax, reason, nil)
}

func (p *patternParser) consumeText() string {
	var b strings.Builder
	for {
		t := p.tryConsume(tokChar)
		if t == nil {
			t = p.tryConsume(tokEscapedChar)
		}
		if t == nil {
			return b.String()
		}
		b.WriteString(t.value)
	}
}

// maybeAddPartFromPendingFixedValue is "maybe add a part from the pending
// fixed value"; at is where an encoding error is reported.
func (p *patternParser) maybeAddPartFromPendingFixedValue(at *token) *Error {
	if p.pendingFixedValue.Len() == 0 {
		return nil
	}
	value := p.pendingFixedValue.String()
	p.pendingFixedValue.Reset()
	encoded, err := p.encodeAt(at, value)
	if err != nil {
		return err
	}
	return p.appendPart(at, part{typ: partFixedText, value: encoded, modifier: modNone})
}

// encodeAt runs the encoding callback on value, charged to the compile
// budget; at is where an error is reported.
func (p *patternParser) encodeAt(at *token, value string) (string, *Error) {
	if value != "" && !p.budget.charge(costEncode+len(value)) {
		return "", p.budgetError(at)
	}
	encoded, err := p.encode(value)
	if err != nil {
		return "", p.encodeError(at, value, err)
	}
	return encoded, nil
}

// appendPart adds a part to the part list, charged to the compile budget.
func (p *patternParser) appendPart(at *token, pt part) *Error {
	cost := costPart
	if (pt.modifier == modZeroOrMore || pt.modifier == modOneOrMore) && pt.prefix+pt.suffix != "" {
		cost += costPartLoop
	}
	if !p.budget.charge(cost) {
		return p.budgetError(at)
	}
	p.parts = append(p.parts, pt)
	return nil
}

func (p *patternParser) budgetError(at *token) *Error {
	if at == nil {
		at = &p.tokens[max(p.index-1, 0)]
	}
	return p.budget.err(p.input.byteOffset(at.index), nil)
}

func (p *patternParser) encodeError(at *token, value string, err error) *Error {
	if at == nil {
		at = &p.tokens[max(p.index-1, 0)]
	}
	return p.fail(at, ErrInvalidValue, "the fixed text "+quote.String(value)+" is not valid in the component", err)
}

func (p *patternParser) addPart(prefix string, nameToken, regexpOrWildcardToken *token, suffix string, modifierToken *token) *Error {
	at := nameToken
	if at == nil {
		at = regexpOrWildcardToken
	}
	return p.addPartAt(at, prefix, nameToken, regexpOrWildcardToken, suffix, modifierToken)
}

// addPartAt is "add a part"; at locates the part for errors.
func (p *patternParser) addPartAt(at *token, prefix string, nameToken, regexpOrWildcardToken *token, suffix string, modifierToken *token) *Error {
	mod := modNone
	if modifierToken != nil {
		switch modifierToken.value {
		case "?":
			mod = modOptional
		case "*":
			mod = modZeroOrMore
		case "+":
			mod = modOneOrMore
		}
	}
	if nameToken == nil && regexpOrWildcardToken == nil && mod == modNone {
		p.pendingFixedValue.WriteString(prefix)
		return nil
	}
	if err := p.maybeAddPartFromPendingFixedValue(at); err != nil {
		return err
	}
	if nameToken == nil && regexpOrWildcardToken == nil {
		if prefix == "" {
			return nil
		}
		encoded, err := p.encodeAt(at, prefix)
		if err != nil {
			return err
		}
		return p.appendPart(at, part{typ: partFixedText, value: encoded, modifier: mod})
	}
	regexpValue := ""
	switch {
	case regexpOrWildcardToken == nil:
		regexpValue = p.segmentWildcardRegexp
	case regexpOrWildcardToken.typ == tokAsterisk:
		regexpValue = fullWildcardRegexpValue
	default:
		regexpValue = regexpOrWildcardToken.value
	}
	typ := partRegexp
	if regexpValue == p.segmentWildcardRegexp {
		typ = partSegmentWildcard
		regexpValue = ""
	} else if regexpValue == fullWildcardRegexpValue {
		typ = partFullWildcard
		regexpValue = ""
	}
	name := ""
	if nameToken != nil {
		name = nameToken.value
	} else if regexpOrWildcardToken != nil {
		name = strconv.Itoa(p.nextNumericName)
		p.nextNumericName++
	}
	if p.names[name] {
		return p.fail(at, ErrSyntax, reasonDuplicateName+": "+quote.String(name), nil)
	}
	if p.names == nil {
		p.names = map[string]bool{}
	}
	p.names[name] = true
	encodedPrefix, err := p.encodeAt(at, prefix)
	if err != nil {
		return err
	}
	encodedSuffix, err := p.encodeAt(at, suffix)
	if err != nil {
		return err
	}
	offset := p.input.byteOffset(at.index)
	if regexpOrWildcardToken != nil && regexpOrWildcardToken.typ == tokRegexp {
		offset = p.input.byteOffset(regexpOrWildcardToken.index + 1) // the regexp's first code point
	}
	return p.appendPart(at, part{typ: typ, value: regexpValue, modifier: mod, name: name,
		prefix: encodedPrefix, suffix: encodedSuffix, offset: offset})
}
