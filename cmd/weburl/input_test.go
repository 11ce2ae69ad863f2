package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// With standard input a pipe kept open, each line's answer comes out
// before the next line is written: the test writes a line, reads its
// answer, and only then writes the next. If the command waited for more
// input before writing, the test would block, and go test's -timeout
// would end it.
func TestAnswersEachLineAsItArrives(t *testing.T) {
	for _, args := range [][]string{{"-get", "{host}"}, {"-get", "{host}", "-"}, {"-url-file", "-", "-get", "{host}"}} {
		inR, inW := io.Pipe()
		outR, outW := io.Pipe()
		done := make(chan int, 1)
		go func() {
			code := run(args, inR, outW, io.Discard)
			outW.Close()
			done <- code
		}()
		answers := bufio.NewReader(outR)
		for _, c := range []struct{ write, want string }{
			{"https://a.example/\n", "a.example\n"},
			// Two lines at once, the second unfinished: the first is
			// answered while the command waits for the rest of the second.
			{"https://b.example/\nhttps://c.exa", "b.example\n"},
			{"mple/\n", "c.example\n"},
			{"\n", ""}, // a blank line: no answer, nothing to wait for
			{"https://d.example/\r\n", "d.example\n"},
		} {
			if _, err := io.WriteString(inW, c.write); err != nil {
				t.Fatal(err)
			}
			if c.want == "" {
				continue
			}
			got, err := answers.ReadString('\n')
			if err != nil || got != c.want {
				t.Fatalf("%q: after writing %q, read %q, %v; want %q", args, c.write, got, err, c.want)
			}
		}
		inW.Close()
		if rest, _ := io.ReadAll(answers); len(rest) != 0 {
			t.Errorf("%q: more output %q", args, rest)
		}
		if code := <-done; code != 0 {
			t.Errorf("%q: status %d", args, code)
		}
	}
}

// countingWriter counts the writes it is given.
type countingWriter struct {
	writes, bytes int
}

func (w *countingWriter) Write(p []byte) (int, error) {
	w.writes++
	w.bytes += len(p)
	return len(p), nil
}

// On a big input that is all there, answers are written in big blocks,
// not a write per line.
func TestBigInputWritesInBlocks(t *testing.T) {
	var in strings.Builder
	const lines = 20000
	for i := range lines {
		fmt.Fprintf(&in, "https://example.com/%d\n", i)
	}
	var out countingWriter
	if code := run(nil, strings.NewReader(in.String()), &out, io.Discard); code != 0 {
		t.Fatalf("status %d", code)
	}
	if out.bytes != in.Len() {
		t.Errorf("%d bytes out, want %d", out.bytes, in.Len())
	}
	// 470 KB in and out: about 8 reads of 64 KiB and 8 full buffers.
	if out.writes > 20 {
		t.Errorf("%d writes for %d lines, want a few big ones", out.writes, lines)
	}
}

// "-" among the arguments reads standard input there, in order.
func TestDashIsStandardInput(t *testing.T) {
	code, out, errOut := runCmd(t, "https://c.example/\nnope\n", "https://a.example/", "-", "https://b.example/", "http://[")
	if want := "https://a.example/\nhttps://c.example/\nhttps://b.example/\n"; out != want || code != 1 {
		t.Errorf("status %d, stdout %q, want %q", code, out, want)
	}
	if !strings.Contains(errOut, "weburl: line 2: parse \"nope\"") || !strings.Contains(errOut, "weburl: argument 4: parse \"http://[\"") {
		t.Errorf("stderr %q", errOut)
	}
	// After "--" a "-" is standard input still: it is no flag.
	if _, out, _ := runCmd(t, "https://c.example/\n", "--", "-"); out != "https://c.example/\n" {
		t.Errorf("-- -: %q", out)
	}
}

// Without URLs, on a terminal, the command prints its usage and does not
// wait; /dev/null and pipes are read.
func TestTerminalGetsUsage(t *testing.T) {
	// /dev/zero is a character device, as a terminal is.
	zero, err := os.Open("/dev/zero")
	if err != nil {
		t.Skipf("no /dev/zero to stand for a terminal: %v", err)
	}
	defer zero.Close()
	null, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer pr.Close()
	defer pw.Close()
	for _, c := range []struct {
		name string
		r    io.Reader
		want bool
	}{
		{"/dev/zero", zero, true}, {"/dev/null", null, false}, {"a pipe", pr, false}, {"a string", strings.NewReader(""), false},
	} {
		if got := isTerminal(c.r); got != c.want {
			t.Fatalf("isTerminal(%s) = %v, want %v", c.name, got, c.want)
		}
	}
	// Checked above, so this cannot read /dev/zero forever.
	var out, errOut strings.Builder
	if code := run(nil, zero, &out, &errOut); code != exitUsage || out.Len() != 0 || !strings.HasPrefix(errOut.String(), "usage: weburl") {
		t.Errorf("on a terminal: status %d, stdout %q, stderr %.80q", code, out.String(), errOut.String())
	}
	// With URLs, or from /dev/null, no usage.
	out.Reset()
	errOut.Reset()
	if code := run([]string{"https://a.example/"}, zero, &out, &errOut); code != 0 || out.String() != "https://a.example/\n" {
		t.Errorf("argument on a terminal: status %d, stdout %q, stderr %q", code, out.String(), errOut.String())
	}
	if code := run(nil, null, &out, &errOut); code != 0 {
		t.Errorf("/dev/null: status %d, stderr %q", code, errOut.String())
	}
}

