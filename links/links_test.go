package links

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/weburl/weburl"
	"golang.org/x/net/html"
)

// The expected values below are worked out by hand from the HTML and URL
// Standards, not taken from this package's output.

// pageURL is the document URL of most fixtures.
const pageURL = "https://example.com/dir/page.html?x#frag"

// want is one expected link: href when it parses, else the name of the
// validation error that made it fail.
type want struct {
	tag, attr, raw, href string
	errName              weburl.ErrorName
}

// linkString prints a link for a failure message.
func linkString(l Link) string {
	s := fmt.Sprintf("<%s %s=%q>", l.Tag, l.Attr, l.Raw)
	if l.URL != nil {
		s += " " + l.URL.Href()
	}
	if l.Err != nil {
		s += " error: " + l.Err.Error()
	}
	return s
}

// checkLinks compares got with want, link by link.
func checkLinks(t *testing.T, got []Link, wants []want) {
	t.Helper()
	for i := 0; i < max(len(got), len(wants)); i++ {
		if i >= len(got) {
			t.Errorf("link %d missing, want %+v", i, wants[i])
			continue
		}
		g := got[i]
		if i >= len(wants) {
			t.Errorf("extra link %d: %s", i, linkString(g))
			continue
		}
		w := wants[i]
		if g.Tag != w.tag || g.Attr != w.attr || g.Raw != w.raw {
			t.Errorf("link %d = %s, want <%s %s=%q>", i, linkString(g), w.tag, w.attr, w.raw)
		}
		if (g.URL == nil) == (g.Err == nil) {
			t.Errorf("link %d: URL %v and Err %v: want exactly one", i, g.URL, g.Err)
		}
		switch {
		case w.errName == "" && g.URL == nil:
			t.Errorf("link %d = %s, want %s", i, linkString(g), w.href)
		case w.errName == "" && g.URL.Href() != w.href:
			t.Errorf("link %d: href %s, want %s", i, g.URL.Href(), w.href)
		case w.errName != "":
			var e *weburl.Error
			if !errors.As(g.Err, &e) {
				t.Errorf("link %d = %s, want a *weburl.Error %s", i, linkString(g), w.errName)
			} else if e.Err != w.errName {
				t.Errorf("link %d: error %s, want %s", i, e.Err, w.errName)
			}
		}
	}
}

// extract runs Extract on a UTF-8 or byte fixture and fails on an error.
func extract(t *testing.T, page, doc, contentType string) []Link {
	t.Helper()
	var d *weburl.URL
	if doc != "" {
		d = weburl.MustParse(doc)
	}
	got, err := Extract(strings.NewReader(page), d, contentType)
	if err != nil {
		t.Fatalf("Extract: %v", err)
	}
	return got
}

