package ascii

import (
	"strconv"
	"strings"
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

// The token code points, written out from RFC 9110's tchar.
func TestToken(t *testing.T) {
	const tchar = "!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	for c := 0; c < 256; c++ {
		if want := strings.IndexByte(tchar, byte(c)) >= 0; IsTokenByte(byte(c)) != want {
			t.Errorf("IsTokenByte(%#x) = %v, want %v", c, !want, want)
		}
	}
	for s, want := range map[string]int{"": -1, "text": -1, "a b": 1, "é": 0, "x/y": 1, "GET": -1} {
		if got := FirstNotToken(s); got != want {
			t.Errorf("FirstNotToken(%q) = %d, want %d", s, got, want)
		}
	}
}
