package weburl

import (
	"errors"
	"strings"
	"testing"

	"golang.org/x/net/publicsuffix"
)

// testList is a Public Suffix List of the given rules ("com", "*.ck",
// "!www.ck") and the default rule "*", run by the list's formal algorithm,
// for tables that say "given that these are public suffixes".
type testList []string

func (l testList) suffix(domain string) string {
	labels := strings.Split(domain, ".")
	n, exception := 1, false // labels of the prevailing rule; "*" has one
	for _, rule := range l {
		r, isException := strings.CutPrefix(rule, "!")
		rl := strings.Split(r, ".")
		if len(rl) > len(labels) {
			continue
		}
		match := true
		for i := 1; i <= len(rl); i++ {
			if rl[len(rl)-i] != "*" && rl[len(rl)-i] != labels[len(labels)-i] {
				match = false
				break
			}
		}
		switch {
		case !match:
		case isException:
			n, exception = len(rl)-1, true
		case !exception && len(rl) > n:
			n = len(rl)
		}
	}
	return strings.Join(labels[len(labels)-n:], ".")
}

// list is l as a suffixList; its rules have no section, so none is ICANN.
func (l testList) list(domain string) (string, bool) { return l.suffix(domain), false }

// The URL Standard's table of hosts with their public suffix and
// registrable domain (§ Host miscellaneous), "" for null. The github.io
// rows need the list's private section, which the spec uses; the
// xn--kgbechtv rows need no rule: that test TLD is not on the list, and the
// default rule "*" makes it its own public suffix.
var specSuffixTable = []struct {
	host, suffix, registrable string
}{
	{"com", "com", ""},
	{"example.com", "com", "example.com"},
	{"www.example.com", "com", "example.com"},
	{"sub.www.example.com", "com", "example.com"},
	{"EXAMPLE.COM", "com", "example.com"},
	{"example.com.", "com.", "example.com."},
	{"github.io", "github.io", ""},
	{"whatwg.github.io", "github.io", "whatwg.github.io"},
	{"إختبار", "xn--kgbechtv", ""},
	{"example.إختبار", "xn--kgbechtv", "example.xn--kgbechtv"},
	{"sub.example.إختبار", "xn--kgbechtv", "example.xn--kgbechtv"},
	{"[2001:0db8:85a3:0000:0000:8a2e:0370:7334]", "", ""},
}

// Our cases: trailing dots, empty labels, the default rule, wildcard and
// exception rules, IP addresses, IDNs, and hosts that do not parse.
var ourSuffixTable = []struct {
	host, suffix, registrable string
}{
	{"www.example.co.uk", "co.uk", "example.co.uk"},
	{"www.example.co.uk.", "co.uk.", "example.co.uk."},
	{"co.uk.", "co.uk.", ""},
	{"example.com..", "", ""}, // the last label is empty: no rule matches
	{".", "", ""},
	{"..", "", ""},
	{"a..example.com", "com", "example.com"},
	{"a..com", "com", ".com"}, // the label before "com" is the empty one
	{".com", "com", ".com"},
	{"localhost", "localhost", ""}, // no rule: "*"
	{"foo.localhost", "localhost", "foo.localhost"},
	{"a.b.intranet.", "intranet.", "b.intranet."},
	{"x.ck", "x.ck", ""},              // *.ck
	{"a.x.ck", "x.ck", "a.x.ck"},      // *.ck
	{"www.ck", "ck", "www.ck"},        // !www.ck
	{"a.www.ck", "ck", "www.ck"},      // !www.ck
	{"1.2.3.4", "", ""},               // IPv4
	{"0x7F.1", "", ""},                // IPv4 too, after parsing
	{"1.2.3.4.", "", ""},              // IPv4: a trailing dot is allowed
	{"[::1]", "", ""},                 // IPv6
	{"::1", "", ""},                   // not a host: ':' is forbidden
	{"example.com:443", "", ""},       // a port is not part of a host
	{"", "", ""},                      // the host parser fails on it
	{"exa mple.com", "", ""},          // forbidden code point
	{"xn--a.com", "com", "xn--a.com"}, // bad Punycode, but ASCII: the parser keeps it
	{"xn--a.é", "", ""},               // bad Punycode, and ToASCII runs: failure
	{"%65xample.com", "com", "example.com"},
	{"Ｅｘａｍｐｌｅ．ｃｏｍ", "com", "example.com"}, // fullwidth, mapped
	{"EXAMPLE.中国", "xn--fiqs8s", "example.xn--fiqs8s"},
	{"www.example.xn--fiqs8s", "xn--fiqs8s", "example.xn--fiqs8s"},
	{"日本語.jp", "jp", "xn--wgv71a119e.jp"},
}

