package webhttp

import (
	"crypto/tls"
	"net/http"
	"net/url"
	"testing"
)

// TestStaticRoutes holds find's shortcut for static routes (read with a
// method table: methodTable.exact and static, route.verbatim)
// equal to the way of every other request, read without the table and
// then AppendNamedMatch: the same route and the same reading of the URL,
// for the static paths of verbatim and other patterns, spelt as they are
// and otherwise (a query, a trailing slash, a dot segment, an escape, case,
// bytes that net/url escapes), with and without a Host, over TLS or not.
// It also checks that the shortcut is taken where it should be.
func TestStaticRoutes(t *testing.T) {
	patterns := []string{
		"GET /a/b",
		"GET /doc/x.html",
		"/users/:id#x",
		"GET /users/me", // after a pattern that matches its path, with a hash to compare
		"GET /d/!x",     // not plain: net/url escapes '!'
		"GET /e/~f",
		"GET /g/A",
		"GET /h/",
		"GET /files/list",
		"GET /files/*",
		"GET /%7Ei",        // "/~i" in normal form
		"GET /j/caf%C3%A9", // not plain
		"GET /search?q=:q",
		"GET /search/all?x=1", // a literal query to compare
		// A pattern of a regular expression is a candidate for every path
		// (the List files it at the root), and so comes before /n/1.
		"GET /n/:d([a-z]+)",
		"GET /n/1",
	}
	m := NewServeMux()
	for _, p := range patterns {
		m.HandleFunc(p, func(http.ResponseWriter, *http.Request) {})
	}
	t0 := m.load()
	mt := t0.get
	var targets []string
	for _, path := range []string{"/a/b", "/doc/x.html", "/users/me", "/d/!x", "/e/~f", "/e/%7Ef", "/g/A", "/g/a", "/h/", "/h",
		"/files/list", "/files/x", "/n/1", "/n/2", "/~i", "/%7ei", "/j/caf%C3%A9", "/j/caf%c3%a9", "/search", "/search/all", "/a/./b", "/a/b/..", "/a/%62", "/A/b", "/a/b/", "/a//b", "/doc/x.htm"} {
		targets = append(targets, path, path+"?", path+"?x=1", path+"?q=%41", path+"#f", path+"?a b")
	}
	fired := map[string]bool{}
	for _, target := range targets {
		for _, host := range []string{"", "h", "H:80", "h:443", "h.invalid", "[::1]", "h%41"} {
			for _, isTLS := range []bool{false, true} {
				r := &http.Request{Method: "GET", Host: host, RequestURI: target, Header: http.Header{}, URL: &url.URL{Path: target}}
				if isTLS {
					r.TLS = &tls.ConnectionState{}
				}
				var got, want routedURL
				rt, gotErr := read(r, &m.Proxy, &got, mt)
				_, wantErr := read(r, &m.Proxy, &want, nil)
				if (gotErr == nil) != (wantErr == nil) {
					t.Fatalf("read(%q, Host %q): error %v, without the table %v", target, host, gotErr, wantErr)
				}
				if gotErr != nil {
					continue
				}
				if got != want {
					t.Errorf("read(%q, Host %q, TLS %v) = %+v, without the table %+v", target, host, isTLS, got, want)
				}
				var wantRoute *route
				if i, _ := mt.list.AppendNamedMatch(nil, &want.v); i >= 0 {
					wantRoute = mt.routes[i]
				}
				if rt != nil && rt != wantRoute {
					t.Errorf("read(%q, Host %q, TLS %v) finds %q, AppendNamedMatch %v", target, host, isTLS, rt.pattern, wantRoute)
				}
				findRoute, _ := m.find(r, t0, new(routedURL))
				if findRoute != wantRoute {
					t.Errorf("find(%q, Host %q, TLS %v) = %v, want %v", target, host, isTLS, findRoute, wantRoute)
				}
				if rt != nil {
					fired[target] = true
				}
			}
		}
	}
	// The verbatim static routes, the first to match their own path.
	for _, target := range []string{"/a/b", "/doc/x.html", "/e/~f", "/g/A", "/files/list", "/~i"} {
		if !fired[target] {
			t.Errorf("no static shortcut for %q", target)
		}
	}
	// Not the literal's own route, not plain, not the path as it is, a
	// query: the way of every request.
	for _, target := range []string{"/users/me", "/n/1", "/files/x", "/d/!x", "/j/caf%C3%A9", "/search", "/search/all", "/a/./b", "/a/%62", "/a/b?", "/a/b?x=1", "/e/%7Ef", "/%7ei"} {
		if fired[target] {
			t.Errorf("static shortcut for %q", target)
		}
	}
}

// A static route takes the shortcut only where the List's answer for its
// path holds for every scheme and host: not when a pattern of the table
// names a host, which the request's must then be compared with. Such
// requests are routed the way of every other. Where two verbatim routes
// share a path, the first files it.
func TestStaticRoutesHosts(t *testing.T) {
	for _, tt := range []struct {
		patterns []string
		method   string
		target   string
		host     string
		want     string // the pattern that serves it; "" for 404
		shortcut bool
	}{
		{[]string{"GET http://h.example/a", "GET /b"}, "GET", "/a", "h.example", "GET http://h.example/a", false},
		{[]string{"GET http://h.example/a", "GET /b"}, "GET", "/b", "h.example", "GET /b", false},
		{[]string{"GET http://h.example/a", "GET /b"}, "GET", "/a", "other.example", "", false},
		{[]string{"GET http://h.example/a"}, "GET", "/a", "h.example", "GET http://h.example/a", false},
		{[]string{"GET http://h.example/a"}, "GET", "/a", "", "", false},
		{[]string{"GET *://h.example/a"}, "GET", "/a", "h.example", "GET *://h.example/a", false},
		{[]string{"GET https://*/a"}, "GET", "/a", "h.example", "", false},
		{[]string{"GET /a", "/a"}, "GET", "/a", "h.example", "GET /a", true},
		{[]string{"GET /a", "/a"}, "POST", "/a", "h.example", "/a", true},
		{[]string{"GET /a", "/a"}, "GET", "/a/", "h.example", "", false},
	} {
		m := NewServeMux()
		for _, p := range tt.patterns {
			m.HandleFunc(p, func(http.ResponseWriter, *http.Request) {})
		}
		r := &http.Request{Method: tt.method, Host: tt.host, RequestURI: tt.target, Header: http.Header{}, URL: &url.URL{Path: tt.target}}
		mt := m.load().table(tt.method)
		if shortcut := mt.static != nil && mt.static.exact.Find(tt.target) != nil; shortcut != tt.shortcut {
			t.Errorf("%q: %s %s: a static shortcut %v, want %v", tt.patterns, tt.method, tt.target, shortcut, tt.shortcut)
		}
		if _, got := m.Handler(r); got != tt.want {
			t.Errorf("%q: %s %s from %q routed to %q, want %q", tt.patterns, tt.method, tt.target, tt.host, got, tt.want)
		}
	}
}
