package weburl_test

import (
	"errors"
	"fmt"

	"github.com/weburl/weburl"
)

// MakeRelative writes the shortest reference that resolves back to the
// target: the inverse of (*URL).Parse, as a crawler storing links or a
// static-site generator writing them needs.
func ExampleURL_MakeRelative() {
	base := weburl.MustParse("https://example.com/docs/guide/intro.html")
	for _, s := range []string{
		"https://example.com/docs/guide/setup.html",
		"https://example.com/docs/api/",
		"https://example.com/docs/guide/intro.html#install",
		"https://example.com/docs/guide/intro.html?lang=fr",
		"https://example.com/",
		"https://cdn.example.com/logo.png",
		"https://example.com/docs/guide/a:b",
		"http://example.com/",
	} {
		ref, ok := base.MakeRelative(weburl.MustParse(s))
		fmt.Printf("%q %v\n", ref, ok)
	}
	// Output:
	// "setup.html" true
	// "../api/" true
	// "#install" true
	// "?lang=fr" true
	// "/" true
	// "//cdn.example.com/logo.png" true
	// "./a:b" true
	// "" false
}

// errors.Is finds a validation error's name through the *Error of a failed
// parse and any wrapping; errors.As gives the *Error itself, whose Err
// names the reason and where it is.
func ExampleErrorName() {
	_, err := weburl.Parse("http://[::1/")
	err = fmt.Errorf("loading the config: %w", err)
	fmt.Println(errors.Is(err, weburl.IPv6Unclosed))
	fmt.Println(errors.Is(err, weburl.HostMissing))
	var e *weburl.Error
	if errors.As(err, &e) {
		fmt.Println(e.Err.Name() == weburl.IPv6Unclosed, e.Err.Offset())
	}
	// Output:
	// true
	// false
	// true 7
}
