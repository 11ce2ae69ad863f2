package weburl

import (
	"strings"
	"testing"
)

// The sets and classes as the spec's prose defines them, code point by
// code point, to check the generated table against.
func inRange(c, lo, hi rune) bool { return lo <= c && c <= hi }

func specC0Control(c rune) bool { return inRange(c, 0, 0x1F) || c > 0x7E }
func specFragment(c rune) bool  { return specC0Control(c) || strings.ContainsRune(" \"<>`", c) }
func specQuery(c rune) bool     { return specC0Control(c) || strings.ContainsRune(" \"#<>", c) }
func specSpecialQuery(c rune) bool {
	return specQuery(c) || c == '\''
}
func specPath(c rune) bool { return specQuery(c) || strings.ContainsRune("?^`{}", c) }
func specUserinfo(c rune) bool {
	return specPath(c) || strings.ContainsRune("/:;=@|", c) || inRange(c, '[', ']')
}
func specComponent(c rune) bool {
	return specUserinfo(c) || inRange(c, '$', '&') || c == '+' || c == ','
}
func specForm(c rune) bool {
	return specComponent(c) || c == '!' || inRange(c, '\'', ')') || c == '~'
}
func specForbiddenHost(c rune) bool {
	return strings.ContainsRune("\x00\t\n\r #/:<>?@[\\]^|", c)
}
func specForbiddenDomain(c rune) bool {
	return specForbiddenHost(c) || inRange(c, 0, 0x1F) || c == '%' || c == 0x7F
}
func specURLCodePoint(c rune) bool {
	return inRange(c, '0', '9') || inRange(c, 'A', 'Z') || inRange(c, 'a', 'z') ||
		strings.ContainsRune("!$&'()*+,-./:;=?@_~", c)
}

func TestEncodeSets(t *testing.T) {
	for _, s := range []struct {
		name string
		set  EncodeSet
		spec func(rune) bool
	}{
		{"C0 control", C0ControlSet, specC0Control},
		{"fragment", FragmentSet, specFragment},
		{"query", QuerySet, specQuery},
		{"special-query", SpecialQuerySet, specSpecialQuery},
		{"path", PathSet, specPath},
		{"userinfo", UserinfoSet, specUserinfo},
		{"component", ComponentSet, specComponent},
		{"application/x-www-form-urlencoded", FormURLEncodedSet, specForm},
	} {
		for c := rune(0); c < 0x100; c++ {
			if got, want := s.set.Contains(c), s.spec(c); got != want {
				t.Errorf("%s percent-encode set: Contains(%U) = %v, want %v", s.name, c, got, want)
			}
			// A byte of a UTF-8 string: every byte from 0x80 is part of a
			// non-ASCII code point.
			if got, want := s.set.has(byte(c)), s.spec(c) || c >= 0x80; got != want {
				t.Errorf("%s percent-encode set: has(%#x) = %v, want %v", s.name, c, got, want)
			}
		}
		for _, c := range []rune{0x80, 0xFF, 0x100, 0x10FFFF, -1} {
			if !s.set.Contains(c) {
				t.Errorf("%s percent-encode set lacks %U", s.name, c)
			}
		}
	}
	var zero EncodeSet
	if zero.Contains('a') || zero.Contains(' ') || !zero.Contains('é') {
		t.Error("the zero EncodeSet holds ASCII or lacks non-ASCII")
	}
}

func TestCharClasses(t *testing.T) {
	authorityEnd := func(c rune) bool { return strings.ContainsRune("/?#", c) }
	specialAuthorityEnd := func(c rune) bool { return authorityEnd(c) || c == '\\' }
	for _, k := range []struct {
		name  string
		class charClass
		spec  func(rune) bool
	}{
		{"forbidden host", forbiddenHostClass, specForbiddenHost},
		{"forbidden domain", forbiddenDomainClass, specForbiddenDomain},
		{"not a URL code point", notURLCodePointClass, func(c rune) bool { return c < 0x80 && !specURLCodePoint(c) }},
		{"authority end", authorityEndClass, authorityEnd},
		{"special authority end", specialAuthorityEndClass, specialAuthorityEnd},
		{"host stop", hostStopClass, func(c rune) bool { return authorityEnd(c) || strings.ContainsRune(":[]", c) }},
		{"special host stop", specialHostStopClass, func(c rune) bool { return specialAuthorityEnd(c) || strings.ContainsRune(":[]", c) }},
		{"path stop", pathStopClass, func(c rune) bool { return specPath(c) || strings.ContainsRune("/\\%", c) }},
		{"query stop", queryStopClass, func(c rune) bool { return specQuery(c) || strings.ContainsRune("#%", c) }},
		{"special query stop", specialQueryStopClass, func(c rune) bool { return specSpecialQuery(c) || strings.ContainsRune("#%", c) }},
		{"fragment stop", fragmentStopClass, func(c rune) bool { return specFragment(c) || c == '%' }},
		{"opaque path stop", opaquePathStopClass, func(c rune) bool { return specC0Control(c) || strings.ContainsRune("?# %", c) }},
		{"fast host stop", fastHostStopClass, func(c rune) bool { return specForbiddenDomain(c) || c >= 0x80 }},
		{"fast path stop", fastPathStopClass, func(c rune) bool { return specPath(c) || c == '\\' }},
		{"fast opaque path stop", fastOpaquePathStopClass, func(c rune) bool { return specC0Control(c) || strings.ContainsRune("?# ", c) }},
		{"dot segment start", dotStartClass, func(c rune) bool { return c == '.' || c == '%' }},
		{"slash", slashClass, func(c rune) bool { return c == '/' }},
		{"slash, one bit after dot segment start", dotStartClass << 1, func(c rune) bool { return c == '/' }},
	} {
		for c := rune(0); c < 0x100; c++ {
			if got, want := k.class.has(byte(c)), k.spec(c); got != want {
				t.Errorf("%s: has(%#x) = %v, want %v", k.name, c, got, want)
			}
		}
	}
}

func TestIsURLCodePoint(t *testing.T) {
	for r, want := range map[rune]bool{
		'a': true, '~': true, '%': false, ' ': false, '"': false, 0x7F: false,
		0x9F: false, 0xA0: true, 0xD800: false, 0xFDD0: false, 0xFFFE: false,
		0x1FFFF: false, 0x10FFFD: true, 0x110000: false, -1: false,
	} {
		if got := isURLCodePoint(r); got != want {
			t.Errorf("isURLCodePoint(%U) = %v, want %v", r, got, want)
		}
	}
}
