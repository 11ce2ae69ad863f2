package main

import (
	"bufio"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/julienschmidt/httprouter"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/urllists"
	"github.com/weburl/weburl/urlpattern"
	"github.com/weburl/weburl/webhttp"
)

// Routers on the route sets of $WEBURL_BENCH_DIR/routes (github.txt, 142
// routes with parameters; static.txt, 157 without): webhttp.ServeMux,
// net/http's ServeMux, httprouter and chi, each given every route as GET
// in its own syntax, and the same requests, read by http.ReadRequest from
// the bytes a client sends, so that RequestURI, Host and URL are what a
// server's handler gets. One op is one request, the requests taken in
// turn. cpu-ns/op is the process's CPU time (getrusage) beside the wall
// time of ns/op. -count N runs each sub-benchmark N times in a row; to
// interleave them, run the test binary N times, each run going through
// every sub-benchmark once, and take the medians:
//
//	go -C bench test -c -o /tmp/bench.test
//	for i in $(seq 8); do (cd bench && taskset -c 1 /tmp/bench.test -test.run '^$' -test.bench Routers -test.benchtime 200000x -test.benchmem); done

// routeSet is one file of routes, with a request path for each route: each
// ":name" becomes "xname9".
type routeSet struct {
	name, host string
	routes     []string
	paths      []string
}

func readRouteSet(tb testing.TB, file, host string, want int) routeSet {
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
	s := routeSet{name: strings.TrimSuffix(file, ".txt"), host: host}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		r := strings.TrimSpace(sc.Text())
		if r == "" {
			continue
		}
		s.routes = append(s.routes, r)
		s.paths = append(s.paths, param.ReplaceAllString(r, "x${1}9"))
	}
	if len(s.routes) != want {
		tb.Fatalf("%s: %d routes, want %d", file, len(s.routes), want)
	}
	return s
}

func routeSets(tb testing.TB) []routeSet {
	return []routeSet{
		readRouteSet(tb, "github.txt", "api.github.com", 142),
		readRouteSet(tb, "static.txt", "go.dev", 157),
	}
}

// requests returns the set's requests as a server reads them.
func (s routeSet) requests(tb testing.TB) []*http.Request {
	var rs []*http.Request
	for _, p := range s.paths {
		raw := "GET " + p + " HTTP/1.1\r\nHost: " + s.host + "\r\n\r\n"
		r, err := http.ReadRequest(bufio.NewReader(strings.NewReader(raw)))
		if err != nil {
			tb.Fatal(err)
		}
		rs = append(rs, r)
	}
	return rs
}

// braces writes ":name" as "{name}", the syntax of net/http and chi.
func braces(route string) string { return param.ReplaceAllString(route, "{${1}}") }

var noop = http.HandlerFunc(func(http.ResponseWriter, *http.Request) {})

// The routers, each with every route of a set.

func newWeburlMux(s routeSet) *webhttp.ServeMux {
	m := webhttp.NewServeMux()
	for _, r := range s.routes {
		m.Handle("GET "+r, noop)
	}
	return m
}

func newNetHTTPMux(s routeSet) *http.ServeMux {
	m := http.NewServeMux()
	for _, r := range s.routes {
		// "{$}": the route's path exactly, as the other routers match it.
		p := braces(r)
		if strings.HasSuffix(p, "/") {
			p += "{$}"
		}
		m.Handle("GET "+p, noop)
	}
	return m
}

func newHTTPRouter(s routeSet) *httprouter.Router {
	m := httprouter.New()
	for _, r := range s.routes {
		m.Handler("GET", r, noop)
	}
	return m
}

func newChi(s routeSet) *chi.Mux {
	m := chi.NewRouter()
	for _, r := range s.routes {
		m.Method("GET", braces(r), noop)
	}
	return m
}

func newRouteList(s routeSet) *urlpattern.List {
	var ps []*urlpattern.Pattern
	for _, r := range s.routes {
		ps = append(ps, urlpattern.MustNew("http://"+s.host+r, urlpattern.Options{}))
	}
	return urlpattern.NewList(ps...)
}

