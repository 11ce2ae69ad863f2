package webhttp

import (
	"bufio"
	"crypto/tls"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/weburl/weburl"
)

// readRaw reads a request from the bytes a client sends, as a server does.
func readRaw(t testing.TB, raw string) *http.Request {
	t.Helper()
	r, err := http.ReadRequest(bufio.NewReader(strings.NewReader(raw)))
	if err != nil {
		t.Fatalf("ReadRequest(%q): %v", raw, err)
	}
	return r
}

// getReq is a GET request for target with the Host header host, as a server
// reads it.
func getReq(t testing.TB, target, host string) *http.Request {
	return readRaw(t, "GET "+target+" HTTP/1.1\r\nHost: "+host+"\r\n\r\n")
}

// The hrefs are Node's new URL(…).href of the URL the request names (v20,
// whose URL parser follows the standard in all that these use).
func TestRequestURL(t *testing.T) {
	tlsReq := getReq(t, "/x", "example.com")
	tlsReq.TLS = &tls.ConnectionState{}
	for _, tc := range []struct {
		name string
		r    *http.Request
		want string
	}{
		{"target as sent", getReq(t, "/a|b", "example.com"), "http://example.com/a|b"},
		{"TLS", tlsReq, "https://example.com/x"},
		{"dot segments", getReq(t, "/a/../b", "h"), "http://h/b"},
		{"percent-encoded dot segments", getReq(t, "/x/%2e%2E/y", "h"), "http://h/y"},
		{"UTF-8", getReq(t, "/caf\u00e9", "h"), "http://h/caf%C3%A9"},
		{"invalid UTF-8", getReq(t, "/\xff", "h"), "http://h/%EF%BF%BD"},
		// net/http's server refuses this target; a handler called
		// otherwise may get it.
		{"percent sign without hex", &http.Request{Method: "GET", Host: "h", RequestURI: "/%zz", URL: &url.URL{Path: "/%zz"}}, "http://h/%zz"},
		{"encoded slash", getReq(t, "/a%2Fb", "h"), "http://h/a%2Fb"},
		{"backslash", getReq(t, "/a\\b", "h"), "http://h/a/b"},
		{"query", getReq(t, "/?q='x'", "h"), "http://h/?q=%27x%27"},
		{"empty query", getReq(t, "/p?", "h"), "http://h/p?"},
		{"host case and default port", getReq(t, "/", "Example.COM:80"), "http://example.com/"},
		{"port", getReq(t, "/", "h:8080"), "http://h:8080/"},
		{"IPv4 shorthand", getReq(t, "/", "127.1"), "http://127.0.0.1/"},
		{"IPv6", getReq(t, "/", "[::1]:8080"), "http://[::1]:8080/"},
		{"double slash", getReq(t, "//x", "h"), "http://h//x"},
		{"absolute form", getReq(t, "http://other.example/x", "other.example"), "http://other.example/x"},
		{"absolute form, https", getReq(t, "https://other.example/x", "other.example"), "https://other.example/x"},
		{"CONNECT in origin form", readRaw(t, "CONNECT /ws HTTP/1.1\r\nHost: h\r\n\r\n"), "http://h/ws"},
	} {
		u, err := RequestURL(tc.r)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if u.Href() != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, u.Href(), tc.want)
		}
	}
}

// Requests made without a server's RequestURI are read from their URL.
func TestRequestURLFromURL(t *testing.T) {
	client, err := http.NewRequest("GET", "https://x.example/a%7Cb?q", nil)
	if err != nil {
		t.Fatal(err)
	}
	test := httptest.NewRequest("GET", "/p/q?r", nil)
	test.RequestURI = ""
	opaque := &http.Request{Method: "GET", Host: "h", URL: &url.URL{Opaque: "/a/b"}}
	for _, tc := range []struct {
		r    *http.Request
		want string
	}{
		{client, "https://x.example/a%7Cb?q"},
		{test, "http://example.com/p/q?r"}, // httptest's Host
		{opaque, "http://h/a/b"},
	} {
		u, err := RequestURL(tc.r)
		if err != nil {
			t.Errorf("%v: %v", tc.r.URL, err)
		} else if u.Href() != tc.want {
			t.Errorf("%v: %q, want %q", tc.r.URL, u.Href(), tc.want)
		}
	}
}

