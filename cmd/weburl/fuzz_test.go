package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// fuzzModes are the command lines FuzzRun feeds: tmpl stands for the
// fuzzer's second string, a template, a reference or a value.
var fuzzModes = []struct {
	args func(tmpl string) []string
	// perLine: with -json, one line of output per line of input.
	perLine bool
	// usage: the flags may be bad (the fuzzer's template), exit status 2.
	usage bool
}{
	{args: func(string) []string { return []string{"-json"} }, perLine: true},
	{args: func(string) []string { return []string{"-json", "-surt", "-display"} }, perLine: true},
	{args: func(string) []string { return []string{"-validate"} }},
	{args: func(string) []string { return []string{"-validate", "-json"} }, perLine: true},
	{args: func(t string) []string { return []string{"-get", t} }, usage: true},
	{args: func(t string) []string { return []string{"-urlencode", "-g", t} }, usage: true},
	{args: func(t string) []string {
		return []string{"-base", "https://user:pw@example.com/a/b?q#f", "-redirect", t, "-json"}
	}, perLine: true},
	{args: func(t string) []string {
		return []string{"-canon", "crawler", "-trim", "query=utm_*", "-a", "path=" + t, "-append", "query=" + t, "-query-strip-empty"}
	}},
	{args: func(t string) []string { return []string{"-s", "search=" + t, "-set", "hash=" + t, "-verify"} }},
	{args: func(string) []string { return []string{"-match", "https://*.example.com/:p*", "-json"} }},
	{args: func(string) []string { return []string{"-encoding", "shift_jis", "-json"} }, perLine: true},
	{args: func(string) []string { return []string{"data-url", "-json"} }, perLine: true},
	{args: func(string) []string { return []string{"data-url"} }},
	{args: func(string) []string { return []string{"links", "-base", "https://example.com/", "-json", "-"} }},
}

// FuzzRun runs the command in process on any input, on standard input
// and as arguments: it never panics, exits 0 or 1 (2 only for a bad flag
// value of the fuzzer's), and with -json writes one JSON object per
// input line.
func FuzzRun(f *testing.F) {
	for _, s := range []struct {
		in, tmpl string
		mode     uint8
	}{
		{"https://user:pw@example.com:8080/a%20b?q=1&q=%00#f\nnope\n\n", "{path} {:query:q}", 4},
		{"http://[::1\r\n\uFEFFhttps://x/", "{must:fragment}{default:url}", 5},
		{"https://e.com/a%0A", `{idn:url}\t{query-all:}`, 4},
		{"../x\n?y\n#z", "../../r?%", 6},
		{"https://e.com/?utm_source=1&&a", "é/%2e%2E", 7},
		{"data:,x\ndata:;base64,YQ\ndata:text/html\n", "", 11},
		{"data:text/plain;a=\"b\\\";c,%FF", "", 12},
		{`<a href="a.html"><img srcset="x 1x, y 2x">`, "", 13},
		{"https://www.example.com/x/y\n", "", 9},
		{"https://e.jp/?q=日本\n", "?", 10},
		{strings.Repeat("%", 300) + "\n" + strings.Repeat("&", 300), "{query}{path}", 0},
	} {
		f.Add(s.in, s.tmpl, s.mode)
	}
	f.Fuzz(func(t *testing.T, in, tmpl string, mode uint8) {
		m := fuzzModes[int(mode)%len(fuzzModes)]
		args := m.args(tmpl)
		var out, errOut bytes.Buffer
		code := run(args, strings.NewReader(in), &out, &errOut)
		if code == exitUsage && m.usage {
			return
		}
		if code != exitOK && code != exitFailed {
			t.Fatalf("%q on %q: status %d, stderr %q", args, in, code, errOut.String())
		}
		if m.perLine {
			lines := strings.Count(in, "\n")
			if in != "" && !strings.HasSuffix(in, "\n") {
				lines++
			}
			got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
			if out.Len() == 0 {
				got = nil
			}
			if len(got) != lines {
				t.Fatalf("%q on %q: %d lines of output for %d lines of input: %q", args, in, len(got), lines, out.String())
			}
			for _, l := range got {
				if !json.Valid([]byte(l)) {
					t.Fatalf("%q on %q: not JSON: %q", args, in, l)
				}
			}
		}
		// The lines as arguments, after "--": URLs however they look (but
		// for links, whose argument is a file to read).
		if args[0] == "links" {
			return
		}
		args = append(args, "--")
		args = append(args, strings.Split(in, "\n")...)
		out.Reset()
		errOut.Reset()
		if code := run(args, strings.NewReader(""), &out, &errOut); code != exitOK && code != exitFailed && !(code == exitUsage && m.usage) {
			t.Fatalf("%q: status %d, stderr %q", args, code, errOut.String())
		}
	})
}
