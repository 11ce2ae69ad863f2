package webhttp_test

import (
	"context"
	"errors"
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

// A data: URL found in a page is fetched as a browser fetches it, without
// a network: 200, its MIME type as Content-Type, its decoded body.
func ExampleDo_dataURL() {
	u := weburl.MustParse("data:image/svg+xml;charset=utf-8;base64,PHN2Zy8+")
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
	fmt.Println(resp.Status, resp.Header.Get("Content-Type"), string(body))

	// No "," after the type: an error, as fetch() rejects it.
	req, _ = webhttp.NewRequest(context.Background(), http.MethodGet, weburl.MustParse("data:text/plain"), nil)
	_, err = webhttp.Do(http.DefaultClient, req)
	fmt.Println(err)
	// Output:
	// 200 OK image/svg+xml;charset=utf-8 <svg/>
	// Get "data:text/plain": dataurl: process "data:text/plain": no U+002C (,) follows the MIME type
}

// An http.Client on a Transport follows redirects as a browser does: the
// Location "/a|b" goes out as it is (net/http's own redirect would send
// /a%7Cb), and a refused redirect's reason is an errors.Is away.
func ExampleTransport() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.RequestURI {
		case "/start":
			w.Header()["Location"] = []string{"/a|b"}
			w.WriteHeader(http.StatusFound)
		case "/ftp":
			w.Header()["Location"] = []string{"ftp://example.com/"}
			w.WriteHeader(http.StatusFound)
		default:
			fmt.Fprint(w, r.RequestURI)
		}
	}))
	defer srv.Close()
	client := &http.Client{Transport: &webhttp.Transport{}}

	resp, err := client.Get(srv.URL + "/start")
	if err != nil {
		fmt.Println(err)
		return
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	fmt.Println(resp.StatusCode, string(body))

	_, err = client.Get(srv.URL + "/ftp")
	var e *webhttp.Error
	fmt.Println(errors.Is(err, webhttp.ErrNotHTTP), errors.As(err, &e) && e.URL == "ftp://example.com/")
	// Output:
	// 200 /a|b
	// true true
}
