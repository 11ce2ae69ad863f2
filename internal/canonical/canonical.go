// Package canonical holds the checks that a part of a URL is already as
// the URL parser serializes it, which the root package's fast path and
// webhttp's router share, so that the two cannot disagree on what the
// parser leaves alone (TestAuthorityMatchesParser holds them to
// weburl.Parse). It also holds the spec's IPv4 number parser and
// ends-in-a-number checker, which the host parser uses.
package canonical

import (
	"github.com/weburl/weburl/internal/ascii"
	"github.com/weburl/weburl/internal/swar"
)

// EndsInANumber is the spec's "ends in a number checker": it decides whether
// a domain is to be parsed as an IPv4 address. Most domains end in a label
// such as "com" that no IPv4 number can be: a number ends in a hex digit or
// the x of "0x", and starts with a digit, which decides without parsing.
func EndsInANumber(s string) bool {
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
	_, _, ok := ParseIPv4Number(last)
	return ok
}

// ParseIPv4Number is the spec's "IPv4 number parser". Values too large for
// any IPv4 address saturate at 1<<40, which keeps the caller's range checks
// right without overflow.
func ParseIPv4Number(s string) (n uint64, nonDecimal, ok bool) {
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

// MayEndInANumber is false for most hosts that do not end in a number, and
// true for those that do: its last byte is neither a digit, nor a hex
// digit, nor 'x', nor the dot after them. host is not empty.
func MayEndInANumber(host string) bool {
	c := host[len(host)-1] | 0x20
	return c <= '9' || 'a' <= c && c <= 'f' || c == 'x'
}

// IsCanonicalIPv4 reports whether s is an IPv4 address as the host
// serializer writes it: four decimal numbers up to 255, without leading
// zeros, separated by dots.
func IsCanonicalIPv4(s string) bool {
	parts := 0
	for i := 0; i <= len(s); {
		start, n := i, 0
		for i < len(s) && '0' <= s[i] && s[i] <= '9' && n <= 255 {
			n = n*10 + int(s[i]-'0')
			i++
		}
		digits := i - start
		if digits == 0 || digits > 3 || n > 255 || s[start] == '0' && digits > 1 {
			return false
		}
		parts++
		if i == len(s) {
			break
		}
		if s[i] != '.' || parts == 4 {
			return false
		}
		i++
	}
	return parts == 4
}

// ScanPort returns the end of the run of ASCII digits at s[i:] and their
// value, or 65536 for any value above 65535 (so that a long run cannot
// overflow): the port state's scan, which the fast path, resume and
// CanParse share.
func ScanPort(s string, i int) (end, port int) {
	for ; i < len(s) && '0' <= s[i] && s[i] <= '9'; i++ {
		port = min(port*10+int(s[i]-'0'), 65536)
	}
	return i, port
}

// IndexHostStop returns the index of the first byte of s at or after i
// that swar.HostStops(·, fold) marks, or len(s): eight bytes a step, the
// last ones the word that ends s with the bytes before i masked off (a
// host alone, such as a Host header, ends there), or padded (the padding
// a stop) where s is shorter than a word.
func IndexHostStop(s string, i int, fold uint64) int {
	for ; i+8 <= len(s); i += 8 {
		if m := swar.HostStops(swar.Load64(s, i), fold); m != 0 {
			return i + swar.FirstByte(m)
		}
	}
	switch {
	case i == len(s):
	case len(s) >= 8:
		j := len(s) - 8
		if m := swar.HostStops(swar.Load64(s, j), fold) &^ (1<<(8*uint(i-j)) - 1); m != 0 {
			return j + swar.FirstByte(m)
		}
		return len(s)
	default:
		i += swar.FirstByte(swar.HostStops(swar.LoadPadded(s, i), fold))
	}
	return i
}

// CanonicalPort reports whether the port state leaves digits, a run of
// ASCII digits whose value ScanPort gives, as it is: not empty, no leading
// zero but in "0", at most 65535, and not defaultPort (the scheme's, or
// -1), which the parser drops.
func CanonicalPort(digits string, value, defaultPort int) bool {
	return digits != "" && value <= 65535 && (digits[0] != '0' || len(digits) == 1) && value != defaultPort
}

// Authority splits host, the authority of an http or https URL without
// credentials ("example.com:8080"), into the hostname and port that the
// URL parser gives it, and reports true when the parser serializes them
// as host is written: a domain of [a-z0-9.-] that does not end in a
// number, or an IPv4 address in dotted decimal, and a canonical port
// (CanonicalPort). Otherwise it reports false, and the parser must
// decide.
func Authority(host string, defaultPort int) (hostname, port string, ok bool) {
	i := IndexHostStop(host, 0, 0)
	if i == 0 {
		return "", "", false
	}
	hostname = host[:i]
	if i < len(host) {
		if host[i] != ':' {
			return "", "", false
		}
		port = host[i+1:]
		if end, n := ScanPort(port, 0); end != len(port) || !CanonicalPort(port, n, defaultPort) {
			return "", "", false
		}
	}
	// The host parser's step: a domain that ends in a number is an IPv4
	// address, which it writes in dotted decimal.
	if MayEndInANumber(hostname) && EndsInANumber(hostname) && !IsCanonicalIPv4(hostname) {
		return "", "", false
	}
	return hostname, port, true
}