func TestEveryAttribute(t *testing.T) {
	page := `<!doctype html><html><head>
<link rel=stylesheet href="s.css">
<script src="//cdn.example.net/j.js"></script>
</head><body>
<a href="a1">one</a> <area href="/area">
<img src="i.png" alt=x>
<iframe src="f.html"></iframe>
<embed src="e.swf">
<video src="v.mp4" poster="p.jpg"><source src="s.webm"><track src="t.vtt"></video>
<audio src="https://media.example/a.ogg"></audio>
<input type=image src="btn.png" formaction="/go">
<picture><source srcset="wide.jpg 800w"><img srcset="x1.jpg, x2.jpg 2x"></picture>
<form action="submit"><button formaction="?alt=1">b</button></form>
<blockquote cite="http://q.example/b"></blockquote><q cite="q"></q><del cite="d"></del><ins cite="i"></ins>
<object data="o.pdf"></object>
<meta http-equiv="refresh" content="5; url=next.html">
</body></html>`
	checkLinks(t, extract(t, page, pageURL, ""), []want{
		{"link", "href", "s.css", "https://example.com/dir/s.css", ""},
		{"script", "src", "//cdn.example.net/j.js", "https://cdn.example.net/j.js", ""},
		{"a", "href", "a1", "https://example.com/dir/a1", ""},
		{"area", "href", "/area", "https://example.com/area", ""},
		{"img", "src", "i.png", "https://example.com/dir/i.png", ""},
		{"iframe", "src", "f.html", "https://example.com/dir/f.html", ""},
		{"embed", "src", "e.swf", "https://example.com/dir/e.swf", ""},
		{"video", "src", "v.mp4", "https://example.com/dir/v.mp4", ""},
		{"video", "poster", "p.jpg", "https://example.com/dir/p.jpg", ""},
		{"source", "src", "s.webm", "https://example.com/dir/s.webm", ""},
		{"track", "src", "t.vtt", "https://example.com/dir/t.vtt", ""},
		{"audio", "src", "https://media.example/a.ogg", "https://media.example/a.ogg", ""},
		{"input", "src", "btn.png", "https://example.com/dir/btn.png", ""},
		{"input", "formaction", "/go", "https://example.com/go", ""},
		{"source", "srcset", "wide.jpg", "https://example.com/dir/wide.jpg", ""},
		{"img", "srcset", "x1.jpg", "https://example.com/dir/x1.jpg", ""},
		{"img", "srcset", "x2.jpg", "https://example.com/dir/x2.jpg", ""},
		{"form", "action", "submit", "https://example.com/dir/submit", ""},
		{"button", "formaction", "?alt=1", "https://example.com/dir/page.html?alt=1", ""},
		{"blockquote", "cite", "http://q.example/b", "http://q.example/b", ""},
		{"q", "cite", "q", "https://example.com/dir/q", ""},
		{"del", "cite", "d", "https://example.com/dir/d", ""},
		{"ins", "cite", "i", "https://example.com/dir/i", ""},
		{"object", "data", "o.pdf", "https://example.com/dir/o.pdf", ""},
		{"meta", "content", "next.html", "https://example.com/dir/next.html", ""},
	})
}

func TestAttributesNotRead(t *testing.T) {
	// Each attribute on an element that does not take a URL in it.
	page := `<div href="d"></div><a src="s" action="a" data="x" cite="c">t</a>
<img href="h" data="d" poster="p" cite="c"><link src="l" srcset="l 1x">
<form formaction="f" src="s"></form><video data="v" srcset="v 1x"></video>
<iframe srcset="i 1x" href="h"></iframe><object src="o" href="h"></object>
<base src="b"><meta content="0; url=x"><meta http-equiv="content-type" content="0; url=y">
<meta name="refresh" content="0; url=z"><p cite="p"></p><span title="http://t.example/">`
	checkLinks(t, extract(t, page, pageURL, ""), nil)
}

