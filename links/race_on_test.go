//go:build race

package links

// raceEnabled is true under the race detector, whose sync.Pool drops items
// at random (the URL parser pools its state), so allocation counts mean
// nothing there.
const raceEnabled = true
