package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestRunArguments(t *testing.T) {
	var out, errOut bytes.Buffer
	code := run([]string{"HTTPS://EXAMPLE.com/a/../b", "http://[::1"}, nil, &out, &errOut)
	if code != 1 {
		t.Errorf("exit status %d, want 1 (one input failed)", code)
	}
	if got := out.String(); got != "https://example.com/b\n" {
		t.Errorf("stdout %q", got)
	}
	if got := errOut.String(); !strings.Contains(got, "argument 2") || !strings.Contains(got, "IPv6-unclosed") {
		t.Errorf("stderr %q, want argument number and reason", got)
	}
}

func TestRunStdinWithBase(t *testing.T) {
	in := strings.NewReader("../c\r\n?q=1\nhttp://a b/\n#f")
	var out, errOut bytes.Buffer
	code := run([]string{"-base", "https://example.org/a/b"}, in, &out, &errOut)
	if code != 1 {
		t.Errorf("exit status %d, want 1", code)
	}
	want := "https://example.org/c\nhttps://example.org/a/b?q=1\nhttps://example.org/a/b#f\n"
	if out.String() != want {
		t.Errorf("stdout %q, want %q", out.String(), want)
	}
	if !strings.Contains(errOut.String(), "line 3") {
		t.Errorf("stderr %q, want line 3", errOut.String())
	}
}

func TestRunJSON(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"-json", "https://user:pw@example.com:8080/p?q#h"}, nil, &out, &errOut); code != 0 {
		t.Fatalf("exit status %d: %s", code, errOut.String())
	}
	var got components
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	want := components{
		Href: "https://user:pw@example.com:8080/p?q#h", Origin: "https://example.com:8080",
		Protocol: "https:", Username: "user", Password: "pw", Host: "example.com:8080",
		Hostname: "example.com", Port: "8080", Pathname: "/p", Search: "?q", Hash: "#h",
	}
	if got != want {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
}

func TestRunBadBase(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"-base", "nope", "x"}, nil, &out, &errOut); code != 2 {
		t.Errorf("exit status %d, want 2", code)
	}
}
