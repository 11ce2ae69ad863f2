package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/weburl/weburl/internal/wptdata"
)

// WPT's data: URL vectors (testdata/fetch/data-urls.tsv) through the
// command: each input an argument, -json, and the MIME type and body WPT
// expects, or an error object and the input's number on standard error
// where WPT expects a network error.
func TestDataURLWPT(t *testing.T) {
	lines, err := wptdata.Read(filepath.Join("..", "..", "testdata", "fetch", "data-urls.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) != 78 {
		t.Fatalf("%d cases, want 78", len(lines))
	}
	args := []string{"data-url", "-json", "--"}
	for _, l := range lines {
		args = append(args, l.Fields[0].String())
	}
	code, out, errOut := runCmd(t, "", args...)
	if code != exitFailed { // some cases are network errors
		t.Errorf("status %d, want %d", code, exitFailed)
	}
	got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(got) != len(lines) {
		t.Fatalf("%d lines of output for %d inputs", len(got), len(lines))
	}
	failures := 0
	for i, l := range lines {
		var j struct {
			dataURLJSON
			Error string `json:"error"`
		}
		if err := json.Unmarshal([]byte(got[i]), &j); err != nil {
			t.Fatalf("line %d: %v: %s", i+1, err, got[i])
		}
		input, typ := l.Fields[0].String(), l.Fields[1].Value
		if j.Input != input {
			t.Errorf("data-urls.tsv:%d: input %q, want %q", l.N, j.Input, input)
		}
		if typ == nil {
			failures++
			if j.Error == "" || !strings.Contains(errOut, "weburl data-url: argument "+strconv.Itoa(i+1)+": ") {
				t.Errorf("data-urls.tsv:%d: %q gives %s; want a failure, said on stderr", l.N, input, got[i])
			}
			continue
		}
		body := l.Fields[2].String()
		if j.Error != "" || j.MIMEType != *typ || string(j.Body) != body || j.Length != len(body) {
			t.Errorf("data-urls.tsv:%d: %q gives %s; want type %q, body %q", l.N, input, got[i], *typ, body)
		}
	}
	if n := strings.Count(errOut, "\n"); n != failures {
		t.Errorf("%d lines on stderr for %d failures: %q", n, failures, errOut)
	}
}

func TestDataURL(t *testing.T) {
	// Plain output: type, tab, length. By Fetch's data: URL processor
	// the fragment is no part of the body (step 2 serializes the URL
	// without it) and a type that does not parse is
	// text/plain;charset=US-ASCII (step 14); and a parameter
	// without "=" is left out (MIME Sniffing, parse a MIME type, step
	// 11.6: ";utf8" ends the input before a value).
	code, out, errOut := runCmd(t, "", "data-url", "data:,a%20b#frag", "data:image/svg+xml;utf8,<svg/>", "data:x,", "data:;charset=UTF-8,é")
	want := "text/plain;charset=US-ASCII\t3\nimage/svg+xml\t6\ntext/plain;charset=US-ASCII\t0\ntext/plain;charset=UTF-8\t2\n"
	if code != 0 || out != want || errOut != "" {
		t.Errorf("status %d, stdout %q, want %q; stderr %q", code, out, want, errOut)
	}
	// Parameters keep their order, as the MIME type's ordered map does;
	// the first of a repeated name wins (MIME Sniffing, parse a MIME type,
	// step 11.10).
	_, out, _ = runCmd(t, "", "data-url", "-json", `data:Text/Plain;B=2;a="1;x";b=3,`)
	if want := `"mimeType":"text/plain;b=2;a=\"1;x\"","essence":"text/plain","parameters":{"b":"2","a":"1;x"},"length":0,"body":""`; !strings.Contains(out, want) {
		t.Errorf("-json: %s; want %s", out, want)
	}
	// A value is written as the rest of the line is: < > & as they are,
	// and a value that equals its name is still a value.
	_, out, _ = runCmd(t, "", "data-url", "-json", `data:text/plain;x=x;y="<a&b>",`)
	if want := `"parameters":{"x":"x","y":"<a&b>"}`; !strings.Contains(out, want) {
		t.Errorf("-json: %s; want %s", out, want)
	}
	// From standard input: blank lines are skipped (with -json, an
	// object of their own), failures name the line and the step.
	code, out, errOut = runCmd(t, "data:,x\n\ndata:text/html\nnope\n", "data-url")
	if code != exitFailed || out != "text/plain;charset=US-ASCII\t1\n" {
		t.Errorf("stdin: status %d, stdout %q", code, out)
	}
	for _, want := range []string{
		"weburl data-url: line 3: process \"data:text/html\": no U+002C (,) follows the MIME type\n",
		"weburl data-url: line 4: parse \"nope\": missing-scheme-non-relative-URL (a relative reference, no data: URL)\n",
	} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr %q lacks %q", errOut, want)
		}
	}
	_, out, _ = runCmd(t, "data:,x\n \n", "data-url", "-json", "-")
	if lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n"); len(lines) != 2 || lines[1] != `{"input":" ","error":"blank line: no URL"}` {
		t.Errorf("-json blank line: %q", out)
	}
}

