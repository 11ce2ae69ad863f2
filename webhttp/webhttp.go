// Package webhttp sends HTTP requests for weburl URLs through net/http and
// follows redirects as a browser does.
//
// net/http's Client resolves a redirect's Location with net/url, which
// changes or refuses what browsers follow: "/a|b" goes out as "/a%7Cb",
// "/100%" and `\\host\x` fail to parse. Do resolves it with weburl, by the
// Fetch Standard's "HTTP-redirect fetch", and sends each hop's request
// target and Host exactly as weburl serializes them (see weburl's NetURL).
//
// Use NewRequest and Do where the URLs come from the web (links, Location
// headers) and must reach servers as a browser sends them, a crawler for
// one; ResponseURL is then the URL of the document that came back, the
// base URL of its links. For URLs a program writes itself, net/http's own
// Client is as good.
//
// # data: URLs
//
// A page's links hold data: URLs (inline images, fonts, srcset, CSS), and
// a crawler's fetch loop can take them as they come: NewRequest accepts a
// data: URL, and Do answers it as the Fetch Standard's "scheme fetch" does,
// without a Transport or a network: a 200 "OK" response whose only header
// is Content-Type, the MIME type of the data: URL processor serialized
// (text/plain;charset=US-ASCII where the URL's type does not parse), and
// whose body is the processor's body, percent-decoded or base64-decoded
// (see the dataurl package):
//
//	data:image/png;base64,iVBORw0KGgo=  →  200, Content-Type: image/png, "\x89PNG\r\n\x1a\n"
//
// Any method gets it, as in Fetch; a HEAD (or CONNECT) response has an
// empty body (Fetch's main fetch nulls it) and the body's length in
// ContentLength. A data: URL the processor refuses (no "," after the type,
// a body that is not base64) is an error naming the URL, as fetch() throws
// for it. A redirect to a data: URL stays an error, as Fetch says: only
// HTTP(S) URLs are followed.
//
// # Serving
//
// On the server side, RequestURL is the URL of a request as the client
// sent it (r.URL is net/http's re-encoding of the target, without scheme
// or host), and Proxy.RequestURL the same behind reverse proxies whose
// headers the server trusts. ServeMux routes requests on URL patterns
// (package urlpattern): "GET /repos/:owner/:repo", "/v:major(\\d+)/*",
// "https://{:tenant.}?example.com/*", first registered match wins, with
// the groups in r.PathValue and Match(r). docs/serving.md compares it
// with net/http's ServeMux, chi and httprouter.
//
// # Credentials in URLs
//
// A username and password in a URL ("https://user:pass@host/") are never
// sent by a request this package builds: NewRequest leaves them out of the
// request's URL field, so neither Do nor net/http's Client turns them into
// an Authorization header, and Do drops them from any request it sends, a
// Location's included (the Fetch Standard, too, never sends a redirect
// target's credentials). ResponseURL still has them. To send them as Basic
// authentication, ask for it: SetBasicAuthFromURL sets the header, which
// then goes as any header the caller sets, to every hop of the same origin
// and to none after a change of origin.
//
// # What net/http cannot send or read
//
// Do goes through the client's Transport, so what net/http writes and
// reads bounds what it can do:
//
//   - A path that starts with "//" and holds a byte net/url escapes ('|', a
//     '%' without two hex digits after it) goes in absolute form over
//     HTTP/1.1, "GET http://h//a|b HTTP/1.1", where RFC 9112 section 3.2.1
//     wants the origin form "GET //a|b HTTP/1.1" towards an origin server;
//     servers must accept both (section 3.2.2) and read the same target.
//     net/http writes the request target from URL.RequestURI(), which
//     escapes such a path in URL.Path and prefixes an Opaque starting with
//     "//" with the scheme; no field gives the origin form. Over HTTP/2 the
//     :path is the origin form. Sending it over HTTP/1.1 would take a
//     net/url whose RequestURI kept such an Opaque as it is, or a
//     RoundTripper that writes HTTP/1.1 itself (and with it its own
//     connection pool and TLS).
//   - A response whose header section net/http's reader refuses is an error
//     of the Transport before Do sees it: a control byte other than tab in
//     a field value ("Location: /a\vb", "\x01", DEL), a CR not followed by
//     LF ("/a\rb"), a line without a colon after a bare LF ("/a\nb"), a tab
//     before the colon ("Location\t: /x"). Fetch allows the first as a
//     header value; Chromium follows them all (it ends a line at a bare CR
//     or LF: "/a\rb" goes to /a). Reading them would take a response reader
//     of our own, in a RoundTripper of our own as above. A space before the
//     colon ("Location : /x") net/http keeps as a field of its own name,
//     and Do reads it as Location, as RFC 9112 section 5.1 has a proxy
//     remove that space.
//
// # Where Chromium departs from Fetch
//
// Do follows the Fetch Standard where Chromium (156, held against Do in
// the browsertest module) does otherwise:
//
//   - Chromium percent-encodes '|' in a path ("/a|b" goes as /a%7Cb); the
//     URL Standard does not.
//   - A navigation in Chromium follows 19 redirects and fails at the 20th;
//     fetch() follows 20, as Fetch and Do do.
//   - Two Location headers with the same value: Chromium follows them;
//     Fetch (and Do) fail, the header allowing one value.
//   - An empty fragment: from "/a#", a Location without a fragment gets the
//     empty one by Fetch ("/b#"); Chromium drops it ("/b").
//   - An empty or blank Location: Fetch parses it to the current URL, a
//     redirect to itself that ends as too many redirects (as WPT's
//     redirect-empty-location test expects); Chromium returns the 3xx.
//   - Credentials in a Location: neither sends them; Chromium's navigation
//     also drops them from the document's URL, which ResponseURL keeps,
//     and its fetch() fails even towards the same origin, which Fetch
//     follows (its steps 9 and 10 fail for CORS only).
package webhttp

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/dataurl"
	"github.com/weburl/weburl/internal/quote"
)

