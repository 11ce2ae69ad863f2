package playground

import (
	"bytes"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/weburl/weburl"
)

// NetURLReading is what Go's net/url makes of the input: url.Parse(input),
// or with a base url.Parse(base) and its Parse(input) (RFC 3986's
// reference resolution), as a Go program would write it. Error is
// net/url's error; Fields and Attributes are nil with it.
type NetURLReading struct {
	Error      string      `json:"error"`
	Fields     *NetFields  `json:"fields"`
	Attributes *Attributes `json:"attributes"`
}

// NetFields are a url.URL's fields and String(), as the page lists them.
// User is the userinfo as String() writes it (User.String()), with
// HasUser telling an empty one from none.
type NetFields struct {
	Scheme      string `json:"scheme"`
	Opaque      string `json:"opaque"`
	User        string `json:"user"`
	HasUser     bool   `json:"hasUser"`
	Host        string `json:"host"`
	Path        string `json:"path"`
	RawPath     string `json:"rawPath"`
	OmitHost    bool   `json:"omitHost"`
	ForceQuery  bool   `json:"forceQuery"`
	RawQuery    string `json:"rawQuery"`
	Fragment    string `json:"fragment"`
	RawFragment string `json:"rawFragment"`
	String      string `json:"string"`
	RequestURI  string `json:"requestURI"`
}

// netParse is net/url's reading of input against base.
func netParse(input, base string) (*url.URL, error) {
	if base == "" {
		return url.Parse(input)
	}
	b, err := url.Parse(base)
	if err != nil {
		return nil, err
	}
	return b.Parse(input)
}

func netReading(nu *url.URL, err error) *NetURLReading {
	if err != nil {
		return &NetURLReading{Error: err.Error()}
	}
	return &NetURLReading{Fields: netFields(nu), Attributes: netAttributes(nu)}
}

func netFields(nu *url.URL) *NetFields {
	f := &NetFields{Scheme: nu.Scheme, Opaque: nu.Opaque, Host: nu.Host, Path: nu.Path,
		RawPath: nu.RawPath, OmitHost: nu.OmitHost, ForceQuery: nu.ForceQuery, RawQuery: nu.RawQuery,
		Fragment: nu.Fragment, RawFragment: nu.RawFragment, String: nu.String(), RequestURI: nu.RequestURI()}
	if nu.User != nil {
		f.User, f.HasUser = nu.User.String(), true
	}
	return f
}

// netAttributes reads a url.URL as the URL class's attributes, each as
// String() writes it, so that the page sets them beside weburl's: href
// is String(); protocol the scheme and ":"; username and password the
// userinfo's two halves as String() escapes them; host the Host field and
// hostname and port its Hostname() and Port(); pathname Opaque when set,
// else EscapedPath(); search "?" and RawQuery and hash "#" and
// EscapedFragment(), each "" when empty, as the URL class's getters give
// them. net/url has no origin: Origin is "".
func netAttributes(nu *url.URL) *Attributes {
	a := &Attributes{Href: nu.String(), Host: nu.Host, Hostname: nu.Hostname(), Port: nu.Port()}
	if nu.Scheme != "" {
		a.Protocol = nu.Scheme + ":"
	}
	if nu.User != nil {
		a.Username, a.Password, _ = strings.Cut(nu.User.String(), ":")
	}
	a.Pathname = nu.Opaque
	if a.Pathname == "" {
		a.Pathname = nu.EscapedPath()
	}
	if nu.RawQuery != "" {
		a.Search = "?" + nu.RawQuery
	}
	if nu.Fragment != "" {
		a.Hash = "#" + nu.EscapedFragment()
	}
	return a
}

// Wire is what goes on the wire for a request to the URL: weburl's own
// answers (the request target by URL.RequestURI and the Host header a
// browser sends, URL.Host) and the request net/http writes for
// weburl's URL.NetURL(), beside net/http's request for net/url's reading
// of the input.
type Wire struct {
	Weburl *WireSide `json:"weburl"` // nil when weburl does not parse the input
	NetURL *WireSide `json:"netURL"` // nil when net/url does not
}

// WireSide is one column of Wire. RequestURI and Host are the URL's own
// answers; Lines the request head net/http writes (the request line, the
// Host header and the Authorization that http.Client makes from the
// URL's credentials), or Refused why net/http sends nothing.
type WireSide struct {
	RequestURI string   `json:"requestURI"`
	Host       string   `json:"host"`
	Lines      []string `json:"lines"`
	Refused    string   `json:"refused"`
}

func wire(u *weburl.URL, nu *url.URL) *Wire {
	w := &Wire{}
	if u != nil {
		w.Weburl = &WireSide{RequestURI: u.RequestURI(), Host: u.Host()}
		w.Weburl.Lines, w.Weburl.Refused = requestHead(u.NetURL())
	}
	if nu != nil {
		w.NetURL = &WireSide{RequestURI: nu.RequestURI(), Host: nu.Host}
		w.NetURL.Lines, w.NetURL.Refused = requestHead(nu)
	}
	return w
}

// requestHead is the head of the GET request that http.Client.Do sends
// for nu, written by net/http itself: a request as http.NewRequest makes
// it (its Host the URL's, without an empty port), the Authorization that
// Client.Do adds from the URL's credentials, and the checks of
// http.Transport before it writes anything (the scheme, a host). The
// User-Agent line, which says nothing about the URL, is left out.
func requestHead(nu *url.URL) ([]string, string) {
	if nu.Scheme != "http" && nu.Scheme != "https" {
		return nil, "http.Transport sends only http and https URLs (unsupported protocol scheme)"
	}
	if nu.Host == "" {
		return nil, "http.Transport: no Host in request URL"
	}
	// http.NewRequest drops an empty port ("h:").
	req := &http.Request{Method: http.MethodGet, URL: nu, Header: http.Header{}, Host: strings.TrimSuffix(nu.Host, ":")}
	if nu.User != nil {
		pass, _ := nu.User.Password()
		req.SetBasicAuth(nu.User.Username(), pass)
	}
	var b bytes.Buffer
	if err := req.Write(&b); err != nil {
		return nil, "net/http: " + strings.TrimPrefix(err.Error(), "net/http: ")
	}
	head, _, _ := strings.Cut(b.String(), "\r\n\r\n")
	lines := strings.Split(head, "\r\n")
	return slices.DeleteFunc(lines, func(l string) bool { return strings.HasPrefix(l, "User-Agent:") }), ""
}
