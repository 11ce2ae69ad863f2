package urlpattern_test

import (
	"errors"
	"fmt"
	"net/http/httptest"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/urlpattern"
)

func Example() {
	p, err := urlpattern.New("https://example.com/books/:id(\\d+)", urlpattern.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Println(p.Test("https://example.com/books/42"))
	fmt.Println(p.Test("https://example.com/books/dune"))
	r := p.Exec("https://example.com/books/42?lang=en")
	id, _ := r.Pathname.Get("id")
	fmt.Println(id, r.Search.Input)
	// Output:
	// true
	// false
	// 42 lang=en
}

func ExampleNewInit() {
	// Go 1.26's new(expr) writes an Init member in place.
	p, err := urlpattern.NewInit(urlpattern.Init{Pathname: new("/books/:id")}, urlpattern.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Printf("%s %s %s\n", p.Protocol(), p.Hostname(), p.Pathname())
	r := p.Exec("https://any.example/books/dune")
	fmt.Println(r.Pathname.String())
	// Output:
	// * * /books/:id
	// id=dune
}

func ExampleNewWithBase() {
	p, err := urlpattern.NewWithBase("../admin/*", "https://discussion.example/forum/?page=2", urlpattern.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Println(p.Hostname(), p.Pathname())
	fmt.Println(p.Test("https://discussion.example/admin/"))
	fmt.Println(p.Test("https://discussion.example/forum/admin/"))
	// Output:
	// discussion.example /admin/*
	// true
	// false
}

func ExampleGroup_matched() {
	// An optional group that is skipped is undefined in JavaScript:
	// Matched is false.
	p := urlpattern.MustNew("https://example.com/products/:id?", urlpattern.Options{})
	for _, u := range []string{"https://example.com/products/7", "https://example.com/products"} {
		g := p.Exec(u).Pathname.Groups[0]
		fmt.Printf("%s: %q matched=%v\n", g.Name, g.Value, g.Matched)
	}
	// Output:
	// id: "7" matched=true
	// id: "" matched=false
}

func ExamplePattern_Match() {
	// A URL parsed once can be matched against many patterns.
	u := weburl.MustParse("https://shop.example/products/74205#reviews")
	p := urlpattern.MustNew("http{s}?://{:subdomain.}?shop.example/products/:id([0-9]+)#reviews", urlpattern.Options{})
	r := p.Match(u)
	fmt.Println(r.Hostname.String(), r.Pathname.String())
	// Output:
	// subdomain=undefined id=74205
}

func ExampleList() {
	routes := urlpattern.NewList(
		urlpattern.MustNew("https://api.example.com/repos/:owner/:repo", urlpattern.Options{}),
		urlpattern.MustNew("https://api.example.com/repos/:owner/:repo/issues/:number(\\d+)", urlpattern.Options{}),
		urlpattern.MustNew("https://api.example.com/*", urlpattern.Options{}),
	)
	for _, s := range []string{
		"https://api.example.com/repos/weburl/weburl/issues/18",
		"https://api.example.com/users",
		"https://www.example.com/",
	} {
		i, r := routes.Match(weburl.MustParse(s))
		if r == nil {
			fmt.Println(i)
			continue
		}
		fmt.Println(i, r.Pathname.String())
	}
	// Output:
	// 1 owner=weburl repo=weburl number=18
	// 2 0=users
	// -1
}

func ExampleList_AppendNamedMatch() {
	routes := urlpattern.NewList(
		urlpattern.MustNew("https://api.example.com/repos/:owner/:repo", urlpattern.Options{}),
		urlpattern.MustNew("https://api.example.com/*", urlpattern.Options{}),
	)
	var buf [4]urlpattern.Group // room for the groups: no allocation
	for _, c := range []urlpattern.Components{
		// Components a caller holds without a parsed URL.
		{urlpattern.Protocol: "https", urlpattern.Hostname: "api.example.com", urlpattern.Pathname: "/repos/weburl/weburl"},
		// A parsed URL's.
		urlpattern.ComponentsOf(weburl.MustParse("https://api.example.com/users?page=2")),
	} {
		i, groups := routes.AppendNamedMatch(buf[:0], &c)
		fmt.Print(i)
		for _, g := range groups {
			fmt.Printf(" %s=%s", g.Name, g.Value)
		}
		fmt.Println()
	}
	// Output:
	// 0 owner=weburl repo=weburl
	// 1
}

// A router built on net/http hands the groups to the request it serves,
// with no buffer of its own.
func ExampleList_SetNamedMatch() {
	routes := urlpattern.NewList(
		urlpattern.MustNew("https://api.example.com/repos/:owner/:repo", urlpattern.Options{}),
		urlpattern.MustNew("https://api.example.com/*", urlpattern.Options{}),
	)
	r := httptest.NewRequest("GET", "https://api.example.com/repos/weburl/weburl", nil)
	c := urlpattern.ComponentsOf(weburl.MustParse(r.URL.String()))
	i := routes.SetNamedMatch(&c, r) // *http.Request is a PathValueSetter
	fmt.Println(i, r.PathValue("owner"), r.PathValue("repo"))
	// Output:
	// 0 weburl weburl
}

func ExamplePattern_Generate() {
	p := urlpattern.MustNew("https://example.com/users/:id/posts/:post", urlpattern.Options{})
	s, err := p.Generate(urlpattern.Pathname, map[string]string{"id": "42", "post": "héllo"})
	fmt.Println(s, err)
	_, err = p.Generate(urlpattern.Pathname, map[string]string{"id": "4/2", "post": "x"})
	fmt.Println(err != nil)
	// Output:
	// /users/42/posts/h%C3%A9llo <nil>
	// true
}

func ExampleCompareComponent() {
	a := urlpattern.MustNew("https://example.com/foo/:bar", urlpattern.Options{})
	b := urlpattern.MustNew("https://example.com/foo/*", urlpattern.Options{})
	fmt.Println(urlpattern.CompareComponent(urlpattern.Pathname, a, b))
	// Output:
	// 1
}

// errors.Is finds why a pattern cannot be built, one of the Err
// sentinels; errors.As gives the *Error, with the component and the
// offset, and the error underneath where there is one.
func ExampleError() {
	_, err := urlpattern.New("https://example.com/:id((?=\\d)\\w+)", urlpattern.Options{})
	fmt.Println(errors.Is(err, urlpattern.ErrRegexp), errors.Is(err, urlpattern.ErrSyntax))
	var e *urlpattern.Error
	if errors.As(err, &e) {
		fmt.Println(e.Op, e.Component, e.Offset)
	}
	_, err = urlpattern.NewWithBase("/books/:id", "not a URL", urlpattern.Options{})
	var we *weburl.Error
	fmt.Println(errors.Is(err, urlpattern.ErrBaseURL), errors.As(err, &we) && we.Err == weburl.MissingSchemeNonRelativeURL)
	// Output:
	// true false
	// new pathname 24
	// true true
}

// A server that takes patterns from its users bounds what building one
// may take; the default, 48 MiB, is meant for patterns of up to 64 KiB.
func ExampleOptions_compileBudget() {
	opts := urlpattern.Options{CompileBudget: 1 << 20}
	_, err := urlpattern.New(`https://example.com/:emoji(\p{RGI_Emoji})`, opts)
	var e *urlpattern.Error
	if errors.As(err, &e) {
		fmt.Println(e.Component, e.Offset, errors.Is(err, urlpattern.ErrBudget))
	}
	_, err = urlpattern.New(`https://example.com/:id(\d+)`, opts)
	fmt.Println(err)
	// Output:
	// pathname 27 true
	// <nil>
}
