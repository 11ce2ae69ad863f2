package weburl

import (
	"errors"
	"fmt"
	"net/netip"
	"net/url"
	"reflect"
	"strings"
	"testing"
)

func TestNetURLFields(t *testing.T) {
	tests := []struct {
		href string
		want url.URL
	}{
		{"https://example.com/", url.URL{Scheme: "https", Host: "example.com", Path: "/"}},
		{"https://u:p%40ss@example.com:8080/a%20b/%2F?q=1&r#f%20g", url.URL{Scheme: "https",
			User: url.UserPassword("u", "p@ss"), Host: "example.com:8080", Path: "/a b//", RawPath: "/a%20b/%2F",
			RawQuery: "q=1&r", Fragment: "f g"}},
		{"https://u@example.com/", url.URL{Scheme: "https", User: url.User("u"), Host: "example.com", Path: "/"}},
		{"https://:p@example.com/", url.URL{Scheme: "https", User: url.UserPassword("", "p"), Host: "example.com", Path: "/"}},
		{"http://[::1]:81/?", url.URL{Scheme: "http", Host: "[::1]:81", Path: "/", ForceQuery: true}},
		{"https://example.com/a|b?c|d", url.URL{Scheme: "https", Host: "example.com", Path: "/a|b", RawPath: "/a|b",
			Opaque: "/a|b", RawQuery: "c|d"}},
		{"https://example.com/100%", url.URL{Scheme: "https", Host: "example.com", Path: "/100%", RawPath: "/100%",
			Opaque: "/100%"}},
		{"https://example.com//a|b", url.URL{Scheme: "https", Host: "example.com", Path: "//a|b", RawPath: "//a|b",
			Opaque: "//example.com//a|b"}},
		{"sc://h/a\\b", url.URL{Scheme: "sc", Host: "h", Path: "/a\\b", RawPath: "/a\\b", Opaque: "//h/a\\b"}},
		{"https://example.com/#a#b", url.URL{Scheme: "https", Host: "example.com", Path: "/", Fragment: "a#b", RawFragment: "a#b"}},
		{"mailto:someone@example.com?subject=hi", url.URL{Scheme: "mailto", Opaque: "someone@example.com", RawQuery: "subject=hi"}},
		{"sc:", url.URL{Scheme: "sc"}},
		{"sc:/a/b", url.URL{Scheme: "sc", Path: "/a/b", OmitHost: true}},
		{"sc:/.//a", url.URL{Scheme: "sc", Path: "//a", OmitHost: true, Opaque: "/.//a"}},
		{"sc://", url.URL{Scheme: "sc", Opaque: "//"}},
		{"sc://h", url.URL{Scheme: "sc", Host: "h"}},
		{"sc://%C3%A9/x", url.URL{Scheme: "sc", Host: "%C3%A9", Path: "/x", Opaque: "//%C3%A9/x"}},
		{"file:///C:/x", url.URL{Scheme: "file", Path: "/C:/x"}},
		{"file://host/a|b", url.URL{Scheme: "file", Host: "host", Path: "/a|b", RawPath: "/a|b", Opaque: "//host/a|b"}},
	}
	for _, tt := range tests {
		u := MustParse(tt.href)
		got := u.NetURL()
		if !reflect.DeepEqual(&tt.want, got) {
			t.Errorf("NetURL(%q) = %#v\nwant %#v", tt.href, got, &tt.want)
		}
	}
}

// netURLStringDiffers reports whether NetURL().String() may differ from
// the href, by the rules NetURL's documentation gives, and why.
func netURLStringDiffers(u *URL) string {
	nu := u.NetURL()
	if f, ok := u.Fragment(); ok && (f == "" || nu.EscapedFragment() != f) {
		return "fragment"
	}
	if !u.IsSpecial() || u.scheme == schemeFile {
		return "" // Opaque keeps the href
	}
	if u.includesCredentials() {
		return "credentials"
	}
	if strings.ContainsAny(u.Hostname(), "{}`") {
		return "host"
	}
	if nu.Opaque != "" && !strings.HasPrefix(nu.Opaque, "//") {
		return "path"
	}
	return ""
}

