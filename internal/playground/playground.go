// Package playground is the web page of `weburl serve`: one page, embedded,
// that shows a URL as weburl parses it beside the visiting browser's own
// new URL(), and a JSON API that answers the page's questions with the
// library itself.
//
// The API is three endpoints, each taking a JSON object by POST (or the same
// names as query parameters by GET) and answering a JSON object:
//
//	/api/parse    {url, base}               attributes, validation errors, components, site, keys
//	/api/set      {url, base, attr, value}  the href after the setter, and its error
//	/api/pattern  {pattern, url, base}      URLPattern's exec result (package urlpattern)
//
// The handler answers nothing else: other paths are 404, other methods
// 405, bodies over MaxBody bytes 413, and a Host header that is not a
// loopback name is refused when the server listens on loopback, so a page
// elsewhere cannot reach it by DNS rebinding.
package playground

import (
	"embed"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"mime"
	"net"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/canon"
)

//go:embed page
var page embed.FS

// MaxBody is the largest request body the API reads: the page sends a URL,
// a base and a value or pattern, far below it. A longer body is 413.
const MaxBody = 64 << 10

// Options configure the handler.
type Options struct {
	// AnyHost turns off the Host header check: set it when the server
	// listens on an address other than loopback, where clients name it by
	// its own host.
	AnyHost bool
}

// Handler returns the page and its API.
func Handler(o Options) http.Handler {
	static, err := fs.Sub(page, "page")
	if err != nil {
		panic(err) // the embedded directory is part of the build
	}
	mux := http.NewServeMux()
	mux.Handle("GET /{$}", file(static, "index.html"))
	for _, name := range []string{"app.js", "style.css"} {
		mux.Handle("GET /"+name, file(static, name))
	}
	mux.HandleFunc("/api/parse", api(parse))
	mux.HandleFunc("/api/set", api(set))
	mux.HandleFunc("/api/pattern", api(pattern))
	return guard(mux, o)
}

// NewServer returns an http.Server for h with the timeouts a small local
// server needs: a slow or stalled client cannot hold a connection open.
func NewServer(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      10 * time.Second,
		IdleTimeout:       60 * time.Second,
		MaxHeaderBytes:    16 << 10,
	}
}

// contentSecurityPolicy lets the page load only its own script and style
// and talk only to its own server: even a bug that put data into markup
// could not run a script or load anything.
const contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; " +
	"connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// guard sets the security headers of every answer and refuses a Host
// header that is not loopback (unless o.AnyHost).
func guard(next http.Handler, o Options) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Cache-Control", "no-store")
		if !o.AnyHost && !loopbackHost(r.Host) {
			http.Error(w, "host not allowed: the playground answers only to localhost", http.StatusMisdirectedRequest)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// loopbackHost reports whether a Host header names this machine:
// localhost or a loopback IP address, with or without a port.
func loopbackHost(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// file serves one embedded file with its type.
func file(static fs.FS, name string) http.Handler {
	body, err := fs.ReadFile(static, name)
	if err != nil {
		panic(err) // the embedded files are part of the build
	}
	ctype := mime.TypeByExtension(name[strings.LastIndexByte(name, '.'):])
	if strings.HasSuffix(name, ".html") {
		ctype = "text/html; charset=utf-8"
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", ctype)
		w.Write(body)
	})
}

// request is what the page sends; each endpoint reads the fields it needs.
type request struct {
	URL     string `json:"url"`
	Base    string `json:"base"`
	Attr    string `json:"attr"`
	Value   string `json:"value"`
	Pattern string `json:"pattern"`
}

// errBadRequest is an answer of 400 with the reason.
type errBadRequest string

func (e errBadRequest) Error() string { return string(e) }

// api turns an endpoint into a handler: it reads the request by GET
// (query parameters) or POST (a JSON object of at most MaxBody bytes)
// and writes the answer as JSON.
func api(endpoint func(request) (any, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var req request
		switch r.Method {
		case http.MethodGet:
			q := r.URL.Query()
			req = request{URL: q.Get("url"), Base: q.Get("base"), Attr: q.Get("attr"),
				Value: q.Get("value"), Pattern: q.Get("pattern")}
		case http.MethodPost:
			if ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); ct != "application/json" {
				writeError(w, http.StatusUnsupportedMediaType, "the body must be application/json")
				return
			}
			dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, MaxBody))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&req); err != nil {
				var tooBig *http.MaxBytesError
				if errors.As(err, &tooBig) {
					writeError(w, http.StatusRequestEntityTooLarge, "the body is over 64 KiB")
					return
				}
				writeError(w, http.StatusBadRequest, "the body is not a JSON object of url, base, attr, value, pattern: "+err.Error())
				return
			}
			if _, err := dec.Token(); err != io.EOF {
				writeError(w, http.StatusBadRequest, "the body holds more than one JSON value")
				return
			}
		default:
			w.Header().Set("Allow", "GET, POST")
			writeError(w, http.StatusMethodNotAllowed, "use GET or POST")
			return
		}
		answer, err := endpoint(req)
		var bad errBadRequest
		if errors.As(err, &bad) {
			writeError(w, http.StatusBadRequest, bad.Error())
			return
		}
		writeJSON(w, http.StatusOK, answer)
	}
}

