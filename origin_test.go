package weburl

import (
	"fmt"
	"strings"
	"sync"
	"testing"
)

func TestOriginParts(t *testing.T) {
	tests := []struct {
		in, str, scheme, host, port string
		kind                        HostKind
	}{
		{"https://h:443/p", "https://h", "https", "h", "", Domain},
		{"http://h:8080/", "http://h:8080", "http", "h", "8080", Domain},
		{"HTTP://EXAMPLE.com/", "http://example.com", "http", "example.com", "", Domain},
		{"ftp://h/", "ftp://h", "ftp", "h", "", Domain},
		{"ws://h:80/", "ws://h", "ws", "h", "", Domain},
		{"wss://[::1]:9/", "wss://[::1]:9", "wss", "[::1]", "9", IPv6},
		{"http://0x7f.1/", "http://127.0.0.1", "http", "127.0.0.1", "", IPv4},
		{"https://u:p@xn--fiqs8s/", "https://xn--fiqs8s", "https", "xn--fiqs8s", "", Domain},
		{"https://h:0/", "https://h:0", "https", "h", "0", Domain},
		// Blob: the path URL's origin when it is http, https or file.
		{"blob:https://h:1/uuid", "https://h:1", "https", "h", "1", Domain},
		{"blob:https://whatwg.org/d0360e2f-caee-469f-9a2f-87d5b0456f6f", "https://whatwg.org", "https", "whatwg.org", "", Domain},
		{"blob:ftp://h/uuid", "null", "", "", "", NoHost},
		{"blob:file:///x", "null", "", "", "", NoHost}, // file's origin is opaque
		{"blob:blob:https://h/", "null", "", "", "", NoHost},
		{"blob:not a url", "null", "", "", "", NoHost},
		{"file:///p", "null", "", "", "", NoHost},
		{"sc://h/", "null", "", "", "", NoHost},
		{"data:,x", "null", "", "", "", NoHost},
	}
	for _, c := range tests {
		o := MustParse(c.in).Origin()
		if o.String() != c.str || o.Scheme() != c.scheme || o.Host() != c.host || o.Port() != c.port ||
			o.IsOpaque() != (c.scheme == "") || o.Domain() != "" || o.kind != c.kind {
			t.Errorf("%q: origin %q scheme %q host %q port %q opaque %v domain %q kind %v; want %q %q %q %q",
				c.in, o, o.Scheme(), o.Host(), o.Port(), o.IsOpaque(), o.Domain(), o.kind, c.str, c.scheme, c.host, c.port)
		}
		if got := fmt.Sprint(o); got != c.str {
			t.Errorf("%q: %%v prints %q, want %q", c.in, got, c.str)
		}
	}
}

func TestOpaqueOriginIdentity(t *testing.T) {
	u := MustParse("data:,x")
	a, b := u.Origin(), u.Origin()
	if a == b || SameOrigin(a, b) || SameOriginDomain(a, b) {
		t.Error("two calls gave the same opaque origin")
	}
	c := a // a copy is the same origin
	if !SameOrigin(a, c) || !SameOriginDomain(a, c) || a != c {
		t.Error("an opaque origin is not same origin with its copy")
	}
	if SameOrigin(a, MustParse("https://h").Origin()) {
		t.Error("an opaque origin is same origin with a tuple origin")
	}
	n1, n2 := NewOpaqueOrigin(), NewOpaqueOrigin()
	if !n1.IsOpaque() || n1.String() != "null" || SameOrigin(n1, n2) || !SameOrigin(n1, n1) {
		t.Error("NewOpaqueOrigin")
	}
	seen := map[Origin]bool{a: true, b: true, n1: true, n2: true}
	if len(seen) != 4 {
		t.Errorf("%d distinct map keys, want 4", len(seen))
	}
}

func TestZeroOrigin(t *testing.T) {
	var z Origin
	if z.String() != "null" || !z.IsOpaque() || z.Scheme() != "" || z.Host() != "" || z.Port() != "" || z.Domain() != "" {
		t.Errorf("zero Origin: %q %v %q %q %q %q", z, z.IsOpaque(), z.Scheme(), z.Host(), z.Port(), z.Domain())
	}
	others := []Origin{z, {}, NewOpaqueOrigin(), MustParse("https://h").Origin()}
	for _, o := range others {
		for _, pair := range [][2]Origin{{z, o}, {o, z}} {
			if SameOrigin(pair[0], pair[1]) || SameOriginDomain(pair[0], pair[1]) ||
				SameSite(pair[0], pair[1]) || SchemelesslySameSite(pair[0], pair[1]) {
				t.Errorf("the zero Origin matches %v", o)
			}
		}
	}
	if _, err := z.WithDomain("h"); err == nil {
		t.Error("the zero Origin took a domain")
	}
}

func TestOpaqueOriginsConcurrent(t *testing.T) {
	const n = 8
	var wg sync.WaitGroup
	got := make([][]Origin, n)
	for i := range n {
		wg.Go(func() {
			for range 100 {
				got[i] = append(got[i], MustParse("data:,").Origin())
			}
		})
	}
	wg.Wait()
	seen := map[Origin]bool{}
	for _, os := range got {
		for _, o := range os {
			seen[o] = true
		}
	}
	if len(seen) != n*100 {
		t.Errorf("%d distinct opaque origins, want %d", len(seen), n*100)
	}
}

