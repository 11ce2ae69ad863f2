package webhttp

import (
	"errors"
	"net/netip"

	"github.com/weburl/weburl/internal/errdetail"
	"github.com/weburl/weburl/internal/quote"
)

// An Error is why an operation of this package failed, other than Do's
// exchanges (which fail with a *url.Error, as net/http's Client does, with
// an *Error inside where the reason is webhttp's own). Err is one of the
// package's sentinels (ErrDenied, ErrTooManyRedirects, ...) or the error
// underneath, such as a *weburl.Error; errors.Is and errors.As see it.
type Error struct {
	Op   string         // what failed, a constant such as "dial", "redirect", "request URL" or "query"
	URL  string         // the URL, request target or host as given (a URL's password redacted); may be empty
	Addr netip.AddrPort // the address dialed, when Op is "dial"
	Err  error          // never nil
}

// Error returns a message such as `webhttp: request URL "/a#b": ...`. It
// quotes at most 1 KiB of URL (internal/quote) and says how much it left
// out.
func (e *Error) Error() string {
	s := "webhttp: " + e.Op
	if e.URL != "" {
		s += " " + quote.String(e.URL)
	}
	if e.Addr.IsValid() {
		s += " → " + e.Addr.String()
	}
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

// Unwrap returns Err.
func (e *Error) Unwrap() error { return e.Err }

// The reasons an *Error (or, from Do, the *url.Error around it) gives in
// its Err, for errors.Is.
var (
	// ErrNoURL: a nil or zero *weburl.URL, a nil *http.Request, a request
	// without URL (or, for RequestURL, without RequestURI and URL).
	ErrNoURL = errors.New("no URL")
	// ErrNotHTTP: a URL whose scheme is not http or https (NewRequest also
	// takes data:), where only those are fetched: a Location, a request
	// CheckRedirect changed; for Proxy.RequestURL, a forwarded proto.
	ErrNotHTTP = errors.New("the scheme is not http or https")
	// ErrInvalidMethod: a method that is not an HTTP token (RFC 9110
	// section 9.1).
	ErrInvalidMethod = errors.New("the method is not an HTTP token")
	// ErrManyLocations: a redirect with more than one Location header,
	// where the Fetch Standard allows one value.
	ErrManyLocations = errors.New("more than one Location header")
	// ErrTooManyRedirects: a response that redirects once more after
	// MaxRedirects redirects.
	ErrTooManyRedirects = errors.New("more than 20 redirects")
	// ErrBodyNotReplayable: a redirect that would send the request's body
	// again, of a request without GetBody.
	ErrBodyNotReplayable = errors.New("the request body cannot be sent again (the request has no GetBody)")
	// ErrNilResponse: a RoundTripper that returned neither a response nor
	// an error.
	ErrNilResponse = errors.New("a nil *http.Response with a nil error")

	// ErrNoHost: for RequestURL, a request without Host (an HTTP/1.0
	// request may have none), or an empty forwarded host.
	ErrNoHost = errors.New("no host")
	// ErrInvalidHost: for RequestURL, a host that holds a byte that ends a
	// URL's host (one of "/\\?#@", a space or a control).
	ErrInvalidHost = errors.New("invalid host")
	// ErrFragmentInTarget: for RequestURL, a request target that holds
	// "#": no request target has a fragment.
	ErrFragmentInTarget = errors.New(`the request target holds "#": a request target has no fragment`)
	// ErrTargetNotURL: for RequestURL, the request targets that name no
	// URL: "*" (asterisk form, OPTIONS *) and a CONNECT request's host
	// and port (authority form).
	ErrTargetNotURL = errors.New("the request target is not a URL")
	// ErrHeaderSyntax: for Proxy.RequestURL, a Forwarded or X-Forwarded-*
	// header that does not follow its syntax, or with an empty element.
	ErrHeaderSyntax = errors.New("the header does not follow its syntax")
	// ErrTooFewElements: for Proxy.RequestURL, a header with fewer
	// elements than Proxy.Hops, the proxies that append to it.
	ErrTooFewElements = errors.New("fewer elements than the proxies that append to the header")
	// ErrInvalidProxy: a Proxy whose Header is none of NoProxyHeader,
	// Forwarded and XForwarded.
	ErrInvalidProxy = errors.New("Proxy.Header is none of NoProxyHeader, Forwarded and XForwarded")
)

// withDetail returns err, a sentinel, with what varies of one failure in
// parentheses after its words (internal/errdetail: errors.Is sees the
// sentinel), or err alone when detail is empty.
func withDetail(err error, detail string) error {
	if detail == "" {
		return err
	}
	return errdetail.New(err, err.Error()+" ("+detail+")", nil)
}
