// Package playground is the web page of `weburl serve`: one page, embedded,
// that shows a URL as weburl parses it beside the visiting browser's own
// new URL() and Go's net/url, and a JSON API that answers the page's
// questions with the library itself.
//
// The API is three endpoints, each taking a JSON object by POST and
// answering a JSON object:
//
//	/api/parse    {url, base}               attributes, validation errors, components, net/url's reading,
//	                                        the request net/http sends, a data: URL's type and body, site, keys
//	/api/set      {url, base, attr, value}  the href after the setter, and its error
//	/api/pattern  {pattern, url, base}      URLPattern's exec result (package urlpattern)
//
// The handler answers nothing else, and only to the page itself: other
// paths are 404, other methods 405 (GET too: no link or image elsewhere can
// ask), bodies that are not application/json 415 (an HTML form cannot send
// one) and over MaxBody bytes 413. A request that another origin's page made
// is 403: one whose Sec-Fetch-Site is cross-site or same-site (a server on
// another port of localhost is same-site), or whose Origin is not the
// page's. A Host header that is not a loopback name is refused when the
// server listens on loopback, so a page elsewhere cannot reach it by DNS
// rebinding either. The work is bounded: at most MaxInFlight requests at
// once (503 beyond), each within Timeout, checked between its steps, and a
// pattern within CompileBudget.
package playground

import (
	"context"
	"embed"
	"errors"
	"io/fs"
	"mime"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/canon"
	"github.com/weburl/weburl/internal/quote"
)

//go:embed page
var page embed.FS

// MaxBody is the largest request body the API reads: the page sends a URL,
// a base and a value or pattern, far below it. A longer body is 413.
const MaxBody = 64 << 10

// Options configure the handler. The zero Options serve on loopback with
// the Default bounds.
type Options struct {
	// AnyHost turns off the Host header check: set it when the server
	// listens on an address other than loopback, where clients name it by
	// its own host.
	AnyHost bool

	// MaxInFlight is how many API requests are worked on at once; one more
	// is answered 503 at once. 0 means DefaultMaxInFlight.
	MaxInFlight int

	// Timeout bounds one API request's work: when it passes, or when the
	// client goes, the work stops at its next step. 0 means DefaultTimeout.
	Timeout time.Duration

	// CompileBudget is the compile budget of /api/pattern's patterns
	// (urlpattern.Options.CompileBudget). 0 means DefaultCompileBudget.
	CompileBudget int

	// Step, when set, is called as each step of an API request's work
	// starts ("base", "parse", "neturl", ..., "compile", "exec"), with the
	// request's context; tests count and pause the work with it.
	Step func(ctx context.Context, step string)
}

func (o *Options) timeout() time.Duration {
	if o.Timeout <= 0 {
		return DefaultTimeout
	}
	return o.Timeout
}

func (o *Options) compileBudget() int {
	if o.CompileBudget <= 0 {
		return DefaultCompileBudget
	}
	return o.CompileBudget
}

