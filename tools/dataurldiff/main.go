// Command dataurldiff compares mimetype.Parse, dataurl.Parse and
// dataurl.DecodeBase64 with the reference implementations (npm
// whatwg-mimetype, npm data-urls, and Node's atob) on the WPT inputs and
// on random inputs built from them and from the characters that matter to
// the parsers. A development tool, not run in CI because it needs Node.js;
// see README.md.
package main

import (
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"

	"github.com/weburl/weburl/dataurl"
	"github.com/weburl/weburl/mimetype"
	"github.com/weburl/weburl/tools/internal/noderef"
)

type query struct {
	Kind  string `json:"kind"` // "mime", "dataurl" or "base64"
	Input string `json:"input"`
}

// answer is a parse's result: nil for a failure.
type answer struct {
	Type string `json:"type,omitempty"`
	Body string `json:"body,omitempty"` // hex
}

func main() {
	wpt := flag.String("wpt", "../../../shared/wpt", "the WPT data `folder` (with fetch/ and mimesniff/)")
	n := flag.Int("n", 20000, "how many random inputs of each kind to add")
	seed := flag.Uint64("seed", 1, "seed of the random inputs")
	show := flag.Int("show", 20, "how many differences to print")
	chromium := flag.String("chromium", "", "also compare with this Chromium `binary`, on the first -browser-n inputs of each kind")
	browserN := flag.Int("browser-n", 3000, "how many inputs of each kind to give the browser")
	flag.Parse()

	seeds, err := wptInputs(*wpt)
	if err != nil {
		fmt.Fprintln(os.Stderr, "dataurldiff:", err)
		os.Exit(2)
	}
	r := rand.New(rand.NewPCG(*seed, 31))
	var qs []query
	for _, kind := range []string{"mime", "dataurl", "base64"} {
		for _, s := range seeds[kind] {
			qs = append(qs, query{kind, s})
		}
		for range *n {
			qs = append(qs, query{kind, generate(r, kind, seeds[kind])})
		}
	}
	ref, err := reference(qs)
	if err != nil {
		fmt.Fprintln(os.Stderr, "dataurldiff:", err)
		os.Exit(2)
	}
	diffs := map[string]int{}
	total := map[string]int{}
	succeeded := map[string]int{}
	shown := 0
	for i, q := range qs {
		total[q.Kind]++
		got := ours(q)
		if got != nil {
			succeeded[q.Kind]++
		}
		if same(got, ref[i]) {
			continue
		}
		diffs[q.Kind]++
		if shown < *show {
			shown++
			fmt.Printf("%s %q:\n  weburl:    %s\n  reference: %s\n", q.Kind, q.Input, show1(got), show1(ref[i]))
		}
	}
	bad := 0
	for _, kind := range []string{"mime", "dataurl", "base64"} {
		fmt.Printf("%s: %d inputs (%d parse), %d differences\n", kind, total[kind], succeeded[kind], diffs[kind])
		bad += diffs[kind]
	}
	if *chromium != "" {
		bad += compareBrowser(*chromium, qs, *browserN, *show)
	}
	if bad > 0 {
		os.Exit(1)
	}
}

// compareBrowser compares with Chromium on the first n queries of each
// kind (as a header can hold them) and returns how many differ.
func compareBrowser(chromium string, qs []query, n, show int) int {
	var bq []query
	count := map[string]int{}
	for _, q := range qs {
		if b, ok := browserQuery(q); ok && count[q.Kind] < n {
			count[q.Kind]++
			bq = append(bq, b)
		}
	}
	ref, err := chromiumAnswers(chromium, bq)
	if err != nil {
		fmt.Fprintln(os.Stderr, "dataurldiff:", err)
		os.Exit(2)
	}
	diffs := map[string]int{}
	for i, q := range bq {
		got := ours(q)
		if same(got, ref[i]) {
			continue
		}
		diffs[q.Kind]++
		if diffs[q.Kind] <= show {
			fmt.Printf("chromium %s %q:\n  weburl:   %s\n  chromium: %s\n", q.Kind, q.Input, show1(got), show1(ref[i]))
		}
	}
	bad := 0
	for _, kind := range []string{"dataurl", "base64"} {
		fmt.Printf("chromium %s: %d inputs, %d differences\n", kind, count[kind], diffs[kind])
		bad += diffs[kind]
	}
	return bad
}

