package mimetype

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// Expected values here are written from the MIME Sniffing Standard's steps
// and Fetch's examples, not from this package's output.

func TestZero(t *testing.T) {
	var m MIMEType
	if m.Type() != "" || m.Subtype() != "" || m.Essence() != "" || m.String() != "" {
		t.Errorf("%#v: %q %q %q %q, want empty", m, m.Type(), m.Subtype(), m.Essence(), m.String())
	}
	if v, ok := m.Param("charset"); ok || v != "" {
		t.Errorf("%#v: Param = %q, %v", m, v, ok)
	}
	for k, v := range m.Params() {
		t.Errorf("%#v: Params yields %q=%q", m, k, v)
	}
	if _, ok := m.Charset(); ok {
		t.Errorf("%#v: Charset ok", m)
	}
	if err := m.SetParam("a", "b"); !errors.Is(err, ErrNoType) {
		t.Errorf("%#v: SetParam: %v, want ErrNoType", m, err)
	}
	if b, err := m.MarshalText(); err != nil || len(b) != 0 {
		t.Errorf("%#v: MarshalText = %q, %v", m, b, err)
	}
	var p *MIMEType
	if err := p.UnmarshalText([]byte("text/html")); !errors.Is(err, ErrNilMIMEType) {
		t.Errorf("UnmarshalText into nil: %v, want ErrNilMIMEType", err)
	}
	if err := p.SetParam("a", "b"); !errors.Is(err, ErrNilMIMEType) {
		t.Errorf("SetParam through nil: %v, want ErrNilMIMEType", err)
	}
}

func TestAccessors(t *testing.T) {
	m, err := Parse(" Text/HTML ; Charset=\"UTF-8\" ;x=\"a\\\"b\"; x=2;empty=\"\"\t")
	if err != nil {
		t.Fatal(err)
	}
	if m.Type() != "text" || m.Subtype() != "html" || m.Essence() != "text/html" {
		t.Errorf("%q %q %q", m.Type(), m.Subtype(), m.Essence())
	}
	var got []string
	for k, v := range m.Params() {
		got = append(got, k+"="+v)
	}
	if want := []string{"charset=UTF-8", `x=a"b`, "empty="}; !slices.Equal(got, want) {
		t.Errorf("Params = %q, want %q", got, want)
	}
	for _, name := range []string{"charset", "CHARSET", "ChArSeT"} {
		if v, ok := m.Param(name); !ok || v != "UTF-8" {
			t.Errorf("Param(%q) = %q, %v", name, v, ok)
		}
	}
	if v, ok := m.Param("empty"); !ok || v != "" {
		t.Errorf(`Param("empty") = %q, %v`, v, ok)
	}
	if want := `text/html;charset=UTF-8;x="a\"b";empty=""`; m.String() != want {
		t.Errorf("String = %s, want %s", m, want)
	}
	// Params stops when told.
	n := 0
	for range m.Params() {
		n++
		break
	}
	if n != 1 {
		t.Errorf("Params went on after break: %d", n)
	}
}

func TestSetParam(t *testing.T) {
	m, _ := Parse("text/plain;a=1;charset=gbk;b=2")
	for _, c := range []struct{ name, value string }{
		{"CharSet", "utf-8"}, // in its place, name in any case
		{"New", "x y"},       // appended, lowercased; quoted as it is no token
		{"e", ""},            // empty: ""
		{"l", "é\t~"},        // U+00E9 and TAB are quoted-string token code points
	} {
		if err := m.SetParam(c.name, c.value); err != nil {
			t.Errorf("SetParam(%q, %q): %v", c.name, c.value, err)
		}
	}
	want := "text/plain;a=1;charset=utf-8;b=2;new=\"x y\";e=\"\";l=\"é\t~\""
	if m.String() != want {
		t.Errorf("String = %q, want %q", m, want)
	}
	back, err := Parse(m.String())
	if err != nil || back.String() != want {
		t.Errorf("Parse(String()) = %v, %v", back, err)
	}
	for _, c := range []struct {
		name, value string
		err         error
		offset      int // in name "=" value
	}{
		{"", "x", ErrNameEmpty, 0},
		{"a b", "x", ErrNameNotToken, 1},
		{"a=", "x", ErrNameNotToken, 1},
		{"é", "x", ErrNameNotToken, 0},
		{"a", "\x00", ErrValueNotQuotedStringToken, 2},
		{"a", "\n", ErrValueNotQuotedStringToken, 2},
		{"a", "ok\x7f", ErrValueNotQuotedStringToken, 4},
		{"a", "€", ErrValueNotQuotedStringToken, 2},
		{"a", "\xff", ErrValueNotQuotedStringToken, 2},
	} {
		err := m.SetParam(c.name, c.value)
		var e *Error
		if !errors.As(err, &e) || e.Op != "set parameter" || e.Err != c.err || !errors.Is(err, c.err) ||
			e.Input != c.name+"="+c.value || e.Offset != c.offset {
			t.Errorf("SetParam(%q, %q) = %#v, want %v at %d", c.name, c.value, err, c.err, c.offset)
		}
	}
	// The message names the code point at fault.
	if err := m.SetParam("a", "€"); err == nil || err.Error() != `mimetype: set parameter "a=€" at offset 2, U+20AC '€': the value does not solely contain HTTP quoted-string token code points` {
		t.Errorf("message: %v", err)
	}
	if m.String() != want {
		t.Errorf("a refused SetParam changed the type: %q", m)
	}
}