// netURLRoundTripDiffers reports whether FromNetURL(NetURL()) may differ
// from the href, by the rules FromNetURL's documentation gives.
func netURLRoundTripDiffers(u *URL) bool {
	if f, ok := u.Fragment(); ok && f == "" {
		return true
	}
	for _, c := range []string{u.Username(), u.Password()} {
		if encodeCredential(PercentDecode(c)) != c {
			return true
		}
	}
	return false
}

func TestNetURLString(t *testing.T) {
	tests := []struct{ href, str string }{
		{"https://example.com/a/b?c#d", "https://example.com/a/b?c#d"},
		{"https://example.com/a|b?c", "https:/a|b?c"},                      // path: Opaque, origin form
		{"https://example.com//a|b?c", "https://example.com//a|b?c"},       // path: Opaque, absolute form
		{"https://a!b:c;d@example.com/", "https://a%21b:c;d@example.com/"}, // credentials
		{"http://a{b}.example/", "http://a%7Bb%7D.example/"},               // host
		{"https://example.com/#", "https://example.com/"},                  // empty fragment
		{"https://example.com/#a#b|c", "https://example.com/#a%23b%7Cc"},   // fragment escaped
		{"sc://h/a|b\\c?d#e", "sc://h/a|b\\c?d#e"},                         // not special: exact
		{"file:///a|b", "file:///a|b"},                                     // file: exact
		{"sc://u!@h", "sc://u!@h"},                                         // credentials, not special: exact
		{"javascript:alert(1)", "javascript:alert(1)"},                     // opaque path
		{"blob:https://example.com/uuid", "blob:https://example.com/uuid"}, // opaque path
		{"https://xn--bcher-kva.example/%C3%BC", "https://xn--bcher-kva.example/%C3%BC"},
	}
	for _, tt := range tests {
		u := MustParse(tt.href)
		if got := u.NetURL().String(); got != tt.str {
			t.Errorf("NetURL(%q).String() = %q, want %q", tt.href, got, tt.str)
		}
		if (tt.str == tt.href) != (netURLStringDiffers(u) == "") {
			t.Errorf("%q: netURLStringDiffers says %q", tt.href, netURLStringDiffers(u))
		}
	}
}

// Over the WPT data and the shared lists: String() is the href but where
// the documentation says, the http(s) request target and host are always
// weburl's, and FromNetURL gives the URL back.
func TestNetURLOverData(t *testing.T) {
	var hrefs []string
	for _, c := range loadURLTests(t, "urltestdata.tsv") {
		if !c.Failure {
			hrefs = append(hrefs, c.Href)
		}
	}
	for _, in := range e2eOwnURLs {
		hrefs = append(hrefs, MustParse(in).Href())
	}
	for _, list := range benchLists(t) {
		for _, in := range list {
			if u, err := Parse(strings.TrimPrefix(in, "\uFEFF")); err == nil {
				hrefs = append(hrefs, u.Href())
			}
		}
	}
	why := map[string]int{}
	roundTripDiffers := 0
	for _, h := range hrefs {
		u := MustParse(h)
		checkNetURL(t, u)
		if u.NetURL().String() != h {
			why[netURLStringDiffers(u)]++
		}
		if netURLRoundTripDiffers(u) {
			roundTripDiffers++
		}
	}
	t.Logf("%d URLs; String() differs from the href: %v; FromNetURL differs (as documented): %d", len(hrefs), why, roundTripDiffers)
}

