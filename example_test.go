package weburl_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"

	"github.com/weburl/weburl"
	"golang.org/x/text/encoding/htmlindex"
)

// The tour: parse as new URL(input) does, resolve, change through the
// setters and the search params. Every output here is what a browser's URL
// gives.
func Example() {
	u, err := weburl.Parse("HTTPS://EXAMPLE.com/a/../b?q=1#f") // new URL(input)
	if err != nil {
		panic(err)
	}
	fmt.Println(u.Href(), u.Hostname())

	v, _ := u.Parse("../c")                                // new URL("../c", u)
	w, _ := weburl.ParseRef("/x", "https://example.org/a") // new URL("/x", "https://example.org/a")
	fmt.Println(v, w, weburl.CanParse("example.com"))

	_ = u.SetHost("example.net:8080") // u.host = "example.net:8080"
	u.SearchParams().Set("page", "2") // u.searchParams.set("page", "2")
	fmt.Println(u)
	fmt.Println(u.SetPort("99999")) // the browser ignores it; the setter says why
	// Output:
	// https://example.com/b?q=1#f example.com
	// https://example.com/c https://example.org/x false
	// https://example.net:8080/b?q=1&page=2#f
	// weburl: set port "99999": port-out-of-range
}

func ExampleParse() {
	u, err := weburl.Parse("HTTPS://EXAMPLE.com:443/a/./b/../c?q=1#top")
	if err != nil {
		panic(err)
	}
	fmt.Println(u.Href())
	fmt.Println(u.Hostname(), u.Port() == "", u.Pathname(), u.Search(), u.Hash())
	// Output:
	// https://example.com/a/c?q=1#top
	// example.com true /a/c ?q=1 #top
}

// A failure is an *Error: errors.Is finds its reason, a validation
// error's name or one of the Err sentinels, and errors.As gives the
// *Error with the input and where it failed.
func ExampleParse_error() {
	_, err := weburl.Parse("http://[::1")
	fmt.Println(err)
	fmt.Println(errors.Is(err, weburl.IPv6Unclosed))
	var e *weburl.Error
	if errors.As(err, &e) {
		fmt.Println(e.Op, e.Input, e.Offset)
	}

	u := weburl.MustParse("file:///etc/hosts")
	err = u.SetUsername("root")
	fmt.Println(err)
	fmt.Println(errors.Is(err, weburl.ErrCannotHaveCredentialsOrPort))
	// Output:
	// weburl: parse "http://[::1": IPv6-unclosed
	// true
	// parse http://[::1 7
	// weburl: set username "root": the URL cannot have credentials: it has no host, an empty host, or scheme file
	// true
}

func ExampleURL_Parse() {
	page := weburl.MustParse("https://example.com/docs/guide/index.html")
	for _, link := range []string{"../api/", "/about", "//cdn.example.net/x.js", "?page=2", "\\\\evil.com"} {
		u, err := page.Parse(link)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(u)
	}
	// Output:
	// https://example.com/docs/api/
	// https://example.com/about
	// https://cdn.example.net/x.js
	// https://example.com/docs/guide/index.html?page=2
	// https://evil.com/
}

// ParseRef is new URL(input, base): the base is a string, parsed first.
func ExampleParseRef() {
	u, err := weburl.ParseRef(`\\evil.com/x`, "https://example.com/a/b")
	fmt.Println(u, err)
	_, err = weburl.ParseRef("/x", "not a base")
	fmt.Println(err)
	// Output:
	// https://evil.com/x <nil>
	// weburl: parse base "not a base": missing-scheme-non-relative-URL
}

// A stream of URLs parsed into one URL: an input that is already its own
// href (nearly every URL of a crawl or a log) is kept as it is, and
// nothing is allocated.
func ExampleURL_SetHref() {
	sc := bufio.NewScanner(strings.NewReader("https://example.com/a\nnot a URL\nHTTPS://EXAMPLE.org/b/../c\n"))
	var u weburl.URL
	for sc.Scan() {
		if err := u.SetHref(sc.Text()); err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(u.Hostname(), u.Pathname()) // substrings of the href: no copy
	}
	// Output:
	// example.com /a
	// weburl: set href "not a URL": missing-scheme-non-relative-URL
	// example.org /c
}