// TestRouters checks that every router routes every request of both sets
// to its own route, with the same parameters.
func TestRouters(t *testing.T) {
	for _, s := range routeSets(t) {
		reqs := s.requests(t)
		ours, std, hr, ch, l := newWeburlMux(s), newNetHTTPMux(s), newHTTPRouter(s), newChi(s), newRouteList(s)
		pr := newProbe(s)
		for i, r := range reqs {
			want := "GET " + s.routes[i]
			if _, p := ours.Handler(r); p != want {
				t.Errorf("%s: webhttp.ServeMux: %q, want %q", s.paths[i], p, want)
			}
			if _, p := std.Handler(r); p != "GET "+braces(s.routes[i]) && p != "GET "+braces(s.routes[i])+"{$}" {
				t.Errorf("%s: net/http: %q", s.paths[i], p)
			}
			h, ps, _ := hr.Lookup("GET", r.URL.Path)
			if h == nil {
				t.Errorf("%s: httprouter: no route", s.paths[i])
			}
			rctx := chi.NewRouteContext()
			if p := ch.Find(rctx, "GET", r.URL.Path); p != braces(s.routes[i]) {
				t.Errorf("%s: chi: %q", s.paths[i], p)
			}
			u, err := webhttp.RequestURL(r)
			if err != nil {
				t.Fatal(err)
			}
			k, res := l.Match(u)
			if k != i || l.Index(u) != i {
				t.Fatalf("%s: List: %d, %d, want %d", s.paths[i], k, l.Index(u), i)
			}
			// The same parameters, in the same order.
			var got, chiGot []string
			for _, g := range res.Pathname.Groups {
				got = append(got, g.Name+"="+g.Value)
			}
			var hrGot []string
			for _, p := range ps {
				hrGot = append(hrGot, p.Key+"="+p.Value)
			}
			for j, k := range rctx.URLParams.Keys {
				chiGot = append(chiGot, k+"="+rctx.URLParams.Values[j])
			}
			if strings.Join(got, "&") != strings.Join(hrGot, "&") || strings.Join(got, "&") != strings.Join(chiGot, "&") {
				t.Errorf("%s: groups %q, httprouter %q, chi %q", s.paths[i], got, hrGot, chiGot)
			}
			m, values := pr.serve(t, r)
			if m.Pathname.String() != res.Pathname.String() || strings.Join(values, "&") != strings.Join(hrGot, "&") {
				t.Errorf("%s: Match %v and path values %q, want %v", s.paths[i], m.Pathname.String(), values, res.Pathname.String())
			}
		}
	}
}

// probe is a ServeMux of a route set whose handlers record what they
// get: the groups of Match and the path values of the request.
type probe struct {
	mux    *webhttp.ServeMux
	res    *urlpattern.Result
	values []string
}

func newProbe(s routeSet) *probe {
	p := &probe{mux: webhttp.NewServeMux()}
	for _, route := range s.routes {
		p.mux.HandleFunc("GET "+route, func(_ http.ResponseWriter, r *http.Request) {
			p.res = webhttp.Match(r)
			for _, name := range param.FindAllStringSubmatch(route, -1) {
				p.values = append(p.values, name[1]+"="+r.PathValue(name[1]))
			}
		})
	}
	return p
}

func (p *probe) serve(t *testing.T, r *http.Request) (*urlpattern.Result, []string) {
	p.res, p.values = nil, nil
	p.mux.ServeHTTP(nil, r)
	if p.res == nil {
		t.Fatalf("%s: no Match", r.RequestURI)
	}
	return p.res, p.values
}

// discardWriter is a ResponseWriter that keeps nothing.
type discardWriter struct{}

func (discardWriter) Header() http.Header         { return http.Header{} }
func (discardWriter) Write(p []byte) (int, error) { return len(p), nil }
func (discardWriter) WriteHeader(int)             {}

// cpuTime is the process's user and system CPU time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// loop runs f on each request in turn, reporting CPU time per op.
func loop(b *testing.B, reqs []*http.Request, f func(*http.Request)) {
	for _, r := range reqs {
		f(r) // a first request builds what a router builds lazily
	}
	b.ReportAllocs()
	i := 0
	start := cpuTime()
	for b.Loop() {
		f(reqs[i])
		if i++; i == len(reqs) {
			i = 0
		}
	}
	b.ReportMetric(float64((cpuTime()-start).Nanoseconds())/float64(b.N), "cpu-ns/op")
}

