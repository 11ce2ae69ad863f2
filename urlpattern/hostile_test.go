package urlpattern

import (
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/weburl/weburl"
)

// Linear time and memory, by counting work (never by the clock): compiling
// and matching as patterns and inputs double.

// linear checks that each work count at most about doubles as its size
// doubles, and says what it measured.
func linear(t *testing.T, what string, sizes, work []int) {
	t.Helper()
	for i := 1; i < len(work); i++ {
		ratio := float64(work[i]) / float64(work[i-1])
		if ratio > 2.2 {
			t.Errorf("%s: work %d at size %d, %d at %d: ratio %.2f, not linear", what, work[i-1], sizes[i-1], work[i], sizes[i], ratio)
		}
	}
	t.Logf("%s: sizes %v work %v", what, sizes, work)
}

func TestLinearCompile(t *testing.T) {
	units := []string{"/:a", "{x:a}?", "/(\\d+)", "*", "\\:{b}+", "{:a.}*"}
	for _, unit := range units {
		var sizes, work []int
		for k := 256; k <= 2048; k *= 2 {
			var b strings.Builder
			for i := range k {
				// Distinct names: ":a" becomes ":a0", ":a1", …
				b.WriteString(strings.ReplaceAll(unit, ":a", ":a"+strconv.Itoa(i)))
			}
			comp, err := compileComponent(b.String(), Pathname, canonicalizePathname, pathnameOptions, nil)
			if err != nil {
				t.Fatalf("%s × %d: %v", unit, k, err)
			}
			sizes = append(sizes, b.Len())
			work = append(work, comp.compileWork)
		}
		linear(t, "compile "+unit, sizes, work)
	}
}

func TestLinearMatch(t *testing.T) {
	patterns := []string{"/:a/:b/*", ":a:b:c:d*", "{:a}+{:b}*{-:c}?*", "/*/*/*/x", "{/:a}+/z", "*?*?:x+"}
	for _, pattern := range patterns {
		comp, err := compileComponent(pattern, Pathname, canonicalizePathname, pathnameOptions, nil)
		if err != nil || comp.prog == nil {
			t.Fatalf("%s: %v", pattern, err)
		}
		var sizes, work []int
		for n := 1024; n <= 16384; n *= 2 {
			// Long segments that almost match: the worst case of a
			// backtracking engine.
			in := strings.Repeat("/"+strings.Repeat("a", 30), n/31) + "/"
			w := 0
			caps := make([]int, 2*len(comp.names))
			comp.prog.match(in, caps, &w)
			if limit := (len(comp.prog.insts) + 4) * (len(in) + 1); w > limit {
				t.Errorf("%s on %d bytes: work %d > %d", pattern, len(in), w, limit)
			}
			sizes, work = append(sizes, len(in)), append(work, w)
		}
		linear(t, "match "+pattern, sizes, work)
	}
}

func TestHugeInputs(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("1 MiB inputs: skipped with -short and under the race detector (TestLinearMatch counts the work)")
	}
	seg := strings.Repeat("a", 1<<20)
	p := MustNew("https://h/:a/:b/*", Options{})
	r := p.Exec("https://h/" + seg + "/b/c")
	if r == nil || len(r.Pathname.Groups[0].Value) != 1<<20 {
		t.Fatalf("1 MiB segment: no match")
	}
	// A component too large for the program's bits goes to the regular
	// expression, with the same answer.
	q := MustNew("https://h/{:a}+{:b}*{-:c}?*x", Options{})
	if q.Test("https://h/" + seg) {
		t.Errorf("1 MiB: matched without the final x")
	}
	if !q.Test("https://h/" + seg + "x") {
		t.Errorf("1 MiB: no match with the final x")
	}
	// A huge pattern.
	var b strings.Builder
	for i := range 5000 {
		b.WriteString("/:p" + strconv.Itoa(i))
	}
	big, err := NewInit(Init{Pathname: new(b.String())}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	u := strings.Repeat("/x", 5000)
	if !big.Test("https://h" + u) {
		t.Errorf("5000 groups: no match")
	}
	_, err = New("https://h/"+strings.Repeat("{", 100000), Options{})
	if err == nil {
		t.Errorf("100000 '{': no error")
	}
}

func TestAllocations(t *testing.T) {
	p := MustNew("https://api.example.com/repos/:owner/:repo/issues/:n", Options{})
	u := weburl.MustParse("https://api.example.com/repos/weburl/weburl/issues/18")
	if n := testing.AllocsPerRun(100, func() { p.Match(u) }); n != 1 {
		t.Errorf("Match: %v allocations, want 1 (the Result)", n)
	}
	if n := testing.AllocsPerRun(100, func() { p.Matches(u) }); n != 0 {
		t.Errorf("Matches: %v allocations, want 0", n)
	}
	miss := weburl.MustParse("https://api.example.com/repos/weburl/weburl/pulls/18")
	if n := testing.AllocsPerRun(100, func() { p.Match(miss) }); n != 0 {
		t.Errorf("Match without a match: %v allocations, want 0", n)
	}
	l := NewList(p, MustNew("https://api.example.com/*", Options{}))
	if n := testing.AllocsPerRun(100, func() { l.Match(u) }); n != 1 {
		t.Errorf("List.Match: %v allocations, want 1", n)
	}
	if raceEnabled {
		return // the race detector empties sync.Pools at random
	}
	// A string that is its own href parses into a pooled URL.
	s := u.Href()
	if n := testing.AllocsPerRun(100, func() { p.Exec(s) }); n != 1 {
		t.Errorf("Exec: %v allocations, want 1 (the Result)", n)
	}
	if n := testing.AllocsPerRun(100, func() { p.Test(s) }); n != 0 {
		t.Errorf("Test: %v allocations, want 0", n)
	}
}

// TestExecParses: Exec and Test parse as weburl.Parse does, one input
// after another through the pooled URL (a failure leaves nothing of the
// last input behind).
func TestExecParses(t *testing.T) {
	p, err := NewInit(Init{}, Options{}) // every component "*"
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"https://u:p@H.example:8080/a/../b?q#f", "not a url", "https://h/x", "HTTP://[::1]/%7e", "https://h:99999/", "mailto:a@b", "https://h/x"} {
		u, err := weburl.Parse(s)
		got := p.Exec(s)
		if (err == nil) != (got != nil) || (err == nil) != p.Test(s) {
			t.Errorf("%q: Exec %v, Test %v, but weburl.Parse gives error %v", s, got != nil, p.Test(s), err)
			continue
		}
		if err == nil && !reflect.DeepEqual(got, p.Match(u)) {
			t.Errorf("%q: Exec %+v, Match of the parsed URL %+v", s, got, p.Match(u))
		}
	}
}
