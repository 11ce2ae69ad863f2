package mimetype

import (
	"strings"
	"testing"

	"github.com/weburl/weburl/internal/quote/quotetest"
)

// Every error of the package on 1 MiB inputs quotes at most about 1 KiB of
// each and says how much it left out; where the reason names a code point,
// the quote is taken around it. cut is the number of inputs over 1 KiB
// the message names.
func TestErrorMessagesBounded(t *testing.T) {
	long := quotetest.Long(t)
	half := long[:len(long)/2]
	parse := func(s string) func() error {
		return func() error { _, err := Parse(s); return err }
	}
	var zero MIMEType
	var nilType *MIMEType
	for _, tc := range []struct {
		name string
		err  func() error
		cut  int
		at   string // the text the quote must hold: the code point at fault
	}{
		{"an empty type", parse(strings.Repeat(" ", len(long))), 1, ""},
		{"no slash", parse(long), 1, ""},
		{"a type that is no token, in the middle", parse(half + "@" + half + "/b"), 1, "a@a"},
		{"a type that is no token, at the end", parse(long + "\x01/b"), 1, `a\x01/b`},
		{"an empty subtype", parse("a/" + strings.Repeat(" ", len(long)) + ";x=y"), 1, ""},
		{"a subtype that is no token", parse("a/" + long + "}"), 1, "a}"},
		{"ParseBytes", func() error { _, err := ParseBytes([]byte(half + "(" + half)); return err }, 1, "a(a"},
		{"set parameter: a name that is no token", func() error {
			m, _ := Parse("a/b")
			return m.SetParam(long+" ", "v")
		}, 1, "a =v"},
		{"set parameter: a value outside the quoted-string tokens", func() error {
			m, _ := Parse("a/b")
			return m.SetParam("n", half+"\x7f"+half)
		}, 1, `a\x7fa`},
		{"set parameter: on the zero MIMEType", func() error { return zero.SetParam(long, long) }, 1, ""},
		{"unmarshal into nil", func() error { return nilType.UnmarshalText([]byte(long)) }, 1, ""},
		{"unmarshal", func() error { return zero.UnmarshalText([]byte(long)) }, 1, ""},
		{"extract: no value is a MIME type", func() error { _, err := Extract([]string{long, long, "*/*"}); return err }, 1, ""},
	} {
		quotetest.Check(t, tc.name, tc.err(), tc.cut, tc.at)
	}
}