// Query and Fragment tell an empty component from none, which Search and
// Hash, like the URL API's search and hash, do not.
func ExampleURL_Query() {
	for _, s := range []string{"https://h/p", "https://h/p?", "https://h/p?a=1"} {
		u := weburl.MustParse(s)
		q, ok := u.Query()
		fmt.Printf("%-16s Query %q %v, Search %q\n", u, q, ok, u.Search())
	}
	// Output:
	// https://h/p      Query "" false, Search ""
	// https://h/p?     Query "" true, Search ""
	// https://h/p?a=1  Query "a=1" true, Search "?a=1"
}

// Hosts are parsed: IPv4 in any legacy form becomes dotted decimal, an
// IPv6 address is compressed and keeps its brackets, and a scheme's default
// port is no port.
func ExampleURL_Addr() {
	u := weburl.MustParse("http://[::FFFF:127.0.0.1]:8080/")
	a, _ := u.Addr()
	fmt.Println(u.Hostname(), u.Port(), a)
	v := weburl.MustParse("http://0x7f.1:80/")
	p, _ := v.EffectivePort()
	fmt.Printf("%s %q %d %v\n", v.Hostname(), v.Port(), p, v.HostKind())
	// Output:
	// [::ffff:7f00:1] 8080 ::ffff:127.0.0.1
	// 127.0.0.1 "" 80 IPv4
}

// net/url's QueryEscape and PathEscape have counterparts in the URL
// Standard's percent-encode sets.
func ExamplePercentEncode() {
	s := "a b&c/d~é!'()*"
	fmt.Println(weburl.PercentEncode(s, weburl.ComponentSet)) // encodeURIComponent
	fmt.Println(weburl.EncodeForm([][2]string{{"q", s}}))     // URLSearchParams, a form
	fmt.Println(weburl.PercentEncode(s, weburl.PathSet))      // a whole path: "/" kept
	fmt.Println(weburl.PercentDecode("a%20b%zz%C3%A9"))
	// Output:
	// a%20b%26c%2Fd~%C3%A9!'()*
	// q=a+b%26c%2Fd%7E%C3%A9%21%27%28%29*
	// a%20b&c/d~%C3%A9!'()*
	// a b%zzé
}

// Form data keeps its order and its repeated names, and ";" is part of a
// value, as in URLSearchParams (net/url's ParseQuery drops such a pair).
func ExampleParseForm() {
	for _, p := range weburl.ParseForm("a=1;b&c=%2B&a=2+3") {
		fmt.Printf("%q=%q\n", p[0], p[1])
	}
	// Output:
	// "a"="1;b"
	// "c"="+"
	// "a"="2 3"
}

// A URL field marshals as its href; the zero URL as "", which unmarshals
// back to it; JSON null leaves the field as it was; a string that is no URL
// is an error.
func ExampleURL_MarshalJSON() {
	type page struct {
		URL  weburl.URL `json:"url"`
		Prev weburl.URL `json:"prev"`
	}
	b, _ := json.Marshal(page{URL: *weburl.MustParse("https://example.com/a b")})
	fmt.Println(string(b))

	var p page
	err := json.Unmarshal([]byte(`{"url": "HTTPS://EXAMPLE.com/x", "prev": null}`), &p)
	fmt.Println(p.URL.Href(), p.Prev.Href() == "", err)
	err = json.Unmarshal([]byte(`{"url": "/relative"}`), &p)
	fmt.Println(err)
	// Output:
	// {"url":"https://example.com/a%20b","prev":""}
	// https://example.com/x true <nil>
	// weburl: parse "/relative": missing-scheme-non-relative-URL (no scheme: a relative reference needs a base URL, resolve it with base.Parse(ref))
}