// An *Error made by hand, its Offset outside its Input, still has a
// message.
func TestErrorByHand(t *testing.T) {
	for _, e := range []*Error{{}, {Err: ErrTypeNotToken, Offset: 3}, {Op: "parse", Input: "a", Offset: -1, Err: ErrSubtypeNotToken}} {
		if e.Error() == "" || e.Unwrap() != e.Err {
			t.Errorf("%#v", e)
		}
	}
}

// A copy made by assignment is independent of the original, both ways,
// whether SetParam replaces a value or appends one.
func TestCopyIndependent(t *testing.T) {
	m, _ := Parse("a/b;x=1;y=2")
	c := m
	c.SetParam("x", "changed")
	c.SetParam("z", "3")
	if m.String() != "a/b;x=1;y=2" || c.String() != "a/b;x=changed;y=2;z=3" {
		t.Errorf("m = %s, copy = %s", m, c)
	}
	d := m
	m.SetParam("w", "4")
	d.SetParam("v", "5")
	if m.String() != "a/b;x=1;y=2;w=4" || d.String() != "a/b;x=1;y=2;v=5" {
		t.Errorf("m = %s, copy = %s", m, d)
	}
	// Extract's charset, added to a parsed type, is its own too.
	e, _ := Extract([]string{"text/html;charset=gbk", "text/html;a=b"})
	f := e
	e.SetParam("charset", "utf-8")
	if f.String() != "text/html;a=b;charset=gbk" || e.String() != "text/html;a=b;charset=utf-8" {
		t.Errorf("e = %s, copy = %s", e, f)
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct {
		in     string
		err    error
		offset int
		msg    string
	}{
		{"", ErrTypeEmpty, 0, `mimetype: parse "": the type is the empty string`},
		{" \t\r\n", ErrTypeEmpty, 0, `mimetype: parse " \t\r\n": the type is the empty string`},
		{"/html", ErrTypeEmpty, 0, `mimetype: parse "/html": the type is the empty string`},
		{"text", ErrNoSlash, 0, `mimetype: parse "text": no U+002F (/) follows the type`},
		{"te xt/html", ErrTypeNotToken, 2, `mimetype: parse "te xt/html" at offset 2, U+0020 ' ': the type does not solely contain HTTP token code points`},
		{" tëxt/html", ErrTypeNotToken, 2, `mimetype: parse " tëxt/html" at offset 2, U+00EB 'ë': the type does not solely contain HTTP token code points`},
		{"text/", ErrSubtypeEmpty, 0, `mimetype: parse "text/": the subtype is the empty string`},
		{"text/ ;a=b", ErrSubtypeEmpty, 0, `mimetype: parse "text/ ;a=b": the subtype is the empty string`},
		{"text/ html", ErrSubtypeNotToken, 5, `mimetype: parse "text/ html" at offset 5, U+0020 ' ': the subtype does not solely contain HTTP token code points`},
		{"text/h\xfftml", ErrSubtypeNotToken, 6, `mimetype: parse "text/h\xfftml" at offset 6, the byte 0xff (not UTF-8): the subtype does not solely contain HTTP token code points`},
	} {
		m, err := Parse(c.in)
		var e *Error
		if err == nil || err.Error() != c.msg || !errors.As(err, &e) || e.Err != c.err || e.Offset != c.offset || e.Op != "parse" || e.Input != c.in {
			t.Errorf("Parse(%q) = %v, %#v; want %s", c.in, m, err, c.msg)
		}
		if m.String() != "" {
			t.Errorf("Parse(%q) failed with the type %s", c.in, m)
		}
	}
	// A long input is quoted up to 1 KiB.
	long := strings.Repeat("x", 5000)
	_, err := Parse(long)
	if msg := err.Error(); len(msg) > 1200 || !strings.Contains(msg, "(3976 more bytes)") {
		t.Errorf("Parse(5000 x): %.80s… (%d bytes)", msg, len(msg))
	}
	var e *Error
	if !errors.As(err, &e) || e.Input != long {
		t.Errorf("the *Error does not keep the input whole")
	}
}

// TestParseSteps covers the parameter steps one by one.
func TestParseSteps(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"text/html;", "text/html"},                                                   // 11.6: nothing after ";"
		{"text/html;charset", "text/html"},                                            // 11.6: a name without "="
		{"text/html;charset=", "text/html"},                                           // 11.6: nothing after "="
		{"text/html;charset=;x=y", "text/html;x=y"},                                   // 11.9.3: an empty value
		{"text/html;a;b=c", "text/html;b=c"},                                          // 11.5.1: ";" ends a name
		{"text/html;charset=\"x", "text/html;charset=x"},                              // an unclosed quoted string
		{"text/html;charset=\"x\\", "text/html;charset=\"x\\\\\""},                    // a "\" at the end is kept
		{"text/html;charset=\"shift_jis\"iso-2022-jp", "text/html;charset=shift_jis"}, // the spec's example
		{"text/html;test;charset=gbk", "text/html;charset=gbk"},                       // the examples
		{"text/html; charset=", "text/html"},
		{"text/html;charset=\"x", "text/html;charset=x"},
		{"a/b;X=1;x=2", "a/b;x=1"},       // the first wins, names lowercased
		{"a/b;x=\"\"", "a/b;x=\"\""},     // an empty quoted value is kept
		{"a/b;x=\"\\é\"", "a/b;x=\"é\""}, // an escaped code point above ASCII
		{"a/b;x=é€", "a/b"},              // U+20AC: not a quoted-string token code point
		{"a/b;x=\"\xff\"", "a/b"},        // invalid UTF-8 is U+FFFD
	} {
		m, err := Parse(c.in)
		if err != nil || m.String() != c.want {
			t.Errorf("Parse(%q) = %v, %v; want %s", c.in, m, err, c.want)
		}
	}
}

