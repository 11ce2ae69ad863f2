package main

import (
	"bytes"
	"runtime"
	"strings"
	"testing"
)

// runFP runs the command with args and stdin: exit status, stdout, stderr.
func runFP(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestFileURLAndFilePath(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		// Node's documented answers (url.md, test-url-pathtofileurl.js).
		{[]string{"file-url", "-posix", "/foo#1", "/some/path%.c"}, "file:///foo%231\nfile:///some/path%25.c\n"},
		{[]string{"file-url", "-windows", `C:\dir\foo`, `\\nas\My Docs\File.doc`, `\\?\UNC\server\share\f.txt`},
			"file:///C:/dir/foo\nfile://nas/My%20Docs/File.doc\nfile://server/share/f.txt\n"},
		{[]string{"file-path", "-windows", "file:///C:/path/", "file://nas/foo.txt"}, `C:\path\` + "\n" + `\\nas\foo.txt` + "\n"},
		{[]string{"file-path", "-posix", "file:///你好.txt", "file:///hello world"}, "/你好.txt\n/hello world\n"},
		// Flags after the inputs; "--" before an input that starts with "-".
		{[]string{"file-path", "file:///C:/x", "-windows"}, `C:\x` + "\n"},
		{[]string{"file-url", "-posix", "--", "-/x"}, ""},
	} {
		code, out, errOut := runFP(t, "", c.args...)
		if c.want == "" { // "-/x" is relative: a failure of that input
			if code != exitFailed || out != "" || !strings.Contains(errOut, `argument 1: from file path "-/x"`) {
				t.Errorf("%q: status %d, stdout %q, stderr %q", c.args, code, out, errOut)
			}
			continue
		}
		if code != exitOK || out != c.want || errOut != "" {
			t.Errorf("%q: status %d, stdout %q (want %q), stderr %q", c.args, code, out, c.want, errOut)
		}
	}
}

// TestFilePathFailures: each failure names the input and the reason, the
// run goes on, and the status is 1.
func TestFilePathFailures(t *testing.T) {
	code, out, errOut := runFP(t, "", "file-url", "-windows", "C:x", `C:\ok`, `\\.\pipe\x`, "C:\\a\x00")
	if code != exitFailed || out != "file:///C:/ok\n" {
		t.Errorf("file-url: status %d, stdout %q", code, out)
	}
	for _, want := range []string{
		`weburl file-url: argument 1: from file path "C:x": a drive-relative path`,
		`weburl file-url: argument 3: from file path "\\\\.\\pipe\\x": a device path`,
		`weburl file-url: argument 4: from file path "C:\\a\x00": the path holds NUL`,
	} {
		if !strings.Contains(errOut, want) {
			t.Errorf("file-url: stderr %q lacks %q", errOut, want)
		}
	}
	code, out, errOut = runFP(t, "", "file-path", "-posix", "https://x/", "http://[::1", "file://h/a", "file:///a%2Fb", "file:///ok")
	if code != exitFailed || out != "/ok\n" {
		t.Errorf("file-path: status %d, stdout %q", code, out)
	}
	for _, want := range []string{
		`weburl file-path: argument 1: file path "https://x/": not a file URL`,
		`weburl file-path: argument 2: parse "http://[::1": IPv6-unclosed`,
		`weburl file-path: argument 3: file path "file://h/a": the host "h"`,
		`weburl file-path: argument 4: file path "file:///a%2Fb": the path holds %2F`,
	} {
		if !strings.Contains(errOut, want) {
			t.Errorf("file-path: stderr %q lacks %q", errOut, want)
		}
	}
}

// TestFilePathStdin: with no inputs, one a line from stdin; blank lines
// are skipped and failures give their line number.
func TestFilePathStdin(t *testing.T) {
	code, out, errOut := runFP(t, "file:///C:/a\r\n\nfile:///a\nfile://s/sh/f\n", "file-path", "-windows")
	if code != exitFailed || out != `C:\a`+"\n"+`\\s\sh\f`+"\n" || !strings.Contains(errOut, `line 3: file path "file:///a": the path does not start with a drive letter`) {
		t.Errorf("status %d, stdout %q, stderr %q", code, out, errOut)
	}
}

// TestFilePathStyleAndUsage: the running OS's style by default; -windows
// with -posix, or an unknown flag, is a usage error; -h is help.
func TestFilePathStyleAndUsage(t *testing.T) {
	wantPath, wantURL := "/a b", "file:///a%20b"
	if runtime.GOOS == "windows" {
		wantPath, wantURL = `C:\a b`, "file:///C:/a%20b"
	}
	if code, out, errOut := runFP(t, "", "file-url", wantPath); code != exitOK || out != wantURL+"\n" {
		t.Errorf("file-url %q: status %d, stdout %q, stderr %q", wantPath, code, out, errOut)
	}
	if code, out, errOut := runFP(t, "", "file-path", wantURL); code != exitOK || out != wantPath+"\n" {
		t.Errorf("file-path %q: status %d, stdout %q, stderr %q", wantURL, code, out, errOut)
	}
	// A relative path is resolved against the working directory only
	// without a style flag.
	if code, out, errOut := runFP(t, "", "file-url", "rel x"); code != exitOK || !strings.HasPrefix(out, "file:///") || !strings.HasSuffix(out, "/rel%20x\n") {
		t.Errorf("file-url rel: status %d, stdout %q, stderr %q", code, out, errOut)
	}
	for _, args := range [][]string{
		{"file-url", "-windows", "-posix", "/a"},
		{"file-path", "-nope", "file:///a"},
	} {
		if code, out, errOut := runFP(t, "", args...); code != exitUsage || out != "" || !strings.Contains(errOut, "weburl "+args[0]+": ") {
			t.Errorf("%q: status %d, stdout %q, stderr %q; want a usage error", args, code, out, errOut)
		}
	}
	for _, cmd := range []string{"file-url", "file-path"} {
		if code, out, _ := runFP(t, "", cmd, "-h"); code != exitOK || !strings.HasPrefix(out, "usage: weburl "+cmd+" [-windows|-posix]") || !strings.Contains(out, "-posix") {
			t.Errorf("%s -h: status %d, stdout %q", cmd, code, out)
		}
	}
	if _, out, _ := runFP(t, "", "-h"); !strings.Contains(out, "weburl file-url|file-path") {
		t.Errorf("weburl -h does not list file-url: %q", out)
	}
}
