package swar

import (
	"encoding/binary"
	"strings"
	"testing"
)

// Each helper gives what a loop over the bytes gives, for every byte
// value at every position of a word and of the tail after it.
func TestHelpers(t *testing.T) {
	for b := 0; b < 256; b++ {
		for pos := 0; pos < 20; pos++ {
			for _, fill := range []byte{'a', 'Z', '/', '.', 0x80} {
				s := strings.Repeat(string(fill), pos) + string([]byte{byte(b)}) + strings.Repeat(string(fill), 20-pos)
				check(t, s)
				check(t, s[:pos+1])
			}
		}
	}
}

func check(t *testing.T, s string) {
	t.Helper()
	wantASCII, wantUpper, wantBelow := true, false, len(s)
	for i := len(s) - 1; i >= 0; i-- {
		c := s[i]
		wantASCII = wantASCII && c < 0x80
		wantUpper = wantUpper || 'A' <= c && c <= 'Z'
		if c < 0x0E {
			wantBelow = i
		}
	}
	if IsASCII(s) != wantASCII {
		t.Errorf("IsASCII(%q) = %v", s, !wantASCII)
	}
	if wantASCII && HasUpper(s) != wantUpper {
		t.Errorf("HasUpper(%q) = %v", s, !wantUpper)
	}
	if got := IndexBelow(s, 0x0E); got != wantBelow {
		t.Errorf("IndexBelow(%q, 0x0E) = %d, want %d", s, got, wantBelow)
	}
	if wantASCII {
		if got, want := string(AppendLower([]byte("x"), s)), "x"+strings.ToLower(s); got != want {
			t.Errorf("AppendLower(%q) = %q, want %q", s, got, want)
		}
	}
	lower := []byte(s)
	for i, c := range lower {
		if 'A' <= c && c <= 'Z' {
			lower[i] = c + 'a' - 'A'
		}
	}
	if got := ToLower(s); got != string(lower) {
		t.Errorf("ToLower(%q) = %q, want %q", s, got, lower)
	}
	if !EqualLower(s, string(lower)) || !EqualLower([]byte(s), string(lower)) {
		t.Errorf("EqualLower(%q, %q) = false", s, lower)
	}
	if len(s) > 0 {
		other := string(lower[:len(s)-1]) + string(lower[len(s)-1]^0x20)
		if EqualLower(s, other) || EqualLower(s, string(lower[1:])) {
			t.Errorf("EqualLower(%q, %q or its tail) = true", s, other)
		}
	}
	for i := max(0, len(s)-7); i < len(s); i++ {
		var want uint64
		for j := min(len(s), i+8) - 1; j >= i; j-- {
			want = want<<8 | uint64(s[j])
		}
		if got := LoadPadded(s, i); got != want {
			t.Errorf("LoadPadded(%q, %d) = %#x, want %#x", s, i, got, want)
		}
	}
	for i := 0; i+8 <= len(s); i++ {
		x := Load64(s, i)
		var upper, host, domain, dots uint64
		for j := 0; j < 8; j++ {
			c, bit := s[i+j], uint64(0x80)<<(8*j)
			if 'A' <= c && c <= 'Z' {
				upper |= bit
			}
			if c == '.' {
				dots |= bit
			}
			if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '.' || c == '-') {
				host |= bit
			}
			if !('a' <= c|0x20 && c|0x20 <= 'z' || '0' <= c && c <= '9' || c == '.' || c == '-') {
				domain |= bit
			}
		}
		if wantASCII {
			if got := Upper(x); got != upper {
				t.Errorf("Upper(%q) = %#x, want %#x", s[i:i+8], got, upper)
			}
		}
		if got := HostStops(x, 0); got != host {
			t.Errorf("HostStops(%q) = %#x, want %#x", s[i:i+8], got, host)
		}
		if got := HostStops(x, Ones*0x20); got != domain {
			t.Errorf("HostStops(%q, Ones*0x20) = %#x, want %#x", s[i:i+8], got, domain)
		}
		// Eq is exact before the first non-ASCII byte.
		ascii := x&Highs&-(x&Highs) - 1
		if got := Eq(x, '.'); got&ascii != dots&ascii {
			t.Errorf("Eq(%q, '.') = %#x, want %#x", s[i:i+8], got, dots)
		}
		if got := EqAny(x, '.'); got != dots {
			t.Errorf("EqAny(%q, '.') = %#x, want %#x", s[i:i+8], got, dots)
		}
		if got, want := EqAny(x, 0x80), EqAny(x^Ones*0x80, 0); got != want {
			t.Errorf("EqAny(%q, 0x80) = %#x, want %#x", s[i:i+8], got, want)
		}
		if below := Below(x, 0x0E); (below == 0) != (IndexBelow(s[i:i+8], 0x0E) == 8) {
			t.Errorf("Below(%q, 0x0E) = %#x", s[i:i+8], below)
		}
		if got := FirstByte(domain); domain != 0 && (got > 7 || domain&(0x80<<(8*got)) == 0 || domain&(1<<(8*got)-1) != 0) {
			t.Errorf("FirstByte(%#x) = %d", domain, got)
		}
	}
	if FirstByte(0) != 8 {
		t.Errorf("FirstByte(0) = %d, want 8", FirstByte(0))
	}
}

// ToLower returns its argument itself when it has no upper-case letter.
func TestToLowerNoCopy(t *testing.T) {
	for _, s := range []string{"", "text/html", "caf\xc3\xa9 \xff \xc1", "0123456789abcdef~"} {
		if n := testing.AllocsPerRun(10, func() { ToLower(s) }); n != 0 {
			t.Errorf("ToLower(%q): %v allocations", s, n)
		}
	}
	if got := ToLower("Text/HTML;Charset=UTF-8\xc1\xda"); got != "text/html;charset=utf-8\xc1\xda" {
		t.Errorf("ToLower: %q", got)
	}
}

// TestFirstEq finds each byte value at each place of a word, after
// bytes of every value but it, and in a word without it.
func TestFirstEq(t *testing.T) {
	for c := range 256 {
		for i := range 9 {
			for _, fill := range []byte{0, 1, byte(c) ^ 1, byte(c) + 1, 0x7F, 0x80, 0xFF} {
				if fill == byte(c) {
					continue
				}
				var b [8]byte
				for j := range b {
					b[j] = fill
					if j > i {
						b[j] = byte(j * 37) // anything, c included
					}
				}
				if i < 8 {
					b[i] = byte(c)
				}
				x := binary.LittleEndian.Uint64(b[:])
				if got := FirstByte(FirstEq(x, byte(c))); got != i {
					t.Fatalf("FirstByte(FirstEq(%#x, %#x)) = %d, want %d", x, c, got, i)
				}
			}
		}
	}
}
