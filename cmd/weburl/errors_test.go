package main

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/weburl/weburl/internal/quote/quotetest"
)

// Every message the command writes about an input of 1 MiB (an argument,
// a line, a flag's value or name, a file name, a link in a page) quotes at
// most about 1 KiB of it and says how much it left out: its own messages,
// the library's errors, and those of flag, os and net, which name what
// they were given whole. cut is the number of inputs over 1 KiB the
// message names (twice for a flag's value that flag quotes and the
// command's reason quotes again).
func TestErrorMessagesBounded(t *testing.T) {
	long := quotetest.Long(t)
	bad := "http://[" + long // IPv6-unclosed
	dir := t.TempDir()
	page := filepath.Join(dir, "page.html")
	if err := os.WriteFile(page, []byte(`<a href="`+bad+`">`), 0o666); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		stdin string
		args  []string
		cut   int
	}{
		{"an argument that does not parse", "", []string{bad}, 1},
		{"a line that does not parse", bad + "\n", []string{"-"}, 1},
		{"a relative reference without -base", "", []string{long}, 1},
		{"-base that does not parse", "", []string{"-base", bad, "x"}, 1},
		{"a reference that fails against a 1 MiB -base", "", []string{"-base", "http://h/" + long, "http://[" + long}, 2}, // the input and the base
		{"-set without =", "", []string{"-set", long, "http://h/"}, 2},
		{"-set of an unknown attribute", "", []string{"-set", long + "=x", "http://h/"}, 2},
		{"-set=value in one argument", "", []string{"-set=" + long, "http://h/"}, 2},
		{"-append without path= or query=", "", []string{"-append", long, "http://h/"}, 2},
		{"-append path= to an opaque path", "", []string{"-append", "path=x", "mailto:" + long}, 1},
		{"-trim without query=", "", []string{"-trim", long, "http://h/"}, 2},
		{"-trim with a trailing backslash", "", []string{"-trim", "query=" + long + `\`, "http://h/"}, 1},
		{"-encoding", "", []string{"-encoding", long, "http://h/"}, 1},
		{"-canon", "", []string{"-canon", long, "http://h/"}, 1},
		{"-get unclosed", "", []string{"-get", "{" + long, "http://h/"}, 1},
		{"-get of an unknown field", "", []string{"-get", "{" + long + "}", "http://h/"}, 2},
		{"-get } without {", "", []string{"-get", long + "}", "http://h/"}, 1},
		{"a flag that is not defined", "", []string{"-z" + long, "http://h/"}, 1},
		{"a joined short flag (-a is -append)", "", []string{"-a" + long, "http://h/"}, 2},
		{"a bool flag's value", "", []string{"-json=" + long, "http://h/"}, 1},
		{"-match of a pattern that does not compile", "", []string{"-match", "http://h/(" + long, "http://h/"}, 1},
		{"-url-file of a name too long", "", []string{"-url-file", filepath.Join(dir, long)}, 1},
		{"links: a link that does not parse", "", []string{"links", page}, 2},                                                     // the link as written, and in the parser's error
		{"links: a link that does not parse, against a 1 MiB -base", "", []string{"links", "-base", "http://h/" + long, page}, 3}, // the link twice, the base
		{"links: -base that does not parse", "", []string{"links", "-base", bad, page}, 1},
		{"links: a file name too long", "", []string{"links", filepath.Join(dir, long)}, 1},
		{"file-path: a URL that is no file URL", "", []string{"file-path", "-posix", "http://h/" + long}, 1},
		{"file-url: a relative path", "", []string{"file-url", "-posix", long}, 1},
		{"data-url: no comma", "", []string{"data-url", "data:" + long}, 1},
		{"data-url: a URL that does not parse", "", []string{"data-url", bad}, 1},
		{"data-url: -o of a name too long", "", []string{"data-url", "-o", filepath.Join(dir, long), "data:,x"}, 1},
		{"serve: an argument", "", []string{"serve", long}, 1},
		{"serve: -addr without a port", "", []string{"serve", "-addr", long}, 2},
		{"serve: -addr whose host does not resolve", "", []string{"serve", "-addr", long + ".invalid:0"}, 1},
	} {
		code, _, errOut := runCmd(t, tc.stdin, tc.args...)
		if code == 0 || errOut == "" {
			t.Errorf("%s: exit %d, stderr %.100q; want a failure", tc.name, code, errOut)
			continue
		}
		quotetest.Check(t, tc.name, errors.New(errOut), tc.cut, "")
	}
}
