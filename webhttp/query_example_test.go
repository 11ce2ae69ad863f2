package webhttp_test

import (
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/weburl/weburl/webhttp"
)

func ExampleQuery() {
	handler := func(w http.ResponseWriter, r *http.Request) {
		// Where a net/http handler calls r.URL.Query().
		q, err := webhttp.Query(r)
		if errors.Is(err, webhttp.ErrTooManyQueryPairs) {
			http.Error(w, "too many query pairs", http.StatusBadRequest)
			return
		}
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		name, _ := q.Get("name")
		fmt.Fprintf(w, "%q %q", name, q.GetAll("tag"))
	}
	for _, target := range []string{
		"/search?name=caf%C3%A9+au+lait&tag=a;b&tag=c",
		"/search?" + strings.Repeat("&", 100000),
	} {
		w := httptest.NewRecorder()
		handler(w, httptest.NewRequest("GET", target, nil))
		fmt.Println(w.Code, strings.TrimSpace(w.Body.String()))
	}
	// Output:
	// 200 "café au lait" ["a;b" "c"]
	// 400 too many query pairs
}
