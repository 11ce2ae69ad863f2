package mimetype

import (
	"strings"

	"github.com/weburl/weburl/internal/ascii"
	"github.com/weburl/weburl/internal/swar"
)

// Parse is the MIME Sniffing Standard's "parse a MIME type": it returns the
// MIME type record of s, or the zero MIMEType and an *Error naming the
// step that returns failure. s is read as UTF-8, each invalid byte as
// U+FFFD, as Web IDL reads a JavaScript string with lone surrogates.
// Parameters the standard skips (a name that is not an HTTP token, a value
// outside the quoted-string token code points, a name seen before, an
// empty unquoted value) are left out, as a browser leaves them out; the
// type, the subtype and the parameter names are stored in ASCII lowercase.
//
// Parse keeps substrings of s: parse a copy of a small part of a large
// string (strings.Clone) to let the large one go.
func Parse(s string) (MIMEType, error) {
	m, f := parse(s)
	if f.err != nil {
		return MIMEType{}, &Error{Op: "parse", Input: s, Offset: f.at, Err: f.err}
	}
	return m, nil
}

// failure is why parse failed: the sentinel, and the offset in the input
// of the code point at fault (for the reasons about code points).
type failure struct {
	err error
	at  int
}

// seenAfter is how many parameters the parser compares one by one before
// it keeps a set of their names, so that a header of 100,000 distinct
// names takes linear time.
const seenAfter = 8

// compared, when a test sets it, counts the parameter names that parse
// compares one by one: the work that would grow as the square of the
// input without the set.
var compared *int

// parse runs "parse a MIME type" on input; on failure it returns the zero
// MIMEType and why.
func parse(input string) (MIMEType, failure) {
	// 1. Remove any leading and trailing HTTP whitespace from input.
	start, end := 0, len(input)
	for start < end && isHTTPWhitespace(input[start]) {
		start++
	}
	for end > start && isHTTPWhitespace(input[end-1]) {
		end--
	}
	s := input[:end] // positions stay offsets into input
	pos := start

	// 3–4. type: the code points up to "/", non-empty, HTTP tokens only.
	slash := strings.IndexByte(s[pos:], '/')
	typeEnd := end
	if slash >= 0 {
		typeEnd = pos + slash
	}
	if typeEnd == pos {
		return MIMEType{}, failure{err: ErrTypeEmpty}
	}
	if i := ascii.FirstNotToken(s[pos:typeEnd]); i >= 0 {
		return MIMEType{}, failure{ErrTypeNotToken, pos + i}
	}
	// 5–6. If position is past the end of input, return failure; skip "/".
	if slash < 0 {
		return MIMEType{}, failure{err: ErrNoSlash}
	}
	pos = typeEnd + 1

	// 7–9. subtype: the code points up to ";", less trailing HTTP
	// whitespace, non-empty, HTTP tokens only.
	subEnd := end
	if i := strings.IndexByte(s[pos:], ';'); i >= 0 {
		subEnd = pos + i
	}
	paramsStart := subEnd
	for subEnd > pos && isHTTPWhitespace(s[subEnd-1]) {
		subEnd--
	}
	if subEnd == pos {
		return MIMEType{}, failure{err: ErrSubtypeEmpty}
	}
	if i := ascii.FirstNotToken(s[pos:subEnd]); i >= 0 {
		return MIMEType{}, failure{ErrSubtypeNotToken, pos + i}
	}

	// 10. type and subtype in ASCII lowercase: "type/subtype" is one run
	// of the input, its essence.
	essence := swar.ToLower(s[start:subEnd])
	slashAt := typeEnd - start

	// 11. The parameters.
	var buf [4]param
	params := buf[:0]
	var seen map[string]struct{}
	pos = paramsStart
	for pos < end {
		// 11.1. Skip ";". 11.2. Collect HTTP whitespace.
		pos++
		for pos < end && isHTTPWhitespace(s[pos]) {
			pos++
		}
		// 11.3–4. parameterName: the code points up to ";" or "=".
		nameStart := pos
		for pos < end && s[pos] != ';' && s[pos] != '=' {
			pos++
		}
		name := s[nameStart:pos]
		// 11.5. A ";" ends a parameter without a value; skip "=".
		if pos < end {
			if s[pos] == ';' {
				continue
			}
			pos++
		}
		// 11.6. Nothing after "=": no parameter.
		if pos >= end {
			break
		}
		// 11.7–9. parameterValue: quoted, then anything up to ";"
		// ignored; or unquoted up to ";", less trailing HTTP whitespace,
		// and skipped when empty.
		var value string
		if s[pos] == '"' {
			value, pos = collectQuotedValue(s, pos)
			if i := strings.IndexByte(s[pos:], ';'); i >= 0 {
				pos += i
			} else {
				pos = end
			}
		} else {
			valueStart := pos
			if i := strings.IndexByte(s[pos:], ';'); i >= 0 {
				pos += i
			} else {
				pos = end
			}
			valueEnd := pos
			for valueEnd > valueStart && isHTTPWhitespace(s[valueEnd-1]) {
				valueEnd--
			}
			if valueEnd == valueStart {
				continue
			}
			value = s[valueStart:valueEnd]
		}
		// 11.10. Keep the parameter when its name is a non-empty token,
		// its value quoted-string token code points, and its name new.
		if name == "" || !isToken(name) || firstNotQuotedStringToken(value) >= 0 {
			continue
		}
		if seen != nil {
			lower := swar.ToLower(name)
			if _, dup := seen[lower]; dup {
				continue
			}
			seen[lower] = struct{}{}
			params = append(params, param{lower, value})
			continue
		}
		if compared != nil {
			*compared += len(params)
		}
		if indexParam(params, name) >= 0 {
			continue
		}
		params = append(params, param{swar.ToLower(name), value})
		if len(params) == seenAfter {
			seen = make(map[string]struct{}, 2*seenAfter)
			for _, p := range params {
				seen[p.name] = struct{}{}
			}
		}
	}

	// 12. Return mimeType: one allocation for the parameters, none
	// without.
	m := MIMEType{essence: essence, slash: slashAt}
	if len(params) > 0 {
		m.params = append([]param(nil), params...)
	}
	return m, failure{}
}

