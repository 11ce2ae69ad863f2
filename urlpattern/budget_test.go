package urlpattern

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/weburl/weburl/internal/alloctest"
)

// budgetUnits are pathname patterns that are large to compile for their
// length, the largest first; N is replaced by a counter.
var budgetUnits = []string{
	`/(\p{RGI_Emoji})`, `/((?i:\p{L}))`, `/((?:(?<nN>a)|b)*)`, `/*`, `/((?<nN>a))`,
	"*", ":nN", "{x:nN.}*", "{a}?", "/:nN(\\d+)", "{x:nN(a)y}*", "a", "é", "{}", "{/*}?",
}

func repeatUnit(unit string, size int) string {
	var b strings.Builder
	for i := 0; b.Len() < size; i++ {
		b.WriteString(strings.ReplaceAll(unit, "N", strconv.Itoa(i)))
	}
	return b.String()
}

// TestCompileBudgetEstimate: what compiling a component allocates stays
// within what it was charged (with a quarter for what differs between Go
// versions), so the budget bounds the memory.
func TestCompileBudgetEstimate(t *testing.T) {
	for _, u := range budgetUnits {
		size := 2048
		if strings.Contains(u, `\p`) {
			size = 64 // a few copies: each takes megabytes
		}
		s := repeatUnit(u, size)
		compileComponent(s, Pathname, canonicalizePathname, pathnameOptions, &budget{limit: math.MaxInt})
		b := &budget{limit: math.MaxInt}
		var err *Error
		got := int(alloctest.Bytes(func() { _, err = compileComponent(s, Pathname, canonicalizePathname, pathnameOptions, b) }))
		if err != nil {
			t.Fatalf("%s: %v", u, err)
		}
		if got > b.used+b.used/4 {
			t.Errorf("%s: %d bytes allocated, %d charged", u, got, b.used)
		}
	}
}

// TestCompileBudgetLinear builds each shape at doubling sizes up to
// 128 KiB: memory grows at most linearly with the pattern until the budget
// refuses it, a refusal costs no more than the budget, and no pattern of
// at most 64 KiB takes more than 64 MiB.
func TestCompileBudgetLinear(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("patterns up to 128 KiB: skipped with -short and under the race detector (TestCompileBudgetEstimate holds the estimate)")
	}
	for _, u := range budgetUnits {
		prevLen, prevBytes, refused := 0, 0, false
		var sizes, bytes []int
		for size := 64; size <= 128<<10; size *= 2 {
			s := repeatUnit(u, size)
			var err error
			got := int(alloctest.Bytes(func() { _, err = NewInit(Init{Pathname: &s}, Options{}) }))
			sizes, bytes = append(sizes, len(s)), append(bytes, got)
			if err != nil {
				var e *Error
				if !errors.As(err, &e) || !strings.Contains(e.Err.Error(), "compile budget of 48 MiB (Options.CompileBudget)") {
					t.Fatalf("%s at %d bytes: %v, want the budget's error", u, len(s), err)
				}
				if e.Offset < -1 || e.Offset > len(s) {
					t.Errorf("%s at %d bytes: offset %d", u, len(s), e.Offset)
				}
				refused = true
			} else if refused {
				t.Errorf("%s at %d bytes compiles where a shorter one was refused", u, len(s))
			}
			if len(s) <= 64<<10 && got > 64<<20 {
				t.Errorf("%s at %d bytes: %d bytes allocated, more than 64 MiB", u, len(s), got)
			}
			if got > DefaultCompileBudget+DefaultCompileBudget/4 {
				t.Errorf("%s at %d bytes: %d bytes allocated, beyond the budget", u, len(s), got)
			}
			if err == nil && prevBytes > 64<<10 && float64(got)/float64(prevBytes) > 2.3*float64(len(s))/float64(prevLen) {
				t.Errorf("%s: %d bytes for %d, %d for %d: not linear", u, prevBytes, prevLen, got, len(s))
			}
			prevLen, prevBytes = len(s), got
		}
		t.Logf("%s: sizes %v bytes %v", u, sizes, bytes)
	}
}

// TestCompileBudgetOption: the budget is the caller's, shared by the
// components, and the error names it.
func TestCompileBudgetOption(t *testing.T) {
	emoji := `https://h/:a(\p{RGI_Emoji})`
	if _, err := New(emoji, Options{}); err != nil {
		t.Fatalf("New(%q): %v", emoji, err)
	}
	_, err := New(emoji, Options{CompileBudget: 1 << 20})
	var e *Error
	if !errors.As(err, &e) || e.Component != Pathname || e.Offset != 13 || !isBudgetError(e.Err) {
		t.Fatalf("New(%q) in 1 MiB: %#v", emoji, err)
	}
	want := `urlpattern: new pathname "https://h/:a(\\p{RGI_Emoji})" at offset 13: the pattern exceeds its compile budget of 1 MiB (Options.CompileBudget): `
	if !strings.HasPrefix(err.Error(), want) {
		t.Errorf("message %q, want it to start %q", err.Error(), want)
	}
	// Two components' expressions share one budget: each fits alone.
	two := `https://:a(\p{RGI_Emoji})@h/:b(\p{RGI_Emoji})`
	if _, err := New(two, Options{CompileBudget: 12 << 20}); err == nil {
		t.Errorf("New(%q) in 12 MiB: no error", two)
	}
	if _, err := New(`https://:a(\p{RGI_Emoji})@h/`, Options{CompileBudget: 12 << 20}); err != nil {
		t.Errorf("one \\p{RGI_Emoji} in 12 MiB: %v", err)
	}
	// A pattern too long for the budget fails before it is tokenized.
	long := "https://h/" + strings.Repeat("a", 1<<20)
	got := int(alloctest.Bytes(func() { _, err = New(long, Options{CompileBudget: 1 << 20}) }))
	if !errors.As(err, &e) || !strings.Contains(e.Err.Error(), "compile budget of 1 MiB") || e.Offset != -1 {
		t.Errorf("1 MiB pattern in a 1 MiB budget: %v", err)
	}
	if got > 1<<20 {
		t.Errorf("1 MiB pattern in a 1 MiB budget: %d bytes allocated", got)
	}
	// "/*" a million times (2 MiB; 2.7 GB to build before the budget) is
	// refused by the default budget before it is tokenized.
	stars := strings.Repeat("/*", 1<<20)
	got = int(alloctest.Bytes(func() { _, err = NewInit(Init{Pathname: &stars}, Options{}) }))
	if !errors.As(err, &e) || !strings.Contains(e.Err.Error(), "compile budget of 48 MiB") || got > 64<<10 {
		t.Errorf(`"/*" × 2^20: %d bytes allocated, %v`, got, err)
	}
}