func TestDataURLOutputFile(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "body.png")
	// The eight bytes of the PNG signature (PNG §5.2).
	code, out, errOut := runCmd(t, "", "data-url", "-o", file, "data:image/png;base64,iVBO Rw0K\nGgo")
	if b, err := os.ReadFile(file); err != nil || string(b) != "\x89PNG\r\n\x1a\n" || code != 0 || out != "image/png\t8\n" {
		t.Errorf("-o FILE: %q, %v; status %d, stdout %q, stderr %q", b, err, code, out, errOut)
	}
	// -o -: the body alone on standard output.
	if code, out, _ := runCmd(t, "", "data-url", "-o", "-", "data:,a%00b"); code != 0 || out != "a\x00b" {
		t.Errorf("-o -: status %d, stdout %q", code, out)
	}
	// A URL that fails writes no file.
	missing := filepath.Join(dir, "none")
	if code, _, _ := runCmd(t, "", "data-url", "-o", missing, "data:;base64,A"); code != exitFailed {
		t.Errorf("bad base64 with -o: status %d", code)
	}
	if _, err := os.Stat(missing); !os.IsNotExist(err) {
		t.Errorf("a failed URL wrote %s: %v", missing, err)
	}
	if code, _, errOut := runCmd(t, "", "data-url", "-o", filepath.Join(dir, "no", "such", "dir"), "data:,x"); code != exitFailed || !strings.Contains(errOut, "weburl data-url: -o: open ") {
		t.Errorf("unwritable -o: status %d, stderr %q", code, errOut)
	}
	for _, args := range [][]string{
		{"data-url", "-o", file, "data:,a", "data:,b"},
		{"data-url", "-o", file, "-"},
		{"data-url", "-o", file},
		{"data-url", "-o", "-", "-json", "data:,a"},
		{"data-url", "-nope"},
	} {
		if code, out, errOut := runCmd(t, "", args...); code != exitUsage || out != "" || !strings.Contains(errOut, "run weburl data-url -h") {
			t.Errorf("%q: status %d, stdout %q, stderr %q; want a usage error", args, code, out, errOut)
		}
	}
}

// On a terminal with no URL arguments, data-url prints its usage and
// does not wait.
func TestDataURLTerminal(t *testing.T) {
	zero, err := os.Open("/dev/zero") // a character device, as a terminal is
	if err != nil {
		t.Skipf("no /dev/zero to stand for a terminal: %v", err)
	}
	defer zero.Close()
	if !isTerminal(zero) {
		t.Fatal("/dev/zero is no terminal to isTerminal: reading it would never end")
	}
	var out, errOut strings.Builder
	if code := run([]string{"data-url"}, zero, &out, &errOut); code != exitUsage || out.Len() != 0 || !strings.HasPrefix(errOut.String(), "usage: weburl data-url ") {
		t.Errorf("status %d, stdout %q, stderr %q", code, out.String(), errOut.String())
	}
}
