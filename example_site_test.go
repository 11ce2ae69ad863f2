package weburl_test

import (
	"fmt"

	"github.com/weburl/weburl"
)

func ExampleURL_Origin() {
	a := weburl.MustParse("https://example.com:443/a").Origin()
	b := weburl.MustParse("blob:https://example.com/d0360e2f").Origin()
	c := weburl.MustParse("http://example.com/").Origin()
	fmt.Println(a, weburl.SameOrigin(a, b), weburl.SameOrigin(a, c))

	// An opaque origin is same origin only with itself, and each call
	// makes a new one.
	d := weburl.MustParse("data:,hello")
	fmt.Println(d.Origin(), weburl.SameOrigin(d.Origin(), d.Origin()))
	// Output:
	// https://example.com true false
	// null false
}

func ExampleRegistrableDomain() {
	for _, host := range []string{"www.example.co.uk", "EXAMPLE.COM.", "whatwg.github.io", "github.io", "127.0.0.1"} {
		rd, ok := weburl.RegistrableDomain(host)
		ps, _ := weburl.PublicSuffix(host)
		fmt.Printf("%s: %q %v (public suffix %q)\n", host, rd, ok, ps)
	}
	// Output:
	// www.example.co.uk: "example.co.uk" true (public suffix "co.uk")
	// EXAMPLE.COM.: "example.com." true (public suffix "com.")
	// whatwg.github.io: "whatwg.github.io" true (public suffix "github.io")
	// github.io: "" false (public suffix "github.io")
	// 127.0.0.1: "" false (public suffix "")
}

func ExampleSameSite() {
	a := weburl.MustParse("https://www.example.com/").Origin()
	b := weburl.MustParse("https://login.example.com:8443/").Origin()
	c := weburl.MustParse("http://example.com/").Origin()
	fmt.Println(weburl.SameSite(a, b), weburl.SameSite(a, c), weburl.SchemelesslySameSite(a, c))
	// Output: true false true
}

func ExampleURL_Display() {
	for _, s := range []string{
		"https://user:secret@xn--wgv71a119e.jp/%E6%97%A5%E6%9C%AC?q=%C3%A9",
		"https://xn--pple-43d.com/", // "аpple.com" with a Cyrillic "а"
		"https://example.com/a%2Fb%E2%80%AE",
	} {
		fmt.Println(weburl.MustParse(s).Display())
	}
	// Output:
	// https://日本語.jp/日本?q=é
	// https://xn--pple-43d.com/
	// https://example.com/a%2Fb%E2%80%AE
}

func ExampleURL_DisplayElided() {
	u := weburl.MustParse("https://examplecorp.com.evil.com/login/account/settings")
	for _, width := range []int{40, 30, 5} {
		fmt.Println(u.DisplayElided(width))
	}
	// Output:
	// https://examplecorp.com.evil.com/login/…
	// https://…com.evil.com…
	// https://…evil.com…
}

func ExampleParseDomain() {
	fmt.Println(weburl.ParseDomain("Faß.de", false))
	_, err := weburl.ParseDomain("a_b.example", true)
	fmt.Println(err)
	fmt.Println(weburl.DomainToUnicode("xn--fa-hia.de"))
	// Output:
	// xn--fa-hia.de <nil>
	// weburl: parse domain "a_b.example": domain-to-ASCII (Unicode ToASCII records an error: disallowed rune U+005F)
	// faß.de <nil>
}