func TestRequestURLErrors(t *testing.T) {
	big := strings.Repeat("a", 5000)
	noURL := &http.Request{Method: "GET", Host: "h"}
	for _, tc := range []struct {
		name string
		r    *http.Request
		op   string // the part named
		want string // in the message
	}{
		{"nil", nil, opRequest, "nil *http.Request"},
		{"no URL", noURL, opRequest, "neither RequestURI nor URL"},
		{"no Host", readRaw(t, "GET / HTTP/1.0\r\n\r\n"), opHost, "no host"},
		{"credentials in Host", getReq(t, "/", "a@b"), opHost, `'@'`},
		{"path in Host", getReq(t, "/x", "a/b"), opHost, `'/'`},
		{"space in Host", getReq(t, "/x", "a b"), opHost, `' '`},
		{"port out of range", getReq(t, "/", "h:99999"), opHost, "port-out-of-range"},
		{"forbidden host code point", getReq(t, "/", "a|b"), opHost, `"a|b"`},
		{"OPTIONS *", readRaw(t, "OPTIONS * HTTP/1.1\r\nHost: h\r\n\r\n"), opTarget, "OPTIONS *"},
		{"CONNECT", readRaw(t, "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n"), opTarget, "CONNECT"},
		{"fragment", &http.Request{Method: "GET", Host: "h", RequestURI: "/a#b"}, opTarget, `"#"`},
		{"absolute form that does not parse", &http.Request{Method: "GET", Host: "h", RequestURI: "http://[::1/x"}, opTarget, "IPv6-unclosed"},
		{"long Host", getReq(t, "/", big+":1x"), opHost, "more bytes"},
	} {
		_, err := RequestURL(tc.r)
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%s: %v, want an *Error", tc.name, err)
			continue
		}
		if e.Op != tc.op || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %q (Op %q), want Op %q and %q", tc.name, err, e.Op, tc.op, tc.want)
		}
		if want, ok := map[string]error{
			"nil": ErrNoURL, "no URL": ErrNoURL, "no Host": ErrNoHost,
			"credentials in Host": ErrInvalidHost, "path in Host": ErrInvalidHost, "space in Host": ErrInvalidHost,
			"port out of range": weburl.PortOutOfRange, "OPTIONS *": ErrTargetNotURL, "CONNECT": ErrTargetNotURL,
			"fragment": ErrFragmentInTarget, "absolute form that does not parse": weburl.IPv6Unclosed,
		}[tc.name]; ok && !errors.Is(err, want) {
			t.Errorf("%s: %v, want errors.Is %v", tc.name, err, want)
		}
		if len(err.Error()) > 1200 {
			t.Errorf("%s: a message of %d bytes", tc.name, len(err.Error()))
		}
	}
}

func TestProxy(t *testing.T) {
	withHeaders := func(target string, h ...string) *http.Request {
		raw := "GET " + target + " HTTP/1.1\r\nHost: internal:8080\r\n"
		for _, l := range h {
			raw += l + "\r\n"
		}
		return readRaw(t, raw+"\r\n")
	}
	fwd, xfwd := Proxy{Header: Forwarded}, Proxy{Header: XForwarded}
	for _, tc := range []struct {
		name string
		p    Proxy
		r    *http.Request
		want string
	}{
		{"zero Proxy trusts nothing", Proxy{}, withHeaders("/a", "Forwarded: proto=https;host=example.com", "X-Forwarded-Host: example.com"), "http://internal:8080/a"},
		{"Forwarded", fwd, withHeaders("/a", "Forwarded: for=192.0.2.60;proto=https;host=example.com"), "https://example.com/a"},
		{"Forwarded, case and quotes", fwd, withHeaders("/a", `Forwarded: Proto=HTTPS; Host="example.com:8443"`), "https://example.com:8443/a"},
		{"Forwarded, the last element", fwd, withHeaders("/a", "Forwarded: host=forged.example, for=1.2.3.4;host=example.com"), "http://example.com/a"},
		{"Forwarded, lines are one list", fwd, withHeaders("/a", "Forwarded: host=forged.example", "Forwarded: host=example.com"), "http://example.com/a"},
		{"Forwarded, two hops", Proxy{Header: Forwarded, Hops: 2}, withHeaders("/a", "Forwarded: host=forged.example, host=cdn.example;proto=https, host=lb.example"), "https://cdn.example/a"},
		{"Forwarded, without host", fwd, withHeaders("/a", "Forwarded: for=1.2.3.4;proto=https"), "https://internal:8080/a"},
		{"Forwarded, empty element", fwd, withHeaders("/a", "Forwarded: proto=https,"), "http://internal:8080/a"},
		{"Forwarded absent", fwd, withHeaders("/a"), "http://internal:8080/a"},
		{"Forwarded, absolute form", fwd, withHeaders("http://internal:8080/a", "Forwarded: proto=https;host=example.com"), "https://example.com/a"},
		{"X-Forwarded", xfwd, withHeaders("/a", "X-Forwarded-Proto: https", "X-Forwarded-Host: example.com"), "https://example.com/a"},
		{"X-Forwarded, last element", xfwd, withHeaders("/a", "X-Forwarded-Proto: http, https", "X-Forwarded-Host: forged.example,example.com"), "https://example.com/a"},
		{"X-Forwarded ignores Forwarded", xfwd, withHeaders("/a", "Forwarded: host=forged.example"), "http://internal:8080/a"},
		{"Forwarded ignores X-Forwarded", fwd, withHeaders("/a", "X-Forwarded-Host: forged.example"), "http://internal:8080/a"},
	} {
		u, err := tc.p.RequestURL(tc.r)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
		} else if u.Href() != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, u.Href(), tc.want)
		}
	}
}

