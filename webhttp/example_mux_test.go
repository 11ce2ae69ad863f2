package webhttp_test

import (
	"bufio"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/weburl/weburl/webhttp"
)

func ExampleServeMux() {
	mux := webhttp.NewServeMux()
	// Specific patterns first: the first that matches wins.
	mux.HandleFunc("GET /users/me", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintln(w, "you")
	})
	mux.HandleFunc("GET /users/:id(\\d+)", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintln(w, "user", r.PathValue("id"))
	})
	// An optional version prefix, and two groups in one segment.
	mux.HandleFunc("GET {/:v(v1|v2)}?/repos/:owner/:repo/archive/:ref.:format(zip|tar\\.gz)", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintln(w, r.PathValue("v"), r.PathValue("owner"), r.PathValue("repo"), r.PathValue("ref"), r.PathValue("format"))
	})
	mux.HandleFunc("POST /users", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusCreated)
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()

	for _, path := range []string{"/users/me", "/users/42", "/users/x", "/v2/repos/golang/go/archive/go1.26.tar.gz", "/repos/a/b/archive/main.zip", "/users"} {
		resp, err := http.Get(srv.URL + path)
		if err != nil {
			panic(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		fmt.Printf("%s: %d %s %s", path, resp.StatusCode, resp.Header.Get("Allow"), body)
	}
	// Output:
	// /users/me: 200  you
	// /users/42: 200  user 42
	// /users/x: 404  404 page not found
	// /v2/repos/golang/go/archive/go1.26.tar.gz: 200  v2 golang go go1.26 tar.gz
	// /repos/a/b/archive/main.zip: 200   a b main zip
	// /users: 405 POST Method Not Allowed
}

func ExampleRequestURL() {
	// A request as a server reads it from the wire.
	r, err := http.ReadRequest(bufio.NewReader(strings.NewReader("GET /a|b/../c?q HTTP/1.1\r\nHost: Example.COM\r\n\r\n")))
	if err != nil {
		panic(err)
	}
	u, err := webhttp.RequestURL(r)
	if err != nil {
		panic(err)
	}
	fmt.Println(u)
	fmt.Println(r.URL) // net/http's: no scheme, no host, re-encoded
	// Output:
	// http://example.com/c?q
	// /a%7Cb/../c?q
}

func ExampleProxy_RequestURL() {
	// Behind one reverse proxy that writes Forwarded: the last element is
	// the proxy's; the first is the client's and not trusted.
	proxy := webhttp.Proxy{Header: webhttp.Forwarded}
	r, err := http.ReadRequest(bufio.NewReader(strings.NewReader("GET /login HTTP/1.1\r\nHost: 10.0.0.7:8080\r\n" +
		"Forwarded: host=evil.example, for=192.0.2.60;proto=https;host=example.com\r\n\r\n")))
	if err != nil {
		panic(err)
	}
	u, err := proxy.RequestURL(r)
	if err != nil {
		panic(err)
	}
	fmt.Println(u)
	plain, _ := webhttp.RequestURL(r)
	fmt.Println(plain)
	// Output:
	// https://example.com/login
	// http://10.0.0.7:8080/login
}

func ExampleMatch() {
	mux := webhttp.NewServeMux()
	mux.HandleFunc("/files/:name/*", func(w http.ResponseWriter, r *http.Request) {
		m := webhttp.Match(r) // undecoded, numbered groups too
		fmt.Println(m.Pathname.String())
		fmt.Println(r.PathValue("name")) // decoded
	})
	r := httptest.NewRequest("GET", "/files/a%2Fb/c/d", nil)
	mux.ServeHTTP(httptest.NewRecorder(), r)
	// Output:
	// name=a%2Fb 0=c/d
	// a/b
}
