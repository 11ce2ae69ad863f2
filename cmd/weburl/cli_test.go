package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runCmd runs the command with args and stdin, and returns its exit
// status, stdout and stderr.
func runCmd(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestGetTemplate(t *testing.T) {
	const u = "https://user:pw@EXAMPLE.co.uk:8080/a/b?x=1&y=%20z+w&x=2#frag"
	for _, c := range []struct{ tmpl, want string }{
		{"{host}", "example.co.uk"},
		{"{hostport}", "example.co.uk:8080"},
		{"{scheme} {protocol}", "https https:"},
		{"{port} {default-port}", "8080 8080"},
		{"{path}", "/a/b"},
		{"{query}", "x=1&y= z+w&x=2"}, // trurl's {query}: decoded, "+" as it is
		{"{:query}", "x=1&y=%20z+w&x=2"},
		{"{search}", "?x=1&y=%20z+w&x=2"},
		{"{query:y}", "  z w"[1:]}, // decoded as form data: " z w"
		{"{query:x}", "1"},
		{"{query-all:x}", "1 2"},
		{"{query:none}", ""},
		{"{fragment} {hash}", "frag #frag"},
		{"{origin}", "https://example.co.uk:8080"},
		{"{user}:{password}", "user:pw"},
		{"{registrable-domain} {public-suffix}", "example.co.uk co.uk"},
		{"{{{host}}}", "{example.co.uk}"},
		{"host={host};", "host=example.co.uk;"},
		{"{surt}", "uk,co,example:8080)/a/b?x=1&x=2&y=%20z+w"},
	} {
		code, out, errOut := runCmd(t, "", "-get", c.tmpl, u)
		if code != 0 || out != c.want+"\n" {
			t.Errorf("-get %q: status %d, stdout %q (want %q), stderr %q", c.tmpl, code, out, c.want, errOut)
		}
	}
	// The default port of a special scheme; none for others.
	if _, out, _ := runCmd(t, "", "-get", "[{port}][{default-port}]", "https://e.com/", "sc://h/"); out != "[][443]\n[][]\n" {
		t.Errorf("default ports: %q", out)
	}
	for _, bad := range []string{"{nope}", "{host", "a}b", "{query}x}"} {
		if code, _, errOut := runCmd(t, "", "-get", bad, u); code != 2 || !strings.Contains(errOut, "-get") {
			t.Errorf("-get %q: status %d, stderr %q; want a usage error", bad, code, errOut)
		}
	}
}

func TestSet(t *testing.T) {
	code, out, errOut := runCmd(t, "", "-set", "host=example.org", "-set", "pathname=/x y", "-set", "hash=",
		"-set", "search=?q=1", "https://example.com/a#f")
	if code != 0 || out != "https://example.org/x%20y?q=1\n" {
		t.Errorf("status %d, stdout %q, stderr %q", code, out, errOut)
	}
	// A value the setter refuses fails the line, with the attribute and
	// the reason; the other lines go on.
	code, out, errOut = runCmd(t, "https://a.com/\nhttps://b.com/\n", "-set", "host=[::1")
	if code != 1 || out != "" || strings.Count(errOut, "IPv6-unclosed") != 2 || !strings.Contains(errOut, "set host") {
		t.Errorf("status %d, stdout %q, stderr %q", code, out, errOut)
	}
	for _, bad := range []string{"nope=1", "host"} {
		if code, _, errOut := runCmd(t, "", "-set", bad, "https://a.com/"); code != 2 || !strings.Contains(errOut, "-set") {
			t.Errorf("-set %q: status %d, stderr %q; want a usage error", bad, code, errOut)
		}
	}
}

func TestCanonAndSortQuery(t *testing.T) {
	const u = "https://www.example.com/%7Ea/?b=2&a=1&utm_source=x#top"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-sort-query"}, "https://www.example.com/%7Ea/?a=1&b=2&utm_source=x#top"},
		{[]string{"-canon", "whatwg"}, u},
		{[]string{"-canon", "crawler"}, "https://example.com/~a/?a=1&b=2"},
		{[]string{"-sort-query", "-set", "search=?y=%20z+w&x=/"}, "https://www.example.com/%7Ea/?x=/&y=%20z+w#top"},
		{[]string{"-surt"}, "com,example)/~a?a=1&b=2&utm_source=x"},
	} {
		args := append(c.args, u)
		if code, out, errOut := runCmd(t, "", args...); code != 0 || out != c.want+"\n" {
			t.Errorf("%q: status %d, stdout %q (want %q), stderr %q", c.args, code, out, c.want, errOut)
		}
	}
	if code, _, errOut := runCmd(t, "", "-canon", "google", u); code != 2 || !strings.Contains(errOut, "unknown profile") {
		t.Errorf("-canon google: status %d, stderr %q", code, errOut)
	}
}

