package weburl

import "unsafe"

// bytesAsString views b as a string without copying. The caller must not
// change b while the string is in use.
func bytesAsString(b []byte) string {
	return unsafe.String(unsafe.SliceData(b), len(b))
}