func TestWhitespaceAndReferences(t *testing.T) {
	page := "<a href=\"\t\n x y \f\r \">1</a>" +
		"<a href=\"&nbsp;z\">2</a>" + // U+00A0 is not ASCII whitespace
		"<a href=\"\vq\">3</a>" + // nor is VT, but the URL parser trims C0 controls
		"<a href=\"?a=1&amp;b=2\">4</a>" +
		"<a href=\"?a=1&copy=2\">5</a>" + // no ";" and "=" after: left as is in an attribute
		"<a href=\"?c=&copy;\">6</a>" +
		"<a href=\"a\x00b\">7</a>" + // NUL becomes U+FFFD
		"<a href=\"/p\r\nq\">8</a>" + // CR LF becomes LF; the URL parser drops it
		"<A HREF=\"UP\">9</A>" +
		"<a href=first href=second>10</a>" + // the first of two equal names wins
		"<a href=/unquoted?a=1&b=2>11</a>" +
		"<img srcset=\" \t a.png \n 1x , \tb.png\">"
	checkLinks(t, extract(t, page, pageURL, ""), []want{
		{"a", "href", "x y", "https://example.com/dir/x%20y", ""},
		{"a", "href", "\u00a0z", "https://example.com/dir/%C2%A0z", ""},
		{"a", "href", "\vq", "https://example.com/dir/q", ""},
		{"a", "href", "?a=1&b=2", "https://example.com/dir/page.html?a=1&b=2", ""},
		{"a", "href", "?a=1&copy=2", "https://example.com/dir/page.html?a=1&copy=2", ""},
		// The page is ASCII with no charset, so windows-1252 encodes the query.
		{"a", "href", "?c=\u00a9", "https://example.com/dir/page.html?c=%A9", ""},
		{"a", "href", "a\ufffdb", "https://example.com/dir/a%EF%BF%BDb", ""},
		{"a", "href", "/p\nq", "https://example.com/pq", ""},
		{"a", "href", "UP", "https://example.com/dir/UP", ""},
		{"a", "href", "first", "https://example.com/dir/first", ""},
		{"a", "href", "/unquoted?a=1&b=2", "https://example.com/unquoted?a=1&b=2", ""},
		{"img", "srcset", "a.png", "https://example.com/dir/a.png", ""},
		{"img", "srcset", "b.png", "https://example.com/dir/b.png", ""},
	})
}

func TestEmptyValues(t *testing.T) {
	// Navigation targets resolve an empty value to the base URL (the page
	// less its fragment); fetched resources have no URL when empty.
	page := `<a href="">1</a><a href>2</a><area href=" "><form action=""></form>
<button formaction=""></button><input formaction=""><q cite=""></q><blockquote cite></blockquote>
<del cite=""></del><ins cite=""></ins>
<img src=""><img src=" "><img srcset=""><img srcset=" , "><script src=""></script>
<iframe src=""></iframe><embed src=""><source src="" srcset=""><track src="">
<audio src=""></audio><video src="" poster=""></video><input src="">
<link rel=icon href=""><object data=""></object>
<meta http-equiv=refresh content="0; url=''"><meta http-equiv=refresh content="">`
	const self = "https://example.com/dir/page.html?x"
	checkLinks(t, extract(t, page, pageURL, ""), []want{
		{"a", "href", "", self, ""},
		{"a", "href", "", self, ""},
		{"area", "href", "", self, ""},
		{"form", "action", "", self, ""},
		{"button", "formaction", "", self, ""},
		{"input", "formaction", "", self, ""},
		{"q", "cite", "", self, ""},
		{"blockquote", "cite", "", self, ""},
		{"del", "cite", "", self, ""},
		{"ins", "cite", "", self, ""},
		{"meta", "content", "", self, ""},
	})
}

