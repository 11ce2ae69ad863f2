package weburl

import (
	"strings"
	"testing"
)

// A label that starts with "xn--" after mapping but still holds a
// non-ASCII code point fails (UTS #46 Processing step 4.1), through Parse
// and through the href, host and hostname setters, which leave the URL
// unchanged.
func TestPunycodeLabelWithNonASCIIFails(t *testing.T) {
	for _, host := range []string{"xn--ü-", "XN--ü-", "\uff58\uff4e--ü-", "a.xn--ü-.b", "xn--ü-.com"} {
		if u, err := Parse("http://" + host + "/"); err == nil {
			t.Errorf("Parse(%q) = %q, want failure", "http://"+host+"/", u.Href())
		} else if !strings.Contains(err.Error(), string(DomainToASCII)) {
			t.Errorf("Parse(%q): %v, want %s", "http://"+host+"/", err, DomainToASCII)
		}
		const href = "http://example.com/p"
		for _, set := range []struct {
			name string
			fn   func(u *URL, v string) error
			v    string
		}{
			{"href", (*URL).SetHref, "http://" + host + "/"},
			{"host", (*URL).SetHost, host},
			{"hostname", (*URL).SetHostname, host},
		} {
			u := MustParse(href)
			err := set.fn(u, set.v)
			if u.Href() != href || err == nil {
				t.Errorf("set %s to %q: href %q, error %v; want it unchanged, and an error", set.name, set.v, u.Href(), err)
			}
		}
	}
	// Punycode that is ASCII still works, and an ASCII domain is only
	// lowercased: its xn-- labels are not decoded (the domain parser's
	// step for ASCII input).
	for in, want := range map[string]string{
		"http://ü.xn--tda/":  "http://xn--tda.xn--tda/",
		"http://XN--a.com/":  "http://xn--a.com/",
		"http://xn--ü.com./": "", // also with a trailing dot
	} {
		u, err := Parse(in)
		switch {
		case want == "" && err == nil:
			t.Errorf("Parse(%q) = %q, want failure", in, u.Href())
		case want != "" && (err != nil || u.Href() != want):
			t.Errorf("Parse(%q) = %v, %v; want %q", in, u, err, want)
		}
	}
}

// The domain parser on ASCII input lowercases it and does not run the IDNA
// limits or Punycode decoding.
func TestASCIIDomainIsOnlyLowercased(t *testing.T) {
	long := "xn--" + strings.Repeat("a", 2001)
	if u, err := Parse("https://" + long + "/"); err != nil || u.Hostname() != long {
		t.Errorf("an ASCII domain with a long xn-- label: %v", err)
	}
	if _, err := Parse("https://" + strings.Repeat("a", 100000) + ".com/"); err != nil {
		t.Errorf("a long ASCII domain: %v", err)
	}
}

// CheckJoiners through the host parser: a ZWNJ before a non-joining digit
// fails, one between dual-joining letters passes.
func TestHostJoiners(t *testing.T) {
	if _, err := Parse("https://\u0628\u200c\u0661.example/"); err == nil {
		t.Error("a host with ZWNJ before a non-joining digit parsed")
	}
	if _, err := Parse("https://\u0628\u200c\u0628.example/"); err != nil {
		t.Errorf("a host with ZWNJ between dual-joining letters: %v", err)
	}
}

// Hosts of each kind, with the host serializer's output.
var hostTests = []struct {
	input, want string
	kind        HostKind
}{
	{"https://example.com/", "example.com", Domain},
	{"https://faß.example/", "xn--fa-hia.example", Domain},
	{"https://exa%6Dple.com/", "example.com", Domain},
	{"https://0/", "0.0.0.0", IPv4},
	{"https://0x7f.1/", "127.0.0.1", IPv4},
	{"https://0177.0.0.1/", "127.0.0.1", IPv4},
	{"https://2130706433/", "127.0.0.1", IPv4},
	{"https://127.1/", "127.0.0.1", IPv4},
	{"https://1.2.3.4./", "1.2.3.4", IPv4},
	{"https://0xffffffff/", "255.255.255.255", IPv4},
	{"https://[0:0::1]/", "[::1]", IPv6},
	{"https://[1:0:0:2:0:0:0:3]/", "[1:0:0:2::3]", IPv6},
	{"https://[::ffff:127.0.0.1]/", "[::ffff:7f00:1]", IPv6},
	{"https://[1:2:3:4:5:6:7:8]/", "[1:2:3:4:5:6:7:8]", IPv6},
	{"sc://EXAMPLE.com/", "EXAMPLE.com", Opaque},
	{"sc://faß/", "fa%C3%9F", Opaque},
	{"sc://0x7f.1/", "0x7f.1", Opaque},
	{"sc:///", "", Empty},
	{"file:///p", "", Empty},
	{"mailto:x", "", NoHost},
}

func TestHostKinds(t *testing.T) {
	for _, tt := range hostTests {
		u, err := Parse(tt.input)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.input, err)
			continue
		}
		if u.Hostname() != tt.want || u.HostKind() != tt.kind {
			t.Errorf("Parse(%q): host %q kind %v, want %q %v", tt.input, u.Hostname(), u.HostKind(), tt.want, tt.kind)
		}
	}
}

func TestHostKindString(t *testing.T) {
	for k, want := range map[HostKind]string{
		NoHost: "null", Domain: "domain", IPv4: "IPv4", IPv6: "IPv6",
		Opaque: "opaque", Empty: "empty", 12: "HostKind(12)", 255: "HostKind(255)",
	} {
		if got := k.String(); got != want {
			t.Errorf("HostKind(%d).String() = %q, want %q", k, got, want)
		}
	}
}
