package quotetest

import (
	"strings"
	"testing"

	"github.com/weburl/weburl/internal/quote"
)

func TestBounded(t *testing.T) {
	big := strings.Repeat("a", 1<<20)
	for _, c := range []struct {
		msg  string
		cut  int
		fail bool
	}{
		{"x: " + quote.String(big) + ": reason", 1, false},
		{"x: " + quote.String(big) + " against " + quote.String(big), 2, false},
		{"x: short", 0, false},
		{"x: " + quote.At(big, 1<<19) + ": reason", 1, false},
		{"x: " + quote.At(big, 1<<20) + ": reason", 1, false},
		// The whole input, or a cut one not counted, or a count too high.
		{"x: " + big, 1, true},
		{"x: " + quote.String(big) + " against " + quote.String(big), 1, true},
		{"x: " + quote.String(big), 2, true},
		// 1 KiB cut, but repeated past the room.
		{strings.Repeat(quote.String(big[:900]), 3) + quote.String(big), 1, true},
	} {
		if err := Bounded(c.msg, c.cut); (err != nil) != c.fail {
			t.Errorf("Bounded(%.60q…, %d) = %v, want failure %v", c.msg, c.cut, err, c.fail)
		}
	}
}
