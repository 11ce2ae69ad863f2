package urlpattern

import (
	"errors"
	"strings"
	"testing"

	"github.com/weburl/weburl/internal/ecmaregexp"
	"github.com/weburl/weburl/internal/quote/quotetest"
)

// maxMessage bounds an error message: a quote holds at most 1 KiB of an
// input (internal/quote), escapes at most quadruple it, and the message
// may quote a pattern, a name or token, and a regular expression.
const maxMessage = 12 << 10

// TestErrorMessagesBounded walks the errors of urlpattern and
// internal/ecmaregexp on 1 MiB inputs: each message quotes at most about
// 1 KiB of any input and says how much it left out.
func TestErrorMessagesBounded(t *testing.T) {
	big := quotetest.Long(t)
	opts := Options{CompileBudget: 1 << 30} // reach each error, not the budget
	pathname := func(s string) func() error {
		return func() error { _, err := NewInit(Init{Pathname: &s}, opts); return err }
	}
	hostname := func(s string) func() error {
		return func() error { _, err := NewInit(Init{Hostname: &s}, opts); return err }
	}
	cases := []struct {
		reason string
		run    func() error
	}{
		{reasonEscapeAtEnd, pathname("/" + big + `\`)},
		{reasonEmptyName, pathname("/" + big + ":")},
		{reasonRegexpNotASCII, pathname("/(" + big + "é)")},
		{reasonRegexpStartsWithQuestion, pathname("/" + big + "(?a)")},
		{reasonRegexpEscapeAtEnd, pathname("/(" + big + `\`)},
		{reasonRegexpUnclosed, pathname("/(" + big)},
		{reasonRegexpCapturingGroup, pathname("/(" + big + "(a))")},
		{reasonRegexpEmpty, pathname("/" + big + "()")},
		{"expected", pathname("/{(" + big + ")(" + big + ")}")},
		{reasonDuplicateName, pathname("/:" + big + "/:" + big)},
		{"the regular expression does not compile", pathname("/(" + big + "(?=b))")},
		{"the regular expression does not compile", pathname(`/(\p{` + big + "})")},
		{"the regular expression does not compile", pathname("/((?<" + big + ">a)(?<" + big + ">b))")},
		{"the regular expression does not compile", pathname("/(a{" + big + "})")},
		{"a pattern string without a base URL must have a protocol", func() error { _, err := New(big, opts); return err }},
		{"the base URL does not parse", func() error { _, err := NewWithBase("/x", big, opts); return err }},
		{"not valid", hostname(big + " ")},
		{reasonIPv6, hostname("[" + strings.Repeat("g", 1<<20) + "]")},
		{"no value for the group", func() error {
			p, err := NewInit(Init{Pathname: new("/:" + big)}, opts)
			if err != nil {
				return err
			}
			_, err = p.Generate(Pathname, nil)
			return err
		}},
		{"the pattern exceeds its compile budget", func() error { _, err := NewInit(Init{Pathname: new("/" + big)}, Options{}); return err }},
	}
	for _, c := range cases {
		err := c.run()
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%s: %v, want an *Error", c.reason, err)
			continue
		}
		msg := err.Error()
		if !strings.Contains(msg, c.reason) {
			t.Errorf("%.300q, want the reason %q", msg, c.reason)
		}
		if len(msg) > maxMessage || !strings.Contains(msg, "more bytes)") && !strings.Contains(msg, "bytes before)") {
			t.Errorf("%s: a message of %d bytes: %.300q", c.reason, len(msg), msg)
		}
	}
}

// TestRegexpErrorMessagesBounded: ecmaregexp's messages on 1 MiB patterns,
// with the construct at fault at the start, inside, or huge itself.
func TestRegexpErrorMessagesBounded(t *testing.T) {
	big := quotetest.Long(t)
	digits := strings.Repeat("9", 1<<20)
	for _, src := range []string{
		"(?=b)" + big, big[:1000] + "(?<=b)" + big, `\p{` + big + "}", `\P{Lu` + big,
		"(?<" + big + ">a)(?<" + big + ">b)", "(?<" + big, "a{" + digits + "}", "a{2," + digits + "1}", "a{9" + digits + ",1}",
		"[" + big, "(" + big, big + ")", "[&&" + big + "]", `\q` + big, "(?" + big + ")",
	} {
		_, err := ecmaregexp.CompileBudget(src, 0, 1<<30)
		var se *ecmaregexp.SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%.40q…: %v, want a *SyntaxError", src, err)
			continue
		}
		if msg := err.Error(); len(msg) > maxMessage || !strings.Contains(msg, "more bytes)") && !strings.Contains(msg, "bytes before)") {
			t.Errorf("%.40q…: a message of %d bytes: %.300q", src, len(msg), msg)
		}
	}
}