// MaxRedirects is how many redirects Do follows: the Fetch Standard's
// limit. A response that would be the 21st redirect is an error.
const MaxRedirects = 20

// ErrTooManyRedirects is wrapped by the error of Do when a response
// redirects once more after MaxRedirects redirects.
var ErrTooManyRedirects = errors.New("webhttp: more than 20 redirects")

// ErrBodyNotReplayable is wrapped by the error of Do when a redirect would
// send the request's body again and the request has no GetBody.
var ErrBodyNotReplayable = errors.New("webhttp: the request body cannot be sent again (the request has no GetBody)")

// ctxKey is the context key under which a request made by this package
// keeps its weburl URL.
type ctxKey struct{}

// reqURL is the weburl URL of a request, with the *url.URL it was given as
// (by value), so that a request whose URL was changed since is noticed.
type reqURL struct {
	net url.URL
	u   *weburl.URL
}

// NewRequest returns a request of method for u with body, like
// http.NewRequestWithContext, for an http, https or data URL (which Do
// answers itself: see the package doc). Its URL field is
// u.NetURL() without the credentials (User is nil: see the package doc) and
// its Host u.Host(), so that net/http sends u.RequestURI() as the request
// target and u.Host() as the Host header, byte for byte (a path starting
// with "//" and holding a byte that net/url escapes goes in absolute form
// over HTTP/1.1, "GET http://h//a|b", which servers accept as the same
// target). The fragment is not sent; ResponseURL keeps it.
//
// As http.NewRequestWithContext does, it sets ContentLength and GetBody
// when body is a *bytes.Buffer, *bytes.Reader or *strings.Reader, so that
// Do can send the body again after a 307 or 308 redirect; for any other
// reader, set GetBody yourself if redirects may need it.
//
// u is kept (as a copy) in the request's context, where Do and ResponseURL
// find it: they see the URL exactly, where reading the *url.URL back would
// lose an empty fragment and the credentials. The zero URL, a nil u, a URL
// whose scheme is not http, https or data, and an invalid method are
// errors.
func NewRequest(ctx context.Context, method string, u *weburl.URL, body io.Reader) (*http.Request, error) {
	if err := checkURL(u, true); err != nil {
		return nil, err
	}
	return newRequest(ctx, method, u.Clone(), body)
}

