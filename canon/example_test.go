package canon_test

import (
	"errors"
	"fmt"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/canon"
)

func ExampleProfile_Key() {
	crawler := canon.Crawler() // made once: each call copies its list
	for _, s := range []string{
		"https://www.example.com/%7Ea/?b=2&a=1&utm_source=news#top",
		"https://user@example.com/~a/?a=1&b=2&fbclid=xyz",
	} {
		fmt.Println(crawler.Key(weburl.MustParse(s)))
	}
	// A profile of one's own: the zero value applies no step.
	p := canon.Profile{DropFragment: true, TrailingSlash: canon.SlashRemove}
	fmt.Println(p.Key(weburl.MustParse("https://example.com/docs/#intro")))
	// Output:
	// https://example.com/~a/?a=1&b=2
	// https://example.com/~a/?a=1&b=2
	// https://example.com/docs
}

func ExampleSURT() {
	u := weburl.MustParse("http://www.Example.com/a?b=2&a=1")
	fmt.Println(canon.SURT(u))
	fmt.Println(canon.SURTWith(u, canon.SURTOptions{WithScheme: true, TrailingComma: true}))
	// Output:
	// com,example)/a?a=1&b=2
	// http://(com,example,)/a?a=1&b=2
}

func ExampleSafeBrowsing() {
	for _, s := range []string{
		"http://3279880203/blah",
		"http://www.GOOgle.com.../a/../b//c?q#frag",
		"mailto:someone@example.com",
	} {
		c, err := canon.SafeBrowsing(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(c)
	}
	// Output:
	// http://195.127.0.11/blah
	// http://www.google.com/b/c?q
	// canon: safe browsing "mailto:someone@example.com": no host
}

func ExampleSafeBrowsingExpressions() {
	c, _ := canon.SafeBrowsing("http://a.b.c/1/2.html?param=1")
	for _, e := range canon.SafeBrowsingExpressions(c) {
		fmt.Println(e)
	}
	// Output:
	// a.b.c/1/2.html?param=1
	// a.b.c/1/2.html
	// a.b.c/
	// a.b.c/1/
	// b.c/1/2.html?param=1
	// b.c/1/2.html
	// b.c/
	// b.c/1/
}

// The steps a crawler may turn on beyond Crawler's, for servers that treat
// these URLs as one.
func ExampleProfile_crawlerSteps() {
	p := canon.Crawler()
	p.ForceHTTPS = true
	p.AddWWW = false
	p.CollapseSlashes = true
	p.DropIndex = canon.DirectoryIndexes()
	p.DropSessionIDs = true
	p.EncodeLonePercent = true
	for _, s := range []string{
		"http://www.example.com//docs///index.html?jsessionid=0123456789ABCDEF0123456789ABCDEF",
		"https://example.com/docs/Default.aspx#top",
		"https://example.com/cart;jsessionid=1A2B3C/checkout?discount=100%",
	} {
		fmt.Println(p.Key(weburl.MustParse(s)))
	}
	// AddWWW goes the other way from Crawler's DropWWW: Check tells.
	fmt.Println(canon.Profile{DropWWW: true, AddWWW: true}.Check())
	// Output:
	// https://example.com/docs/
	// https://example.com/docs/
	// https://example.com/cart/checkout?discount=100%25
	// canon: check DropWWW and AddWWW: the two steps contradict each other (the first wins)
}

// ForceHTTP is purell's FlagForceHTTP: https becomes http, and the port
// 80 goes as http's default.
func ExampleProfile_forceHTTP() {
	p := canon.Profile{ForceHTTP: true}
	for _, s := range []string{"https://example.com/a", "https://example.com:80/", "https://example.com:8443/"} {
		fmt.Println(p.Key(weburl.MustParse(s)))
	}
	// Output:
	// http://example.com/a
	// http://example.com/
	// http://example.com:8443/
}

// The errors are *canon.Error; errors.Is tells the reason.
func ExampleError() {
	_, err := canon.SafeBrowsing("mailto:someone@example.com")
	fmt.Println(errors.Is(err, canon.ErrNoHost))
	var e *canon.Error
	if errors.As(err, &e) {
		fmt.Printf("%s of %q\n", e.Op, e.Input)
	}
	err = canon.Profile{DropIndex: []string{"docs/index.html"}}.Check()
	fmt.Println(errors.Is(err, canon.ErrNoSegment))
	fmt.Println(err)
	// Output:
	// true
	// safe browsing of "mailto:someone@example.com"
	// true
	// canon: check DropIndex "docs/index.html": matches no path segment: an index name is not empty, not "." or "..", and has no '/'
}

func ExampleProfile_addWWW() {
	p := canon.Profile{AddWWW: true}
	for _, s := range []string{"https://example.co.uk/", "https://blog.example.com/", "http://localhost:8080/"} {
		fmt.Println(p.Key(weburl.MustParse(s)))
	}
	// Output:
	// https://www.example.co.uk/
	// https://blog.example.com/
	// http://localhost:8080/
}
