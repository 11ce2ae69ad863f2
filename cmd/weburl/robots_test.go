package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRobots(t *testing.T) {
	file := filepath.Join(t.TempDir(), "robots.txt")
	if err := os.WriteFile(file, []byte("Sitemap: /a.xml\nuser-agent: FooBot\ndisallow: /x\nsitemap: https://h/b.xml\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args             []string
		stdin            string
		code             int
		stdout, stderrIn string
	}{
		{[]string{"-agent", "FooBot", file}, "http://h/x\n\nhttp://h/y\nhttp://[\n", exitFailed, "http://h/y\n", `weburl robots: line 4: parse "http://["`},
		{[]string{"-agent", "FOOBOT", file, "http://h/x", "http://h/xy", "http://h/a"}, "", exitOK, "http://h/a\n", ""},
		{[]string{file, "http://h/x"}, "", exitOK, "http://h/x\n", ""},
		{[]string{"-sitemaps", file}, "", exitOK, "/a.xml\nhttps://h/b.xml\n", ""},
		{[]string{"-json", "-agent", "FooBot", file, "http://h/x", ""}, "", exitOK, `{"input":"http://h/x","href":"http://h/x","allowed":false}` + "\n" + `{"input":"","error":"blank line: no URL"}` + "\n", ""},
		{[]string{"-", "http://h/x"}, "user-agent: *\ndisallow: /\n", exitOK, "", ""},
		{[]string{filepath.Join(t.TempDir(), "none")}, "", exitFailed, "", "no such file"},
		{[]string{}, "", exitUsage, "", "want FILE"},
	} {
		var out, errOut bytes.Buffer
		code := run(append([]string{"robots"}, tc.args...), strings.NewReader(tc.stdin), &out, &errOut)
		if code != tc.code || out.String() != tc.stdout || !strings.Contains(errOut.String(), tc.stderrIn) || (tc.stderrIn == "") != (errOut.Len() == 0) {
			t.Errorf("robots %q: status %d, stdout %q, stderr %q; want %d, %q, %q", tc.args, code, out.String(), errOut.String(), tc.code, tc.stdout, tc.stderrIn)
		}
	}
}
