package canonical

import "testing"

// TestIndexHostStop holds IndexHostStop to a byte loop over the set that
// swar.HostStops documents ([a-z0-9.-], and A-Z with fold), from every
// start, on every string of up to five bytes of an alphabet and on a
// longer one, so that each word and tail of the scan is met.
func TestIndexHostStop(t *testing.T) {
	const alphabet = "aZ.-_:/0"
	in := func(c byte, fold uint64) bool {
		if fold != 0 && 'A' <= c && c <= 'Z' {
			c |= 0x20
		}
		return 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '.' || c == '-'
	}
	var gen func(p string, n int)
	gen = func(p string, n int) {
		for i := 0; i <= len(p); i++ {
			for _, fold := range []uint64{0, 0x2020202020202020} {
				want := i
				for want < len(p) && in(p[want], fold) {
					want++
				}
				if got := IndexHostStop(p, i, fold); got != want {
					t.Fatalf("IndexHostStop(%q, %d, %#x) = %d, want %d", p, i, fold, got, want)
				}
			}
		}
		if n == 0 {
			return
		}
		for k := range len(alphabet) {
			gen(p+alphabet[k:k+1], n-1)
		}
	}
	gen("", 5)
	gen("abcdefghij", 3)
}
