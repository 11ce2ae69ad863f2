package robots

import (
	"errors"
	"io"
	"net/http"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/quote"
)

// MaxRedirects is how many redirects may lead to a robots.txt that
// FromResponse reads: RFC 9309 §2.3.1.2's five.
const MaxRedirects = 5

// ErrScheme is the Err of URL's *Error for a URL whose scheme is not http
// or https: RFC 9309 §2.3 defines robots.txt for those (and FTP and CoAP,
// which weburl's users do not crawl).
var ErrScheme = errors.New("the scheme is not http or https")

// An Error is why URL failed. Op is "robots URL"; URL is the URL given
// (its href, a password in it redacted), and Err is [ErrScheme].
type Error struct {
	Op  string // what failed: "robots URL"
	URL string // the URL given
	Err error  // never nil
}

// Error returns a message such as `robots: robots URL "ftp://a/": the
// scheme is not http or https`. It quotes at most 1 KiB of URL.
func (e *Error) Error() string {
	s := "robots: " + e.Op
	if e.URL != "" {
		s += " " + quote.String(e.URL)
	}
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

// Unwrap returns Err.
func (e *Error) Unwrap() error { return e.Err }

// URL returns the URL of the robots.txt that rules u: "/robots.txt" at
// u's origin (its scheme, host and port; RFC 9309 §2.3). It fails with
// an [*Error] whose Err is [ErrScheme] when u is nil or its scheme is not
// http or https.
func URL(u *weburl.URL) (*weburl.URL, error) {
	if u == nil {
		return nil, &Error{Op: "robots URL", Err: ErrScheme}
	}
	if s := u.Scheme(); s != "http" && s != "https" {
		return nil, &Error{Op: "robots URL", URL: u.Redacted(), Err: ErrScheme}
	}
	// An http(s) origin serializes as a URL that parses again.
	return weburl.Parse(u.Origin().String() + "/robots.txt")
}

// FromResponse reads the outcome of fetching a robots.txt, as RFC 9309
// §2.3.1 says a crawler treats it (called as FromResponse(client.Get(url))):
//
//   - a 2xx response reached through at most [MaxRedirects] redirects: its
//     body parsed, the first [MaxSize] bytes of it;
//   - a 3xx response (a redirect the client did not follow, or stopped
//     following), more than MaxRedirects redirects, or a 4xx other than
//     429: the robots.txt is unavailable, everything is allowed;
//   - 429, 5xx, any other status, an error with no response, or an error
//     reading the body: it is unreachable, everything is disallowed
//     (except /robots.txt itself).
//
// net/http's Client follows redirects itself (ten by default), so resp is
// the last hop's; FromResponse counts the redirects behind it through
// resp.Request.Response, the response that each hop's request was made
// for. A Client that stops at its limit returns the last 3xx response with
// its error, which FromResponse reads as unavailable.
//
// FromResponse closes resp.Body. Read the status as well to retry an
// unreachable robots.txt later: RFC 9309 lets a crawler disallow
// everything for a reasonably long time, and assume the last copy or
// allow everything after 30 days.
func FromResponse(resp *http.Response, err error) *Robots {
	if resp == nil {
		return &Robots{all: -1}
	}
	if resp.Body != nil {
		defer resp.Body.Close()
	}
	switch code := resp.StatusCode; {
	case code >= 300 && code < 400, redirects(resp) > MaxRedirects:
		return &Robots{all: 1}
	case err != nil, code == http.StatusTooManyRequests, code < 200, code >= 500:
		return &Robots{all: -1}
	case code >= 400:
		return &Robots{all: 1}
	}
	if resp.Body == nil {
		return Parse(nil)
	}
	body, rerr := io.ReadAll(io.LimitReader(resp.Body, MaxSize))
	if rerr != nil {
		return &Robots{all: -1}
	}
	return Parse(body)
}

// redirects counts the responses that led to resp.
func redirects(resp *http.Response) int {
	n := 0
	for req := resp.Request; req != nil && req.Response != nil; req = req.Response.Request {
		n++
		if n > MaxRedirects {
			break // a chain made by hand may be a cycle
		}
	}
	return n
}