// checkURL reports whether u is an HTTP(S) URL, the only ones a request
// goes out for, or, when data is true, a data: URL, which a first request
// may have (a redirect may not).
func checkURL(u *weburl.URL, data bool) error {
	if u == nil || u.Href() == "" {
		return &weburl.Error{Op: "new request", Err: errors.New("the zero URL is no URL")}
	}
	switch s := u.Scheme(); {
	case s == "http" || s == "https":
	case s == "data" && data:
	case data:
		return &weburl.Error{Op: "new request", Input: u.Redacted(), Err: errors.New("its scheme is not an HTTP(S) scheme or data")}
	default:
		return &weburl.Error{Op: "new request", Input: u.Redacted(), Err: errors.New("its scheme is not an HTTP(S) scheme")}
	}
	return nil
}

// newRequest makes the request for u, which it keeps (no copy).
func newRequest(ctx context.Context, method string, u *weburl.URL, body io.Reader) (*http.Request, error) {
	nu := u.NetURL()
	nu.User = nil // net/http's Client would send it as Basic authorization
	if ctx != nil {
		ctx = context.WithValue(ctx, ctxKey{}, &reqURL{net: *nu, u: u})
	}
	// net/http's own error would quote the method whole. A method is a
	// token (RFC 9110 section 9.1), as a field name is.
	if method != "" && !isToken(method) {
		return nil, fmt.Errorf("webhttp: new request for %s: invalid method %s (not an HTTP token)", quote.String(u.Redacted()), quote.String(method))
	}
	req, err := http.NewRequestWithContext(ctx, method, "", body)
	if err != nil {
		return nil, fmt.Errorf("webhttp: new request for %s: %w", quote.String(u.Redacted()), err)
	}
	req.URL = nu
	req.Host = u.Host()
	return req, nil
}

// requestURL returns the weburl URL of req: the one NewRequest or Do kept,
// when req's URL is still the one made from it, or else the URL Standard's
// reading of req.URL (weburl.FromNetURL).
func requestURL(req *http.Request) (*weburl.URL, error) {
	if req.URL == nil {
		return nil, errors.New("webhttp: nil Request.URL")
	}
	if r, ok := req.Context().Value(ctxKey{}).(*reqURL); ok && r.net == *req.URL {
		return r.u, nil
	}
	return weburl.FromNetURL(req.URL)
}

// SetBasicAuthFromURL sets req's Authorization header to Basic
// authentication with the username and password of req's URL,
// percent-decoded ("user%40example.com" is sent as "user@example.com"):
// the header net/http's Client sets unasked for any URL with credentials.
// The URL is the one NewRequest kept, or req.URL read with
// weburl.FromNetURL. It reports whether the URL has credentials; without
// them, or for a nil req or URL, the header is left as it is.
//
// Do sends the header to each hop of the URL's origin and drops it at the
// first change of origin, as any Authorization header; a Location's own
// credentials are never sent.
func SetBasicAuthFromURL(req *http.Request) bool {
	if req == nil {
		return false
	}
	u, err := requestURL(req)
	if err != nil || u.Username() == "" && u.Password() == "" {
		return false
	}
	req.SetBasicAuth(weburl.PercentDecode(u.Username()), weburl.PercentDecode(u.Password()))
	return true
}

// ResponseURL returns the URL that resp came from, as weburl sees it: the
// URL of the last request of the exchange, after every redirect, with the
// fragment a browser keeps (the first request's fragment, or that of the
// last Location that had one). It is the URL of the document, the base of
// its relative links.
//
// Do and NewRequest keep each request's *weburl.URL in its context;
// ResponseURL reads it from resp.Request. For a response from elsewhere
// (net/http's Client), or a request whose URL field was changed, it reads
// resp.Request.URL with weburl.FromNetURL. It returns nil when resp or its
// Request is nil, or when that URL does not parse.
func ResponseURL(resp *http.Response) *weburl.URL {
	if resp == nil || resp.Request == nil {
		return nil
	}
	u, err := requestURL(resp.Request)
	if err != nil {
		return nil
	}
	return u.Clone()
}

// The request-body-header names of the Fetch Standard, dropped with the
// body when a redirect turns a request into a GET, and Content-Length,
// which net/http writes from ContentLength but a caller may have set.
var bodyHeaders = []string{"Content-Encoding", "Content-Language", "Content-Location", "Content-Type", "Content-Length"}

