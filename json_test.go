package weburl

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/weburl/weburl/internal/jsonstr"
)

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
	var e *Error
	if err := u.UnmarshalJSON([]byte(`"a\x"`)); !errors.As(err, &e) || e.Op != "unmarshal JSON" || e.Input != `"a\x"` || e.Err.Error() == "" {
		t.Errorf(`UnmarshalJSON("a\x"): %#v, want an *Error of "unmarshal JSON" naming the input and the reason`, err)
	}
	if err := u.UnmarshalJSON([]byte(`""`)); err != nil || u.Href() != "" {
		t.Errorf(`UnmarshalJSON(""): %v, href %q`, err, u.Href())
	}
}

// MarshalJSON quotes the href with strconv, which is JSON's quoting for
// printable ASCII, what every href is: encoding/json and jsonstr.Unquote read
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
		if got, null, reason := jsonstr.Unquote(data); reason != "" || null || got != u.Href() {
			t.Errorf("MarshalJSON of %q = %s: jsonstr.Unquote reads %q, %s", u.Href(), data, got, reason)
		}
	}
}