// checkNetURL asserts what NetURL and FromNetURL promise for u.
func checkNetURL(t *testing.T, u *URL) {
	t.Helper()
	nu := u.NetURL()
	if s := nu.String(); s != u.Href() && netURLStringDiffers(u) == "" {
		t.Fatalf("NetURL(%q).String() = %q", u.Href(), s)
	}
	if u.IsSpecial() && u.scheme != schemeFile {
		if nu.Host != u.Host() {
			t.Fatalf("NetURL(%q).Host = %q", u.Href(), nu.Host)
		}
		want := u.RequestURI()
		if strings.HasPrefix(nu.Opaque, "//") {
			want = u.Protocol() + "//" + u.Host() + want // the absolute form
		}
		if got := nu.RequestURI(); got != want {
			t.Fatalf("NetURL(%q).RequestURI() = %q, want %q", u.Href(), got, want)
		}
	}
	back, err := FromNetURL(nu)
	if err != nil {
		t.Fatalf("FromNetURL(NetURL(%q)): %v", u.Href(), err)
	}
	if back.Href() != u.Href() && !netURLRoundTripDiffers(u) {
		t.Fatalf("FromNetURL(NetURL(%q)) = %q", u.Href(), back.Href())
	}
	// Where it differs, the credentials mean the same bytes, and nothing
	// else differs but an empty fragment.
	if PercentDecode(back.Username()) != PercentDecode(u.Username()) || PercentDecode(back.Password()) != PercentDecode(u.Password()) {
		t.Fatalf("FromNetURL(NetURL(%q)) = %q: the credentials changed meaning", u.Href(), back.Href())
	}
	if u.includesCredentials() {
		c := back.Clone()
		if f, ok := u.Fragment(); ok && f == "" {
			c.SetHash("#") // lost, as documented
		}
		if c.SetUsername(u.Username()) != nil || c.SetPassword(u.Password()) != nil || c.Href() != u.Href() {
			t.Fatalf("FromNetURL(NetURL(%q)) = %q: differs beyond the credentials' spelling", u.Href(), back.Href())
		}
	}
}

func TestFromNetURL(t *testing.T) {
	tests := []struct {
		nu   *url.URL
		want string // href, or "error: " and a part of the message
	}{
		{nil, `error: weburl: from net/url "": nil URL`},
		{&url.URL{Path: "/a"}, `error: weburl: from net/url "/a": missing-scheme-non-relative-URL (a relative reference is not a URL)`},
		{&url.URL{Scheme: "http", Host: "[::1"}, `error: IPv6-unclosed`},
		{&url.URL{Scheme: "http", Host: "a/b"}, `error: "http://a%2Fb" does not parse`},
		{&url.URL{Scheme: "http", Host: "a@b"}, `error: "http://a%40b" does not parse`},
		{&url.URL{Scheme: "http", Host: "a\tb"}, `error: "http://a%09b" does not parse`},
		{&url.URL{Scheme: "http", Host: "fe80::1%25en0"}, `error:`},
		{&url.URL{Scheme: "sc", Host: "a/b", Path: "/p"}, "sc://a%2Fb/p"},
		{&url.URL{Scheme: "HTTP", Host: "EXAMPLE.com", Path: "/a/../b c"}, "http://example.com/b%20c"},
		{&url.URL{Scheme: "https", Host: "bücher.example", Path: "/ü"}, "https://xn--bcher-kva.example/%C3%BC"},
		{&url.URL{Scheme: "https", Host: "h", User: url.UserPassword("a@b", "c:d\xff")}, "https://a%40b:c%3Ad%FF@h/"},
		{&url.URL{Scheme: "https", Host: "h", Path: "/a?b#c"}, "https://h/a%3Fb%23c"},
		{&url.URL{Scheme: "https", Host: "h", Path: "/a|b", RawPath: "/a|b"}, "https://h/a|b"},
		{&url.URL{Scheme: "https", Host: "h", Path: "/a?b", RawPath: "/a?b"}, "https://h/a%3Fb"},
		{&url.URL{Scheme: "https", Host: "h", Path: "/x", RawPath: "/y"}, "https://h/x"},
		{&url.URL{Scheme: "https", Host: "h", Path: "a"}, "https://h/a"},
		{&url.URL{Scheme: "https", Host: "h", RawQuery: "a#b", Fragment: "c d"}, "https://h/?a%23b#c%20d"},
		{&url.URL{Scheme: "https", Host: "h", ForceQuery: true}, "https://h/?"},
		{&url.URL{Scheme: "https", Host: "h", Fragment: "a#b", RawFragment: "a#b"}, "https://h/#a#b"},
		{&url.URL{Scheme: "https", Host: "h", Opaque: "/a|b", User: url.User("u")}, "https://u@h/a|b"},
		{&url.URL{Scheme: "https", Host: "h", Opaque: "//h//a|b", User: url.User("u")}, "https://u@h//a|b"},
		{&url.URL{Scheme: "mailto", Opaque: "x@example.com"}, "mailto:x@example.com"},
		{&url.URL{Scheme: "sc", Path: "//a", OmitHost: true}, "sc:/.//a"},
		{&url.URL{Scheme: "sc", Path: "/a", OmitHost: true}, "sc:/a"},
		{&url.URL{Scheme: "file", Path: "/C:/x"}, "file:///C:/x"},
	}
	for _, tt := range tests {
		u, err := FromNetURL(tt.nu)
		if msg, ok := strings.CutPrefix(tt.want, "error:"); ok {
			var e *Error
			if err == nil || !errors.As(err, &e) || !strings.Contains(err.Error(), strings.TrimSpace(msg)) || e.Op != "from net/url" {
				t.Errorf("FromNetURL(%#v) = %v, %v; want %s", tt.nu, u, err, tt.want)
			}
			continue
		}
		if err != nil || u.Href() != tt.want {
			t.Errorf("FromNetURL(%#v) = %v, %v; want %s", tt.nu, u, err, tt.want)
		}
	}
}

