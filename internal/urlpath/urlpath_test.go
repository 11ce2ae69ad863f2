package urlpath

import (
	"strings"
	"testing"
)

// The spec's lists, written out, against every string of up to six bytes
// over an alphabet that holds each byte they are made of and its near
// misses.
func TestDotSegments(t *testing.T) {
	single := map[string]bool{".": true, "%2e": true, "%2E": true}
	double := map[string]bool{"..": true}
	for _, e := range []string{"%2e", "%2E"} {
		double["."+e], double[e+"."] = true, true
		for _, f := range []string{"%2e", "%2E"} {
			double[e+f] = true
		}
	}
	const alphabet = ".%2eE3fF/\xc5"
	var walk func(s string)
	walk = func(s string) {
		if IsSingleDot(s) != single[s] || IsDoubleDot(s) != double[s] || IsDot(s) != (single[s] || double[s]) {
			t.Errorf("%q: IsSingleDot %v, IsDoubleDot %v, IsDot %v", s, IsSingleDot(s), IsDoubleDot(s), IsDot(s))
		}
		if len(s) == 6 {
			return
		}
		for i := range len(alphabet) {
			walk(s + alphabet[i:i+1])
		}
	}
	walk("")
	if IsDot(strings.Repeat(".", 3)) {
		t.Error(`IsDot("...") = true`)
	}
}

// IsDotAt is IsDot of the segment at the start of s, whatever follows it.
func TestDotAt(t *testing.T) {
	for _, seg := range []string{".", "..", "%2e", ".%2E", "%2e%2e", "...", "a", "", "%2e%2e.", ".a"} {
		for _, rest := range []string{"", "/", "?q", "#f", "/..", "x"} {
			s := seg + rest
			end := strings.IndexAny(s, "/?#")
			if end < 0 {
				end = len(s)
			}
			if got, want := IsDotAt(s), IsDot(s[:end]); got != want {
				t.Errorf("IsDotAt(%q) = %v, want %v", s, got, want)
			}
		}
	}
}