// indexParam returns the index of the parameter named name (compared in
// ASCII lowercase) in params, or -1.
func indexParam(params []param, name string) int {
	for i := range params {
		if swar.EqualLower(name, params[i].name) {
			return i
		}
	}
	return -1
}

// collectQuotedValue is Fetch's "collect an HTTP quoted string" from s at
// pos (a U+0022 (")) with extract-value true: the value without its quotes
// and with each "\" escape resolved, and the position after the closing
// quote (or the end of s). A value without escapes is a substring of s.
func collectQuotedValue(s string, pos int) (string, int) {
	pos++ // 4. Advance position by 1 (past the opening quote).
	i := strings.IndexAny(s[pos:], `"\`)
	if i < 0 {
		return s[pos:], len(s)
	}
	if s[pos+i] == '"' {
		return s[pos : pos+i], pos + i + 1
	}
	var b strings.Builder
	for {
		// 5.1. Collect the code points that are not " or \.
		i := strings.IndexAny(s[pos:], `"\`)
		if i < 0 {
			// 5.2. Past the end: break.
			b.WriteString(s[pos:])
			return b.String(), len(s)
		}
		b.WriteString(s[pos : pos+i])
		pos += i
		// 5.3–4. quoteOrBackslash, and advance.
		c := s[pos]
		pos++
		if c == '"' {
			return b.String(), pos
		}
		// 5.5. A "\" at the end is kept; else the next code point is
		// appended as it is (its bytes, one at a time: none is " or \).
		if pos >= len(s) {
			b.WriteByte('\\')
			return b.String(), pos
		}
		b.WriteByte(s[pos])
		pos++
	}
}
