package main

import (
	"bufio"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"
	"github.com/go-chi/chi/v5"
	"github.com/julienschmidt/httprouter"
	"github.com/labstack/echo/v4"

	"github.com/weburl/weburl/internal/urllists"
	"github.com/weburl/weburl/webhttp"
)

// The routers on julienschmidt/go-http-routing-benchmark's own tables
// ($WEBURL_BENCH_DIR/routes: github-api.txt, gplus.txt, parse.txt,
// static.txt) and its single-route cases (Param, Param5, Param20,
// ParamWrite), run as that benchmark runs them: ServeHTTP per request on
// one *http.Request made by http.NewRequest (no Host) whose Method,
// RequestURI and URL.Path are set to each route's own path (its ":name"
// written as it is), a ResponseWriter that keeps nothing, and handlers
// that do nothing (ParamWrite's writes the value of "name"). One op of an
// "All" set is every route of the set once. cpu-ns/op is the process's
// CPU time. To interleave the routers, run the test binary N times, each
// going through every case once, pinned, and take the medians:
//
//	go -C bench test -c -o /tmp/bench.test
//	for i in $(seq 10); do (cd bench && taskset -c 1 /tmp/bench.test -test.run '^$' -test.bench '^BenchmarkRouting(HandOver)?$' -test.benchtime 0.3s -test.benchmem); done
//
// A router's figure moves by a tenth or more with where its tables land
// in memory, and by up to a half with the physical pages that hold the
// binary's code (one binary, copied to a second file, ran Param in 79
// and in 51 ns, each time). To measure each router over many layouts,
// give each run a seed of its own (padLayout) and a fresh copy of the
// binary:
//
//	for i in $(seq 30); do cp /tmp/bench.test /tmp/bench.$i.test; (cd bench && WEBURL_BENCH_LAYOUT=$i taskset -c 1 /tmp/bench.$i.test -test.run '^$' -test.bench '^BenchmarkRouting(HandOver)?$' -test.benchtime 0.3s -test.benchmem); rm /tmp/bench.$i.test; done
//
// Each case runs for a time, not a count: an op of a single route is one
// request, and a count that suits the tables (20,000 ops) times a single
// route for about 2 ms, where a router's first collections weigh on its
// figure (httprouter's Param5 measured 641 ns that way, 134 ns over 0.3 s).
//
// TestRoutingMemory logs the bytes each router's routes hold after
// serving every route once.

// A routingRoute is a route of a table: its method and path.
type routingRoute struct{ method, path string }

// readRouting reads a table of "METHOD /path" lines, or "/path" lines of
// GET routes.
func readRouting(tb testing.TB, file string) []routingRoute {
	tb.Helper()
	dir, err := urllists.Dir()
	if err != nil {
		tb.Skip("no bench data:", err)
	}
	f, err := os.Open(filepath.Join(dir, "routes", file))
	if err != nil {
		tb.Skip("no routes:", err)
	}
	defer f.Close()
	var rs []routingRoute
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		method, path, ok := strings.Cut(line, " ")
		if !ok {
			method, path = "GET", line
		}
		rs = append(rs, routingRoute{method, path})
	}
	return rs
}

// routingCase is a table of routes, or one route and one request.
type routingCase struct {
	name   string
	routes []routingRoute
	reqs   []routingRoute // the routes themselves when nil
	write  bool           // the handlers write the value of "name"
}