// U+000C FF is ASCII whitespace but not HTTP whitespace: it is not
// trimmed, and the subtype "b\f" is no token.
func TestFormFeedIsNotTrimmed(t *testing.T) {
	for _, in := range []string{"a/b\f", "\fa/b"} {
		if m, err := Parse(in); err == nil {
			t.Errorf("Parse(%q) = %s, want a failure", in, m)
		}
	}
}

// TestExtract runs the table of Fetch's example for "extract a MIME type".
func TestExtract(t *testing.T) {
	for _, c := range []struct {
		headers []string
		want    string // "" for failure
	}{
		{[]string{"text/plain;charset=gbk, text/html"}, "text/html"},
		{[]string{"text/html;charset=gbk;a=b, text/html;x=y"}, "text/html;x=y;charset=gbk"},
		{[]string{"text/html;charset=gbk;a=b", "text/html;x=y"}, "text/html;x=y;charset=gbk"},
		{[]string{"text/html;charset=gbk", "x/x", "text/html;x=y"}, "text/html;x=y"},
		{[]string{"text/html", "cannot-parse"}, "text/html"},
		{[]string{"text/html", "*/*"}, "text/html"},
		{[]string{"text/html", ""}, "text/html"},
		// More, from the steps.
		{nil, ""},             // 5: no header
		{[]string{""}, ""},    // 7: nothing parses
		{[]string{"*/*"}, ""}, // 6.2: */* is skipped
		{[]string{`text/html;a=",";b=c`}, `text/html;a=",";b=c`},        // a quoted ","
		{[]string{"text/html;charset=\xe9"}, "text/html;charset=\"é\""}, // isomorphic decode: 0xE9 is U+00E9
		{[]string{"text/html;charset=gbk", "text/html;charset=utf-8"}, "text/html;charset=utf-8"},
	} {
		m, err := Extract(c.headers)
		switch {
		case c.want == "" && err == nil:
			t.Errorf("Extract(%q) = %s, want a failure", c.headers, m)
		case c.want != "" && (err != nil || m.String() != c.want):
			t.Errorf("Extract(%q) = %v, %v; want %s", c.headers, m, err, c.want)
		}
	}
}

