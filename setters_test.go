package weburl

import (
	"errors"
	"net/url"
	"testing"
)

func TestSetHrefFailureLeavesURL(t *testing.T) {
	u := MustParse("https://h/p")
	if err := u.SetHref("https://[x"); err == nil {
		t.Error("SetHref of an invalid URL returned nil")
	}
	if u.Href() != "https://h/p" {
		t.Errorf("href changed to %q", u.Href())
	}
}

// Each setter's rule, with the error it returns: "" for nil, else a part
// of the message. An error means the URL is as it was, but where the
// error says the host was set.
func TestSetterRules(t *testing.T) {
	tests := []struct {
		href, attr, value, want string
		err                     error // what errors.Is finds in the error, nil for none
	}{
		{"https://h/", "protocol", "sc", "https://h/", ErrSchemeChange},
		{"sc://h/", "protocol", "https", "sc://h/", ErrSchemeChange},
		{"https://u@h/", "protocol", "file", "https://u@h/", ErrSchemeChange},
		{"https://h:1/", "protocol", "file", "https://h:1/", ErrSchemeChange},
		{"file:///p", "protocol", "https", "file:///p", ErrSchemeChange},
		{"https://h/", "protocol", "1x", "https://h/", ErrNotScheme},
		{"https://h/", "protocol", "", "https://h/", ErrNotScheme},
		{"https://h/", "protocol", "ht tp", "https://h/", ErrNotScheme},
		{"https://h/", "protocol", "https", "https://h/", nil}, // applied, unchanged
		{"https://h/", "protocol", "HTTP:foo", "http://h/", nil},
		{"http://h:443/", "protocol", "https", "https://h/", nil}, // port becomes default
		{"file:///p", "username", "u", "file:///p", ErrCannotHaveCredentialsOrPort},
		{"sc:opaque", "password", "p", "sc:opaque", ErrCannotHaveCredentialsOrPort},
		{"sc:///p", "username", "u", "sc:///p", ErrCannotHaveCredentialsOrPort},
		{"https://h/", "username", "a b", "https://a%20b@h/", nil},
		{"https://u:p@h/", "password", "", "https://u@h/", nil},
		{"https://h:1/", "host", "x:2", "https://x:2/", nil},
		{"https://h:1/", "hostname", "x:2", "https://h:1/", ErrHostnamePort},
		{"https://h:1/", "host", "x:99999", "https://x:1/", ErrPortNotSet},
		{"https://h:1/", "host", "x:abc", "https://x:1/", ErrPortNotSet},
		{"https://h:1/", "host", "x:", "https://x:1/", ErrPortNotSet},
		{"https://h/", "host", "[::1", "https://h/", IPv6Unclosed},
		{"https://h/", "host", "", "https://h/", HostMissing},
		{"sc://u@h/", "host", "", "sc://u@h/", ErrEmptyHost},
		{"sc://h:1/", "hostname", "", "sc://h:1/", ErrEmptyHost},
		{"sc://h/", "host", "", "sc:///", nil},
		{"sc:/p", "host", "h", "sc://h/p", nil}, // null host becomes a host
		{"mailto:x", "host", "h", "mailto:x", ErrOpaquePath},
		{"mailto:x", "hostname", "h", "mailto:x", ErrOpaquePath},
		{"https://h/", "port", "8080abc", "https://h:8080/", nil}, // leading digits
		{"https://h/", "port", "99999", "https://h/", PortOutOfRange},
		{"https://h/", "port", "abc", "https://h/", ErrNotPort},
		{"https://h:1/", "port", "", "https://h/", nil}, // empty: null
		{"https://h/", "port", "443", "https://h/", nil},
		{"file://h/", "port", "1", "file://h/", ErrCannotHaveCredentialsOrPort},
		{"file://h/", "port", "", "file://h/", ErrCannotHaveCredentialsOrPort},
		{"mailto:x", "pathname", "y", "mailto:x", ErrOpaquePath},
		{"https://h/p?q#f", "pathname", "a?b#c", "https://h/a%3Fb%23c?q#f", nil},
		{"https://h/p?q#f", "search", "", "https://h/p#f", nil},
		{"https://h/p?q#f", "search", "??x y", "https://h/p??x%20y#f", nil},
		{"https://h/p?q#f", "hash", "", "https://h/p?q", nil},
		{"https://h/p", "hash", "##x", "https://h/p##x", nil},
		{"https://h/p", "href", "nope", "https://h/p", MissingSchemeNonRelativeURL},
	}
	for _, tt := range tests {
		u := MustParse(tt.href)
		err := setterMethods[tt.attr](u, tt.value)
		if u.Href() != tt.want {
			t.Errorf("set %s of %q to %q: %q, want %q", tt.attr, tt.href, tt.value, u.Href(), tt.want)
		}
		var e *Error
		switch {
		case tt.err == nil && err != nil:
			t.Errorf("set %s of %q to %q: %v, want nil", tt.attr, tt.href, tt.value, err)
		case tt.err == nil:
		case !errors.Is(err, tt.err):
			t.Errorf("set %s of %q to %q: %v, want an error that is %q", tt.attr, tt.href, tt.value, err, tt.err)
		case !errors.As(err, &e) || e.Op != "set "+tt.attr || e.Input != tt.value:
			t.Errorf("set %s of %q to %q: %#v", tt.attr, tt.href, tt.value, err)
		}
	}
	// A host set with a port that failed: both reasons are found.
	u := MustParse("https://h:1/")
	if err := u.SetHost("x:99999"); !errors.Is(err, ErrPortNotSet) || !errors.Is(err, PortOutOfRange) ||
		err.Error() != `weburl: set host "x:99999": the host was set, the port was not and is as it was: port-out-of-range` {
		t.Errorf("SetHost(%q): %v, want ErrPortNotSet and port-out-of-range", "x:99999", err)
	}
}