func TestBase(t *testing.T) {
	tests := []struct {
		name, doc, page string
		want            []want
	}{
		{"relative base", pageURL, `<base href="/b/"><a href="x">`, []want{
			{"a", "href", "x", "https://example.com/b/x", ""}}},
		{"base after links applies to them", pageURL,
			`<a href="x"><img src="i"><base href="http://other.example/b/"><a href="y">`, []want{
				{"a", "href", "x", "http://other.example/b/x", ""},
				{"img", "src", "i", "http://other.example/b/i", ""},
				{"a", "href", "y", "http://other.example/b/y", ""}}},
		{"the first of two bases", pageURL, `<base href="/one/"><base href="/two/"><a href=x>`, []want{
			{"a", "href", "x", "https://example.com/one/x", ""}}},
		{"invalid base falls back to the document", pageURL, `<base href="http://[::1"><a href=x>`, []want{
			{"a", "href", "x", "https://example.com/dir/x", ""}}},
		{"an invalid first base hides a valid second", pageURL,
			`<base href="http://[::1"><base href="/two/"><a href=x>`, []want{
				{"a", "href", "x", "https://example.com/dir/x", ""}}},
		{"a base without href does not count", pageURL,
			`<base target=_blank><base href="/two/"><a href=x>`, []want{
				{"a", "href", "x", "https://example.com/two/x", ""}}},
		{"data: base is refused", pageURL, `<base href="data:text/html,<p>"><a href=y>`, []want{
			{"a", "href", "y", "https://example.com/dir/y", ""}}},
		{"javascript: base is refused", pageURL, `<base href="JavaScript:alert(1)"><a href=y>`, []want{
			{"a", "href", "y", "https://example.com/dir/y", ""}}},
		{"empty base is the document", pageURL, `<base href=""><a href="#z">`, []want{
			{"a", "href", "#z", "https://example.com/dir/page.html?x#z", ""}}},
		{"base with query and fragment", pageURL, `<base href=" /b/?q#f "><a href="#x"><a href="">`, []want{
			{"a", "href", "#x", "https://example.com/b/?q#x", ""},
			{"a", "href", "", "https://example.com/b/?q", ""}}},
		{"base is resolved against the document, not itself", pageURL,
			`<base href="sub/"><a href="../up">`, []want{
				{"a", "href", "../up", "https://example.com/dir/up", ""}}},
		{"base in a template is inert; links in it count", pageURL,
			`<template><base href="/t/"><a href="in"></template><a href="out">`, []want{
				{"a", "href", "in", "https://example.com/dir/in", ""},
				{"a", "href", "out", "https://example.com/dir/out", ""}}},
		{"nested templates", pageURL,
			`<template><template></template><base href="/t/"></template><base href="/b/"><a href=x>`, []want{
				{"a", "href", "x", "https://example.com/b/x", ""}}},
		{"a stray template end tag", pageURL, `</template><base href="/b/"><a href=x>`, []want{
			{"a", "href", "x", "https://example.com/b/x", ""}}},
		{"base in the body still counts", pageURL,
			`<body><p><a href=x></a><base href="https://b.example/"></p>`, []want{
				{"a", "href", "x", "https://b.example/x", ""}}},
		{"no document URL", "", `<a href="x"><a href="https://abs.example/">`, []want{
			{"a", "href", "x", "", weburl.MissingSchemeNonRelativeURL},
			{"a", "href", "https://abs.example/", "https://abs.example/", ""}}},
		{"no document URL, absolute base", "", `<a href="x"><base href="https://b.example/d/">`, []want{
			{"a", "href", "x", "https://b.example/d/x", ""}}},
		{"no document URL, relative base", "", `<base href="/d/"><a href="x"><a href="//h.example/">`, []want{
			{"a", "href", "x", "", weburl.MissingSchemeNonRelativeURL},
			{"a", "href", "//h.example/", "", weburl.MissingSchemeNonRelativeURL}}},
		{"non-special document URL", "foo://h/a/b", `<a href="c"><a href="../d?é">`, []want{
			{"a", "href", "c", "foo://h/a/c", ""},
			{"a", "href", "../d?é", "foo://h/d?%C3%A9", ""}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			checkLinks(t, extract(t, tc.page, tc.doc, ""), tc.want)
		})
	}
}

func TestFailedLinksAreKept(t *testing.T) {
	page := `<a href="http://[::1">v6</a><img src="https://example.com:99999/"><a href="ok">`
	got := extract(t, page, pageURL, "")
	checkLinks(t, got, []want{
		{"a", "href", "http://[::1", "", weburl.IPv6Unclosed},
		{"img", "src", "https://example.com:99999/", "", weburl.PortOutOfRange},
		{"a", "href", "ok", "https://example.com/dir/ok", ""},
	})
	var e *weburl.Error
	if errors.As(got[0].Err, &e) && (e.Input != "http://[::1" || e.Base != "https://example.com/dir/page.html?x#frag") {
		t.Errorf("error %+v: want the input and the base", e)
	}
}

