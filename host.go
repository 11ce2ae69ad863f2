package weburl

import (
	"strings"
	"unicode/utf8"

	"github.com/weburl/weburl/internal/idna"
)

// A HostKind says which of the URL Standard's kinds of host a URL has.
type HostKind uint8

const (
	// NoHost is a null host: the URL has no authority, as in "mailto:x".
	NoHost HostKind = iota
	// Domain is an ASCII domain, after IDNA processing.
	Domain
	// IPv4 is an IPv4 address.
	IPv4
	// IPv6 is an IPv6 address, serialized in brackets.
	IPv6
	// Opaque is an opaque host of a URL that is not special.
	Opaque
	// Empty is the empty host, as in "file:///x" or "sc://".
	Empty
)

var hostKindNames = [...]string{"null", "domain", "IPv4", "IPv6", "opaque", "empty"}

// String returns the kind's name as the spec writes it: "domain", "IPv4",
// "IPv6", "opaque", "empty", or "null".
func (k HostKind) String() string {
	if int(k) < len(hostKindNames) {
		return hostKindNames[k]
	}
	return "HostKind(" + string(rune('0'+k)) + ")"
}

// errSink receives validation errors. The parser keeps the last one as the
// reason for a failure and passes each one to the caller's callback, if any.
// Offsets are kept in the cleaned input the machine reads and mapped back to
// the input as given when they leave the parser.
type errSink struct {
	fn     func(ValidationError)
	offset int // where the next error is, in the cleaned input
	last   string
	lastAt int // offset of last, in the cleaned input
	shift  int // bytes removed from the front of the input

	// When tabs or newlines were removed, raw is the input before that,
	// after the shift; a cursor walks it to map offsets back, in linear
	// time overall since errors come mostly in input order.
	raw                 string
	cursorIn, cursorRaw int
}

func (e *errSink) add(name string) {
	e.last, e.lastAt = name, e.offset
	if e.fn != nil {
		e.fn(ValidationError{name: name, offset: e.inputOffset(e.offset)})
	}
}

// lastError returns the last error, the reason for a failure.
func (e *errSink) lastError() ValidationError {
	return ValidationError{name: e.last, offset: e.inputOffset(e.lastAt)}
}

// inputOffset maps an offset in the cleaned input to the input as given.
func (e *errSink) inputOffset(o int) int {
	if e.raw == "" {
		return o + e.shift
	}
	if o < e.cursorIn {
		e.cursorIn, e.cursorRaw = 0, 0
	}
	// Step over kept bytes and the removed ones before each, up to o.
	for e.cursorRaw < len(e.raw) {
		c := e.raw[e.cursorRaw]
		if c == '\t' || c == '\n' || c == '\r' {
			e.cursorRaw++
			continue
		}
		if e.cursorIn == o {
			break
		}
		e.cursorIn++
		e.cursorRaw++
	}
	return e.cursorRaw + e.shift
}

// fail records name as the reason for a failure that the spec's steps
// reach without a validation error of their own, because one was reported
// already when a callback listens.
func (e *errSink) fail(name string) { e.last, e.lastAt = name, e.offset }

// Forbidden host and domain code points as ASCII bitsets.
var (
	forbiddenHost   = newEncodeSet(nil, "\x00\t\n\r #/:<>?@[\\]^|")
	forbiddenDomain = newEncodeSet(&forbiddenHost, "%").addRange(0, 0x1F).addRange(0x7F, 0x7F)
)

// appendHost runs the spec's host parser on input and appends the host
// serializer's output of the result to dst. isOpaque is true for URLs that
// are not special.
func appendHost(dst []byte, input string, isOpaque bool, e *errSink) ([]byte, HostKind, bool) {
	if strings.HasPrefix(input, "[") {
		if !strings.HasSuffix(input, "]") || len(input) < 2 {
			e.add(IPv6Unclosed)
			return dst, NoHost, false
		}
		a, ok := parseIPv6(input[1:len(input)-1], e)
		if !ok {
			return dst, NoHost, false
		}
		dst = append(dst, '[')
		dst = appendIPv6(dst, &a)
		return append(dst, ']'), IPv6, true
	}
	if isOpaque {
		return appendOpaqueHost(dst, input, e)
	}
	// The domain is the UTF-8 decoding of the percent-decoded input. The
	// common case, ASCII without %, is lowercased in place in dst.
	domain := input
	if strings.IndexByte(input, '%') >= 0 {
		for i := 0; i < len(input); i++ {
			if startsWithPercentByte(input[i:]) {
				e.add(DomainPercentEncoded)
				break
			}
		}
		domain = PercentDecode(input)
	}
	start := len(dst)
	dst, ok := appendDomain(dst, domain, e)
	if !ok {
		return dst[:start], NoHost, false
	}
	if endsInANumber(string(dst[start:])) {
		if !isASCII(domain) {
			e.add(IPv4NonASCIIInput)
		}
		a, ok := parseIPv4(string(dst[start:]), e)
		if !ok {
			return dst[:start], NoHost, false
		}
		return appendIPv4(dst[:start], a), IPv4, true
	}
	return dst, Domain, true
}

