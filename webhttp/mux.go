package webhttp

import (
	"context"
	"errors"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"
	"weak"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/ascii"
	"github.com/weburl/weburl/internal/canonical"
	"github.com/weburl/weburl/internal/listhook"
	"github.com/weburl/weburl/internal/patternhook"
	"github.com/weburl/weburl/internal/quote"
	"github.com/weburl/weburl/internal/strtab"
	"github.com/weburl/weburl/urlpattern"
)

// ServeMux is an HTTP request router on URL patterns: it matches the URL
// of each request (RequestURL) against the patterns registered with
// Handle, in the order they were registered, and calls the handler of the
// first pattern that matches the URL and the method.
//
// # Patterns
//
// A pattern is "[METHOD ]PATTERN": an optional method, one or more spaces
// or tabs, and a URL pattern constructor string (urlpattern.New). A
// pattern with a method matches requests of that method (GET also serves
// HEAD); one without matches every method.
//
// A PATTERN without a scheme, that starts with "/" or with a group such as
// "{/:v(v1|v2)}?", is relative: it fixes the pathname, and the search and
// hash where the URL Pattern Standard's constructor string parser reads
// them ("/search?q=:q"; but "/books/:id?" is an optional group), and every
// component it does not write matches anything, as in
// new URLPattern({pathname: "/books/:id"}). A full PATTERN
// ("https://api.example.com/v1/*", "https://{*.}?example.com/*") fixes
// every component it writes, and the standard's defaults hold for the
// others (any port of "*", an empty port where it writes a host without
// one). Handle panics on a pattern that does not compile, with
// urlpattern's *Error.
//
// Where net/http's ServeMux gives a request to the most specific pattern
// that matches it, and refuses to register two patterns that conflict,
// this one gives it to the first registered pattern that matches, as
// URLPatternList does: register the specific patterns before the general
// ones ("/users/me" before "/users/:id").
//
// # Requests
//
// Matching is on RequestURL(r) (Proxy.RequestURL(r) with the mux's
// Proxy): the path as the client sent it, read by the URL Standard's
// parser, with dot segments resolved and the bytes a browser would encode
// encoded, not net/http's decoding of it. A request whose URL RequestURL
// refuses gets 400 Bad Request. A request with no Host (HTTP/1.0, or one
// made with an empty Host) is routed with an empty hostname: by the
// patterns that name no host, as net/http's ServeMux routes it. A URL
// that some pattern matches, but not for this method, gets 405 Method Not
// Allowed with an Allow header listing the methods that would match (and
// HEAD with GET); a URL that none matches gets 404 Not Found. Both are
// written as net/http writes them.
//
// The path is matched in RFC 3986's percent-encoding normal form: "%XX"
// of an unreserved byte (ALPHA, DIGIT, '-', '.', '_', '~') decoded, the
// hex digits of every other "%XX" in upper case, so that targets whose
// paths are equal in that form route to the same pattern with the same
// path values ("/api/articles/fe%65d" is "/api/articles/feed"; "%2F"
// stays a byte of a segment, never a separator). The literal text of a
// pattern's pathname is in that form too: "/caf%c3%a9", "/caf%C3%A9" and
// "/café" are one route. A path without '%' costs nothing more.
// net/http's ServeMux matches the decoded path, so that it too routes
// "fe%65d" as "feed" (and "a%2Fb" as one segment); chi matches
// r.URL.RawPath where net/url keeps one, so that "/fe%65d" and
// "/caf%c3%a9" miss the routes "/feed" and "/café" there.
//
// The handler gets the request it was given (as from net/http's
// ServeMux, no copy) with r.PathValue(name) set for each named group that
// took part in the match, percent-decoded as net/http's ServeMux decodes
// its wildcards ("a%2Fb" gives "a/b"; a value with an invalid escape is
// left as it is), r.Pattern set to the pattern, and r.URL set to the URL
// that was matched when net/http's reading of the target differs from it
// ("/a/../admin" routed as "/admin" is "/admin" in r.URL too), so that
// no handler sees a path the mux did not route. Match(r) gives the groups
// as matched, in normal form and undecoded, numbered groups included.
// With a Proxy, the handler gets a copy of the request (WithContext) that
// carries what Match needs.
//
// A ServeMux is safe for concurrent use. Its zero value is an empty mux
// that trusts no proxy header.
type ServeMux struct {
	// Proxy says which proxy headers the request URLs are read with;
	// set it before serving.
	Proxy Proxy

	mu       sync.Mutex
	routes   []*route
	tables   atomic.Pointer[tables] // nil: to be built from routes
	patterns *[]string              // the patterns registered, as the registry keeps them
}

