package dataurl_test

import (
	"errors"
	"fmt"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/dataurl"
)

func ExampleParse() {
	d, err := dataurl.Parse("data:text/plain;charset=utf-8;base64,SGVsbG8sIOS4lueVjA==")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(d.MIMEType)
	fmt.Println(d.MIMEType.Essence())
	fmt.Printf("%s\n", d.Body)
	// Output:
	// text/plain;charset=utf-8
	// text/plain
	// Hello, 世界
}

// A data: URL that a page holds, resolved against the page like any link,
// then read: the type is what a browser would give the response.
func ExampleProcess() {
	page, _ := weburl.Parse("https://example.com/index.html")
	u, _ := page.Parse("DATA:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'/%3E#frag")
	d, err := dataurl.Process(u)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(d.MIMEType, len(d.Body))
	fmt.Printf("%s\n", d.Body)
	// Output:
	// image/svg+xml 41
	// <svg xmlns='http://www.w3.org/2000/svg'/>
}

// What a browser does with types that do not parse, and with failures.
func ExampleParse_failures() {
	for _, s := range []string{
		"data:,plain text",
		"data:text/html charset=utf-8,x", // the type does not parse
		"data:text/html",                 // no comma
		"data:;base64,!!!!",
	} {
		d, err := dataurl.Parse(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%s %q\n", d.MIMEType, d.Body)
	}
	// Output:
	// text/plain;charset=US-ASCII "plain text"
	// text/plain;charset=US-ASCII "x"
	// dataurl: process "data:text/html": no U+002C (,) follows the MIME type
	// dataurl: process "data:;base64,!!!!": the body does not decode as forgiving base64: U+0021 '!' at offset 0 of the body is not one of U+002B (+), U+002F (/) and the ASCII alphanumerics
}

func ExampleDecodeBase64() {
	b, err := dataurl.DecodeBase64(" SGVs bG8\n") // like atob(): whitespace and missing padding are fine
	fmt.Printf("%q %v\n", b, err)
	// Output: "Hello" <nil>
}

// errors.Is tells the failures apart, a URL that does not parse among
// them; errors.As gives the *Error with the input and the offset.
func ExampleError() {
	_, err := dataurl.Parse("data:text/html")
	fmt.Println(errors.Is(err, dataurl.ErrNoComma))
	_, err = dataurl.Parse("data://[::1")
	fmt.Println(errors.Is(err, weburl.IPv6Unclosed))
	_, err = dataurl.DecodeBase64("YW!j")
	var e *dataurl.Error
	if errors.As(err, &e) {
		fmt.Println(errors.Is(err, dataurl.ErrBase64), e.Op, e.Offset)
	}
	// Output:
	// true
	// true
	// true forgiving-base64 decode 2
}
