package dataurl

import (
	"testing"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/quote/quotetest"
)

// Every error of the package on 1 MiB inputs quotes at most about 1 KiB of
// each and says how much it left out; where the reason names a code point
// of the input, the quote is taken around it. cut is the number of inputs
// over 1 KiB the message names.
func TestErrorMessagesBounded(t *testing.T) {
	long := quotetest.Long(t)
	half := long[:len(long)/2]
	parse := func(s string) func() error {
		return func() error { _, err := Parse(s); return err }
	}
	decode := func(s string) func() error {
		return func() error { _, err := DecodeBase64(s); return err }
	}
	for _, tc := range []struct {
		name string
		err  func() error
		cut  int
		at   string // the text the quote must hold: the code point at fault
	}{
		{"no comma", parse("data:" + long), 1, ""},
		{"a URL that does not parse", parse("data://[" + long + "/,x"), 1, ""},
		{"a base64 body with a remainder of 1", parse("data:;base64," + long + "a"), 1, ""},
		{"a base64 body with a code point outside the alphabet", parse("data:;base64," + half + "*" + half + "aaa"), 1, ""},
		{"process: a scheme other than data", func() error {
			_, err := Process(weburl.MustParse(long + ":,x"))
			return err
		}, 2, ""},
		{"decode: a remainder of 1", decode(long + "a"), 1, ""},
		{"decode: a code point outside the alphabet", decode(half + "*" + half + "aaa"), 1, "a*a"},
		{"decode: \"=\" inside", decode(long + "=a=="), 1, "a=a=="},
	} {
		quotetest.Check(t, tc.name, tc.err(), tc.cut, tc.at)
	}
}
