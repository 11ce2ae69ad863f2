package ecmaregexp

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestZeroRegexp(t *testing.T) {
	var re Regexp // the empty pattern, /(?:)/v
	if !re.MatchString("abc") || !slices.Equal(re.FindStringSubmatchIndex("abc"), []int{0, 0}) {
		t.Error("the zero Regexp does not match the empty string at 0")
	}
	if re.NumSubexp() != 0 || !slices.Equal(re.SubexpNames(), []string{""}) || re.String() != "" || !re.Exact() {
		t.Errorf("zero Regexp: %d groups, names %q, source %q", re.NumSubexp(), re.SubexpNames(), re.String())
	}
	empty := MustCompile("", 0)
	if !slices.Equal(empty.FindStringSubmatchIndex("abc"), []int{0, 0}) {
		t.Error(`Compile("") does not match the empty string at 0`)
	}
}

func TestSubexpNames(t *testing.T) {
	re := MustCompile(`(?<year>\d{4})-(\d\d)(?:-(?<\u0064ay>\d\d))?|(?<year>x)`, 0)
	if got, want := re.SubexpNames(), []string{"", "year", "", "day", "year"}; !slices.Equal(got, want) {
		t.Errorf("SubexpNames() = %q, want %q", got, want)
	}
	if re.NumSubexp() != 4 {
		t.Errorf("NumSubexp() = %d, want 4", re.NumSubexp())
	}
	if re.String() != `(?<year>\d{4})-(\d\d)(?:-(?<\u0064ay>\d\d))?|(?<year>x)` {
		t.Errorf("String() = %q", re.String())
	}
	// Names: ID_Start and ID_Continue, $, _, ZWNJ and ZWJ, \u escapes
	// (a surrogate pair as one code point).
	for src, name := range map[string]string{
		`(?<$_a1>x)`:            "$_a1",
		`(?<π>x)`:               "π",
		`(?<a\u200Cb>x)`:        "a\u200cb",
		`(?<\u{1D4D1}>x)`:       "\U0001D4D1",
		`(?<\uD835\uDCD1x>x)`:   "\U0001D4D1x",
		`(?<a\u{300}>x)`:        "a\u0300",
		`(?<\u0041\u{42}C>x)`:   "ABC",
		`(?<ab>x)|(?<ab>y)|(z)`: "ab",
		`(?<_>(?<$>x))`:         "_",
		`(?<Ωmega>x)`:           "Ωmega",
		`(?<ǅ>x)`:               "ǅ",
	} {
		re, err := Compile(src, 0)
		if err != nil {
			t.Errorf("Compile(%q): %v", src, err)
			continue
		}
		if re.SubexpNames()[1] != name {
			t.Errorf("Compile(%q): name %q, want %q", src, re.SubexpNames()[1], name)
		}
	}
}

func TestSimpleCaseFolding(t *testing.T) {
	// CaseFolding.txt, status C and S.
	for r, want := range map[rune]rune{
		'A': 'a', 'a': 'a', 0x212A: 'k', 0x17F: 's', 0x1E9E: 0xDF, 0xDF: 0xDF,
		0x3C2: 0x3C3, 0x3A3: 0x3C3, 0xAB70: 0x13A0, 0x13F8: 0x13F0, 0x13A0: 0x13A0,
		0x130: 0x130, 0x1C5: 0x1C6, 0x1C4: 0x1C6, 0x10400: 0x10428, 0x345: 0x3B9,
	} {
		if got := scf(r); got != want {
			t.Errorf("scf(%U) = %U, want %U", r, got, want)
		}
	}
}