// The headers dropped when a redirect changes the origin: the Fetch
// Standard's CORS non-wildcard request-header name (Authorization), and the
// others net/http's Client drops for another host (credentials that a
// browser would never let a page set).
var credentialHeaders = []string{"Authorization", "Www-Authenticate", "Cookie", "Cookie2", "Proxy-Authorization", "Proxy-Authenticate"}

// isRedirect reports whether status is a redirect status of the Fetch
// Standard.
func isRedirect(status int) bool {
	switch status {
	case 301, 302, 303, 307, 308:
		return true
	}
	return false
}

// maxDrain bounds the bytes of a redirect's body that Do reads before it
// closes it, so that a small body leaves the connection reusable.
const maxDrain = 2 << 10

// Do sends req with c's Transport (http.DefaultTransport when nil; a nil c
// is http.DefaultClient) and follows redirects as the Fetch Standard's
// "HTTP-redirect fetch" says, where c.Do would follow net/http's rules:
//
//   - A 301, 302, 303, 307 or 308 response with a Location header (or a
//     field written "Location : /x", see the package doc) is a redirect;
//     any other response, a 3xx without Location included, is returned.
//     The Location is parsed with weburl against the current URL
//     (the response's location URL). A byte of it that is not part of
//     valid UTF-8 is percent-encoded as itself: "/caf\xE9" goes to
//     /caf%E9, as browsers send it and as WPT's
//     redirect-location-escape.tentative test expects (weburl.Parse would
//     read U+FFFD). A Location that fails to parse, a URL whose scheme is
//     not http or https, or more than one Location header is an error
//     naming the Location, and nothing more is sent.
//   - An empty Location ("Location:", or only spaces and tabs) parses to
//     the current URL, and a Location that is only a fragment ("#top") to
//     the current URL with that fragment: both are redirects, to the same
//     URL again, and end as too many redirects unless the server answers
//     otherwise the next time.
//   - A Location without a fragment gets the current URL's fragment.
//   - 301 and 302 turn a POST into a GET, and 303 turns any method but GET
//     and HEAD into a GET: without the body, and without the headers that
//     describe it (Content-Type, Content-Length, Content-Encoding,
//     Content-Language, Content-Location). Otherwise the method and body
//     are kept: the body is sent again through req.GetBody. A request with
//     a body and no GetBody makes any redirect but a 303 an error
//     (ErrBodyNotReplayable), as the standard says for a body that cannot
//     be read again.
//   - When a redirect changes the origin (scheme, host or port), the
//     headers Authorization, WWW-Authenticate, Cookie, Cookie2,
//     Proxy-Authorization and Proxy-Authenticate are dropped, for that hop
//     and every later one. The other headers go to every hop.
//   - After 20 redirects, one more is an error (ErrTooManyRedirects),
//     whatever c.CheckRedirect says.
//
// It keeps what a net/http Client user relies on:
//
//   - c.Jar: its cookies for each hop's URL are added to that hop's
//     request (after any Cookie header the request has), and each
//     response's Set-Cookie headers go to it.
//   - c.Timeout: one deadline for the whole exchange, every hop and the
//     reading of the final body; it is a deadline of the requests'
//     context, so the error wraps context.DeadlineExceeded.
//   - c.CheckRedirect, when set, is called before each redirect is
//     followed with the next request (which it may change) and the
//     requests sent so far, oldest first, req being the first. If it
//     returns http.ErrUseLastResponse, Do returns the redirect response
//     with its body unread; another error is returned with that response,
//     whose body is closed. Without it, there is no limit but the 20.
//   - Credentials in a hop's URL are not sent, where net/http's Client
//     sends them as Basic authorization (see the package doc, and
//     SetBasicAuthFromURL to send them): the request handed to the
//     Transport has a URL without User.
//   - With an *http.Transport that sends an http URL through an HTTP proxy
//     (its Proxy func), a path that weburl's NetURL puts in Opaque ("/a|b")
//     goes to the proxy in absolute form, "GET http://h/a|b", as RFC 9112
//     section 3.2.2 requires: net/http would write such an Opaque as it
//     is, in origin form.
//   - The bodies of redirect responses are read (up to 2 KiB) and closed.
//   - Errors are *url.Error, with Op the method as net/http writes it
//     ("Get") and URL the URL of the last request, its password hidden
//     (for an error of CheckRedirect, the Location, as net/http has it).
//     Every input a message names is cut after 1 KiB, with how many bytes
//     were left out: the URL field ("http://h/aaa… (1047552 more bytes)"),
//     a Location, a data: URL; a Transport's error whose message is longer
//     than 2 KiB (net names a host whole) is wrapped in one that cuts it,
//     which errors.Is, errors.As and the *url.Error's Timeout see through.
//
// Do adds no Referer header: on a redirect a browser sends the referrer of
// the first request (the page that had the link), not the redirecting URL
// that net/http's Client sends. A Referer that req carries is sent on each
// hop as it is.
//
// A request for a data: URL is answered by Do itself, as the package doc
// says: the Transport, the Jar and CheckRedirect are not called.
//
// req's URL is its weburl URL when NewRequest made it; any other request
// is read with weburl.FromNetURL. The response's Request is the last
// request sent; ResponseURL gives its URL.
func Do(c *http.Client, req *http.Request) (*http.Response, error) {
	if c == nil {
		c = http.DefaultClient
	}
	if req == nil {
		return nil, doError("Do", "", errors.New("webhttp: nil *http.Request"))
	}
	op := urlErrorOp(req.Method)
	cur, err := requestURL(req)
	if err == nil {
		err = checkURL(cur, true)
	}
	if err != nil {
		closeBody(req)
		s := ""
		if req.URL != nil {
			s = req.URL.Redacted()
		}
		return nil, doError(op, s, err)
	}
	if cur.Scheme() == "data" {
		return fetchData(req, cur, op)
	}
	d := &doer{c: c, rt: c.Transport, ctx: req.Context(), cancel: func() {}}
	if d.rt == nil {
		d.rt = http.DefaultTransport
	}
	if c.Timeout > 0 {
		d.ctx, d.cancel = context.WithTimeout(d.ctx, c.Timeout)
	}
	return d.run(req, cur, op)
}