func TestCharset(t *testing.T) {
	for _, c := range []struct {
		in, want string
		ok       bool
	}{
		{"text/html;charset=utf-8", "UTF-8", true},
		{"text/html;charset=UTF8", "UTF-8", true},
		{"text/html;charset=ISO-8859-1", "windows-1252", true}, // the Encoding Standard's label
		{"text/html;charset=latin1", "windows-1252", true},
		{"text/html;charset=\" shift_jis \"", "Shift_JIS", true}, // get an encoding trims whitespace
		{"text/html;charset=x-user-defined", "x-user-defined", true},
		{"text/html;charset=utf-7", "", false},
		{"text/html", "", false},
	} {
		m, err := Parse(c.in)
		if err != nil {
			t.Fatal(err)
		}
		if name, ok := m.Charset(); name != c.want || ok != c.ok {
			t.Errorf("Parse(%q).Charset() = %q, %v; want %q, %v", c.in, name, ok, c.want, c.ok)
		}
	}
}

// fmt and encoding/json print a MIMEType held by value as its
// serialization, as they print one held by pointer.
func TestPrintValue(t *testing.T) {
	m, _ := Parse(`Text/Plain; A="b c"`)
	const want = `text/plain;a="b c"`
	if got := fmt.Sprint(m); got != want {
		t.Errorf("Sprint = %s", got)
	}
	if got := fmt.Sprintf("%v %s %v", m, m, &m); got != want+" "+want+" "+want {
		t.Errorf("Sprintf = %s", got)
	}
	b, err := json.Marshal(struct{ T MIMEType }{m})
	if err != nil || string(b) != `{"T":"text/plain;a=\"b c\""}` {
		t.Errorf("Marshal = %s, %v", b, err)
	}
	var v struct{ T MIMEType }
	if err := json.Unmarshal(b, &v); err != nil || v.T.String() != want {
		t.Errorf("Unmarshal = %s, %v", v.T, err)
	}
	if b, err := json.Marshal(MIMEType{}); err != nil || string(b) != `""` {
		t.Errorf("Marshal of the zero MIMEType = %s, %v", b, err)
	}
	if b, err := m.AppendText([]byte("x: ")); err != nil || string(b) != "x: "+want {
		t.Errorf("AppendText = %s, %v", b, err)
	}
}

func TestJSON(t *testing.T) {
	var v struct{ Type *MIMEType }
	if err := json.Unmarshal([]byte(`{"Type":"Text/Plain; A=\"b\""}`), &v); err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(v)
	if err != nil || string(b) != `{"Type":"text/plain;a=b"}` {
		t.Errorf("Marshal = %s, %v", b, err)
	}
	if err := json.Unmarshal([]byte(`{"Type":"nope"}`), &v); err == nil {
		t.Error("Unmarshal of nope: no error")
	}
	if v.Type.String() != "text/plain;a=b" {
		t.Errorf("a failed UnmarshalText changed the type to %s", v.Type)
	}
}

// TestParseAllocs: a type already in lowercase costs no allocation, its
// parameters one; lowercasing the essence one, a value with an escape one.
func TestParseAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts mean nothing under the race detector")
	}
	for _, c := range []struct {
		in   string
		want float64
	}{
		{"image/png", 0},
		{"text/html; charset=utf-8", 1},
		{"multipart/form-data; boundary=----x; charset=utf-8", 1},
		{"Text/HTML", 1},        // the lowercase essence
		{"a/b;x=\"a\\\"b\"", 2}, // the unescaped value
		{"a/b;p=1;q=2;r=3", 1},
	} {
		if got := testing.AllocsPerRun(100, func() { Parse(c.in) }); got != c.want {
			t.Errorf("Parse(%q): %v allocations, want %v", c.in, got, c.want)
		}
	}
	m, _ := Parse("image/png")
	if got := testing.AllocsPerRun(100, func() { _ = m.String() }); got != 0 {
		t.Errorf("String of a type without parameters: %v allocations", got)
	}
}
