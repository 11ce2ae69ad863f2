// Package urlpath holds the URL Standard's single-dot and double-dot URL
// path segments, which the path state removes: the root package's parser
// and fast path, canon's path normalization and webhttp's proof that a
// request's path needs no parse all ask whether a segment is one.
package urlpath

// IsSingleDot reports whether s is a single-dot URL path segment: "." or
// "%2e", ASCII case-insensitively
// (https://url.spec.whatwg.org/#single-dot-path-segment).
func IsSingleDot(s string) bool {
	return s == "." || len(s) == 3 && isEncodedDot(s)
}

// IsDoubleDot reports whether s is a double-dot URL path segment: "..",
// ".%2e", "%2e." or "%2e%2e", ASCII case-insensitively
// (https://url.spec.whatwg.org/#double-dot-path-segment).
func IsDoubleDot(s string) bool {
	switch len(s) {
	case 2:
		return s == ".."
	case 4:
		return s[0] == '.' && isEncodedDot(s[1:]) || isEncodedDot(s) && s[3] == '.'
	case 6:
		return isEncodedDot(s) && isEncodedDot(s[3:])
	}
	return false
}

// IsDot reports whether s is a single-dot or a double-dot URL path
// segment.
func IsDot(s string) bool { return IsSingleDot(s) || IsDoubleDot(s) }

// IsDotAt reports whether the path segment at the start of s, up to '/',
// '?', '#' or the end, is a single-dot or a double-dot URL path segment.
// It reads at most seven bytes: a dot segment is at most six long.
func IsDotAt(s string) bool {
	end := 0
	for end < len(s) && end <= 6 && s[end] != '/' && s[end] != '?' && s[end] != '#' {
		end++
	}
	return IsDot(s[:end])
}

// isEncodedDot reports whether s starts with "%2e" or "%2E"; len(s) >= 3.
// Only 'E' and 'e' give 'e' when ORed with 0x20.
func isEncodedDot(s string) bool {
	return s[0] == '%' && s[1] == '2' && s[2]|0x20 == 'e'
}
