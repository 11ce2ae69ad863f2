package percent

import "testing"

// The URL Standard's percent-decode examples and the edges of a %XX.
func TestAppendDecode(t *testing.T) {
	for in, want := range map[string]string{
		"":           "",
		"%25%s%1G":   "%%s%1G", // the spec's example
		"%e2%80%af":  "\xe2\x80\xaf",
		"%":          "%",
		"%4":         "%4",
		"a%41%4a%4A": "aAJJ",
		"%%41":       "%A",
	} {
		if got := string(AppendDecode([]byte("x"), in)); got != "x"+want {
			t.Errorf("AppendDecode(x, %q) = %q, want %q", in, got, "x"+want)
		}
	}
}
