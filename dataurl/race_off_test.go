//go:build !race

package dataurl

const raceEnabled = false