// doer holds one exchange of Do.
type doer struct {
	c      *http.Client
	rt     http.RoundTripper
	ctx    context.Context // the exchange's, with c.Timeout's deadline
	cancel context.CancelFunc
}

func (d *doer) run(req *http.Request, cur *weburl.URL, op string) (*http.Response, error) {
	fail := func(err error) (*http.Response, error) {
		d.cancel()
		return nil, doError(op, cur.Redacted(), err)
	}
	hop := req // the next request as the caller or CheckRedirect sees it
	var via []*http.Request
	for redirects := 0; ; redirects++ {
		sent := d.prepare(hop, cur, len(via) == 0)
		resp, err := d.rt.RoundTrip(sent)
		if err != nil {
			return fail(transportError(err))
		}
		if resp == nil {
			return fail(fmt.Errorf("webhttp: RoundTripper %T returned a nil *Response with a nil error", d.rt))
		}
		if resp.Body == nil {
			resp.Body = http.NoBody
		}
		if resp.Request == nil {
			resp.Request = sent
		}
		if d.c.Jar != nil {
			if rc := resp.Cookies(); len(rc) > 0 {
				d.c.Jar.SetCookies(sent.URL, rc)
			}
		}

		// HTTP-redirect fetch, step 3: the response's location URL, null
		// (step 4) for a status that is no redirect or without Location.
		if !isRedirect(resp.StatusCode) {
			return d.finish(resp), nil
		}
		locs := locationValues(resp.Header)
		if len(locs) == 0 {
			return d.finish(resp), nil
		}
		// Extracting header list values fails for more than one.
		if len(locs) > 1 {
			drain(resp)
			return fail(redirectError(resp.StatusCode, strings.Join(locs, ", "), fmt.Sprintf("%d Location headers, where the Fetch Standard allows one", len(locs))))
		}
		loc := locs[0]
		next, err := cur.Parse(locationString(loc))
		if err != nil {
			drain(resp)
			var we *weburl.Error
			if errors.As(err, &we) {
				we.Input, we.Base = loc, cur.Redacted()
			}
			return fail(fmt.Errorf("webhttp: %d response with a Location that fails to parse: %w", resp.StatusCode, err))
		}
		// Step 6: only HTTP(S) URLs are fetched.
		if s := next.Scheme(); s != "http" && s != "https" {
			drain(resp)
			return fail(redirectError(resp.StatusCode, loc, "its scheme is not an HTTP(S) scheme"))
		}
		// Step 7.
		if redirects == MaxRedirects {
			drain(resp)
			return fail(fmt.Errorf("%w: %w", ErrTooManyRedirects, redirectError(resp.StatusCode, loc, "")))
		}
		// The location URL's last step: a Location without a fragment
		// keeps the request's.
		if _, ok := next.Fragment(); !ok {
			if f, ok := cur.Fragment(); ok {
				if err := next.SetHash("#" + f); err != nil {
					drain(resp)
					return fail(fmt.Errorf("%w: %w", redirectError(resp.StatusCode, loc, "keeping the request's fragment"), err))
				}
			}
		}

		// Step 11: a body that cannot be read again fails every redirect
		// but a 303.
		hasBody := hop.ContentLength != 0 || hop.Body != nil && hop.Body != http.NoBody
		if resp.StatusCode != 303 && hasBody && hop.GetBody == nil {
			drain(resp)
			return fail(fmt.Errorf("%w: %w", ErrBodyNotReplayable, redirectError(resp.StatusCode, loc, "")))
		}
		header := hop.Header.Clone()
		if header == nil {
			header = make(http.Header)
		}
		method := hop.Method
		if method == "" {
			method = http.MethodGet
		}
		// Step 12: POST to GET for 301 and 302, all but GET and HEAD to
		// GET for 303, without the body and its headers.
		if (resp.StatusCode == 301 || resp.StatusCode == 302) && method == http.MethodPost ||
			resp.StatusCode == 303 && method != http.MethodGet && method != http.MethodHead {
			method, hasBody = http.MethodGet, false
			for _, h := range bodyHeaders {
				header.Del(h)
			}
			header.Del("Transfer-Encoding")
		}
		// Step 13: another origin loses the credentials.
		if !weburl.SameOrigin(cur.Origin(), next.Origin()) {
			for _, h := range credentialHeaders {
				header.Del(h)
			}
		}
		nreq, err := newRequest(d.ctx, method, next, nil)
		if err != nil {
			drain(resp)
			return fail(err)
		}
		nreq.Header = header
		nreq.Response = resp
		// Step 14: the body, read again from its source.
		if hasBody {
			nreq.GetBody, nreq.ContentLength = hop.GetBody, hop.ContentLength
			if nreq.Body, err = hop.GetBody(); err != nil {
				drain(resp)
				return fail(fmt.Errorf("%w: %w", redirectError(resp.StatusCode, loc, "the request body from GetBody"), err))
			}
		}
		via = append(via, hop)
		if d.c.CheckRedirect != nil {
			err := d.c.CheckRedirect(nreq, via)
			if errors.Is(err, http.ErrUseLastResponse) {
				closeBody(nreq)
				return d.finish(resp), nil
			}
			if err != nil {
				closeBody(nreq)
				drain(resp)
				d.cancel()
				return resp, doError(op, loc, err)
			}
		}
		drain(resp)
		if cur, err = requestURL(nreq); err == nil {
			err = checkURL(cur, false) // CheckRedirect may have changed the URL
		}
		if err != nil {
			closeBody(nreq)
			return fail(err)
		}
		hop = nreq
	}
}

