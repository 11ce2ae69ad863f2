package weburl_test

import (
	"errors"
	"fmt"
	"strings"

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
		fmt.Println(e.Err == weburl.IPv6Unclosed, e.Offset)
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

// PublicSuffix's bool is x/net/publicsuffix's: whether the rule is in the
// list's ICANN section. Whether a host has a public suffix is the string.
func ExamplePublicSuffix() {
	for _, host := range []string{"www.example.co.uk", "whatwg.github.io", "localhost", "127.0.0.1"} {
		ps, icann := weburl.PublicSuffix(host)
		fmt.Printf("%s: %q ICANN %v\n", host, ps, icann)
	}
	// Output:
	// www.example.co.uk: "co.uk" ICANN true
	// whatwg.github.io: "github.io" ICANN false
	// localhost: "localhost" ICANN false
	// 127.0.0.1: "" ICANN false
}

// A crawler loads a newer list at run time (here a small one) without
// changing the built-in list, which the zero SuffixList is.
func ExampleParseSuffixList() {
	const list = `// ===BEGIN ICANN DOMAINS===
com
*.ck
!www.ck
// ===END ICANN DOMAINS===
// ===BEGIN PRIVATE DOMAINS===
pages.example.com
// ===END PRIVATE DOMAINS===
`
	l, err := weburl.ParseSuffixList(strings.NewReader(list))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, host := range []string{"blog.pages.example.com", "a.b.ck", "www.ck"} {
		rd, _ := l.RegistrableDomain(host)
		ps, icann := l.PublicSuffix(host)
		fmt.Printf("%s: %s (suffix %s, ICANN %v)\n", host, rd, ps, icann)
	}
	rd, _ := l.ICANNOnly().RegistrableDomain("blog.pages.example.com")
	fmt.Println("ICANN only:", rd)
	builtIn, _ := (&weburl.SuffixList{}).PublicSuffix("a.github.io")
	fmt.Println("built-in:", builtIn)

	_, err = weburl.ParseSuffixList(strings.NewReader("com\na..b\n"))
	fmt.Println(err)
	// Output:
	// blog.pages.example.com: blog.pages.example.com (suffix pages.example.com, ICANN false)
	// a.b.ck: a.b.ck (suffix b.ck, ICANN true)
	// www.ck: www.ck (suffix ck, ICANN true)
	// ICANN only: example.com
	// built-in: github.io
	// weburl: parse suffix list line 2 "a..b": an empty label
}
