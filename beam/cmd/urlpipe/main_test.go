package main

import (
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
)

func TestMain(m *testing.M) {
	ptest.Main(m)
}

// run runs urlpipe's pipeline with these flag values on Prism, as main
// does, and returns the lines of the output and of the failures, sorted.
func run(t *testing.T, stepName, inFormat, outFormat string, in ...string) (out, failed []string) {
	t.Helper()
	dir := t.TempDir()
	*step, *outputFormat = stepName, outFormat
	if inFormat != "" {
		*format = inFormat
	}
	*output = filepath.Join(dir, "out")
	*failures = filepath.Join(dir, "failures.jsonl")
	inputs = in
	if msg := check(); msg != "" {
		t.Fatal(msg)
	}
	p, s := beam.NewPipelineWithRoot()
	build(s)
	if err := ptest.Run(p); err != nil {
		t.Fatal(err)
	}
	return sortedLines(t, *output), sortedLines(t, *failures)
}

func sortedLines(t *testing.T, name string) []string {
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	if len(lines) == 1 && lines[0] == "" {
		lines = nil
	}
	slices.Sort(lines)
	return lines
}

func reset() {
	*base, *profile, *format = "", "crawler", ""
}

func TestSteps(t *testing.T) {
	dir := t.TempDir()
	urls := filepath.Join(dir, "urls.txt")
	if err := os.WriteFile(urls, []byte("\uFEFFhttps://www.Example.com/a?b=1&a=2\nhttps://example.com/a?a=2&b=1#x\n\nhttp://[::1\nhttps://shop.example.co.uk/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	const parseFailure = `{"step":"%s","input":"http://[::1","reason":"IPv6-unclosed at 7"}`
	failure := func(step string) []string { return []string{strings.Replace(parseFailure, "%s", step, 1)} }
	for _, c := range []struct {
		step, outFormat string
		want            []string
	}{
		{"parse", "text", []string{"https://example.com/a?a=2&b=1#x", "https://shop.example.co.uk/", "https://www.example.com/a?b=1&a=2"}},
		{"parse", "json", []string{`{"href":"https://example.com/a?a=2&b=1#x"}`, `{"href":"https://shop.example.co.uk/"}`, `{"href":"https://www.example.com/a?b=1&a=2"}`}},
		{"canon", "text", []string{"https://example.com/a?a=2&b=1\thttps://example.com/a?a=2&b=1#x", "https://example.com/a?a=2&b=1\thttps://www.example.com/a?b=1&a=2", "https://shop.example.co.uk/\thttps://shop.example.co.uk/"}},
		{"surt", "json", []string{`{"key":"com,example)/a?a=2&b=1","href":"https://example.com/a?a=2&b=1#x"}`, `{"key":"com,example)/a?a=2&b=1","href":"https://www.example.com/a?b=1&a=2"}`, `{"key":"uk,co,example,shop)/","href":"https://shop.example.co.uk/"}`}},
		{"dedup", "text", []string{"1\thttps://shop.example.co.uk/\thttps://shop.example.co.uk/", "2\thttps://example.com/a?a=2&b=1\thttps://example.com/a?a=2&b=1#x"}},
		{"hosts", "json", []string{`{"host":"example.co.uk","count":1}`, `{"host":"example.com","count":2}`}},
	} {
		reset()
		out, failed := run(t, c.step, "", c.outFormat, urls)
		if !slices.Equal(out, c.want) {
			t.Errorf("--step %s --output_format %s: got\n%q\nwant\n%q", c.step, c.outFormat, out, c.want)
		}
		if !slices.Equal(failed, failure(c.step)) {
			t.Errorf("--step %s: failures %q", c.step, failed)
		}
	}

	// resolve, against --base or each line's own.
	reset()
	*base = "https://example.com/dir/"
	out, failed := run(t, "resolve", "", "text", urls)
	if want := []string{"http://[::1"}; len(failed) != 1 || !strings.Contains(failed[0], want[0]) {
		t.Errorf("resolve --base: failures %q", failed)
	}
	if len(out) != 3 {
		t.Errorf("resolve --base: %q", out)
	}
	reset()
	refs := filepath.Join(dir, "refs.tsv")
	os.WriteFile(refs, []byte("https://example.com/a/b\t../c\nhttps://example.com/\t?q\n"), 0o644)
	if out, failed := run(t, "resolve", "text", "text", refs); !slices.Equal(out, []string{"https://example.com/?q", "https://example.com/c"}) || failed != nil {
		t.Errorf("resolve: %q, failures %q", out, failed)
	}

	// links, from the package's fixtures, one page a file.
	reset()
	out, failed = run(t, "links", "html", "text", filepath.Join("..", "..", "testdata", "pages", "*"))
	if len(out) != 11 || len(failed) != 2 {
		t.Errorf("links: %d links, %d failures: %q", len(out), len(failed), failed)
	}
}

func TestCheck(t *testing.T) {
	for _, c := range []struct {
		step, format, outFormat, profile, base string
		want                                   string
	}{
		{"", "", "text", "crawler", "", "--step is needed"},
		{"nope", "", "text", "crawler", "", `unknown --step "nope"`},
		{"parse", "html", "text", "crawler", "", "--format is text or json for --step parse"},
		{"links", "text", "text", "crawler", "", "--format is json or html for --step links"},
		{"parse", "", "xml", "crawler", "", "--output_format is text or json"},
		{"dedup", "", "text", "strict", "", "--profile is crawler or whatwg"},
		{"parse", "", "text", "crawler", "https://example.com/", "--base is for --step resolve"},
		{"links", "", "text", "crawler", "", ""},
	} {
		*step, *format, *outputFormat, *profile, *base = c.step, c.format, c.outFormat, c.profile, c.base
		inputs, *output = []string{"in"}, "out"
		if got := check(); got != c.want {
			t.Errorf("%+v: check() = %q", c, got)
		}
	}
	if *format != "json" {
		t.Errorf("--step links: the default --format is %q, want json", *format)
	}
}

// An --input pattern that matches no file is a read failure, counted
// among read.failures and apart, and makes the exit status 1 with a
// message that says so; a pattern that matches still gives its lines.
func TestUnmatchedPattern(t *testing.T) {
	reset()
	dir := t.TempDir()
	urls := filepath.Join(dir, "urls.txt")
	if err := os.WriteFile(urls, []byte("https://example.com/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "nope-*.txt")
	*step, *outputFormat, *format = "parse", "text", ""
	*output = filepath.Join(dir, "out")
	*failures = filepath.Join(dir, "failures.jsonl")
	inputs = []string{urls, missing}
	if msg := check(); msg != "" {
		t.Fatal(msg)
	}
	p, s := beam.NewPipelineWithRoot()
	build(s)
	res, err := ptest.RunWithMetrics(p)
	if err != nil {
		t.Fatal(err)
	}
	counts := counters(res)
	if counts["weburl/read.unmatched-patterns"] != 1 || counts["weburl/read.failures"] != 1 {
		t.Errorf("counters %v: want one unmatched pattern, among one read failure", counts)
	}
	var msg strings.Builder
	if code := summary(&msg, counts, 0); code != 1 || !strings.Contains(msg.String(), "1 of the --input patterns match no file") {
		t.Errorf("exit status %d, summary %q", code, msg.String())
	}
	if out := sortedLines(t, *output); !slices.Equal(out, []string{"https://example.com/"}) {
		t.Errorf("output %q", out)
	}
	want := `{"step":"read","input":"` + missing + `","reason":"no file matches"}`
	if failed := sortedLines(t, *failures); !slices.Equal(failed, []string{want}) {
		t.Errorf("failures %q, want %q", failed, want)
	}
	// Without unmatched patterns the status is 0, failures or not.
	if code := summary(io.Discard, map[string]int64{"weburl/read.failures": 3, "weburl/parse.failures": 2}, 0); code != 0 {
		t.Errorf("exit status %d with failures of lines, want 0", code)
	}
}

// The help gives each flag's default.
func TestUsage(t *testing.T) {
	var b strings.Builder
	usage(&b)
	for _, want := range []string{
		"--profile\n\tcanon and dedup: the canonical form, crawler (canon.Crawler) or whatwg (the href) (default crawler)\n",
		"(default text)\n", "(default 1)\n", "(default text, json for --step links)\n", "--step\n\tthe step: parse, resolve, canon, surt, dedup, hosts or links (needed)\n",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("usage lacks %q:\n%s", want, b.String())
		}
	}
}