func TestMalformedHTML(t *testing.T) {
	tests := []struct {
		name, page string
		want       []want
	}{
		{"no space between attributes", `<a href="x"src=y>`, []want{
			{"a", "href", "x", "https://example.com/dir/x", ""}}},
		{"tag cut by EOF is dropped", `<a href="x">t</a><a href="y"`, []want{
			{"a", "href", "x", "https://example.com/dir/x", ""}}},
		{"quote cut by EOF", `<a href='x>text`, nil},
		{"comment", `<!-- <a href="c"> --><a href=d>`, []want{
			{"a", "href", "d", "https://example.com/dir/d", ""}}},
		{"unclosed comment swallows the rest", `<a href=d><!-- <a href="c">`, []want{
			{"a", "href", "d", "https://example.com/dir/d", ""}}},
		{"script text", `<script src="s.js">document.write('<a href="w">')</script><a href=d>`, []want{
			{"script", "src", "s.js", "https://example.com/dir/s.js", ""},
			{"a", "href", "d", "https://example.com/dir/d", ""}}},
		{"textarea, title, xmp, noscript text; style's CSS", `<style>a{background:url(s)}<a href="h"></style><textarea><a href="t"></textarea>` +
			`<title><a href=t></title><xmp><a href=x></xmp><noscript><img src=n></noscript><a href=d>`, []want{
			{"style", "url", "s", "https://example.com/dir/s", ""},
			{"a", "href", "d", "https://example.com/dir/d", ""}}},
		{"plaintext takes the rest", `<a href=d><plaintext><a href=p>`, []want{
			{"a", "href", "d", "https://example.com/dir/d", ""}}},
		{"self-closing and end tags", `<img src=i /><a href=a/><br/></a href=x>`, []want{
			{"img", "src", "i", "https://example.com/dir/i", ""},
			{"a", "href", "a/", "https://example.com/dir/a/", ""}}},
		// "</ " starts a bogus comment that runs to the next ">".
		{"stray markup", "<<a href=x>><p <a href=y>></ <a href=z><a href=w>", []want{
			{"a", "href", "x", "https://example.com/dir/x", ""},
			{"a", "href", "w", "https://example.com/dir/w", ""}}},
		{"svg a is read by name", `<svg><a href="s"/></svg>`, []want{
			{"a", "href", "s", "https://example.com/dir/s", ""}}},
		{"binary junk", "\x00\x01<\xff<a\x00 href=x>", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			checkLinks(t, extract(t, tc.page, pageURL, ""), tc.want)
		})
	}
}

func TestMetaRefresh(t *testing.T) {
	page := `<meta http-equiv="REFRESH" content=" 0 ; URL = 'https://next.example/?a=1' ">
<meta http-equiv="refresh" content="5">
<meta content="0;url=swapped" http-equiv="refresh">
<meta http-equiv=" refresh" content="0;url=spaced">
<meta http-equiv="refresh" content="0,later.html">
<meta http-equiv="refresh" content="soon; url=no">
<meta http-equiv="refresh" content="0; url=javascript:alert(1)">
<meta http-equiv="refresh" content="1; url=http://[::1">`
	checkLinks(t, extract(t, page, pageURL, ""), []want{
		{"meta", "content", "https://next.example/?a=1", "https://next.example/?a=1", ""},
		{"meta", "content", "swapped", "https://example.com/dir/swapped", ""},
		{"meta", "content", "later.html", "https://example.com/dir/later.html", ""},
		{"meta", "content", "javascript:alert(1)", "javascript:alert(1)", ""},
		{"meta", "content", "http://[::1", "", weburl.IPv6Unclosed},
	})
}