func TestPublicSuffixSpecTable(t *testing.T) {
	for _, c := range specSuffixTable {
		checkSuffixes(t, c.host, c.suffix, c.registrable)
	}
}

func TestPublicSuffixOurCases(t *testing.T) {
	for _, c := range ourSuffixTable {
		checkSuffixes(t, c.host, c.suffix, c.registrable)
	}
}

func checkSuffixes(t *testing.T, host, suffix, registrable string) {
	t.Helper()
	// The bool says ICANN (TestPublicSuffixICANNBool); none is never ICANN.
	ps, icann := PublicSuffix(host)
	if ps != suffix || icann && ps == "" {
		t.Errorf("PublicSuffix(%q) = %q, %v; want %q", host, ps, icann, suffix)
	}
	rd, ok := RegistrableDomain(host)
	if rd != registrable || ok != (registrable != "") {
		t.Errorf("RegistrableDomain(%q) = %q, %v; want %q", host, rd, ok, registrable)
	}
}

// The github.io rows of the spec's table come from the private section:
// x/net reports them as not ICANN, and its PublicSuffix still applies them.
func TestPublicSuffixPrivateSection(t *testing.T) {
	if ps, icann := publicsuffix.PublicSuffix("whatwg.github.io"); ps != "github.io" || icann {
		t.Errorf("x/net: %q, icann %v; want github.io from the private section", ps, icann)
	}
}

func TestTestList(t *testing.T) {
	l := testList{"com", "*.ck", "!www.ck", "co.uk", "uk"}
	for in, want := range map[string]string{
		"example.com": "com", "x.ck": "x.ck", "a.x.ck": "x.ck", "www.ck": "ck",
		"a.www.ck": "ck", "a.co.uk": "co.uk", "a.org": "org", "org": "org",
	} {
		if got := l.suffix(in); got != want {
			t.Errorf("testList(%q) = %q, want %q", in, got, want)
		}
	}
}

// The HTML Standard's same site examples (§ Sites), "given that
// wildlife.museum, museum, and com are public suffixes and that
// example.com is not": the list has changed since, so a test list holds
// just those rules.
func TestSameSiteHTMLTable(t *testing.T) {
	list := suffixList(testList{"com", "museum", "wildlife.museum"}.list)
	tests := []struct {
		a, b                       string
		schemelesslySame, sameSite bool
	}{
		{"https://example.com", "https://sub.example.com", true, true},
		{"https://example.com", "https://sub.other.example.com", true, true},
		{"https://example.com", "http://non-secure.example.com", true, false},
		{"https://r.wildlife.museum", "https://sub.r.wildlife.museum", true, true},
		{"https://r.wildlife.museum", "https://sub.other.r.wildlife.museum", true, true},
		{"https://r.wildlife.museum", "https://other.wildlife.museum", false, false},
		{"https://r.wildlife.museum", "https://wildlife.museum", false, false},
		{"https://wildlife.museum", "https://wildlife.museum", true, true},
		{"https://example.com", "https://example.com.", false, false},
	}
	for _, c := range tests {
		a, b := MustParse(c.a).Origin(), MustParse(c.b).Origin()
		for _, pair := range [][2]Origin{{a, b}, {b, a}} {
			if got := schemelesslySameSite(list, pair[0], pair[1]); got != c.schemelesslySame {
				t.Errorf("schemelessly same site %v %v = %v, want %v", pair[0], pair[1], got, c.schemelesslySame)
			}
			if got := sameSite(list, pair[0], pair[1]); got != c.sameSite {
				t.Errorf("same site %v %v = %v, want %v", pair[0], pair[1], got, c.sameSite)
			}
		}
	}
}