// fetchData answers req, whose URL u is a data: URL, as the Fetch
// Standard's scheme fetch does for the scheme "data", and main fetch after
// it: nothing is sent, and req's body is closed unread.
func fetchData(req *http.Request, u *weburl.URL, op string) (*http.Response, error) {
	closeBody(req)
	// 1. If fetchParams is canceled, return the appropriate network error.
	if err := req.Context().Err(); err != nil {
		return nil, doError(op, u.Redacted(), err)
	}
	// 3, "data": 1–2. The data: URL processor; failure is a network
	// error.
	d, err := dataurl.Process(u)
	if err != nil {
		return nil, doError(op, u.Redacted(), err)
	}
	// 3. The MIME type serialized to bytes: a data: URL's type comes from
	// its serialization, which is ASCII, so String's code points are the
	// bytes.
	mimeType := d.MIMEType.String()
	// 4. A response whose status message is `OK`, header list
	// « (`Content-Type`, mimeType) » and body the data: URL's body. Main
	// fetch nulls the body of a response to HEAD or CONNECT.
	body := io.NopCloser(bytes.NewReader(d.Body))
	if req.Method == http.MethodHead || req.Method == http.MethodConnect {
		body = http.NoBody
	}
	return &http.Response{
		Status:     "200 OK",
		StatusCode: http.StatusOK,
		// net/http's file transport, its other response without a
		// network, writes HTTP/1.0 too.
		Proto:         "HTTP/1.0",
		ProtoMajor:    1,
		Header:        http.Header{"Content-Type": {mimeType}},
		Body:          body,
		ContentLength: int64(len(d.Body)),
		Request:       req,
	}, nil
}

