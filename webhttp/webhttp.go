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
package webhttp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/weburl/weburl"
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
// http.NewRequestWithContext, for an http or https URL. Its URL field is
// u.NetURL() and its Host u.Host(), so that net/http sends u.RequestURI()
// as the request target and u.Host() as the Host header, byte for byte (a
// path starting with "//" and holding a byte that net/url escapes goes in
// absolute form, "GET http://h//a|b", which servers accept as the same
// target). The fragment is not sent; ResponseURL keeps it.
//
// As http.NewRequestWithContext does, it sets ContentLength and GetBody
// when body is a *bytes.Buffer, *bytes.Reader or *strings.Reader, so that
// Do can send the body again after a 307 or 308 redirect; for any other
// reader, set GetBody yourself if redirects may need it.
//
// u is kept (as a copy) in the request's context, where Do and ResponseURL
// find it: they see the URL exactly, where reading the *url.URL back would
// lose an empty fragment. The zero URL, a nil u, a URL whose scheme is not
// http or https, and an invalid method are errors.
func NewRequest(ctx context.Context, method string, u *weburl.URL, body io.Reader) (*http.Request, error) {
	if err := checkURL(u); err != nil {
		return nil, err
	}
	return newRequest(ctx, method, u.Clone(), body)
}

// checkURL reports whether u is an HTTP(S) URL, the only ones fetched.
func checkURL(u *weburl.URL) error {
	if u == nil || u.Href() == "" {
		return &weburl.Error{Op: "new request", Reason: "the zero URL is no URL"}
	}
	if s := u.Scheme(); s != "http" && s != "https" {
		return &weburl.Error{Op: "new request", Input: u.Redacted(), Reason: fmt.Sprintf("the scheme %q is not an HTTP(S) scheme", s)}
	}
	return nil
}

// newRequest makes the request for u, which it keeps (no copy).
func newRequest(ctx context.Context, method string, u *weburl.URL, body io.Reader) (*http.Request, error) {
	nu := u.NetURL()
	if ctx != nil {
		ctx = context.WithValue(ctx, ctxKey{}, &reqURL{net: *nu, u: u})
	}
	req, err := http.NewRequestWithContext(ctx, method, "", body)
	if err != nil {
		return nil, fmt.Errorf("webhttp: new request for %s: %w", u.Redacted(), err)
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
//   - A 301, 302, 303, 307 or 308 response with a Location header is a
//     redirect; any other response, a 3xx without Location or with an empty
//     one included, is returned. The Location is parsed with weburl
//     against the current URL. A Location that fails to parse, a URL whose
//     scheme is not http or https, or more than one Location header is an
//     error naming the Location, and nothing more is sent.
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
//   - Credentials in a hop's URL are sent as Basic authorization when the
//     request has no Authorization header, as net/http's Client does.
//   - The bodies of redirect responses are read (up to 2 KiB) and closed.
//   - Errors are *url.Error, with Op the method as net/http writes it
//     ("Get") and URL the URL of the last request, its password hidden
//     (for an error of CheckRedirect, the Location, as net/http has it).
//
// Do adds no Referer header: on a redirect a browser sends the referrer of
// the first request (the page that had the link), not the redirecting URL
// that net/http's Client sends. A Referer that req carries is sent on each
// hop as it is.
//
// req's URL is its weburl URL when NewRequest made it; any other request
// is read with weburl.FromNetURL. The response's Request is the last
// request sent; ResponseURL gives its URL.
func Do(c *http.Client, req *http.Request) (*http.Response, error) {
	if c == nil {
		c = http.DefaultClient
	}
	if req == nil {
		return nil, &url.Error{Op: "Do", Err: errors.New("webhttp: nil *http.Request")}
	}
	op := urlErrorOp(req.Method)
	cur, err := requestURL(req)
	if err == nil {
		err = checkURL(cur)
	}
	if err != nil {
		closeBody(req)
		s := ""
		if req.URL != nil {
			s = req.URL.Redacted()
		}
		return nil, &url.Error{Op: op, URL: s, Err: err}
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
		return nil, &url.Error{Op: op, URL: cur.Redacted(), Err: err}
	}
	hop := req // the next request as the caller or CheckRedirect sees it
	var via []*http.Request
	for redirects := 0; ; redirects++ {
		sent := d.prepare(hop, len(via) == 0)
		resp, err := d.rt.RoundTrip(sent)
		if err != nil {
			return fail(err)
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

		// HTTP-redirect fetch, step 3: the response's location URL.
		locs := resp.Header.Values("Location")
		if !isRedirect(resp.StatusCode) || len(locs) == 0 || len(locs) == 1 && locs[0] == "" {
			return d.finish(resp), nil
		}
		if len(locs) > 1 {
			drain(resp)
			return fail(fmt.Errorf("webhttp: %d response with %d Location headers %q: the Fetch Standard allows one", resp.StatusCode, len(locs), locs))
		}
		loc := locs[0]
		next, err := cur.Parse(loc)
		if err != nil {
			drain(resp)
			var we *weburl.Error
			if errors.As(err, &we) {
				we.Base = cur.Redacted()
			}
			return fail(fmt.Errorf("webhttp: %d response with a Location that fails to parse: %w", resp.StatusCode, err))
		}
		// Step 6: only HTTP(S) URLs are fetched.
		if s := next.Scheme(); s != "http" && s != "https" {
			drain(resp)
			return fail(fmt.Errorf("webhttp: %d response with Location %q: the scheme %q is not an HTTP(S) scheme", resp.StatusCode, loc, s))
		}
		// Step 7.
		if redirects == MaxRedirects {
			drain(resp)
			return fail(fmt.Errorf("%w: %d response with Location %q", ErrTooManyRedirects, resp.StatusCode, loc))
		}
		// The location URL's last step: a Location without a fragment
		// keeps the request's.
		if _, ok := next.Fragment(); !ok {
			if f, ok := cur.Fragment(); ok {
				if err := next.SetHash("#" + f); err != nil {
					drain(resp)
					return fail(fmt.Errorf("webhttp: keeping the fragment %q on Location %q: %w", f, loc, err))
				}
			}
		}

		// Step 11: a body that cannot be read again fails every redirect
		// but a 303.
		hasBody := hop.ContentLength != 0 || hop.Body != nil && hop.Body != http.NoBody
		if resp.StatusCode != 303 && hasBody && hop.GetBody == nil {
			drain(resp)
			return fail(fmt.Errorf("%w: %d response with Location %q", ErrBodyNotReplayable, resp.StatusCode, loc))
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
				return fail(fmt.Errorf("webhttp: the request body for Location %q: %w", loc, err))
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
				return resp, &url.Error{Op: op, URL: loc, Err: err}
			}
		}
		drain(resp)
		if cur, err = requestURL(nreq); err == nil {
			err = checkURL(cur) // CheckRedirect may have changed the URL
		}
		if err != nil {
			closeBody(nreq)
			return fail(err)
		}
		hop = nreq
	}
}

// prepare returns the request to send for hop: a shallow copy with the
// exchange's context (for the first; the later hops have it already), the
// Jar's cookies, and Basic authorization from the URL's credentials.
func (d *doer) prepare(hop *http.Request, first bool) *http.Request {
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
	if u := s.URL.User; u != nil && s.Header.Get("Authorization") == "" {
		pw, _ := u.Password()
		s.SetBasicAuth(u.Username(), pw)
	}
	return s
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
