package urlpattern

import (
	"unicode"
	"unicode/utf8"

	"github.com/weburl/weburl/internal/ecmaregexp"
)

// The tokenizer of the URL Pattern Standard ("Tokenizing"). It works on
// code points, as the spec does; offsets map them back to bytes of the
// pattern for errors.

// tokenType is a token's type, named as the spec names it.
type tokenType uint8

const (
	tokInvalidChar   tokenType = iota // "invalid-char"
	tokOpen                           // "open": {
	tokClose                          // "close": }
	tokRegexp                         // "regexp": (…)
	tokName                           // "name": :name
	tokChar                           // "char"
	tokEscapedChar                    // "escaped-char": \c
	tokOtherModifier                  // "other-modifier": ? or +
	tokAsterisk                       // "asterisk": *
	tokEnd                            // "end"
)

// token is the spec's token: its type, the code point index of its first
// code point in the input, and its value.
type token struct {
	typ   tokenType
	index int // in code points
	value string
}

// policy is the tokenize policy: strict tokenizing errors are errors,
// lenient ones become invalid-char tokens.
type policy uint8

const (
	strict policy = iota
	lenient
)

// codePoints is a pattern string as code points, with the byte offset of
// each in the original string (and one past the end), for error offsets.
// Invalid UTF-8 reads as U+FFFD, as a USVString would.
type codePoints struct {
	cps []rune
	off []int
	s   string // the string, when it is valid UTF-8 (its substrings are the code points')
}

func toCodePoints(s string) codePoints {
	n := utf8.RuneCountInString(s)
	c := codePoints{cps: make([]rune, 0, n), off: make([]int, 0, n+1)}
	if utf8.ValidString(s) {
		c.s = s
	}
	for i, r := range s {
		c.cps = append(c.cps, r)
		c.off = append(c.off, i)
	}
	c.off = append(c.off, len(s))
	return c
}

// byteOffset maps a code point index to a byte offset.
func (c codePoints) byteOffset(i int) int {
	if i < 0 {
		return 0
	}
	if i >= len(c.off) {
		return c.off[len(c.off)-1]
	}
	return c.off[i]
}

// substring is the code point substring from start to end: a substring
// of the input, without a copy, when the input is valid UTF-8.
func (c codePoints) substring(start, end int) string {
	if c.s != "" {
		return c.s[c.off[start]:c.off[end]]
	}
	return string(c.cps[start:end])
}

// tokenizer is the spec's tokenizer struct.
type tokenizer struct {
	input     codePoints
	policy    policy
	tokens    []token
	index     int
	nextIndex int
	cp        rune
}

// tokenize runs the spec's "tokenize". A strict tokenizing error is
// returned as an *Error whose offset is the code point index where the
// token starts (the caller maps it to bytes).
func tokenize(input codePoints, pol policy) ([]token, *Error) {
	t := &tokenizer{input: input, policy: pol, tokens: make([]token, 0, len(input.cps)+1)}
	n := len(input.cps)
	for t.index < n {
		t.seekAndGetNext(t.index)
		switch t.cp {
		case '*':
			t.addDefault(tokAsterisk)
			continue
		case '+', '?':
			t.addDefault(tokOtherModifier)
			continue
		case '\\':
			if t.index == n-1 {
				if err := t.processError(t.nextIndex, t.index, reasonEscapeAtEnd); err != nil {
					return nil, err
				}
				continue
			}
			escapedIndex := t.nextIndex
			t.getNext()
			t.addDefaultLength(tokEscapedChar, t.nextIndex, escapedIndex)
			continue
		case '{':
			t.addDefault(tokOpen)
			continue
		case '}':
			t.addDefault(tokClose)
			continue
		case ':':
			namePosition := t.nextIndex
			nameStart := namePosition
			for namePosition < n {
				t.seekAndGetNext(namePosition)
				if !isValidNameCodePoint(t.cp, namePosition == nameStart) {
					break
				}
				namePosition = t.nextIndex
			}
			if namePosition <= nameStart {
				if err := t.processError(nameStart, t.index, reasonEmptyName); err != nil {
					return nil, err
				}
				continue
			}
			t.addDefaultLength(tokName, namePosition, nameStart)
			continue
		case '(':
			if err := t.regexpToken(); err != nil {
				return nil, err
			}
			continue
		}
		t.addDefault(tokChar)
	}
	t.addDefaultLength(tokEnd, t.index, t.index)
	return t.tokens, nil
}