// prepare returns the request to send for hop, whose URL is cur: a
// shallow copy with the exchange's context (for the first; the later hops
// have it already) and the Jar's cookies, its URL without credentials and,
// through an HTTP proxy, with a path in Opaque in absolute form.
func (d *doer) prepare(hop *http.Request, cur *weburl.URL, first bool) *http.Request {
	ctx := hop.Context()
	if first {
		ctx = d.ctx
	}
	s := hop.WithContext(ctx)
	s.Header = hop.Header.Clone()
	if s.Header == nil {
		s.Header = make(http.Header)
	}
	if d.c.Jar != nil {
		for _, ck := range d.c.Jar.Cookies(s.URL) {
			s.AddCookie(ck)
		}
	}
	nu := *s.URL
	nu.User = nil // a request NewRequest did not make, or CheckRedirect's URL
	// net/http writes an Opaque as the request target unless it starts
	// with "//", which it prefixes with the scheme: the absolute form a
	// proxy needs.
	if nu.Scheme == "http" && strings.HasPrefix(nu.Opaque, "/") && !strings.HasPrefix(nu.Opaque, "//") && viaHTTPProxy(d.rt, s) {
		nu.Opaque = "//" + nu.Host + nu.Opaque
	}
	if nu != *s.URL {
		s.URL = &nu
		// ResponseURL reads the request's URL from the context.
		s = s.WithContext(context.WithValue(ctx, ctxKey{}, &reqURL{net: nu, u: cur}))
	}
	return s
}

// viaHTTPProxy reports whether rt sends req through an HTTP proxy, which
// gets the absolute form of an http URL.
func viaHTTPProxy(rt http.RoundTripper, req *http.Request) bool {
	t, ok := rt.(*http.Transport)
	if !ok || t.Proxy == nil {
		return false
	}
	p, err := t.Proxy(req)
	return err == nil && p != nil && p.Scheme != "socks5" && p.Scheme != "socks5h"
}

// locationValues returns the values of h's Location fields: those net/http
// keeps under "Location", then those whose name has spaces before the
// colon ("Location : /x"), which net/http keeps under the name as it came,
// and which RFC 9112 section 5.1 has a proxy read as Location (removing
// the space), as browsers do.
func locationValues(h http.Header) []string {
	v := h["Location"]
	var odd []string
	for k := range h {
		if len(k) > len("Location") && k[len(k)-1] == ' ' && strings.EqualFold(strings.TrimRight(k, " "), "Location") {
			odd = append(odd, k)
		}
	}
	if odd == nil {
		return v
	}
	slices.Sort(odd)
	v = slices.Clip(v)
	for _, k := range odd {
		v = append(v, h[k]...)
	}
	return v
}

