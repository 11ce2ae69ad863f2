package webhttp

import (
	"net/http"
)

// A Transport is an http.RoundTripper that follows redirects as Do does,
// so that an http.Client built on it, and any code that takes one, gets
// what a browser gets:
//
//	client := &http.Client{Transport: &webhttp.Transport{}}
//	resp, err := client.Get("http://example.com/a|b")
//
// RoundTrip sends each hop with Base and follows the redirects itself, by
// the Fetch Standard's rules that Do's doc lists: each Location parsed
// with weburl against the current URL, byte for byte, no credentials of a
// URL sent, a body sent again through GetBody, at most MaxRedirects. A
// request for a data: URL is answered without Base, as Do answers it.
//
// So the http.Client on top never sees a redirect with a Location: its
// own redirect loop and CheckRedirect are not used (CheckRedirect is never
// called), and its error for a redirect the Transport refuses is a
// *url.Error around the *Error (URL the first request's, as the Client
// names it). The response is the last hop's, and its Request the last
// request sent, as net/http's Client returns it; ResponseURL gives its
// URL, with the fragment a browser keeps.
//
// Set the cookie jar on the Transport: the Client's Jar sees only the
// first request and the last response. The Client's Timeout and the
// request's context bound every hop.
//
// The zero Transport is ready to use; a Transport is safe for concurrent
// use when Base and Jar are.
type Transport struct {
	Base http.RoundTripper // sends each hop; nil: http.DefaultTransport
	Jar  http.CookieJar    // cookies sent and set on each hop; nil: none
}

// RoundTrip sends req and follows its redirects as Do does, with t.Base
// and t.Jar; see Transport. It returns the final response, or the error
// of the hop that failed: Base's, or an *Error for webhttp's own reasons
// (ErrTooManyRedirects, ErrNotHTTP, a Location that does not parse, ...).
// As every RoundTripper, it closes req's body, and does not change req.
func (t *Transport) RoundTrip(req *http.Request) (*http.Response, error) {
	if req == nil {
		return nil, &Error{Op: opDo, Err: withDetail(ErrNoURL, "a nil *http.Request")}
	}
	d := &doer{rt: t.Base, jar: t.Jar, ctx: req.Context(), cancel: func() {}}
	resp, _, err := d.run(req)
	return resp, err
}
