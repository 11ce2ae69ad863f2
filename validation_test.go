package weburl

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// allValidationErrorNames lists every name the package reports: the spec's
// table and IPv4-non-ASCII-input. TestEveryNameHasACase checks that each
// one appears in the tables below.
var allValidationErrorNames = []ErrorName{
	DomainToASCII, DomainPercentEncoded, HostInvalidCodePoint,
	IPv4EmptyPart, IPv4TooFewParts, IPv4TooManyParts, IPv4NonNumericPart,
	IPv4NonDecimalPart, IPv4OutOfRangePart, IPv4NonASCIIInput,
	IPv6Unclosed, IPv6InvalidCompression, IPv6TooManyPieces,
	IPv6MultipleCompression, IPv6InvalidCodePoint, IPv6TooFewPieces,
	IPv6PieceLeadingZero, IPv4InIPv6TooManyPieces, IPv4InIPv6InvalidCodePoint,
	IPv4InIPv6OutOfRangePart, IPv4InIPv6TooFewParts,
	InvalidURLUnit, SpecialSchemeMissingFollowingSolidus,
	MissingSchemeNonRelativeURL, InvalidReverseSolidus, InvalidCredentials,
	HostMissing, PortOutOfRange, PortInvalid, FileInvalidWindowsDriveLetter,
	FileInvalidWindowsDriveLetterHost,
}

// e is a compact "name@offset" for the tables.
func e(name ErrorName, offset int) string { return fmt.Sprintf("%s@%d", name, offset) }