func TestProxyErrors(t *testing.T) {
	withHeader := func(h string) *http.Request {
		return readRaw(t, "GET /a HTTP/1.1\r\nHost: internal\r\n"+h+"\r\n\r\n")
	}
	fwd, xfwd := Proxy{Header: Forwarded}, Proxy{Header: XForwarded}
	for _, tc := range []struct {
		name string
		p    Proxy
		r    *http.Request
		op   string
		want string
	}{
		{"no value", fwd, withHeader("Forwarded: host="), opForwarded, "neither a token nor a quoted string"},
		{"no =", fwd, withHeader("Forwarded: host"), opForwarded, `not followed by "="`},
		{"twice", fwd, withHeader("Forwarded: host=a;Host=b"), opForwarded, "occurs twice"},
		{"unclosed quote", fwd, withHeader(`Forwarded: host="a`), opForwarded, "not closed"},
		{"junk after a pair", fwd, withHeader(`Forwarded: host="a"b`), opForwarded, `neither ";" nor ","`},
		{"proto", fwd, withHeader("Forwarded: proto=ftp"), opForwarded, "not http or https (the proto)"},
		{"host with a path", fwd, withHeader(`Forwarded: host="a/b"`), opForwarded, `'/'`},
		{"host with credentials", xfwd, withHeader("X-Forwarded-Host: a@b"), opXHost, `'@'`},
		{"too few hops", Proxy{Header: Forwarded, Hops: 2}, withHeader("Forwarded: host=a"), opForwarded, "(1 elements, 2 proxies)"},
		{"X too few hops", Proxy{Header: XForwarded, Hops: 3}, withHeader("X-Forwarded-Proto: https, https"), opXProto, "(2 elements, 3 proxies)"},
		{"X empty", xfwd, withHeader("X-Forwarded-Proto: https, "), opXProto, "empty"},
		{"X proto", xfwd, withHeader("X-Forwarded-Proto: gopher"), opXProto, "not http or https (the proto)"},
		{"unknown header kind", Proxy{Header: 9}, withHeader(""), opRequest, "Proxy.Header 9"},
	} {
		_, err := tc.p.RequestURL(tc.r)
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%s: %v, want an *Error", tc.name, err)
			continue
		}
		if e.Op != tc.op || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %q (Op %q), want Op %q and %q", tc.name, err, e.Op, tc.op, tc.want)
		}
		if want, ok := map[string]error{
			"no value": ErrHeaderSyntax, "X empty": ErrHeaderSyntax, "proto": ErrNotHTTP, "X proto": ErrNotHTTP,
			"host with a path": ErrInvalidHost, "too few hops": ErrTooFewElements, "X too few hops": ErrTooFewElements,
			"unknown header kind": ErrInvalidProxy,
		}[tc.name]; ok && !errors.Is(err, want) {
			t.Errorf("%s: %v, want errors.Is %v", tc.name, err, want)
		}
	}
}
