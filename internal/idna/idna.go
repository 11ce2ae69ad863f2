// Package idna is the URL Standard's use of UTS #46, Unicode IDNA
// Compatibility Processing: the "domain parser ToASCII" with beStrict false
// or true, and "domain to Unicode", each with the options the URL Standard
// gives.
//
// golang.org/x/net/idna maps, normalizes and validates. This package adds
// what x/net leaves out or gets wrong for the URL Standard: CheckJoiners'
// ZERO WIDTH NON-JOINER context, CheckHyphens on code points, the errors
// for a Punycode label that is empty, that decodes to "xn--", or that
// still holds a non-ASCII code point after mapping, and VerifyDnsLength's
// empty root label. It encodes Punycode itself, in O(n log n), and fails
// labels over Chrome's (ICU4C's) limits, so that hostile hosts take linear
// time.
package idna

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/idna"
	"golang.org/x/text/unicode/norm"

	"github.com/weburl/weburl/internal/swar"
)

// UnicodeVersion is the version of Unicode of the IDNA tables in this
// build: x/net/idna's, which follow the Go toolchain (15.0.0 before Go
// 1.27, 17.0.0 from Go 1.27).
const UnicodeVersion = idna.UnicodeVersion

// The UTS #46 profiles of the spec's "domain parser ToASCII": beStrict
// false (CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength off, CheckBidi
// and CheckJoiners on, nontransitional) and beStrict true. MapForLookup
// turns STD3 rules and hyphen checks on, so the lax options turn them off.
// The strict profile leaves CheckHyphens to checkHyphens: x/net/idna checks
// the third and fourth bytes of a label, not its code points.
var (
	idnaLax = idna.New(idna.MapForLookup(), idna.BidiRule(), idna.Transitional(false),
		idna.StrictDomainName(false), idna.CheckHyphens(false), idna.VerifyDNSLength(false))
	idnaStrict = idna.New(idna.MapForLookup(), idna.BidiRule(), idna.Transitional(false),
		idna.StrictDomainName(true), idna.CheckHyphens(false), idna.VerifyDNSLength(true))
)

// Unicode ToASCII is UTS #46's mapping, normalization and validation, which
// x/net/idna's ToUnicode does in linear time, then Punycode encoding, which
// weburl does itself: x/net's encoder takes time proportional to a label's
// length times its number of distinct code points, minutes for a 1 MiB
// label. Punycode also cannot stay linear on absurdly long labels, so
// weburl fails them where Chrome does (ICU4C's limits, allowed by Infra's
// "algorithm limits"; see whatwg/url#824):
const (
	// maxEncodeUnits: a label to be encoded may have at most 1000 UTF-16
	// code units after mapping.
	maxEncodeUnits = 1000
	// maxDecodeBytes: a Punycode label may have at most 2000 bytes after
	// "xn--" (they are ASCII: bytes are code units).
	maxDecodeBytes = 2000
	// maxMappedLabelBytes bounds an input label that is not ASCII before
	// mapping, which decides whether the label becomes a Punycode one. No
	// label that Chrome accepts is this long, unless padded with thousands
	// of code points that map to nothing.
	maxMappedLabelBytes = 4000
)

// idnaError is why ToASCII failed, where x/net/idna gives no error.
type idnaError string

func (e idnaError) Error() string { return string(e) }

const (
	errInvalidPunycode = idnaError("invalid Punycode label")
	errEmptyLabel      = idnaError("empty label")
	errInvalidUTF8     = idnaError("invalid UTF-8")
	errLabelTooLong    = idnaError("label too long for Punycode")
	errLabelLength     = idnaError("label or domain too long for DNS")
	errHyphens         = idnaError("hyphens where CheckHyphens forbids them")
	errJoiner          = idnaError("ZERO WIDTH NON-JOINER out of context")
)

// ToASCII is the URL Standard's "domain parser ToASCII": Unicode ToASCII
// with CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength set to
// beStrict, CheckBidi and CheckJoiners on, and nontransitional processing.
// The error says which check failed.
func ToASCII(domain string, beStrict bool) (string, error) {
	p, strict := idnaLax, false
	if beStrict {
		p, strict = idnaStrict, true
	}
	// UTF-8 decoding turns invalid bytes into U+FFFD, which is disallowed;
	// x/net/idna would read them in its own way.
	if !utf8.ValidString(domain) {
		return "", errInvalidUTF8
	}
	if err := checkLabelLimits(domain); err != nil {
		return "", err
	}
	u, err := p.ToUnicode(domain)
	if err != nil {
		return "", err
	}
	if lostEmptyPunycode(p, domain, u) || nonASCIIPunycodeLabel(domain) {
		return "", errInvalidPunycode
	}
	out := make([]byte, 0, len(u)+len(u)/2)
	for i, label := range strings.Split(u, ".") {
		if i > 0 {
			out = append(out, '.')
		}
		// Validity criterion 4 (CheckHyphens false): no label begins with
		// "xn--" after decoding; x/net/idna lets such labels pass.
		if strings.HasPrefix(label, "xn--") {
			return "", errInvalidPunycode
		}
		if strict && !checkHyphens(label) {
			return "", errHyphens
		}
		if !zwnjInContext(label) {
			return "", errJoiner
		}
		start := len(out)
		if swar.IsASCII(label) {
			out = append(out, label...)
		} else {
			if utf16Len(label) > maxEncodeUnits || strict && utf8.RuneCountInString(label) > 59 {
				// Under VerifyDnsLength, more than 59 code points cannot fit
				// in 63 bytes: each one takes at least one byte after "xn--".
				return "", errLabelTooLong
			}
			out = append(out, "xn--"...)
			out = appendPunycode(out, label)
		}
		if strict && len(out)-start > 63 {
			return "", errLabelLength
		}
	}
	a := string(out)
	if strict {
		// VerifyDnsLength: UTS #46 counts the empty root label of
		// "example.com." (IdnaTestV2 marks it A4_2); x/net/idna does not.
		if strings.HasSuffix(a, ".") {
			return "", errEmptyLabel
		}
		if len(a) > 253 {
			return "", errLabelLength
		}
	}
	return a, nil
}