// validationTests were worked out by hand from the spec's steps. want is
// the full list of errors in order; href is "" when the parse fails. An
// offset is where the error is: the code point for code-point errors, the
// start of the host for host errors (host parser, IPv4, IPv6, IDNA), the
// start of the port's digits for port-out-of-range.
var validationTests = []struct {
	name, input, base, href string
	want                    []string
}{
	// IDNA and host parsing.
	{"domain-to-ASCII, recovered", "https://exa_mple.com/", "", "https://exa_mple.com/",
		[]string{e(DomainToASCII, 8)}},
	{"domain-to-ASCII, fatal, reported once", "https://a b/", "", "",
		[]string{e(DomainToASCII, 8)}},
	{"domain-to-ASCII, empty root label", "https://example.com./", "", "https://example.com./",
		[]string{e(DomainToASCII, 8)}},
	{"domain-to-ASCII, forbidden code point after decoding", "https://exa%23mple.org/", "", "",
		[]string{e(DomainPercentEncoded, 8), e(DomainToASCII, 8)}},
	{"domain-percent-encoded", "https://ex%61mple.com/", "", "https://example.com/",
		[]string{e(DomainPercentEncoded, 8)}},
	{"domain-to-ASCII, invalid UTF-8 after decoding", "https://ex%FFample.com/", "", "",
		[]string{e(DomainPercentEncoded, 8), e(DomainToASCII, 8)}},
	{"host-invalid-code-point", "foo://a<b/", "", "",
		[]string{e(HostInvalidCodePoint, 6)}},
	{"opaque host: both unit checks", "foo://a%zz\u00a0\u0080/", "", "foo://a%zz%C2%A0%C2%80/",
		[]string{e(InvalidURLUnit, 6), e(InvalidURLUnit, 6)}},
	{"opaque host: percent check only", "foo://a%z/", "", "foo://a%z/",
		[]string{e(InvalidURLUnit, 6)}},
	// IPv4.
	{"IPv4-empty-part after domain-to-ASCII", "http://1.2.3.4./", "", "http://1.2.3.4/",
		[]string{e(DomainToASCII, 7), e(IPv4EmptyPart, 7)}},
	{"IPv4-too-few-parts", "http://1.2.3/", "", "http://1.2.0.3/",
		[]string{e(IPv4TooFewParts, 7)}},
	{"IPv4-too-many-parts", "http://1.2.3.4.5/", "", "",
		[]string{e(IPv4TooManyParts, 7)}},
	{"IPv4-non-numeric-part", "http://a.1.2.3/", "", "",
		[]string{e(IPv4NonNumericPart, 7)}},
	{"IPv4-non-decimal-part after too-few-parts", "http://0x7f.1/", "", "http://127.0.0.1/",
		[]string{e(IPv4TooFewParts, 7), e(IPv4NonDecimalPart, 7)}},
	{"IPv4-non-decimal-part, octal, twice", "http://010.010.1.1/", "", "http://8.8.1.1/",
		[]string{e(IPv4NonDecimalPart, 7), e(IPv4NonDecimalPart, 7)}},
	{"IPv4-out-of-range-part, recovered in the last part", "http://1.2.65535/", "", "http://1.2.255.255/",
		[]string{e(IPv4TooFewParts, 7), e(IPv4OutOfRangePart, 7)}},
	{"IPv4-out-of-range-part, fatal", "http://1.256.3.4/", "", "",
		[]string{e(IPv4OutOfRangePart, 7)}},
	{"IPv4 last part too big: no error of its own", "http://4294967296/", "", "",
		[]string{e(IPv4TooFewParts, 7), e(IPv4OutOfRangePart, 7)}},
	{"IPv4 ASCII input after decoding: no IPv4-non-ASCII-input", "http://%31.2.3.4/", "", "http://1.2.3.4/",
		[]string{e(DomainPercentEncoded, 7)}},
	// IPv6.
	{"IPv6-unclosed", "http://[::1/", "", "",
		[]string{e(IPv6Unclosed, 7)}},
	{"IPv6-invalid-compression", "http://[:1]/", "", "",
		[]string{e(IPv6InvalidCompression, 7)}},
	{"IPv6-too-many-pieces", "http://[1:2:3:4:5:6:7:8:9]/", "", "",
		[]string{e(IPv6TooManyPieces, 7)}},
	{"IPv6-multiple-compression", "http://[1::2::3]/", "", "",
		[]string{e(IPv6MultipleCompression, 7)}},
	{"IPv6-invalid-code-point", "http://[1:g::]/", "", "",
		[]string{e(IPv6InvalidCodePoint, 7)}},
	{"IPv6-invalid-code-point at the end", "http://[1:]/", "", "",
		[]string{e(IPv6InvalidCodePoint, 7)}},
	{"IPv6-too-few-pieces", "http://[1:2:3]/", "", "",
		[]string{e(IPv6TooFewPieces, 7)}},
	{"IPv6-piece-leading-zero, recovered", "https://[::01]/", "", "https://[::1]/",
		[]string{e(IPv6PieceLeadingZero, 8)}},
	{"IPv4-in-IPv6-too-many-pieces", "http://[1:2:3:4:5:6:7:1.2.3.4]/", "", "",
		[]string{e(IPv4InIPv6TooManyPieces, 7)}},
	{"IPv4-in-IPv6-invalid-code-point", "http://[::1.2.x.4]/", "", "",
		[]string{e(IPv4InIPv6InvalidCodePoint, 7)}},
	{"IPv4-in-IPv6-invalid-code-point, leading zero", "http://[::1.02.3.4]/", "", "",
		[]string{e(IPv4InIPv6InvalidCodePoint, 7)}},
	{"IPv4-in-IPv6-out-of-range-part", "http://[::1.2.3.256]/", "", "",
		[]string{e(IPv4InIPv6OutOfRangePart, 7)}},
	{"IPv4-in-IPv6-too-few-parts", "http://[::1.2.3]/", "", "",
		[]string{e(IPv4InIPv6TooFewParts, 7)}},
	// URL parsing.
	{"invalid-URL-unit: leading space", " https://h/", "", "https://h/",
		[]string{e(InvalidURLUnit, 0)}},
	{"invalid-URL-unit: trailing C0 control", "https://h/\x01\x02", "", "https://h/",
		[]string{e(InvalidURLUnit, 10)}},
	{"invalid-URL-unit: tabs reported once", "ht\ttps://h/\tx", "", "https://h/x",
		[]string{e(InvalidURLUnit, 2)}},
	{"invalid-URL-unit: trimming comes first", "ht\ttps://h/\n", "", "https://h/",
		[]string{e(InvalidURLUnit, 11), e(InvalidURLUnit, 2)}},
	{"invalid-URL-unit: path", "https://h/a b", "", "https://h/a%20b",
		[]string{e(InvalidURLUnit, 11)}},
	{"invalid-URL-unit: lone %", "https://h/%zz", "", "https://h/%zz",
		[]string{e(InvalidURLUnit, 10)}},
	{"invalid-URL-unit: byte that is not UTF-8", "https://h/\xff", "", "https://h/%EF%BF%BD",
		[]string{e(InvalidURLUnit, 10)}},
	{"invalid-URL-unit: noncharacter in query", "https://h/?\ufdd0", "", "https://h/?%EF%B7%90",
		[]string{e(InvalidURLUnit, 11)}},
	{"invalid-URL-unit: # in fragment", "https://h/#a#", "", "https://h/#a#",
		[]string{e(InvalidURLUnit, 12)}},
	{"invalid-URL-unit: opaque path", "sc:a^b", "", "sc:a^b",
		[]string{e(InvalidURLUnit, 4)}},
	{"special-scheme-missing-following-solidus", "https:h/", "", "https://h/",
		[]string{e(SpecialSchemeMissingFollowingSolidus, 6)}},
	{"special-scheme-missing-following-solidus, same-scheme base", "http:x", "http://h/a", "http://h/x",
		[]string{e(SpecialSchemeMissingFollowingSolidus, 5)}},
	{"special-scheme-missing-following-solidus, file", "file:c:/x", "", "file:///c:/x",
		[]string{e(SpecialSchemeMissingFollowingSolidus, 4)}},
	{"special-scheme-missing-following-solidus, extra slashes", "https:///h/", "", "https://h/",
		[]string{e(SpecialSchemeMissingFollowingSolidus, 8)}},
	{"missing-scheme-non-relative-URL", "no-scheme", "", "",
		[]string{e(MissingSchemeNonRelativeURL, 0)}},
	{"missing-scheme-non-relative-URL, opaque base", "x", "sc:opaque", "",
		[]string{e(MissingSchemeNonRelativeURL, 0)}},
	{"invalid-reverse-solidus: path start", "https://h\\p", "", "https://h/p",
		[]string{e(InvalidReverseSolidus, 9)}},
	{"invalid-reverse-solidus: relative", "\\x", "https://h/a", "https://h/x",
		[]string{e(InvalidReverseSolidus, 0)}},
	{"invalid-reverse-solidus: file", "file:\\\\h\\p", "", "file://h/p",
		[]string{e(SpecialSchemeMissingFollowingSolidus, 4), e(InvalidReverseSolidus, 5), e(InvalidReverseSolidus, 6), e(InvalidReverseSolidus, 8)}},
	{"invalid-credentials", "https://u:p@h/", "", "https://u:p@h/",
		[]string{e(InvalidCredentials, 11)}},
	{"invalid-credentials: every @", "https://a@b@h/", "", "https://a%40b@h/",
		[]string{e(InvalidCredentials, 9), e(InvalidCredentials, 11)}},
	{"host-missing after credentials", "https://u@/", "", "",
		[]string{e(InvalidCredentials, 9), e(HostMissing, 10)}},
	{"host-missing: empty special host", "https://", "", "",
		[]string{e(HostMissing, 8)}},
	{"host-missing: port without host", "https://:80/", "", "",
		[]string{e(HostMissing, 8)}},
	{"port-out-of-range", "https://h:65536/", "", "",
		[]string{e(PortOutOfRange, 10)}},
	{"port-invalid", "https://h:8a/", "", "",
		[]string{e(PortInvalid, 11)}},
	{"file-invalid-Windows-drive-letter", "c|/x", "file:///base/y", "file:///c:/x",
		[]string{e(FileInvalidWindowsDriveLetter, 0), e(InvalidURLUnit, 1)}},
	{"file-invalid-Windows-drive-letter-host", "file://c:/x", "", "file:///c:/x",
		[]string{e(FileInvalidWindowsDriveLetterHost, 7)}},
	// Order: many errors in one input, the parse recovering from each.
	{"order across states", " https:\\\\u@exa_mple.com\\a b?c d#e f", "",
		"https://u@exa_mple.com/a%20b?c%20d#e%20f",
		[]string{e(InvalidURLUnit, 0), e(SpecialSchemeMissingFollowingSolidus, 7),
			e(SpecialSchemeMissingFollowingSolidus, 7), e(SpecialSchemeMissingFollowingSolidus, 8),
			e(InvalidCredentials, 10), e(DomainToASCII, 11), e(InvalidReverseSolidus, 23),
			e(InvalidURLUnit, 25), e(InvalidURLUnit, 29), e(InvalidURLUnit, 33)}},
	// Offsets count the bytes that the parser removes.
	{"offsets after removed tab and newline", "h\tttps://h/a\n b", "", "https://h/a%20b",
		[]string{e(InvalidURLUnit, 1), e(InvalidURLUnit, 13)}},
	{"offsets after trimmed C0 controls and a tab", "\x01\x02 ht\ttp://h/ x", "", "http://h/%20x",
		[]string{e(InvalidURLUnit, 0), e(InvalidURLUnit, 5), e(InvalidURLUnit, 13)}},
	{"offset of a failure after a tab", "\thttp://[::1", "", "",
		[]string{e(InvalidURLUnit, 0), e(IPv6Unclosed, 8)}},
	// No errors at all.
	{"valid URL", "https://example.com:8080/a/b?c=d#e", "", "https://example.com:8080/a/b?c=d#e", nil},
	{"valid relative URL", "../x?y#z", "https://h/a/b/c", "https://h/a/x?y#z", nil},
}

