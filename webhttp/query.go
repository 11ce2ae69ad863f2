package webhttp

import (
	"errors"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/weburl/weburl"
)

// MaxQueryPairs is the most pairs Query reads from a request's query: net/url's
// ParseQuery bound (Go 1.26), counted as it counts them.
const MaxQueryPairs = 10000

// ErrTooManyQueryPairs is the Err of Query's *Error for a query of more
// than MaxQueryPairs pairs.
var ErrTooManyQueryPairs = errors.New("too many query pairs")

// Query returns the pairs of r's query, read as RequestURL reads the
// request's URL and parsed as application/x-www-form-urlencoded
// (URLSearchParams; ';' is an ordinary byte, unlike net/url); or an
// *Error with Op "query" and Err ErrTooManyQueryPairs when the query
// holds more than MaxQueryPairs pairs. A handler uses it where it would
// have used r.URL.Query(), whose bound it keeps.
//
// The pairs are counted as net/url's ParseQuery counts them, before any
// decoding: one more than the '&' bytes of the query (an empty query is
// one pair). The query is the request target's (r.RequestURI, or r.URL's
// for a request without one), byte for byte for a target "/path?query"
// (the URL parser's encoding of a query decodes back to the same pairs);
// any other target is read by RequestURL, whose error Query then returns.
// It takes time linear in the target, and allocates per pair only below
// the bound.
func Query(r *http.Request) (*weburl.SearchParams, error) {
	var target string
	if r != nil {
		target = r.RequestURI
	}
	query := ""
	if plainTarget(target) {
		if i := strings.IndexByte(target, '?'); i >= 0 {
			query = target[i:]
		}
	} else {
		u, err := RequestURL(r)
		if err != nil {
			return nil, err
		}
		if target == "" {
			target = u.RequestURI()
		}
		if q, ok := u.Query(); ok {
			query = "?" + q
		}
	}
	if n := strings.Count(query, "&") + 1; n > MaxQueryPairs {
		return nil, &Error{Op: "query", URL: target, Err: tooManyQueryPairs(n)}
	}
	// NewSearchParams drops the one leading '?'.
	return weburl.NewSearchParams(query), nil
}

// plainTarget reports whether target is in origin form, is UTF-8 (the
// URL parser reads each byte of a sequence that is not as U+FFFD, the
// form decoder each sequence) and holds no byte that the parser removes
// ('\t', '\n', '\r', or C0 controls and spaces at its ends) or reads as
// a fragment ('#', which RequestURL refuses): its query is then the bytes
// after its first '?'.
func plainTarget(target string) bool {
	if target == "" || target[0] != '/' || target[len(target)-1] <= ' ' {
		return false
	}
	return !strings.ContainsAny(target, "#\t\n\r") && utf8.ValidString(target)
}

// tooManyQueryPairs is ErrTooManyQueryPairs with the count.
type tooManyQueryPairs int

func (n tooManyQueryPairs) Error() string {
	return "the query has " + strconv.Itoa(int(n)) + " pairs, more than MaxQueryPairs (" + strconv.Itoa(MaxQueryPairs) + ")"
}

func (n tooManyQueryPairs) Is(target error) bool { return target == ErrTooManyQueryPairs }
