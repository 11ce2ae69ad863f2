package dataurl

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/alloctest"
)

// Expected values are written from the steps of Fetch's data: URL
// processor and Infra's forgiving-base64 decode.

func TestProcessSteps(t *testing.T) {
	for _, c := range []struct{ in, typ, body string }{
		{"data:,Hello%2C%20World!", "text/plain;charset=US-ASCII", "Hello, World!"},
		{"data:text/plain;base64,SGVsbG8sIFdvcmxkIQ==", "text/plain", "Hello, World!"},
		{"data:image/PNG;BASE64,iVBORw0K", "image/png", "\x89PNG\r\n"},                 // 11: ASCII case-insensitive
		{"data:text/html;charset=utf-8;base64,PGI+", "text/html;charset=utf-8", "<b>"}, // 11.4-6
		{"data:text/plain;base64 ,YQ", "text/plain", "a"},                              // 6: the space goes before 11 looks for "base64"
		{"data:;base64,YQ", "text/plain;charset=US-ASCII", "a"},                        // 12 then 14: ";" is not a type
		{"data:;charset=utf-8,x", "text/plain;charset=utf-8", "x"},                     // 12: text/plain prepended
		{"data:text/plain;x=\"a,b\",c", "text/plain;x=a", "b\",c"},                     // 5: the first "," ends the type, quoted or not
		{"data:,a#frag,b", "text/plain;charset=US-ASCII", "a"},                         // 2: exclude fragment
		{"data:,%e2%82%ac%zz", "text/plain;charset=US-ASCII", "€%zz"},                  // 10: percent-decode
		{"data:,a b", "text/plain;charset=US-ASCII", "a b"},
		{"data:text/plain;base64,%59%51", "text/plain", "a"}, // 10 before 11: decoded, then base64
	} {
		d, err := Parse(c.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.in, err)
			continue
		}
		if d.MIMEType.String() != c.typ || string(d.Body) != c.body {
			t.Errorf("Parse(%q) = %q, %q; want %q, %q", c.in, d.MIMEType, d.Body, c.typ, c.body)
		}
	}
}

func TestProcessErrors(t *testing.T) {
	for _, c := range []struct{ in, msg string }{
		{"data:text/plain", `dataurl: process "data:text/plain": no U+002C (,) follows the MIME type`},
		{"data:;base64,YQ=", `dataurl: process "data:;base64,YQ=": the body does not decode as forgiving base64: U+003D '=' at offset 2 of the body is not one of U+002B (+), U+002F (/) and the ASCII alphanumerics`},
		{"data:;base64,Y", `dataurl: process "data:;base64,Y": the body does not decode as forgiving base64: the length of the body, without ASCII whitespace, divided by 4 leaves a remainder of 1`},
		{"data:;base64,%FF%FF", `dataurl: process "data:;base64,%FF%FF": the body does not decode as forgiving base64: the byte 0xff (not UTF-8) at offset 0 of the body is not one of U+002B (+), U+002F (/) and the ASCII alphanumerics`},
		{"https://example.com/", `dataurl: process "https://example.com/": the scheme is "https", not "data"`},
		{"data://a:b/,x", `dataurl: parse: weburl: parse "data://a:b/,x": port-invalid`},
	} {
		d, err := Parse(c.in)
		if err == nil || err.Error() != c.msg {
			t.Errorf("Parse(%q) = %v, %v\nwant %s", c.in, d, err, c.msg)
		}
	}
	// The URL parser's error is wrapped.
	_, err := Parse("data://a:b/,x")
	var we *weburl.Error
	if !errors.As(err, &we) {
		t.Errorf("Parse: %v does not wrap a *weburl.Error", err)
	}
	// A long input is quoted up to 1 KiB.
	long := "data:" + strings.Repeat("x", 4000)
	if _, err := Parse(long); err == nil || len(err.Error()) > 1200 || !strings.Contains(err.Error(), "more bytes)") {
		t.Errorf("Parse(long): %v", err)
	}
}