// NewServeMux returns an empty ServeMux.
func NewServeMux() *ServeMux { return new(ServeMux) }

// A route is a registered pattern, 48 bytes. Its compiled pattern is
// kept only while routes are registered (the shadowing check compares
// them): once the tables are built, their Lists hold what matching
// needs, and the pattern is compiled again when a Handle or Match asks
// for it.
type route struct {
	pattern string // as registered
	h       http.Handler
	pat     *urlpattern.Pattern // nil once the tables are built; m.mu
	nmethod int32               // the length of the method that begins pattern; 0 for every method
	// verbatim: the pathname is a literal path that the fast path reads
	// as it is (verbatimPath).
	verbatim bool
}

// method returns the method rt serves, "" for every method.
func (rt *route) method() string { return rt.pattern[:rt.nmethod] }

// compiled returns rt's compiled pattern, compiling it again if the
// tables have dropped it. m.mu is held.
func (rt *route) compiled() *urlpattern.Pattern {
	if rt.pat == nil {
		rt.pat = rt.compile()
	}
	return rt.pat
}

// compile compiles rt's pattern again; it compiled when registered.
func (rt *route) compile() *urlpattern.Pattern {
	again, err := newRoute(rt.pattern)
	if err != nil {
		panic("webhttp: a registered pattern does not compile again: " + err.Error())
	}
	return again.pat
}

// tables are the Lists a request is matched with, one per method.
type tables struct {
	get, head  *methodTable // GET and HEAD, without a map lookup
	post, put  *methodTable // and the other methods of most APIs
	del, patch *methodTable
	others     *methodTable  // every other method: the patterns without one
	named      []string      // the methods patterns name, sorted
	byMethod   []methodEntry // every method's table that a pattern names, and HEAD's with GET's, by method
}

// methodEntry is a method and its table.
type methodEntry struct {
	method string
	mt     *methodTable
}

// noRoutes is the table of the methods of a mux whose every pattern
// names its method, but those: it serves nothing, and every mux shares it.
var noRoutes = &methodTable{}

// methodTable holds the routes that serve one method, in order: 48
// bytes, and its static routes where it has some.
type methodTable struct {
	list   *urlpattern.List
	routes []*route
	static *staticRoutes // nil where no route is static: most tables but GET's
}

// staticRoutes are the verbatim routes of a table that its List answers
// for every URL with their path: a request for one needs no scan of its
// path and no match.
type staticRoutes struct {
	// bits has the bit staticKey of each one's path: a request whose
	// path's bit is clear looks up nothing in exact.
	bits  [4]uint64
	exact strtab.Table[route] // by path
}

// setStatic sets static from the routes and the list. The List answers
// for a path whatever the URL's scheme and host only when no pattern
// names them; listhook.MatchLiteral asked with the protocol and hostname
// "*", which no URL has, says so. A route whose path another verbatim
// route answers for is not filed: that one files the path.
func (mt *methodTable) setStatic() {
	var paths []string
	var routes []*route
	var bits [4]uint64
	for _, rt := range mt.routes {
		if !rt.verbatim {
			continue
		}
		path := rt.pat.Pathname()
		if i := listhook.MatchLiteral(mt.list, "*", "*", path); i >= 0 && mt.routes[i] == rt {
			paths, routes = append(paths, path), append(routes, rt)
			k := staticKey(path)
			bits[k>>6] |= 1 << (k & 63)
		}
	}
	if len(paths) > 0 {
		mt.static = &staticRoutes{bits, strtab.New(paths, routes)}
	}
}