// withDomain builds HTML's tuple (scheme, host, port, domain), domain "" for
// null.
func withDomain(t *testing.T, url, domain string) Origin {
	t.Helper()
	o := MustParse(url).Origin()
	if domain == "" {
		return o
	}
	o, err := o.WithDomain(domain)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// The HTML Standard's same origin and same origin-domain examples (§
// Origins).
func TestSameOriginHTMLTable(t *testing.T) {
	tests := []struct {
		a, aDomain, b, bDomain       string
		sameOrigin, sameOriginDomain bool
	}{
		{"https://example.org", "", "https://example.org", "", true, true},
		{"https://example.org:314", "", "https://example.org:420", "", false, false},
		{"https://example.org:314", "example.org", "https://example.org:420", "example.org", false, true},
		{"https://example.org", "", "https://example.org", "example.org", true, false},
		{"https://example.org", "example.org", "http://example.org", "example.org", false, false},
	}
	for _, c := range tests {
		a, b := withDomain(t, c.a, c.aDomain), withDomain(t, c.b, c.bDomain)
		for _, pair := range [][2]Origin{{a, b}, {b, a}} {
			if got := SameOrigin(pair[0], pair[1]); got != c.sameOrigin {
				t.Errorf("SameOrigin(%v %q, %v %q) = %v", pair[0], pair[0].Domain(), pair[1], pair[1].Domain(), got)
			}
			if got := SameOriginDomain(pair[0], pair[1]); got != c.sameOriginDomain {
				t.Errorf("SameOriginDomain(%v %q, %v %q) = %v", pair[0], pair[0].Domain(), pair[1], pair[1].Domain(), got)
			}
		}
	}
}

// The HTML Standard's examples of "is a registrable domain suffix of or is
// equal to" (§ Relaxing the same-origin restriction), with the rules it
// states hold "at the time of writing": com and *.compute.amazonaws.com
// are public suffixes, amazonaws.com is a registrable domain.
func TestRegistrableDomainSuffixHTMLTable(t *testing.T) {
	list := suffixList(testList{"com", "*.compute.amazonaws.com"}.list)
	tests := []struct {
		suffix, original string
		want             bool
	}{
		{"0.0.0.0", "0.0.0.0", true},
		{"0x10203", "0.1.2.3", true},
		{"[0::1]", "[::1]", true},
		{"example.com", "example.com", true},
		{"example.com", "example.com.", false}, // a trailing dot counts
		{"example.com.", "example.com", false},
		{"example.com", "www.example.com", true},
		{"com", "example.com", false},
		{"example", "example", true},
		{"compute.amazonaws.com", "example.compute.amazonaws.com", false},
		{"example.compute.amazonaws.com", "www.example.compute.amazonaws.com", false},
		{"amazonaws.com", "www.example.compute.amazonaws.com", false},
		{"amazonaws.com", "test.amazonaws.com", true},
	}
	for _, c := range tests {
		host, kind, ok := parseHost(c.original)
		if !ok || host != c.original {
			t.Fatalf("parseHost(%q) = %q, %v", c.original, host, ok)
		}
		if _, got := registrableDomainSuffixOrEqual(list, c.suffix, host, kind); got != c.want {
			t.Errorf("%q is a registrable domain suffix of or equal to %q: %v, want %v", c.suffix, c.original, got, c.want)
		}
	}
}

// Our cases for WithDomain, with x/net's list.
func TestOriginWithDomain(t *testing.T) {
	o := MustParse("https://a.b.example.co.uk:8443/").Origin()
	tests := []struct {
		domain, want string // want "" for an error
	}{
		{"a.b.example.co.uk", "a.b.example.co.uk"},
		{"B.Example.CO.uk", "b.example.co.uk"}, // parsed as a host
		{"example.co.uk", "example.co.uk"},
		{"co.uk", ""},
		{"uk", ""},
		{"xample.co.uk", ""}, // not at a label boundary
		{"other.co.uk", ""},
		{"", ""},
		{"exa mple.co.uk", ""},
		{"c.a.b.example.co.uk", ""}, // longer than the host
	}
	for _, c := range tests {
		got, err := o.WithDomain(c.domain)
		if c.want == "" {
			if err == nil {
				t.Errorf("WithDomain(%q) = %v, want an error", c.domain, got.Domain())
			} else if !strings.Contains(err.Error(), fmt.Sprintf("%q", c.domain)) {
				t.Errorf("WithDomain(%q): error %q does not name the input", c.domain, err)
			}
			continue
		}
		if err != nil || got.Domain() != c.want || got.String() != o.String() {
			t.Errorf("WithDomain(%q) = %q (%v), %v; want %q", c.domain, got.Domain(), got, err, c.want)
		}
	}
	// The domain narrows step by step: from the domain, not the host.
	d, err := o.WithDomain("b.example.co.uk")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.WithDomain("a.b.example.co.uk"); err == nil {
		t.Error("a domain widened back to the host")
	}
	d2, err := d.WithDomain("example.co.uk")
	if err != nil || d2.Domain() != "example.co.uk" {
		t.Errorf("second WithDomain: %q, %v", d2.Domain(), err)
	}
	// Two origins of one site meet through their domains, whatever their ports.
	p, _ := MustParse("https://www.example.co.uk").Origin().WithDomain("example.co.uk")
	if !SameOriginDomain(d2, p) || SameOrigin(d2, p) {
		t.Error("same origin-domain through document.domain")
	}
	ip := MustParse("http://127.0.0.1").Origin()
	if _, err := ip.WithDomain("0.1"); err == nil {
		t.Error("an IP address took a suffix")
	}
	if got, err := ip.WithDomain("0x7f000001"); err != nil || got.Domain() != "127.0.0.1" {
		t.Errorf("an IP address equal to itself: %q, %v", got.Domain(), err)
	}
}