func TestDecodeBase64(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"YQ", "a"},
		{"YR", "a"}, // the discarded bits need not be zero
		{"YQ==", "a"},
		{"YWI=", "ab"},
		{"YWJj", "abc"},
		{" Y W\tJ\nj\fZ\rA = = ", "abcd"},
		{"YWJjZGVmZ2g=", "abcdefgh"},
		{"YWJjZGVmZ2hp", "abcdefghi"},
		{"YWJjZGVm Z2hp", "abcdefghi"}, // whitespace after the fast runs
		{"+/+/", "\xfb\xff\xbf"},
	} {
		got, err := DecodeBase64(c.in)
		if err != nil || string(got) != c.want {
			t.Errorf("DecodeBase64(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	for _, c := range []struct{ in, reason string }{
		{"Y", "the length, without ASCII whitespace, divided by 4 leaves a remainder of 1"},
		{"YWJjZ", "the length, without ASCII whitespace, divided by 4 leaves a remainder of 1"},
		{"YQ=", "U+003D '=' at offset 2 is not one of U+002B (+), U+002F (/) and the ASCII alphanumerics"},
		{"YQ===", "the length, without ASCII whitespace, divided by 4 leaves a remainder of 1"}, // step 3 before step 4
		{"YQ=a", "U+003D '=' at offset 2 is not one of U+002B (+), U+002F (/) and the ASCII alphanumerics"},
		{"YWJjZGVm Z2h-", "U+002D '-' at offset 12 is not one of U+002B (+), U+002F (/) and the ASCII alphanumerics"},
		{"YWJj\u00e9", "U+00E9 'é' at offset 4 is not one of U+002B (+), U+002F (/) and the ASCII alphanumerics"},
		{"\U00010000", "U+10000 '𐀀' at offset 0 is not one of U+002B (+), U+002F (/) and the ASCII alphanumerics"},
		{"Y\vQ", "U+000B '\\v' at offset 1 is not one of U+002B (+), U+002F (/) and the ASCII alphanumerics"}, // VT is no ASCII whitespace
	} {
		got, err := DecodeBase64(c.in)
		var e *Error
		if !errors.As(err, &e) || e.Err.Error() != c.reason || !errors.Is(err, ErrBase64) || e.Input != c.in || e.Op != "forgiving-base64 decode" {
			t.Errorf("DecodeBase64(%q) = %q, %v; want the reason %q", c.in, got, err, c.reason)
		}
	}
}

// TestBodyIsOwn: the body is a new slice, and the MIME type holds none of
// the URL's string.
func TestBodyIsOwn(t *testing.T) {
	u, _ := weburl.Parse("data:text/plain,abc")
	d, err := Process(u)
	if err != nil {
		t.Fatal(err)
	}
	d.Body[0] = 'X'
	if u.Href() != "data:text/plain,abc" || !bytes.Equal(d.Body, []byte("Xbc")) {
		t.Errorf("%q %q", u.Href(), d.Body)
	}
}

func TestZeroDataURL(t *testing.T) {
	var d DataURL
	if d.MIMEType.String() != "" || d.MIMEType.Essence() != "" || len(d.Body) != 0 {
		t.Errorf("zero DataURL: %q %q", d.MIMEType, d.Body)
	}
}

// TestAllocs: a base64 data URL costs the URL, the MIME type's copy and
// record, the body and the DataURL.
func TestAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts mean nothing under the race detector")
	}
	s := "data:image/png;base64," + strings.Repeat("iVBORw0KGgo=", 1)
	if got := testing.AllocsPerRun(100, func() { Parse(s) }); got > 5 {
		t.Errorf("Parse(%q): %v allocations, want at most 5", s, got)
	}
	// A percent-encoded body is decoded into the Body itself: one buffer
	// the size of the encoded body, not a string and then its bytes.
	// The least of three counts: the count is the process's, and once in
	// a CI run something else allocated 5 KB meanwhile.
	body := strings.Repeat("a%20", 1<<14)
	text := "data:," + body
	got := alloctest.Bytes(func() { Parse(text) })
	for range 2 {
		got = min(got, alloctest.Bytes(func() { Parse(text) }))
	}
	if got > uint64(len(body))+1024 {
		t.Errorf("Parse of a %d-byte percent-encoded body allocates %d bytes, want at most one buffer of its size and 1 KiB", len(body), got)
	}
	b64 := strings.Repeat("iVBORw0K", 100) + "Ggo="
	if got := testing.AllocsPerRun(100, func() { DecodeBase64(b64) }); got != 1 {
		t.Errorf("DecodeBase64: %v allocations, want 1", got)
	}
}
