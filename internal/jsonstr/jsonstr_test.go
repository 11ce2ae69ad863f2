package jsonstr

import (
	"encoding/json"
	"testing"
)

// jsonUnset is what a string holds when json.Unmarshal leaves it alone
// (JSON null): invalid UTF-8, which a decoded JSON string never is.
const jsonUnset = "\xff"

// checkUnquote holds Unquote equal to encoding/json's Unmarshal
// into a string on data: the same string, null where Unmarshal leaves the
// string as it was, and an error where Unmarshal fails.
func checkUnquote(t *testing.T, data []byte) {
	t.Helper()
	want := jsonUnset
	werr := json.Unmarshal(data, &want)
	got, null, reason := Unquote(data)
	switch {
	case werr != nil:
		if reason == "" {
			t.Errorf("Unquote(%q) = %q, null %v; encoding/json fails: %v", data, got, null, werr)
		}
	case reason != "":
		t.Errorf("Unquote(%q) fails: %s; encoding/json gives %q", data, reason, want)
	case want == jsonUnset:
		if !null {
			t.Errorf("Unquote(%q) = %q, not null; encoding/json leaves the string as it was", data, got)
		}
	case null || got != want:
		t.Errorf("Unquote(%q) = %q, null %v; encoding/json gives %q", data, got, null, want)
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

func TestUnquote(t *testing.T) {
	for _, tt := range unquoteJSONTests {
		got, null, reason := Unquote([]byte(tt.in))
		if (reason != "") != tt.err || null != tt.null || got != tt.want {
			t.Errorf("Unquote(%q) = %q, null %v, %q; want %q, null %v, error %v", tt.in, got, null, reason, tt.want, tt.null, tt.err)
		}
		checkUnquote(t, []byte(tt.in))
	}
}

func FuzzUnquoteJSON(f *testing.F) {
	for _, tt := range unquoteJSONTests {
		f.Add([]byte(tt.in))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkUnquote(t, data)
	})
}
