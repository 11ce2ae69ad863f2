package weburl

import (
	"math/rand/v2"
	"net/url"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"
)

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
	for _, c := range loadURLTests(t, "urltestdata.tsv") {
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
	other := u.SearchParams() // a second view of the same query
	defer func() {
		if other.String() != sp.String() || other.Size() != sp.Size() {
			t.Errorf("two views of one URL disagree: %q, %q", other.String(), sp.String())
		}
	}()
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
	if err := u.SetSearch("?z=9"); err != nil {
		t.Fatal(err)
	}
	if v, _ := sp.Get("z"); v != "9" || sp.Size() != 1 {
		t.Errorf("SetSearch not seen in params: %q", sp.String())
	}
	if err := u.SetHref("https://h/?k=v&k=w"); err != nil {
		t.Fatal(err)
	}
	if got := sp.GetAll("k"); !slices.Equal(got, []string{"v", "w"}) {
		t.Errorf("SetHref not seen in params: %q", got)
	}
	if err := u.SetSearch(""); err != nil {
		t.Fatal(err)
	}
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
	if err := u.SetHash(""); err != nil {
		t.Fatal(err)
	}
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

// compareUTF16 against the code units themselves, on random strings of
// ASCII, BMP and astral code points and invalid bytes.
func TestCompareUTF16(t *testing.T) {
	units := func(s string) []uint16 {
		var u []uint16
		for _, r := range s { // an invalid byte reads as U+FFFD
			u = utf16.AppendRune(u, r)
		}
		return u
	}
	r := rand.New(rand.NewPCG(3, 4))
	pool := []string{"a", "b", "z", "A", "~", "é", "\uE000", "\uFFFD", "😀", "\U00010000", "\xff", "\xe2\x82", ""}
	for range 20000 {
		var a, b strings.Builder
		for range r.IntN(5) {
			a.WriteString(pool[r.IntN(len(pool))])
		}
		b.WriteString(a.String()[:r.IntN(a.Len()+1)])
		for range r.IntN(4) {
			b.WriteString(pool[r.IntN(len(pool))])
		}
		x, y := a.String(), b.String()
		want := slices.Compare(units(x), units(y))
		if got := compareUTF16(x, y); (got > 0) != (want > 0) || (got < 0) != (want < 0) {
			t.Fatalf("compareUTF16(%q, %q) = %d, want the sign of %d", x, y, got, want)
		}
	}
}