func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]string{"error": msg})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status, b = http.StatusInternalServerError, []byte(`{"error":"encoding the answer failed"}`)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	w.Write(b)
}

// Attributes are the URL class's getters, named as in JavaScript.
type Attributes struct {
	Href     string `json:"href"`
	Origin   string `json:"origin"`
	Protocol string `json:"protocol"`
	Username string `json:"username"`
	Password string `json:"password"`
	Host     string `json:"host"`
	Hostname string `json:"hostname"`
	Port     string `json:"port"`
	Pathname string `json:"pathname"`
	Search   string `json:"search"`
	Hash     string `json:"hash"`
}

// AttributesOf returns u's attributes; the command's -json output uses it
// too, so the two name them alike.
func AttributesOf(u *weburl.URL) *Attributes {
	return &Attributes{
		Href: u.Href(), Origin: u.Origin().String(), Protocol: u.Protocol(),
		Username: u.Username(), Password: u.Password(), Host: u.Host(),
		Hostname: u.Hostname(), Port: u.Port(), Pathname: u.Pathname(),
		Search: u.Search(), Hash: u.Hash(),
	}
}

// ValidationError is one validation error: the spec's name, the byte
// offset in the input, and the code point there as a UTF-16 range
// [Start, End) of the input, which is how the page's script indexes it.
// At the end of the input Start == End.
type ValidationError struct {
	Name   string `json:"name"`
	Offset int    `json:"offset"`
	Start  int    `json:"start"`
	End    int    `json:"end"`
}

func validationError(input string, e weburl.ValidationError) ValidationError {
	off := min(max(e.Offset(), 0), len(input))
	start := utf16Len(input[:off])
	_, size := utf8.DecodeRuneInString(input[off:])
	end := start + utf16Len(input[off:off+size])
	return ValidationError{Name: string(e.Name()), Offset: e.Offset(), Start: start, End: end}
}

// utf16Len is the length of s in UTF-16 code units; a byte that is not
// UTF-8 counts as one (U+FFFD).
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n++
		if r > 0xFFFF {
			n++
		}
	}
	return n
}

// Component is a component's place in the href: [Start, End) in bytes,
// which are also UTF-16 units since an href is ASCII.
type Component struct {
	Name  string `json:"name"`
	Start int    `json:"start"`
	End   int    `json:"end"`
}

// components finds u's components in its href by the URL serializer's
// steps: scheme ":", then "//" and credentials, host and port when the host
// is not null (or "/." before a path that would read as a host), the path,
// "?" and the query, "#" and the fragment. Empty credentials and ports are
// left out; the query and fragment are in even when empty ("a?").
func components(u *weburl.URL) []Component {
	href, rec := u.Href(), u.Record()
	var cs []Component
	add := func(name string, start, n int) int {
		cs = append(cs, Component{name, start, start + n})
		return start + n
	}
	pos := add("protocol", 0, len(rec.Scheme)+1)
	if rec.Host != nil {
		pos += 2 // "//"
		if rec.Username != "" || rec.Password != "" {
			if rec.Username != "" {
				pos = add("username", pos, len(rec.Username))
			}
			if rec.Password != "" {
				pos = add("password", pos+1, len(rec.Password))
			}
			pos++ // "@"
		}
		pos = add("hostname", pos, len(u.Hostname()))
		if p := u.Port(); p != "" {
			pos = add("port", pos+1, len(p))
		}
	}
	end := len(href)
	var tail []Component
	if rec.Fragment != nil {
		tail = append(tail, Component{"hash", end - 1 - len(*rec.Fragment), end})
		end = tail[len(tail)-1].Start
	}
	if rec.Query != nil {
		tail = append([]Component{{"search", end - 1 - len(*rec.Query), end}}, tail...)
		end = tail[0].Start
	}
	// The path is what is left; "/." before it is the serializer's, not
	// the path's (a path "//x" without a host).
	path := u.Pathname()
	if start := end - len(path); start >= pos && start <= end {
		add("pathname", start, len(path))
	}
	cs = append(cs, tail...)
	for _, c := range cs {
		if c.Start < 0 || c.End > len(href) || c.Start > c.End {
			return nil // never expected: a diagram that is wrong is worse than none
		}
	}
	return cs
}