// Handle registers h for pattern. It panics on a pattern that is invalid
// (with urlpattern's *Error when the URL pattern does not compile), on a
// pattern registered before, on a pattern that can never be chosen
// because an earlier one serves its methods and matches every URL it
// matches (urlpattern's Covers decides it; Overlaps lists the partial
// overlaps, where the earlier pattern wins), and on a nil handler.
func (m *ServeMux) Handle(pattern string, h http.Handler) {
	if h == nil {
		panic(errors.New("webhttp: nil handler for pattern " + quote.String(pattern)))
	}
	rt, err := newRoute(pattern)
	if err != nil {
		panic(err)
	}
	rt.h = h
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, e := range m.routes {
		if e.pattern == pattern {
			panic(errors.New("webhttp: pattern " + quote.String(pattern) + " is registered twice"))
		}
	}
	m.checkShadow(rt)
	m.routes = append(m.routes, rt)
	register(m, rt)
	m.tables.Store(nil)
}

// HandleFunc registers f for pattern, as Handle does.
func (m *ServeMux) HandleFunc(pattern string, f func(http.ResponseWriter, *http.Request)) {
	if f == nil {
		panic(errors.New("webhttp: nil handler for pattern " + quote.String(pattern)))
	}
	m.Handle(pattern, http.HandlerFunc(f))
}

// newRoute compiles a pattern.
func newRoute(pattern string) (*route, error) {
	rt := &route{pattern: pattern}
	s := pattern
	if i := strings.IndexAny(s, " \t"); i > 0 && isToken(s[:i]) {
		rt.nmethod, s = int32(i), strings.TrimLeft(s[i:], " \t")
	}
	if s == "" {
		return nil, errors.New("webhttp: pattern " + quote.String(pattern) + " has no URL pattern")
	}
	p, err := urlpattern.New(s, urlpattern.Options{})
	if err != nil && (s[0] == '/' || s[0] == '{') {
		p, err = relativePattern(s)
	}
	if err == nil {
		p, err = normalPattern(p)
	}
	if err != nil {
		return nil, err
	}
	rt.pat, rt.verbatim = p, verbatimPath(p)
	return rt, nil
}

// relativePattern compiles a pattern without a scheme. The constructor
// string parser reads it against a base URL, as new URLPattern(s, base)
// would; the pattern is then that one with every component before the
// pathname "*". The base's search and hash are not taken: the standard
// takes them only for a pattern that writes no pathname.
func relativePattern(s string) (*urlpattern.Pattern, error) {
	based, err := urlpattern.NewWithBase(s, "http://h/", urlpattern.Options{})
	if err != nil {
		return nil, err
	}
	p, err := patternhook.AnyOrigin(based)
	if err != nil {
		return nil, err
	}
	return p.(*urlpattern.Pattern), nil
}

// isToken reports whether s is an RFC 9110 token, as a method is.
func isToken(s string) bool { return s != "" && ascii.FirstNotToken(s) < 0 }

// load returns the tables, built from the routes if a Handle came since.
// It is small enough to inline: every request calls it.
func (m *ServeMux) load() *tables {
	if t := m.tables.Load(); t != nil {
		return t
	}
	return m.build()
}