func ours(q query) *answer {
	switch q.Kind {
	case "mime":
		m, err := mimetype.Parse(q.Input)
		if err != nil {
			return nil
		}
		return &answer{Type: m.String()}
	case "dataurl":
		d, err := dataurl.Parse(q.Input)
		if err != nil {
			return nil
		}
		return &answer{Type: d.MIMEType.String(), Body: hex.EncodeToString(d.Body)}
	}
	b, err := dataurl.DecodeBase64(q.Input)
	if err != nil {
		return nil
	}
	return &answer{Body: hex.EncodeToString(b)}
}

func same(a, b *answer) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

func show1(a *answer) string {
	if a == nil {
		return "failure"
	}
	return fmt.Sprintf("type %q body %s", a.Type, a.Body)
}

// reference asks ref.js, through one node process, for every query.
func reference(qs []query) ([]*answer, error) {
	return noderef.Run[query, *answer](qs)
}

// wptInputs reads the inputs of WPT's four files, by kind.
func wptInputs(dir string) (map[string][]string, error) {
	out := map[string][]string{}
	for _, f := range []struct{ kind, path string }{
		{"mime", "mimesniff/mime-types.json"},
		{"mime", "mimesniff/generated-mime-types.json"},
		{"dataurl", "fetch/data-urls.json"},
		{"base64", "fetch/base64.json"},
	} {
		data, err := os.ReadFile(filepath.Join(dir, f.path))
		if err != nil {
			return nil, err
		}
		var entries []json.RawMessage
		if err := json.Unmarshal(data, &entries); err != nil {
			return nil, err
		}
		for _, e := range entries {
			var obj struct{ Input string }
			var arr []json.RawMessage
			var s string
			switch {
			case json.Unmarshal(e, &arr) == nil && len(arr) > 0 && json.Unmarshal(arr[0], &s) == nil:
				out[f.kind] = append(out[f.kind], s)
			case json.Unmarshal(e, &obj) == nil && obj.Input != "":
				out[f.kind] = append(out[f.kind], obj.Input)
			}
		}
	}
	return out, nil
}

// pieces are what random inputs are made of: the delimiters of each
// parser, whitespace of every kind (HTTP's, ASCII's and neither), quotes
// and escapes, percent-encoding, words the processors look for, and code
// points around U+00FF.
var pieces = []string{
	";", ";", "=", "=", "/", ",", `"`, `"`, `\`, " ", " ", "\t", "\n", "\r", "\f", "\v", "\x00",
	"%", "%2", "%20", "%3B", "%2C", "%22", "%FF", "%e9", "#", "?", "+", "==", "=",
	"text", "html", "plain", "x", "X", "a", "B", "base64", "BASE64", "Base64", "charset", "CHARSET", "utf-8", "gbk",
	"text/plain", "image/png", "data:", "DATA:", "data:,", "data:;base64,", ";base64,", "; base64,", ";charset=",
	"YQ", "YWJj", "SGVsbG8=", "0", "9", "Z", "z",
	"é", "ÿ", "\u0080", "\u00a0", "Ā", "€", "\ufffd", "日本", "\U0001F600",
}

// generate makes one input: a WPT input mutated, or a run of pieces.
func generate(r *rand.Rand, kind string, seeds []string) string {
	var s string
	if r.IntN(2) == 0 && len(seeds) > 0 {
		s = seeds[r.IntN(len(seeds))]
		for range 1 + r.IntN(3) {
			s = mutate(r, s)
		}
	} else {
		var b strings.Builder
		switch kind {
		case "mime":
			b.WriteString([]string{"text/html;", "x/x;", "a/b", ""}[r.IntN(4)])
		case "dataurl":
			b.WriteString([]string{"data:", "data:text/plain", "data:;base64,", ""}[r.IntN(4)])
		}
		for range r.IntN(12) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		s = b.String()
	}
	return s
}

// mutate inserts, deletes or replaces one piece at a random place.
func mutate(r *rand.Rand, s string) string {
	cut := func() int {
		for {
			i := r.IntN(len(s) + 1)
			if i == len(s) || i == 0 || (s[i]&0xC0) != 0x80 {
				return i
			}
		}
	}
	i := cut()
	switch r.IntN(3) {
	case 0:
		return s[:i] + pieces[r.IntN(len(pieces))] + s[i:]
	case 1:
		j := cut()
		if j < i {
			i, j = j, i
		}
		return s[:i] + s[j:]
	}
	j := cut()
	if j < i {
		i, j = j, i
	}
	return s[:i] + pieces[r.IntN(len(pieces))] + s[j:]
}
