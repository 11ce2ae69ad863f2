package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestRunMatch(t *testing.T) {
	in := strings.NewReader("https://a.example.com/docs/x\nhttps://example.org/\nHTTPS://EXAMPLE.com/docs/a/b?q\nhttp://[\n/docs/rel\n")
	var out, errOut bytes.Buffer
	code := run([]string{"-base", "https://example.com/", "-match", "https://*.example.com/docs/*", "-match", "/docs/:a/:b"}, in, &out, &errOut)
	if code != 1 { // "http://[" fails to parse
		t.Errorf("exit status %d, want 1: %s", code, errOut.String())
	}
	want := "https://a.example.com/docs/x\nhttps://example.com/docs/a/b?q\n"
	if out.String() != want {
		t.Errorf("stdout %q, want %q", out.String(), want)
	}

	out.Reset()
	code = run([]string{"-json", "-match", "https://example.com/docs/:a/:b{/:c}?", "https://example.com/docs/a/b"}, nil, &out, &errOut)
	if code != 0 {
		t.Fatalf("exit status %d", code)
	}
	var got matchResult
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	p := got.Groups["pathname"]
	if got.Pattern != 0 || got.Href != "https://example.com/docs/a/b" || p == nil || p["a"] != "a" || p["b"] != "b" {
		t.Errorf("-json: %s", out.String())
	}
	// The group c took no part in the match: exec() gives it undefined,
	// which JSON.stringify leaves out, and so does -json.
	if _, ok := p["c"]; ok || !strings.Contains(out.String(), `"pathname":{"a":"a","b":"b"}`) {
		t.Errorf("-json: the group that took no part is there: %s", out.String())
	}

	errOut.Reset()
	if code := run([]string{"-match", "https://h/*", "-validate", "x"}, nil, &out, &errOut); code != exitUsage {
		t.Errorf("-match with -validate: exit %d, want %d", code, exitUsage)
	}
	out.Reset()
	if code := run([]string{"-match", "https://h/:p", "-get", "{path}", "https://h/a", "https://h/a/b"}, nil, &out, &errOut); code != 0 || out.String() != "/a\n" {
		t.Errorf("-match with -get: exit %d, stdout %q", code, out.String())
	}
	errOut.Reset()
	if code := run([]string{"-match", "https://h/:id(", "x"}, nil, &out, &errOut); code != exitUsage ||
		!strings.Contains(errOut.String(), "not closed") {
		t.Errorf("bad pattern: exit %d, stderr %q", code, errOut.String())
	}
}