// build builds the tables from the routes, unless another goroutine has.
func (m *ServeMux) build() *tables {
	m.mu.Lock()
	defer m.mu.Unlock()
	if t := m.tables.Load(); t != nil {
		return t
	}
	t := &tables{}
	methods := map[string]*methodTable{} // every method a pattern names
	anyMethod := false                   // a pattern names none
	for _, rt := range m.routes {
		if _, ok := methods[rt.method()]; rt.method() != "" && !ok {
			methods[rt.method()] = nil
			t.named = append(t.named, rt.method())
		}
		anyMethod = anyMethod || rt.method() == ""
	}
	slices.Sort(t.named)
	build := func(serves func(*route) bool) *methodTable {
		mt := &methodTable{}
		var ps []*urlpattern.Pattern
		for _, rt := range m.routes {
			if serves(rt) {
				mt.routes = append(mt.routes, rt)
				ps = append(ps, rt.pat)
			}
		}
		mt.list = urlpattern.NewList(ps...)
		listhook.DropSources(mt.list) // routes compile their patterns again from their strings
		mt.setStatic()
		return mt
	}
	for _, method := range t.named {
		methods[method] = build(func(rt *route) bool { return rt.method() == "" || rt.method() == method })
	}
	// GET serves HEAD, in the order of registration. Without a pattern
	// that names HEAD, HEAD's table is GET's: the same routes in the same
	// order, kept once.
	if methods["GET"] != nil {
		if _, ok := methods["HEAD"]; ok {
			methods["HEAD"] = build(func(rt *route) bool { return rt.method() == "" || rt.method() == "HEAD" || rt.method() == "GET" })
		} else {
			methods["HEAD"] = methods["GET"]
		}
	}
	t.others = noRoutes
	if anyMethod {
		t.others = build(func(rt *route) bool { return rt.method() == "" })
	}
	for _, method := range slices.Sorted(maps.Keys(methods)) { // the same order each time
		t.byMethod = append(t.byMethod, methodEntry{method, methods[method]})
	}
	t.get, t.head = t.table("GET"), t.table("HEAD")
	t.post, t.put, t.del, t.patch = t.table("POST"), t.table("PUT"), t.table("DELETE"), t.table("PATCH")
	// The Lists keep what matching needs; the compiled patterns go.
	for _, rt := range m.routes {
		rt.pat = nil
	}
	m.tables.Store(t)
	return t
}

// forMethod returns the table of a method: the common ones without a
// search.
func (t *tables) forMethod(method string) *methodTable {
	switch method {
	case "GET", "":
		return t.get
	case "HEAD":
		return t.head
	case "POST":
		return t.post
	case "PUT":
		return t.put
	case "DELETE":
		return t.del
	case "PATCH":
		return t.patch
	}
	return t.table(method)
}

// table returns the table of a method.
func (t *tables) table(method string) *methodTable {
	// A few methods: comparing strings is quicker than hashing one.
	for i := range t.byMethod {
		if t.byMethod[i].method == method {
			return t.byMethod[i].mt
		}
	}
	return t.others
}

// A request's URL as read reads it: its components, and the strings its
// href is made of, from which Match reads it again when asked.
type routedURL struct {
	v         urlpattern.Components // the components, as urlpattern reads them; the pathname in normal form
	path      string                // the pathname as the URL parser gives it
	hasQuery  bool
	sameURL   bool // the request's URL is net/http's reading of the target (read proved it)
	plain     bool // path has only bytes net/url's path escaping keeps (read proved it)
	unescaped bool // no component has a '%' (read proved it)
	// The href is the scheme (the protocol) + "://" + host + target, or
	// target when host is "": a URL that read parsed.
	host, target string
}

// href returns the URL's href.
func (ru *routedURL) href() string {
	if ru.host == "" {
		return ru.target
	}
	return ru.v[urlpatternProtocol] + "://" + ru.host + ru.target
}

// noHost is the host a request without one is read with; its hostname
// is then routed as "", which only a pattern that names no host matches,
// as net/http's ServeMux routes such a request by its host-less patterns.
const noHost = "h.invalid"

