// Package alloctest is for tests only: the one measure of what a call
// allocates, which the hostile-input and budget tests compare at doubling
// sizes (a count from the runtime, never a clock).
package alloctest

import "runtime"

// Bytes returns the bytes f allocates (runtime.MemStats' TotalAlloc).
// Two collections before it empty every sync.Pool, so that the count does
// not depend on what ran before; f's own collections do not change it.
func Bytes(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}
