//go:build !race

package webhttp

const raceEnabled = false
