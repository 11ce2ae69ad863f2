package mimetype

import (
	"strings"
	"unicode/utf8"
)

// ParseBytes is the standard's "parse a MIME type from bytes": b
// isomorphic decoded (each byte the code point of its value, so 0xE9 is
// U+00E9 é, as a browser reads a header), then parsed (see Parse). A
// value's U+0080 to U+00FF are UTF-8 in the result.
func ParseBytes(b []byte) (MIMEType, error) {
	return Parse(isomorphicDecode(string(b)))
}

// isomorphicDecode returns the code points of the bytes of s, in UTF-8: s
// itself when it is ASCII.
func isomorphicDecode(s string) string {
	i := 0
	for i < len(s) && s[i] < utf8.RuneSelf {
		i++
	}
	if i == len(s) {
		return s
	}
	b := make([]byte, i, len(s)+(len(s)-i))
	copy(b, s)
	for ; i < len(s); i++ {
		b = utf8.AppendRune(b, rune(s[i]))
	}
	return string(b)
}

// Extract is Fetch's "extract a MIME type" of a response or request: the
// MIME type that its Content-Type headers give, read as a browser reads
// them. values are those headers' values as they came, bytes in strings,
// as net/http's Header.Values("Content-Type") gives them. They are
// combined with ", ", split at each "," outside a quoted string, and each
// part that parses (and is not */*) becomes the MIME type; a later part
// of the same essence without a charset parameter keeps the charset of
// the first of its run:
//
//	Content-Type: text/plain;charset=gbk, text/html  →  text/html
//	Content-Type: text/html;charset=gbk;a=b, text/html;x=y  →  text/html;x=y;charset=gbk
//
// It returns an *Error when there is no value (ErrNoContentType) or no
// part parses (ErrNoMIMEType), which the standard's warning says a caller
// is to treat as a fatal error.
func Extract(values []string) (MIMEType, error) {
	// 4. values: get, decode, and split Content-Type; 5. null: failure.
	if len(values) == 0 {
		return MIMEType{}, &Error{Op: "extract", Err: ErrNoContentType}
	}
	input := isomorphicDecode(strings.Join(values, ", "))
	// 1–3. charset, essence and mimeType are null.
	var charset, essence string
	hasCharset := false
	var mimeType MIMEType
	// 6. For each value of values:
	for pos := 0; ; {
		var value string
		value, pos = nextValue(input, pos)
		// 6.1–2. Parse it; skip a failure and */*.
		if m, f := parse(value); f.err == nil && m.essence != "*/*" {
			// 6.3. Set mimeType to it.
			mimeType = m
			if m.essence != essence {
				// 6.4. A new essence: its own charset, or none.
				charset, hasCharset = m.Param("charset")
				essence = m.essence
			} else if _, ok := m.Param("charset"); !ok && hasCharset {
				// 6.5. The same essence without a charset: the run's
				// (m is parse's, shared with no one yet).
				mimeType.params = append(m.params, param{"charset", charset})
			}
		}
		if pos > len(input) {
			break
		}
	}
	// 7. If mimeType is null, return failure.
	if mimeType.essence == "" {
		return MIMEType{}, &Error{Op: "extract", Input: input, Err: ErrNoMIMEType}
	}
	return mimeType, nil
}

// nextValue is one turn of Fetch's "get, decode, and split" from pos: the
// value up to the next "," outside a quoted string, with HTTP tab or space
// removed from its ends, and the position after that "," (len(input)+1
// after the last value).
func nextValue(input string, pos int) (string, int) {
	start := pos
	for {
		// 5.1. Collect the code points that are not " or ",".
		i := strings.IndexAny(input[pos:], `",`)
		if i < 0 {
			pos = len(input)
			break
		}
		pos += i
		if input[pos] == ',' {
			break
		}
		// 5.2. A quoted string, which may hold ",".
		pos = skipQuoted(input, pos)
		if pos >= len(input) {
			break
		}
	}
	// 5.3. Remove all HTTP tab or space from the start and end.
	v := input[start:pos]
	for v != "" && (v[0] == ' ' || v[0] == '\t') {
		v = v[1:]
	}
	for v != "" && (v[len(v)-1] == ' ' || v[len(v)-1] == '\t') {
		v = v[:len(v)-1]
	}
	return v, pos + 1
}

// skipQuoted is "collect an HTTP quoted string" from input at pos (a ")
// where only the position after it matters: the position after the
// closing quote, or the end of input.
func skipQuoted(input string, pos int) int {
	pos++
	for {
		i := strings.IndexAny(input[pos:], `"\`)
		if i < 0 {
			return len(input)
		}
		pos += i + 1
		if input[pos-1] == '"' {
			return pos
		}
		if pos >= len(input) {
			return pos
		}
		pos++ // the escaped code point's first byte; the rest is neither " nor \
	}
}