func parseCollecting(input string, base *URL) (*URL, []string, error) {
	var got []string
	p := Parser{OnValidationError: func(v ValidationError) { got = append(got, e(v.Name(), v.Offset())) }}
	u, err := p.Parse(input, base)
	return u, got, err
}

func TestValidationErrors(t *testing.T) {
	for _, tc := range validationTests {
		t.Run(tc.name, func(t *testing.T) {
			var base *URL
			if tc.base != "" {
				base = MustParse(tc.base)
			}
			u, got, err := parseCollecting(tc.input, base)
			if !slices.Equal(got, tc.want) {
				t.Errorf("Parse(%q): errors\n got %q\nwant %q", tc.input, got, tc.want)
			}
			switch {
			case tc.href == "" && err == nil:
				t.Errorf("Parse(%q) = %q, want failure", tc.input, u.Href())
			case tc.href != "" && err != nil:
				t.Errorf("Parse(%q): %v", tc.input, err)
			case tc.href != "" && u.Href() != tc.href:
				t.Errorf("Parse(%q) = %q, want %q", tc.input, u.Href(), tc.href)
			}
			if err != nil {
				// The failure names the last error, the one that stopped it.
				var pe *Error
				if !errors.As(err, &pe) || len(tc.want) == 0 {
					t.Fatalf("error %v: want an *Error after validation errors", err)
				}
				if last := tc.want[len(tc.want)-1]; e(nameOf(pe), pe.Offset) != last {
					t.Errorf("failure names %s, want %s", e(nameOf(pe), pe.Offset), last)
				}
				// missing-scheme-non-relative-URL adds how to resolve a
				// relative reference (TestErrorMessage); the others end
				// with the name.
				if nameOf(pe) == MissingSchemeNonRelativeURL {
					if !strings.Contains(err.Error(), ": "+string(nameOf(pe))+" (") {
						t.Errorf("message %q does not give the name and a hint", err)
					}
				} else if !strings.HasSuffix(err.Error(), ": "+string(nameOf(pe))) {
					t.Errorf("message %q does not end with the name", err)
				}
			}
			// Without a callback the parse gives the same result.
			var u2 *URL
			var err2 error
			if base != nil {
				u2, err2 = base.Parse(tc.input)
			} else {
				u2, err2 = Parse(tc.input)
			}
			if (err == nil) != (err2 == nil) || err == nil && u.Href() != u2.Href() {
				t.Errorf("with and without callback differ: %v %v", err, err2)
			}
			if err != nil && err.Error() != err2.Error() {
				t.Errorf("messages differ: %q and %q", err, err2)
			}
		})
	}
}

