package quote

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestString(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", `""`},
		{"a\nb", `"a\nb"`},
		{strings.Repeat("x", Max), strconv.Quote(strings.Repeat("x", Max))},
		// weburl's *Error has always written this form.
		{strings.Repeat("a", Max+5), strconv.Quote(strings.Repeat("a", Max)) + "… (5 more bytes)"},
		// é is two bytes: a cut at 1024 would split the one at 1023.
		{strings.Repeat("a", Max-1) + "é" + "zz", strconv.Quote(strings.Repeat("a", Max-1)) + "… (4 more bytes)"},
		// Invalid UTF-8 is quoted as strconv.Quote quotes it.
		{"\xff", `"\xff"`},
	} {
		if got := String(c.in); got != c.want {
			t.Errorf("String(%.40q…) = %.80q…, want %.80q…", c.in, got, c.want)
		}
	}
}

func TestAt(t *testing.T) {
	s := strings.Repeat("a", 5000) + "(?=b)" + strings.Repeat("é", 3000) // 11005 bytes
	got := At(s, 5000)
	// The window is [4488, 5512): 5000-512, and 5512 is the second byte
	// of an é, so it ends before it.
	want := "(4488 bytes before) …" + strconv.Quote(s[4488:5511]) + "… (5494 more bytes)"
	if got != want {
		t.Errorf("At(s, 5000) = %.120q…, want %.120q…", got, want)
	}
	if At(s, 100) != String(s) || At(s, 0) != String(s) {
		t.Errorf("At near the start differs from String")
	}
	// The end: the window is the last Max bytes.
	tail := At(s, len(s))
	if !strings.HasPrefix(tail, "(9981 bytes before) …") || strings.Contains(tail, "more bytes") {
		t.Errorf("At(s, len(s)) = %.60q…", tail)
	}
	// A window that would start inside a code point starts after it.
	e := strings.Repeat("é", 2000)
	if got := At(e, 1001); !strings.HasPrefix(got, `(490 bytes before) …"é`) {
		t.Errorf("At(é×2000, 1001) = %.40q…", got)
	}
}

// TestBounded: whatever the input, a quote holds at most Max bytes of it,
// whole code points only.
func TestBounded(t *testing.T) {
	for _, s := range []string{strings.Repeat("\u2028", 1<<18), strings.Repeat("\U0010FFFF", 1<<18), strings.Repeat("\xff", 1<<20), strings.Repeat("é", 1<<19)} {
		for _, at := range []int{-5, 0, 1 << 19, len(s), len(s) + 9} {
			q := At(s, at)
			i := strings.IndexByte(q, '"')
			j := strings.LastIndexByte(q, '"')
			body, err := strconv.Unquote(q[i : j+1])
			if err != nil || len(body) > Max || len(body) < Max-utf8.UTFMax || !strings.Contains(s, body) {
				t.Errorf("At(%.10q×…, %d): %d bytes quoted, %v", s, at, len(body), err)
			}
			if utf8.ValidString(s) && !utf8.ValidString(body) {
				t.Errorf("At(%.10q×…, %d): cut inside a code point", s, at)
			}
			if len(q) > 11*Max {
				t.Errorf("At(%.10q×…, %d): %d bytes", s, at, len(q))
			}
		}
	}
}