// -json writes one object per input line, blank and failed lines too,
// so that output lines follow input lines.
func TestJSONStaysAligned(t *testing.T) {
	in := "\uFEFFhttps://a.com/\n\nhttp://[::1\n   \nhttps://b.com/x\r\n"
	code, out, errOut := runCmd(t, in, "-json")
	if code != 1 {
		t.Errorf("status %d, want 1 (one line failed; blank lines are no failure)", code)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 5 {
		t.Fatalf("%d output lines, want 5, one per input line: %q", len(lines), out)
	}
	got := make([]map[string]any, len(lines))
	for i := range lines {
		if err := json.Unmarshal([]byte(lines[i]), &got[i]); err != nil {
			t.Fatal(err)
		}
	}
	if got[0]["input"] != "https://a.com/" || got[0]["href"] != "https://a.com/" {
		t.Errorf("line 1 %v: the byte order mark must be dropped", got[0])
	}
	if got[1]["input"] != "" || got[1]["error"] != "blank line: no URL" || got[1]["href"] != nil {
		t.Errorf("line 2 (blank) %v", got[1])
	}
	if got[2]["input"] != "http://[::1" || got[2]["error"] != `parse "http://[::1": IPv6-unclosed` || got[2]["href"] != nil {
		t.Errorf("line 3 %v", got[2])
	}
	if got[3]["input"] != "   " || got[3]["error"] != "blank line: no URL" {
		t.Errorf("line 4 (spaces) %v", got[3])
	}
	if got[4]["input"] != "https://b.com/x" {
		t.Errorf("line 5 %v", got[4])
	}
	if errOut != "weburl: line 3: parse \"http://[::1\": IPv6-unclosed\n" {
		t.Errorf("stderr %q, want the failing line's number (3: blank lines count) alone", errOut)
	}
	// With -validate too.
	_, out, _ = runCmd(t, "https://a.com/\n\n", "-json", "-validate")
	if lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n"); len(lines) != 2 || lines[1] != `{"input":"","error":"blank line: no URL"}` {
		t.Errorf("-json -validate: %q", out)
	}
	// Without -json, blank lines give no output.
	if _, out, _ := runCmd(t, "https://a.com/\n\n \nhttps://b.com/\n"); out != "https://a.com/\nhttps://b.com/\n" {
		t.Errorf("blank lines: %q", out)
	}
}

func TestFlagsAfterURLs(t *testing.T) {
	code, out, _ := runCmd(t, "", "https://a.com/x", "-get", "{path}", "https://b.com/y")
	if code != 0 || out != "/x\n/y\n" {
		t.Errorf("status %d, stdout %q", code, out)
	}
	// After "--" everything is a URL, even what looks like a flag.
	code, out, errOut := runCmd(t, "", "-json", "--", "-get")
	if code != 1 || !strings.Contains(out, `"input":"-get"`) || !strings.Contains(errOut, "argument 1") {
		t.Errorf("after --: status %d, stdout %q, stderr %q", code, out, errOut)
	}
}

