package urlpattern_test

import (
	"fmt"

	"github.com/weburl/weburl/urlpattern"
)

func ExampleList_MatchLiteral() {
	// Routes of a server: the components a pattern does not name are "*".
	route := func(path string) *urlpattern.Pattern {
		p, err := urlpattern.NewInit(urlpattern.Init{Pathname: &path}, urlpattern.Options{})
		if err != nil {
			panic(err)
		}
		return p
	}
	routes := urlpattern.NewList(route("/users/me"), route("/users/:id"), route("/static/app.js"))
	for _, path := range []string{"/static/app.js", "/users/me", "/users/42", "/static/%61pp.js"} {
		c := urlpattern.Components{urlpattern.Protocol: "https", urlpattern.Hostname: "example.com", urlpattern.Pathname: path}
		// -1 says only that the static answer does not apply:
		// AppendNamedMatch answers, on the URL's own components.
		fmt.Println(path, routes.MatchLiteral(&c))
	}
	// Output:
	// /static/app.js 2
	// /users/me 0
	// /users/42 -1
	// /static/%61pp.js -1
}