// ToUnicode is the URL Standard's "domain to Unicode" without its last
// step: Unicode ToUnicode with CheckHyphens and UseSTD3ASCIIRules off,
// CheckBidi and CheckJoiners on, nontransitional processing. It returns
// an error where UTS #46 records one; the spec then keeps the domain as it
// was, which is the caller's step.
func ToUnicode(domain string) (string, error) {
	if !utf8.ValidString(domain) {
		return "", errInvalidUTF8
	}
	if err := checkLabelLimits(domain); err != nil {
		return "", err
	}
	u, err := idnaLax.ToUnicode(domain)
	if err != nil {
		return "", err
	}
	if lostEmptyPunycode(idnaLax, domain, u) || nonASCIIPunycodeLabel(domain) {
		return "", errInvalidPunycode
	}
	for label := range strings.SplitSeq(u, ".") {
		if strings.HasPrefix(label, "xn--") {
			return "", errInvalidPunycode
		}
		if !zwnjInContext(label) {
			return "", errJoiner
		}
	}
	return u, nil
}

// checkHyphens is UTS #46's CheckHyphens on a label's code points: no
// "--" as the third and fourth, no "-" first or last.
func checkHyphens(label string) bool {
	if strings.HasPrefix(label, "-") || strings.HasSuffix(label, "-") {
		return false
	}
	var first [4]rune
	n := 0
	for _, r := range label {
		if n == len(first) {
			break
		}
		first[n] = r
		n++
	}
	return n < 4 || first[2] != '-' || first[3] != '-'
}

// checkLabelLimits applies the limits above to the labels of the input,
// before x/net/idna decodes Punycode, which takes quadratic time.
func checkLabelLimits(domain string) error {
	for label := range strings.FieldsFuncSeq(domain, isDotLike) {
		if !swar.IsASCII(label) {
			if len(label) > maxMappedLabelBytes {
				return errLabelTooLong
			}
		} else if len(label) > 4+maxDecodeBytes && strings.EqualFold(label[:4], "xn--") {
			return errLabelTooLong
		}
	}
	return nil
}

// lostEmptyPunycode reports whether a label that maps to exactly "xn--"
// became an empty label, as x/net/idna makes it ("①.xn--" gives "1."),
// where UTS #46 records an error (step 4.1 fails on empty Punycode). A
// label of code points that map to nothing also becomes empty, validly;
// prefixing "a" tells them apart.
func lostEmptyPunycode(p *idna.Profile, domain, u string) bool {
	if u != "" && !strings.Contains(u, "..") && !strings.HasPrefix(u, ".") && !strings.HasSuffix(u, ".") {
		return false
	}
	for label := range strings.FieldsFuncSeq(domain, isDotLike) {
		if r, _ := p.ToUnicode(label); r == "" {
			if r, _ := p.ToUnicode("a" + label); r != "a" {
				return true
			}
		}
	}
	return false
}

// nonASCIIPunycodeLabel reports whether a label of domain starts with
// "xn--" after mapping and still holds a non-ASCII code point, which UTS
// #46 Processing step 4.1 makes an error. x/net/idna decodes such a label
// as if it were Punycode ("xn--ü-" became "ü", then "xn--tda"), and it
// has no call that maps without decoding. So each label is mapped with
// "a-" in front, which keeps it from starting with "xn--" and composes
// with nothing under NFC; the labels are those between the input's
// dot-like code points, as only those map to a separator.
func nonASCIIPunycodeLabel(domain string) bool {
	suspect := false
	for label := range strings.FieldsFuncSeq(domain, isDotLike) {
		if !swar.IsASCII(label) && mayMapToX(label) {
			suspect = true
			break
		}
	}
	if !suspect {
		return false
	}
	var b strings.Builder
	b.Grow(len(domain) + 16)
	b.WriteString("a-")
	for _, r := range domain {
		b.WriteRune(r)
		if isDotLike(r) {
			b.WriteString("a-")
		}
	}
	// The mapping is what matters here; validity is ToASCII's business.
	mapped, _ := idnaLax.ToUnicode(b.String())
	for label := range strings.SplitSeq(mapped, ".") {
		if rest, ok := strings.CutPrefix(label, "a-"); ok && strings.HasPrefix(rest, "xn--") && !swar.IsASCII(rest) {
			return true
		}
	}
	return false
}

// mayMapToX reports whether UTS #46 may map label to something that starts
// with "x", judging by its first code point: an ASCII one maps to itself
// lowercased; a non-ASCII one with a compatibility decomposition maps to
// that (case folded); a letter or number without one maps to itself or
// another non-ASCII letter. Anything else (a code point that maps to
// nothing, or is disallowed) may let the next one come first.
func mayMapToX(label string) bool {
	c := label[0]
	if c < utf8.RuneSelf {
		return c|0x20 == 'x'
	}
	if d := norm.NFKC.PropertiesString(label).Decomposition(); d != nil {
		return d[0]|0x20 == 'x'
	}
	r, _ := utf8.DecodeRuneInString(label)
	return !unicode.IsLetter(r) && !unicode.IsNumber(r)
}

// isDotLike reports whether UTS #46 maps r to a label separator.
func isDotLike(r rune) bool {
	return r == '.' || r == '\u3002' || r == '\uFF0E' || r == '\uFF61'
}

func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n++
		if r >= 0x10000 {
			n++
		}
	}
	return n
}
