package quotetest

import (
	"errors"
	"fmt"
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

// Check reports each kind of failure once, and nothing for a good case.
func TestCheck(t *testing.T) {
	big := strings.Repeat("a", 1<<20)
	rec := &recorder{TB: t}
	Check(rec, "good", errors.New("x: "+quote.At(big+"!"+big, 1<<20)), 1, "a!a")
	Check(rec, "no error", nil, 1, "")
	Check(rec, "whole", errors.New("x: "+big), 1, "")
	Check(rec, "not at", errors.New("x: "+quote.String(big+"!")), 1, "a!")
	want := []string{"no error: no error", "whole: ", "not at: the message does not quote"}
	if len(rec.errors) != len(want) {
		t.Fatalf("%d reports, want %d: %.300q", len(rec.errors), len(want), rec.errors)
	}
	for i, w := range want {
		if !strings.HasPrefix(rec.errors[i], w) {
			t.Errorf("report %d: %.100q, want it to start %q", i, rec.errors[i], w)
		}
	}
}

// recorder keeps what Check reports instead of failing the test.
type recorder struct {
	testing.TB
	errors []string
}

func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

func (r *recorder) Helper() {}