// IPv4-non-ASCII-input needs UTS #46 for Unicode 16 or later, where ①
// maps to "1" without a STD3 error.
func TestValidationErrorIPv4NonASCIIInput(t *testing.T) {
	requireUnicode17(t)
	u, got, err := parseCollecting("https://①.②.③.④/", nil)
	if err != nil || u.Href() != "https://1.2.3.4/" {
		t.Fatalf("got %v, %v", u, err)
	}
	if want := []string{e(IPv4NonASCIIInput, 8)}; !slices.Equal(got, want) {
		t.Errorf("errors %q, want %q", got, want)
	}
	// Fullwidth digits and ideographic full stops, with a too-few-parts.
	u, got, err = parseCollecting("https://１２７\u3002１/", nil)
	if err != nil || u.Href() != "https://127.0.0.1/" {
		t.Fatalf("got %v, %v", u, err)
	}
	if want := []string{e(IPv4NonASCIIInput, 8), e(IPv4TooFewParts, 8)}; !slices.Equal(got, want) {
		t.Errorf("errors %q, want %q", got, want)
	}
}

func TestEveryNameHasACase(t *testing.T) {
	seen := map[string]bool{string(IPv4NonASCIIInput): true} // its own test, above
	for _, tc := range validationTests {
		for _, w := range tc.want {
			seen[w[:strings.LastIndexByte(w, '@')]] = true
		}
	}
	for _, tc := range setterValidationTests {
		for _, w := range tc.want {
			seen[w[:strings.LastIndexByte(w, '@')]] = true
		}
	}
	for _, name := range allValidationErrorNames {
		if !seen[string(name)] {
			t.Errorf("no test case reports %s", name)
		}
	}
	if len(allValidationErrorNames) != 31 {
		t.Errorf("%d names, want the spec's 30 and IPv4-non-ASCII-input", len(allValidationErrorNames))
	}
}