// slog, fmt and the encoders show a URL as its href, password included, as
// net/url's are shown: log Redacted where a URL may hold one.
func ExampleURL_Redacted() {
	u := weburl.MustParse("https://user:secret@example.com/a")
	logger := slog.New(slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{
		ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey {
				return slog.Attr{} // no time, so that the output is the same on each run
			}
			return a
		},
	}))
	logger.Info("fetch", "url", u.Redacted())
	// Output: level=INFO msg=fetch url=https://user:xxxxx@example.com/a
}

func ExampleCanParse() {
	fmt.Println(weburl.CanParse("https://example.com"), weburl.CanParse("example.com"))
	// Output: true false
}

func ExampleURL_SetHost() {
	u := weburl.MustParse("https://example.com:8080/path")
	if err := u.SetHostname("example.org"); err != nil {
		panic(err)
	}
	fmt.Println(u)
	if err := u.SetHost("[::1]:443"); err != nil {
		panic(err)
	}
	fmt.Println(u)
	// A value the setter cannot apply leaves the URL as it was, and says why.
	fmt.Println(u.SetPort("99999"))
	fmt.Println(u.SetHost("[::1"))
	fmt.Println(u.SetUsername("x"), u)
	// Output:
	// https://example.org:8080/path
	// https://[::1]/path
	// weburl: set port "99999": port-out-of-range
	// weburl: set host "[::1": IPv6-unclosed
	// <nil> https://x@[::1]/path
}

func ExampleURL_Record() {
	r := weburl.MustParse("https://example.com/a/b?").Record()
	fmt.Println(r.Path, *r.Query == "", r.Fragment == nil)
	// Output: [a b] true true
}

func ExampleURL_SearchParams() {
	u := weburl.MustParse("https://example.com/search?q=go+url&page=2&tag=a&tag=b")
	q := u.SearchParams()
	page, _ := q.Get("page")
	fmt.Println(page, q.GetAll("tag"))

	// Edits show in the URL at once.
	q.Set("page", "3")
	q.Delete("tag")
	q.Append("sort", "new est")
	fmt.Println(u)
	// Output:
	// 2 [a b]
	// https://example.com/search?q=go+url&page=3&sort=new+est
}

func ExampleNewSearchParams() {
	p := weburl.NewSearchParams("?b=2&a=1;x&b=1")
	p.Sort()
	for name, value := range p.All() {
		fmt.Printf("%s=%q\n", name, value)
	}
	fmt.Println(p)
	// Output:
	// a="1;x"
	// b="2"
	// b="1"
	// a=1%3Bx&b=2&b=1
}

func ExampleParser_validationErrors() {
	p := weburl.Parser{OnValidationError: func(e weburl.ValidationError) {
		fmt.Println(e.Name(), "at", e.Offset())
	}}
	u, err := p.Parse(`https:\\user@example.com/a b`, nil)
	fmt.Println(u, err)
	// Output:
	// special-scheme-missing-following-solidus at 6
	// special-scheme-missing-following-solidus at 6
	// special-scheme-missing-following-solidus at 7
	// invalid-credentials at 12
	// invalid-URL-unit at 26
	// https://user@example.com/a%20b <nil>
}

func ExampleIsValidURLString() {
	base := weburl.MustParse("https://example.com/dir/")
	fmt.Println(weburl.IsValidURLString("https://example.com/a?b#c", nil))
	fmt.Println(weburl.IsValidURLString("../a", nil))
	fmt.Println(weburl.IsValidURLString("../a", base))
	fmt.Println(weburl.IsValidURLString("https://user@example.com/", nil))
	// Output:
	// true
	// false
	// true
	// false
}