// appendOpaqueHost is the spec's opaque-host parser.
func appendOpaqueHost(dst []byte, input string, e *errSink) ([]byte, HostKind, bool) {
	for i := 0; i < len(input); i++ {
		if forbiddenHost.asciiHas(input[i]) {
			e.add(HostInvalidCodePoint)
			return dst, NoHost, false
		}
	}
	if e.fn != nil {
		// Steps 2 and 3 are two checks of the whole input, each reported
		// at most once.
		badPoint, badPercent := false, false
		for i, r := range input {
			if r == '%' {
				badPercent = badPercent || !startsWithPercentByte(input[i:])
			} else if !isURLCodePoint(r) || r == utf8.RuneError && !strings.HasPrefix(input[i:], "\uFFFD") {
				badPoint = true // including a byte that is not UTF-8
			}
		}
		if badPoint {
			e.add(InvalidURLUnit)
		}
		if badPercent {
			e.add(InvalidURLUnit)
		}
	}
	dst = appendEncoded(dst, input, &C0ControlSet)
	if len(input) == 0 {
		return dst, Empty, true
	}
	return dst, Opaque, true
}

// appendDomain is the spec's domain parser with beStrict false: it appends
// the ASCII form of domain to dst.
func appendDomain(dst []byte, domain string, e *errSink) ([]byte, bool) {
	// Step 2: the strict run only informs a validation error, so it runs
	// only when someone listens. Its failure is then the one report; the
	// failures below return without a new validation error, as the spec's
	// steps do, but still name domain-to-ASCII as the reason.
	if e.fn != nil {
		if _, err := idna.ToASCII(domain, true); err != nil {
			e.add(DomainToASCII)
		}
	}
	start := len(dst)
	for i := 0; i < len(domain); i++ {
		c := domain[i]
		if c >= utf8.RuneSelf {
			dst = dst[:start]
			a, err := idna.ToASCII(domain, false)
			if err != nil {
				e.fail(DomainToASCII)
				return dst, false
			}
			dst = append(dst, a...)
			break
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	if len(dst) == start {
		e.fail(DomainToASCII)
		return dst, false
	}
	for _, c := range dst[start:] {
		if forbiddenDomain.encode[c] {
			e.fail(DomainToASCII)
			return dst[:start], false
		}
	}
	return dst, true
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// isURLCodePoint reports whether r is one of the spec's URL code points.
func isURLCodePoint(r rune) bool {
	if r < 0x80 {
		return !urlCodePointASCII.asciiHas(byte(r))
	}
	if r < 0xA0 || r > 0x10FFFD {
		return false
	}
	if 0xD800 <= r && r <= 0xDFFF { // surrogates
		return false
	}
	// Noncharacters: U+FDD0 to U+FDEF and the last two of every plane.
	if 0xFDD0 <= r && r <= 0xFDEF || r&0xFFFE == 0xFFFE {
		return false
	}
	return true
}

// urlCodePointASCII is the set of ASCII bytes that are NOT URL code points,
// as an EncodeSet so the bit test is shared.
var urlCodePointASCII = func() EncodeSet {
	var s EncodeSet
	s = s.addRange(0, 0xFF)
	ok := "!$&'()*+,-./:;=?@_~"
	for i := 0; i < len(ok); i++ {
		s.encode[ok[i]] = false
	}
	for c := byte('0'); c <= 'z'; c++ {
		if '0' <= c && c <= '9' || 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' {
			s.encode[c] = false
		}
	}
	return s
}()