// regexpToken is the tokenizer's steps for U+0028 (().
func (t *tokenizer) regexpToken() *Error {
	n := len(t.input.cps)
	depth := 1
	regexpPosition := t.nextIndex
	regexpStart := regexpPosition
	fail := func(reason string) *Error { return t.processError(regexpStart, t.index, reason) }
	for regexpPosition < n {
		t.seekAndGetNext(regexpPosition)
		if t.cp > unicode.MaxASCII {
			return fail(reasonRegexpNotASCII)
		}
		if regexpPosition == regexpStart && t.cp == '?' {
			return fail(reasonRegexpStartsWithQuestion)
		}
		if t.cp == '\\' {
			if regexpPosition == n-1 {
				return fail(reasonRegexpEscapeAtEnd)
			}
			t.getNext()
			if t.cp > unicode.MaxASCII {
				return fail(reasonRegexpNotASCII)
			}
			regexpPosition = t.nextIndex
			continue
		}
		if t.cp == ')' {
			depth--
			if depth == 0 {
				regexpPosition = t.nextIndex
				break
			}
		} else if t.cp == '(' {
			depth++
			if regexpPosition == n-1 {
				return fail(reasonRegexpUnclosed)
			}
			temporaryPosition := t.nextIndex
			t.getNext()
			if t.cp != '?' {
				return fail(reasonRegexpCapturingGroup)
			}
			t.nextIndex = temporaryPosition
		}
		regexpPosition = t.nextIndex
	}
	if depth != 0 {
		return fail(reasonRegexpUnclosed)
	}
	regexpLength := regexpPosition - regexpStart - 1
	if regexpLength == 0 {
		return fail(reasonRegexpEmpty)
	}
	t.add(tokRegexp, regexpPosition, regexpStart, regexpLength)
	return nil
}

func (t *tokenizer) getNext() {
	t.cp = t.input.cps[t.nextIndex]
	t.nextIndex++
}

func (t *tokenizer) seekAndGetNext(i int) {
	t.nextIndex = i
	t.getNext()
}

func (t *tokenizer) add(typ tokenType, nextPosition, valuePosition, valueLength int) {
	t.tokens = append(t.tokens, token{typ: typ, index: t.index,
		value: t.input.substring(valuePosition, valuePosition+valueLength)})
	t.index = nextPosition
}

func (t *tokenizer) addDefaultLength(typ tokenType, nextPosition, valuePosition int) {
	t.add(typ, nextPosition, valuePosition, nextPosition-valuePosition)
}

func (t *tokenizer) addDefault(typ tokenType) {
	t.addDefaultLength(typ, t.nextIndex, t.index)
}

// processError is "process a tokenizing error": an error under the strict
// policy, an invalid-char token under the lenient one.
func (t *tokenizer) processError(nextPosition, valuePosition int, reason string) *Error {
	if t.policy == strict {
		return newError(t.index, because(ErrSyntax, reason, nil))
	}
	t.addDefaultLength(tokInvalidChar, nextPosition, valuePosition)
	return nil
}

// isValidNameCodePoint is "is a valid name code point": a code point of
// ECMAScript's IdentifierStart (first) or IdentifierPart, with the
// Unicode 17 ID_Start and ID_Continue of internal/ecmaregexp's tables, as
// browsers read names, under every Go toolchain.
func isValidNameCodePoint(r rune, first bool) bool {
	return ecmaregexp.IsIdentifierChar(r, first)
}