// Our cases for SameSite and SchemelesslySameSite with x/net's list.
func TestSameSite(t *testing.T) {
	tests := []struct {
		a, b                       string
		schemelesslySame, sameSite bool
	}{
		{"https://a.example.co.uk", "https://b.example.co.uk:8443", true, true}, // ports do not count
		{"https://a.example.co.uk", "https://other.co.uk", false, false},
		{"https://a.github.io", "https://b.github.io", false, false}, // private section
		{"https://github.io", "https://github.io", true, true},
		{"http://localhost:1", "http://localhost:2", true, true},
		{"http://a.localhost", "http://b.localhost", false, false}, // "*": a.localhost is registrable
		{"http://1.2.3.4", "http://1.2.3.4:8080", true, true},
		{"http://1.2.3.4", "http://1.2.3.5", false, false},
		{"http://[::1]", "https://[::1]", true, false},
		{"https://xn--fiqs8s.example.com", "https://中国.example.com", true, true},
		{"wss://chat.example.com", "https://www.example.com", true, false},
		{"blob:https://a.example.com/uuid", "https://b.example.com", true, true},
		{"https://example.com", "data:,x", false, false},
		{"data:,x", "data:,x", false, false}, // two new opaque origins
	}
	for _, c := range tests {
		a, b := MustParse(c.a).Origin(), MustParse(c.b).Origin()
		for _, pair := range [][2]Origin{{a, b}, {b, a}} {
			if got := SchemelesslySameSite(pair[0], pair[1]); got != c.schemelesslySame {
				t.Errorf("SchemelesslySameSite(%v, %v) = %v, want %v", pair[0], pair[1], got, c.schemelesslySame)
			}
			if got := SameSite(pair[0], pair[1]); got != c.sameSite {
				t.Errorf("SameSite(%v, %v) = %v, want %v", pair[0], pair[1], got, c.sameSite)
			}
		}
	}
	o := MustParse("data:,x").Origin()
	if !SameSite(o, o) || !SchemelesslySameSite(o, o) {
		t.Error("an opaque origin is not same site with itself")
	}
	var zero Origin
	if SameSite(zero, zero) || SchemelesslySameSite(zero, zero) {
		t.Error("the zero Origin is same site with itself")
	}
}

