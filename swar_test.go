package weburl

import (
	"strings"
	"testing"

	"github.com/weburl/weburl/internal/urlpath"
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
	// Each scan from each start, against a loop over the bytes: a scan
	// that starts late has its last bytes in a word of their own
	// (tailWord) that overlaps bytes before the start.
	for start := 0; start <= len(s); start++ {
		first := func(c charClass) int {
			for i := start; i < len(s); i++ {
				if c.has(s[i]) {
					return i
				}
			}
			return len(s)
		}
		for _, c := range []charClass{fastPathStopClass, fastHostStopClass, fastPathScanClass, fastOpaquePathStopClass, charClass(SpecialQuerySet), charClass(FragmentSet)} {
			if got, want := indexClass(s, start, c), first(c); got != want {
				t.Errorf("indexClass(%q, %d, %b) = %d, want %d", s, start, c, got, want)
			}
		}
		// The host scan: the first byte of fastHostStopClass, and
		// whether upper case comes before it.
		wantHost, wantUpper := first(fastHostStopClass), false
		for _, c := range []byte(s[start:wantHost]) {
			wantUpper = wantUpper || 'A' <= c && c <= 'Z'
		}
		if got, upper := scanFastHost(s, start); got != wantHost || upper != wantUpper {
			t.Errorf("scanFastHost(%q, %d) = %d, %v; want %d, %v", s, start, got, upper, wantHost, wantUpper)
		}
		// The path scan: the first byte of fastPathStopClass ends it,
		// and is its end if it is '?' or '#', -2 if it is '\'; a dot
		// segment before that fails it.
		wantPath := first(fastPathStopClass)
		for i := start; i < wantPath; i++ {
			if i > 0 && s[i-1] == '/' && urlpath.IsDotAt(s[i:]) {
				wantPath = -1
				break
			}
		}
		switch {
		case wantPath < 0 || wantPath == len(s) || s[wantPath] == '?' || s[wantPath] == '#':
		case s[wantPath] == '\\':
			wantPath = -2
		default:
			wantPath = -1
		}
		if got := scanFastPath(s, start); got != wantPath {
			t.Errorf("scanFastPath(%q, %d) = %d, want %d", s, start, got, wantPath)
		}
	}
	dot := -1
	for i := 0; i+1 < len(s); i++ {
		if s[i] == '/' && urlpath.IsDotAt(s[i+1:]) {
			dot = i
			break
		}
	}
	if got := indexDotSegment(s); got != dot {
		t.Errorf("indexDotSegment(%q) = %d, want %d", s, got, dot)
	}
}
