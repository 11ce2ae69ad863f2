//go:build race

package webhttp

// raceEnabled is true under the race detector, which makes the 1 MiB
// hostile targets many times slower: they run smaller.
const raceEnabled = true
