//go:build race

package sitemap

// raceEnabled is true under the race detector, which makes allocation
// counts mean nothing.
const raceEnabled = true
