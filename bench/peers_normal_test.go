package main

import (
	"bufio"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"

	"github.com/weburl/weburl/webhttp"
)

// normalFormTargets are request targets that spell one path several ways,
// routed by webhttp.ServeMux, net/http's ServeMux and chi with the same
// routes; docs/serving.md's table is what this test asserts. net/http
// matches the decoded path segment by segment; chi matches r.URL.RawPath
// where net/url keeps one (an escape it would not have written, such as
// "%65" or lower-case hex) and the decoded r.URL.Path otherwise.
var normalFormTargets = []struct {
	target               string
	weburl, nethttp, chi string // the route and value each router gives
}{
	{"/api/articles/feed", "feed", "feed", "feed"},
	{"/api/articles/fe%65d", "feed", "feed", "slug=fe%65d"},
	{"/api/articles/fe%2564", "slug=fe%64", "slug=fe%64", "slug=fe%64"},
	{"/api/articles/a%2Fb", "slug=a/b", "slug=a/b", "slug=a%2Fb"},
	{"/caf%C3%A9", "cafe", "cafe", "cafe"},
	{"/caf%c3%a9", "cafe", "cafe", "404"},
	{"/caf\u00e9", "cafe", "cafe", "cafe"},
}

// readTarget reads a request as a server does from the bytes a client
// sends.
func readTarget(t *testing.T, target string) *http.Request {
	r, err := http.ReadRequest(bufio.NewReader(strings.NewReader("GET " + target + " HTTP/1.1\r\nHost: h\r\n\r\n")))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestNormalFormPeers(t *testing.T) {
	answer := func(name string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			if name != "slug" {
				w.Write([]byte(name))
				return
			}
			v := r.PathValue("slug")
			if v == "" {
				v = chi.URLParam(r, "slug")
			}
			w.Write([]byte("slug=" + v))
		}
	}
	ours := webhttp.NewServeMux()
	ours.Handle("GET /api/articles/feed", answer("feed"))
	ours.Handle("GET /api/articles/:slug", answer("slug"))
	ours.Handle("GET /caf%c3%a9", answer("cafe"))
	std := http.NewServeMux()
	std.Handle("GET /api/articles/feed", answer("feed"))
	std.Handle("GET /api/articles/{slug}", answer("slug"))
	std.Handle("GET /café", answer("cafe"))
	ch := chi.NewRouter()
	ch.Method("GET", "/api/articles/feed", answer("feed"))
	ch.Method("GET", "/api/articles/{slug}", answer("slug"))
	ch.Method("GET", "/caf\u00e9", answer("cafe"))
	serve := func(h http.Handler, target string) string {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, readTarget(t, target))
		if w.Code != 200 {
			return "404"
		}
		return w.Body.String()
	}
	for _, tc := range normalFormTargets {
		got := [3]string{serve(ours, tc.target), serve(std, tc.target), serve(ch, tc.target)}
		if got != [3]string{tc.weburl, tc.nethttp, tc.chi} {
			t.Errorf("%s: weburl %q, net/http %q, chi %q; want %q %q %q", tc.target, got[0], got[1], got[2], tc.weburl, tc.nethttp, tc.chi)
		}
	}
}
