package urlpattern

import (
	"strings"
	"unicode/utf8"
)

// Converting part lists to regular expressions and to pattern strings.

// generateRegexp is "generate a regular expression and name list".
func generateRegexp(parts []part, opts options) (string, []string) {
	s, names, _ := generateRegexpSpans(parts, opts)
	return s, names
}

// regexpSpan is where a regexp part's value first appears in the
// generated source, for the offsets of its syntax errors.
type regexpSpan struct {
	start, end int // in the source
	part       int
}

func generateRegexpSpans(parts []part, opts options) (string, []string, []regexpSpan) {
	var spans []regexpSpan
	var b strings.Builder
	value := func(i int, v string) {
		if parts[i].typ == partRegexp {
			spans = append(spans, regexpSpan{b.Len(), b.Len() + len(v), i})
		}
		b.WriteString(v)
	}
	b.WriteByte('^')
	var names []string
	for i := range parts {
		p := &parts[i]
		if p.typ == partFixedText {
			if p.modifier == modNone {
				writeEscapedRegexp(&b, p.value)
			} else {
				b.WriteString("(?:")
				writeEscapedRegexp(&b, p.value)
				b.WriteString(")")
				b.WriteString(p.modifier.String())
			}
			continue
		}
		names = append(names, p.name)
		regexpValue := p.value
		if p.typ == partSegmentWildcard {
			regexpValue = segmentWildcardRegexp(opts)
		} else if p.typ == partFullWildcard {
			regexpValue = fullWildcardRegexpValue
		}
		if p.prefix == "" && p.suffix == "" {
			if p.modifier == modNone || p.modifier == modOptional {
				b.WriteString("(")
				value(i, regexpValue)
				b.WriteString(")" + p.modifier.String())
			} else {
				b.WriteString("((?:")
				value(i, regexpValue)
				b.WriteString(")" + p.modifier.String() + ")")
			}
			continue
		}
		if p.modifier == modNone || p.modifier == modOptional {
			b.WriteString("(?:")
			writeEscapedRegexp(&b, p.prefix)
			b.WriteString("(")
			value(i, regexpValue)
			b.WriteString(")")
			writeEscapedRegexp(&b, p.suffix)
			b.WriteString(")" + p.modifier.String())
			continue
		}
		b.WriteString("(?:")
		writeEscapedRegexp(&b, p.prefix)
		b.WriteString("((?:")
		value(i, regexpValue)
		b.WriteString(")(?:")
		writeEscapedRegexp(&b, p.suffix)
		writeEscapedRegexp(&b, p.prefix)
		b.WriteString("(?:" + regexpValue + "))*)")
		writeEscapedRegexp(&b, p.suffix)
		b.WriteString(")")
		if p.modifier == modZeroOrMore {
			b.WriteString("?")
		}
	}
	b.WriteByte('$')
	return b.String(), names, spans
}

// escapeRegexpString is "escape a regexp string".
func escapeRegexpString(s string) string {
	var b strings.Builder
	writeEscapedRegexp(&b, s)
	return b.String()
}

func writeEscapedRegexp(b *strings.Builder, s string) {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '.', '+', '*', '?', '^', '$', '{', '}', '(', ')', '[', ']', '|', '/', '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
}

// escapePatternString is "escape a pattern string".
func escapePatternString(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '+', '*', '?', ':', '{', '}', '(', ')', '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// generatePatternString is "generate a pattern string".
func generatePatternString(parts []part, opts options) string {
	var b strings.Builder
	for i := range parts {
		p := &parts[i]
		var prev, next *part
		if i > 0 {
			prev = &parts[i-1]
		}
		if i < len(parts)-1 {
			next = &parts[i+1]
		}
		if p.typ == partFixedText {
			if p.modifier == modNone {
				b.WriteString(escapePatternString(p.value))
				continue
			}
			b.WriteString("{" + escapePatternString(p.value) + "}" + p.modifier.String())
			continue
		}
		customName := !isASCIIDigit(p.name[0])
		needsGrouping := p.suffix != "" || p.prefix != "" && (opts.prefix == 0 || p.prefix != string(rune(opts.prefix)))
		if !needsGrouping && customName && p.typ == partSegmentWildcard && p.modifier == modNone &&
			next != nil && next.prefix == "" && next.suffix == "" {
			if next.typ == partFixedText {
				r, _ := utf8.DecodeRuneInString(next.value)
				needsGrouping = next.value != "" && isValidNameCodePoint(r, false)
			} else {
				needsGrouping = isASCIIDigit(next.name[0])
			}
		}
		if !needsGrouping && p.prefix == "" && prev != nil && prev.typ == partFixedText &&
			opts.prefix != 0 && strings.HasSuffix(prev.value, string(rune(opts.prefix))) {
			needsGrouping = true
		}
		if needsGrouping {
			b.WriteByte('{')
		}
		b.WriteString(escapePatternString(p.prefix))
		if customName {
			b.WriteString(":" + p.name)
		}
		switch {
		case p.typ == partRegexp:
			b.WriteString("(" + p.value + ")")
		case p.typ == partSegmentWildcard && !customName:
			b.WriteString("(" + segmentWildcardRegexp(opts) + ")")
		case p.typ == partFullWildcard:
			if !customName && (prev == nil || prev.typ == partFixedText || prev.modifier != modNone || needsGrouping || p.prefix != "") {
				b.WriteByte('*')
			} else {
				b.WriteString("(" + fullWildcardRegexpValue + ")")
			}
		}
		if p.typ == partSegmentWildcard && customName && p.suffix != "" {
			if r, _ := utf8.DecodeRuneInString(p.suffix); isValidNameCodePoint(r, false) {
				b.WriteByte('\\')
			}
		}
		b.WriteString(escapePatternString(p.suffix))
		if needsGrouping {
			b.WriteByte('}')
		}
		b.WriteString(p.modifier.String())
	}
	return b.String()
}

func isASCIIDigit(c byte) bool { return '0' <= c && c <= '9' }
