package weburl

import (
	"testing"
)

// Cases worked out from the URL writing section's grammar.
var validStringTests = []struct {
	input, base string
	want        bool
}{
	// absolute-URL-with-fragment strings
	{"https://example.com/", "", true},
	{"HTTPS://EXAMPLE.COM", "", true},
	{"https://example.com:0080/a/b?c=d#e", "", true},   // a URL-port string may have leading zeros
	{"https://example.com:/", "", true},                // the empty port
	{"https://example.com:65536/", "", false},          // not a 16-bit unsigned integer
	{"https://example.com/a/../b/./c", "", true},       // dot segments are segments
	{"https://example.com/%2e%2E/%41", "", true},       // percent-encoded bytes are URL units
	{"https://example.com/a%zz", "", false},            // "%" starts no percent-encoded byte
	{"https://example.com/a b", "", false},             // space is no URL code point
	{"https://example.com/\u00e4\U0001F600", "", true}, // non-ASCII code points are
	{"https://example.com/\ufdd0", "", false},          // noncharacters are not
	{"https://example.com/\xff", "", false},            // nor is a byte that is not UTF-8
	{"https://example.com/#a?b/c", "", true},           // a fragment may hold ? and /
	{"https://example.com/#a#b", "", false},            // but not #
	{"https://example.com/?a?b", "", true},             // a query may hold ?
	{"https://user@example.com/", "", false},           // credentials cannot be written validly
	{"https:example.com", "", false},                   // special schemes need "//"
	{"https:///example.com", "", false},                // and a host right after them
	{"https://ex%61mple.com/", "", false},              // no valid domain has "%"
	{"https://exa_mple.com/", "", false},               // nor "_" (STD3 rules)
	{"https://-a.example/", "", false},                 // nor a label starting with "-"
	{"https://example.com./", "", false},               // nor an empty root label
	{"https://b\u00fccher.example/", "", true},         // an IDN is valid
	{"https://xn--bcher-kva.example/", "", true},       // as is its ASCII form
	{"https://1.2.3.4/", "", true},                     // a valid IPv4-address string
	{"https://1.2.3/", "", false},                      // three parts: not IPv4, ends in a number
	{"https://01.2.3.4/", "", false},                   // leading zero
	{"https://1.2.3.256/", "", false},                  // out of range
	{"https://a.1/", "", false},                        // a domain may not end in a number
	{"https://[::1]/", "", true},                       // IPv6
	{"https://[1:2:3:4:5:6:7:8]/", "", true},           // eight pieces
	{"https://[1:2:3:4:5:6:7]/", "", false},            // seven, uncompressed
	{"https://[1:2:3:4:5:6:7::]/", "", true},           // seven around "::"
	{"https://[1:2:3:4:5:6:7:8::]/", "", false},        // eight around "::"
	{"https://[::ffff:1.2.3.4]/", "", true},            // IPv4 counts as two pieces
	{"https://[1:2:3:4:5:6:1.2.3.4]/", "", true},       // 6 + 2
	{"https://[1:2:3:4:5:6:7:1.2.3.4]/", "", false},    // 7 + 2
	{"https://[::01]/", "", false},                     // pieces are shortest
	{"https://[::ABCD]/", "", true},                    // upper-case hex digits
	{"https://[1::2::3]/", "", false},                  // one "::"
	{"https://[::1]:443/", "", true},                   // a port after brackets
	{"file:///C:/x", "", true},                         // "//" and a path
	{"file://host/share", "", true},                    // a file host
	{"file://", "", true},                              // "//" alone
	{"file://host:80/", "", false},                     // file: has no port
	{"file:C:/x", "", false},                           // file: needs "//"
	{"foo://h:1/p", "", true},                          // scheme-relative-URL string
	{"foo://", "", true},                               // empty opaque-host-and-port
	{"foo:///p", "", true},                             // an empty host, then a path
	{"foo://a%zz/", "", false},                         // opaque hosts are URL units too
	{"foo://\u00e4%20/", "", true},                     // non-ASCII and percent-encoded bytes
	{"foo://a<b/", "", false},                          // forbidden host code point
	{"foo://:80/", "", false},                          // a port needs a host
	{"foo:/a/b", "", true},                             // path-absolute-non-authority
	{"foo:opaque path?q", "", false},                   // a space
	{"foo:opaque-path?q", "", true},                    // opaque-path-URL string
	{"foo:", "", true},                                 // the empty opaque path
	{"a+b.c-d:x", "", true},                            // scheme code points
	{"1a:x", "", false},                                // a scheme starts with an alpha
	{"", "", false},                                    // nothing is absolute without a scheme
	{" https://example.com/", "", false},               // leading space
	{"https://example.com/\t", "", false},              // a tab
	{"https://example.com\\a", "", false},              // backslash
	{"x", "", false},                                   // relative, no base
	{"x", "https://h/", true},                          // path-relative-scheme-less
	{"", "https://h/", true},                           // empty relative
	{"?q#f", "https://h/", true},                       // query and fragment only
	{"/a/b", "https://h/", true},                       // path-absolute-non-authority
	{"//other/a", "https://h/", true},                  // scheme-relative-special
	{"//other:99999/a", "https://h/", false},           // bad port
	{"//", "https://h/", false},                        // special needs a host
	{"//", "foo://h/", true},                           // non-special does not
	{"///p", "file:///x", true},                        // file: empty host
	{"a:b", "https://h/", true},                        // an absolute URL string after all
	{"./a:b", "https://h/", true},                      // a colon after the first segment
	{"\\\\x", "https://h/", false},                     // backslashes
	{"#f", "foo:opaque", true},                         // only fragments against an opaque path
	{"?q", "foo:opaque", false},                        //
	{"x", "foo:opaque", false},                         //
	{"https://example.com/#f", "foo:opaque", true},     // absolute strings need no base
	{"/C:/x", "file:///D:/y", true},                    // path-absolute against file:
	{"C|/x", "file:///D:/y", false},                    // "|" is no URL code point
	{"//C:/x", "file:///D:/y", false},                  // a drive letter is no host
	{"//server/share", "file:///D:/y", true},           // scheme-relative-file-URL
	{"//h:1/a", "foo://x/", true},                      // scheme-relative-URL against foo:
	{"//[::1]:80/a", "foo://x/", true},                 // an IPv6 opaque host
}