// Handler returns the page and its API.
func Handler(o Options) http.Handler {
	static, err := fs.Sub(page, "page")
	if err != nil {
		panic(err) // the embedded directory is part of the build
	}
	n := o.MaxInFlight
	if n <= 0 {
		n = DefaultMaxInFlight
	}
	sem := make(chan struct{}, n) // one semaphore for the three endpoints
	mux := http.NewServeMux()
	mux.Handle("GET /{$}", file(static, "index.html"))
	for _, name := range []string{"app.js", "style.css"} {
		mux.Handle("GET /"+name, file(static, name))
	}
	mux.HandleFunc("/api/parse", api(parse, &o, sem))
	mux.HandleFunc("/api/set", api(set, &o, sem))
	mux.HandleFunc("/api/pattern", api(pattern, &o, sem))
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
// could not run a script or load anything. Images may be blob: URLs, which
// only the page's own script makes (the preview of a data: URL's image,
// from the bytes weburl decoded).
const contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; " +
	"connect-src 'self'; img-src 'self' blob:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

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

// MaxValidationErrors is how many validation errors an answer lists; it
// counts the rest. An input of n invalid bytes has n errors, and a page
// that marked each would be slow to draw.
const MaxValidationErrors = 1000

// validationErrors collects the validation errors of one input.
type validationErrors struct {
	input string
	units []int32 // units[i] is utf16Len(input[:i]), made at the first error
	list  []ValidationError
	count int
}

// add is a weburl.Parser's OnValidationError. A UTF-16 offset costs a
// lookup, not a scan of the input before it.
func (v *validationErrors) add(e weburl.ValidationError) {
	if v.count++; len(v.list) == MaxValidationErrors {
		return
	}
	if v.units == nil {
		v.units = utf16Prefix(v.input)
	}
	off := min(max(e.Offset(), 0), len(v.input))
	start := int(v.units[off])
	_, size := utf8.DecodeRuneInString(v.input[off:])
	v.list = append(v.list, ValidationError{Name: string(e.Name()), Offset: e.Offset(), Start: start, End: int(v.units[off+size])})
}

// utf16Prefix returns, for each byte offset i of s and len(s), the UTF-16
// length of s[:i]: a byte inside a code point counts as one unit, as it
// would when s is cut there.
func utf16Prefix(s string) []int32 {
	units := make([]int32, len(s)+1)
	var n int32
	for i, r := range s {
		size := utf8.RuneLen(r)
		if r == utf8.RuneError {
			_, size = utf8.DecodeRuneInString(s[i:])
		}
		for k := 1; k < size; k++ {
			units[i+k] = n + int32(k)
		}
		units[i] = n
		n++
		if r > 0xFFFF {
			n++
		}
	}
	units[len(s)] = n
	return units
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

	Attributes       *Attributes       `json:"attributes"`       // nil on failure
	Valid            bool              `json:"valid"`            // a valid URL string
	ValidationErrors []ValidationError `json:"validationErrors"` // the first MaxValidationErrors
	ValidationCount  int               `json:"validationCount"`  // all of them

	Components        []Component `json:"components"`
	SearchParams      [][2]string `json:"searchParams"`
	HostKind          string      `json:"hostKind"`
	OpaqueOrigin      bool        `json:"opaqueOrigin"`
	PublicSuffix      *string     `json:"publicSuffix"`
	RegistrableDomain *string     `json:"registrableDomain"`
	Display           string      `json:"display"`
	CrawlerKey        string      `json:"crawlerKey"`
	SURT              string      `json:"surt"`

	// NetURL is what Go's net/url makes of the input, whether or not
	// weburl parses it; Bridge is weburl's URL as net/url holds it
	// (URL.NetURL), nil on failure.
	NetURL *NetURLReading `json:"netURL"`
	Bridge *NetFields     `json:"bridge"`
	// Wire is the request for the URL: what weburl says and what net/http
	// sends, for weburl's URL and for net/url's.
	Wire *Wire `json:"wire"`
	// Data is the data: URL processor's reading of a data: URL; nil for
	// any other scheme.
	Data *DataView `json:"data"`
}

// parseBase parses the base, if any: an empty base means none, as an
// absent second argument to new URL().
func parseBase(base string) (*weburl.URL, error) {
	if base == "" {
		return nil, nil
	}
	return weburl.Parse(base)
}

func parse(w *work, req request) (any, error) {
	a := &ParseAnswer{Input: req.URL, Base: req.Base, ValidationErrors: []ValidationError{}}
	if err := w.step("neturl"); err != nil {
		return nil, err
	}
	nu, nerr := netParse(req.URL, req.Base)
	a.NetURL = netReading(nu, nerr)
	if err := w.step("base"); err != nil {
		return nil, err
	}
	base, err := parseBase(req.Base)
	if err != nil {
		a.BaseFailure = true
		a.Error = err.Error()
		a.Failure = failureName(err)
		return a, nil
	}
	if err := w.step("parse"); err != nil {
		return nil, err
	}
	errs := &validationErrors{input: req.URL, list: []ValidationError{}}
	p := weburl.Parser{OnValidationError: errs.add}
	u, err := p.Parse(req.URL, base)
	a.ValidationErrors, a.ValidationCount = errs.list, errs.count
	a.Valid = weburl.IsValidURLString(req.URL, base)
	if err != nil {
		a.Error = err.Error()
		a.Failure = failureName(err)
		if err := w.step("wire"); err != nil {
			return nil, err
		}
		a.Wire = wire(nil, nu)
		return a, nil
	}
	a.Attributes = AttributesOf(u)
	a.Components = components(u)
	a.SearchParams = [][2]string{}
	for n, v := range u.SearchParams().All() {
		a.SearchParams = append(a.SearchParams, [2]string{n, v})
	}
	if err := w.step("wire"); err != nil {
		return nil, err
	}
	a.Bridge = netFields(u.NetURL())
	a.Wire = wire(u, nu)
	if u.Scheme() == "data" {
		if err := w.step("data"); err != nil {
			return nil, err
		}
		a.Data = dataView(u)
	}
	if err := w.step("site"); err != nil {
		return nil, err
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
	if err := w.step("keys"); err != nil {
		return nil, err
	}
	a.CrawlerKey = canon.Crawler().Key(u)
	a.SURT = canon.SURT(u)
	return a, nil
}

// failureName is the spec's name of the validation error behind err, or ""
// where the spec names none.
func failureName(err error) string {
	var n weburl.ErrorName
	errors.As(err, &n)
	return string(n)
}

// SetAnswer is /api/set's answer: the href before and after the setter,
// and the setter's error (empty when the value was applied), with the
// validation errors the setter's state machine met in the value.
type SetAnswer struct {
	Before           string            `json:"before"`
	Href             string            `json:"href"`
	Error            string            `json:"error"`
	Failure          string            `json:"failure"`
	ValidationErrors []ValidationError `json:"validationErrors"` // the first MaxValidationErrors
	ValidationCount  int               `json:"validationCount"`
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

func set(w *work, req request) (any, error) {
	attr, ok := attributeByName(req.Attr)
	if !ok {
		return nil, errBadRequest("unknown attribute " + quote.String(req.Attr) + ": one of href, protocol, username, password, host, hostname, port, pathname, search, hash")
	}
	if err := w.step("base"); err != nil {
		return nil, err
	}
	base, err := parseBase(req.Base)
	if err != nil {
		return nil, errBadRequest("the base does not parse: " + err.Error())
	}
	if err := w.step("parse"); err != nil {
		return nil, err
	}
	var parser weburl.Parser
	u, err := parser.Parse(req.URL, base)
	if err != nil {
		return nil, errBadRequest("the URL does not parse: " + err.Error())
	}
	if err := w.step("set"); err != nil {
		return nil, err
	}
	a := &SetAnswer{Before: u.Href()}
	errs := &validationErrors{input: req.Value, list: []ValidationError{}}
	p := weburl.Parser{OnValidationError: errs.add}
	if err := p.Set(u, attr, req.Value); err != nil {
		a.Error = err.Error()
		a.Failure = failureName(err)
	}
	a.ValidationErrors, a.ValidationCount = errs.list, errs.count
	a.Href = u.Href()
	return a, nil
}
