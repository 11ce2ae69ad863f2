package links_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/links"
	"github.com/weburl/weburl/webhttp"
)

func ExampleExtract() {
	page := `<!doctype html>
<html><head>
<meta charset="utf-8">
<base href="https://cdn.example.com/assets/">
<link rel="stylesheet" href="site.css">
</head><body>
<a href="/about">About</a>
<img src="logo.png" srcset="logo-2x.png 2x, logo-3x.png 3x">
<a href="http://[::1">broken</a>
</body></html>`
	doc := weburl.MustParse("https://example.com/blog/post.html")
	found, err := links.Extract(strings.NewReader(page), doc, "text/html")
	if err != nil {
		panic(err)
	}
	for _, l := range found {
		if l.Err != nil {
			fmt.Printf("%s %s: %v\n", l.Tag, l.Attr, l.Err)
			continue
		}
		fmt.Printf("%s %s: %s\n", l.Tag, l.Attr, l.URL)
	}
	// Output:
	// link href: https://cdn.example.com/assets/site.css
	// a href: https://cdn.example.com/about
	// img src: https://cdn.example.com/assets/logo.png
	// img srcset: https://cdn.example.com/assets/logo-2x.png
	// img srcset: https://cdn.example.com/assets/logo-3x.png
	// a href: weburl: parse "http://[::1" against "https://cdn.example.com/assets/": IPv6-unclosed
}

func ExampleAll() {
	// A Shift_JIS page: テスト is 83 65 83 58 83 67 there. The query of an
	// http(s) link is percent-encoded in the page's encoding, as a browser
	// sends it.
	page := "<meta charset=\"shift_jis\"><a href=\"/search?q=\x83e\x83X\x83g\">search</a>"
	doc := weburl.MustParse("https://example.com/")
	for l, err := range links.All(strings.NewReader(page), doc, "") {
		if err != nil {
			panic(err)
		}
		fmt.Println(l.Raw, "->", l.URL)
	}
	// Output:
	// /search?q=テスト -> https://example.com/search?q=%83e%83X%83g
}

// A small crawler: webhttp fetches each page as a browser would, following
// redirects, and its ResponseURL is the document's URL, the base of the
// links. Links marked rel=nofollow and links to other origins are not
// followed.
func Example_crawl() {
	pages := map[string]string{
		"/docs/":        `<link rel=canonical href="/docs/"><a href="intro|1">Intro</a> <a rel="nofollow" href="/login">Log in</a>`,
		"/docs/intro|1": `<a href="../docs/">Back</a> <a href="https://elsewhere.example/">Elsewhere</a>`,
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.RequestURI == "/" {
			http.Redirect(w, r, "/docs/", http.StatusFound)
			return
		}
		page, ok := pages[r.RequestURI]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, page)
	}))
	defer srv.Close()

	start := weburl.MustParse(srv.URL + "/")
	queue := []*weburl.URL{start}
	seen := map[string]bool{start.Href(): true}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		req, err := webhttp.NewRequest(context.Background(), http.MethodGet, u, nil)
		if err != nil {
			panic(err)
		}
		resp, err := webhttp.Do(http.DefaultClient, req)
		if err != nil {
			fmt.Println(err)
			continue
		}
		doc := webhttp.ResponseURL(resp)
		seen[doc.Href()] = true
		found, err := links.Extract(resp.Body, doc, resp.Header.Get("Content-Type"))
		resp.Body.Close()
		if err != nil {
			panic(err)
		}
		fmt.Println(resp.StatusCode, doc.Pathname())
		for _, l := range found {
			nofollow := slices.Contains(strings.Fields(strings.ToLower(l.Rel)), "nofollow")
			if l.Err != nil || nofollow || !weburl.SameOrigin(l.URL.Origin(), doc.Origin()) {
				continue
			}
			if !seen[l.URL.Href()] {
				seen[l.URL.Href()] = true
				queue = append(queue, l.URL)
			}
		}
	}
	// Output:
	// 200 /docs/
	// 200 /docs/intro|1
}
