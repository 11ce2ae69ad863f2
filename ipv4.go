package weburl

import (
	"strconv"
	"strings"

	"github.com/weburl/weburl/internal/canonical"
)

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
		n, nonDecimal, ok := canonical.ParseIPv4Number(part)
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