// setterValidationTests run Parser.Set; offsets are into the value.
var setterValidationTests = []struct {
	name, href string
	attr       Attribute
	value      string
	after      string // the href afterwards
	fails      bool
	want       []string
}{
	{"host: error inside the host parser, then a port", "https://example.com/", AttrHost, "ex%61mple.org:8a",
		"https://example.org:8/", false, []string{e(DomainPercentEncoded, 0)}},
	{"host: IPv6 failure leaves the URL", "https://example.com/", AttrHost, "[::1",
		"https://example.com/", true, []string{e(IPv6Unclosed, 0)}},
	{"host: offsets after a removed tab", "https://example.com/", AttrHost, "\ta b",
		"https://example.com/", true, []string{e(InvalidURLUnit, 0), e(DomainToASCII, 1)}},
	{"host: IPv4 recovery", "https://example.com/p", AttrHost, "0x7f.1:81",
		"https://127.0.0.1:81/p", false, []string{e(IPv4TooFewParts, 0), e(IPv4NonDecimalPart, 0)}},
	{"host: opaque host", "foo://h/p", AttrHost, "a%zz",
		"foo://a%zz/p", false, []string{e(InvalidURLUnit, 0)}},
	{"hostname: a port is refused without a validation error", "https://example.com/", AttrHostname, "h:80",
		"https://example.com/", true, nil},
	{"hostname: file host", "file:///p", AttrHostname, "1.2.3",
		"file://1.2.0.3/p", false, []string{e(IPv4TooFewParts, 0)}},
	{"port: out of range", "https://example.com/", AttrPort, "99999",
		"https://example.com/", true, []string{e(PortOutOfRange, 0)}},
	{"port: trailing letters are ignored", "https://example.com/", AttrPort, "81a",
		"https://example.com:81/", false, nil},
	{"protocol: not a scheme", "https://example.com/", AttrProtocol, "ht tp",
		"https://example.com/", true, nil},
	{"pathname: backslash and space", "https://h/x", AttrPathname, "\\a b",
		"https://h/a%20b", false, []string{e(InvalidReverseSolidus, 0), e(InvalidURLUnit, 2)}},
	{"search: offsets count the ?", "https://h/", AttrSearch, "?a b",
		"https://h/?a%20b", false, []string{e(InvalidURLUnit, 2)}},
	{"hash: offsets count the #", "https://h/", AttrHash, "#%zz",
		"https://h/#%zz", false, []string{e(InvalidURLUnit, 1)}},
	{"href: failure", "https://h/", AttrHref, "no-scheme",
		"https://h/", true, []string{e(MissingSchemeNonRelativeURL, 0)}},
}