func routingCases(tb testing.TB) []routingCase {
	param20 := ""
	var path20 strings.Builder
	for _, c := range "abcdefghijklmnopqrst" {
		param20 += "/:" + string(c)
		path20.WriteString("/" + string(c))
	}
	return []routingCase{
		{name: "GithubAll", routes: readRouting(tb, "github-api.txt")},
		{name: "GPlusAll", routes: readRouting(tb, "gplus.txt")},
		{name: "ParseAll", routes: readRouting(tb, "parse.txt")},
		{name: "StaticAll", routes: readRouting(tb, "static.txt")},
		{name: "Param", routes: []routingRoute{{"GET", "/user/:name"}}, reqs: []routingRoute{{"GET", "/user/gordon"}}},
		{name: "Param5", routes: []routingRoute{{"GET", "/:a/:b/:c/:d/:e"}}, reqs: []routingRoute{{"GET", "/test/test/test/test/test"}}},
		{name: "Param20", routes: []routingRoute{{"GET", param20}}, reqs: []routingRoute{{"GET", path20.String()}}},
		{name: "ParamWrite", routes: []routingRoute{{"GET", "/user/:name"}}, reqs: []routingRoute{{"GET", "/user/gordon"}}, write: true},
	}
}

// The benchmark's ResponseWriter.
type mockResponseWriter struct{}

func (*mockResponseWriter) Header() http.Header               { return http.Header{} }
func (*mockResponseWriter) Write(p []byte) (int, error)       { return len(p), nil }
func (*mockResponseWriter) WriteString(s string) (int, error) { return len(s), nil }
func (*mockResponseWriter) WriteHeader(int)                   {}

// pathValueHandler is the handler of c for a router whose handlers read
// r.PathValue: one that does nothing, or ParamWrite's.
func pathValueHandler(c routingCase) http.HandlerFunc {
	if c.write {
		return func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, r.PathValue("name")) }
	}
	return func(http.ResponseWriter, *http.Request) {}
}

// A routingRouter builds a router of a case's routes.
type routingRouter struct {
	name string
	load func(c routingCase) http.Handler
}

var routingRouters = []routingRouter{
	{"weburl", func(c routingCase) http.Handler {
		m := webhttp.NewServeMux()
		h := pathValueHandler(c)
		for _, r := range c.routes {
			m.HandleFunc(r.method+" "+r.path, h)
		}
		return m
	}},
	{"httprouter", func(c routingCase) http.Handler {
		m := httprouter.New()
		h := func(http.ResponseWriter, *http.Request, httprouter.Params) {}
		if c.write {
			h = func(w http.ResponseWriter, _ *http.Request, ps httprouter.Params) {
				io.WriteString(w, ps.ByName("name"))
			}
		}
		for _, r := range c.routes {
			m.Handle(r.method, r.path, h)
		}
		return m
	}},
	// httprouter as a net/http program uses it: its handlers are
	// http.HandlerFuncs that read r.PathValue, so each route's adapter
	// hands its Params over as every mux outside net/http must (the
	// pattern and SetPathValue per value). Beside weburl's ServeMux,
	// which hands over the same, this row compares routing alone.
	{"httprouter-pv", func(c routingCase) http.Handler {
		m := httprouter.New()
		h := pathValueHandler(c)
		for _, r := range c.routes {
			pattern := r.path
			m.Handle(r.method, r.path, func(w http.ResponseWriter, r *http.Request, ps httprouter.Params) {
				r.Pattern = pattern
				for _, p := range ps {
					r.SetPathValue(p.Key, p.Value)
				}
				h(w, r)
			})
		}
		return m
	}},
	{"gin", func(c routingCase) http.Handler {
		gin.SetMode(gin.ReleaseMode)
		m := gin.New()
		h := func(*gin.Context) {}
		if c.write {
			h = func(c *gin.Context) { io.WriteString(c.Writer, c.Params.ByName("name")) }
		}
		for _, r := range c.routes {
			m.Handle(r.method, r.path, h)
		}
		return m
	}},
	{"echo", func(c routingCase) http.Handler {
		m := echo.New()
		h := func(echo.Context) error { return nil }
		if c.write {
			h = func(c echo.Context) error { _, err := io.WriteString(c.Response(), c.Param("name")); return err }
		}
		for _, r := range c.routes {
			m.Add(r.method, r.path, h)
		}
		return m
	}},
	{"chi", func(c routingCase) http.Handler {
		m := chi.NewRouter()
		h := func(http.ResponseWriter, *http.Request) {}
		if c.write {
			h = func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, chi.URLParam(r, "name")) }
		}
		for _, r := range c.routes {
			m.MethodFunc(r.method, braces(r.path), h)
		}
		return m
	}},
	{"nethttp", func(c routingCase) http.Handler {
		m := http.NewServeMux()
		h := pathValueHandler(c)
		for _, r := range c.routes {
			p := braces(r.path)
			if strings.HasSuffix(p, "/") {
				p += "{$}" // the path exactly, as the other routers match it
			}
			m.HandleFunc(r.method+" "+p, h)
		}
		return m
	}},
}

