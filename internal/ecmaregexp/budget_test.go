package ecmaregexp

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/weburl/weburl/internal/alloctest"
)

// budgetShapes are patterns whose translation is large for their length
// (the largest first), as k copies of a unit.
var budgetShapes = []struct {
	name  string
	unit  func(i int) string
	flags Flags
}{
	{"RGI_Emoji", func(int) string { return `\p{RGI_Emoji}` }, 0},
	{"RGI_Emoji, i", func(int) string { return `\p{RGI_Emoji}` }, IgnoreCase},
	{"(?i:\\p{L})", func(int) string { return `(?i:\p{L})` }, 0},
	{"loops with captures", func(int) string { return `(?:(a)|b)*` }, 0},
	{"named groups", func(i int) string { return "(?<n" + strconv.Itoa(i) + ">a)" }, 0},
	{"one name, alternatives", func(int) string { return "(?<n>a)|" }, 0},
	{"\\P{L}, i", func(int) string { return `\P{L}` }, IgnoreCase},
	{"[^\\w], i", func(int) string { return `[^\w]` }, IgnoreCase},
	{"class of properties, i", func(int) string { return `[\p{L}\p{Lu}]` }, IgnoreCase},
	{"\\p{L}{1000}", func(int) string { return `\p{L}{1000}` }, 0},
	{"nullable loops", func(int) string { return `(?:a?b?|c?)*` }, IgnoreCase},
	{"literals", func(int) string { return "ab" }, 0},
	{"strings", func(int) string { return `[\q{abc|def}x]` }, 0},
}

func repeatUnit(unit func(int) string, k int) string {
	var b strings.Builder
	for i := range k {
		b.WriteString(unit(i))
	}
	return b.String()
}

// TestBudgetEstimate: what a compile allocates stays within what it was
// charged (with a quarter for what differs between Go versions), so the
// budget bounds the memory.
func TestBudgetEstimate(t *testing.T) {
	for _, s := range budgetShapes {
		src := repeatUnit(s.unit, 8)
		CompileBudget(src, s.flags, math.MaxInt) // the property tables decode once
		var re *Regexp
		var err error
		got := int(alloctest.Bytes(func() { re, err = CompileBudget(src, s.flags, math.MaxInt) }))
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		if limit := re.Cost() + re.Cost()/4; got > limit {
			t.Errorf("%s: %d bytes allocated, %d charged", s.name, got, re.Cost())
		}
	}
}

// TestBudgetLinear compiles each shape at doubling sizes up to 64 KiB and
// beyond: the memory grows at most linearly with the pattern until the
// budget refuses it, a refusal costs no more than the budget, and no
// pattern of at most 64 KiB takes more than 64 MiB.
func TestBudgetLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("patterns up to 128 KiB: skipped with -short (TestBudgetEstimate holds the estimate)")
	}
	for _, s := range budgetShapes {
		prevLen, prevBytes, refused := 0, 0, false
		var sizes, bytes []int
		for k := 4; ; k *= 2 {
			src := repeatUnit(s.unit, k)
			if len(src) > 128<<10 {
				break
			}
			var err error
			got := int(alloctest.Bytes(func() { _, err = Compile(src, s.flags) }))
			sizes, bytes = append(sizes, len(src)), append(bytes, got)
			if err != nil {
				// The budget, or the bound on expanded repetitions.
				var se *SyntaxError
				if !errors.As(err, &se) || (se.Budget != DefaultBudget || !strings.Contains(se.Reason, "compile budget of 32 MiB")) && !strings.Contains(se.Reason, "counted repetitions are expanded") {
					t.Fatalf("%s × %d: %v, want the budget's error", s.name, k, err)
				}
				if se.Offset < 0 || se.Offset > len(src) {
					t.Errorf("%s × %d: offset %d", s.name, k, se.Offset)
				}
				refused = true
			} else if refused {
				t.Errorf("%s × %d compiles where a shorter one was refused", s.name, k)
			}
			if len(src) <= 64<<10 && got > 64<<20 {
				t.Errorf("%s × %d (%d bytes): %d bytes allocated, more than 64 MiB", s.name, k, len(src), got)
			}
			if got > DefaultBudget+DefaultBudget/4 {
				t.Errorf("%s × %d: %d bytes allocated, beyond the budget", s.name, k, got)
			}
			// Linear: twice the pattern, at most about twice the bytes
			// (a refusal costs at most what the last success did, and
			// small sizes are dominated by fixed costs).
			if err == nil && prevBytes > 64<<10 && float64(got)/float64(prevBytes) > 2.3*float64(len(src))/float64(prevLen) {
				t.Errorf("%s: %d bytes for %d, %d for %d: not linear", s.name, prevBytes, prevLen, got, len(src))
			}
			prevLen, prevBytes = len(src), got
		}
		t.Logf("%s: sizes %v bytes %v", s.name, sizes, bytes)
	}
}