func TestSetterValidationErrors(t *testing.T) {
	for _, tc := range setterValidationTests {
		t.Run(tc.name, func(t *testing.T) {
			u := MustParse(tc.href)
			var got []string
			p := Parser{OnValidationError: func(v ValidationError) { got = append(got, e(v.Name(), v.Offset())) }}
			err := p.Set(u, tc.attr, tc.value)
			if !slices.Equal(got, tc.want) {
				t.Errorf("Set(%s, %q): errors\n got %q\nwant %q", tc.attr, tc.value, got, tc.want)
			}
			if (err != nil) != tc.fails {
				t.Errorf("Set(%s, %q) error = %v, want failure %v", tc.attr, tc.value, err, tc.fails)
			}
			if u.Href() != tc.after {
				t.Errorf("Set(%s, %q): href %q, want %q", tc.attr, tc.value, u.Href(), tc.after)
			}
			// The URL methods make the same change.
			v := MustParse(tc.href)
			setterMethods[tc.attr.String()](v, tc.value)
			if v.Href() != u.Href() {
				t.Errorf("%s setter gives %q, Parser.Set %q", tc.attr, v.Href(), u.Href())
			}
		})
	}
}

func TestSetterErrorMessage(t *testing.T) {
	var p Parser
	u := MustParse("https://example.com/")
	err := p.Set(u, AttrPort, "99999")
	if want := `weburl: set port "99999": port-out-of-range`; err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
	err = p.Set(u, AttrHostname, "h:80")
	if want := `weburl: set hostname "h:80": a hostname cannot hold a port`; err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
	if p.Set(u, AttrPort, "") != nil || p.Set(u, AttrUsername, "x y") != nil {
		t.Error("a setter that cannot fail returned an error")
	}
	if u.Href() != "https://x%20y@example.com/" {
		t.Errorf("href %q", u.Href())
	}
	if err := p.Set(u, Attribute(99), "x"); err == nil || u.Href() != "https://x%20y@example.com/" {
		t.Errorf("an unknown attribute: %v, %q", err, u.Href())
	}
}

func TestValidationErrorString(t *testing.T) {
	_, err := Parse("https://h:8a/")
	var pe *Error
	if !errors.As(err, &pe) {
		t.Fatalf("%v is not an *Error", err)
	}
	if pe.Err != PortInvalid || pe.Offset != 11 {
		t.Errorf("Err %v, Offset %d; want port-invalid at 11", pe.Err, pe.Offset)
	}
	var got []string
	p := Parser{OnValidationError: func(v ValidationError) { got = append(got, v.String()) }}
	if _, err := p.Parse("https://h:8a/", nil); err == nil || !slices.Equal(got, []string{"port-invalid at 11"}) {
		t.Errorf("OnValidationError: %q", got)
	}
}
