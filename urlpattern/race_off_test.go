//go:build !race

package urlpattern

const raceEnabled = false