func TestRefreshURL(t *testing.T) {
	tests := []struct {
		in, url string
		ok      bool
	}{
		{"5; url=next.html", "next.html", true},
		{"5;URL=next.html", "next.html", true},
		{"0,url=n", "n", true},
		{"0 url=n", "n", true},
		{"0;n", "n", true},
		{"0; url = 'n x' rest", "n x", true},
		{`0; url="n`, "n", true},
		{`0;url='a"b'`, `a"b`, true},
		{`0;'quoted' x`, "quoted", true},
		{"0; url='", "", true},
		{"0; url=", "", true},
		{"0; url", "url", true},
		{"0; ur", "ur", true},
		{"0; url x", "url x", true},
		{"0; urn:isbn:1", "urn:isbn:1", true},
		{"0; u", "u", true},
		{".5; url=n", "n", true},
		{"1.5.2; url=n", "n", true},
		{"\t0\n;\furl=n", "n", true},
		{"0;;n", ";n", true},
		{"0 ,n", "n", true},
		{"5", "", false},
		{"5;", "", false},
		{"5 ; ", "", false},
		{"", "", false},
		{"  ", "", false},
		{"x", "", false},
		{"5x; url=n", "", false},
		{"-1; url=n", "", false},
		{"+1; url=n", "", false},
	}
	for _, tc := range tests {
		url, ok := refreshURL(tc.in)
		if url != tc.url || ok != tc.ok {
			t.Errorf("refreshURL(%q) = %q, %v; want %q, %v", tc.in, url, ok, tc.url, tc.ok)
		}
	}
}

