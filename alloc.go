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
// The sizes are the runtime's size classes less the URL's 48 bytes.
func newURLWithHref(n int) (*URL, []byte) {
	switch {
	case n <= 16:
		return newURLWith[[16]byte](n)
	case n <= 32:
		return newURLWith[[32]byte](n)
	case n <= 48:
		return newURLWith[[48]byte](n)
	case n <= 64:
		return newURLWith[[64]byte](n)
	case n <= 80:
		return newURLWith[[80]byte](n)
	case n <= 96:
		return newURLWith[[96]byte](n)
	case n <= 112:
		return newURLWith[[112]byte](n)
	case n <= 144:
		return newURLWith[[144]byte](n)
	case n <= 176:
		return newURLWith[[176]byte](n)
	case n <= 208:
		return newURLWith[[208]byte](n)
	case n <= 272:
		return newURLWith[[272]byte](n)
	case n <= 336:
		return newURLWith[[336]byte](n)
	case n <= 400:
		return newURLWith[[400]byte](n)
	case n <= 464:
		return newURLWith[[464]byte](n)
	case n <= 592:
		return newURLWith[[592]byte](n)
	case n <= 720:
		return newURLWith[[720]byte](n)
	case n <= 976:
		return newURLWith[[976]byte](n)
	case n <= 1232:
		return newURLWith[[1232]byte](n)
	case n <= 1488:
		return newURLWith[[1488]byte](n)
	case n <= 2000:
		return newURLWith[[2000]byte](n)
	case n <= 2640:
		return newURLWith[[2640]byte](n)
	case n <= 3024:
		return newURLWith[[3024]byte](n)
	case n <= 4048:
		return newURLWith[[4048]byte](n)
	case n <= 5328:
		return newURLWith[[5328]byte](n)
	case n <= 6096:
		return newURLWith[[6096]byte](n)
	case n <= 8144:
		return newURLWith[[8144]byte](n)
	case n <= 10192:
		return newURLWith[[10192]byte](n)
	case n <= 12240:
		return newURLWith[[12240]byte](n)
	case n <= 16336:
		return newURLWith[[16336]byte](n)
	case n <= 24528:
		return newURLWith[[24528]byte](n)
	case n <= 32720:
		return newURLWith[[32720]byte](n)
	}
	return new(URL), make([]byte, 0, n)
}

// newHref returns the URL to write an href of n bytes into and the room
// for it: u itself and a new slice when u is the caller's, else a new URL
// with the room in its allocation (newURLWithHref).
func newHref(u *URL, n int) (*URL, []byte) {
	if u != nil {
		return u, make([]byte, 0, n)
	}
	return newURLWithHref(n)
}

// bytesAsString views b as a string without copying. The caller must not
// change b while the string is in use.
func bytesAsString(b []byte) string {
	return unsafe.String(unsafe.SliceData(b), len(b))
}