func TestTables(t *testing.T) {
	if UnicodeVersion != "17.0.0" {
		t.Errorf("UnicodeVersion = %q", UnicodeVersion)
	}
	gc := func(name string) runeSet { return tableSet(generalCategories[generalCategoryNames[name]]) }
	// L is the union of its subcategories, and LC of Lu, Ll, Lt (UAX #44).
	l := gc("Lu").union(gc("Ll")).union(gc("Lt")).union(gc("Lm")).union(gc("Lo"))
	if !slices.Equal(l, gc("L")) {
		t.Error("L is not Lu ∪ Ll ∪ Lt ∪ Lm ∪ Lo")
	}
	if !slices.Equal(gc("Lu").union(gc("Ll")).union(gc("Lt")), gc("LC")) {
		t.Error("LC is not Lu ∪ Ll ∪ Lt")
	}
	// The General_Category values partition the code points.
	all := runeSet(nil)
	for _, v := range []string{"Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd", "Nl", "No", "Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po", "Sm", "Sc", "Sk", "So", "Zs", "Zl", "Zp", "Cc", "Cf", "Cs", "Co", "Cn"} {
		s := gc(v)
		if len(all.intersect(s)) != 0 {
			t.Errorf("%s overlaps another category", v)
		}
		all = all.union(s)
	}
	if !slices.Equal(all, allRunes) {
		t.Error("the General_Category values do not cover every code point")
	}
	if !slices.Equal(tableSet(binaryProperties["Any"]), allRunes) {
		t.Error("Any is not every code point")
	}
	if !slices.Equal(tableSet(binaryProperties["ASCII"]), runeSet{{0, 0x7F}}) {
		t.Error("ASCII is not U+0000..U+007F")
	}
	for alias, name := range binaryPropertyNames {
		if _, ok := binaryProperties[name]; !ok {
			t.Errorf("binary property %s (%s) has no table", name, alias)
		}
	}
	if len(binaryProperties) != 53 || len(stringProperties) != 7 {
		t.Errorf("%d binary properties and %d properties of strings, want ECMA-262's 53 and 7", len(binaryProperties), len(stringProperties))
	}
	for alias, name := range scriptNames {
		if _, ok := scripts[name]; !ok {
			t.Errorf("script %s (%s) has no table", name, alias)
		}
		if _, ok := scriptExtensions[name]; !ok {
			t.Errorf("script %s (%s) has no Script_Extensions table", name, alias)
		}
	}
	// Scripts of Unicode 16 and 17.
	for _, src := range []string{`\p{sc=Garay}`, `\p{sc=Gara}`, `\p{scx=Sunuwar}`, `\p{sc=Tolong_Siki}`, `\p{sc=Sidt}`, `\p{Script=Beria_Erfe}`} {
		if _, err := Compile(src, 0); err != nil {
			t.Errorf("Compile(%q): %v", src, err)
		}
	}
}

// TestLinearSize checks that the translation stays linear in the size of
// the pattern: the RE2 programs of a pattern twice as long are at most
// about twice as long.
func TestLinearSize(t *testing.T) {
	families := map[string]func(k int) string{
		"nullable loops":        func(k int) string { return strings.Repeat(`(?:a?b?|c?)*`, k) },
		"nested nullable loops": func(k int) string { return strings.Repeat(`(?:a?`, k) + strings.Repeat(`b?)*`, k) },
		"alternations in loops": func(k int) string { return strings.Repeat(`(?:(?:x|y?)(?:|z)*)*`, k) },
		"captures in loops":     func(k int) string { return strings.Repeat(`(?:(a)|b?)+`, k) },
		"nested captures": func(k int) string {
			return strings.Repeat(`(?:(a)`, min(k, 15)) + strings.Repeat(`x)*`, min(k, 15)) + strings.Repeat(`c`, k)
		},
		"folded literals": func(k int) string { return strings.Repeat(`kſσ`, k) },
		"classes":         func(k int) string { return strings.Repeat(`[\p{L}--[a-z]]`, k) },
	}
	for name, f := range families {
		sizes := make([]int, 0, 3)
		for _, k := range []int{16, 32, 64} {
			re, err := Compile(f(k), IgnoreCase)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			sizes = append(sizes, re.prog.size())
		}
		for j := 1; j < len(sizes); j++ {
			if sizes[j] > 2*sizes[j-1]+1024 {
				t.Errorf("%s: program sizes %v grow faster than the pattern", name, sizes)
			}
		}
	}
}

func TestNotExact(t *testing.T) {
	// A loop whose atom needs more distribution than the budget allows
	// keeps RE2's empty-loop rule, and says so.
	src := strings.Repeat(`(?:a?|b?)`, 40)
	re := MustCompile(`(?:`+src+`)*`, 0)
	if re.Exact() {
		t.Fatal("40 nullable alternations in a loop were rewritten within the budget")
	}
	if !re.MatchString("ab") {
		t.Error("no match")
	}
}

