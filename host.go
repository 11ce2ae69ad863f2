package weburl

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/weburl/weburl/internal/canonical"
	"github.com/weburl/weburl/internal/idna"
	"github.com/weburl/weburl/internal/percent"
	"github.com/weburl/weburl/internal/quote"
	"github.com/weburl/weburl/internal/swar"
)

// UnicodeVersion is the version of Unicode of the IDNA tables in this
// build, which decide how a non-ASCII domain maps ("ẞ.de" is "ss.de" with
// Unicode 15, "xn--zca.de" from Unicode 16). They are x/net/idna's, which
// follow the Go toolchain: "15.0.0" when built with Go 1.26, "17.0.0" with
// Go 1.27 and later.
const UnicodeVersion = idna.UnicodeVersion

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
	return "HostKind(" + strconv.Itoa(int(k)) + ")"
}

// A hostParser runs the spec's host parser and its sub-parsers on one
// host, whose first byte is at offset at of the parser's input: their
// validation errors are reported there.
type hostParser struct {
	errs *reporter
	at   int
}

func (h hostParser) report(name ErrorName) { h.errs.report(name, h.at) }

// appendHost runs the spec's host parser on input and appends the host
// serializer's output of the result to dst. isOpaque is true for URLs that
// are not special.
func (h hostParser) appendHost(dst []byte, input string, isOpaque bool) ([]byte, HostKind, bool) {
	if strings.HasPrefix(input, "[") {
		if !strings.HasSuffix(input, "]") || len(input) < 2 {
			h.report(IPv6Unclosed)
			return dst, NoHost, false
		}
		a, ok := h.parseIPv6(input[1 : len(input)-1])
		if !ok {
			return dst, NoHost, false
		}
		dst = append(dst, '[')
		dst = appendIPv6(dst, &a)
		return append(dst, ']'), IPv6, true
	}
	if isOpaque {
		return h.appendOpaqueHost(dst, input)
	}
	// The domain is the UTF-8 decoding of the percent-decoded input. The
	// common case, ASCII without %, is lowercased in place in dst.
	domain := input
	if strings.IndexByte(input, '%') >= 0 {
		for i := 0; i < len(input); i++ {
			if percent.StartsWithByte(input[i:]) {
				h.report(DomainPercentEncoded)
				break
			}
		}
		domain = PercentDecode(input)
	}
	start := len(dst)
	dst, err := h.appendDomain(dst, domain)
	if err != nil {
		return dst[:start], NoHost, false
	}
	if canonical.EndsInANumber(bytesAsString(dst[start:])) { // read before dst changes
		if !swar.IsASCII(domain) {
			h.report(IPv4NonASCIIInput)
		}
		a, ok := h.parseIPv4(bytesAsString(dst[start:]))
		if !ok {
			return dst[:start], NoHost, false
		}
		return appendIPv4(dst[:start], a), IPv4, true
	}
	return dst, Domain, true
}

// appendOpaqueHost is the spec's opaque-host parser.
func (h hostParser) appendOpaqueHost(dst []byte, input string) ([]byte, HostKind, bool) {
	for i := 0; i < len(input); i++ {
		if forbiddenHostClass.has(input[i]) {
			h.report(HostInvalidCodePoint)
			return dst, NoHost, false
		}
	}
	if h.errs.fn != nil {
		// Steps 2 and 3 are two checks of the whole input, each reported
		// at most once.
		badPoint, badPercent := false, false
		for i, r := range input {
			if r == '%' {
				badPercent = badPercent || !percent.StartsWithByte(input[i:])
			} else if !isURLCodePoint(r) || r == utf8.RuneError && !strings.HasPrefix(input[i:], "\uFFFD") {
				badPoint = true // including a byte that is not UTF-8
			}
		}
		if badPoint {
			h.report(InvalidURLUnit)
		}
		if badPercent {
			h.report(InvalidURLUnit)
		}
	}
	dst = appendEncoded(dst, input, C0ControlSet)
	if len(input) == 0 {
		return dst, Empty, true
	}
	return dst, Opaque, true
}

// appendDomain is the spec's domain parser with beStrict false: it appends
// the ASCII domain to dst, or returns why it failed (the validation error
// is domain-to-ASCII either way).
func (h hostParser) appendDomain(dst []byte, domain string) ([]byte, error) {
	// Step 2: the strict run only informs a validation error, so it runs
	// only when someone listens. Its failure is then the one report; the
	// failures below return without a new validation error, as the spec's
	// steps do, but still name domain-to-ASCII as the reason.
	strictFailed := false
	if h.errs.fn != nil {
		if _, err := idna.ToASCII(domain, true); err != nil {
			h.report(DomainToASCII)
			strictFailed = true
		}
	}
	start := len(dst)
	fail := func(err error) ([]byte, error) {
		if !strictFailed { // the lax run fails only where the strict one does
			h.report(DomainToASCII)
		}
		return dst[:start], err
	}
	if swar.IsASCII(domain) {
		dst = swar.AppendLower(dst, domain)
	} else {
		var err error
		if dst, err = idna.AppendToASCII(dst, domain); err != nil {
			return fail(uts46Error{"ToASCII", err})
		}
	}
	if len(dst) == start {
		return fail(errEmptyDomain)
	}
	ascii := bytesAsString(dst[start:])
	if i := indexClass(ascii, 0, forbiddenDomainClass); i < len(ascii) {
		return fail(forbiddenDomainCodePoint(ascii[i]))
	}
	return dst, nil
}

// The reasons the domain parser fails, in the spec's words.
var errEmptyDomain = errors.New("the result is the empty string")

type forbiddenDomainCodePoint byte

func (c forbiddenDomainCodePoint) Error() string {
	return "the result contains a forbidden domain code point, " + codePointName(rune(c))
}

// uts46Error is an error that UTS #46 records, with x/net/idna's or
// internal/idna's words for it.
type uts46Error struct {
	algorithm string // "ToASCII" or "ToUnicode"
	err       error
}

func (e uts46Error) Error() string {
	// x/net/idna quotes the label whole: cut, as another package's
	// message that quotes the input.
	return "Unicode " + e.algorithm + " records an error: " + quote.Cut(strings.TrimPrefix(e.err.Error(), "idna: "))
}

// codePointName writes r as the spec does: U+0025 (%).
func codePointName(r rune) string {
	s := strconv.FormatInt(int64(r), 16)
	s = "U+" + strings.Repeat("0", max(0, 4-len(s))) + strings.ToUpper(s)
	if r > ' ' && r < utf8.RuneSelf && r != 0x7F {
		s += " (" + string(r) + ")"
	}
	return s
}
