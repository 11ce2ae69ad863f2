package idna

import (
	"strings"
	"testing"
)

// AppendToASCII gives ToASCII's answer, from the table on the second call
// without allocating, and caches neither failures nor huge domains.
func TestAppendToASCII(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"faß.de", "xn--fa-hia.de"},
		{"bücher.example", "xn--bcher-kva.example"},
		{"日本.jp", "xn--wgv71a.jp"},
	} {
		for range 2 {
			got, err := AppendToASCII([]byte("x"), tt.in)
			if err != nil || string(got) != "x"+tt.want {
				t.Errorf("AppendToASCII(%q) = %q, %v; want %q", tt.in, got, err, "x"+tt.want)
			}
		}
		buf := make([]byte, 0, 64)
		if n := testing.AllocsPerRun(10, func() { _, _ = AppendToASCII(buf, tt.in) }); n != 0 {
			t.Errorf("AppendToASCII(%q) seen before: %v allocations, want 0", tt.in, n)
		}
	}
	// xn--a is not valid Punycode's output for any label: ToASCII fails.
	for range 2 {
		if got, err := AppendToASCII([]byte("x"), "xn--a.ü"); err == nil || string(got) != "x" {
			t.Errorf(`AppendToASCII("xn--a.ü") = %q, %v; want "x" and an error`, got, err)
		}
	}
	long := strings.Repeat("ü", maxCachedDomain)
	want, werr := ToASCII(long, false)
	got, err := AppendToASCII(nil, long)
	if string(got) != want || (err == nil) != (werr == nil) {
		t.Errorf("AppendToASCII(%d bytes) = %q, %v; ToASCII gives %q, %v", len(long), got, err, want, werr)
	}
	for i := range cache {
		if e := cache[i].Load(); e != nil && e.domain == long {
			t.Errorf("slot %d holds the %d-byte domain", i, len(long))
		}
	}
}