// read reads r's URL into ru as the mux matches it, with the proxy
// headers p trusts; or returns the error of RequestURL.
//
// The common request is read without parsing, by the byte tests of
// fast.go; any other as RequestURL reads it (readParsed). With mt, the
// table find routes r by, read first tries its static routes (exact),
// and returns the route of a static path, or nil. ru is zero: read
// writes only the parts that are not.
func read(r *http.Request, p *Proxy, ru *routedURL, mt *methodTable) (*route, error) {
	scheme, host, target := "http", r.Host, r.RequestURI
	if p.Header == NoProxyHeader {
		if r.TLS != nil {
			scheme = "https"
		}
	} else {
		var err error
		if scheme, host, _, err = origin(r, p); err != nil {
			return nil, err
		}
	}
	// A request without a host is routed by the patterns that name none,
	// with the hostname "", as net/http's ServeMux routes it.
	withoutHost := host == "" && (target != "" || r.URL == nil || r.URL.Host == "")
	if target != "" && target[0] == '/' {
		// Each part is written as soon as it is known, rather than
		// kept in a register across the calls below; readParsed writes
		// the whole of ru again if the target needs parsing.
		ru.v[urlpatternProtocol], ru.target = scheme, target
		ok := true
		if withoutHost {
			ru.host = noHost // for the href; the hostname and port stay "" (ru is zero)
		} else {
			defaultPort := 80
			if scheme == "https" {
				defaultPort = 443
			}
			ru.v[urlpatternHostname], ru.v[urlpatternPort], ok = canonical.Authority(host, defaultPort)
			ru.host = host
		}
		var rt *route
		if ok && mt != nil && mt.mayBeStatic(target) {
			rt = mt.static.exact.Find(target)
		}
		end, seen := len(target), uint8(0) // a static route's path is the whole target, and plain
		if ok && rt == nil {
			// The path state: no byte that it encodes or changes, up
			// to the '?' that ends the path, and no dot segment, which
			// it removes.
			end, seen, ok = pathEnd(target)
		}
		if ok && end < len(target) {
			query := target[end+1:]
			j, q := scan(query, 0, notInQuery)
			ok, seen = j == len(query), seen|q&percentByte
			ru.v[urlpatternSearch] = query
		}
		if ok {
			ru.path = target[:end]
			ru.v[urlpatternPathname] = ru.path
			// plain: no byte that net/url's path escaping changes (no
			// '%' among them), so the path is its own normal form and
			// its own EscapedPath; unescaped: no component has a '%' (a
			// host the parser keeps has none).
			ru.plain, ru.unescaped = seen&netEscaped == 0, seen&percentByte == 0
			ru.hasQuery = end < len(target)
			if !ru.plain {
				ru.v[urlpatternPathname] = normalPath(ru.path)
			}
			// sameTarget's common case, while read has the target at
			// hand: r.URL as a server reads this target.
			nu := r.URL
			ru.sameURL = nu != nil && ru.plain && len(nu.Opaque)|len(nu.Fragment)|len(nu.RawPath) == 0 && !nu.ForceQuery &&
				sameString(nu.Path, ru.path) && sameString(nu.RawQuery, ru.v[urlpatternSearch]) && (nu.RawQuery != "") == ru.hasQuery
			return rt, nil
		}
	}
	return nil, readParsed(r, p, ru, withoutHost)
}

// readParsed is read of a URL that needs parsing, as RequestURL reads
// it; a request without a host is read with noHost, and its hostname is
// then "".
func readParsed(r *http.Request, p *Proxy, ru *routedURL, withoutHost bool) error {
	if withoutHost {
		r2 := *r
		r2.Host = noHost
		r = &r2
	}
	var u weburl.URL
	if err := readRequestURL(&u, r, p); err != nil {
		return err
	}
	*ru = routedURL{v: urlpattern.ComponentsOf(&u), target: u.Href()}
	_, ru.hasQuery = u.Query()
	if withoutHost && ru.v[urlpatternHostname] == noHost {
		ru.v[urlpatternHostname], ru.v[urlpatternPort] = "", ""
	}
	ru.path = ru.v[urlpatternPathname]
	ru.v[urlpatternPathname] = normalPath(ru.path)
	return nil
}

