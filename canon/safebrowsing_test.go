package canon

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// publishedSafeBrowsing are the canonicalization examples of Google Safe
// Browsing's "URLs and Hashing" documentation (API v4, repeated for v5 and
// Web Risk): 33 pairs of input and canonical form.
var publishedSafeBrowsing = []struct{ in, want string }{
	{"http://host/%25%32%35", "http://host/%25"},
	{"http://host/%25%32%35%25%32%35", "http://host/%25%25"},
	{"http://host/%2525252525252525", "http://host/%25"},
	{"http://host/asdf%25%32%35asd", "http://host/asdf%25asd"},
	{"http://host/%%%25%32%35asd%%", "http://host/%25%25%25asd%25%25"},
	{"http://www.google.com/", "http://www.google.com/"},
	{"http://%31%36%38%2e%31%38%38%2e%39%39%2e%32%36/%2E%73%65%63%75%72%65/%77%77%77%2E%65%62%61%79%2E%63%6F%6D/", "http://168.188.99.26/.secure/www.ebay.com/"},
	{"http://195.127.0.11/uploads/%20%20%20%20/.verify/.eBaysecure=updateuserdataxplimnbqmn-xplmvalidateinfoswqpcmlx=hgplmcx/", "http://195.127.0.11/uploads/%20%20%20%20/.verify/.eBaysecure=updateuserdataxplimnbqmn-xplmvalidateinfoswqpcmlx=hgplmcx/"},
	{"http://host%23.com/%257Ea%2521b%2540c%2523d%2524e%25f%255E00%252611%252A22%252833%252944_55%252B", "http://host%23.com/~a!b@c%23d$e%25f^00&11*22(33)44_55+"},
	{"http://3279880203/blah", "http://195.127.0.11/blah"},
	{"http://www.google.com/blah/..", "http://www.google.com/"},
	{"www.google.com/", "http://www.google.com/"},
	{"www.google.com", "http://www.google.com/"},
	{"http://www.evil.com/blah#frag", "http://www.evil.com/blah"},
	{"http://www.GOOgle.com/", "http://www.google.com/"},
	{"http://www.google.com.../", "http://www.google.com/"},
	{"http://www.google.com/foo\tbar\rbaz\n2", "http://www.google.com/foobarbaz2"},
	{"http://www.google.com/q?", "http://www.google.com/q?"},
	{"http://www.google.com/q?r?", "http://www.google.com/q?r?"},
	{"http://www.google.com/q?r?s", "http://www.google.com/q?r?s"},
	{"http://evil.com/foo#bar#baz", "http://evil.com/foo"},
	{"http://evil.com/foo;", "http://evil.com/foo;"},
	{"http://evil.com/foo?bar;", "http://evil.com/foo?bar;"},
	{"http://\x01\x80.com/", "http://%01%80.com/"},
	{"http://notrailingslash.com", "http://notrailingslash.com/"},
	{"http://www.gotaport.com:1234/", "http://www.gotaport.com/"},
	{"  http://www.google.com/  ", "http://www.google.com/"},
	{"http:// leadingspace.com/", "http://%20leadingspace.com/"},
	{"http://%20leadingspace.com/", "http://%20leadingspace.com/"},
	{"%20leadingspace.com/", "http://%20leadingspace.com/"},
	{"https://www.securesite.com/", "https://www.securesite.com/"},
	{"http://host.com/ab%23cd", "http://host.com/ab%23cd"},
	{"http://host.com//twoslashes?more//slashes", "http://host.com/twoslashes?more//slashes"},
}