// serveAll serves each request of c once on one request, as the
// benchmark's benchRoutes and benchRequest do.
func (c routingCase) serveAll(h http.Handler, w http.ResponseWriter, r *http.Request) {
	reqs := c.reqs
	if reqs == nil {
		reqs = c.routes
	}
	for _, rt := range reqs {
		r.Method, r.RequestURI, r.URL.Path = rt.method, rt.path, rt.path
		h.ServeHTTP(w, r)
	}
}

// BenchmarkRouting: each router on each case, ServeHTTP per request.
func BenchmarkRouting(b *testing.B) {
	for _, c := range routingCases(b) {
		for _, rr := range routingRouters {
			b.Run(c.name+"/router="+rr.name, func(b *testing.B) {
				padLayout()
				h := rr.load(c)
				w := new(mockResponseWriter)
				r, _ := http.NewRequest("GET", "/", nil)
				c.serveAll(h, w, r) // what a router builds on its first request
				runtime.GC()        // the garbage of building it, not in the timed loop
				b.ReportAllocs()
				start := cpuTime()
				for b.Loop() {
					c.serveAll(h, w, r)
				}
				b.ReportMetric(float64((cpuTime()-start).Nanoseconds())/float64(b.N), "cpu-ns/op")
			})
		}
	}
}

// A router's figure depends on where its tables land in memory, which
// depends on what the process allocated before it: httprouter measured
// about 12% slower on the same cases in a process that ran every router
// than in one that ran it alone. With WEBURL_BENCH_LAYOUT set to a
// number, the seed of a process's layouts, padLayout allocates, before
// each router builds its tables, a random number of objects of random
// sizes, with pointers and without (the heap keeps the two apart), kept
// for the life of the process: each run of the binary with a new seed
// measures every router in a new layout, and medians over seeds measure
// none in a layout that happens to suit it.
var layout struct {
	rng  *rand.Rand
	keep []any
}

func init() {
	if seed, err := strconv.ParseUint(os.Getenv("WEBURL_BENCH_LAYOUT"), 10, 64); err == nil {
		layout.rng = rand.New(rand.NewPCG(seed, 0x5eed))
	}
}

// padLayout allocates the padding of one router's layout, if the
// layouts are random.
func padLayout() {
	rng := layout.rng
	if rng == nil {
		return
	}
	for range rng.IntN(256) {
		n := 1 + rng.IntN(512)
		if rng.IntN(2) == 0 {
			layout.keep = append(layout.keep, make([]*int, n/8+1))
		} else {
			layout.keep = append(layout.keep, make([]byte, n))
		}
	}
	// Pages too, for the spans the tables take next.
	layout.keep = append(layout.keep, make([]byte, 8192*(1+rng.IntN(32))))
}

// handOver is the least a router outside net/http does to dispatch a
// request: it knows each request's pattern and values beforehand (the
// requests come in the order of reqs), and sets r.Pattern and each value
// with SetPathValue (a map assignment: only net/http's own ServeMux can
// set the slice its PathValue reads first) before calling the handler.
type handOver struct {
	names, values [][]string // by request
	next          int
	h             http.HandlerFunc
}

