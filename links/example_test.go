package links_test

import (
	"fmt"
	"strings"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/links"
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
