package weburl

import (
	"strconv"
	"strings"

	"github.com/weburl/weburl/internal/ascii"
)

// endsInANumber is the spec's "ends in a number checker": it decides whether
// a domain is to be parsed as an IPv4 address. Most domains end in a label
// such as "com" that no IPv4 number can be: a number ends in a hex digit or
// the x of "0x", and starts with a digit, which decides without parsing.
func endsInANumber(s string) bool {
	n := len(s)
	if n > 0 && s[n-1] == '.' { // step 2: one trailing empty label goes
		n--
	}
	if n == 0 {
		return false
	}
	if c := s[n-1] | 0x20; !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || c == 'x') {
		return false
	}
	start := n - 1
	for start > 0 && s[start-1] != '.' {
		start--
	}
	last := s[start:n]
	if last[0] < '0' || last[0] > '9' {
		return false // neither decimal, nor "0x" hex, nor "0" octal
	}
	allDigits := true
	for i := 0; i < len(last); i++ {
		if last[i] < '0' || last[i] > '9' {
			allDigits = false
			break
		}
	}
	if allDigits {
		return true
	}
	_, _, ok := parseIPv4Number(last)
	return ok
}

// parseIPv4Number is the spec's "IPv4 number parser". Values too large for
// any IPv4 address saturate at 1<<40, which keeps the caller's range checks
// right without overflow.
func parseIPv4Number(s string) (n uint64, nonDecimal, ok bool) {
	if s == "" {
		return 0, false, false
	}
	radix := uint64(10)
	if len(s) >= 2 && (s[:2] == "0x" || s[:2] == "0X") {
		nonDecimal, s, radix = true, s[2:], 16
	} else if len(s) >= 2 && s[0] == '0' {
		nonDecimal, s, radix = true, s[1:], 8
	}
	if s == "" {
		return 0, true, true
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		var d uint64
		switch {
		case '0' <= c && c <= '9':
			d = uint64(c - '0')
		case radix == 16 && ascii.IsHex(c):
			d = uint64(ascii.Unhex(c))
		default:
			return 0, false, false
		}
		if d >= radix {
			return 0, false, false
		}
		if n < 1<<40 {
			n = n*radix + d
		}
	}
	return min(n, 1<<40), nonDecimal, true
}

// parseIPv4 is the spec's "IPv4 parser". It reports validation errors to e
// and returns false on failure.
func (h hostParser) parseIPv4(s string) (uint32, bool) {
	if strings.HasSuffix(s, ".") {
		h.report(IPv4EmptyPart)
		if len(s) > 1 {
			s = s[:len(s)-1]
		}
	}
	parts := strings.Count(s, ".") + 1
	if parts < 4 {
		h.report(IPv4TooFewParts)
	}
	if parts > 4 {
		h.report(IPv4TooManyParts)
		return 0, false
	}
	var numbers [4]uint64
	for i := range parts {
		part := s
		if j := strings.IndexByte(s, '.'); j >= 0 {
			part, s = s[:j], s[j+1:]
		}
		n, nonDecimal, ok := parseIPv4Number(part)
		if !ok {
			h.report(IPv4NonNumericPart)
			return 0, false
		}
		if nonDecimal {
			h.report(IPv4NonDecimalPart)
		}
		numbers[i] = n
	}
	for i := range parts {
		if numbers[i] > 255 {
			h.report(IPv4OutOfRangePart)
			break
		}
	}
	for i := range parts - 1 {
		if numbers[i] > 255 {
			return 0, false
		}
	}
	ipv4 := numbers[parts-1]
	if ipv4 >= 1<<(8*(5-parts)) {
		return 0, false
	}
	for i := range parts - 1 {
		ipv4 += numbers[i] << (8 * (3 - i))
	}
	return uint32(ipv4), true
}

// appendIPv4 is the spec's "IPv4 serializer".
func appendIPv4(dst []byte, a uint32) []byte {
	for i := 3; i >= 0; i-- {
		dst = strconv.AppendUint(dst, uint64(a>>(8*i)&0xFF), 10)
		if i != 0 {
			dst = append(dst, '.')
		}
	}
	return dst
}
