package weburl

import "testing"

func TestPercentEncode(t *testing.T) {
	for _, c := range []struct {
		in   string
		set  EncodeSet
		want string
	}{
		// JavaScript's encodeURIComponent gives these with ComponentSet.
		{"a b&c=d/é", ComponentSet, "a%20b%26c%3Dd%2F%C3%A9"},
		{"-_.!~*'()", ComponentSet, "-_.!~*'()"},
		{"100%", ComponentSet, "100%25"},
		{"😀", ComponentSet, "%F0%9F%98%80"},
		// The form set leaves only alphanumerics and *-._ as they are.
		{"a~b!c'(d)", FormURLEncodedSet, "a%7Eb%21c%27%28d%29"},
		{"a b", PathSet, "a%20b"},
		{"a?b^c{}", PathSet, "a%3Fb%5Ec%7B%7D"},
		{"a?b", QuerySet, "a?b"},
		{"'", QuerySet, "'"},
		{"'", SpecialQuerySet, "%27"},
		{"`", FragmentSet, "%60"},
		{"`", QuerySet, "`"},
		{"\x00\x1f\x7f", C0ControlSet, "%00%1F%7F"},
		// A byte that is not UTF-8 is U+FFFD.
		{"a\xffb", C0ControlSet, "a%EF%BF%BDb"},
		{"abc", C0ControlSet, "abc"},
		{"", ComponentSet, ""},
		{"a b", 0, "a b"}, // the zero set: only non-ASCII
		{"é", 0, "%C3%A9"},
	} {
		if got := PercentEncode(c.in, c.set); got != c.want {
			t.Errorf("PercentEncode(%q, %d) = %q, want %q", c.in, c.set, got, c.want)
		}
	}
}

func TestPercentDecode(t *testing.T) {
	for in, want := range map[string]string{
		"%41%42":     "AB",
		"%4":         "%4",
		"%zz%41":     "%zzA",
		"%%41":       "%A",
		"100%":       "100%",
		"%C3%A9":     "é",
		"%ff":        "\xff", // bytes, not UTF-8 decoded
		"a+b":        "a+b",  // + is not a space here
		"no percent": "no percent",
		"%2e%2E":     "..",
	} {
		if got := PercentDecode(in); got != want {
			t.Errorf("PercentDecode(%q) = %q, want %q", in, got, want)
		}
	}
}