func (o *handOver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	i := o.next
	if o.next++; o.next == len(o.names) {
		o.next = 0
	}
	r.Pattern = "p"
	for k, name := range o.names[i] {
		r.SetPathValue(name, o.values[i][k])
	}
	o.h(w, r)
}

// newHandOver returns the handOver of c: the values of each request are
// its path's segments where its route's pattern has a ":name" segment.
func newHandOver(c routingCase) *handOver {
	o := &handOver{h: pathValueHandler(c)}
	reqs := c.reqs
	if reqs == nil {
		reqs = c.routes
	}
	for i, req := range reqs {
		pattern := c.routes[min(i, len(c.routes)-1)].path
		var names, values []string
		segs := strings.Split(req.path, "/")
		for k, seg := range strings.Split(pattern, "/") {
			if strings.HasPrefix(seg, ":") {
				names, values = append(names, seg[1:]), append(values, segs[k])
			}
		}
		o.names, o.values = append(o.names, names), append(o.values, values)
	}
	return o
}

// BenchmarkRoutingHandOver: the hand-over alone on each case, what any
// router outside net/http costs at least beside BenchmarkRouting's.
func BenchmarkRoutingHandOver(b *testing.B) {
	for _, c := range routingCases(b) {
		b.Run(c.name, func(b *testing.B) {
			padLayout()
			h := newHandOver(c)
			w := new(mockResponseWriter)
			r, _ := http.NewRequest("GET", "/", nil)
			c.serveAll(h, w, r)
			runtime.GC()
			b.ReportAllocs()
			start := cpuTime()
			for b.Loop() {
				c.serveAll(h, w, r)
			}
			b.ReportMetric(float64((cpuTime()-start).Nanoseconds())/float64(b.N), "cpu-ns/op")
		})
	}
}

// TestRoutingHandOver checks that the hand-over and httprouter's row
// with PathValue set what weburl's ServeMux sets: the same path values on
// every request of every case.
func TestRoutingHandOver(t *testing.T) {
	for _, c := range routingCases(t) {
		reqs := c.reqs
		if reqs == nil {
			reqs = c.routes
		}
		o := newHandOver(c)
		m := routingRouters[0].load(c)
		var hr http.Handler
		for _, rr := range routingRouters {
			if rr.name == "httprouter-pv" {
				hr = rr.load(c)
			}
		}
		for i, req := range reqs {
			r1, _ := http.NewRequest(req.method, "/", nil)
			r1.RequestURI, r1.URL.Path = req.path, req.path
			r2, r3 := r1.Clone(r1.Context()), r1.Clone(r1.Context())
			o.ServeHTTP(new(mockResponseWriter), r1)
			m.ServeHTTP(new(mockResponseWriter), r2)
			hr.ServeHTTP(new(mockResponseWriter), r3)
			for _, name := range o.names[i] {
				v1, v2, v3 := r1.PathValue(name), r2.PathValue(name), r3.PathValue(name)
				if v1 != v2 || v1 == "" || v3 != v2 {
					t.Errorf("%s %s: %s is %q handed over, %q by weburl, %q by httprouter-pv", c.name, req.path, name, v1, v2, v3)
				}
			}
			if r3.Pattern == "" || r2.Pattern == "" {
				t.Errorf("%s %s: pattern %q by weburl, %q by httprouter-pv", c.name, req.path, r2.Pattern, r3.Pattern)
			}
		}
	}
}

// TestRouting checks that every router serves every request of every
// case with a handler of its routes (no 404 or 405), so that the
// benchmark times routing, not misses.
func TestRouting(t *testing.T) {
	for _, c := range routingCases(t) {
		for _, rr := range routingRouters {
			h := rr.load(c)
			reqs := c.reqs
			if reqs == nil {
				reqs = c.routes
			}
			for _, rt := range reqs {
				r, _ := http.NewRequest(rt.method, "/", nil)
				r.RequestURI, r.URL.Path = rt.path, rt.path
				w := &statusWriter{}
				h.ServeHTTP(w, r)
				if w.status != 0 && w.status != http.StatusOK {
					t.Errorf("%s %s: %s %s: %d", c.name, rr.name, rt.method, rt.path, w.status)
				}
			}
		}
	}
}

