//go:build race

package urlpattern

// raceEnabled is true under the race detector, which makes the
// exhaustive and the 1 MiB tests several times slower: they run smaller.
const raceEnabled = true
