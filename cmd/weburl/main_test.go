package main

import (
	"bytes"
	"encoding/json"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/playground"
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
		Input: "https://user:pw@example.com:8080/p?q#h",
		Attributes: playground.Attributes{
			Href: "https://user:pw@example.com:8080/p?q#h", Origin: "https://example.com:8080",
			Protocol: "https:", Username: "user", Password: "pw", Host: "example.com:8080",
			Hostname: "example.com", Port: "8080", Pathname: "/p", Search: "?q", Hash: "#h",
		},
		Params:       []param{{Key: "q", Value: ""}}, // trurl: "thisthen" gives {"key": "thisthen", "value": ""}
		PublicSuffix: new("com"), RegistrableDomain: new("example.com"),
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
}

func TestRunBadBase(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"-base", "nope", "x"}, nil, &out, &errOut); code != 2 {
		t.Errorf("exit status %d, want 2", code)
	}
}

func TestRunValidate(t *testing.T) {
	var out, errOut bytes.Buffer
	code := run([]string{"-validate", "https://example.com/a b", "https://example.com/", "http://[::1"}, nil, &out, &errOut)
	if code != 1 {
		t.Errorf("exit status %d, want 1 (two inputs are not valid URL strings)", code)
	}
	want := "invalid\thttps://example.com/a%20b\tinvalid-URL-unit@21\n" +
		"valid\thttps://example.com/\n" + // no trailing tab without errors
		"invalid\t(failure)\tIPv6-unclosed@7\n"
	if out.String() != want {
		t.Errorf("stdout\n%q\nwant\n%q", out.String(), want)
	}
	if want := "weburl: argument 3: parse \"http://[::1\": IPv6-unclosed\n"; errOut.String() != want {
		t.Errorf("stderr %q, want %q", errOut.String(), want)
	}
}

// -validate's exit status is trurl --verify's: 1 when any input is not a
// valid URL string, though it parses; -verify stops at the first.
func TestRunValidateExit(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		out  string
	}{
		{[]string{"https://example.com/", "https://example.com/a"}, exitOK, "valid\thttps://example.com/\nvalid\thttps://example.com/a\n"},
		{[]string{"https://example.com/a b"}, exitFailed, "invalid\thttps://example.com/a%20b\tinvalid-URL-unit@21\n"},
		{[]string{"-base", "https://h/", `a\b`}, exitFailed, "invalid\thttps://h/a/b\tinvalid-reverse-solidus@1\n"},
		{[]string{"-verify", "https:example.com", "https://example.com/"}, exitFailed, "invalid\thttps://example.com/\tspecial-scheme-missing-following-solidus@6\n"},
		{[]string{"-json", "https://example.com/a b"}, exitFailed, ""},
	} {
		var out, errOut bytes.Buffer
		code := run(append([]string{"-validate"}, c.args...), nil, &out, &errOut)
		if code != c.code || c.out != "" && out.String() != c.out || errOut.Len() != 0 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d, stdout %q, no stderr", c.args, code, out.String(), errOut.String(), c.code, c.out)
		}
	}
}

func TestRunValidateJSON(t *testing.T) {
	var out, errOut bytes.Buffer
	run([]string{"-validate", "-json", "-base", "https://h/", "a\\b", "https://[::1"}, nil, &out, &errOut)
	dec := json.NewDecoder(&out)
	var got []validation
	for dec.More() {
		var v validation
		if err := dec.Decode(&v); err != nil {
			t.Fatal(err)
		}
		got = append(got, v)
	}
	if len(got) != 2 {
		t.Fatalf("%d objects, want 2", len(got))
	}
	first := got[0]
	if first.Href != "https://h/a/b" || first.Valid || len(first.ValidationErrors) != 1 ||
		first.ValidationErrors[0] != (validationError{"invalid-reverse-solidus", 1}) {
		t.Errorf("first object %+v", first)
	}
	if second := got[1]; second.Failure != "IPv6-unclosed" || second.Href != "" || second.Valid {
		t.Errorf("second object %+v", second)
	}
}

func TestRunVersion(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"-version"}, nil, &out, &errOut); code != 0 || errOut.Len() != 0 {
		t.Fatalf("exit status %d, stderr %q", code, errOut.String())
	}
	got := out.String()
	want := " " + runtime.Version() + " unicode/" + weburl.UnicodeVersion + "\n"
	if !strings.HasPrefix(got, "weburl ") || !strings.HasSuffix(got, want) || strings.Count(got, "\n") != 1 {
		t.Errorf("-version printed %q, want weburl, a version, and %q", got, want)
	}
}

func TestRunEncoding(t *testing.T) {
	// 日 is 93 FA in Shift_JIS, 本 96 7B; € has no pointer. Labels are
	// the Encoding Standard's, in any case, trimmed; latin1 is
	// windows-1252, where é is E9. The path and ws: stay UTF-8.
	for _, c := range []struct{ label, in, want string }{
		{"shift_jis", "https://example.jp/\u65e5?\u65e5\u672c\u20ac", "https://example.jp/%E6%97%A5?%93%FA%96{%26%238364%3B"},
		{" SJIS ", "ws://example.jp/?\u65e5", "ws://example.jp/?%E6%97%A5"},
		{"Latin1", "http://h/?caf\u00e9", "http://h/?caf%E9"},
		{"utf-16le", "http://h/?caf\u00e9", "http://h/?caf%C3%A9"},
	} {
		var out, errOut bytes.Buffer
		if code := run([]string{"-encoding", c.label, c.in}, nil, &out, &errOut); code != 0 {
			t.Errorf("%q: exit status %d: %s", c.label, code, errOut.String())
		}
		if got := out.String(); got != c.want+"\n" {
			t.Errorf("%q %q: stdout %q, want %q", c.label, c.in, got, c.want)
		}
	}
	// A label that is not in the Encoding Standard's table (UTF-32 is
	// IANA's, not the standard's) is a usage error that names it.
	for _, label := range []string{"utf-32", "latin 1", "nope"} {
		var out, errOut bytes.Buffer
		if code := run([]string{"-encoding", label, "http://h/"}, nil, &out, &errOut); code != 2 {
			t.Errorf("%q: exit status %d, want 2", label, code)
		}
		if !strings.Contains(errOut.String(), `"`+label+`"`) || out.Len() != 0 {
			t.Errorf("%q: stderr %q, stdout %q", label, errOut.String(), out.String())
		}
	}
}