// statusWriter records the status a handler writes.
type statusWriter struct {
	mockResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(s int) { w.status = s }

// TestRoutingMemory logs the heap each router holds for each table after
// serving every route once, as go-http-routing-benchmark's "Loading"
// lines do, and the ratio of weburl's ServeMux to net/http's. Issue 36's
// floor is 1.0, which weburl does not meet on every table (4 December:
// GPlusAll 1.10, ParseAll 1.06; GithubAll 0.96, StaticAll 0.88, Param
// 0.94, Param5 0.91, Param20 0.63; ParamWrite, the routes of Param, 1.04
// when the registry's list of muxes grows within its figure). Until it
// does, the test fails past maxMemoryRatio, so that what was won is not
// lost. An earlier
// version collected once before each reading and showed net/http's mux
// holding some 37 KB more than it does: see heapInUse.
func TestRoutingMemory(t *testing.T) {
	// Each router once on a route of its own first, so that no figure
	// holds what a package makes once for all its routers (net/http's
	// HTTP/2 tables, urlpattern's compiled "*" components).
	for _, rr := range routingRouters {
		h := rr.load(routingCase{name: "warm", routes: []routingRoute{{"GET", "/warm/:name"}}})
		r, _ := http.NewRequest("GET", "/", nil)
		r.Method, r.RequestURI, r.URL.Path = "GET", "/warm/up", "/warm/up"
		h.ServeHTTP(new(mockResponseWriter), r)
	}
	for _, c := range routingCases(t) {
		held := map[string]int64{}
		for _, rr := range routingRouters {
			// The least of three: what the runtime or the test
			// framework allocates now and then within a window (a
			// timer, a goroutine's stack) is not in all three.
			for try := range 3 {
				before := heapInUse()
				h := rr.load(c)
				r, _ := http.NewRequest("GET", "/", nil)
				c.serveAll(h, new(mockResponseWriter), r)
				after := heapInUse()
				runtime.KeepAlive(h)
				if n := after - before; try == 0 || n < held[rr.name] {
					held[rr.name] = n
				}
			}
			t.Logf("%-10s %-10s %8d B", c.name, rr.name, held[rr.name])
		}
		ratio := float64(held["weburl"]) / float64(held["nethttp"])
		t.Logf("%-10s weburl / nethttp %.2f", c.name, ratio)
		if ratio > maxMemoryRatio {
			t.Errorf("%s: weburl's ServeMux holds %d B, net/http's %d B: %.2f times, past %.2f", c.name, held["weburl"], held["nethttp"], ratio, maxMemoryRatio)
		}
	}
}

// maxMemoryRatio is the most that TestRoutingMemory lets weburl's
// ServeMux hold beside net/http's on a table: issue 36's floor. On 4
// December weburl held 0.88 of it at most (GPlusAll).
const maxMemoryRatio = 1.0

func heapInUse() int64 {
	// Until a collection frees nothing more: what an earlier test left
	// (patterns a List held weakly, their cleanups) can take more than
	// one, and would otherwise be freed within a router's figure.
	var ms runtime.MemStats
	for last := int64(-1); ; {
		runtime.GC()
		runtime.ReadMemStats(&ms)
		if int64(ms.HeapAlloc) == last {
			return last
		}
		last = int64(ms.HeapAlloc)
	}
}

// BenchmarkRoutingRegister: building each router of each table, every
// route registered once (weburl's ServeMux checks each new pattern
// against every earlier one for shadowing), without serving.
func BenchmarkRoutingRegister(b *testing.B) {
	for _, c := range routingCases(b) {
		for _, rr := range routingRouters {
			b.Run(c.name+"/router="+rr.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					rr.load(c)
				}
			})
		}
	}
}