// TestBudgetOption: the budget is the caller's; the error names it and
// the construct where it ran out.
func TestBudgetOption(t *testing.T) {
	src := `a\p{RGI_Emoji}b`
	re, err := CompileBudget(src, 0, 0)
	if err != nil || re.Cost() <= 0 || re.Cost() > DefaultBudget {
		t.Fatalf("CompileBudget(%q, 0, 0): %v, cost %d", src, err, re.Cost())
	}
	// \p{RGI_Emoji} is a trie of some 8,400 nodes: charged at its size.
	if re.Cost() < 8000*(costNode+costTrie) {
		t.Errorf("\\p{RGI_Emoji} charged %d bytes", re.Cost())
	}
	_, err = CompileBudget(src, 0, 1<<20)
	var se *SyntaxError
	if !errors.As(err, &se) || se.Budget != 1<<20 || se.Offset != 1 || se.Source != src {
		t.Fatalf("CompileBudget(%q, 0, 1 MiB): %#v", src, err)
	}
	want := `invalid regular expression "a\\p{RGI_Emoji}b" at offset 1: the pattern exceeds the compile budget of 1 MiB (an estimate of the memory its translation takes)`
	if err.Error() != want {
		t.Errorf("message %q, want %q", err.Error(), want)
	}
	if _, err := CompileBudget("a", 0, 1000); err == nil || !strings.Contains(err.Error(), "budget of 1000 bytes") {
		t.Errorf("CompileBudget(a, 0, 1000): %v", err)
	}
}

// TestDuplicateNamesLinear: the duplicate-name check costs the same per
// group however many groups came before (a check against each earlier
// group would be quadratic: 40,000 named groups would take seconds).
func TestDuplicateNamesLinear(t *testing.T) {
	for _, shape := range []func(k int) string{
		func(k int) string {
			return repeatUnit(func(i int) string { return "(?<n" + strconv.Itoa(i) + ">a)" }, k)
		},
		func(k int) string { return strings.Repeat("(?<n>a)|", k) + "b" },
		func(k int) string {
			return strings.Repeat("(?:", 200) + strings.Repeat("(?<n>a)|", k) + "b" + strings.Repeat(")", 200)
		},
	} {
		prev := 0
		for k := 1000; k <= 8000; k *= 2 {
			_, p, err := parse(shape(k), false, &meter{limit: math.MaxInt})
			if err != nil {
				t.Fatal(err)
			}
			if prev > 0 && p.nameWork > 2*prev+16 {
				t.Errorf("%.30q × %d: %d steps, %d for half as many", shape(1), k, p.nameWork, prev)
			}
			prev = p.nameWork
		}
	}
	for _, c := range []struct {
		src string
		ok  bool
	}{
		{`(?<a>x)|(?<a>y)|(?<a>z)`, true},
		{`(?:(?<a>x)|(?<a>y))|(?<a>z)`, true},
		{`(?<a>x)|(?:(?<a>y)|(?<a>z))`, true},
		{`(?:(?<a>x)|y)|(?:z|(?<a>w))`, true},
		{`(?:(?<a>x)|(?<a>y))(?<a>z)`, false},
		{`(?:(?<a>x)|y)(?:z|(?<a>w))`, false},
		{`(?<a>x)|(?<a>y)(?<a>z)`, false},
		{`(?<a>x)|((?<a>y)|(?<a>z))(?<a>w)`, false},
	} {
		if _, err := Compile(c.src, 0); (err == nil) != c.ok {
			t.Errorf("Compile(%q): %v, want ok %v", c.src, err, c.ok)
		}
	}
}