func TestParseDomain(t *testing.T) {
	tests := []struct {
		in     string
		strict bool
		want   string // "" for failure
		reason string // in the error, for failures
	}{
		{"EXAMPLE.com", false, "example.com", ""},
		{"EXAMPLE.com", true, "example.com", ""},
		{"Faß.de", false, "xn--fa-hia.de", ""}, // nontransitional
		{"☕.example", false, "xn--53h.example", ""},
		{"ｅｘａｍｐｌｅ。com", false, "example.com", ""},
		{"1.2.3.4", false, "1.2.3.4", ""}, // IPv4 is the host parser's business
		// Lax and ASCII: lowercased whatever ToASCII says.
		{"xn--8i7caa", false, "xn--8i7caa", ""},
		{"xn--8i7caa", true, "", "Unicode ToASCII records an error"},
		{"a_b.com", false, "a_b.com", ""},
		{"a_b.com", true, "", "Unicode ToASCII records an error"}, // UseSTD3ASCIIRules
		{"-ab.com", false, "-ab.com", ""},
		{"-ab.com", true, "", "Unicode ToASCII records an error"}, // CheckHyphens
		{"example.com.", false, "example.com.", ""},
		{"example.com.", true, "", "Unicode ToASCII records an error"}, // VerifyDnsLength: empty root label
		{strings.Repeat("a", 64) + ".com", false, strings.Repeat("a", 64) + ".com", ""},
		{strings.Repeat("a", 64) + ".com", true, "", "Unicode ToASCII records an error"},
		{"", false, "", "the result is the empty string"},
		{"", true, "", "Unicode ToASCII records an error"},
		{"a%b", false, "", "forbidden domain code point, U+0025 (%)"},
		{"a b", false, "", "forbidden domain code point, U+0020"},
		{"a\x7fb", false, "", "forbidden domain code point, U+007F"},
		{"a/é", false, "", "forbidden domain code point, U+002F (/)"},
		{"xn--a.é", false, "", "Unicode ToASCII records an error"}, // bad Punycode, not all ASCII
		{"\xff.com", false, "", "Unicode ToASCII records an error"},
		{"\u0628a", false, "", "Unicode ToASCII records an error"}, // CheckBidi
	}
	for _, c := range tests {
		got, err := ParseDomain(c.in, c.strict)
		if c.want != "" {
			if got != c.want || err != nil {
				t.Errorf("ParseDomain(%q, %v) = %q, %v; want %q", c.in, c.strict, got, err, c.want)
			}
			continue
		}
		if err == nil || got != "" {
			t.Errorf("ParseDomain(%q, %v) = %q, %v; want failure", c.in, c.strict, got, err)
			continue
		}
		msg := err.Error()
		if !strings.HasPrefix(msg, `weburl: parse domain "`) || !strings.Contains(msg, c.reason) {
			t.Errorf("ParseDomain(%q, %v): error %q; want the input and %q", c.in, c.strict, msg, c.reason)
		}
		var e *Error
		if !errors.As(err, &e) || e.Op != "parse domain" || e.Input != c.in || !errors.Is(err, DomainToASCII) {
			t.Errorf("ParseDomain(%q, %v): error %v does not wrap %s", c.in, c.strict, err, DomainToASCII)
		}
	}
}

func TestDomainToUnicode(t *testing.T) {
	tests := []struct {
		in, want string
		fails    bool
	}{
		{"example.com", "example.com", false},
		{"xn--fa-hia.de", "faß.de", false},
		{"xn--kgbechtv", "إختبار", false},
		{"example.xn--fiqs8s", "example.中国", false},
		{"xn--53h.example", "☕.example", false},
		{"example.com.", "example.com.", false},
		{"", "", false},
		// Errors: the domain comes back as it was.
		{"xn--8i7caa", "xn--8i7caa", true}, // decodes to ｗｗｗ, which is mapped
		{"xn--a.example", "xn--a.example", true},
		{"a.xn--zca.xn--a", "a.xn--zca.xn--a", true}, // one bad label keeps all
		{"xn--ab-.com", "xn--ab-.com", true},
		{"xn--", "xn--", true}, // empty Punycode
		{"a.xn--", "a.xn--", true},
		{"\xff", "\xff", true},
	}
	for _, c := range tests {
		got, err := DomainToUnicode(c.in)
		if got != c.want || (err != nil) != c.fails {
			t.Errorf("DomainToUnicode(%q) = %q, %v; want %q, error %v", c.in, got, err, c.want, c.fails)
		}
		if err != nil && !strings.HasPrefix(err.Error(), `weburl: domain to Unicode "`) {
			t.Errorf("DomainToUnicode(%q): error %q", c.in, err)
		}
	}
}

// Domain to Unicode and the domain parser round-trip on the hosts the host
// parser gives.
func TestDomainToUnicodeRoundTrip(t *testing.T) {
	for _, in := range []string{
		"faß.de", "example.إختبار", "日本語.jp", "☕.example", "xn--8i7caa", "a.b.c",
		"ドメイン名例.jp", "ελληνικά.gr", "xn--nxasmq6b.com", "Ⅻ.com",
	} {
		host, kind, ok := parseHost(in)
		if !ok || kind != Domain {
			t.Fatalf("parseHost(%q) failed", in)
		}
		uni, _ := DomainToUnicode(host)
		back, err := ParseDomain(uni, false)
		if back != host || err != nil {
			t.Errorf("%q: host %q, to Unicode %q, back %q, %v", in, host, uni, back, err)
		}
	}
}