func TestHelpAndUsageErrors(t *testing.T) {
	code, out, errOut := runCmd(t, "", "-h")
	if code != 0 || !strings.Contains(out, "usage: weburl") || !strings.Contains(out, "{query:NAME}") || errOut != "" {
		t.Errorf("-h: status %d, stdout %q, stderr %q", code, out, errOut)
	}
	if code, out, _ := runCmd(t, "", "links", "-h"); code != 0 || !strings.Contains(out, "usage: weburl links") {
		t.Errorf("links -h: status %d, stdout %q", code, out)
	}
	for _, args := range [][]string{
		{"-nope"}, {"-base", "not a url"}, {"-get", "{host}", "-json"}, {"-surt", "-display"},
	} {
		code, out, errOut := runCmd(t, "", append(args, "https://a.com/")...)
		if code != 2 || out != "" || errOut == "" {
			t.Errorf("%q: status %d, stdout %q, stderr %q; want a usage error", args, code, out, errOut)
		}
	}
	// The -base message says weburl once.
	_, _, errOut = runCmd(t, "", "-base", "nope", "x")
	if strings.Count(errOut, "weburl") != 1 || !strings.Contains(errOut, "missing-scheme-non-relative-URL") {
		t.Errorf("-base error %q", errOut)
	}
}

func TestExitStatus(t *testing.T) {
	if code, _, _ := runCmd(t, "https://a.com/\n"); code != 0 {
		t.Errorf("all parsed: status %d, want 0", code)
	}
	if code, _, _ := runCmd(t, "https://a.com/\nnope\n"); code != 1 {
		t.Errorf("one failed: status %d, want 1", code)
	}
	if code, _, _ := runCmd(t, ""); code != 0 {
		t.Errorf("empty input: status %d, want 0", code)
	}
}

func TestLinks(t *testing.T) {
	page := `<!doctype html><html><head><base href="/dir/"></head><body>
<a href="a.html">a</a> <img src=" img.png " srcset="x1.png 1x, x2.png 2x">
<a href="http://[::1">bad</a> <form action="?q=テスト"></form></body></html>`
	path := filepath.Join(t.TempDir(), "page.html")
	if err := os.WriteFile(path, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCmd(t, "", "links", "-base", "https://example.com/p/index.html", path)
	want := "https://example.com/dir/a.html\nhttps://example.com/dir/img.png\nhttps://example.com/dir/x1.png\n" +
		"https://example.com/dir/x2.png\nhttps://example.com/dir/?q=%E3%83%86%E3%82%B9%E3%83%88\n"
	if code != 1 || out != want || !strings.Contains(errOut, "IPv6-unclosed") {
		t.Errorf("status %d (want 1: one link failed)\nstdout %q\nwant   %q\nstderr %q", code, out, want, errOut)
	}
	// From standard input, as JSON, in a legacy encoding.
	sjis := "<a href=\"/s?q=\x83e\x83X\x83g\">x</a>" // テスト in Shift_JIS
	code, out, errOut = runCmd(t, sjis, "links", "-json", "-content-type", "text/html; charset=shift_jis", "-base", "https://e.jp/", "-")
	var got linkJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil || code != 0 {
		t.Fatalf("status %d, stdout %q, stderr %q: %v", code, out, errOut, err)
	}
	if got != (linkJSON{Tag: "a", Attr: "href", Raw: "/s?q=テスト", Href: "https://e.jp/s?q=%83e%83X%83g"}) {
		t.Errorf("got %+v", got)
	}
	for _, args := range [][]string{{"links"}, {"links", "a", "b"}, {"links", "-nope", "-"}} {
		if code, _, _ := runCmd(t, "", args...); code != 2 {
			t.Errorf("%q: status %d, want 2", args, code)
		}
	}
	if code, _, errOut := runCmd(t, "", "links", filepath.Join(t.TempDir(), "missing.html")); code != 1 || errOut == "" {
		t.Errorf("missing file: status %d, stderr %q", code, errOut)
	}
}
