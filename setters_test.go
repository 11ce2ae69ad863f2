package weburl

import (
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

func TestSetterRules(t *testing.T) {
	tests := []struct {
		href, attr, value, want string
	}{
		{"https://h/", "protocol", "sc", "https://h/"},        // special to non-special: ignored
		{"sc://h/", "protocol", "https", "sc://h/"},           // and back
		{"https://u@h/", "protocol", "file", "https://u@h/"},  // file with credentials
		{"http://h:443/", "protocol", "https", "https://h/"},  // port becomes default
		{"file:///p", "username", "u", "file:///p"},           // file cannot have one
		{"https://h/", "username", "a b", "https://a%20b@h/"}, // encoded
		{"https://u:p@h/", "password", "", "https://u@h/"},    // empty password
		{"https://h:1/", "host", "x:2", "https://x:2/"},       // host and port
		{"https://h:1/", "hostname", "x:2", "https://h:1/"},   // hostname with port: fails
		{"https://h:1/", "host", "x:99999", "https://x:1/"},   // host committed, port not
		{"https://h/", "port", "8080abc", "https://h:8080/"},  // leading digits
		{"https://h:1/", "port", "", "https://h/"},            // empty: null
		{"sc:/p", "host", "h", "sc://h/p"},                    // null host becomes a host
		{"mailto:x", "pathname", "y", "mailto:x"},             // opaque: ignored
		{"https://h/p?q#f", "pathname", "a?b#c", "https://h/a%3Fb%23c?q#f"},
		{"https://h/p?q#f", "search", "", "https://h/p#f"},
		{"https://h/p?q#f", "search", "??x y", "https://h/p??x%20y#f"},
		{"https://h/p?q#f", "hash", "", "https://h/p?q"},
		{"https://h/p", "hash", "##x", "https://h/p##x"},
	}
	for _, tt := range tests {
		u := MustParse(tt.href)
		setterMethods[tt.attr](u, tt.value)
		if u.Href() != tt.want {
			t.Errorf("set %s of %q to %q: %q, want %q", tt.attr, tt.href, tt.value, u.Href(), tt.want)
		}
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
