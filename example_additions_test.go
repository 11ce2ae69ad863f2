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

// AppendPathSegments adds each string as one segment, encoding what would
// split it; PopPathSegment takes the last one off, as the href has it.
func ExampleURL_AppendPathSegments() {
	u := weburl.MustParse("https://api.example.com/?page=2")
	if err := u.AppendPathSegments("users", "ana/bo", "100%"); err != nil {
		fmt.Println(err)
	}
	fmt.Println(u)
	fmt.Println(u.AppendPathSegments(".."))
	// Output:
	// https://api.example.com/users/ana%2Fbo/100%25?page=2
	// weburl: append path segments "..": a dot segment, which the path parser removes in every spelling (%2e too): no path holds one
}

func ExampleURL_PopPathSegment() {
	u := weburl.MustParse("https://example.com/a/b%2Fc")
	for {
		seg, ok := u.PopPathSegment()
		if !ok {
			break
		}
		fmt.Printf("%q %s\n", seg, u)
	}
	// Output:
	// "b%2Fc" https://example.com/a
	// "a" https://example.com/
}

// FromRecord builds a URL from its parts, each as the href holds it; a
// part the parser would never write so is an error that names the field.
func ExampleFromRecord() {
	q := "lang=fr"
	u, err := weburl.FromRecord(weburl.Record{
		Scheme: "https",
		Host:   &weburl.Host{Kind: weburl.Domain, Serialized: "example.com"},
		Path:   []string{"docs", "a%20b"},
		Query:  &q,
	})
	fmt.Println(u, err)

	_, err = weburl.FromRecord(weburl.Record{
		Scheme: "https",
		Host:   &weburl.Host{Kind: weburl.Domain, Serialized: "example.com"},
		Path:   []string{"a/b"},
	})
	fmt.Println(err)

	// A URL's record gives the URL back.
	v, _ := weburl.FromRecord(weburl.MustParse("sc://h/x?y#z").Record())
	fmt.Println(v)
	// Output:
	// https://example.com/docs/a%20b?lang=fr <nil>
	// weburl: from record Path[0] "a/b": holds '/' at byte 1, which would split the segment
	// sc://h/x?y#z
}
