package weburlbeam

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/passert"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
)

func writeTestFile(t *testing.T, name string, data []byte) {
	t.Helper()
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func gzipped(t *testing.T, s string) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	io.WriteString(zw, s)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestReadURLs reads good and bad files, lines and patterns: every bad
// one is a failure with its reason and place, and the rest is read.
func TestReadURLs(t *testing.T) {
	dir := t.TempDir()
	at := func(name string) string { return filepath.Join(dir, name) }
	writeTestFile(t, at("a.txt"), []byte("\uFEFFhttps://a.example/\r\nhttp://b.example/x\n\n \t\nnot a url\nhttps://c.example/\xff\nhttps://d.example/"))
	writeTestFile(t, at("b.txt.gz"), gzipped(t, "https://e.example/\n"))
	writeTestFile(t, at("c.txt.gz"), []byte("this is no gzip data\n"))
	if err := os.Mkdir(at("d.txt"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeTestFile(t, at("j.jsonl"), []byte(strings.Join([]string{
		`"https://f.example/"`,
		`{"url": "https://g.example/", "other": 1}`,
		`{"href": "https://h.example/"}`,
		`{"x": 1}`,
		`[1]`,
		`"unterminated`,
	}, "\n")))

	p, s := beam.NewPipelineWithRoot()
	lines, readFailures := ReadURLs(s, Text, at("*.txt*"), at("none/*"), "[")
	hrefs, parseFailures := Parse(s, lines)
	passert.Equals(s, hrefs, strs("https://a.example/", "http://b.example/x", "https://d.example/", "https://e.example/")...)
	passert.Equals(s, parseFailures, Failure{Step: "parse", Input: "not a url", Reason: "missing-scheme-non-relative-URL at 0"})
	passert.Equals(s, readFailures,
		Failure{Step: "read", Input: "https://c.example/\xff", Reason: "not UTF-8: byte 0xff at offset 18", Source: at("a.txt") + ":6"},
		Failure{Step: "read", Input: at("c.txt.gz"), Reason: "open: gzip: invalid header"},
		Failure{Step: "read", Input: at("d.txt"), Reason: "read: read " + at("d.txt") + ": is a directory", Source: at("d.txt") + ":1"},
		Failure{Step: "read", Input: at("none/*"), Reason: "no file matches"},
		Failure{Step: "read", Input: "[", Reason: "list: syntax error in pattern"},
	)

	jsonURLs, jsonFailures := ReadURLs(s, JSONLines, at("j.jsonl"))
	passert.Equals(s, jsonURLs, strs("https://f.example/", "https://g.example/", "https://h.example/")...)
	passert.Equals(s, jsonFailures,
		Failure{Step: "read", Input: `{"x": 1}`, Reason: `JSON: no "url" or "href" member`, Source: at("j.jsonl") + ":4"},
		Failure{Step: "read", Input: `[1]`, Reason: "JSON: json: cannot unmarshal array into Go value of type struct { URL *string \"json:\\\"url\\\"\"; Href *string \"json:\\\"href\\\"\" }", Source: at("j.jsonl") + ":5"},
		Failure{Step: "read", Input: `"unterminated`, Reason: "JSON: unexpected end of JSON input", Source: at("j.jsonl") + ":6"},
	)
	ptest.RunAndValidate(t, p)
}

func TestReadRefs(t *testing.T) {
	dir := t.TempDir()
	writeTestFile(t, filepath.Join(dir, "refs.tsv"), []byte("https://example.com/a/\tb\nhttps://example.com/\t../../c?d\nno tab here\n"))
	writeTestFile(t, filepath.Join(dir, "refs.jsonl"), []byte(`{"base": "https://example.com/a/", "ref": "b"}`+"\n"+`{"base": "https://example.com/"}`+"\n"))
	p, s := beam.NewPipelineWithRoot()
	refs, failures := ReadRefs(s, Text, filepath.Join(dir, "refs.tsv"))
	hrefs, _ := Resolve(s, refs)
	passert.Equals(s, hrefs, strs("https://example.com/a/b", "https://example.com/c?d")...)
	passert.Equals(s, failures, Failure{Step: "read", Input: "no tab here", Reason: "no tab between the base and the reference", Source: filepath.Join(dir, "refs.tsv") + ":3"})
	refs, failures = ReadRefs(s, JSONLines, filepath.Join(dir, "refs.jsonl"))
	passert.Equals(s, refs, Ref{Base: "https://example.com/a/", Ref: "b"})
	passert.Equals(s, failures, Failure{Step: "read", Input: `{"base": "https://example.com/"}`, Reason: `JSON: no "base" or no "ref" member`, Source: filepath.Join(dir, "refs.jsonl") + ":2"})
	ptest.RunAndValidate(t, p)
}

// TestReadPagesJSON reads testdata/pages.jsonl: pages as text and as
// base64 bytes, a page that is not HTML, bad JSON, a blank line.
func TestReadPagesJSON(t *testing.T) {
	const name = "testdata/pages.jsonl"
	p, s := beam.NewPipelineWithRoot()
	pages, readFailures := ReadPages(s, JSONLines, name)
	passert.Count(s, pages, "pages", 5)
	links, linkFailures := ExtractLinks(s, pages)
	passert.Equals(s, links,
		Link{Page: "https://example.com/a/", URL: "https://example.com/a/b", Raw: "b", Tag: "a", Attr: "href"},
		Link{Page: "https://example.com/a/", URL: "https://cdn.example.net/i.png", Raw: "//cdn.example.net/i.png", Tag: "img", Attr: "src"},
		// The charset of the content type encodes the query.
		Link{Page: "https://example.com/latin", URL: "https://example.com/latin?q=%E9", Raw: "?q=é", Tag: "a", Attr: "href"},
	)
	passert.Equals(s, readFailures,
		Failure{Step: "read", Input: `{"url": "https://example.com/", "html": `, Reason: "JSON: unexpected end of JSON input", Source: name + ":5"},
		Failure{Step: "read", Input: `{"html": "<a href=x>"}`, Reason: `JSON: no "url" member`, Source: name + ":6"},
	)
	passert.Equals(s, linkFailures,
		Failure{Step: "links", Input: "https://example.com/doc.pdf", Reason: "not HTML: content type application/pdf"},
		Failure{Step: "links", Input: "not a url", Reason: "page URL: missing-scheme-non-relative-URL at 0"},
	)
	ptest.RunAndValidate(t, p)
}

// TestReadPagesHTML reads each file as a page named by its file: URL; a
// file that cannot be read, or is no HTML, fails alone.
func TestReadPagesHTML(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"site.html", "latin1.html", "pixel.png"} {
		writeTestFile(t, filepath.Join(dir, name), readFixture(t, name))
	}
	if err := os.Mkdir(filepath.Join(dir, "folder.html"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "gone"), filepath.Join(dir, "dangling.html")); err != nil {
		t.Fatal(err)
	}
	fileURL := func(name string) string { return "file://" + filepath.ToSlash(filepath.Join(dir, name)) }
	p, s := beam.NewPipelineWithRoot()
	pages, readFailures := ReadPages(s, HTMLFiles, filepath.Join(dir, "*"))
	links, linkFailures := ExtractLinks(s, pages)
	site := fileURL("site.html")
	// site.html's <base href="/docs/"> is the root of the file system.
	want := []any{
		Link{Page: fileURL("latin1.html"), URL: "file:///caf%C3%A9?q=caf%E9", Raw: "/café?q=café", Tag: "a", Attr: "href"},
	}
	for _, l := range siteLinks(site) {
		l := l.(Link)
		if rest, ok := strings.CutPrefix(l.URL, "https://example.com/"); ok {
			l.URL = "file:///" + rest
		}
		want = append(want, l)
	}
	passert.Equals(s, links, want...)
	passert.Equals(s, readFailures,
		Failure{Step: "read", Input: filepath.Join(dir, "folder.html"), Reason: "read: read " + filepath.Join(dir, "folder.html") + ": is a directory"},
		Failure{Step: "read", Input: filepath.Join(dir, "dangling.html"), Reason: "open: open " + filepath.Join(dir, "dangling.html") + ": no such file or directory"},
	)
	passert.Equals(s, linkFailures,
		Failure{Step: "links", Input: "http://[::1", Reason: "IPv6-unclosed at 7", Source: site + " a href"},
		Failure{Step: "links", Input: fileURL("pixel.png"), Reason: "not HTML: content sniffs as image/png"},
	)
	ptest.RunAndValidate(t, p)
}

func TestReadLine(t *testing.T) {
	br := bufio.NewReaderSize(strings.NewReader("short\n"+strings.Repeat("x", 300)+"\nafter\nlast"), 16)
	var got []string
	for {
		line, long, err := readLine(br, nil, 32)
		if len(line) > 0 {
			got = append(got, string(line)+map[bool]string{true: " (long)"}[long])
		}
		if err != nil {
			break
		}
	}
	want := []string{"short\n", strings.Repeat("x", 32) + " (long)", "after\n", "last"}
	if !slices.Equal(got, want) {
		t.Errorf("readLine: got %q, want %q", got, want)
	}
}

// readLines reads a file that a pipeline wrote, sorted.
func readLines(t *testing.T, name string) []string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	if lines[len(lines)-1] != "" {
		t.Errorf("%s does not end in a newline", name)
	}
	lines = lines[:len(lines)-1]
	slices.Sort(lines)
	return lines
}

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	p, s := beam.NewPipelineWithRoot()
	WriteLines(s, filepath.Join(dir, "lines.txt"), beam.Create(s, strs("b", "a", "c")...))
	WriteJSON(s, filepath.Join(dir, "sub", "f.jsonl"), beam.Create(s, Failure{Step: "parse", Input: "x\xff", Reason: "r"}, Failure{Step: "read", Input: "y", Reason: "r", Source: "f:1"}))
	WriteLines(s, filepath.Join(dir, "empty.txt"), beam.CreateList(s, []string{}))
	var many []string
	for i := range 100 {
		many = append(many, fmt.Sprintf("https://example.com/%d", i))
	}
	WriteSharded(s, filepath.Join(dir, "shards", "hrefs.txt"), 4, beam.CreateList(s, many))
	ptest.RunAndValidate(t, p)

	var all []string
	for i := range 4 {
		name := ShardName(filepath.Join(dir, "shards", "hrefs.txt"), i, 4)
		if !strings.HasSuffix(name, fmt.Sprintf("hrefs-%05d-of-00004.txt", i)) {
			t.Errorf("shard %d: %s", i, name)
		}
		lines := readLines(t, name)
		if len(lines) == 0 || len(lines) > 50 {
			t.Errorf("shard %d has %d lines", i, len(lines))
		}
		all = append(all, lines...)
	}
	slices.Sort(all)
	slices.Sort(many)
	if !slices.Equal(all, many) {
		t.Errorf("the shards hold %d lines, want the 100 written", len(all))
	}
	if got := readLines(t, filepath.Join(dir, "lines.txt")); !slices.Equal(got, []string{"a", "b", "c"}) {
		t.Errorf("lines.txt: %q", got)
	}
	want := []string{
		// The invalid byte is U+FFFD, written as the character by any
		// Go release (TestJSONLineReplacement).
		"{\"step\":\"parse\",\"input\":\"x\uFFFD\",\"reason\":\"r\"}",
		`{"step":"read","input":"y","reason":"r","source":"f:1"}`,
	}
	if got := readLines(t, filepath.Join(dir, "sub", "f.jsonl")); !slices.Equal(got, want) {
		t.Errorf("f.jsonl: %q", got)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "empty.txt")); err != nil || len(b) != 0 {
		t.Errorf("empty.txt: %q, %v", b, err)
	}
}

// TestJSONLineReplacement: an invalid UTF-8 byte is U+FFFD, written as
// the character under every Go release (Go 1.26's encoding/json writes
// "\ufffd", Go 1.27's the character); escapes that only look like it stay.
func TestJSONLineReplacement(t *testing.T) {
	for _, c := range []struct{ input, want string }{
		{"a\xffb\xfe\xfd", "{\"step\":\"\",\"input\":\"a\uFFFDb\uFFFD\uFFFD\",\"reason\":\"\"}"}, // one per byte
		{"\uFFFD", "{\"step\":\"\",\"input\":\"\uFFFD\",\"reason\":\"\"}"},                       // valid: as it is
		{`\ufffd`, `{"step":"","input":"\\ufffd","reason":""}`},                                  // six characters, backslash escaped
		{"\\\xff", "{\"step\":\"\",\"input\":\"\\\\\uFFFD\",\"reason\":\"\"}"},                   // an escaped backslash, then the byte
		{"<&>\u2028", `{"step":"","input":"<&>\u2028","reason":""}`},
	} {
		got, err := JSONLine(Failure{Input: c.input})
		if err != nil || got != c.want {
			t.Errorf("JSONLine(%q) = %q, %v; want %q", c.input, got, err, c.want)
		}
	}
}
