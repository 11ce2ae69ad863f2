// Command patterndiff compares weburl/urlpattern with the URLPattern
// polyfill (urlpattern-polyfill on npm) on random constructor strings and
// URLs: the errors, the eight pattern strings and every exec result, and,
// with -chromium, with Chromium's URLPattern on the same cases. It is a
// development tool, not run in CI because it needs Node.js; see README.md.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"strings"

	"github.com/weburl/weburl/tools/internal/noderef"
	"github.com/weburl/weburl/urlpattern"
)

type testCase struct {
	Pattern    string   `json:"pattern"`
	Base       string   `json:"base"`
	IgnoreCase bool     `json:"ignoreCase"`
	Inputs     []string `json:"inputs"`
}

type componentResult struct {
	Input  string             `json:"input"`
	Groups map[string]*string `json:"groups"`
}

type verdict struct {
	Error      bool                `json:"error"`
	Components []string            `json:"components"`
	Results    [][]componentResult `json:"results"`
	NoAnswer   bool                `json:"noAnswer,omitempty"` // Chromium hung on it
}

var (
	pieces   = []string{"/", "/", "a", "b", ".", ":x", ":y", "*", "?", "+", "{", "}", "\\.", "(\\d+)", "%", "é", " ", "@", "#", "?q", ":", "//", "[", "]", "-"}
	prefixes = []string{"https://h", "http://a.b", "foo:", "https://*.e.com", "http{s}?://", "", "file:///", "mailto:"}
	inputs   = []string{"https://h/a/b", "https://h/a", "http://a.b/x.y", "foo:bar", "https://x.e.com/1/2", "https://h/%C3%A9",
		"https://h/a b", "file:///a/b", "mailto:a@b", "https://h/?q", "https://h/a#b", "http://a.b/", "https://base.test/dir/a"}
)

func main() {
	n := flag.Int("n", 5000, "how many random patterns")
	seed := flag.Uint64("seed", 1, "seed of the patterns")
	show := flag.Int("show", 20, "how many differences to print")
	chromium := flag.String("chromium", "", "also compare with this Chromium `binary`, on the first -browser-n patterns")
	browserN := flag.Int("browser-n", 3000, "how many patterns to give the browser")
	flag.Parse()

	r := rand.New(rand.NewPCG(*seed, 1))
	var cases []testCase
	for range *n {
		var b strings.Builder
		b.WriteString(prefixes[r.IntN(len(prefixes))])
		for range r.IntN(7) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		c := testCase{Pattern: b.String(), IgnoreCase: r.IntN(5) == 0, Inputs: inputs}
		if r.IntN(2) == 0 {
			c.Base = "https://base.test/dir/x"
		}
		cases = append(cases, c)
	}
	ref, err := reference(cases)
	if err != nil {
		fmt.Fprintln(os.Stderr, "patterndiff:", err)
		os.Exit(2)
	}
	differ := compare("polyfill", cases, ref, *show)
	if *chromium != "" {
		bc := cases[:min(*browserN, len(cases))]
		ref, err := chromiumVerdicts(*chromium, bc)
		if err != nil {
			fmt.Fprintln(os.Stderr, "patterndiff:", err)
			os.Exit(2)
		}
		differ += compare("chromium", bc, ref, *show)
	}
	if differ > 0 {
		os.Exit(1)
	}
}

// compare prints the first show cases where weburl's verdict is not ref's
// (named name), then a count, and returns how many differ.
func compare(name string, cases []testCase, ref []verdict, show int) int {
	differ := 0
	for i, c := range cases {
		ours := weburlVerdict(c)
		if !reflect.DeepEqual(ours, ref[i]) {
			differ++
			if differ <= show {
				o, _ := json.Marshal(ours)
				p, _ := json.Marshal(ref[i])
				fmt.Printf("%q base %q ignoreCase %v\n  weburl   %s\n  %-8s %s\n", c.Pattern, c.Base, c.IgnoreCase, o, name, p)
			}
		}
	}
	fmt.Printf("%s: %d patterns, %d differ\n", name, len(cases), differ)
	return differ
}

// weburlVerdict is what weburl/urlpattern gives for c, in ref.js's terms.
func weburlVerdict(c testCase) verdict {
	opts := urlpattern.Options{IgnoreCase: c.IgnoreCase}
	var p *urlpattern.Pattern
	var err error
	if c.Base == "" {
		p, err = urlpattern.New(c.Pattern, opts)
	} else {
		p, err = urlpattern.NewWithBase(c.Pattern, c.Base, opts)
	}
	if err != nil {
		return verdict{Error: true}
	}
	v := verdict{Results: [][]componentResult{}}
	for comp := urlpattern.Protocol; comp <= urlpattern.Hash; comp++ {
		v.Components = append(v.Components, p.Component(comp))
	}
	for _, in := range c.Inputs {
		r := p.Exec(in)
		if r == nil {
			v.Results = append(v.Results, nil)
			continue
		}
		var crs []componentResult
		for comp := urlpattern.Protocol; comp <= urlpattern.Hash; comp++ {
			cr := r.Component(comp)
			groups := map[string]*string{}
			for _, g := range cr.Groups {
				if g.Matched {
					groups[g.Name] = new(g.Value)
				} else {
					groups[g.Name] = nil
				}
			}
			crs = append(crs, componentResult{Input: cr.Input, Groups: groups})
		}
		v.Results = append(v.Results, crs)
	}
	return v
}

// reference runs ref.js over the cases.
func reference(cases []testCase) ([]verdict, error) {
	vs, err := noderef.Run[testCase, verdict](cases)
	noNullResults(vs)
	return vs, err
}

// noNullResults gives a verdict without results an empty list, as
// weburlVerdict does, where JSON has none.
func noNullResults(vs []verdict) {
	for i := range vs {
		if !vs[i].Error && vs[i].Results == nil {
			vs[i].Results = [][]componentResult{}
		}
	}
}
