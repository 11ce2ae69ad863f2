package webhttp

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/quote/quotetest"
)

// redirectLoop answers every request with a 302 to next(n), n the number
// of requests so far, without a network.
type redirectLoop struct {
	n    int
	next func(n int) string
}

func (r *redirectLoop) RoundTrip(req *http.Request) (*http.Response, error) {
	r.n++
	return &http.Response{StatusCode: 302, Header: http.Header{"Location": {r.next(r.n)}}, Body: http.NoBody, Request: req}, nil
}

// failingTransport fails every request with err.
type failingTransport struct{ err error }

func (f failingTransport) RoundTrip(*http.Request) (*http.Response, error) { return nil, f.err }

// Every error of NewRequest, Do and RequestURL on inputs of 1 MiB (4 MiB
// for a javascript: Location) quotes at most about 1 KiB of each and says
// how much it left out: the URL of the
// *url.Error, the Location, the base, the data: URL, the method, a
// Transport's message. cut is the number of inputs over 1 KiB the message
// names.
func TestErrorMessagesBounded(t *testing.T) {
	long := quotetest.Long(t)
	const mib = 1 << 20
	longURL := "http://example.com/" + long
	ctx := context.Background()
	do := func(rt http.RoundTripper, u string, method string, body string) error {
		var b *strings.Reader
		if body != "" {
			b = strings.NewReader(body)
		}
		var req *http.Request
		var err error
		if b != nil {
			req, err = NewRequest(ctx, method, weburl.MustParse(u), b)
			req.GetBody = nil // a body that cannot be sent again
		} else {
			req, err = NewRequest(ctx, method, weburl.MustParse(u), nil)
		}
		if err != nil {
			t.Fatal(err)
		}
		resp, err := Do(&http.Client{Transport: rt}, req)
		if err == nil {
			resp.Body.Close()
		}
		return err
	}
	oneHop := func(loc ...string) http.RoundTripper {
		return &fakeTransport{{StatusCode: 302, Header: http.Header{"Location": loc}, Body: http.NoBody}}
	}
	// Every hop to a new 1 MiB path: the current URL and the Location are
	// both 1 MiB when the 21st redirect fails.
	chain := &redirectLoop{next: func(n int) string { return "/" + string(rune('a'+n%26)) + long }}

	for _, tc := range []struct {
		name string
		err  func() error
		cut  int
	}{
		{"new request: a scheme not fetched", func() error {
			_, err := NewRequest(ctx, "GET", weburl.MustParse("javascript:"+long), nil)
			return err
		}, 1},
		{"new request: an invalid method", func() error {
			_, err := NewRequest(ctx, "GET "+long, weburl.MustParse(longURL), nil)
			return err
		}, 2},
		{"a javascript: Location of 4 MiB", func() error {
			return do(oneHop("javascript:"+strings.Repeat("a", 4*mib)), "http://example.com/", "GET", "")
		}, 1},
		{"a Location that fails to parse, from a 1 MiB URL", func() error {
			return do(oneHop("http://[::1"+long), longURL, "GET", "")
		}, 3}, // the URL, the Location, and the URL again as its base
		{"two Location headers", func() error {
			return do(oneHop("/"+long, "/"+long), "http://example.com/", "GET", "")
		}, 1},
		{"a body that cannot be sent again", func() error {
			return do(oneHop("/"+long), longURL, "PUT", "body")
		}, 2},
		{"21 redirects of 1 MiB", func() error {
			return do(chain, "http://example.com/", "GET", "")
		}, 2},
		{"a data: URL without a comma", func() error {
			return do(nil, "data:"+long, "GET", "")
		}, 2},
		{"a data: URL whose base64 fails", func() error {
			return do(nil, "data:;base64,"+long+"a", "GET", "")
		}, 2},
		{"a Transport's error naming a 1 MiB host", func() error {
			return do(failingTransport{&net.DNSError{Err: "no such host", Name: long + ".example", IsNotFound: true}}, "http://"+long+".example/", "GET", "")
		}, 2},
		// The server side: RequestURL and Proxy.RequestURL on what a
		// client sent (net/http's server takes request lines and headers
		// of up to 1 MiB).
		{"a target that holds #", func() error {
			return requestURLError(Proxy{}, &http.Request{Method: "GET", RequestURI: "/" + long + "#", Host: "h"})
		}, 1},
		{"an asterisk target with a 1 MiB method", func() error {
			return requestURLError(Proxy{}, &http.Request{Method: long, RequestURI: "*", Host: "h"})
		}, 1},
		{"an absolute target that does not parse", func() error {
			return requestURLError(Proxy{}, &http.Request{Method: "GET", RequestURI: "http://[" + long, Host: "h"})
		}, 1},
		{"a Host that is no host", func() error {
			return requestURLError(Proxy{}, &http.Request{Method: "GET", RequestURI: "/", Host: long + "/"})
		}, 1},
		{"X-Forwarded-Host that is no host", func() error {
			return requestURLError(Proxy{Header: XForwarded}, &http.Request{Method: "GET", RequestURI: "/", Host: "h",
				Header: http.Header{"X-Forwarded-Host": {long + "/"}}})
		}, 1},
		{"X-Forwarded-Proto of neither http nor https", func() error {
			return requestURLError(Proxy{Header: XForwarded}, &http.Request{Method: "GET", RequestURI: "/", Host: "h",
				Header: http.Header{"X-Forwarded-Proto": {long}}})
		}, 1},
		{"Forwarded with a parameter twice", func() error {
			return requestURLError(Proxy{Header: Forwarded}, &http.Request{Method: "GET", RequestURI: "/", Host: "h",
				Header: http.Header{"Forwarded": {long + "=1;" + long + "=2"}}})
		}, 2}, // the header, and the name it found twice
		{"Forwarded that does not follow its syntax", func() error {
			return requestURLError(Proxy{Header: Forwarded}, &http.Request{Method: "GET", RequestURI: "/", Host: "h",
				Header: http.Header{"Forwarded": {"for=" + long + " x"}}})
		}, 1},
	} {
		quotetest.Check(t, tc.name, tc.err(), tc.cut, "")
	}
	if chain.n != MaxRedirects+1 {
		t.Errorf("the chain: %d requests, want %d", chain.n, MaxRedirects+1)
	}
}

