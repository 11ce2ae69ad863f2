package canon

import (
	"strings"
	"testing"

	"github.com/weburl/weburl/internal/alloctest"
)

// SafeBrowsing percent-decodes "until no escape is left": an escape nested
// n levels deep ("%2525…2541") would cost n passes over the input if each
// pass decoded one level. Allocated bytes are counted at two sizes, one
// double the other, never timed: they must stay linear.
func TestSafeBrowsingLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("1 MiB inputs; skipped with -short")
	}
	for _, tc := range []struct {
		name string
		make func(n int) string
	}{
		{"nested escape in the path", func(n int) string { return "http://h/%" + strings.Repeat("25", n/2) + "41" }},
		{"nested escape in the host", func(n int) string { return "http://%" + strings.Repeat("25", n/2) + "41.com/" }},
		{"escapes in the path", func(n int) string { return "http://h/" + strings.Repeat("%41", n/3) }},
		{"dot segments", func(n int) string { return "http://h/" + strings.Repeat("a/../", n/5) }},
		{"dots in the host", func(n int) string { return "http://a" + strings.Repeat(".", n) + "b/" }},
		{"tabs and newlines", func(n int) string { return "http://h/" + strings.Repeat("a\t\n", n/3) }},
	} {
		var per [2]float64
		for i, n := range []int{512 << 10, 1 << 20} {
			in := tc.make(n)
			per[i] = float64(alloctest.Bytes(func() { SafeBrowsing(in) })) / float64(len(in))
		}
		if per[1] > 1.25*per[0]+1 || per[1] > 64 {
			t.Errorf("%s: %.1f bytes allocated per input byte at 512 KiB, %.1f at 1 MiB", tc.name, per[0], per[1])
		}
		t.Logf("%s: %.1f bytes allocated per input byte at 1 MiB", tc.name, per[1])
	}
}
