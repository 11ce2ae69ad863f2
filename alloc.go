package weburl

import "unsafe"

// A URL whose href is not its input needs the URL and the bytes of the
// href. newURLWithHref makes both in one allocation, a struct of the URL
// and a byte array: the href points into the struct's own array, which
// the URL, reachable, keeps alive, and the garbage collector scans the
// struct only up to the href's pointer. Sizes follow the runtime's size
// classes, so that the array wastes no more than a separate string's
// rounding would; past 32 KiB the href is a string of its own.

// urlWith is a URL and the room for its href.
type urlWith[A any] struct {
	u URL
	b A
}

func newURLWith[A any](n int) (*URL, []byte) {
	x := new(urlWith[A])
	return &x.u, unsafe.Slice((*byte)(unsafe.Pointer(&x.b)), unsafe.Sizeof(x.b))[:0:n]
}

// newURLWithHref returns a new URL and an empty slice of capacity n in the
// same allocation, for the caller to write the href into and then set
// u.href to bytesAsString of it; nothing else may write the slice after.
// The sizes are the runtime's size classes less the URL's 56 bytes.
func newURLWithHref(n int) (*URL, []byte) {
	switch {
	case n <= 8:
		return newURLWith[[8]byte](n)
	case n <= 24:
		return newURLWith[[24]byte](n)
	case n <= 40:
		return newURLWith[[40]byte](n)
	case n <= 56:
		return newURLWith[[56]byte](n)
	case n <= 72:
		return newURLWith[[72]byte](n)
	case n <= 88:
		return newURLWith[[88]byte](n)
	case n <= 104:
		return newURLWith[[104]byte](n)
	case n <= 136:
		return newURLWith[[136]byte](n)
	case n <= 168:
		return newURLWith[[168]byte](n)
	case n <= 200:
		return newURLWith[[200]byte](n)
	case n <= 264:
		return newURLWith[[264]byte](n)
	case n <= 328:
		return newURLWith[[328]byte](n)
	case n <= 392:
		return newURLWith[[392]byte](n)
	case n <= 456:
		return newURLWith[[456]byte](n)
	case n <= 584:
		return newURLWith[[584]byte](n)
	case n <= 712:
		return newURLWith[[712]byte](n)
	case n <= 968:
		return newURLWith[[968]byte](n)
	case n <= 1224:
		return newURLWith[[1224]byte](n)
	case n <= 1480:
		return newURLWith[[1480]byte](n)
	case n <= 1992:
		return newURLWith[[1992]byte](n)
	case n <= 2632:
		return newURLWith[[2632]byte](n)
	case n <= 3016:
		return newURLWith[[3016]byte](n)
	case n <= 4040:
		return newURLWith[[4040]byte](n)
	case n <= 5320:
		return newURLWith[[5320]byte](n)
	case n <= 6088:
		return newURLWith[[6088]byte](n)
	case n <= 8136:
		return newURLWith[[8136]byte](n)
	case n <= 10184:
		return newURLWith[[10184]byte](n)
	case n <= 12232:
		return newURLWith[[12232]byte](n)
	case n <= 16328:
		return newURLWith[[16328]byte](n)
	case n <= 24520:
		return newURLWith[[24520]byte](n)
	case n <= 32712:
		return newURLWith[[32712]byte](n)
	}
	return new(URL), make([]byte, 0, n)
}