// The setters' splices give what the state overrides give: a Parser with
// a callback always runs the state machine, so the two are compared on
// every pair of URL and value below.
func TestSetterSplicesMatch(t *testing.T) {
	hrefs := []string{
		"https://example.com/", "https://example.com/a/b?q=1#f", "https://example.com/a?q",
		"https://example.com/#f", "http://h:8080/p", "file:///C:/a?x#y", "sc://h/p?q#f",
		"sc:opaque?q#f", "mailto:a@b", "ws://h/x?y",
	}
	values := map[Attribute][]string{
		AttrHash:     {"", "#", "f", "#frag", "a b", "a#b", "é", "a`b", "%zz", "a\tb"},
		AttrSearch:   {"", "?", "q=1", "?a=1&b=2", "a'b", "a#b", "a b", "é", "?%2e", "x\ny"},
		AttrPathname: {"", "/", "/a/b", "a", "/a/./b", "/a/../b", "/%2e/x", "/a b", "/a\\b", "/é", "/a?b", "/.a/..b", "//x", "/C:/x"},
	}
	listen := Parser{OnValidationError: func(ValidationError) {}}
	for _, href := range hrefs {
		for attr, vs := range values {
			for _, v := range vs {
				fast, slow := MustParse(href), MustParse(href)
				var plain Parser
				errFast := plain.Set(fast, attr, v)
				errSlow := listen.Set(slow, attr, v)
				if fast.Href() != slow.Href() || (errFast == nil) != (errSlow == nil) || fast.layout != slow.layout {
					t.Errorf("set %s of %q to %q: %q %+v (%v) with the splice, %q %+v (%v) without",
						attr, href, v, fast.Href(), fast.layout, errFast, slow.Href(), slow.layout, errSlow)
				}
				if q, _ := fast.Query(); attr == AttrSearch && fast.SearchParams().String() != NewSearchParams(q).String() {
					t.Errorf("set search of %q to %q: SearchParams %q", href, v, fast.SearchParams().String())
				}
			}
		}
	}
}

// BenchmarkSetters times the setters a crawler calls on each link, on a
// parsed URL: "splice" is the setter as it runs, "override" the state
// machine (a Parser with a callback), and net/url the same change to a
// *url.URL with String(), for comparison. One op is one setter call.
func BenchmarkSetters(b *testing.B) {
	const href = "https://example.com/a/b/page.html?q=1&r=two#section"
	nu, _ := url.Parse(href)
	listen := Parser{OnValidationError: func(ValidationError) {}}
	for _, c := range []struct {
		name  string
		attr  Attribute
		value string
		net   func(u *url.URL)
	}{
		{"hash-empty", AttrHash, "", func(u *url.URL) { u.Fragment = "" }},
		{"hash", AttrHash, "#top", func(u *url.URL) { u.Fragment = "top" }},
		{"search", AttrSearch, "?page=2&sort=asc", func(u *url.URL) { u.RawQuery = "page=2&sort=asc" }},
		{"pathname", AttrPathname, "/c/d/other.html", func(u *url.URL) { u.Path = "/c/d/other.html" }},
	} {
		base := MustParse(href)
		b.Run(c.name+"/splice", func(b *testing.B) {
			b.ReportAllocs()
			var p Parser
			for b.Loop() {
				u := *base
				_ = p.Set(&u, c.attr, c.value)
				_ = u.Href()
			}
		})
		b.Run(c.name+"/override", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				u := *base
				_ = listen.Set(&u, c.attr, c.value)
				_ = u.Href()
			}
		})
		b.Run(c.name+"/net-url", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				u := *nu
				c.net(&u)
				_ = u.String()
			}
		})
	}
}