func TestRequestURI(t *testing.T) {
	tests := map[string]string{
		"https://h":              "/",
		"https://h/a/b?c=d#e":    "/a/b?c=d",
		"https://h/a?":           "/a?",
		"https://h/a?#f":         "/a?",
		"https://h//a":           "//a",
		"https://h/a|b%zz?x|y":   "/a|b%zz?x|y",
		"sc://h":                 "/",
		"sc://h?q":               "/?q",
		"sc:/.//a":               "//a",
		"mailto:x@example.com?s": "x@example.com?s",
		"sc:":                    "",
	}
	for href, want := range tests {
		if got := MustParse(href).RequestURI(); got != want {
			t.Errorf("RequestURI(%q) = %q, want %q", href, got, want)
		}
	}
}

func TestJoinPath(t *testing.T) {
	tests := []struct {
		href string
		elem []string
		want string
	}{
		{"https://h/a/b", []string{"c", "d"}, "https://h/a/b/c/d"},
		{"https://h/a/b/", []string{"c/"}, "https://h/a/b/c/"},
		{"https://h/a/b?q#f", []string{"../../../x"}, "https://h/x?q#f"},
		{"https://h", []string{"..", ".."}, "https://h/"},
		{"https://h/a", []string{"b c", "d?e#f"}, "https://h/a/b%20c/d%3Fe%23f"},
		{"https://h/a", []string{"%2F", "%zz"}, "https://h/a/%2F/%zz"},
		{"https://h/a", []string{"%2e%2e", "x"}, "https://h/x"},
		{"https://h/a", []string{"b\\..\\..\\c"}, "https://h/c"},
		{"https://h/a", []string{"b\tc"}, "https://h/a/bc"},
		{"sc://h", nil, "sc://h/"},
		{"sc://h/a", []string{"b\\c"}, "sc://h/a/b\\c"},
		{"file:///C:/a", []string{"b"}, "file:///C:/a/b"},
		{"mailto:x", []string{"y"}, "mailto:x"},
	}
	for _, tt := range tests {
		u := MustParse(tt.href)
		got := u.JoinPath(tt.elem...)
		if got.Href() != tt.want || u.Href() != MustParse(tt.href).Href() {
			t.Errorf("%q.JoinPath(%q) = %q, want %q (u now %q)", tt.href, tt.elem, got.Href(), tt.want, u.Href())
		}
	}
	// Where the two standards agree on the URL, weburl joins as net/url.
	for _, href := range []string{"https://h/", "https://h/a/b", "https://h/a/b/", "https://h/a/./b/../c?q#f",
		"https://h//a", "sc://h/x", "file:///C:/a"} {
		for _, elem := range [][]string{nil, {"c"}, {"c/"}, {"..", ".."}, {"../../.."}, {"/x", "y/"},
			{"a//b"}, {"./"}, {""}, {"c", ""}, {"%2F"}, {"a b"}, {"a?b"}} {
			nu, err := url.Parse(href)
			if err != nil {
				t.Fatal(err)
			}
			want := nu.JoinPath(elem...).String()
			if got := MustParse(href).JoinPath(elem...).Href(); got != want {
				t.Errorf("%q.JoinPath(%q) = %q, net/url %q", href, elem, got, want)
			}
		}
	}
}

