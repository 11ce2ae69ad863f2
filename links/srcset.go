package links

import (
	"math"
	"strconv"
	"strings"
)

// parseSrcset calls fn with the URL of each image candidate of a srcset
// value, in order, following HTML's "parse a srcset attribute": candidates
// are separated by commas after a URL's end, a URL runs to the next ASCII
// whitespace (so it may hold commas) less its trailing commas, and a
// candidate whose descriptors are invalid is dropped, as a browser drops
// it. It stops when fn returns false.
func parseSrcset(s string, fn func(url string) bool) {
	pos := 0
	for {
		// The splitting loop: skip whitespace and commas.
		for pos < len(s) && (isSpace(s[pos]) || s[pos] == ',') {
			pos++
		}
		if pos >= len(s) {
			return
		}
		start := pos
		for pos < len(s) && !isSpace(s[pos]) {
			pos++
		}
		url := s[start:pos]
		ok := true
		if strings.HasSuffix(url, ",") {
			// A URL that ends in a comma has no descriptors.
			url = strings.TrimRight(url, ",")
		} else {
			var descs []string
			descs, pos = srcsetDescriptors(s, pos)
			ok = validDescriptors(descs)
		}
		if ok && !fn(url) {
			return
		}
	}
}

// srcsetDescriptors is HTML's descriptor tokenizer: it reads the
// descriptors that follow a URL up to the comma that ends the candidate
// (a comma inside parentheses does not) and returns them with the
// position after that comma.
func srcsetDescriptors(s string, pos int) ([]string, int) {
	const (
		inDescriptor = iota
		inParens
		afterDescriptor
	)
	for pos < len(s) && isSpace(s[pos]) {
		pos++
	}
	var descs []string
	cur := -1 // start of the current descriptor, or -1 when it is empty
	state := inDescriptor
	for ; ; pos++ {
		if pos >= len(s) {
			if cur >= 0 {
				descs = append(descs, s[cur:])
			}
			return descs, pos
		}
		c := s[pos]
		switch state {
		case inDescriptor:
			switch {
			case isSpace(c):
				if cur >= 0 {
					descs = append(descs, s[cur:pos])
					cur = -1
					state = afterDescriptor
				}
			case c == ',':
				if cur >= 0 {
					descs = append(descs, s[cur:pos])
				}
				return descs, pos + 1
			case c == '(':
				if cur < 0 {
					cur = pos
				}
				state = inParens
			default:
				if cur < 0 {
					cur = pos
				}
			}
		case inParens:
			if c == ')' {
				state = inDescriptor
			}
		case afterDescriptor:
			if !isSpace(c) {
				state = inDescriptor
				pos-- // reconsume c in the descriptor state
			}
		}
	}
}

// validDescriptors is HTML's descriptor parser, without the values: at
// most one of a width ("100w") and a density ("1.5x"), a positive width,
// a density not below zero, and a height ("50h", reserved for the future)
// only beside a width.
func validDescriptors(descs []string) bool {
	var width, density, height bool
	for _, d := range descs {
		n := len(d) - 1
		if n < 0 {
			return false
		}
		num := d[:n]
		switch d[n] {
		case 'w':
			if width || density || !positiveInteger(num) {
				return false
			}
			width = true
		case 'x':
			if width || density || height || !validFloat(num) {
				return false
			}
			v, err := strconv.ParseFloat(num, 64)
			if err != nil || v < 0 || math.IsInf(v, 0) {
				return false
			}
			density = true
		case 'h':
			if height || density || !positiveInteger(num) {
				return false
			}
			height = true
		default:
			return false
		}
	}
	return !height || width
}

// positiveInteger reports whether s is a valid non-negative integer (ASCII
// digits only) whose value is not zero.
func positiveInteger(s string) bool {
	if s == "" {
		return false
	}
	nonzero := false
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
		nonzero = nonzero || s[i] != '0'
	}
	return nonzero
}

// validFloat reports whether s is a valid floating-point number in HTML's
// grammar: an optional "-", digits with an optional fraction or a fraction
// alone (".5"), and an optional exponent.
func validFloat(s string) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	digits := func() int {
		j := i
		for i < len(s) && '0' <= s[i] && s[i] <= '9' {
			i++
		}
		return i - j
	}
	intDigits := digits()
	if i < len(s) && s[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	} else if intDigits == 0 {
		return false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '-' || s[i] == '+') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(s)
}
