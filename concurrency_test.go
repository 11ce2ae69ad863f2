package weburl

import (
	"encoding/json"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"

	"golang.org/x/text/encoding/charmap"
)

// These tests are meant for -race (CI runs them so): they do what the
// package doc allows concurrently and compare every answer with the one
// computed beforehand by one goroutine.

const goroutines = 8

func runConcurrently(t *testing.T, f func(g int)) {
	t.Helper()
	var wg sync.WaitGroup
	for g := range goroutines {
		wg.Go(func() { f(g) })
	}
	wg.Wait()
}

// readAll calls every reading method of u and returns their answers.
func readAll(u *URL) string {
	j, _ := json.Marshal(u)
	r := u.Record()
	q, hasQuery := u.Query()
	f, hasFragment := u.Fragment()
	rel, err := u.Parse("../x?y#z")
	relHref := fmt.Sprint(err)
	if err == nil {
		relHref = rel.Href()
	}
	sp := u.SearchParams()
	v, _ := sp.Get("a")
	return fmt.Sprint(u.Href(), u.String(), u.Protocol(), u.Username(), u.Password(), u.Host(),
		u.Hostname(), u.Port(), u.Pathname(), u.Search(), u.Hash(), u.Origin(), q, hasQuery,
		f, hasFragment, u.HostKind(), u.PathSegments(), u.IsSpecial(), u.HasOpaquePath(),
		u.Redacted(), string(j), serializeRecord(r), u.Clone().Href(), u.Equal(u.Clone()),
		relHref, IsValidURLString("a", u), CanParseRef("b", u.Href()),
		sp.String(), sp.Size(), v, sp.GetAll("a"), sp.Has("b"), u.GoString())
}

func TestConcurrentReads(t *testing.T) {
	for _, s := range []string{
		"https://user:pass@example.com:8080/a/b?a=1&b=2&a=3#frag",
		"file:///C:/dir/file",
		"sc:opaque?q#f",
		"http://[::1]/%E2%82%AC?x=%20",
	} {
		u := MustParse(s)
		want := readAll(MustParse(s))
		runConcurrently(t, func(int) {
			for range 50 {
				if got := readAll(u); got != want {
					t.Errorf("concurrent read of %q:\n got %s\nwant %s", s, got, want)
					return
				}
			}
		})
	}
}

// Each goroutine changes its own clone while all of them read the shared
// original: a clone shares nothing that a change touches.
func TestConcurrentClonesChange(t *testing.T) {
	u := MustParse("https://example.com/a?k=v#f")
	want := readAll(MustParse(u.Href()))
	runConcurrently(t, func(g int) {
		for i := range 50 {
			c := u.Clone()
			if err := c.SetPathname(fmt.Sprintf("/g%d/%d", g, i)); err != nil {
				t.Error(err)
			}
			c.SearchParams().Append("g", fmt.Sprint(g))
			if err := c.SetHost("h" + fmt.Sprint(g) + ".example"); err != nil {
				t.Error(err)
			}
			if want := fmt.Sprintf("https://h%d.example/g%d/%d?k=v&g=%d#f", g, g, i, g); c.Href() != want {
				t.Errorf("clone href %q, want %q", c.Href(), want)
			}
			if got := readAll(u); got != want {
				t.Errorf("original changed: %s", got)
				return
			}
		}
	})
}

// One Parser, with an encoding and a callback, serves many goroutines.
func TestConcurrentParser(t *testing.T) {
	var calls atomic.Int64
	p := Parser{
		Encoding:          charmap.Windows1252,
		OnValidationError: func(ValidationError) { calls.Add(1) },
	}
	inputs := []string{"https://h/?q=\u00e9", "https://a b/", " http://x\t/", "https://[::1", "https://①.②.③.④/"}
	base := MustParse("https://base.example/dir/")
	want := make([]string, len(inputs))
	for i, in := range inputs {
		u, err := p.Parse(in, base)
		want[i] = fmt.Sprint(u, err)
	}
	perRound := calls.Load()
	runConcurrently(t, func(int) {
		for range 50 {
			for i, in := range inputs {
				u, err := p.Parse(in, base)
				if got := fmt.Sprint(u, err); got != want[i] {
					t.Errorf("Parse(%q) = %s, want %s", in, got, want[i])
				}
				if CanParseRef(in, base.Href()) != (err == nil) {
					t.Errorf("CanParseRef(%q) disagrees", in)
				}
			}
		}
	})
	if got := calls.Load(); got != perRound*(1+goroutines*50) {
		t.Errorf("%d callbacks, want %d", got, perRound*(1+goroutines*50))
	}
}

// Views made by many goroutines at once, while others copy the URL and
// marshal it (value receivers), agree; each goroutine then changes its own
// copy through its copy's view, and the original stays as it was.
func TestConcurrentSearchParamsCreation(t *testing.T) {
	for range 20 {
		u := MustParse("https://h/?a=1")
		got := make([]*SearchParams, goroutines)
		runConcurrently(t, func(g int) {
			got[g] = u.SearchParams()
			n := *u
			_, _ = json.Marshal(n)
			_ = fmt.Sprint(n, *u)
			n.SearchParams().Append("g", fmt.Sprint(g))
			if want := fmt.Sprintf("https://h/?a=1&g=%d", g); n.Href() != want {
				t.Errorf("copy %q, want %q", n.Href(), want)
			}
		})
		for _, sp := range got {
			if sp.String() != "a=1" || u.Href() != "https://h/?a=1" {
				t.Fatalf("view %q of %q", sp.String(), u.Href())
			}
		}
	}
}
