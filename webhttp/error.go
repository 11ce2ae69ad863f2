package webhttp

import (
	"net/netip"

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
