package weburl

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"golang.org/x/text/encoding/htmlindex"
)

func TestWPTURLEncodedParser(t *testing.T) {
	passed, total := 0, 0
	for _, c := range loadFormTests(t) {
		total++
		want := c.Output
		if want == nil {
			want = [][2]string{}
		}
		got := ParseForm(c.Input)
		if got == nil {
			got = [][2]string{}
		}
		sp := slices.Collect(pairsOf(NewSearchParams(c.Input)))
		if sp == nil {
			sp = [][2]string{}
		}
		if !slices.Equal(got, want) || !slices.Equal(sp, want) {
			t.Errorf("%q: ParseForm %q, NewSearchParams %q, want %q", c.Input, got, sp, want)
			continue
		}
		passed++
	}
	t.Logf("urlencoded: %d of %d cases pass", passed, total)
}

func TestFormParsingRules(t *testing.T) {
	tests := []struct {
		in   string
		want [][2]string
	}{
		{"a=1;b=2", [][2]string{{"a", "1;b=2"}}},       // ';' is ordinary
		{"a=%2B+b", [][2]string{{"a", "+ b"}}},         // %2B is '+', '+' a space
		{"a=%zz%4", [][2]string{{"a", "%zz%4"}}},       // bad escapes stay
		{"&&a&=b&", [][2]string{{"a", ""}, {"", "b"}}}, // empty sequences skipped
		{"a=1&a=2&b", [][2]string{{"a", "1"}, {"a", "2"}, {"b", ""}}},
		{"x=%E2%82", [][2]string{{"x", "\uFFFD"}}}, // one U+FFFD for a maximal subpart
		{"x=%FF%FE", [][2]string{{"x", "\uFFFD\uFFFD"}}},
		{"a==b", [][2]string{{"a", "=b"}}},
	}
	for _, tt := range tests {
		if got := ParseForm(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("ParseForm(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestFormLimit(t *testing.T) {
	in := strings.Repeat("a=1&", 10)
	got, err := ParseFormLimit(in, 3)
	if !errors.Is(err, ErrTooManyPairs) || len(got) != 3 {
		t.Errorf("got %d pairs, %v", len(got), err)
	}
	if got, err := ParseFormLimit(in, 10); err != nil || len(got) != 10 {
		t.Errorf("at the limit: %d, %v", len(got), err)
	}
}

func TestEncodeForm(t *testing.T) {
	got := EncodeForm([][2]string{{"a b", "c+d"}, {"é", "*-._!~'()"}, {"", ""}})
	want := "a+b=c%2Bd&%C3%A9=*-._%21%7E%27%28%29&="
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestEncodeFormIn checks the serializer with an encoding. The bytes are
// worked out by hand from the Encoding Standard's index files.
func TestEncodeFormIn(t *testing.T) {
	for _, c := range []struct {
		label string
		pairs [][2]string
		want  string
	}{
		// Shift_JIS: 名 4071 (96 BC), 前 3023 (91 4F), 日 3569 (93 FA),
		// 本 4007 (96 7B), 語 2237 (8C EA); the form set encodes { and O
		// is left as it is; 😀 has no pointer.
		{"shift_jis", [][2]string{{"\u540d\u524d", "\u65e5\u672c \u8a9e"}, {"x", "\U0001f600"}},
			"%96%BC%91O=%93%FA%96%7B+%8C%EA&x=%26%23128512%3B"},
		// windows-1252: é E9, è E8, € 80 (pointer 0), U+0081 81, and a
		// space as '+'; U+0080 has no pointer.
		{"windows-1252", [][2]string{{"caf\u00e9 cr\u00e8me", "\u20ac5"}, {"\u0081", "\u0080"}},
			"caf%E9+cr%E8me=%805&%81=%26%23128%3B"},
		// ISO-2022-JP: every name and value is encoded on its own, so each
		// ¥ starts with its own switch to Roman (1B 28 4A) and ends with
		// the switch back (1B 28 42); the form set encodes ( and \.
		{"iso-2022-jp", [][2]string{{"\u00a5", "\u00a5"}, {"a", "\u65e5 \u20ac"}},
			"%1B%28J%5C%1B%28B=%1B%28J%5C%1B%28B&a=%1B%24BF%7C%1B%28B+%26%238364%3B"},
		// gb18030: 中 D6 D0, ḿ A8 BC, U+E5E5 fails.
		{"gb18030", [][2]string{{"\u4e2d", "\u1e3f\ue5e5"}}, "%D6%D0=%A8%BC%26%2358853%3B"},
		// The output encoding of UTF-16LE is UTF-8.
		{"utf-16le", [][2]string{{"a b", "\u00e9"}}, "a+b=%C3%A9"},
		// Empty pairs, and ASCII that stays as it is.
		{"big5", [][2]string{{"", ""}, {"*-._", "~"}}, "=&*-._=%7E"},
	} {
		enc, err := htmlindex.Get(c.label)
		if err != nil {
			t.Fatal(err)
		}
		if got := EncodeFormIn(c.pairs, enc); got != c.want {
			t.Errorf("%s %q:\n got %q\nwant %q", c.label, c.pairs, got, c.want)
		}
	}
	pairs := [][2]string{{"a b", "c+d"}, {"\u00e9", "\xff"}}
	if got, want := EncodeFormIn(pairs, nil), EncodeForm(pairs); got != want {
		t.Errorf("nil encoding: %q, want EncodeForm's %q", got, want)
	}
	if got := EncodeFormIn(nil, nil); got != "" {
		t.Errorf("no pairs: %q", got)
	}
}

// ParseFormBytes gives ParseForm's pairs, which the spec's parser makes
// of a body ('+' a space, %XX a byte, a name alone an empty value), and
// keeps them when the caller reuses the slice.
func TestParseFormBytes(t *testing.T) {
	body := []byte("a=1&b=%20+x&c&=d&a=%e2%82%ac")
	want := [][2]string{{"a", "1"}, {"b", "  x"}, {"c", ""}, {"", "d"}, {"a", "€"}}
	got := ParseFormBytes(body)
	for i := range body {
		body[i] = 'z'
	}
	if !slices.Equal(got, want) {
		t.Errorf("ParseFormBytes = %q, want %q", got, want)
	}
	if got := ParseFormBytes(nil); len(got) != 0 {
		t.Errorf("ParseFormBytes(nil) = %q, want no pairs", got)
	}
}
