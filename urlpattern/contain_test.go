package urlpattern

import (
	"fmt"
	"strings"
	"testing"

	"github.com/weburl/weburl/internal/alloctest"
	"github.com/weburl/weburl/internal/ecmaregexp"
)

// pathPattern is new URLPattern({pathname: s}): every other component "*".
func pathPattern(t testing.TB, s string, opts Options) *Pattern {
	t.Helper()
	p, err := NewInit(Init{Pathname: &s}, opts)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// Each verdict is checked against matching too: a pathname that q
// matches and p does not (witness) for an exact "does not cover", and
// pathnames that both match (covered) for "covers", by the spec's
// matching of the generated regular expressions (Pattern.TestInit).
var coversTests = []struct {
	p, q             string
	covers, decided  bool
	witness          string   // matched by q, not by p, when covers is false and decided
	covered          []string // matched by both, when covers is true
	ignoreP, ignoreQ bool
}{
	// The shapes.
	{p: "/a/:x", q: "/a/b", covers: true, decided: true, covered: []string{"/a/b"}},
	{p: "/a/b", q: "/a/:x", witness: "/a/c", decided: true},
	{p: "/*", q: "/a/:id(\\d+)", covers: true, decided: true, covered: []string{"/a/12"}},
	{p: "/*", q: "/", covers: true, decided: true, covered: []string{"/"}},
	{p: "*", q: "/a/*/b{/:c}?", covers: true, decided: true, covered: []string{"/a/x/y/b/c", "/a//b"}},
	{p: "/a/:id(\\d+)", q: "/a/:n(\\d+)", covers: true, decided: true, covered: []string{"/a/7"}},
	{p: "/a/:id(\\d+)", q: "/b/:n(\\d+)", witness: "/b/7", decided: true},
	{p: "/a/:id(\\d+)/x", q: "/a/:n(\\d+)/:y", decided: false},
	// Not decided: a regexp group's language is not read, but a q of one
	// string is matched against p.
	{p: "/a/:x", q: "/a/:id(\\d+)", covers: true, decided: true, covered: []string{"/a/1"}},
	{p: "/a/:x", q: "/a/:id([a-z.]+)", covers: true, decided: true, covered: []string{"/a/b.c"}},
	{p: "/a/:x", q: "/a/:id(\\d*)", witness: "/a/", decided: true},
	{p: "/a/:x", q: "/a/:id(.+)", decided: false},     // holds "/"
	{p: "/a/:x", q: "/a/:id([!-0]+)", decided: false}, // a range over "/"
	{p: "/a/:x", q: "/a/:id([^a]+)", decided: false},  // a negated class
	{p: "/a/:x", q: "/a/:id(\\x2F)", decided: false},  // "/" escaped
	{p: "/a/:id(\\d+)", q: "/a/1", covers: true, decided: true, covered: []string{"/a/1"}},
	{p: "/a/:id(\\d+)", q: "/a/x", witness: "/a/x", decided: true},
	{p: "/a/:id(\\d*)", q: "/a/:n(\\d*)", covers: true, decided: true, covered: []string{"/a/", "/a/5"}},
	// Segment wildcards.
	{p: "/:a/:b", q: "/x/:y", covers: true, decided: true, covered: []string{"/x/z"}},
	{p: "/:a", q: "/:a/:b", witness: "/x/y", decided: true},
	{p: "/:a/:b", q: "/:a", witness: "/x", decided: true},
	{p: "/:a", q: "/:b", covers: true, decided: true, covered: []string{"/x"}},
	{p: "/:f.html", q: "/index.html", covers: true, decided: true, covered: []string{"/index.html"}},
	{p: "/:f.html", q: "/*.html", witness: "/a/b.html", decided: true},
	{p: "/*.html", q: "/:f.html", covers: true, decided: true, covered: []string{"/a.html"}},
	{p: "/:a-:b", q: "/x-y-z", covers: true, decided: true, covered: []string{"/x-y-z"}},
	// Modifiers and groups.
	{p: "/a/:x?", q: "/a", covers: true, decided: true, covered: []string{"/a"}},
	{p: "/a/:x?", q: "/a/b", covers: true, decided: true, covered: []string{"/a/b"}},
	{p: "/a/:x?", q: "/a/b/c", witness: "/a/b/c", decided: true},
	{p: "/a/:x?", q: "/a/", witness: "/a/", decided: true},
	{p: "/a/:x+", q: "/a/b/c", covers: true, decided: true, covered: []string{"/a/b/c"}},
	{p: "/a/:x+", q: "/a/:y/:z", covers: true, decided: true, covered: []string{"/a/1/2"}},
	{p: "/a/:x+", q: "/a/:y*", witness: "/a", decided: true},
	{p: "/a/:x*", q: "/a/:y+", covers: true, decided: true, covered: []string{"/a/1"}},
	{p: "/a/:x*", q: "/a", covers: true, decided: true, covered: []string{"/a"}},
	{p: "/a/:x*", q: "/a/*", witness: "/a/", decided: true},
	{p: "/a/*", q: "/a/:x*", witness: "/a", decided: true},
	{p: "/a{/b}?", q: "/a/b", covers: true, decided: true, covered: []string{"/a/b"}},
	{p: "/a{/b}?", q: "/a", covers: true, decided: true, covered: []string{"/a"}},
	{p: "/a{/b}?", q: "/a{/:c}?", witness: "/a/c", decided: true},
	{p: "{/:c}+", q: "/a{/b}*", covers: true, decided: true, covered: []string{"/a/b/b"}},
	{p: "/a{/b}+", q: "/a{/b}*", witness: "/a", decided: true},
	{p: "/a{/b}*", q: "/a{/b}+", covers: true, decided: true, covered: []string{"/a/b"}},
	{p: "{/:x}*", q: "", covers: true, decided: true, covered: []string{""}},
	{p: "/a/*", q: "/a/*/b", covers: true, decided: true, covered: []string{"/a/x/b"}},
	{p: "/a/*/b", q: "/a/*", witness: "/a/x", decided: true},
	{p: "/a*", q: "/ab/:c", covers: true, decided: true, covered: []string{"/ab/c"}},
	// Case: a pattern that ignores case covers the other's case variants.
	{p: "/a/:x", q: "/A/b", witness: "/A/b", decided: true},
	{p: "/a/:x", q: "/A/b", ignoreP: true, covers: true, decided: true, covered: []string{"/A/b"}},
	{p: "/A/B", q: "/a/b", ignoreP: true, covers: true, decided: true, covered: []string{"/a/b"}},
	{p: "/a/b", q: "/a/b", ignoreQ: true, decided: false},
	{p: "/a/:x", q: "/a/:y", ignoreQ: true, decided: false},
	{p: "/1/:x", q: "/1/:y", ignoreQ: true, covers: true, decided: true, covered: []string{"/1/y"}},
}

func TestCovers(t *testing.T) {
	for _, tt := range coversTests {
		p := pathPattern(t, tt.p, Options{IgnoreCase: tt.ignoreP})
		q := pathPattern(t, tt.q, Options{IgnoreCase: tt.ignoreQ})
		covers, decided := p.Covers(q)
		if covers != tt.covers || decided != tt.decided {
			t.Errorf("%q covers %q: (%v, %v), want (%v, %v)", tt.p, tt.q, covers, decided, tt.covers, tt.decided)
		}
		test := func(p *Pattern, s string) bool { return p.TestInit(Init{Pathname: &s}) }
		if tt.witness != "" && (!test(q, tt.witness) || test(p, tt.witness)) {
			t.Errorf("%q, %q: the witness %q is not matched by q alone", tt.p, tt.q, tt.witness)
		}
		if tt.covers != (len(tt.covered) > 0) || !tt.covers && tt.decided && tt.witness == "" {
			t.Errorf("%q, %q: the table gives no pathname to check the verdict with", tt.p, tt.q)
		}
		for _, s := range tt.covered {
			if !test(q, s) || !test(p, s) {
				t.Errorf("%q, %q: %q is not matched by both", tt.p, tt.q, s)
			}
		}
	}
}

// Full patterns: every component counts.
func TestCoversFull(t *testing.T) {
	tests := []struct {
		p, q            string
		covers, decided bool
	}{
		{"https://h/*", "https://h/a", true, true},
		{"https://h/a", "https://h/*", false, true},
		{"https://h/*", "http://h/a", false, true},
		{"http{s}?://h/*", "https://h/a", true, true},
		{"https://*.example.com/*", "https://a.example.com/x", true, true},
		{"https://*.example.com/*", "https://example.com/x", false, true},
		{"https://{*.}?example.com/*", "https://example.com/x", true, true},
		{"https://h:8080/*", "https://h/a", false, true},
		{"https://h/*", "https://h/a?q=1", true, true}, // the search is "*"
		{"https://h/*\\?q=:v", "https://h/a?q=1", true, true},
		{"https://h/*\\?q=:v", "https://h/a?r=1", false, true},
		{"https://h/*\\?q=:v", "https://h/a", false, true}, // q's search is "*"
		{"https://h/:a(\\d+)/*", "https://h/:b(\\d+)/x", true, true},
	}
	for _, tt := range tests {
		p, err := New(tt.p, Options{})
		if err != nil {
			t.Fatal(err)
		}
		q, err := New(tt.q, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if covers, decided := p.Covers(q); covers != tt.covers || decided != tt.decided {
			t.Errorf("%q covers %q: (%v, %v), want (%v, %v)", tt.p, tt.q, covers, decided, tt.covers, tt.decided)
		}
	}
}

func TestOverlaps(t *testing.T) {
	tests := []struct {
		p, q              string
		overlaps, decided bool
		both              string // a pathname both match, when they overlap
	}{
		{"/a/:x", "/:y/b", true, true, "/a/b"},
		{"/a/:x", "/b/:y", false, true, ""},
		{"/a/:x", "/a/:y/:z", false, true, ""},
		{"/a/*", "/a", false, true, ""},
		{"/a*", "/a", true, true, "/a"},
		{"/:f.html", "/x.:ext", true, true, "/x.html"},
		{"/a/:x?", "/a{/b}+", true, true, "/a/b"},
		{"/a{/b}+", "/a", false, true, ""},
		// A regexp group is read as a full wildcard.
		{"/a/:id(\\d+)", "/b/*", false, true, ""},
		{"/a/:id(\\d+)", "/a/x", false, false, ""},
		{"/a/:id(\\d+)", "/a/1", true, false, "/a/1"},
	}
	for _, tt := range tests {
		p, q := pathPattern(t, tt.p, Options{}), pathPattern(t, tt.q, Options{})
		for _, pair := range [][2]*Pattern{{p, q}, {q, p}} {
			if ov, dec := pair[0].Overlaps(pair[1]); ov != tt.overlaps && tt.decided || dec != tt.decided {
				t.Errorf("%q overlaps %q: (%v, %v), want (%v, %v)", tt.p, tt.q, ov, dec, tt.overlaps, tt.decided)
			}
		}
		if tt.both != "" && (!p.TestInit(Init{Pathname: &tt.both}) || !q.TestInit(Init{Pathname: &tt.both})) {
			t.Errorf("%q, %q: %q is not matched by both", tt.p, tt.q, tt.both)
		}
	}
}

// The zero Pattern matches nothing: anything covers it, it covers
// nothing, and it overlaps nothing.
func TestCoversZero(t *testing.T) {
	var zero Pattern
	p := pathPattern(t, "/*", Options{})
	for _, tt := range []struct {
		name            string
		got             [2]bool
		covers, decided bool
	}{
		{"p covers zero", two(p.Covers(&zero)), true, true},
		{"p covers nil", two(p.Covers(nil)), true, true},
		{"zero covers p", two(zero.Covers(p)), false, true},
		{"nil covers p", two((*Pattern)(nil).Covers(p)), false, true},
		{"p overlaps zero", two(p.Overlaps(&zero)), false, true},
		{"nil overlaps p", two((*Pattern)(nil).Overlaps(p)), false, true},
	} {
		if tt.got != [2]bool{tt.covers, tt.decided} {
			t.Errorf("%s: %v, want (%v, %v)", tt.name, tt.got, tt.covers, tt.decided)
		}
	}
}

func two(a, b bool) [2]bool { return [2]bool{a, b} }

// A long route is decided: the pairs visited grow with its length.
func TestCoversLong(t *testing.T) {
	var ps, qs strings.Builder
	for i := range 300 {
		fmt.Fprintf(&ps, "/:a%d", i)
		qs.WriteString("/x")
	}
	p, q := pathPattern(t, ps.String(), Options{}), pathPattern(t, qs.String(), Options{})
	if covers, decided := p.Covers(q); !covers || !decided {
		t.Errorf("p covers q: (%v, %v)", covers, decided)
	}
	if covers, decided := q.Covers(p); covers || !decided {
		t.Errorf("q covers p: (%v, %v)", covers, decided)
	}
}

// FuzzCovers holds Covers and Overlaps to matching: when p covers q,
// every string generated from q's parts that q matches, p matches; when
// they do not overlap (decided), no generated string matches both. The
// strings are each component's, matched as the component matches its
// value, and made by sample from both part lists.
func FuzzCovers(f *testing.F) {
	f.Add("/a/:x", "/a/b", []byte{0})
	f.Add("/*", "/a/:id(\\d+)", []byte{1, 2, 3})
	f.Add("/a/:x+", "/a/:y/:z", []byte{2, 0, 1, 5})
	f.Add("{/:c}+", "/a{/b}*", []byte{3, 3, 3})
	f.Add("/:f.html", "/*.html", []byte{4, 1})
	f.Add("/a/:x*", "{/:y}?/*", []byte{7, 1, 0, 9})
	f.Add("/a:x/:y/", "/ab:z/c/", []byte{2, 5}) // route programs: routeCovers
	f.Add("/:x/b", "/:y/:z", []byte{1, 1})
	f.Fuzz(func(t *testing.T, ps, qs string, choices []byte) {
		if len(ps) > 64 || len(qs) > 64 || len(choices) > 64 {
			return
		}
		p, err := NewInit(Init{Pathname: &ps}, Options{})
		if err != nil {
			return
		}
		q, err := NewInit(Init{Pathname: &qs}, Options{})
		if err != nil {
			return
		}
		covers, coversDecided := p.Covers(q)
		if covers && !coversDecided {
			t.Fatalf("%q covers %q, not decided", ps, qs)
		}
		overlaps, _ := p.Overlaps(q)
		pc, qc := p.comps[Pathname], q.comps[Pathname]
		// The shortcuts (a literal q, fixed heads and tails) agree with
		// the automata where both decide.
		c1, d1 := componentCovers(pc, qc)
		var witness []symbol
		c2, d2 := coversNFA(pc, qc, false, &witness)
		if d1 && d2 && c1 != c2 {
			t.Fatalf("%q covers %q: %v, the automata %v", ps, qs, c1, c2)
		}
		// An exact "does not cover" comes with a string q matches and p
		// does not.
		if !c2 && d2 {
			if s, ok := concrete(witness); ok && (!qc.test(s) || pc.test(s)) {
				t.Fatalf("%q does not cover %q, but the witness %q is matched by q %v, p %v", ps, qs, s, qc.test(s), pc.test(s))
			}
		}
		for round := range 8 {
			next := chooser(choices, round)
			for _, s := range []string{sample(qc, next), sample(pc, next)} {
				inQ, inP := qc.test(s), pc.test(s)
				if covers && inQ && !inP {
					t.Fatalf("%q covers %q, but %q matches q only", ps, qs, s)
				}
				if !overlaps && inQ && inP {
					t.Fatalf("%q and %q do not overlap, but both match %q", ps, qs, s)
				}
			}
		}
	})
}

// chooser returns a source of choices: the fuzzer's bytes, from an
// offset that differs by round, then a counter.
func chooser(choices []byte, round int) func(n int) int {
	i := round
	return func(n int) int {
		i++
		if len(choices) == 0 {
			return i % n
		}
		return int(choices[i%len(choices)]+byte(i/len(choices))) % n
	}
}

// sample makes a string of component c's part list, choosing how many
// times a modified part repeats and what a group's value is. A regexp
// group gets a value from a small set that it may not match: the caller
// tests the string against c.
func sample(c *component, choose func(n int) int) string {
	segs := []string{"x", "ab", "1", "a.b", "%2F", "-", "b", "a", "html", "x.html"}
	fulls := []string{"", "x", "a/b", "x.y/", "/", "b/c.html", "a"}
	regexps := []string{"1", "12", "a", "x/y", "", "b"}
	var b strings.Builder
	for i := range c.parts {
		pt := &c.parts[i]
		n := 1
		switch pt.modifier {
		case modOptional:
			n = choose(2)
		case modZeroOrMore:
			n = choose(3)
		case modOneOrMore:
			n = 1 + choose(2)
		}
		for range n {
			if pt.typ == partFixedText {
				b.WriteString(pt.value)
				continue
			}
			b.WriteString(pt.prefix)
			switch pt.typ {
			case partSegmentWildcard:
				b.WriteString(segs[choose(len(segs))])
			case partFullWildcard:
				b.WriteString(fulls[choose(len(fulls))])
			default:
				b.WriteString(regexps[choose(len(regexps))])
			}
			b.WriteString(pt.suffix)
		}
	}
	return b.String()
}

// concrete is a string of a witness word: each code point as it is, a
// code point that no literal names as one that none of the patterns'
// literals of the fuzz can hold; false for a word through a regexp group.
func concrete(word []symbol) (string, bool) {
	var b strings.Builder
	for _, sym := range word {
		switch {
		case sym.tok != "":
			return "", false
		case sym.r == otherRune:
			b.WriteRune('\U0001F600') // a literal of the fuzz would be percent-encoded
		default:
			b.WriteRune(sym.r)
		}
	}
	return b.String(), true
}

// Patterns whose check would take long stop at the bounds, not decided,
// with what they allocate bounded: the same for a pattern four times as
// long.
func TestCoversBounded(t *testing.T) {
	pair := func(n int) (*Pattern, *Pattern) {
		var b strings.Builder
		b.WriteString("/*")
		for i := range n {
			fmt.Fprintf(&b, "{-:x%d}?", i)
		}
		return pathPattern(t, b.String(), Options{}), pathPattern(t, "/*-"+strings.Repeat("a-", n), Options{})
	}
	var allocated [2]uint64
	for i, n := range []int{1000, 4000} {
		p, q := pair(n)
		var covers, decided, overlaps, odecided bool
		allocated[i] = alloctest.Bytes(func() {
			covers, decided = p.Covers(q)
			overlaps, odecided = p.Overlaps(q)
		})
		if covers || decided || !overlaps || odecided {
			t.Errorf("%d groups: Covers (%v, %v), Overlaps (%v, %v), want (false, false), (true, false)", n, covers, decided, overlaps, odecided)
		}
	}
	if allocated[1] > 4*allocated[0]+1<<20 {
		t.Errorf("allocated %d bytes, then %d for four times the groups", allocated[0], allocated[1])
	}
}

// regexpAvoids holds where every string of the expression is known to
// lack the delimiter, and only there.
func TestRegexpAvoids(t *testing.T) {
	for _, tt := range []struct {
		source string
		delim  byte
		want   bool
	}{
		{`\d+`, '/', true},
		{`\w+-\d{2,4}`, '/', true},
		{`v1|v2`, '/', true},
		{`(?:a|b)+`, '/', true},
		{`[a-z0-9_.~\-]+`, '/', true},
		{`[\.\-]`, '/', true},
		{`zip|tar\.gz`, '/', true},
		{`zip|tar\.gz`, '.', false},
		{`\d+`, 0, false},
		{`.*`, '/', false},
		{`a/b`, '/', false},
		{`a\/b`, '/', false},
		{`[!-0]`, '/', false},
		{`[\.-0]`, '/', false},
		{`[^a]`, '/', false},
		{`\D`, '/', false},
		{`\W`, '/', false},
		{`\S`, '/', false},
		{`\x2F`, '/', false},
		{`\u002F`, '/', false},
		{`\u{2F}`, '/', false},
		{`\p{L}`, '/', false},
		{`[\w--\d]`, '/', false},
		{`[[a]]`, '/', false},
		{`[a`, '/', false},
		{`a\`, '/', false},
		{`é`, '/', false},
	} {
		if got := regexpAvoids(tt.source, tt.delim); got != tt.want {
			t.Errorf("regexpAvoids(%q, %q) = %v, want %v", tt.source, tt.delim, got, tt.want)
		}
		// Where it holds, no string of a sample that the expression
		// matches holds the delimiter.
		if tt.want {
			re, err := ecmaregexp.Compile(`^(?:`+tt.source+`)$`, 0)
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range []string{"/", "a/b", "1/2", "./", "-/-"} {
				if re.MatchString(s) {
					t.Errorf("%q matches %q", tt.source, s)
				}
			}
		}
	}
}

// A group that asserts on its surroundings is not read alone: "($)1"
// matches nothing, so "0" covers it, though "$" alone matches "".
func TestCoversAssertion(t *testing.T) {
	for _, tt := range []struct {
		source string
		want   bool
	}{
		{`$`, true}, {`^a`, true}, {`a\b`, true}, {`\B`, true}, {`(?=a)`, true},
		{`(?!a)`, true}, {`(?<=a)b`, true}, {`(?<!a)b`, true},
		{`[^/]+`, false}, {`[$^]`, false}, {`\$`, false}, {`[\b]`, false},
		{`(?<n>a)`, false}, {`\d+`, false}, {`\\b`, false},
	} {
		if got := regexpAsserts(tt.source); got != tt.want {
			t.Errorf("regexpAsserts(%q) = %v, want %v", tt.source, got, tt.want)
		}
	}
	// A decided answer is the true one ("($)1" and "/a/(\\b)" match
	// nothing, so everything covers them and they cover only that).
	for _, tt := range []struct {
		p, q string
		want bool
	}{
		{"0", "($)1", true}, {"($)1", "1", false}, {"/a/:x(\\b)", "/a/b", false},
		{"/:x", "/a/(\\b)", true}, {"/a/(\\b)", "/:x", false}, {"/a/b", "/a/(b$)c", true},
	} {
		if c, d := pathPattern(t, tt.p, Options{}).Covers(pathPattern(t, tt.q, Options{})); d && c != tt.want {
			t.Errorf("%q.Covers(%q) = %v, decided; want %v", tt.p, tt.q, c, tt.want)
		}
	}
	// The same pattern covers itself, assertion or not.
	if c, d := pathPattern(t, "/($)", Options{}).Covers(pathPattern(t, "/($)", Options{})); !c || !d {
		t.Errorf(`"/($)" covers itself: %v, %v`, c, d)
	}
}

// routeCovers decides route pairs without automata, as the languages say:
// a segment wildcard of p takes a whole run up to the delimiter, of q's
// text and wildcards, not empty.
func TestRouteCovers(t *testing.T) {
	for _, tt := range []struct {
		p, q string
		want bool
	}{
		{"/a/:x", "/a/:y", true},
		{"/a/:x", "/a/b:y", true},
		{"/a/b:y", "/a/:x", false},
		{"/:x/:y", "/a/:z", true},
		{"/:x", "/:y/:z", false},
		{"/:y/:z", "/:x", false},
		{"/a:x", "/ab:y", true},
		{"/ab:y", "/a:x", false},
		{"/:x/b", "/:y/b", true},
		{"/:x/b", "/:y/c", false},
		{"/:x/b", "/:y/b/c", false},
		{"/:x/", "/:y/", true},
		{"/:x/", "/:y", false},
		{"/:x:y", "/:z", false}, // not a route program: a wildcard not followed by "/"
		{"/a/:x", "/a/:y/*", false},
		{"/a", "/a/:y", false}, // a literal p covers no q with a group
	} {
		p, q := pathPattern(t, tt.p, Options{}), pathPattern(t, tt.q, Options{})
		got, ok := routeCovers(p.comps[Pathname].prog, q.comps[Pathname].prog)
		wantOK := !strings.Contains(tt.p, ":x:y") && !strings.HasSuffix(tt.q, "*")
		if ok != wantOK || ok && got != tt.want {
			t.Errorf("routeCovers(%q, %q) = %v, %v; want %v, %v", tt.p, tt.q, got, ok, tt.want, wantOK)
		}
		if c, d := p.Covers(q); !d || c != tt.want {
			t.Errorf("%q.Covers(%q) = %v, %v; want %v, true", tt.p, tt.q, c, d, tt.want)
		}
	}
	host := func(s string) *Pattern {
		p, err := NewInit(Init{Hostname: &s}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	if c, d := host(":a.example.com").Covers(host("x:b.example.com")); !c || !d {
		t.Errorf(`":a.example.com" covers "x:b.example.com": %v, %v`, c, d)
	}
	if c, d := host(":a.example.com").Covers(host("api.:x.com")); c || !d {
		t.Errorf(`":a.example.com" does not cover "api.:x.com": %v, %v`, c, d)
	}
}
