//go:build race

package encoding

// raceEnabled is true under the race detector, which slows the
// exhaustive sweeps about tenfold.
const raceEnabled = true
