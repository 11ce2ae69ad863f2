package urlpattern

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// The matcher without a regular expression against the spec's regular
// expression (through internal/ecmaregexp), on random patterns and
// inputs: the same answer and the same groups, undefined ones included.

var diffPatternTokens = []string{"/", "/", "/", "a", "b", ".", "-", ":x", ":y", ":z", "*", "?", "+",
	"{", "}", "\\.", "\\/", "([^\\/]+?)", "(.*)", "([^\\.]+?)", "A"}

var diffInputAlphabet = []string{"a", "b", "A", "/", "/", ".", "-", "x", "\n", "\u212a", "k"}

type diffComponent struct {
	name   string
	opts   options
	encode encodingCallback
}

var diffComponents = []diffComponent{
	{"pathname", pathnameOptions, canonicalizePathname},
	{"pathname-i", options{delimiter: '/', prefix: '/', ignoreCase: true}, canonicalizePathname},
	{"hostname", hostnameOptions, canonicalizeHostname},
	{"search", defaultOptions, canonicalizeSearch},
	{"hash-i", options{ignoreCase: true}, canonicalizeHash},
	{"opaque", defaultOptions, canonicalizeOpaquePathname},
}

// diffCheck compiles pattern for one component and compares the two
// matchers on each input; it returns whether the pattern compiled to a
// program.
func diffCheck(t testing.TB, pattern string, dc diffComponent, inputs []string) bool {
	comp, err := compileComponent(pattern, Pathname, dc.encode, dc.opts, nil)
	if err != nil || comp.prog == nil {
		return false
	}
	re, rerr := compileRegexp(comp.regexpSource, dc.opts.ignoreCase, 0)
	if rerr != nil {
		t.Errorf("%s %q: the generated expression /%s/ does not compile: %v", dc.name, pattern, comp.regexpSource, rerr)
		return true
	}
	for _, in := range inputs {
		caps := make([]int, 2*len(comp.names))
		got := comp.prog.match(in, caps, nil)
		m := re.FindStringSubmatchIndex(in)
		if got != (m != nil) {
			t.Errorf("%s %q (/%s/) on %q: matcher %v, regexp %v", dc.name, pattern, comp.regexpSource, in, got, m != nil)
			continue
		}
		if got && !slices.Equal(caps, m[2:]) {
			t.Errorf("%s %q (/%s/) on %q: matcher groups %v, regexp %v", dc.name, pattern, comp.regexpSource, in, caps, m[2:])
		}
	}
	return true
}

func newRand() *rand.Rand { return rand.New(rand.NewPCG(3, 4)) }

func randomString(r *rand.Rand, alphabet []string, maxLen int) string {
	var b strings.Builder
	for range r.IntN(maxLen + 1) {
		b.WriteString(alphabet[r.IntN(len(alphabet))])
	}
	return b.String()
}

func TestMatcherEqualsRegexp(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	n := 2000
	if testing.Short() || raceEnabled {
		n = 500
	}
	compiled := 0
	for range n {
		pattern := randomString(r, diffPatternTokens, 8)
		inputs := make([]string, 12)
		for i := range inputs {
			inputs[i] = randomString(r, diffInputAlphabet, 10)
		}
		// Inputs that the pattern's own text suggests.
		inputs = append(inputs, strings.NewReplacer(":x", "q", ":y", "r", ":z", "s", "*", "tt", "?", "", "+", "", "{", "", "}", "", "\\", "").Replace(pattern))
		for _, dc := range diffComponents {
			if diffCheck(t, pattern, dc, inputs) {
				compiled++
			}
		}
	}
	if compiled < n {
		t.Fatalf("only %d patterns compiled to programs", compiled)
	}
	t.Logf("%d (pattern, component) pairs compared", compiled)
}

// TestMatcherShapes lists every part shape (type × modifier × prefix ×
// suffix) and compares the two matchers on every short input.
func TestMatcherShapes(t *testing.T) {
	var inputs []string
	alphabet := []string{"a", "/", "p", "s"}
	var gen func(prefix string, n int)
	gen = func(prefix string, n int) {
		inputs = append(inputs, prefix)
		if n == 0 {
			return
		}
		for _, c := range alphabet {
			gen(prefix+c, n-1)
		}
	}
	depth := 4
	if raceEnabled {
		depth = 3 // 85 inputs instead of 341
	}
	gen("", depth)
	shapes := 0
	for _, body := range []string{":g", "*", "(.*)"} {
		for _, mod := range []string{"", "?", "*", "+"} {
			for _, pre := range []string{"", "p", "/"} {
				for _, suf := range []string{"", "s"} {
					for _, around := range [][2]string{{"", ""}, {"/", ""}, {"a", "a"}, {"", "/a"}, {"/", ":h"}} {
						pattern := around[0] + "{" + pre + body + suf + "}" + mod + around[1]
						for _, dc := range diffComponents[:1] {
							if diffCheck(t, pattern, dc, inputs) {
								shapes++
							}
						}
						diffCheck(t, around[0]+pre+body+mod+around[1], diffComponents[0], inputs)
						diffCheck(t, around[0]+pre+body+mod+around[1], diffComponents[3], inputs)
					}
				}
			}
		}
	}
	t.Logf("%d shapes compared on %d inputs", shapes, len(inputs))
}

func FuzzMatcher(f *testing.F) {
	f.Add("/:a/:b*", "/x/y/z")
	f.Add("{:a}?{/:b}+", "xx/y")
	f.Add("*?", "")
	f.Add("/:x+/*", "/a/b/c")
	f.Fuzz(func(t *testing.T, pattern, input string) {
		if len(pattern) > 64 || len(input) > 64 {
			return
		}
		for _, dc := range diffComponents {
			diffCheck(t, pattern, dc, []string{input})
		}
	})
}

// TestRouteFastPath checks which part lists take the route fast path (the
// differential tests above hold it equal to the regular expression).
func TestRouteFastPath(t *testing.T) {
	tests := []struct {
		pattern string
		dc      diffComponent
		route   bool
	}{
		{"/repos/:owner/:repo/issues", diffComponents[0], true},
		{"/:a", diffComponents[0], true},
		{"/files/*", diffComponents[0], true},
		{"/files/*.tar.gz", diffComponents[0], true},
		{"/FOO/:a", diffComponents[1], true},
		{"{:sub}.example.com", diffComponents[2], true},
		{"/:a:b", diffComponents[0], false},      // the first group's end is not forced
		{"/:a-:b", diffComponents[0], false},     // nor here
		{"/:a?", diffComponents[0], false},       // a modifier
		{"/*/:x", diffComponents[0], false},      // a full wildcard before a segment
		{":a", diffComponents[3], false},         // no delimiter in a search
		{"/:id(\\d+)", diffComponents[0], false}, // a regexp group has no program
	}
	for _, tt := range tests {
		comp, err := compileComponent(tt.pattern, Pathname, tt.dc.encode, tt.dc.opts, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := comp.prog != nil && comp.prog.kind == progRoute; got != tt.route {
			t.Errorf("%s %q: route %v, want %v", tt.dc.name, tt.pattern, got, tt.route)
		}
	}
}