// locationString returns a Location header value as the URL parser must
// read it. The Fetch Standard parses the header value, bytes, with the URL
// parser, which reads code points; browsers (and WPT's
// redirect-location-escape.tentative test) take each byte that is not part
// of valid UTF-8 as itself, percent-encoded: "/caf\xE9" is /caf%E9, where
// a Go string's reading, weburl's, gives U+FFFD. So such a byte is written
// "%XX" before parsing, which gives the URL of the bytewise reading: every
// state that percent-encodes a code point above U+007E (path, query,
// fragment, userinfo, opaque host) copies '%' and hex digits as they are,
// the host parser percent-decodes a domain before decoding its UTF-8, and
// '%' is, as such a byte is, neither a scheme code point nor a digit of a
// port. FuzzDoLocation holds the two readings equal.
func locationString(v string) string {
	if utf8.ValidString(v) {
		return v
	}
	const hex = "0123456789ABCDEF"
	b := make([]byte, 0, len(v)+16)
	for i := 0; i < len(v); {
		r, n := utf8.DecodeRuneInString(v[i:])
		if r == utf8.RuneError && n == 1 {
			b = append(b, '%', hex[v[i]>>4], hex[v[i]&15])
		} else {
			b = append(b, v[i:i+n]...)
		}
		i += n
	}
	return string(b)
}

// redirectError names a redirect to loc that Do does not follow, as
// weburl's *Error names an input (quoted, cut after 1 KiB).
func redirectError(status int, loc, reason string) *weburl.Error {
	r := strconv.Itoa(status) + " response"
	if reason != "" {
		r += ": " + reason
	}
	return &weburl.Error{Op: "redirect to", Input: loc, Err: errors.New(r)}
}

// doError is the error of Do: a *url.Error for op and the URL u, which it
// cuts after 1 KiB (see quote.Cut), as a Location's *weburl.Error is cut,
// so that a hostile URL or redirect chain makes a short message.
func doError(op, u string, err error) *url.Error {
	return &url.Error{Op: op, URL: quote.Cut(u), Err: err}
}

// transportError returns err, a Transport's, with its message cut after
// 1 KiB when it is longer than 2 KiB: net/http's and net's messages name
// the host whole (a 1 MiB host makes a 1 MiB "lookup" error).
func transportError(err error) error {
	if len(err.Error()) > 2*quote.Max {
		return &cutError{err}
	}
	return err
}

// cutError is an error whose message is cut after 1 KiB. errors.Is and
// errors.As see the error inside, and so do (*url.Error).Timeout and
// Temporary, which look at the Err field only.
type cutError struct{ err error }

func (e *cutError) Error() string { return quote.Cut(e.err.Error()) }
func (e *cutError) Unwrap() error { return e.err }

func (e *cutError) Timeout() bool {
	t, ok := e.err.(interface{ Timeout() bool })
	return ok && t.Timeout()
}

func (e *cutError) Temporary() bool {
	t, ok := e.err.(interface{ Temporary() bool })
	return ok && t.Temporary()
}

// finish returns resp as Do's result: with c.Timeout, its body ends the
// exchange's context when closed or read to its end.
func (d *doer) finish(resp *http.Response) *http.Response {
	if d.c.Timeout > 0 {
		resp.Body = &cancelBody{rc: resp.Body, cancel: d.cancel}
	}
	return resp
}

// cancelBody ends the exchange's context once the body is done with.
type cancelBody struct {
	rc     io.ReadCloser
	cancel context.CancelFunc
}

func (b *cancelBody) Read(p []byte) (int, error) {
	n, err := b.rc.Read(p)
	if err != nil {
		b.cancel()
	}
	return n, err
}

func (b *cancelBody) Close() error {
	err := b.rc.Close()
	b.cancel()
	return err
}

// drain reads a little of a redirect's body, so that a small one leaves
// the connection reusable, and closes it.
func drain(resp *http.Response) {
	if resp.ContentLength == -1 || resp.ContentLength <= maxDrain {
		io.CopyN(io.Discard, resp.Body, maxDrain)
	}
	resp.Body.Close()
}

func closeBody(req *http.Request) {
	if req.Body != nil {
		req.Body.Close()
	}
}

// urlErrorOp returns the Op of a *url.Error for method, as net/http
// writes it: "Get" for GET, "Post" for POST.
func urlErrorOp(method string) string {
	if method == "" {
		return "Get"
	}
	for i := 0; i < len(method); i++ {
		if method[i] >= 0x80 {
			return method
		}
	}
	return method[:1] + strings.ToLower(method[1:])
}