func TestAddrAndEffectivePort(t *testing.T) {
	tests := []struct {
		href string
		addr string // "" for none
		port int    // -1 for none
	}{
		{"https://example.com/", "", 443},
		{"http://example.com:8080/", "", 8080},
		{"ws://1.2.3.4/", "1.2.3.4", 80},
		{"wss://[::ffff:1.2.3.4]/", "::ffff:1.2.3.4", 443},
		{"ftp://0x7f.1/", "127.0.0.1", 21},
		{"http://[2001:db8::1]:0/", "2001:db8::1", 0},
		{"file:///x", "", -1},
		{"file://1.2.3.4/x", "1.2.3.4", -1},
		{"sc://h:9/", "", 9},
		{"sc://h/", "", -1},
		{"sc://[::1]/", "::1", -1},
		{"sc://1.2.3.4/", "", -1}, // an opaque host, not an IPv4 address
		{"mailto:x", "", -1},
	}
	for _, tt := range tests {
		u := MustParse(tt.href)
		a, ok := u.Addr()
		if want, _ := netip.ParseAddr(tt.addr); ok != (tt.addr != "") || a != want {
			t.Errorf("Addr(%q) = %v, %v; want %q", tt.href, a, ok, tt.addr)
		}
		p, ok := u.EffectivePort()
		if ok != (tt.port >= 0) || ok && p != tt.port {
			t.Errorf("EffectivePort(%q) = %d, %v; want %d", tt.href, p, ok, tt.port)
		}
	}
}

// TestFromNetURLCredentials: net/url holds credentials decoded, and
// FromNetURL must write them back with the same meaning, exactly as they
// were when they were spelled as the userinfo set (and '%') spells them.
func TestFromNetURLCredentials(t *testing.T) {
	// Hand-written: the credential in the href, and as it comes back.
	for _, c := range []struct{ in, back string }{
		{"%25DOMAIN", "%25DOMAIN"}, // decoded "%DOMAIN"; "%DOMAIN" would be kept as is but is another spelling
		{"%2541", "%2541"},         // decoded "%41"; written "%41" it would mean "A"
		{"%25", "%25"},
		{"a%3Ab", "a%3Ab"}, // ':' in a username
		{"%40", "%40"},
		{"%C3%A9", "%C3%A9"}, // é
		{"%FF", "%FF"},       // not UTF-8: a byte all the same
		{"%41", "A"},         // A needs no encoding: the same byte, another spelling
		{"%zz", "%25zz"},     // a '%' that starts no escape means '%'
		{"100%", "100%25"},
		{"%7E", "~"},
	} {
		for _, field := range []string{"username", "password"} {
			u := MustParse("https://h/")
			var err error
			if field == "username" {
				err = u.SetUsername(c.in)
			} else {
				err = u.SetPassword(c.in)
			}
			if err != nil {
				t.Fatal(err)
			}
			back, err := FromNetURL(u.NetURL())
			if err != nil {
				t.Fatalf("%s %q: %v", field, c.in, err)
			}
			got := back.Username()
			if field == "password" {
				got = back.Password()
			}
			if got != c.back {
				t.Errorf("%s %q came back as %q, want %q", field, c.in, got, c.back)
			}
		}
	}
	// Every byte, alone and among others, and every escape of one, as
	// username and password: checkNetURL asserts that each comes back
	// meaning the same, and exactly when spelled canonically.
	var creds []string
	for b := 0; b < 256; b++ {
		creds = append(creds, string(rune(b)), "a"+string([]byte{byte(b)})+"%", fmt.Sprintf("%%%02X", b), fmt.Sprintf("%%25%02x", b))
	}
	creds = append(creds, "%", "%%", "%2", "%%41", "user:pass", "ü", "\uFFFD", "a b", "\x00")
	exact := 0
	for i, user := range creds {
		pass := creds[(i*7+3)%len(creds)]
		u := MustParse("https://h/p?q#f")
		if u.SetUsername(user) != nil || u.SetPassword(pass) != nil {
			t.Fatalf("setting %q:%q", user, pass)
		}
		checkNetURL(t, u)
		if back, _ := FromNetURL(u.NetURL()); back.Href() == u.Href() {
			exact++
		}
	}
	t.Logf("%d of %d pairs of credentials came back spelled exactly as they were; the others with the same bytes", exact, len(creds))
}
