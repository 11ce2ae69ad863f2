package webhttp_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/webhttp"
)

func ExampleDo() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/old" {
			// net/http's Client would ask for /new%7Cpage instead.
			http.Redirect(w, r, "/new|page", http.StatusMovedPermanently)
			return
		}
		fmt.Fprintf(w, "%s %s", r.Method, r.RequestURI)
	}))
	defer srv.Close()

	u, err := weburl.Parse(srv.URL + "/old")
	if err != nil {
		panic(err)
	}
	req, err := webhttp.NewRequest(context.Background(), http.MethodGet, u, nil)
	if err != nil {
		panic(err)
	}
	resp, err := webhttp.Do(http.DefaultClient, req)
	if err != nil {
		panic(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	fmt.Println(resp.StatusCode, string(body))
	// Output: 200 GET /new|page
}

func ExampleResponseURL() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/posts" {
			// After a POST, 303 See Other: the browser GETs the new post.
			w.Header().Set("Location", "/posts/42")
			w.WriteHeader(http.StatusSeeOther)
			return
		}
		fmt.Fprintf(w, `<a href="comments">%s %s</a>`, r.Method, r.RequestURI)
	}))
	defer srv.Close()

	u := weburl.MustParse(srv.URL + "/posts#new")
	req, err := webhttp.NewRequest(context.Background(), http.MethodPost, u, strings.NewReader("title=hello"))
	if err != nil {
		panic(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := webhttp.Do(nil, req)
	if err != nil {
		panic(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	page := webhttp.ResponseURL(resp) // the document's URL: the base of its links
	link, _ := page.Parse("comments")
	fmt.Println(string(body))
	fmt.Println(page.Pathname(), page.Hash())
	fmt.Println(link.Pathname())
	// Output:
	// <a href="comments">GET /posts/42</a>
	// /posts/42 #new
	// /posts/comments
}

func ExampleSetBasicAuthFromURL() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		user, pass, ok := r.BasicAuth()
		fmt.Fprintf(w, "%s: %q %q %v", r.URL.Path, user, pass, ok)
	}))
	defer srv.Close()

	// The credentials of a URL are not sent unless asked for.
	u := weburl.MustParse(strings.Replace(srv.URL, "//", "//crawler:s%40fe@", 1) + "/private")
	for _, ask := range []bool{false, true} {
		req, err := webhttp.NewRequest(context.Background(), http.MethodGet, u, nil)
		if err != nil {
			panic(err)
		}
		if ask {
			webhttp.SetBasicAuthFromURL(req)
		}
		resp, err := webhttp.Do(nil, req)
		if err != nil {
			panic(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		fmt.Println(string(body))
	}
	// Output:
	// /private: "" "" false
	// /private: "crawler" "s@fe" true
}