var (
	sinkResult  *urlpattern.Result
	sinkHandler http.Handler
	sinkHandle  httprouter.Handle
)

// BenchmarkRouters: the lookup of each router, as what a dispatch needs:
// the handler and the parameters a handler can read.
func BenchmarkRouters(b *testing.B) {
	for _, s := range routeSets(b) {
		reqs := s.requests(b)
		ours, std, hr, ch, l := newWeburlMux(s), newNetHTTPMux(s), newHTTPRouter(s), newChi(s), newRouteList(s)
		urls := make([]*weburl.URL, len(reqs))
		for i, r := range reqs {
			urls[i], _ = webhttp.RequestURL(r)
		}
		b.Run("routes="+s.name+"/router=weburl-ServeMux.Handler", func(b *testing.B) {
			loop(b, reqs, func(r *http.Request) { sinkHandler, _ = ours.Handler(r) })
		})
		b.Run("routes="+s.name+"/router=httprouter-Lookup", func(b *testing.B) {
			loop(b, reqs, func(r *http.Request) {
				h, ps, _ := hr.Lookup(r.Method, r.URL.Path)
				sinkHandle, sink = h, sink+len(ps)
			})
		})
		b.Run("routes="+s.name+"/router=chi-Find", func(b *testing.B) {
			rctx := chi.NewRouteContext()
			loop(b, reqs, func(r *http.Request) {
				rctx.Reset()
				sink += len(ch.Find(rctx, r.Method, r.URL.Path))
			})
		})
		b.Run("routes="+s.name+"/router=nethttp-ServeMux.Handler", func(b *testing.B) {
			loop(b, reqs, func(r *http.Request) { sinkHandler, _ = std.Handler(r) })
		})
		// The whole dispatch to a handler that does nothing: what each
		// router does to hand the parameters over (path values and a
		// context for ours, a context for chi, a Params argument or
		// context for httprouter's http.Handler adapter).
		var w discardWriter
		for _, d := range []struct {
			name string
			h    http.Handler
		}{{"weburl-ServeMux", ours}, {"httprouter", hr}, {"chi", ch}, {"nethttp-ServeMux", std}} {
			b.Run("routes="+s.name+"/router="+d.name+".ServeHTTP", func(b *testing.B) {
				loop(b, reqs, func(r *http.Request) { d.h.ServeHTTP(w, r) })
			})
		}
		b.Run("routes="+s.name+"/router=weburl-RequestURL", func(b *testing.B) {
			loop(b, reqs, func(r *http.Request) {
				u, _ := webhttp.RequestURL(r)
				sink += len(u.Href())
			})
		})
		b.Run("routes="+s.name+"/router=List.Index", func(b *testing.B) {
			i := 0
			loop(b, reqs, func(*http.Request) {
				sink += l.Index(urls[i])
				if i++; i == len(urls) {
					i = 0
				}
			})
		})
		b.Run("routes="+s.name+"/router=List.Match-kept", func(b *testing.B) {
			i := 0
			loop(b, reqs, func(*http.Request) {
				k, res := l.Match(urls[i])
				sink, sinkResult = sink+k, res
				if i++; i == len(urls) {
					i = 0
				}
			})
		})
		// What any Result costs before a group is set: a Result kept
		// (320 bytes) with room for the set's "*" groups (4 of 40
		// bytes), one allocation as Match makes it. List.Match is this,
		// List.Index and the groups.
		b.Run("routes="+s.name+"/router=new-Result", func(b *testing.B) {
			type block struct {
				r urlpattern.Result
				g [4]urlpattern.Group
			}
			loop(b, reqs, func(r *http.Request) {
				blk := new(block)
				blk.r.Pathname.Input, blk.r.Username.Groups = r.RequestURI, blk.g[:1:1]
				sinkResult = &blk.r
			})
		})
		b.Run("routes="+s.name+"/router=List.Match", func(b *testing.B) {
			i := 0
			loop(b, reqs, func(*http.Request) {
				k, res := l.Match(urls[i])
				sink += k + len(res.Pathname.Groups)
				if i++; i == len(urls) {
					i = 0
				}
			})
		})
	}
}
