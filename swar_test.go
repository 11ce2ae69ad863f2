package weburl

import (
	"strings"
	"testing"
)

// The eight-byte scans give what a loop over the bytes gives, for every
// byte value at every position of a word and of the tail after it.
func TestSWARHelpers(t *testing.T) {
	for b := 0; b < 256; b++ {
		for pos := 0; pos < 20; pos++ {
			for _, fill := range []byte{'a', 'Z', '/', '.', 0x80} {
				s := strings.Repeat(string(fill), pos) + string([]byte{byte(b)}) + strings.Repeat(string(fill), 20-pos)
				checkSWAR(t, s)
			}
		}
	}
	// The path scan's bytes outside its fast ranges, and dot segments
	// across words.
	for pos := 0; pos < 20; pos++ {
		for _, tail := range []string{"!", "=", "]", "|", "@", "[", "@/..", "[/.", "!/./", "|/..", "=/%2e", "/.?", "/.#", "?/..", "#/.", "/.!", "!/.", "/"} {
			checkSWAR(t, "/"+strings.Repeat("a", pos)+tail)
			checkSWAR(t, "/"+strings.Repeat("a", pos)+tail+strings.Repeat("b", 20-pos))
		}
	}
	for _, path := range []string{"/.", "/..", "/%2e", "/%2E%2e", "/a/./b", "/aaaaaaa/.", "/aaaaaaaa/..", "/aaaaaaa/.a", "/.a/a.", "/%2f", "/abcdefg/%2e/", "/abcdefgh/%2e."} {
		checkSWAR(t, path)
	}
	// Long paths, which indexDotSegment searches otherwise.
	for pos := 0; pos < 80; pos++ {
		for _, seg := range []string{"./", "..", "%2e", ".%2E/", ".a/", "%/", "%2f/", "a"} {
			checkSWAR(t, "/"+strings.Repeat("a/", pos)+seg+strings.Repeat("/b", 40))
			checkSWAR(t, "/"+strings.Repeat("%/", pos)+seg+strings.Repeat("/.b", 40))
		}
	}
}

func checkSWAR(t *testing.T, s string) {
	t.Helper()
	wantTab := len(s)
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] < 0x0E {
			wantTab = i
		}
	}
	if got := indexTabOrNewline(s); got != wantTab {
		t.Errorf("indexTabOrNewline(%q) = %d, want %d", s, got, wantTab)
	}
	for _, c := range []charClass{fastPathStopClass, fastHostStopClass, charClass(SpecialQuerySet), charClass(FragmentSet)} {
		want := len(s)
		for i := 0; i < len(s); i++ {
			if c.has(s[i]) {
				want = i
				break
			}
		}
		if got := indexClass(s, 0, c); got != want {
			t.Errorf("indexClass(%q, %b) = %d, want %d", s, c, got, want)
		}
	}
	// The host scan: the first byte of fastHostStopClass, and whether
	// upper case comes before it.
	wantHost, wantUpper := indexClass(s, 0, fastHostStopClass), false
	for _, c := range []byte(s[:wantHost]) {
		wantUpper = wantUpper || 'A' <= c && c <= 'Z'
	}
	if got, upper := scanFastHost(s, 0, false); got != wantHost || upper != wantUpper {
		t.Errorf("scanFastHost(%q, false) = %d, %v; want %d, %v", s, got, upper, wantHost, wantUpper)
	}
	if got, upper := scanFastHost(s, 0, true); got != wantHost || upper {
		t.Errorf("scanFastHost(%q, true) = %d, %v; want %d, false", s, got, upper, wantHost)
	}
	// The path scan: the first byte of fastPathStopClass ends it, and is
	// its end if it is '?' or '#', -2 if it is '\'; a dot segment before
	// that fails it.
	wantPath := indexClass(s, 0, fastPathStopClass)
	switch {
	case indexDotSegment(s[:wantPath]) >= 0:
		wantPath = -1
	case wantPath < len(s) && s[wantPath] == '\\':
		wantPath = -2
	case wantPath < len(s) && s[wantPath] != '?' && s[wantPath] != '#':
		wantPath = -1
	}
	if got := scanFastPath(s, 0); got != wantPath {
		t.Errorf("scanFastPath(%q) = %d, want %d", s, got, wantPath)
	}
	dot := -1
	for i := 0; i+1 < len(s); i++ {
		if s[i] == '/' && isDotSegmentAt(s[i+1:]) {
			dot = i
			break
		}
	}
	if got := indexDotSegment(s); got != dot {
		t.Errorf("indexDotSegment(%q) = %d, want %d", s, got, dot)
	}
}
