package playground

import (
	"slices"
	"testing"
)

// TestNetURL: the net/url column is what Go's url.Parse makes of the
// input (values as Go's net/url gives them), read as the URL class's
// attributes; weburl's column beside it is the URL Standard's (values as
// Node's new URL() gives them).
func TestNetURL(t *testing.T) {
	h := Handler(Options{})
	tests := []struct {
		input, base string
		weburlHref  string // "" for a failure
		netErr      string // net/url's error; "" when it parses
		net         Attributes
	}{
		// net/url keeps the host's case; the URL Standard lowercases it.
		{"HTTP://EXAMPLE.com/%7e", "", "http://example.com/%7e", "",
			Attributes{Href: "http://EXAMPLE.com/%7e", Protocol: "http:", Host: "EXAMPLE.com", Hostname: "EXAMPLE.com", Pathname: "/%7e"}},
		// net/url escapes '|' in String(); the URL Standard keeps it.
		{"https://user:pw@example.com:8080/a|b?q#f", "", "https://user:pw@example.com:8080/a|b?q#f", "",
			Attributes{Href: "https://user:pw@example.com:8080/a%7Cb?q#f", Protocol: "https:", Username: "user", Password: "pw",
				Host: "example.com:8080", Hostname: "example.com", Port: "8080", Pathname: "/a%7Cb", Search: "?q", Hash: "#f"}},
		// A host that is not ASCII: net/url keeps it and escapes it in
		// String(); the URL Standard maps it to Punycode.
		{"https://bücher.example/", "", "https://xn--bcher-kva.example/", "",
			Attributes{Href: "https://b%C3%BCcher.example/", Protocol: "https:", Host: "bücher.example", Hostname: "bücher.example", Pathname: "/"}},
		{"mailto:a@b?subject=x", "", "mailto:a@b?subject=x", "",
			Attributes{Href: "mailto:a@b?subject=x", Protocol: "mailto:", Pathname: "a@b", Search: "?subject=x"}},
		// '\' is a path separator for the URL Standard; for RFC 3986 a
		// byte to escape.
		{`..\c`, "https://e.org/a/b", "https://e.org/c", "",
			Attributes{Href: "https://e.org/a/..%5Cc", Protocol: "https:", Host: "e.org", Hostname: "e.org", Pathname: "/a/..%5Cc"}},
		{"http://a{b/", "", "http://a{b/", `parse "http://a{b/": invalid character "{" in host name`, Attributes{}},
		{`http://example.com\@evil.com/`, "", "http://example.com/@evil.com/", `parse "http://example.com\\@evil.com/": net/url: invalid userinfo`, Attributes{}},
		{"http://[::1", "", "", `parse "http://[::1": missing ']' in host`, Attributes{}},
	}
	for _, tt := range tests {
		a := decode[ParseAnswer](t, post(t, h, "/api/parse", request{URL: tt.input, Base: tt.base}))
		if got := ""; a.Attributes != nil {
			got = a.Attributes.Href
			if got != tt.weburlHref {
				t.Errorf("%q: weburl's href %q, want %q", tt.input, got, tt.weburlHref)
			}
		} else if tt.weburlHref != "" {
			t.Errorf("%q: weburl fails (%s), want %q", tt.input, a.Error, tt.weburlHref)
		}
		n := a.NetURL
		switch {
		case n == nil:
			t.Errorf("%q: no net/url reading", tt.input)
		case tt.netErr != "":
			if n.Error != tt.netErr || n.Attributes != nil || n.Fields != nil {
				t.Errorf("%q: net/url's reading %+v, want the error %q", tt.input, n, tt.netErr)
			}
		case n.Error != "" || n.Attributes == nil:
			t.Errorf("%q: net/url fails: %q", tt.input, n.Error)
		case *n.Attributes != tt.net:
			t.Errorf("%q: net/url's attributes\n%+v, want\n%+v", tt.input, *n.Attributes, tt.net)
		}
	}
}

// TestNetFields: the fields of url.Parse's url.URL and of weburl's
// URL.NetURL(), as its doc says they are filled.
func TestNetFields(t *testing.T) {
	h := Handler(Options{})
	a := decode[ParseAnswer](t, post(t, h, "/api/parse", request{URL: "https://user:p%40ss@example.com/a|b?#"}))
	// url.Parse: Path decoded, RawPath kept (a valid encoding of it), the
	// empty query as ForceQuery, the empty fragment gone.
	want := NetFields{Scheme: "https", User: "user:p%40ss", HasUser: true, Host: "example.com", Path: "/a|b", RawPath: "/a|b",
		ForceQuery: true, String: "https://user:p%40ss@example.com/a%7Cb?", RequestURI: "/a%7Cb?"}
	if a.NetURL == nil || a.NetURL.Fields == nil || *a.NetURL.Fields != want {
		t.Errorf("url.Parse's fields\n%+v, want\n%+v", a.NetURL.Fields, want)
	}
	// NetURL: a path that net/url would escape ('|') is the Opaque that
	// net/http sends as it is; String() then lacks the authority.
	bridge := NetFields{Scheme: "https", Opaque: "/a|b", User: "user:p%40ss", HasUser: true, Host: "example.com", Path: "/a|b",
		RawPath: "/a|b", ForceQuery: true, String: "https:/a|b?", RequestURI: "/a|b?"}
	if a.Bridge == nil || *a.Bridge != bridge {
		t.Errorf("NetURL()'s fields\n%+v, want\n%+v", a.Bridge, bridge)
	}
}