func TestSrcset(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"", nil},
		{",", nil},
		{" , ,, ", nil},
		{" data:,a 1x ", []string{"data:,a"}},
		{"a.png,b.png", []string{"a.png,b.png"}},
		{"a.png, b.png", []string{"a.png", "b.png"}},
		{"a.png,, b.png", []string{"a.png", "b.png"}},
		{"a.png 1x,b.png 2x", []string{"a.png", "b.png"}},
		{"a.png 1x  ,  b", []string{"a.png", "b"}},
		{"a\t1x,\nb", []string{"a", "b"}},
		{"data:image/png;base64,AAA= 1x, data:,b 2x", []string{"data:image/png;base64,AAA=", "data:,b"}},
		{"a 1x 2x", nil},
		{"a 100w 1x", nil},
		{"a 1x 100w", nil},
		{"a 100w 200w", nil},
		{"a 100w 50h", []string{"a"}},
		{"a 50h 100w", []string{"a"}},
		{"a 50h", nil},
		{"a 1x 50h", nil},
		{"a 100w 50h 60h", nil},
		{"a 0w", nil},
		{"a 00w", nil},
		{"a 010w", []string{"a"}},
		{"a 0h 100w", nil},
		{"a 1.5w", nil},
		{"a 1.5x", []string{"a"}},
		{"a .5x", []string{"a"}},
		{"a 0x", []string{"a"}},
		{"a -0x", []string{"a"}},
		{"a 1.x", nil},
		{"a 1e1x", []string{"a"}},
		{"a 1E-1x", []string{"a"}},
		{"a 1e+x", nil},
		{"a -1x", nil},
		{"a -1e-400x", []string{"a"}}, // rounds to zero, not below it
		{"a +1x", nil},
		{"a 1X", nil},
		{"a 10W", nil},
		{"a 1e999x", nil},
		{"a foo", nil},
		{"a x", nil},
		{"a w", nil},
		{"a 1x b 2x", nil},
		{"a (1x), b", []string{"b"}},
		{"a ( , b 1x, ), c", []string{"c"}},
		{"a 1x (", nil},
		{"a 1x,", []string{"a"}},
		{"a 1x ,b 2x,c", []string{"a", "b", "c"}},
		{"a,  1x", []string{"a", "1x"}},
	}
	for _, tc := range tests {
		var got []string
		parseSrcset(tc.in, func(u string) bool {
			got = append(got, u)
			return true
		})
		if strings.Join(got, "|") != strings.Join(tc.want, "|") || len(got) != len(tc.want) {
			t.Errorf("parseSrcset(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// chunkReader serves its data a few bytes at a time, then err.
type chunkReader struct {
	data string
	n    int
	err  error
}

func (r *chunkReader) Read(p []byte) (int, error) {
	if r.data == "" {
		return 0, r.err
	}
	k := min(len(p), r.n, len(r.data))
	copy(p, r.data[:k])
	r.data = r.data[k:]
	return k, nil
}

func TestReadError(t *testing.T) {
	boom := errors.New("boom")
	doc := weburl.MustParse(pageURL)

	// Past the prescan: the links before the failure come with it.
	page := `<a href="one">` + strings.Repeat(" ", 2000) + `<a href="two"><a href="thr`
	got, err := Extract(&chunkReader{page, 7, boom}, doc, "")
	if !errors.Is(err, boom) {
		t.Errorf("error %v, want boom", err)
	}
	checkLinks(t, got, []want{
		{"a", "href", "one", "https://example.com/dir/one", ""},
		{"a", "href", "two", "https://example.com/dir/two", ""},
	})

	// Within the prescan.
	got, err = Extract(&chunkReader{`<a href="one">`, 3, boom}, doc, "")
	if !errors.Is(err, boom) || len(got) != 0 {
		t.Errorf("Extract = %d links, %v; want none and boom", len(got), err)
	}

	// All ends with the error.
	var last error
	n := 0
	for l, err := range All(&chunkReader{page, 5, boom}, doc, "") {
		if err != nil {
			last = err
			if l != (Link{}) {
				t.Errorf("link with the error: %s", linkString(l))
			}
			continue
		}
		if last != nil {
			t.Errorf("link after the error: %s", linkString(l))
		}
		n++
	}
	if n != 2 || !errors.Is(last, boom) {
		t.Errorf("All: %d links, error %v; want 2 and boom", n, last)
	}
}

func TestTokenTooLong(t *testing.T) {
	doc := weburl.MustParse(pageURL)
	page := `<a href="ok">` + strings.Repeat(" ", 1100) + `<a href="` + strings.Repeat("x", 5000) + `">`
	x := Extractor{MaxTokenSize: 4096}
	got, err := x.Extract(strings.NewReader(page), doc, "")
	if !errors.Is(err, html.ErrBufferExceeded) {
		t.Errorf("error %v, want html.ErrBufferExceeded", err)
	}
	checkLinks(t, got, []want{{"a", "href", "ok", "https://example.com/dir/ok", ""}})

	// A long token within the limit is fine, and the default is larger.
	for _, x := range []Extractor{{MaxTokenSize: 16384}, {}} {
		got, err = x.Extract(strings.NewReader(page), doc, "")
		if err != nil || len(got) != 2 || got[1].Raw != strings.Repeat("x", 5000) {
			t.Errorf("%+v: %d links, %v; want 2 and no error", x, len(got), err)
		}
	}
}

func TestPendingLimit(t *testing.T) {
	doc := weburl.MustParse(pageURL)
	page := `<a href=1><a href=2><a href=3><base href="/b/"><a href=4>`
	hrefs := func(seq func(func(Link, error) bool)) []string {
		var out []string
		for l, err := range seq {
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, l.URL.Href())
		}
		return out
	}
	x := Extractor{MaxPending: 2}
	got := hrefs(x.All(strings.NewReader(page), doc, ""))
	want := []string{
		// Two links held: All gives up waiting and resolves them against
		// the document; the third comes before the base too.
		"https://example.com/dir/1", "https://example.com/dir/2", "https://example.com/dir/3",
		"https://example.com/b/4",
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("MaxPending 2: %q, want %q", got, want)
	}
	all := []string{"https://example.com/b/1", "https://example.com/b/2", "https://example.com/b/3", "https://example.com/b/4"}
	got = hrefs(All(strings.NewReader(page), doc, ""))
	if strings.Join(got, " ") != strings.Join(all, " ") {
		t.Errorf("All: %q, want %q", got, all)
	}
	// Extract never gives up, whatever MaxPending says.
	ls, err := x.Extract(strings.NewReader(page), doc, "")
	got = nil
	for _, l := range ls {
		got = append(got, l.URL.Href())
	}
	if err != nil || strings.Join(got, " ") != strings.Join(all, " ") {
		t.Errorf("Extract: %q, %v; want %q", got, err, all)
	}
}

func TestAllStops(t *testing.T) {
	doc := weburl.MustParse(pageURL)
	// Breaking out while links are held for the base, and after: the
	// range-over-func machinery panics if All yields after a break.
	for _, page := range []string{
		`<a href=1><a href=2><a href=3><base href="/b/">`,
		`<base href="/b/"><a href=1><a href=2><a href=3>`,
		`<img srcset="1, 2, 3">`,
	} {
		n := 0
		for l, err := range All(strings.NewReader(page), doc, "") {
			if err != nil {
				t.Fatal(err)
			}
			if l.URL.Href() != "https://example.com/b/1" && l.URL.Href() != "https://example.com/dir/1" {
				t.Errorf("%s: first link %s", page, linkString(l))
			}
			n++
			break
		}
		if n != 1 {
			t.Errorf("%s: %d links before the break", page, n)
		}
	}
}

func TestZeroValues(t *testing.T) {
	var x Extractor
	got, err := x.Extract(strings.NewReader(`<a href="https://z.example/">`), nil, "")
	if err != nil || len(got) != 1 || got[0].URL.Href() != "https://z.example/" {
		t.Errorf("zero Extractor: %v, %v", got, err)
	}
	got, err = Extract(strings.NewReader(""), nil, "")
	if err != nil || len(got) != 0 {
		t.Errorf("empty document: %v, %v", got, err)
	}
	got, err = Extract(io.LimitReader(strings.NewReader("<a href=x>"), 0), nil, "")
	if err != nil || len(got) != 0 {
		t.Errorf("empty reader: %v, %v", got, err)
	}
	var l Link
	if l.URL != nil || l.Err != nil {
		t.Error("zero Link")
	}
}

// Rel is the element's rel attribute as written, wherever it stands among
// the attributes; links held for a later <base> keep it.
func TestRel(t *testing.T) {
	page := `<a href="/a" rel="nofollow">x</a>
<a rel=" NoFollow  ugc" href="/b">rel first, kept as written</a>
<link href="/feed" rel="alternate" type="application/rss+xml">
<link rel="canonical" href="https://example.com/c">
<area rel="noopener noreferrer" href="/area">
<form rel="external" action="/f"></form>
<a href="/d" rel="first" rel="second">HTML keeps the first of two</a>
<a href="/e">no rel</a>
<a href="/g" REL="a&amp;b&#x20;c">references expanded, name lowercased</a>
<img src="/i.png" srcset="/j.png 2x" rel="x">
<meta http-equiv=refresh content="0; url=/m" rel="y">
<base href="https://other.example/">`
	got := extract(t, page, pageURL, "")
	type relLink struct{ Raw, Href, Rel string }
	want := []relLink{
		{"/a", "https://other.example/a", "nofollow"},
		{"/b", "https://other.example/b", " NoFollow  ugc"},
		{"/feed", "https://other.example/feed", "alternate"},
		{"https://example.com/c", "https://example.com/c", "canonical"},
		{"/area", "https://other.example/area", "noopener noreferrer"},
		{"/f", "https://other.example/f", "external"},
		{"/d", "https://other.example/d", "first"},
		{"/e", "https://other.example/e", ""},
		{"/g", "https://other.example/g", "a&b c"},
		{"/i.png", "https://other.example/i.png", "x"},
		{"/j.png", "https://other.example/j.png", "x"},
		{"/m", "https://other.example/m", ""}, // a refresh has no rel
	}
	if len(got) != len(want) {
		t.Fatalf("%d links, want %d", len(got), len(want))
	}
	for i, l := range got {
		if g := (relLink{l.Raw, l.URL.Href(), l.Rel}); g != want[i] {
			t.Errorf("link %d: %+v, want %+v", i, g, want[i])
		}
	}
}
