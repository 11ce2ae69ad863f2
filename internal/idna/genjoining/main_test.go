package main

import (
	"strings"
	"testing"
)

func TestGenerate(t *testing.T) {
	in := `# DerivedJoiningType-17.0.0.txt
# comment
0300..036F    ; T # Mn [112] COMBINING GRAVE ACCENT..COMBINING LATIN SMALL LETTER X
0620          ; D # Lo       ARABIC LETTER KASHMIRI YEH
0621          ; U # Lo       ARABIC LETTER HAMZA
0622..0625    ; R # Lo   [4] ARABIC LETTER ALEF WITH MADDA ABOVE..ARABIC LETTER ALEF WITH HAMZA BELOW
0370          ; T # Mn       a neighbour of the first range, of its type
200D          ; C # Cf       ZERO WIDTH JOINER
`
	src, err := generate(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	got := string(src)
	for _, want := range []string{
		"DerivedJoiningType-17.0.0.txt; DO NOT EDIT.",
		"{0x300, 0x370, jtT},\n\t{0x620, 0x620, jtD},\n\t{0x622, 0x625, jtR},\n}",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "0x200D") || strings.Contains(got, "0x621") {
		t.Errorf("U and C code points are in the table:\n%s", got)
	}
	if _, err := generate(strings.NewReader("0300 ; T\n")); err == nil {
		t.Error("a file without its version line was accepted")
	}
}