// TestWire: what net/http writes for weburl's URL.NetURL() and for
// url.Parse's reading: the request line, the Host header and the
// Authorization that http.Client makes from credentials (base64 of
// "user:pw" is dXNlcjpwdw==, RFC 7617). NetURL's doc
// says what weburl's side must be: the request target u.RequestURI() (in
// absolute form for a "//" path net/url would escape), the Host u.Host()
// (empty for a host net/http will not send).
func TestWire(t *testing.T) {
	h := Handler(Options{})
	tests := []struct {
		input           string
		weburl, netURL  []string // nil: that side does not parse
		weburlRefused   string
		uri, host       string // weburl's RequestURI() and Host()
		netURI, netHost string
	}{
		{"https://user:pw@example.com/a|b?q#f",
			[]string{"GET /a|b?q HTTP/1.1", "Host: example.com", "Authorization: Basic dXNlcjpwdw=="},
			[]string{"GET /a%7Cb?q HTTP/1.1", "Host: example.com", "Authorization: Basic dXNlcjpwdw=="}, "",
			"/a|b?q", "example.com", "/a%7Cb?q", "example.com"},
		{"http://h//a|b",
			[]string{"GET http://h//a|b HTTP/1.1", "Host: h"},
			[]string{"GET //a%7Cb HTTP/1.1", "Host: h"}, "",
			"//a|b", "h", "//a%7Cb", "h"},
		// net/http writes a host that is not ASCII in Punycode.
		{"https://bücher.example:443/",
			[]string{"GET / HTTP/1.1", "Host: xn--bcher-kva.example"},
			[]string{"GET / HTTP/1.1", "Host: xn--bcher-kva.example:443"}, "",
			"/", "xn--bcher-kva.example", "/", "bücher.example:443"},
		// A host net/http will not write: the Host header is empty.
		{"http://a{b/", []string{"GET / HTTP/1.1", "Host: "}, nil, "", "/", "a{b", "", ""},
		{"HTTP://EXAMPLE.com", []string{"GET / HTTP/1.1", "Host: example.com"}, []string{"GET / HTTP/1.1", "Host: EXAMPLE.com"}, "",
			"/", "example.com", "/", "EXAMPLE.com"},
		{"ftp://example.com/f", nil, nil, "http.Transport sends only http and https URLs (unsupported protocol scheme)", "/f", "example.com", "/f", "example.com"},
	}
	for _, tt := range tests {
		a := decode[ParseAnswer](t, post(t, h, "/api/parse", request{URL: tt.input}))
		w := a.Wire
		if w == nil || w.Weburl == nil {
			t.Errorf("%q: no wire for weburl: %+v", tt.input, w)
			continue
		}
		if !slices.Equal(w.Weburl.Lines, tt.weburl) || w.Weburl.Refused != tt.weburlRefused ||
			w.Weburl.RequestURI != tt.uri || w.Weburl.Host != tt.host {
			t.Errorf("%q: weburl's side %+v, want %q %q %q %q", tt.input, *w.Weburl, tt.weburl, tt.weburlRefused, tt.uri, tt.host)
		}
		switch {
		case tt.netURI == "" && w.NetURL != nil:
			t.Errorf("%q: a wire for net/url, which fails: %+v", tt.input, *w.NetURL)
		case tt.netURI != "" && (w.NetURL == nil || !slices.Equal(w.NetURL.Lines, tt.netURL) ||
			w.NetURL.RequestURI != tt.netURI || w.NetURL.Host != tt.netHost):
			t.Errorf("%q: net/url's side %+v, want %q %q %q", tt.input, w.NetURL, tt.netURL, tt.netURI, tt.netHost)
		}
	}
	// A failure of weburl's parser (an IPv4 address of five parts, as
	// Node's new URL() throws for too): only net/url's side.
	a := decode[ParseAnswer](t, post(t, h, "/api/parse", request{URL: "http://1.2.3.4.5/"}))
	if a.Wire == nil || a.Wire.Weburl != nil || a.Wire.NetURL == nil || a.Bridge != nil ||
		!slices.Equal(a.Wire.NetURL.Lines, []string{"GET / HTTP/1.1", "Host: 1.2.3.4.5"}) {
		t.Errorf("five IPv4 parts: wire %+v, bridge %+v; want net/url's side only", a.Wire, a.Bridge)
	}
}
