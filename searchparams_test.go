package weburl

import (
	"errors"
	"net/url"
	"slices"
	"strings"
	"testing"
)

func TestWPTURLEncodedParser(t *testing.T) {
	type formCase struct {
		Input  string      `json:"input"`
		Output [][2]string `json:"output"`
	}
	passed, total := 0, 0
	for _, c := range loadWPTEntries[formCase](t, "urlencoded-parser-data.json") {
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
	t.Logf("urlencoded-parser-data.json: %d of %d cases pass", passed, total)
}

func pairsOf(s *SearchParams) func(func([2]string) bool) {
	return func(yield func([2]string) bool) {
		for k, v := range s.All() {
			if !yield([2]string{k, v}) {
				return
			}
		}
	}
}

func TestWPTURLTestDataSearchParams(t *testing.T) {
	checked := 0
	for _, c := range loadURLTests(t, "urltestdata.json") {
		if c.SearchParams == nil || c.Failure {
			continue
		}
		var base *URL
		if c.Base != nil {
			base = MustParse(*c.Base)
		}
		u, err := (&Parser{}).Parse(c.Input, base)
		if err != nil {
			t.Errorf("%q: %v", c.Input, err)
			continue
		}
		checked++
		if got := u.SearchParams().String(); got != *c.SearchParams {
			t.Errorf("%q: searchParams %q, want %q", c.Input, got, *c.SearchParams)
		}
	}
	t.Logf("urltestdata.json searchParams: %d cases checked", checked)
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

func TestSearchParamsMethods(t *testing.T) {
	s := NewSearchParams("?a=1&b=2&a=3")
	if s.Size() != 3 {
		t.Errorf("Size %d", s.Size())
	}
	if v, ok := s.Get("a"); !ok || v != "1" {
		t.Errorf("Get a = %q %v", v, ok)
	}
	if _, ok := s.Get("z"); ok {
		t.Error("Get z found something")
	}
	if got := s.GetAll("a"); !slices.Equal(got, []string{"1", "3"}) {
		t.Errorf("GetAll %q", got)
	}
	if !s.Has("b") || s.Has("c") || !s.HasValue("a", "3") || s.HasValue("a", "2") {
		t.Error("Has/HasValue wrong")
	}
	s.DeleteValue("a", "1")
	if s.String() != "b=2&a=3" {
		t.Errorf("after DeleteValue: %q", s.String())
	}
	s.Append("a", "4")
	s.Set("a", "x")
	if s.String() != "b=2&a=x" {
		t.Errorf("after Set: %q", s.String())
	}
	s.Set("c", "new")
	s.Delete("b")
	if s.String() != "a=x&c=new" {
		t.Errorf("after Delete: %q", s.String())
	}
	if keys := slices.Collect(s.Keys()); !slices.Equal(keys, []string{"a", "c"}) {
		t.Errorf("Keys %q", keys)
	}
	if vals := slices.Collect(s.Values()); !slices.Equal(vals, []string{"x", "new"}) {
		t.Errorf("Values %q", vals)
	}
}

func TestSortUTF16AndStable(t *testing.T) {
	s := NewSearchParamsFromPairs([][2]string{{"ﬃ", "1"}, {"🌈", "2"}, {"b", "3"}, {"a", "4"}, {"b", "5"}, {"a", "6"}})
	s.Sort()
	want := [][2]string{{"a", "4"}, {"a", "6"}, {"b", "3"}, {"b", "5"}, {"🌈", "2"}, {"ﬃ", "1"}}
	if got := slices.Collect(pairsOf(s)); !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	// A prefix sorts first.
	s = NewSearchParams("ab=1&a=2")
	s.Sort()
	if s.String() != "a=2&ab=1" {
		t.Errorf("got %q", s.String())
	}
}

func TestSearchParamsLinkedToURL(t *testing.T) {
	u := MustParse("https://h/p?a=1&b=2#f")
	sp := u.SearchParams()
	if sp != u.SearchParams() {
		t.Error("SearchParams is not the same object on each call")
	}
	sp.Append("c", "x y")
	if u.Href() != "https://h/p?a=1&b=2&c=x+y#f" {
		t.Errorf("after Append: %q", u.Href())
	}
	sp.Delete("a")
	sp.Delete("b")
	sp.Delete("c")
	if u.Href() != "https://h/p#f" || u.Search() != "" {
		t.Errorf("empty list must make the query null: %q", u.Href())
	}
	u.SetSearch("?z=9")
	if v, _ := sp.Get("z"); v != "9" || sp.Size() != 1 {
		t.Errorf("SetSearch not seen in params: %q", sp.String())
	}
	if err := u.SetHref("https://h/?k=v&k=w"); err != nil {
		t.Fatal(err)
	}
	if got := sp.GetAll("k"); !slices.Equal(got, []string{"v", "w"}) {
		t.Errorf("SetHref not seen in params: %q", got)
	}
	u.SetSearch("")
	if sp.Size() != 0 {
		t.Errorf("SetSearch(\"\") left %d pairs", sp.Size())
	}
	sp.Sort() // sorting an empty list leaves the query null
	if u.Href() != "https://h/" {
		t.Errorf("got %q", u.Href())
	}
}

func TestSearchParamsOpaquePathTrailingSpace(t *testing.T) {
	u := MustParse("sc:a b ?x=1#f")
	if u.Pathname() != "a b%20" {
		t.Fatalf("pathname %q", u.Pathname())
	}
	u.SearchParams().Delete("x")
	if u.Href() != "sc:a b%20#f" {
		t.Errorf("got %q", u.Href())
	}
	u.SetHash("")
	if v, err := Parse(u.Href()); err != nil || v.Href() != u.Href() {
		t.Errorf("%q does not reparse to itself: %v %v", u.Href(), v, err)
	}
}

func TestURLValuesConversion(t *testing.T) {
	s := NewSearchParams("b=2&a=1&b=3")
	v := s.URLValues()
	if !slices.Equal(v["b"], []string{"2", "3"}) || v.Get("a") != "1" {
		t.Errorf("URLValues %v", v)
	}
	back := NewSearchParamsFromValues(url.Values{"b": {"2", "3"}, "a": {"1"}})
	if back.String() != "a=1&b=2&b=3" {
		t.Errorf("from Values: %q", back.String())
	}
}
