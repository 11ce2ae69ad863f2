package weburl

import (
	"math/rand/v2"
	"strings"
	"testing"

	"golang.org/x/net/idna"
)

func TestAppendPunycode(t *testing.T) {
	// RFC 3492 section 7.1 and well-known labels.
	for _, c := range []struct{ label, want string }{
		{"bücher", "bcher-kva"},
		{"münchen", "mnchen-3ya"},
		{"☕", "53h"},
		{"ü", "tda"},
		{"他们为什么不说中文", "ihqwcrb4cv8a8dqg056pqjye"},
		{"почемужеонинеговорятпорусски", "b1abfaaepdrnnbgefbadotcwatmq2g4l"},
		{"3年b組金八先生", "3b-ww4c5e180e575a65lsy2b"},
	} {
		if got := string(appendPunycode(nil, c.label)); got != c.want {
			t.Errorf("appendPunycode(%q) = %q, want %q", c.label, got, c.want)
		}
	}
}

// Our encoder gives x/net/idna's answer on random labels, short enough for
// x/net's quadratic encoder, with repeats and basic code points mixed in.
func TestAppendPunycodeMatchesXNet(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	pool := []rune("abz09-äöüßçéあいう中文字😀☕\u0301\U0010FFFD\u0080")
	for range 5000 {
		var b strings.Builder
		for range 1 + r.IntN(40) {
			b.WriteRune(pool[r.IntN(len(pool))])
		}
		label := b.String()
		if isASCII(label) {
			continue
		}
		want, err := idna.Punycode.ToASCII(label)
		if err != nil {
			t.Fatalf("x/net: %q: %v", label, err)
		}
		if got := "xn--" + string(appendPunycode(nil, label)); got != want {
			t.Fatalf("appendPunycode(%q) = %q, x/net %q", label, got, want)
		}
	}
}

func TestCheckHyphens(t *testing.T) {
	for label, want := range map[string]bool{
		"ab--c": false, "-ab": false, "ab-": false, "a-b": true, "abc--": false,
		"é--x":  true, // "--" are the second and third code points
		"äb--符": false, "ab-c-d": true, "": true, "--": false,
	} {
		if got := checkHyphens(label); got != want {
			t.Errorf("checkHyphens(%q) = %v, want %v", label, got, want)
		}
	}
}

// The limits that keep IDNA linear, where Chrome (ICU4C) sets them.
func TestIDNALimits(t *testing.T) {
	ok := func(host string) bool { _, err := Parse("https://" + host + "/"); return err == nil }
	if !ok(strings.Repeat("中", 1000) + ".example") {
		t.Error("a label of 1000 UTF-16 units failed")
	}
	if ok(strings.Repeat("中", 1001) + ".example") {
		t.Error("a label of 1001 UTF-16 units parsed")
	}
	if ok(strings.Repeat("😀", 501) + ".example") {
		t.Error("a label of 501 astral code points (1002 units) parsed")
	}
	if !ok("\u00e4." + strings.Repeat("a", 5000)) {
		t.Error("a long ASCII label in an IDN failed; ICU sets no limit there")
	}
	if !ok(strings.Repeat("a", 100000) + ".com") {
		t.Error("a long ASCII domain failed")
	}
	long := "xn--" + strings.Repeat("a", 2001)
	if ok("\u00e4." + long) {
		t.Error("a Punycode label of 2001 bytes was decoded")
	}
	// An ASCII domain is only lowercased: no Punycode is decoded.
	if !ok(long) {
		t.Error("an ASCII domain with a long xn-- label failed")
	}
}

func TestJoiningTypeOf(t *testing.T) {
	for r, want := range map[rune]joiningType{
		'\u0628': jtD, // ARABIC LETTER BEH
		'\u0627': jtR, // ARABIC LETTER ALEF
		'\u0661': jtU, // ARABIC-INDIC DIGIT ONE
		'\u064B': jtT, // ARABIC FATHATAN, a nonspacing mark
		'\uA872': jtL, // PHAGS-PA SUPERFIXED LETTER RA
		'a':      jtU,
		'\u200D': jtU, // ZWJ is Join_Causing, which the rule treats as U
	} {
		if got := joiningTypeOf(r); got != want {
			t.Errorf("joiningTypeOf(%U) = %d, want %d", r, got, want)
		}
	}
}

// RFC 5892 appendix A.1, case by case.
func TestZWNJInContext(t *testing.T) {
	for label, want := range map[string]bool{
		"\u0628\u200c\u0628":             true,  // D ZWNJ D
		"\u0628\u064b\u200c\u064b\u0627": true,  // D T ZWNJ T R
		"\u0628\u200c\u0661":             false, // D ZWNJ U: x/net/idna accepts this
		"\u0627\u200c\u0628":             false, // R before
		"\u200c\u0628":                   false, // nothing before
		"\u0628\u200c":                   false, // nothing after
		"\u0915\u094d\u200c\u0930":       true,  // after a virama
		"a\u200cb":                       false,
		"\u0628\u0628":                   true, // no ZWNJ
	} {
		if got := zwnjInContext(label); got != want {
			t.Errorf("zwnjInContext(%+q) = %v, want %v", label, got, want)
		}
	}
	if _, err := Parse("https://\u0628\u200c\u0661.example/"); err == nil {
		t.Error("a host with ZWNJ before a non-joining digit parsed")
	}
	if _, err := Parse("https://\u0628\u200c\u0628.example/"); err != nil {
		t.Errorf("a host with ZWNJ between dual-joining letters: %v", err)
	}
}
