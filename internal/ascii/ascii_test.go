package ascii

import (
	"strconv"
	"testing"
)

func TestHex(t *testing.T) {
	for c := 0; c < 256; c++ {
		v, err := strconv.ParseUint(string(rune(c)), 16, 8)
		want := err == nil && c < 0x80
		if got := IsHex(byte(c)); got != want {
			t.Errorf("IsHex(%#x) = %v, want %v", c, got, want)
		}
		if want && Unhex(byte(c)) != byte(v) {
			t.Errorf("Unhex(%q) = %d, want %d", rune(c), Unhex(byte(c)), v)
		}
	}
}
