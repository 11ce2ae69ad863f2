package webhttp

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/ascii"
	"github.com/weburl/weburl/internal/quote"
)

// The parts of a request that RequestURL reads, as its errors name them.
const (
	opRequest   = "request URL"
	opHost      = "request Host"
	opTarget    = "request target"
	opForwarded = "request header Forwarded"
	opXProto    = "request header X-Forwarded-Proto"
	opXHost     = "request header X-Forwarded-Host"
)

// RequestURL returns the URL of a request that a server received, as the
// client sent it: the scheme "https" when r.TLS is set, else "http"; the
// host from r.Host; the path and query from r.RequestURI, byte for byte,
// read by the URL Standard's parser. It does not read r.URL, which
// net/http has percent-decoded and encoded again ("/a|b" becomes
// "/a%7Cb"), nor any header a client can forge: for a server behind a
// reverse proxy, see Proxy.
//
// A target in absolute form ("GET http://example.com/x HTTP/1.1", as a
// client sends to a proxy) is parsed as it is. A request without
// RequestURI (one built for a client, or by httptest.NewRequest and then
// cleared) is read from r.URL: its escaped path and raw query, its scheme
// when it has one, and r.Host or else r.URL.Host.
//
// The errors are *Error values whose Op names the part of the request
// ("request Host", "request target", ...) and whose Err is the reason: no
// Host (ErrNoHost: an HTTP/1.0 request may have none), a Host that is no
// host (ErrInvalidHost for a URL delimiter in it; the *weburl.Error of a
// port out of range or a host the host parser refuses), the targets that
// are no URL (ErrTargetNotURL: "OPTIONS *" and a CONNECT request's
// host:port), a target with a fragment (ErrFragmentInTarget), which no
// request target has, and the *weburl.Error of a target that does not
// parse.
//
// Use RequestURL inside a handler; weburl.FromNetURL(r.URL) is for the
// URL of a request a client sends (and fails on a server's r.URL, which
// has no scheme).
func RequestURL(r *http.Request) (*weburl.URL, error) {
	u := new(weburl.URL)
	if err := readRequestURL(u, r, nil); err != nil {
		return nil, err
	}
	return u, nil
}

// Proxy says which headers of the reverse proxies in front of a server
// RequestURL trusts for the scheme and host the client used. Any client
// can send Forwarded and X-Forwarded-* headers: trust them only when every
// request reaches the server through proxies that write them. The zero
// Proxy trusts none, as RequestURL does.
//
// A proxy appends its own element to these lists and passes on the
// elements it received, which the client may have written. So the element
// read is the one the nearest proxy wrote (the last, with Hops 1) or, with
// Hops proxies in a row, the one the outermost of them wrote: the
// Hops-th from the end. The elements before it are the client's word
// and are never read.
type Proxy struct {
	// Header is the header the proxies write.
	Header ProxyHeader
	// Hops is how many proxies append to Header before the server; 0
	// means 1.
	Hops int
}

// ProxyHeader names the headers a Proxy trusts.
type ProxyHeader uint8

const (
	// NoProxyHeader trusts no header: the zero Proxy.
	NoProxyHeader ProxyHeader = iota
	// Forwarded is RFC 7239's header: the proto= and host= parameters
	// of an element of "Forwarded: for=…;proto=https;host=example.com".
	Forwarded
	// XForwarded is X-Forwarded-Proto and X-Forwarded-Host, each a list
	// separated by commas.
	XForwarded
)

// RequestURL is RequestURL(r) with the scheme and host the trusted
// element gives, where it gives them. A request without the header (one
// that did not come through the proxies) gets the scheme and host of its
// own connection. An element list shorter than Hops (ErrTooFewElements),
// a header that does not follow its syntax (ErrHeaderSyntax), a proto
// other than http or https (ErrNotHTTP) and a host that is no host are
// *Error values whose Op names the header.
func (p Proxy) RequestURL(r *http.Request) (*weburl.URL, error) {
	u := new(weburl.URL)
	if err := readRequestURL(u, r, &p); err != nil {
		return nil, err
	}
	return u, nil
}