// A Transport's error that is cut is still itself to errors.As and to
// (*url.Error).Timeout, which net/http's callers test.
func TestCutErrorIsTheError(t *testing.T) {
	long := strings.Repeat("a", 1<<20)
	dns := &net.DNSError{Err: "i/o timeout", Name: long, IsTimeout: true}
	req, _ := NewRequest(context.Background(), "GET", weburl.MustParse("http://example.com/"), nil)
	_, err := Do(&http.Client{Transport: failingTransport{dns}}, req)
	var ue *url.Error
	var de *net.DNSError
	if !errors.As(err, &ue) || !errors.As(err, &de) || de != dns || !ue.Timeout() {
		t.Errorf("%.200v: want a *url.Error around the *net.DNSError, a timeout", err)
	}
	if len(err.Error()) > 2<<10 {
		t.Errorf("the message has %d bytes", len(err.Error()))
	}
	// A short one is kept as it is.
	short := &net.DNSError{Err: "no such host", Name: "x.example"}
	_, err = Do(&http.Client{Transport: failingTransport{short}}, req)
	if !errors.As(err, &ue) || ue.Err != error(short) {
		t.Errorf("%v: want the *net.DNSError itself as the *url.Error's Err", err)
	}
}

// requestURLError is the error of p.RequestURL(r).
func requestURLError(p Proxy, r *http.Request) error {
	_, err := p.RequestURL(r)
	return err
}
