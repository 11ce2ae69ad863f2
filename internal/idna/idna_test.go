package idna

import (
	"math/rand/v2"
	"strings"
	"testing"

	"golang.org/x/net/idna"

	"github.com/weburl/weburl/internal/swar"
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
		if swar.IsASCII(label) {
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
	ok := func(host string) bool { _, err := ToASCII(host, false); return err == nil }
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
	if _, err := ToASCII("\u0628\u200c\u0661.example", false); err == nil {
		t.Error("a domain with ZWNJ before a non-joining digit passed")
	}
	if _, err := ToASCII("\u0628\u200c\u0628.example", false); err != nil {
		t.Errorf("a domain with ZWNJ between dual-joining letters: %v", err)
	}
}

// UTS #46 Processing step 4.1: a label that starts with "xn--" after
// mapping and holds a non-ASCII code point is an error; x/net/idna decoded
// the ASCII-looking part instead.
func TestNonASCIIPunycodeLabel(t *testing.T) {
	for _, c := range []struct {
		domain string
		want   bool
	}{
		{"xn--ü-", true},
		{"XN--ü-", true},                // mapping lowercases
		{"\uff58\uff4e--\u00fc-", true}, // fullwidth "ｘｎ" maps to "xn"
		{"a.xn--ü-.b", true},            // any label
		{"a\u3002xn--ü-", true},         // after an ideographic full stop
		{"xn--\u00ad\u00fc", true},      // U+00AD maps to nothing
		{"ü.xn--tda", false},            // Punycode is ASCII
		{"xnü--", false},                // not "xn--" first
		{"x\u00adn--ü", true},           // U+00AD maps to nothing: "xn--ü"
		{"ün--", false},
		{"bücher.example", false},
	} {
		if got := nonASCIIPunycodeLabel(c.domain); got != c.want {
			t.Errorf("nonASCIIPunycodeLabel(%q) = %v, want %v", c.domain, got, c.want)
		}
		_, err := ToASCII(c.domain, false)
		if c.want && err == nil {
			t.Errorf("ToASCII(%q) passed, want an error", c.domain)
		}
	}
}

func TestMayMapToX(t *testing.T) {
	for label, want := range map[string]bool{
		"x": true, "X": true, "a": false, "ä": false, "中": false, "ß": false,
		"\uff58":  true,  // fullwidth x
		"\u24e7":  true,  // circled x
		"\u2169":  true,  // Roman numeral ten, which maps to "x"
		"\u00ad":  true,  // maps to nothing: the next code point decides
		"\u200bx": true,  // likewise
		"\uff41":  false, // fullwidth a
	} {
		if got := mayMapToX(label); got != want {
			t.Errorf("mayMapToX(%+q) = %v, want %v", label, got, want)
		}
	}
}

func TestToASCII(t *testing.T) {
	for _, c := range []struct {
		domain   string
		beStrict bool
		want     string // "" for an error
	}{
		{"bücher.example", false, "xn--bcher-kva.example"},
		{"BÜCHER.example", false, "xn--bcher-kva.example"},
		{"☕.example", false, "xn--53h.example"},
		{"a_b.ü", false, "a_b.xn--tda"},
		{"a_b.ü", true, ""}, // UseSTD3ASCIIRules
		{"ü.example.", false, "xn--tda.example."},
		{"ü.example.", true, ""},   // VerifyDnsLength: the empty root label
		{"-ü", false, "xn----eha"}, // as x/net/idna.Punycode encodes it
		{"-ü", true, ""},           // CheckHyphens
		{"ü.xn--", false, ""},
		{"ü.xn--zca", false, "xn--tda.xn--zca"},
		{"\xff", false, ""},
	} {
		got, err := ToASCII(c.domain, c.beStrict)
		if c.want == "" {
			if err == nil {
				t.Errorf("ToASCII(%q, %v) = %q, want an error", c.domain, c.beStrict, got)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("ToASCII(%q, %v) = %q, %v; want %q", c.domain, c.beStrict, got, err, c.want)
		}
	}
}

func TestToUnicode(t *testing.T) {
	for _, c := range []struct{ domain, want string }{
		{"xn--bcher-kva.example", "bücher.example"},
		{"example.com", "example.com"},
		{"xn--53h.example", "☕.example"},
		{"xn--8i7caa", ""},          // decodes to "ｗｗｗ", which is mapped, not valid
		{"xn--a", ""},               // not Punycode of anything valid
		{"xn--.example", ""},        // an empty Punycode label
		{"xn--ls8h.xn--zca", "💩.ß"}, // nontransitional
	} {
		got, err := ToUnicode(c.domain)
		if c.want == "" {
			if err == nil {
				t.Errorf("ToUnicode(%q) = %q, want an error", c.domain, got)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("ToUnicode(%q) = %q, %v; want %q", c.domain, got, err, c.want)
		}
	}
}