func ExampleParser_Set() {
	u := weburl.MustParse("https://example.com/")
	p := weburl.Parser{OnValidationError: func(e weburl.ValidationError) {
		fmt.Println(e.Name(), "at", e.Offset())
	}}
	err := p.Set(u, weburl.AttrHost, "[::1")
	fmt.Println(u, err)
	err = p.Set(u, weburl.AttrHost, "0x7f.1")
	fmt.Println(u, err)
	// Output:
	// IPv6-unclosed at 0
	// https://example.com/ weburl: set host "[::1": IPv6-unclosed
	// IPv4-too-few-parts at 0
	// IPv4-non-decimal-part at 0
	// https://127.0.0.1/ <nil>
}

// A crawler resolves a link as a browser does and fetches it with
// net/http: the server gets the request target the browser would send.
func ExampleURL_NetURL() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintln(w, r.RequestURI)
	}))
	defer srv.Close()

	page := weburl.MustParse(srv.URL + "/docs/index.html")
	link, err := page.Parse(`..\files\a|b c.txt?q=x y`)
	if err != nil {
		panic(err)
	}
	fmt.Println(link.RequestURI())

	req, err := http.NewRequestWithContext(context.Background(), http.MethodGet, "", nil)
	if err != nil {
		panic(err)
	}
	req.URL = link.NetURL() // not url.Parse(link.Href()), which would send /files/a%7Cb%20c.txt
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		panic(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		panic(err)
	}
	fmt.Print("server saw ", string(body))
	fmt.Println(req.Host == "" && req.URL.Host == link.Host())
	// Output:
	// /files/a|b%20c.txt?q=x%20y
	// server saw /files/a|b%20c.txt?q=x%20y
	// true
}

func ExampleFromNetURL() {
	nu, err := url.Parse("HTTP://EXAMPLE.com:80/a/./b/../c%7e?q#f")
	if err != nil {
		panic(err)
	}
	u, err := weburl.FromNetURL(nu)
	fmt.Println(u, err)
	_, err = weburl.FromNetURL(&url.URL{Path: "/relative"})
	fmt.Println(err)
	// Output:
	// http://example.com/a/c%7e?q#f <nil>
	// weburl: from net/url "/relative": missing-scheme-non-relative-URL (a relative reference is not a URL)
}

func ExampleURL_JoinPath() {
	u := weburl.MustParse("https://example.com/api/v1/?key=k")
	fmt.Println(u.JoinPath("users", "../groups", "a b", "x?y/"))
	// Output: https://example.com/api/v1/groups/a%20b/x%3Fy/?key=k
}

func ExampleURL_value() {
	u := weburl.MustParse("https://example.com/search?q=go")
	n := *u // a copy, as with net/url; Clone does the same
	n.SearchParams().Set("q", "rust")
	fmt.Println(u)
	fmt.Println(n) // a URL value prints as its href, as a *URL does

	var z weburl.URL // the zero URL is no URL, and says so
	_, err := z.Parse("/x")
	fmt.Printf("%q %v\n", z.Href(), err)
	// Output:
	// https://example.com/search?q=go
	// https://example.com/search?q=rust
	// "" weburl: parse "/x": the base is the zero URL, which is no URL
}

// A link in a Shift_JIS page: its query is percent-encoded in Shift_JIS,
// and a code point Shift_JIS lacks becomes an HTML character reference.
func ExampleParser_encoding() {
	enc, _ := htmlindex.Get("shift_jis")
	p := weburl.Parser{Encoding: enc}
	u, _ := p.Parse("https://example.jp/search?q=\u65e5\u672c&e=\u20ac#\u65e5", nil)
	fmt.Println(u)
	// Output: https://example.jp/search?q=%93%FA%96{&e=%26%238364%3B#%E6%97%A5
}

// A form in a windows-1252 page, serialized as its submission is.
func ExampleEncodeFormIn() {
	enc, _ := htmlindex.Get("windows-1252")
	fmt.Println(weburl.EncodeFormIn([][2]string{{"q", "caf\u00e9 \u20ac5"}, {"x", "\u65e5"}}, enc))
	// Output: q=caf%E9+%805&x=%26%2326085%3B
}
