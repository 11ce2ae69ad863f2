// Package quotetest is for tests only: it checks that an error message
// quotes at most about 1 KiB of each hostile input, as internal/quote
// cuts it, and says how much it left out. Bounded checks one message,
// Check one error of a package's TestErrorMessagesBounded, Long gives its
// input.
package quotetest

import (
	"fmt"
	"strings"
	"testing"
)

const (
	// PerCut is how many bytes one input cut by internal/quote may take
	// in a message: 1 KiB of printable ASCII, its quotes and the note of
	// what was left out, with room (1.2 KiB).
	PerCut = 1229
	// Fixed is the room for the rest of a message: its own words and
	// the short inputs it names.
	Fixed = 512
)

// Long returns the 1 MiB input of a TestErrorMessagesBounded, "a"
// repeated, and skips the test under -short.
func Long(t testing.TB) string {
	t.Helper()
	if testing.Short() {
		t.Skip("1 MiB inputs; skipped with -short")
	}
	return strings.Repeat("a", 1<<20)
}

// Bounded reports what is wrong with msg, the message of an error about
// inputs of which cut were longer than 1 KiB (and printable ASCII, so that
// quoting does not grow them): more than cut×PerCut+Fixed bytes, or notes
// of what was left out other than one or two per cut input ("(N more
// bytes)" after a quote, "(N bytes before) …" before one that quote.At
// took from the middle). It returns nil when there is nothing wrong.
func Bounded(msg string, cut int) error {
	var problems []string
	if limit := cut*PerCut + Fixed; len(msg) > limit {
		problems = append(problems, fmt.Sprintf("%d bytes, more than %d for %d cut inputs", len(msg), limit, cut))
	}
	after, before := strings.Count(msg, " more bytes)"), strings.Count(msg, " bytes before) …")
	if n := after + before; n < cut || n > 2*cut || after > cut || before > cut {
		problems = append(problems, fmt.Sprintf("%d notes of bytes left out after a quote and %d before one, want one or two for each of %d cut inputs", after, before, cut))
	}
	if problems == nil {
		return nil
	}
	head := msg
	if len(head) > 300 {
		head = head[:300] + "…"
	}
	return fmt.Errorf("%s: %q", strings.Join(problems, "; "), head)
}

// Check reports on t, under name, an err that is nil, a message that
// Bounded finds wrong with cut, and one that does not hold at (the quote
// around the code point at fault; "" when the reason names none).
func Check(t testing.TB, name string, err error, cut int, at string) {
	t.Helper()
	if err == nil {
		t.Errorf("%s: no error", name)
		return
	}
	msg := err.Error()
	if b := Bounded(msg, cut); b != nil {
		t.Errorf("%s: %v", name, b)
	}
	if !strings.Contains(msg, at) {
		t.Errorf("%s: the message does not quote %q around the code point at fault: %.200q…", name, at, msg)
	}
}
