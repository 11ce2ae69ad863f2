// Package jsonstr decodes one JSON string (or null) by hand, as
// encoding/json decodes it into a Go string, for weburl's
// (*URL).UnmarshalJSON. Importing encoding/json would link its package
// initialization into every program that parses a URL (about 217 KB under
// Go 1.27.3); the tests hold this decoder equal to encoding/json on
// arbitrary bytes (TestUnquote, FuzzUnquote).
package jsonstr

import (
	"strconv"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/weburl/weburl/internal/ascii"
)

// isJSONSpace reports whether c is JSON's whitespace (RFC 8259, section 2).
func isJSONSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// Unquote decodes data, one JSON value with optional whitespace
// around it, as encoding/json's Unmarshal into a string does: null is
// reported as null (Unmarshal leaves the string as it was), a string is
// unescaped, with invalid UTF-8 and \u escapes of lone surrogates each
// becoming U+FFFD (as encoding/json documents), and anything else fails
// with the reason, in words, which is empty on success.
func Unquote(data []byte) (s string, null bool, reason string) {
	lead, end := 0, len(data)
	for lead < end && isJSONSpace(data[lead]) {
		lead++
	}
	for end > lead && isJSONSpace(data[end-1]) {
		end--
	}
	v := data[lead:end]
	if string(v) == "null" {
		return "", true, ""
	}
	fail := func(reason string) (string, bool, string) { return "", false, reason }
	if len(v) == 0 {
		return fail("no JSON value")
	}
	if v[0] != '"' {
		return fail("not a JSON string or null")
	}
	// Up to the first byte that needs work, the string is its bytes.
	i := 1
	for i < len(v) {
		c := v[i]
		if c == '"' || c == '\\' || c < ' ' {
			break
		}
		if c < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRune(v[i:])
		if r == utf8.RuneError && n == 1 {
			break
		}
		i += n
	}
	if i < len(v) && v[i] == '"' {
		if i != len(v)-1 {
			return fail("invalid JSON: more after the string at byte " + strconv.Itoa(lead+i+1))
		}
		return string(v[1:i]), false, ""
	}
	b := make([]byte, 0, len(v))
	b = append(b, v[1:i]...)
	for i < len(v) {
		switch c := v[i]; {
		case c == '"':
			if i != len(v)-1 {
				return fail("invalid JSON: more after the string at byte " + strconv.Itoa(lead+i+1))
			}
			return string(b), false, ""
		case c < ' ':
			return fail("invalid JSON: control character " + strconv.QuoteRune(rune(c)) + " in the string at byte " + strconv.Itoa(lead+i))
		case c == '\\':
			if i+1 >= len(v) {
				return fail("invalid JSON: the string does not end")
			}
			switch e := v[i+1]; e {
			case '"', '\\', '/':
				b = append(b, e)
			case 'b':
				b = append(b, '\b')
			case 'f':
				b = append(b, '\f')
			case 'n':
				b = append(b, '\n')
			case 'r':
				b = append(b, '\r')
			case 't':
				b = append(b, '\t')
			case 'u':
				r := hex4(v[i+2:])
				if r < 0 {
					return fail("invalid JSON: \\u without four hex digits at byte " + strconv.Itoa(lead+i))
				}
				i += 6
				if utf16.IsSurrogate(r) {
					// A pair is a high surrogate and a low one, both
					// escaped; any other surrogate is U+FFFD, and what
					// follows it is read on its own.
					if len(v) >= i+6 && v[i] == '\\' && v[i+1] == 'u' {
						if p := utf16.DecodeRune(r, hex4(v[i+2:])); p != utf8.RuneError {
							b = utf8.AppendRune(b, p)
							i += 6
							continue
						}
					}
					r = utf8.RuneError
				}
				b = utf8.AppendRune(b, r)
				continue
			default:
				return fail("invalid JSON: invalid escape " + strconv.Quote(string(v[i:i+2])) + " at byte " + strconv.Itoa(lead+i))
			}
			i += 2
			continue
		case c < utf8.RuneSelf:
			b = append(b, c)
		default:
			r, n := utf8.DecodeRune(v[i:])
			b = utf8.AppendRune(b, r) // U+FFFD for each invalid byte
			i += n
			continue
		}
		i++
	}
	return fail("invalid JSON: the string does not end")
}

// hex4 returns the value of the four hex digits that s starts with, or -1.
func hex4(s []byte) rune {
	if len(s) < 4 {
		return -1
	}
	var r rune
	for _, c := range s[:4] {
		if !ascii.IsHex(c) {
			return -1
		}
		r = r<<4 | rune(ascii.Unhex(c))
	}
	return r
}
