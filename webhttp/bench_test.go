package webhttp

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/shareddata"
)

// chainTransport answers /end with a 200 and any other path with a 302
// to /end, without a network.
type chainTransport struct{}

func (c chainTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	p := req.URL.Path
	if req.URL.Opaque != "" {
		p = req.URL.Opaque
	}
	if p == "/end" {
		return &http.Response{StatusCode: 200, Header: http.Header{}, Body: http.NoBody, Request: req}, nil
	}
	return &http.Response{StatusCode: 302, Header: http.Header{"Location": {"/end"}}, Body: http.NoBody, Request: req}, nil
}

func BenchmarkNewRequest(b *testing.B) {
	u := weburl.MustParse("https://example.com/a/b?c=d")
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := NewRequest(ctx, "GET", u, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// One redirect, followed by Do and by an http.Client on a Transport.
func BenchmarkRedirect(b *testing.B) {
	u := weburl.MustParse("https://example.com/start")
	ctx := context.Background()
	for _, e := range []struct {
		name string
		do   func(*http.Request) (*http.Response, error)
	}{
		{"Do", func(req *http.Request) (*http.Response, error) {
			return Do(&http.Client{Transport: chainTransport{}}, req)
		}},
		{"Transport", (&http.Client{Transport: &Transport{Base: chainTransport{}}}).Do},
	} {
		b.Run(e.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				req, _ := NewRequest(ctx, "GET", u, nil)
				resp, err := e.do(req)
				if err != nil || resp.StatusCode != 200 {
					b.Fatal(resp, err)
				}
			}
		})
	}
}

// routeTables are the route tables of go-http-routing-benchmark in
// $WEBURL_BENCH_DIR/routes.
var routeTables = []string{"github-api", "gplus", "parse", "static"}

// readRouteTable returns the patterns of the route table set: its
// "METHOD /path" lines, and "GET /path" for a line of a path alone.
func readRouteTable(b *testing.B, set string) []string {
	b.Helper()
	dir, err := shareddata.Dir("WEBURL_BENCH_DIR", "bench")
	if err != nil {
		b.Skip(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, "routes", set+".txt"))
	if err != nil {
		b.Skip(err)
	}
	var routes []string
	for line := range strings.Lines(string(data)) {
		if line = strings.TrimSpace(line); line != "" {
			if !strings.Contains(line, " ") {
				line = "GET " + line
			}
			routes = append(routes, line)
		}
	}
	return routes
}

// BenchmarkServeParts splits a request that ServeMux.ServeHTTP serves
// into what it does, on each route table, one op being a request for
// every route: its path as written, ":name" and all, as the bench
// module's BenchmarkRouting asks for it, with no Host; each route has a
// request of its own, made once (that benchmark reuses one):
//   - serve: the whole request, to a handler that does nothing;
//   - find: the route found (read, then the List's index, without the
//     values);
//   - read: the request's URL read as the mux matches it;
//   - match: the List's index alone, on the components read beforehand.
//
// What serve spends beyond find is the hand-over (the winner's values
// read from the path and set with SetPathValue, r.Pattern) and the call
// of the handler.
func BenchmarkServeParts(b *testing.B) {
	for _, set := range routeTables {
		routes := readRouteTable(b, set)
		m := NewServeMux()
		reqs := make([]*http.Request, len(routes))
		for i, pattern := range routes {
			m.HandleFunc(pattern, func(http.ResponseWriter, *http.Request) {})
			method, path, _ := strings.Cut(pattern, " ")
			reqs[i] = httptest.NewRequest(method, path, nil)
			reqs[i].Host = ""
		}
		t := m.load()
		w := &nopWriter{}
		b.Run(set+"/serve", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, r := range reqs {
					m.ServeHTTP(w, r)
				}
			}
		})
		b.Run(set+"/find", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, r := range reqs {
					var ru routedURL
					if rt, _ := m.find(r, t, &ru); rt == nil {
						b.Fatalf("%s %s: no route", r.Method, r.RequestURI)
					}
				}
			}
		})
		b.Run(set+"/read", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, r := range reqs {
					var ru routedURL
					if _, err := read(r, &m.Proxy, &ru, t.table(r.Method)); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
		mts := make([]*methodTable, len(reqs))
		rus := make([]routedURL, len(reqs))
		for i, r := range reqs {
			mts[i] = t.table(r.Method)
			if _, err := read(r, &m.Proxy, &rus[i], mts[i]); err != nil {
				b.Fatal(err)
			}
		}
		b.Run(set+"/match", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for i := range reqs {
					if mts[i].list.SetNamedMatch(&rus[i].v, nil) < 0 {
						b.Fatalf("%s %s: no match", reqs[i].Method, reqs[i].RequestURI)
					}
				}
			}
		})
	}
}
