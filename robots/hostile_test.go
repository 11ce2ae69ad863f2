package robots

import (
	"strings"
	"testing"

	"github.com/weburl/weburl/internal/alloctest"
)

// TestHostileParse: Parse allocates a bounded number of bytes per input
// byte, the same at two sizes one double the other (counted, never timed).
func TestHostileParse(t *testing.T) {
	if testing.Short() {
		t.Skip("large inputs; skipped with -short")
	}
	for _, tc := range []struct {
		name string
		make func(n int) string
	}{
		{"a line of '*'", func(n int) string { return "user-agent: *\ndisallow: " + strings.Repeat("*", n) }},
		{"a million short lines", func(n int) string { return strings.Repeat("\n", n) }},
		{"short rules", func(n int) string { return "user-agent: *\n" + strings.Repeat("disallow: /a*\n", n/14) }},
		{"rules to encode", func(n int) string { return "user-agent: *\n" + strings.Repeat("allow: /ツ%aa\n", n/16) }},
		{"user-agent lines", func(n int) string { return strings.Repeat("user-agent: a\n", n/14) }},
		{"groups", func(n int) string { return strings.Repeat("user-agent: a\nallow: /\n", n/23) }},
		{"distinct agents", func(n int) string {
			var b strings.Builder
			for i := 0; b.Len() < n; i++ {
				b.WriteString("user-agent: " + strings.Map(func(r rune) rune { return 'a' + r - '0' }, itoa(i)) + "\n")
			}
			return b.String()
		}},
		{"sitemaps", func(n int) string { return strings.Repeat("sitemap: x\n", n/11) }},
	} {
		var per [2]float64
		for i, n := range []int{128 << 10, 256 << 10} {
			in := []byte(tc.make(n))
			per[i] = float64(alloctest.Bytes(func() { Parse(in) })) / float64(len(in))
		}
		if per[1] > 1.25*per[0]+1 || per[1] > 40 {
			t.Errorf("%s: %.1f bytes allocated per input byte at 128 KiB, %.1f at 256 KiB", tc.name, per[0], per[1])
		}
		t.Logf("%s: %.1f bytes allocated per input byte at 256 KiB", tc.name, per[1])
	}
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	var b []byte
	for ; i > 0; i /= 10 {
		b = append([]byte{byte('0' + i%10)}, b...)
	}
	return string(b)
}

// TestHostileMatch: match is linear in the path and the pattern where
// Google's matcher takes their product. The inputs are 1 MiB paths and
// 16 KiB patterns (a line's most); a quadratic matcher would compare
// 10^10 bytes each, and the test would not end. match's answers are
// checked against what the patterns mean.
func TestHostileMatch(t *testing.T) {
	if testing.Short() {
		t.Skip("large inputs; skipped with -short")
	}
	path := "/" + strings.Repeat("a", 1<<20)
	for _, tc := range []struct {
		name, pattern string
		want          bool
	}{
		{"stars and a missing byte", "/" + strings.Repeat("*a", maxLine/2-1) + "b", false},
		{"stars and a match", "/" + strings.Repeat("*a", maxLine/2-1), true},
		{"a long run not there", "/*" + strings.Repeat("a", maxLine-4) + "b", false},
		{"a long run at the end", "/*" + strings.Repeat("a", maxLine-4) + "$", true},
		{"stars alone", "/" + strings.Repeat("*", maxLine-1) + "$", true},
		{"runs of a and b", "/" + strings.Repeat("*aaab", maxLine/5), false},
	} {
		if got := match(path, tc.pattern); got != tc.want {
			t.Errorf("%s: match = %v, want %v", tc.name, got, tc.want)
		}
	}
	// The same through Parse and Allowed, in one file of such rules.
	body := "user-agent: *\n" + strings.Repeat("disallow: /"+strings.Repeat("*a", 1000)+"b\n", 30)
	if !Parse([]byte(body)).Allowed("x", mustParse(t, "http://h"+path)) {
		t.Error("disallowed")
	}
}