func TestIsValidURLString(t *testing.T) {
	for _, tc := range validStringTests {
		var base *URL
		if tc.base != "" {
			base = MustParse(tc.base)
		}
		if got := IsValidURLString(tc.input, base); got != tc.want {
			t.Errorf("IsValidURLString(%q, %q) = %v, want %v", tc.input, tc.base, got, tc.want)
		}
	}
}

// TestValidStringsParseCleanly checks, over every input of urltestdata.json
// and of the tables above, that a valid URL string parses without
// validation errors and, since the spec's July 2026 edits closed the gaps
// between its writing and parsing sections, that an input that parses
// without validation errors is a valid URL string.
func TestValidStringsParseCleanly(t *testing.T) {
	type pair struct {
		input string
		base  *URL
	}
	var pairs []pair
	for _, tc := range validStringTests {
		var base *URL
		if tc.base != "" {
			base = MustParse(tc.base)
		}
		pairs = append(pairs, pair{tc.input, base})
	}
	for _, tc := range validationTests {
		var base *URL
		if tc.base != "" {
			base = MustParse(tc.base)
		}
		pairs = append(pairs, pair{tc.input, base})
	}
	for _, c := range loadURLTests(t, "urltestdata.tsv") {
		var base *URL
		if c.Base != nil {
			b, err := Parse(*c.Base)
			if err != nil {
				continue
			}
			base = b
		}
		pairs = append(pairs, pair{c.Input, base})
	}
	valid := 0
	for _, pr := range pairs {
		_, errs, err := parseCollecting(pr.input, pr.base)
		clean := err == nil && len(errs) == 0
		isValid := IsValidURLString(pr.input, pr.base)
		if isValid {
			valid++
		}
		if isValid != clean {
			t.Errorf("%q against %v: valid URL string %v, but parse error %v, validation errors %q",
				pr.input, pr.base, isValid, err, errs)
		}
	}
	t.Logf("%d inputs, %d valid URL strings", len(pairs), valid)
}
