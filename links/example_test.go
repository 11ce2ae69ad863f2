package links_test

import (
	"context"
	"errors"
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
// links, those of the page and those of its Link header field. It follows
// the navigations to its own origin, leaving out rel=nofollow, and reads
// the style sheets it finds with ExtractCSS, against their own URL.
func Example_crawl() {
	pages := map[string]string{
		"/docs/":         `<link rel=stylesheet href="/css/site.css"><a href="intro|1">Intro</a> <a rel="nofollow" href="/login">Log in</a>`,
		"/docs/intro|1":  `<a href="../docs/">Back</a> <a href="https://elsewhere.example/">Elsewhere</a> <img src="/img/logo.png">`,
		"/css/site.css":  `@import "theme.css"; body { background: url(../img/bg.png) }`,
		"/css/theme.css": `h1 { background: image-set("h1.avif" 1x, "h1@2x.avif" 2x) }`,
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
		if strings.HasSuffix(r.RequestURI, ".css") {
			w.Header().Set("Content-Type", "text/css")
		} else {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Header().Set("Link", `</docs/next>; rel=next, </css/print.css>; rel="alternate stylesheet"`)
		}
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
		var found []links.Link
		if strings.HasPrefix(resp.Header.Get("Content-Type"), "text/css") {
			found, err = links.ExtractCSS(resp.Body, doc, resp.Header.Get("Content-Type"))
		} else {
			found, err = links.Extract(resp.Body, doc, resp.Header.Get("Content-Type"))
			found = append(found, links.ParseLinkHeader(resp.Header.Values("Link"), doc)...)
		}
		resp.Body.Close()
		if err != nil {
			panic(err)
		}
		fmt.Println(resp.StatusCode, doc.Pathname())
		for _, l := range found {
			if l.Err != nil || seen[l.URL.Href()] {
				continue
			}
			switch nofollow := slices.Contains(strings.Fields(strings.ToLower(l.Rel)), "nofollow"); {
			case l.Kind == links.Navigation && !nofollow && weburl.SameOrigin(l.URL.Origin(), doc.Origin()):
				seen[l.URL.Href()] = true
				queue = append(queue, l.URL)
			case l.Kind == links.Resource && (l.Attr == "@import" || slices.Contains(strings.Fields(strings.ToLower(l.Rel)), "stylesheet")):
				seen[l.URL.Href()] = true
				queue = append(queue, l.URL) // a style sheet, read for its links
			case l.Kind == links.Resource:
				seen[l.URL.Href()] = true
				fmt.Println("  resource", l.URL.Pathname())
			}
		}
	}
	// Output:
	// 200 /docs/
	// 200 /css/site.css
	//   resource /img/bg.png
	// 200 /docs/intro|1
	//   resource /img/logo.png
	// 404 /docs/next
	// 404 /css/print.css
	// 200 /css/theme.css
	//   resource /css/h1.avif
	//   resource /css/h1@2x.avif
}

func ExampleExtractCSS() {
	sheet := weburl.MustParse("https://cdn.example.com/css/site.css")
	css := `@import url("theme.css") screen;
@font-face { font-family: Body; src: url(../fonts/body.woff2) format("woff2") }
.logo { background: image-set("logo.avif" 1x, "logo@2x.avif" 2x) }
.icon { mask: url(#shape) } /* a reference into the page: no link */
.bad { background: url(http://[::1) }`
	found, err := links.ExtractCSS(strings.NewReader(css), sheet, "text/css; charset=utf-8")
	if err != nil {
		panic(err)
	}
	for _, l := range found {
		if l.Err != nil {
			fmt.Printf("%s %q: %v\n", l.Attr, l.Raw, l.Err)
			continue
		}
		fmt.Println(l.Attr, l.URL)
	}
	// Output:
	// @import https://cdn.example.com/css/theme.css
	// url https://cdn.example.com/fonts/body.woff2
	// url https://cdn.example.com/css/logo.avif
	// url https://cdn.example.com/css/logo@2x.avif
	// url "http://[::1": weburl: parse "http://[::1" against "https://cdn.example.com/css/site.css": IPv6-unclosed
}

func ExampleParseLinkHeader() {
	// As resp.Header.Values("Link") gives them: one string per field line,
	// each a list of links.
	values := []string{
		`</page/3>; rel="next", </page/1>; rel=prev`,
		`<https://fonts.example/f.woff2>; rel=preload; as=font; crossorigin, <https://fonts.example>; rel=preconnect`,
	}
	page := weburl.MustParse("https://example.com/page/2")
	for _, l := range links.ParseLinkHeader(values, page) {
		fmt.Printf("%-10s %-11s %s\n", l.Kind, l.Rel, l.URL)
	}
	// Output:
	// navigation next        https://example.com/page/3
	// navigation prev        https://example.com/page/1
	// resource   preload     https://fonts.example/f.woff2
	//            preconnect  https://fonts.example/
}

func ExampleKind() {
	page := `<a href="/about">About</a> <link rel="icon" href="/favicon.ico">
<div style="background: url(/img/hero.jpg)"></div> <a href="/" ping="/track">Home</a>`
	doc := weburl.MustParse("https://example.com/")
	found, err := links.Extract(strings.NewReader(page), doc, "text/html")
	if err != nil {
		panic(err)
	}
	for _, l := range found {
		kind := l.Kind.String()
		if kind == "" {
			kind = "-"
		}
		fmt.Printf("%-10s <%s %s> %s\n", kind, l.Tag, l.Attr, l.URL.Pathname())
	}
	// Output:
	// navigation <a href> /about
	// resource   <link href> /favicon.ico
	// resource   <div style> /img/hero.jpg
	// navigation <a href> /
	// -          <a ping> /track
}

// A link that does not parse keeps its *weburl.Error, which errors.Is and
// errors.As read; a token over the Extractor's limit stops the extraction
// with ErrTokenTooLong, after the links before it.
func Example_errors() {
	page := weburl.MustParse("https://example.com/")
	found, err := links.Extract(strings.NewReader(`<a href="http://[::1/">x</a>`), page, "text/html")
	fmt.Println(len(found), err)
	var e *weburl.Error
	if errors.As(found[0].Err, &e) {
		fmt.Println(errors.Is(found[0].Err, weburl.IPv6Unclosed), e.Input, e.Base)
	}

	x := links.Extractor{MaxTokenSize: 4096}
	html := `<a href="/a">a</a><a title="` + strings.Repeat("x", 8192) + `">b</a>`
	found, err = x.Extract(strings.NewReader(html), page, "text/html")
	fmt.Println(len(found), errors.Is(err, links.ErrTokenTooLong))
	// Output:
	// 1 <nil>
	// true http://[::1/ https://example.com/
	// 1 true
}