func TestSafeBrowsingPublished(t *testing.T) {
	for _, c := range publishedSafeBrowsing {
		got, err := SafeBrowsing(c.in)
		if err != nil || got != c.want {
			t.Errorf("SafeBrowsing(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	t.Logf("%d published examples", len(publishedSafeBrowsing))
}

// The v5 documentation states these IPv6 rules with examples in its prose.
func TestSafeBrowsingIPv6Published(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"http://[2001:0db8:0000::1]/", "http://[2001:db8::1]/"},
		{"http://[::ffff:1.2.3.4]/", "http://1.2.3.4/"},
		{"http://[64:ff9b::1.2.3.4]/", "http://1.2.3.4/"},
	} {
		got, err := SafeBrowsing(c.in)
		if err != nil || got != c.want {
			t.Errorf("SafeBrowsing(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
}

// Our own cases, worked out from the documented rules.
func TestSafeBrowsing(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		// IPv4 in the forms inet_aton reads.
		{"http://0x12.0x43.0x44.0x01/", "http://18.67.68.1/"},
		{"http://012.034.01.055/", "http://10.28.1.45/"},
		{"http://12.0x12.01234/", "http://12.18.2.156/"},
		{"http://10.0.258/", "http://10.0.1.2/"},
		{"http://167838211/", "http://10.1.2.3/"},
		{"http://4294967295/", "http://255.255.255.255/"},
		{"http://0x/", "http://0.0.0.0/"},
		{"http://4294967296/", "http://4294967296/"}, // too big: a name
		{"http://1.2.3.256/", "http://1.2.3.256/"},   // a part too big: a name
		{"http://1.2.3.4.5/", "http://1.2.3.4.5/"},   // five parts: a name
		{"http://08.1.1.1/", "http://08.1.1.1/"},     // not octal: a name
		{"http://1.2.3.00x0/", "http://1.2.3.00x0/"}, // not a number: a name
		{"http://.1.2.3.4./", "http://1.2.3.4/"},     // dots go first
		{"http://[2001:DB8::1]:8080/a", "http://[2001:db8::1]/a"},
		{"http://[::1]/", "http://[::1]/"},
		// Host: credentials, port, dots, case, Unicode, escapes.
		{"http://user:pass@Example.COM:8080/", "http://example.com/"},
		{"http://a@b@example.com/", "http://example.com/"},
		{"http://..a...b..c../", "http://a.b.c/"},
		{"http://www.\xC3\xBCmlat.com/", "http://www.xn--mlat-zra.com/"},
		{"http://%E2%98%83.com/", "http://xn--n3h.com/"},
		{"http://W!eird<>Ho$^.com/", "http://w!eird<>ho$^.com/"},
		{"http://a%2Fb%3Fc%40d%3Ae/", "http://a%2Fb%3Fc%40d%3Ae/"}, // would move the boundaries
		{"http://example.com:/", "http://example.com/"},
		{"HTTP://example.com/", "http://example.com/"},
		{"//example.com/a", "http://example.com/a"},
		{"example.com:8080/a", "http://example.com/a"},
		// Path.
		{"http://a.com/foo/.././bar/./../foo.html", "http://a.com/foo.html"},
		{"http://a.com//a//b///c////", "http://a.com/a/b/c/"},
		{"http://a.com/../../a", "http://a.com/a"},
		{"http://a.com/a/.", "http://a.com/a/"},
		{"http://a.com/%2e%2E/x", "http://a.com/x"},
		{"http://a.com/a%2fb", "http://a.com/a/b"},
		{"http://a.com/a%3Fb?c", "http://a.com/a%3Fb?c"},
		{"http://a.com/\x00\x7f\xff", "http://a.com/%00%7F%FF"},
		{"http://a.com/a b", "http://a.com/a%20b"},
		{"http://a.com/foo%09bar%0Dbaz%0a", "http://a.com/foo%09bar%0Dbaz%0A"}, // escapes of tab, CR, LF stay
		// Query: decoded and re-encoded, never normalized.
		{"http://a.com/?a=%2541&b=c d", "http://a.com/?a=A&b=c%20d"},
		{"http://a.com/?/../x//y", "http://a.com/?/../x//y"},
		{"http://a.com?q", "http://a.com/?q"},
	} {
		got, err := SafeBrowsing(c.in)
		if err != nil || got != c.want {
			t.Errorf("SafeBrowsing(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
		if again, err := SafeBrowsing(got); err != nil || again != got {
			t.Errorf("SafeBrowsing(%q) = %q, %v; not a fixed point", got, again, err)
		}
	}
}

func TestSafeBrowsingErrors(t *testing.T) {
	for _, in := range []string{
		"", ":", "/blah", "#ref", "/blah#ref", "?query#ref", "/blah?query#ref",
		"http://#ref", "http:///blah#ref", "http://?query#ref", "http:///blah?query#ref",
		"http://.../", "http://user@/", "mailto:bryner@google.com", "javascript:alert(1)",
	} {
		got, err := SafeBrowsing(in)
		if err == nil {
			t.Errorf("SafeBrowsing(%q) = %q, want an error", in, got)
			continue
		}
		if !errors.Is(err, ErrNoHost) || !strings.Contains(err.Error(), fmt.Sprintf("%q", in)) {
			t.Errorf("SafeBrowsing(%q): error %q should wrap ErrNoHost and name the input", in, err)
		}
	}
}

// The examples of the documentation's "Suffix/Prefix Expressions", in its
// order.
func TestSafeBrowsingExpressionsPublished(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"http://a.b.c/1/2.html?param=1", []string{
			"a.b.c/1/2.html?param=1", "a.b.c/1/2.html", "a.b.c/", "a.b.c/1/",
			"b.c/1/2.html?param=1", "b.c/1/2.html", "b.c/", "b.c/1/",
		}},
		{"http://a.b.c.d.e.f.g/1.html", []string{
			"a.b.c.d.e.f.g/1.html", "a.b.c.d.e.f.g/",
			"c.d.e.f.g/1.html", "c.d.e.f.g/",
			"d.e.f.g/1.html", "d.e.f.g/",
			"e.f.g/1.html", "e.f.g/",
			"f.g/1.html", "f.g/",
		}},
		{"http://1.2.3.4/1/", []string{"1.2.3.4/1/", "1.2.3.4/"}},
	} {
		if got := SafeBrowsingExpressions(c.in); !slices.Equal(got, c.want) {
			t.Errorf("SafeBrowsingExpressions(%q) =\n%q\nwant\n%q", c.in, got, c.want)
		}
	}
}

func TestSafeBrowsingExpressions(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"http://a.b/", []string{"a.b/"}},
		{"http://b/", []string{"b/"}},
		{"http://a.b/?", []string{"a.b/"}},
		{"a.b/x", []string{"a.b/x", "a.b/"}},
		{"http://[2001:db8::1]/a/b", []string{"[2001:db8::1]/a/b", "[2001:db8::1]/", "[2001:db8::1]/a/"}},
		{"http://a.b.c/1/2/3/4/5/?q", []string{
			"a.b.c/1/2/3/4/5/?q", "a.b.c/1/2/3/4/5/", "a.b.c/", "a.b.c/1/", "a.b.c/1/2/", "a.b.c/1/2/3/",
			"b.c/1/2/3/4/5/?q", "b.c/1/2/3/4/5/", "b.c/", "b.c/1/", "b.c/1/2/", "b.c/1/2/3/",
		}},
		{"http://", nil},
		{"", nil},
	} {
		if got := SafeBrowsingExpressions(c.in); !slices.Equal(got, c.want) {
			t.Errorf("SafeBrowsingExpressions(%q) =\n%q\nwant\n%q", c.in, got, c.want)
		}
	}
	// The documented bound: 5 hosts × 6 paths.
	got := SafeBrowsingExpressions("http://a.b.c.d.e.f.g.h/1/2/3/4/5/6.html?x=1")
	if len(got) != 30 {
		t.Errorf("%d expressions, want 30: %q", len(got), got)
	}
}