// ParseAnswer is /api/parse's answer.
type ParseAnswer struct {
	Input string `json:"input"`
	Base  string `json:"base"`

	// Failure is the name of the validation error that made the parse
	// fail, and Error the whole message; both empty when it parsed.
	// BaseFailure is set when the base failed.
	Failure     string `json:"failure"`
	Error       string `json:"error"`
	BaseFailure bool   `json:"baseFailure"`

	Attributes       *Attributes       `json:"attributes"` // nil on failure
	Valid            bool              `json:"valid"`      // a valid URL string
	ValidationErrors []ValidationError `json:"validationErrors"`

	Components        []Component `json:"components"`
	SearchParams      [][2]string `json:"searchParams"`
	HostKind          string      `json:"hostKind"`
	OpaqueOrigin      bool        `json:"opaqueOrigin"`
	PublicSuffix      *string     `json:"publicSuffix"`
	RegistrableDomain *string     `json:"registrableDomain"`
	Display           string      `json:"display"`
	CrawlerKey        string      `json:"crawlerKey"`
	SURT              string      `json:"surt"`
}

// parseBase parses the base, if any: an empty base means none, as an
// absent second argument to new URL().
func parseBase(base string) (*weburl.URL, error) {
	if base == "" {
		return nil, nil
	}
	return weburl.Parse(base)
}

func parse(req request) (any, error) {
	a := &ParseAnswer{Input: req.URL, Base: req.Base, ValidationErrors: []ValidationError{}}
	base, err := parseBase(req.Base)
	if err != nil {
		a.BaseFailure = true
		a.Error = err.Error()
		a.Failure = failureName(err)
		return a, nil
	}
	p := weburl.Parser{OnValidationError: func(e weburl.ValidationError) {
		a.ValidationErrors = append(a.ValidationErrors, validationError(req.URL, e))
	}}
	u, err := p.Parse(req.URL, base)
	a.Valid = weburl.IsValidURLString(req.URL, base)
	if err != nil {
		a.Error = err.Error()
		a.Failure = failureName(err)
		return a, nil
	}
	a.Attributes = AttributesOf(u)
	a.Components = components(u)
	a.SearchParams = [][2]string{}
	for n, v := range u.SearchParams().All() {
		a.SearchParams = append(a.SearchParams, [2]string{n, v})
	}
	a.HostKind = u.HostKind().String()
	a.OpaqueOrigin = u.Origin().IsOpaque()
	if u.HostKind() == weburl.Domain {
		// The string, not the bool, which says ICANN.
		if s, _ := weburl.PublicSuffix(u.Hostname()); s != "" {
			a.PublicSuffix = &s
		}
		if s, ok := weburl.RegistrableDomain(u.Hostname()); ok {
			a.RegistrableDomain = &s
		}
	}
	a.Display = u.Display()
	a.CrawlerKey = canon.Crawler.Key(u)
	a.SURT = canon.SURT(u)
	return a, nil
}

// failureName is the spec's name of the validation error behind err, or ""
// where the spec names none.
func failureName(err error) string {
	var e *weburl.Error
	if errors.As(err, &e) {
		return string(e.Err.Name())
	}
	return ""
}

// SetAnswer is /api/set's answer: the href before and after the setter,
// and the setter's error (empty when the value was applied), with the
// validation errors the setter's state machine met in the value.
type SetAnswer struct {
	Before           string            `json:"before"`
	Href             string            `json:"href"`
	Error            string            `json:"error"`
	Failure          string            `json:"failure"`
	ValidationErrors []ValidationError `json:"validationErrors"`
}

// attributeByName maps JavaScript's names to weburl's attributes.
func attributeByName(name string) (weburl.Attribute, bool) {
	for a := weburl.AttrHref; a <= weburl.AttrHash; a++ {
		if a.String() == name {
			return a, true
		}
	}
	return 0, false
}

func set(req request) (any, error) {
	attr, ok := attributeByName(req.Attr)
	if !ok {
		return nil, errBadRequest("unknown attribute " + quote(req.Attr) + ": one of href, protocol, username, password, host, hostname, port, pathname, search, hash")
	}
	base, err := parseBase(req.Base)
	if err != nil {
		return nil, errBadRequest("the base does not parse: " + err.Error())
	}
	var parser weburl.Parser
	u, err := parser.Parse(req.URL, base)
	if err != nil {
		return nil, errBadRequest("the URL does not parse: " + err.Error())
	}
	a := &SetAnswer{Before: u.Href(), ValidationErrors: []ValidationError{}}
	p := weburl.Parser{OnValidationError: func(e weburl.ValidationError) {
		a.ValidationErrors = append(a.ValidationErrors, validationError(req.Value, e))
	}}
	if err := p.Set(u, attr, req.Value); err != nil {
		a.Error = err.Error()
		a.Failure = failureName(err)
	}
	a.Href = u.Href()
	return a, nil
}

// quote is a short %q for messages that may hold any input.
func quote(s string) string {
	if len(s) > 64 {
		s = s[:64] + "…"
	}
	b, _ := json.Marshal(s)
	return string(b)
}