// find reads r's URL into ru and returns the route of the tables t that
// serves r, without its path values; or a nil route and, for a URL that
// RequestURL refuses, the error. The caller loads t once, so that a miss
// is answered from the same patterns (a Handle may come in between).
func (m *ServeMux) find(r *http.Request, t *tables, ru *routedURL) (*route, error) {
	mt := t.forMethod(r.Method)
	rt, err := read(r, &m.Proxy, ru, mt)
	if err == nil && rt == nil {
		if i := mt.list.SetNamedMatch(&ru.v, nil); i >= 0 {
			rt = mt.routes[i]
		}
	}
	return rt, err
}

// decoded hands path values to a request decoded, as net/http's ServeMux
// decodes a wildcard (pathUnescape): for a URL with a '%'. A struct of
// one pointer, it is an interface value without an allocation.
type decoded struct{ r *http.Request }

func (d decoded) SetPathValue(name, value string) { d.r.SetPathValue(name, pathUnescape(value)) }

// allowed returns the methods that some pattern would serve for the URL
// ru, as the Allow header lists them, or "" if none would.
func (t *tables) allowed(ru *routedURL) string {
	var ms []string
	for _, method := range t.named {
		if t.table(method).list.SetNamedMatch(&ru.v, nil) >= 0 {
			ms = append(ms, method)
		}
	}
	if slices.Contains(ms, "GET") && !slices.Contains(ms, "HEAD") {
		ms = append(ms, "HEAD")
		slices.Sort(ms)
	}
	return strings.Join(ms, ", ")
}

// Handler returns the handler for r and its pattern, without calling it:
// the handler of the first pattern that matches r's URL and method, or one
// that writes the 400, 404 or 405 response that ServeHTTP would, with an
// empty pattern. The handler, called directly, gets r as it is: the path
// values and Match are ServeHTTP's.
func (m *ServeMux) Handler(r *http.Request) (h http.Handler, pattern string) {
	var ru routedURL
	t := m.load()
	rt, err := m.find(r, t, &ru)
	if rt != nil {
		return rt.h, rt.pattern
	}
	return t.miss(&ru, err), ""
}

// miss returns the handler of a request that no pattern serves.
func (t *tables) miss(ru *routedURL, err error) http.Handler {
	if err != nil {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, err.Error(), http.StatusBadRequest)
		})
	}
	if allow := t.allowed(ru); allow != "" {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Allow", allow)
			http.Error(w, http.StatusText(http.StatusMethodNotAllowed), http.StatusMethodNotAllowed)
		})
	}
	return http.NotFoundHandler()
}

// ServeHTTP dispatches r to the handler of the first pattern that matches
// its URL and method, with its path values, pattern and match set; or
// answers 400, 404 or 405.
func (m *ServeMux) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	// find's steps, without the call: a request's one layer fewer. The
	// path values are set on r as the List finds them, with no buffer,
	// as net/http's ServeMux sets them on the request it was given.
	t := m.load()
	var ru routedURL
	mt := t.forMethod(r.Method)
	rt, err := read(r, &m.Proxy, &ru, mt)
	if err != nil {
		t.miss(&ru, err).ServeHTTP(w, r)
		return
	}
	if m.Proxy.Header != NoProxyHeader {
		m.serveProxied(w, r, t, mt, &ru, rt)
		return
	}
	// route's and serve's steps, written out: a call fewer for every
	// request (TestServeMuxProxyRequest holds the two ways alike).
	if rt == nil {
		var values urlpattern.PathValueSetter = r
		if !ru.unescaped {
			values = decoded{r}
		}
		i := mt.list.SetNamedMatch(&ru.v, values)
		if i < 0 {
			t.miss(&ru, nil).ServeHTTP(w, r)
			return
		}
		rt = mt.routes[i]
	}
	r.Pattern = rt.pattern
	if !ru.sameURL && !ru.sameTarget(r.URL) {
		r.URL = serverURL(ru.href())
	}
	// A HandlerFunc, most handlers, is called without its ServeHTTP.
	if f, ok := rt.h.(http.HandlerFunc); ok {
		f(w, r)
	} else {
		rt.h.ServeHTTP(w, r)
	}
}