// readRequestURL sets u to the URL of r; p, if not nil, says which
// headers to trust.
func readRequestURL(u *weburl.URL, r *http.Request, p *Proxy) error {
	if r == nil {
		return &Error{Op: opRequest, Err: withDetail(ErrNoURL, "a nil *http.Request")}
	}
	target := r.RequestURI
	if target == "" {
		var err error
		if target, err = netTarget(r); err != nil {
			return err
		}
	}
	if strings.IndexByte(target, '#') >= 0 {
		return &Error{Op: opTarget, URL: target, Err: ErrFragmentInTarget}
	}
	scheme, host, trusted, err := origin(r, p)
	if err != nil {
		return err
	}
	switch {
	case target == "*":
		return &Error{Op: opTarget, URL: target, Err: withDetail(ErrTargetNotURL, quote.Cut(r.Method)+` *: the asterisk form names the server, not a resource`)}
	case r.Method == http.MethodConnect && target[0] != '/':
		return &Error{Op: opTarget, URL: target, Err: withDetail(ErrTargetNotURL, "a CONNECT request's target is a host and port, the authority form")}
	case target[0] != '/':
		// Absolute form: the URL as the client wrote it, with the
		// scheme and host a trusted proxy gives.
		if err := u.SetHref(target); err != nil {
			return reword(err, opTarget, target)
		}
		if trusted == 0 {
			return nil
		}
		if trusted&trustedScheme == 0 {
			scheme = u.Scheme()
		}
		if trusted&trustedHost == 0 {
			host = u.Host()
		}
		target = u.RequestURI()
	}
	if err := checkHost(host, opHost); err != nil {
		return err
	}
	if err := u.SetHref(scheme + "://" + host + target); err != nil {
		// Which part failed: the host alone, or else the target.
		var v weburl.URL
		if herr := v.SetHref(scheme + "://" + host + "/"); herr != nil {
			return reword(herr, opHost, host)
		}
		return reword(err, opTarget, target)
	}
	return nil
}

// netTarget is the request target of a request without RequestURI, from
// its URL.
func netTarget(r *http.Request) (string, error) {
	nu := r.URL
	if nu == nil {
		return "", &Error{Op: opRequest, Err: withDetail(ErrNoURL, "a request with neither RequestURI nor URL")}
	}
	path := nu.EscapedPath()
	if nu.Opaque != "" {
		path = nu.Opaque
	}
	if !strings.HasPrefix(path, "/") {
		path = "/" + path
	}
	if nu.RawQuery != "" || nu.ForceQuery {
		path += "?" + nu.RawQuery
	}
	return path, nil
}

// What of a request's scheme and host a trusted proxy header gave.
const (
	trustedScheme = 1 << iota
	trustedHost
)

// origin returns the scheme and host of r's URL: its connection's (r.TLS,
// r.Host) or, for a request without RequestURI, its URL's; then what a
// trusted proxy header gives, which trusted says.
func origin(r *http.Request, p *Proxy) (scheme, host string, trusted int, err error) {
	scheme, host = "http", r.Host
	if r.TLS != nil {
		scheme = "https"
	}
	if r.RequestURI == "" && r.URL != nil {
		if r.URL.Scheme != "" {
			scheme = r.URL.Scheme
		}
		if host == "" {
			host = r.URL.Host
		}
	}
	if p == nil || p.Header == NoProxyHeader {
		return scheme, host, 0, nil
	}
	hops := max(p.Hops, 1)
	var proto, fhost string
	var hasProto, hasHost bool
	switch p.Header {
	case Forwarded:
		proto, hasProto, fhost, hasHost, err = forwarded(r.Header.Values("Forwarded"), hops)
	case XForwarded:
		if proto, hasProto, err = xForwarded(r.Header.Values("X-Forwarded-Proto"), hops, opXProto); err == nil {
			fhost, hasHost, err = xForwarded(r.Header.Values("X-Forwarded-Host"), hops, opXHost)
		}
	default:
		return "", "", 0, &Error{Op: opRequest, Err: withDetail(ErrInvalidProxy, "Proxy.Header "+strconv.Itoa(int(p.Header)))}
	}
	if err != nil {
		return "", "", 0, err
	}
	op := opForwarded
	if p.Header == XForwarded {
		op = opXProto
	}
	if hasProto {
		switch strings.ToLower(proto) {
		case "http", "https":
			scheme, trusted = strings.ToLower(proto), trustedScheme
		default:
			return "", "", 0, &Error{Op: op, URL: proto, Err: withDetail(ErrNotHTTP, "the proto")}
		}
	}
	if hasHost {
		if p.Header == XForwarded {
			op = opXHost
		}
		if err := checkHost(fhost, op); err != nil {
			return "", "", 0, err
		}
		host, trusted = fhost, trusted|trustedHost
	}
	return scheme, host, trusted, nil
}

// checkHost refuses a host that is empty or holds a byte that would end
// the host in "scheme://" + host + target (and so move part of it into
// the path, or make it credentials), or that the URL parser would drop.
func checkHost(host, op string) error {
	if host == "" {
		return &Error{Op: op, URL: host, Err: ErrNoHost}
	}
	for i := 0; i < len(host); i++ {
		if c := host[i]; c <= ' ' || c == 0x7F || strings.IndexByte(`/\?#@`, c) >= 0 {
			return &Error{Op: op, URL: host, Err: withDetail(ErrInvalidHost, strconv.QuoteRune(rune(c))+" at offset "+strconv.Itoa(i))}
		}
	}
	return nil
}

// reword names the part of the request, and its text, that a parse error
// of the URL made from it comes from.
func reword(err error, op, input string) error {
	// The reason alone (a validation error's name, or a sentinel): the
	// *weburl.Error would name the URL made of the part, and its Op.
	var we *weburl.Error
	if errors.As(err, &we) {
		err = we.Err
	}
	return &Error{Op: op, URL: input, Err: err}
}

