package main

import (
	"strings"
	"testing"
)

// TestCheck: check answers an error that names the flag and the reason,
// and nil for flags that go together.
func TestCheck(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string // in the error; "" for none
	}{
		{[]string{"-base", "nope"}, `-base: parse "nope": missing-scheme-non-relative-URL`},
		{[]string{"-encoding", "nope"}, `-encoding: unknown encoding label "nope"`},
		{[]string{"-canon", "x"}, `-canon "x": unknown profile`},
		{[]string{"-get", "{x"}, `-get "{x": unclosed {`},
		{[]string{"-trim", `query=a\`}, `-trim query=a\: a trailing \ quotes nothing`},
		{[]string{"-match", "https://h/:id("}, "-match: "},
		{[]string{"-match", "https://h/*", "-validate"}, "-match and -validate do not go together"},
		{[]string{"-surt", "-display"}, "choose the output: use one"},
		{[]string{"-get", "{host}", "-json"}, "choose the output: use one"},
		{[]string{"-json", "-surt", "-display", "-base", "https://h/", "-encoding", "latin1", "-canon", "crawler", "-sort-query"}, ""},
		{[]string{"-validate", "-json"}, ""},
		{[]string{"-validate", "-base", "https://h/", "-encoding", "latin1"}, ""},
		{[]string{"-validate", "-set", "path=/x"}, "-set and -validate do not go together"},
		{[]string{"-validate", "-append", "path=x"}, "-append and -validate do not go together"},
		{[]string{"-validate", "-qtrim", "utm_*"}, "-trim and -validate do not go together"},
		{[]string{"-validate", "-query-strip-empty"}, "-query-strip-empty and -validate do not go together"},
		{[]string{"-validate", "-canon", "crawler"}, "-canon and -validate do not go together"},
		{[]string{"-validate", "-sort-query"}, "-sort-query and -validate do not go together"},
		{[]string{"-validate", "-redirect", "/x"}, "-redirect and -validate do not go together"},
	} {
		var o options
		var raw rawFlags
		if _, err := parseArgs(newFlagSet(&o, &raw), c.args); err != nil {
			t.Fatalf("%q: %v", c.args, err)
		}
		err := o.check(raw)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%q: %v, want no error", c.args, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%q: %v, want an error with %q", c.args, err, c.want)
		}
	}
}