// serveProxied is ServeHTTP's way behind a proxy whose headers the mux
// trusts, out of the way of the others': Match reads the URL again from
// r, and needs then a context that says which headers to read. The
// context is on a copy of r, made before the values are set on it, so
// that the request given keeps none, as it keeps no Pattern.
func (m *ServeMux) serveProxied(w http.ResponseWriter, r *http.Request, t *tables, mt *methodTable, ru *routedURL, rt *route) {
	mc := &matchContext{Context: r.Context()}
	given := r
	r = r.WithContext(mc)
	if rt == nil {
		if rt = mt.route(ru, r); rt == nil {
			t.miss(ru, nil).ServeHTTP(w, given)
			return
		}
	}
	mc.rt, mc.v = rt, ru.v
	rt.serve(w, r, ru)
}

// route returns the route of the first pattern that matches ru, and
// sets the pattern's path values on r; or nil.
func (mt *methodTable) route(ru *routedURL, r *http.Request) *route {
	var values urlpattern.PathValueSetter = r
	if !ru.unescaped {
		values = decoded{r}
	}
	if i := mt.list.SetNamedMatch(&ru.v, values); i >= 0 {
		return mt.routes[i]
	}
	return nil
}

// serve hands r, with its path values set, to rt's handler, with rt's
// pattern and the URL as it was routed.
func (rt *route) serve(w http.ResponseWriter, r *http.Request, ru *routedURL) {
	r.Pattern = rt.pattern
	if !ru.sameURL && !ru.sameTarget(r.URL) {
		r.URL = serverURL(ru.href())
	}
	rt.h.ServeHTTP(w, r)
}

// pathUnescape decodes a group as net/http's ServeMux decodes a wildcard:
// url.PathUnescape, or the value as it is when its escapes are invalid.
func pathUnescape(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s // what url.PathUnescape returns, without its scan
	}
	if v, err := url.PathUnescape(s); err == nil {
		return v
	}
	return s
}

// sameTarget reports whether nu is net/http's reading of the URL's path
// and query.
func (ru *routedURL) sameTarget(nu *url.URL) bool {
	if nu == nil || nu.Opaque != "" || nu.Fragment != "" {
		return false
	}
	if !sameString(nu.RawQuery, ru.v[urlpattern.Search]) || (nu.ForceQuery || nu.RawQuery != "") != ru.hasQuery {
		return false
	}
	// EscapedPath escapes Path when RawPath is empty, and leaves the
	// bytes of a plain path as they are: most paths need no call.
	path := ru.path
	if nu.RawPath == "" && sameString(nu.Path, path) {
		if ru.plain {
			return true
		}
		if i, _ := scan(path, 0, netEscaped); i == len(path) {
			return true
		}
	}
	return nu.EscapedPath() == path
}

// sameString reports whether a == b, without a call to compare their
// bytes where they are the same bytes: a server's net/url RawQuery, and
// Path where the target has no '%', are substrings of RequestURI, as
// read's are, and most strings compared are such or empty.
func sameString(a, b string) bool {
	return len(a) == len(b) && (len(a) == 0 || unsafe.StringData(a) == unsafe.StringData(b) || a == b)
}

// serverURL is the *url.URL a server reads from a request for href: its
// path and query, read as net/http reads a request target, or else (a
// percent sign without two hex digits, which net/url refuses) NetURL's.
func serverURL(href string) *url.URL {
	u, err := weburl.Parse(href)
	if err != nil {
		return &url.URL{}
	}
	if nu, err := url.ParseRequestURI(u.RequestURI()); err == nil {
		return nu
	}
	return u.NetURL()
}

