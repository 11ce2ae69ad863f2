// Command refdiff compares weburl's validation errors and IsValidURLString
// with those of the reference implementation, jsdom's whatwg-url, on the
// WPT inputs and on random mutations of them. It is a development tool,
// not run in CI because it needs Node.js; see README.md.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/tools/internal/noderef"
)

type testCase struct {
	Input string  `json:"input"`
	Base  *string `json:"base"`
}

type verdict struct {
	OK     bool     `json:"ok"`
	Errors []string `json:"errors"`
	Valid  bool     `json:"valid"`
}

func main() {
	wpt := flag.String("wpt", "../../../shared/wpt", "the WPT URL data `folder`")
	mutations := flag.Int("mutations", 30000, "how many mutated inputs to add")
	seed := flag.Uint64("seed", 1, "seed of the mutations")
	show := flag.Int("show", 20, "how many differences to print")
	flag.Parse()

	cases, err := loadCases(filepath.Join(*wpt, "urltestdata.json"))
	if err != nil {
		fmt.Fprintln(os.Stderr, "refdiff:", err)
		os.Exit(2)
	}
	cases = append(cases, mutate(cases, *mutations, *seed)...)

	ref, err := reference(cases)
	if err != nil {
		fmt.Fprintln(os.Stderr, "refdiff:", err)
		os.Exit(2)
	}
	differ := 0
	for i, c := range cases {
		ours := weburlVerdict(c)
		if ours.OK != ref[i].OK || ours.Valid != ref[i].Valid || !slices.Equal(ours.Errors, ref[i].Errors) {
			differ++
			if differ <= *show {
				fmt.Printf("%q base %v\n  weburl     %+v\n  whatwg-url %+v\n", c.Input, c.Base, ours, ref[i])
			}
		}
	}
	fmt.Printf("%d inputs, %d differ\n", len(cases), differ)
	if differ > 0 {
		os.Exit(1)
	}
}

func loadCases(path string) ([]testCase, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, err
	}
	var cases []testCase
	for _, r := range raw {
		if len(r) == 0 || r[0] != '{' {
			continue // a comment
		}
		var c testCase
		if err := json.Unmarshal(r, &c); err != nil {
			return nil, err
		}
		cases = append(cases, c)
	}
	return cases, nil
}

// mutate inserts, deletes and splices pieces that reach the parser's
// tricky paths.
func mutate(cases []testCase, n int, seed uint64) []testCase {
	r := rand.New(rand.NewPCG(seed, seed))
	pieces := []string{"/", "\\", ":", "@", ".", "#", "?", "%", "%41", "%2e", "[", "]", "::",
		" ", "\t", "\n", "\x00", "\x1f", "0x", "1", "0", "①", "Ａ", "。", "ß", "\u200d", "-",
		"_", "xn--", "file:", "http:", "c:", "C|", "..", "%zz", "%ff", "\ufffd", "\u00a0"}
	out := make([]testCase, 0, n)
	for range n {
		c := cases[r.IntN(len(cases))]
		s := c.Input
		for range 1 + r.IntN(3) {
			at := r.IntN(len(s) + 1)
			switch r.IntN(3) {
			case 0:
				s = s[:at] + pieces[r.IntN(len(pieces))] + s[at:]
			case 1:
				if at < len(s) {
					s = s[:at] + s[at+1:]
				}
			default:
				other := cases[r.IntN(len(cases))].Input
				from := r.IntN(len(other) + 1)
				s = s[:at] + other[from:min(len(other), from+1+r.IntN(8))] + s[at:]
			}
		}
		s = strings.ToValidUTF8(s, "\ufffd") // JSON carries only UTF-8
		base := c.Base
		if r.IntN(4) == 0 {
			base = nil
		}
		out = append(out, testCase{s, base})
	}
	return out
}

func weburlVerdict(c testCase) verdict {
	var base *weburl.URL
	if c.Base != nil {
		base, _ = weburl.Parse(*c.Base)
	}
	v := verdict{Errors: []string{}}
	p := weburl.Parser{OnValidationError: func(e weburl.ValidationError) { v.Errors = append(v.Errors, string(e.Name())) }}
	_, err := p.Parse(c.Input, base)
	v.OK = err == nil
	v.Valid = weburl.IsValidURLString(c.Input, base)
	return v
}

// reference runs ref.js on the cases, one JSON line each way.
func reference(cases []testCase) ([]verdict, error) {
	return noderef.Run[testCase, verdict](cases)
}
