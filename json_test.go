package weburl

import (
	"encoding/json"
	"errors"
	"testing"
)

// jsonUnset is what a string holds when json.Unmarshal leaves it alone
// (JSON null): invalid UTF-8, which a decoded JSON string never is.
const jsonUnset = "\xff"

// checkUnquoteJSON holds unquoteJSON equal to encoding/json's Unmarshal
// into a string on data: the same string, null where Unmarshal leaves the
// string as it was, and an error where Unmarshal fails.
func checkUnquoteJSON(t *testing.T, data []byte) {
	t.Helper()
	want := jsonUnset
	werr := json.Unmarshal(data, &want)
	got, null, err := unquoteJSON(data)
	switch {
	case werr != nil:
		if err == nil {
			t.Errorf("unquoteJSON(%q) = %q, null %v; encoding/json fails: %v", data, got, null, werr)
		}
	case err != nil:
		t.Errorf("unquoteJSON(%q) fails: %v; encoding/json gives %q", data, err, want)
	case want == jsonUnset:
		if !null {
			t.Errorf("unquoteJSON(%q) = %q, not null; encoding/json leaves the string as it was", data, got)
		}
	case null || got != want:
		t.Errorf("unquoteJSON(%q) = %q, null %v; encoding/json gives %q", data, got, null, want)
	}
}

// The expected strings follow RFC 8259's escapes and encoding/json's
// documented rule that invalid UTF-8 and invalid UTF-16 surrogates become
// U+FFFD; each case is checked against encoding/json as well.
var unquoteJSONTests = []struct {
	in   string
	want string
	null bool
	err  bool
}{
	{in: `"https://example.com/"`, want: "https://example.com/"},
	{in: " \t\r\n\"a\" \n", want: "a"},
	{in: `""`, want: ""},
	{in: `null`, null: true},
	{in: " null\n", null: true},
	{in: `"\"\\\/\b\f\n\r\t"`, want: "\"\\/\b\f\n\r\t"},
	{in: `"\u0041\u00e9\u00E9\u65e5"`, want: "Aéé日"},
	{in: `"\ud83d\ude00"`, want: "😀"},
	{in: `"\uD83D\uDE00x"`, want: "😀x"},
	{in: `"\ud83d"`, want: "\uFFFD"},
	{in: `"\ud83dx"`, want: "\uFFFDx"},
	{in: `"\ude00\ud83d"`, want: "\uFFFD\uFFFD"},
	{in: `"\ud83d\u0041"`, want: "\uFFFDA"},
	{in: `"\ud83d\ud83d\ude00"`, want: "\uFFFD😀"},
	{in: `"\ud83d\n"`, want: "\uFFFD\n"},
	{in: "\"a\xffb\"", want: "a\uFFFDb"},
	{in: "\"\xed\xa0\x80\"", want: "\uFFFD\uFFFD\uFFFD"}, // an encoded surrogate is invalid UTF-8
	{in: "\"\xe6\x97\"", want: "\uFFFD\uFFFD"},
	{in: "\"日本\"", want: "日本"},
	{in: "\"\uFFFD\"", want: "\uFFFD"},
	{in: `"<>&` + "\u2028" + `"`, want: "<>&\u2028"},

	{in: ``, err: true},
	{in: `   `, err: true},
	{in: `nul`, err: true},
	{in: `nullx`, err: true},
	{in: `Null`, err: true},
	{in: `1`, err: true},
	{in: `true`, err: true},
	{in: `["a"]`, err: true},
	{in: `{"a":"b"}`, err: true},
	{in: `'a'`, err: true},
	{in: `"a`, err: true},
	{in: `"a\"`, err: true},
	{in: `"a\`, err: true},
	{in: `"a" "b"`, err: true},
	{in: `"a"x`, err: true},
	{in: "\"a\tb\"", err: true}, // control characters must be escaped
	{in: "\"a\x00\"", err: true},
	{in: `"\x41"`, err: true},
	{in: `"\U0041"`, err: true},
	{in: `"\u004"`, err: true},
	{in: `"\u004g"`, err: true},
	{in: `"\u00:0"`, err: true},
	{in: `"\ud83d\u00"`, err: true},
	{in: "\ufeff\"a\"", err: true}, // no byte order mark
	{in: "\v\"a\"", err: true},     // not JSON whitespace
}

func TestUnquoteJSON(t *testing.T) {
	for _, tt := range unquoteJSONTests {
		got, null, err := unquoteJSON([]byte(tt.in))
		if (err != nil) != tt.err || null != tt.null || got != tt.want {
			t.Errorf("unquoteJSON(%q) = %q, null %v, %v; want %q, null %v, error %v", tt.in, got, null, err, tt.want, tt.null, tt.err)
		}
		var e *Error
		if err != nil && (!errors.As(err, &e) || e.Op != opUnmarshalJSON || e.Input != tt.in) {
			t.Errorf("unquoteJSON(%q): error %#v, want an *Error of %q naming the input", tt.in, err, opUnmarshalJSON)
		}
		checkUnquoteJSON(t, []byte(tt.in))
	}
}

// UnmarshalJSON: a string parses as a URL, null (with whitespace too)
// leaves the URL as it was, anything else fails and leaves it too.
func TestUnmarshalJSONDirect(t *testing.T) {
	u := MustParse("https://h/")
	for _, in := range []string{"null", " null\t", "5", `"not a url"`, `"https://x`, `{"href":"https://x/"}`} {
		err := u.UnmarshalJSON([]byte(in))
		if wantErr := in != "null" && in != " null\t"; (err != nil) != wantErr || u.Href() != "https://h/" {
			t.Errorf("UnmarshalJSON(%q): %v, href %q", in, err, u.Href())
		}
	}
	if err := u.UnmarshalJSON([]byte(` "HTTPS://EXAMPLE.COM/\u0041\ud800" `)); err != nil || u.Href() != "https://example.com/A%EF%BF%BD" {
		t.Errorf("UnmarshalJSON of an escaped string: %v, href %q", err, u.Href())
	}
	if err := u.UnmarshalJSON([]byte(`""`)); err != nil || u.Href() != "" {
		t.Errorf(`UnmarshalJSON(""): %v, href %q`, err, u.Href())
	}
}

func FuzzUnquoteJSON(f *testing.F) {
	for _, tt := range unquoteJSONTests {
		f.Add([]byte(tt.in))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkUnquoteJSON(t, data)
	})
}

// MarshalJSON quotes the href with strconv, which is JSON's quoting for
// printable ASCII, what every href is: encoding/json and unquoteJSON read
// it back as the href, quotes, backslashes and HTML's special characters
// in opaque paths included.
func TestMarshalJSONReadsBack(t *testing.T) {
	for _, in := range []string{
		"https://h/a?b=<c>&d#e",
		`a:"x"\y<z>&'`,
		"javascript:alert(\"<b>&amp;</b>\")",
		"sc:\u2028\u00e9 \x7f",
		"https://u:p@h:1/%22",
	} {
		u, err := Parse(in)
		if err != nil {
			t.Fatalf("Parse(%q): %v", in, err)
		}
		data, err := u.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		var s string
		if err := json.Unmarshal(data, &s); err != nil || s != u.Href() {
			t.Errorf("MarshalJSON of %q = %s: encoding/json reads %q, %v", u.Href(), data, s, err)
		}
		if got, null, err := unquoteJSON(data); err != nil || null || got != u.Href() {
			t.Errorf("MarshalJSON of %q = %s: unquoteJSON reads %q, %v", u.Href(), data, got, err)
		}
	}
}