// registry lists each ServeMux that registered a pattern, weakly, with
// the patterns it registered, so that Match knows a pattern some
// ServeMux registered from one it did not (net/http's, say), and
// compiles it again, as long as the mux is live, or, should a request
// outlive its mux, until the registry drops the mux. It holds no route:
// what a mux keeps per route is its own, and Match's index of the
// patterns and their compiled form is made at the first Match.
var registry struct {
	sync.RWMutex
	muxes []registeredMux
	sweep int // the length of muxes at which the muxes that are gone are next dropped
	// index maps each pattern of muxes to its compiled form, made when
	// Match first asks for it; nil until a Match, and again after a
	// Handle.
	index map[string]*atomic.Pointer[urlpattern.Pattern]
}

// A registeredMux is a ServeMux of the registry and the patterns it
// registered.
type registeredMux struct {
	m        weak.Pointer[ServeMux]
	patterns *[]string // the registry's lock
}

// register records that m registered rt, with m.mu held. Each time the
// registry's list of muxes doubles, the muxes that are gone are dropped,
// so that a program that makes muxes and drops them keeps only the live
// ones' patterns.
func register(m *ServeMux, rt *route) {
	registry.Lock()
	defer registry.Unlock()
	if m.patterns == nil {
		m.patterns = new([]string)
		registry.muxes = append(registry.muxes, registeredMux{weak.Make(m), m.patterns})
		if len(registry.muxes) >= registry.sweep {
			registry.muxes = slices.DeleteFunc(registry.muxes, func(e registeredMux) bool { return e.m.Value() == nil })
			registry.sweep = max(2*len(registry.muxes), 64)
		}
	}
	*m.patterns = append(*m.patterns, rt.pattern)
	registry.index = nil
}

// matchPattern returns the compiled pattern of a pattern string that a
// ServeMux of the registry registered, compiled at its first Match, or
// nil if none did.
func matchPattern(pattern string) *urlpattern.Pattern {
	registry.RLock()
	index := registry.index
	registry.RUnlock()
	if index == nil {
		registry.Lock()
		if registry.index == nil {
			index = map[string]*atomic.Pointer[urlpattern.Pattern]{}
			for _, e := range registry.muxes {
				for _, p := range *e.patterns {
					index[p] = new(atomic.Pointer[urlpattern.Pattern])
				}
			}
			registry.index = index
		}
		index = registry.index
		registry.Unlock()
	}
	compiled := index[pattern]
	if compiled == nil {
		return nil
	}
	if p := compiled.Load(); p != nil {
		return p
	}
	again, err := newRoute(pattern)
	if err != nil {
		return nil
	}
	compiled.CompareAndSwap(nil, again.pat)
	return compiled.Load()
}

// matchKey is the context key of a matchContext.
type matchKey struct{}

// matchContext is the context of a request that a ServeMux with a Proxy
// dispatched: its parent, the pattern and the components that were
// matched, which Match cannot read again without the mux's Proxy.
type matchContext struct {
	context.Context
	rt *route
	v  urlpattern.Components
}

// Value returns the matchContext for matchKey, else the parent's value.
func (c *matchContext) Value(key any) any {
	if key == (matchKey{}) {
		return c
	}
	return c.Context.Value(key)
}

// Match returns the groups of the pattern that routed r: the Result of
// the pattern on the URL that was matched, its path in the normal form
// the mux routes by, each group as matched, not percent-decoded. It
// returns nil for a request whose r.Pattern no ServeMux registered. Each
// call reads r's URL again (as RequestURL does, with the mux's Proxy) and
// builds a new Result; under nested muxes it is the innermost one's.
func Match(r *http.Request) *urlpattern.Result {
	if r == nil {
		return nil
	}
	if c, ok := r.Context().Value(matchKey{}).(*matchContext); ok {
		if p := matchPattern(c.rt.pattern); p != nil {
			return p.MatchComponents(&c.v)
		}
		return c.rt.compile().MatchComponents(&c.v)
	}
	p := matchPattern(r.Pattern)
	if p == nil {
		return nil
	}
	var ru routedURL
	if _, err := read(r, &Proxy{}, &ru, nil); err != nil {
		return nil
	}
	return p.MatchComponents(&ru.v)
}
