package webhttp_test

import (
	"fmt"
	"net/http"

	"github.com/weburl/weburl/webhttp"
)

func ExampleServeMux_Overlaps() {
	mux := webhttp.NewServeMux()
	noop := func(http.ResponseWriter, *http.Request) {}
	mux.HandleFunc("GET /articles/feed", noop)
	mux.HandleFunc("GET /articles/:slug", noop) // takes every article but the feed
	mux.HandleFunc("DELETE /articles/:slug", noop)
	mux.HandleFunc("/articles/*", noop) // any other method, and deeper paths
	for _, o := range mux.Overlaps() {
		fmt.Printf("%s: %q first\n", o.Pattern, o.By)
	}

	// A pattern that can never be chosen is refused.
	defer func() { fmt.Println(recover()) }()
	mux.HandleFunc("GET /articles/new", noop)
	// Output:
	// GET /articles/:slug: ["GET /articles/feed"] first
	// /articles/*: ["GET /articles/feed" "GET /articles/:slug" "DELETE /articles/:slug"] first
	// webhttp: pattern "GET /articles/new" can never be chosen: "GET /articles/:slug", registered before it, matches every request it matches
}
