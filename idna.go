package weburl

import (
	"cmp"
	"slices"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/idna"
	"golang.org/x/text/unicode/norm"
)

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

// toASCIILax runs Unicode ToASCII with the spec's relaxed flags.
func toASCIILax(domain string) (string, bool) {
	a, err := toASCII(idnaLax, domain, false)
	return a, err == nil
}

// toASCIIStrict runs Unicode ToASCII with beStrict's flags.
func toASCIIStrict(domain string) (string, error) {
	return toASCII(idnaStrict, domain, true)
}

func toASCII(p *idna.Profile, domain string, strict bool) (string, error) {
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
	if lostEmptyPunycode(p, domain, u) {
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
		if isASCII(label) {
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

// zwnjInContext is CheckJoiners' rule for U+200C ZERO WIDTH NON-JOINER
// (RFC 5892, appendix A.1): after a virama, or between a left- or
// dual-joining code point and a right- or dual-joining one, with only
// transparent ones between. x/net/idna accepts any code point after it;
// its other joiner checks are right, so this one only adds to them.
func zwnjInContext(label string) bool {
	if !strings.Contains(label, "\u200c") {
		return true
	}
	runes := []rune(label)
	for i, r := range runes {
		if r != '\u200c' {
			continue
		}
		if i > 0 && norm.NFC.PropertiesString(string(runes[i-1])).CCC() == cccVirama {
			continue
		}
		before, after := jtU, jtU // the first non-transparent type on each side
		for j := i - 1; j >= 0; j-- {
			if before = joiningTypeOf(runes[j]); before != jtT {
				break
			}
		}
		for k := i + 1; k < len(runes); k++ {
			if after = joiningTypeOf(runes[k]); after != jtT {
				break
			}
		}
		if before != jtL && before != jtD || after != jtR && after != jtD {
			return false
		}
	}
	return true
}

// cccVirama is Canonical_Combining_Class=Virama.
const cccVirama = 9

// joiningType is a Joining_Type value; jtU stands for U and C too.
type joiningType uint8

const (
	jtU joiningType = iota
	jtD
	jtL
	jtR
	jtT
)

type joiningRange struct {
	lo, hi rune
	t      joiningType
}

// joiningTypeOf looks r up in joiningTypes.
func joiningTypeOf(r rune) joiningType {
	i, found := slices.BinarySearchFunc(joiningTypes[:], r, func(jr joiningRange, r rune) int {
		switch {
		case jr.hi < r:
			return -1
		case jr.lo > r:
			return 1
		}
		return 0
	})
	if !found {
		return jtU
	}
	return joiningTypes[i].t
}

// checkLabelLimits applies the limits above to the labels of the input,
// before x/net/idna decodes Punycode, which takes quadratic time.
func checkLabelLimits(domain string) error {
	for label := range strings.FieldsFuncSeq(domain, isDotLike) {
		if !isASCII(label) {
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

// Punycode's parameters, RFC 3492 section 5.
const (
	pcBase        = 36
	pcTMin        = 1
	pcTMax        = 26
	pcSkew        = 38
	pcDamp        = 700
	pcInitialBias = 72
	pcInitialN    = 128
)

// appendPunycode appends the Punycode encoding of label, RFC 3492 section
// 6.3. The RFC's main loop scans the whole label once per distinct code
// point; here a Fenwick tree counts the code points already handled
// between two occurrences, so that the cost is O(n log n).
func appendPunycode(dst []byte, label string) []byte {
	runes := []rune(label)
	handled := make([]int32, len(runes)+1) // Fenwick tree over positions
	mark := func(i int) {
		for i++; i < len(handled); i += i & -i {
			handled[i]++
		}
	}
	before := func(i int) int { // handled positions in [0, i)
		n := 0
		for ; i > 0; i -= i & -i {
			n += int(handled[i])
		}
		return n
	}
	var rest []int32 // positions of the non-basic code points
	for i, r := range runes {
		if r < 0x80 {
			dst = append(dst, byte(r))
			mark(i)
		} else {
			rest = append(rest, int32(i))
		}
	}
	b := len(runes) - len(rest)
	h := b
	if b > 0 {
		dst = append(dst, '-')
	}
	// The RFC handles code points in increasing order, each value's
	// occurrences from left to right.
	slices.SortFunc(rest, func(i, j int32) int {
		return cmp.Or(cmp.Compare(runes[i], runes[j]), cmp.Compare(i, j))
	})
	n, delta, bias := pcInitialN, 0, pcInitialBias
	for k := 0; k < len(rest); {
		m := int(runes[rest[k]])
		delta += (m - n) * (h + 1)
		n = m
		from, first := 0, k
		for ; k < len(rest) && int(runes[rest[k]]) == m; k++ {
			pos := int(rest[k])
			delta += before(pos) - before(from)
			dst = appendPunycodeNumber(dst, delta, bias)
			bias = punycodeAdapt(delta, h+1, h == b)
			delta = 0
			h++
			from = pos + 1
		}
		delta += before(len(runes)) - before(from)
		for _, pos := range rest[first:k] {
			mark(int(pos))
		}
		delta++
		n++
	}
	return dst
}

// appendPunycodeNumber appends q as a generalized variable-length integer.
func appendPunycodeNumber(dst []byte, q, bias int) []byte {
	for k := pcBase; ; k += pcBase {
		t := min(max(k-bias, pcTMin), pcTMax)
		if q < t {
			break
		}
		dst = append(dst, punycodeDigit(t+(q-t)%(pcBase-t)))
		q = (q - t) / (pcBase - t)
	}
	return append(dst, punycodeDigit(q))
}

func punycodeDigit(d int) byte {
	if d < 26 {
		return byte('a' + d)
	}
	return byte('0' + d - 26)
}

// punycodeAdapt is the bias adaptation function, RFC 3492 section 6.1.
func punycodeAdapt(delta, numPoints int, first bool) int {
	if first {
		delta /= pcDamp
	} else {
		delta /= 2
	}
	delta += delta / numPoints
	k := 0
	for delta > ((pcBase-pcTMin)*pcTMax)/2 {
		delta /= pcBase - pcTMin
		k += pcBase
	}
	return k + (pcBase-pcTMin+1)*delta/(delta+pcSkew)
}