func FuzzCompile(f *testing.F) {
	for _, c := range matchCases {
		f.Add(c.src, uint8(c.flags), c.in)
	}
	for _, c := range syntaxCases {
		if len(c.src) < 100 {
			f.Add(c.src, uint8(c.flags), "abc")
		}
	}
	f.Fuzz(func(t *testing.T, src string, flags uint8, in string) {
		re, err := Compile(src, Flags(flags&1))
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("Compile(%q): error %T", src, err)
			}
			if se.Offset < 0 || se.Offset > len(src) || se.Source != src || se.Reason == "" {
				t.Fatalf("Compile(%q): offset %d, reason %q", src, se.Offset, se.Reason)
			}
			return
		}
		if re.String() != src {
			t.Fatalf("String() = %q, want %q", re.String(), src)
		}
		if len(re.SubexpNames()) != re.NumSubexp()+1 {
			t.Fatalf("%d names for %d groups", len(re.SubexpNames()), re.NumSubexp())
		}
		m := re.FindStringSubmatchIndex(in)
		if re.Exact() && len(src) <= 200 && len(in) <= 64 {
			n, p, _ := parse(src, flags&1 != 0, nil)
			if want, ok := referenceMatch(n, p.ncap, in); ok && !slices.Equal(m, want) {
				t.Fatalf("/%s/ (flags %d) on %q: %v, the reference matcher %v", src, flags&1, in, m, want)
			}
		}
		if (m != nil) != re.MatchString(in) {
			t.Fatalf("/%s/ on %q: FindStringSubmatchIndex %v but MatchString %v", src, in, m, re.MatchString(in))
		}
		if m == nil {
			return
		}
		if len(m) != 2*(re.NumSubexp()+1) || m[0] < 0 || m[0] > m[1] || m[1] > len(in) {
			t.Fatalf("/%s/ on %q: %v", src, in, m)
		}
		for g := 1; g <= re.NumSubexp(); g++ {
			lo, hi := m[2*g], m[2*g+1]
			if (lo < 0) != (hi < 0) || lo >= 0 && (lo < m[0] || hi > m[1] || lo > hi) {
				t.Fatalf("/%s/ on %q: group %d at %d..%d outside the match %v", src, in, g, lo, hi, m)
			}
			if lo >= 0 && lo < len(in) && utf8.ValidString(in) && !utf8.RuneStart(in[lo]) {
				t.Fatalf("/%s/ on %q: group %d starts inside a code point", src, in, g)
			}
		}
	})
}

func ExampleCompile() {
	re, err := Compile(`(?<id>\d+)(?:\.(?<ext>[\p{L}--\p{Lu}]+))?`, 0)
	if err != nil {
		panic(err)
	}
	fmt.Println(re.SubexpNames()[1:], re.FindStringSubmatchIndex("/books/42"))
	_, err = Compile(`(?<=x)y`, 0)
	fmt.Println(err)
	// Output:
	// [id ext] [7 9 7 9 -1 -1]
	// invalid regular expression "(?<=x)y" at offset 0: lookbehind (?<=…) is not supported: matching must stay linear in time
}

func ExampleCompile_ignoreCase() {
	re := MustCompile(`[\w--\d]+`, IgnoreCase)
	fmt.Println(re.FindStringSubmatchIndex("42 K\u212aſ"))
	// Output:
	// [3 9]
}

func TestFoldedBoundaryExact(t *testing.T) {
	for _, c := range []struct {
		src   string
		flags Flags
		exact bool
	}{
		{`\bk`, IgnoreCase, true},
		{`(?i:\b)`, 0, true},
		{`\bk`, 0, true},
		{`(?-i:\b)k`, IgnoreCase, true},
		{`[\b]`, IgnoreCase, true},
		{`a\B(?-i:b)`, IgnoreCase, false},
		{`(?i:\b)b`, 0, false},
	} {
		if re := MustCompile(c.src, c.flags); re.Exact() != c.exact {
			t.Errorf("/%s/ (flags %d): Exact() = %v", c.src, c.flags, re.Exact())
		}
	}
}

// TestConcurrentUse matches one Regexp (with a loop's sub-program) from
// many goroutines; -race checks it. (V8 gives the same groups.)
func TestConcurrentUse(t *testing.T) {
	re := MustCompile(`(?:(a)|(b))+(?<k>k)?`, IgnoreCase)
	want := []int{0, 4, -1, -1, 2, 3, 3, 4}
	done := make(chan bool)
	for range 8 {
		go func() {
			ok := true
			for range 200 {
				ok = ok && slices.Equal(re.FindStringSubmatchIndex("aBbK"), want) && re.MatchString("xb") && !re.MatchString("k")
			}
			done <- ok
		}()
	}
	for range 8 {
		if !<-done {
			t.Error("a goroutine got another answer")
		}
	}
}

// TestUnicode17GroupNames: group names by Unicode 17's ID_Start and
// ID_Continue, whatever the toolchain's package unicode has; V8 with ICU
// 78 (Unicode 17) accepts and refuses the same names.
func TestUnicode17GroupNames(t *testing.T) {
	for _, c := range []struct {
		src string
		ok  bool
	}{
		{"(?<a\u30fb>x)", true}, {"(?<\u30fba>x)", false},
		{"(?<a\uff65>x)", true}, {"(?<\uff65>x)", false},
		{"(?<\u1c89>x)", true}, {"(?<\ua7cb>x)", true}, {"(?<\U00010d50>x)", true},
		{"(?<a\u2e2f>x)", false},
	} {
		if _, err := Compile(c.src, 0); (err == nil) != c.ok {
			t.Errorf("Compile(%q): %v, want ok %v", c.src, err, c.ok)
		}
		name := c.src[len("(?<") : len(c.src)-len(">x)")]
		for i, r := range name {
			if r >= utf8.RuneSelf && IsIdentifierChar(r, i == 0) != c.ok {
				t.Errorf("IsIdentifierChar(%U, %v) = %v", r, i == 0, !c.ok)
			}
		}
	}
}
