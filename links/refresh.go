package links

import "strings"

// refreshURL returns the URL string of a refresh value such as
// "5; url='next.html'", following steps 2 to 11 of HTML's "shared
// declarative refresh steps" up to where the string is parsed. ok is false
// when the value is no refresh (it does not start with a time) or names no
// URL (a refresh of the page itself, as "5" and "5;" are).
//
// Browsers act only on a document's first refresh, and ignore one whose URL
// is javascript:; we report every refresh's URL, leaving that to the
// caller.
func refreshURL(s string) (url string, ok bool) {
	pos := 0
	skipSpace := func() {
		for pos < len(s) && isSpace(s[pos]) {
			pos++
		}
	}
	skipSpace()
	// The time: digits, or a "." to start a fraction; the rest of the
	// number is read and ignored.
	if pos >= len(s) || !('0' <= s[pos] && s[pos] <= '9' || s[pos] == '.') {
		return "", false
	}
	for pos < len(s) && ('0' <= s[pos] && s[pos] <= '9' || s[pos] == '.') {
		pos++
	}
	if pos < len(s) {
		if c := s[pos]; c != ';' && c != ',' && !isSpace(c) {
			return "", false
		}
		skipSpace()
		if pos < len(s) && (s[pos] == ';' || s[pos] == ',') {
			pos++
		}
		skipSpace()
	}
	if pos >= len(s) {
		return "", false
	}
	url = s[pos:]
	// An optional "url" and "="; a prefix of it that stops short leaves the
	// whole remainder as the URL ("urn:x" is a URL, not "n:x").
	if pos < len(s) && (s[pos] == 'u' || s[pos] == 'U') {
		pos++
		if !(pos < len(s) && (s[pos] == 'r' || s[pos] == 'R')) {
			return url, true
		}
		pos++
		if !(pos < len(s) && (s[pos] == 'l' || s[pos] == 'L')) {
			return url, true
		}
		pos++
		skipSpace()
		if !(pos < len(s) && s[pos] == '=') {
			return url, true
		}
		pos++
		skipSpace()
	}
	// Skip quotes: a quoted URL ends at its closing quote, if any.
	if pos < len(s) && (s[pos] == '\'' || s[pos] == '"') {
		q := s[pos]
		url = s[pos+1:]
		if i := strings.IndexByte(url, q); i >= 0 {
			url = url[:i]
		}
		return url, true
	}
	return s[pos:], true
}