func TestURLFile(t *testing.T) {
	dir := t.TempDir()
	list := filepath.Join(dir, "urls.txt")
	if err := os.WriteFile(list, []byte("\uFEFFhttps://a.example/x\r\n\nhttp://[::1\nhttps://b.example/y"), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing.txt")
	code, out, errOut := runCmd(t, "https://c.example/\n", "-get", "{host}{path}", "https://z.example/",
		"-url-file", list, "-url-file", missing, "-url-file", "-")
	// Arguments first, then the files in order.
	if want := "z.example/\na.example/x\nb.example/y\nc.example/\n"; out != want {
		t.Errorf("stdout %q, want %q", out, want)
	}
	if code != 1 {
		t.Errorf("status %d, want 1", code)
	}
	for _, want := range []string{
		"weburl: " + list + " line 3: parse \"http://[::1\": IPv6-unclosed\n",
		"weburl: -url-file: open " + missing + ": ",
	} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr %q lacks %q", errOut, want)
		}
	}
}

func TestQuiet(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := runCmd(t, "nope\nhttps://a.example/\n", "-quiet", "-url-file", filepath.Join(dir, "missing"), "-")
	if code != 1 || out != "https://a.example/\n" || errOut != "" {
		t.Errorf("status %d (want 1), stdout %q, stderr %q (want none)", code, out, errOut)
	}
	// Usage errors are still said: -quiet is about inputs.
	if code, _, errOut := runCmd(t, "", "-quiet", "-nope"); code != 2 || errOut == "" {
		t.Errorf("usage error: status %d, stderr %q", code, errOut)
	}
}

func TestLinksWithoutBase(t *testing.T) {
	dir := t.TempDir()
	rel := filepath.Join(dir, "rel.html")
	if err := os.WriteFile(rel, []byte(`<a href="a.html">a</a><img src="/i.png"><a href="https://x.example/">x</a>`), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCmd(t, "", "links", rel)
	if code != 1 || out != "https://x.example/\n" {
		t.Errorf("status %d, stdout %q", code, out)
	}
	if want := "weburl links: <a href=\"a.html\">: parse \"a.html\": missing-scheme-non-relative-URL (a relative reference: pass -base with a URL to resolve it against)\n"; !strings.HasPrefix(errOut, want) {
		t.Errorf("stderr %q, want it to start with %q", errOut, want)
	}
	if want := "weburl links: " + rel + ": 2 relative links and no base URL to resolve against: pass -base with the page's URL\n"; !strings.HasSuffix(errOut, want) {
		t.Errorf("stderr %q, want it to end with %q", errOut, want)
	}
	// With -base, or a <base> that is absolute, no hint.
	for _, c := range []struct{ page, base string }{
		{`<a href="a.html">a</a>`, "https://e.example/"},
		{`<base href="https://e.example/d/"><a href="a.html">a</a>`, ""},
	} {
		if err := os.WriteFile(rel, []byte(c.page), 0o644); err != nil {
			t.Fatal(err)
		}
		args := []string{"links", rel}
		if c.base != "" {
			args = []string{"links", "-base", c.base, rel}
		}
		if code, _, errOut := runCmd(t, "", args...); code != 0 || errOut != "" {
			t.Errorf("%q: status %d, stderr %q", c.page, code, errOut)
		}
	}
}

// A relative reference without -base: the spec's error name, and what to
// pass (the library's message speaks of base.Parse, for Go callers).
func TestRelativeSaysBase(t *testing.T) {
	code, out, errOut := runCmd(t, "", "-json", "/a/b")
	want := "missing-scheme-non-relative-URL (a relative reference: pass -base with a URL to resolve it against)"
	if code != 1 || !strings.Contains(out, want) || errOut != "weburl: argument 1: parse \"/a/b\": "+want+"\n" {
		t.Errorf("status %d, stdout %q, stderr %q", code, out, errOut)
	}
	// With -base, and a base with an opaque path, the library's words.
	_, _, errOut = runCmd(t, "", "-base", "mailto:a@example.com", "x")
	if !strings.Contains(errOut, "only a fragment") {
		t.Errorf("opaque base: stderr %q", errOut)
	}
}