// xForwarded returns the hops-th element from the end of an
// X-Forwarded-Proto or X-Forwarded-Host list, whose lines are values; ok
// is false when there is no such header.
func xForwarded(values []string, hops int, op string) (v string, ok bool, err error) {
	if len(values) == 0 {
		return "", false, nil
	}
	list := strings.Join(values, ",")
	elems := strings.Split(list, ",")
	if len(elems) < hops {
		return "", false, &Error{Op: op, URL: list, Err: withDetail(ErrTooFewElements, strconv.Itoa(len(elems))+" elements, "+strconv.Itoa(hops)+" proxies")}
	}
	v = strings.TrimSpace(elems[len(elems)-hops])
	if v == "" {
		return "", false, &Error{Op: op, URL: list, Err: withDetail(ErrHeaderSyntax, "the element a proxy wrote is empty")}
	}
	return v, true, nil
}

// forwarded reads RFC 7239's Forwarded header, whose lines are values:
//
//	Forwarded         = 1#forwarded-element
//	forwarded-element = [ forwarded-pair ] *( ";" [ forwarded-pair ] )
//	forwarded-pair    = token "=" value
//	value             = token / quoted-string
//
// and returns the proto and host parameters of the hops-th element from
// the end.
func forwarded(values []string, hops int) (proto string, hasProto bool, host string, hasHost bool, err error) {
	if len(values) == 0 {
		return "", false, "", false, nil
	}
	list := strings.Join(values, ",")
	fail := func(reason string, at int) error {
		return &Error{Op: opForwarded, URL: list, Err: withDetail(ErrHeaderSyntax, reason+" at offset "+strconv.Itoa(at))}
	}
	// The elements, each a list of pairs; only the one read is kept.
	type pair struct{ name, value string }
	var elems [][]pair
	var cur []pair
	i := 0
	for {
		i = skipOWS(list, i)
		if i < len(list) && list[i] != ',' && list[i] != ';' {
			start := i
			for i < len(list) && ascii.IsTokenByte(list[i]) {
				i++
			}
			name := list[start:i]
			if name == "" {
				return "", false, "", false, fail("a parameter name is not a token", start)
			}
			if i == len(list) || list[i] != '=' {
				return "", false, "", false, fail(`a parameter name is not followed by "="`, i)
			}
			i++
			var value string
			if value, i, err = forwardedValue(list, i, fail); err != nil {
				return "", false, "", false, err
			}
			for _, q := range cur {
				if strings.EqualFold(q.name, name) {
					return "", false, "", false, fail("the parameter "+quote.String(name)+" occurs twice in one element", start)
				}
			}
			cur = append(cur, pair{name, value})
			i = skipOWS(list, i)
		}
		if i == len(list) || list[i] == ',' {
			elems = append(elems, cur)
			cur = nil
			if i == len(list) {
				break
			}
			i++
			continue
		}
		if list[i] != ';' {
			return "", false, "", false, fail(`a pair is followed by neither ";" nor ","`, i)
		}
		i++
	}
	if len(elems) < hops {
		return "", false, "", false, &Error{Op: opForwarded, URL: list, Err: withDetail(ErrTooFewElements, strconv.Itoa(len(elems))+" elements, "+strconv.Itoa(hops)+" proxies")}
	}
	for _, q := range elems[len(elems)-hops] {
		switch strings.ToLower(q.name) {
		case "proto":
			proto, hasProto = q.value, true
		case "host":
			host, hasHost = q.value, true
		}
	}
	return proto, hasProto, host, hasHost, nil
}

// forwardedValue reads a token or a quoted-string at s[i:].
func forwardedValue(s string, i int, fail func(string, int) error) (string, int, error) {
	if i < len(s) && s[i] == '"' {
		// quoted-string = DQUOTE *( qdtext / quoted-pair ) DQUOTE
		var b strings.Builder
		for j := i + 1; j < len(s); j++ {
			switch c := s[j]; {
			case c == '"':
				return b.String(), j + 1, nil
			case c == '\\':
				if j+1 == len(s) {
					return "", 0, fail(`a quoted string ends in "\"`, j)
				}
				j++
				b.WriteByte(s[j])
			case c < ' ' && c != '\t' || c == 0x7F:
				return "", 0, fail("a quoted string holds a control character", j)
			default:
				b.WriteByte(c)
			}
		}
		return "", 0, fail("a quoted string is not closed", i)
	}
	start := i
	for i < len(s) && ascii.IsTokenByte(s[i]) {
		i++
	}
	if i == start {
		return "", 0, fail("a value is neither a token nor a quoted string", start)
	}
	return s[start:i], i, nil
}

// skipOWS skips optional white space (spaces and tabs).
func skipOWS(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return i
}
