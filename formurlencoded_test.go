package weburl

import (
	"errors"
	"slices"
	"strings"
	"testing"
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
