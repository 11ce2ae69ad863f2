package links

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"

	"github.com/weburl/weburl"
)

// FuzzExtract checks what holds for any bytes and any Content-Type: no
// panic, no error (no reader fails and no token reaches the limit), every
// link with exactly one of URL and Err, an Err that is a *weburl.Error, a
// URL whose href parses to itself, and the same links from All.
func FuzzExtract(f *testing.F) {
	for _, seed := range []struct{ page, contentType string }{
		{`<a href="x"><img src="y" srcset="a 1x, b,c 2x, d (x) 3x"><base href="/b/">`, ""},
		{`<meta http-equiv=refresh content="0; url='n x'"><form action=""><q cite>`, "text/html"},
		{"<meta charset=shift_jis><a href=\"/\x83p?q=\x83e\">", ""},
		{"\xff\xfe<\x00a\x00 \x00h\x00r\x00e\x00f\x00=\x00x\x00>\x00", ""},
		{"<a href=\"?q=\xcf\">", "text/html; charset=windows-1251"},
		{`<template><base href="//h/"></template><a href="http://[::1">`, ""},
		{`<script>"<a href=s>"</script><!-- <a href=c> --><a href=&#x3042;&amp;>`, "text/html;charset=gbk"},
	} {
		f.Add([]byte(seed.page), seed.contentType)
	}
	doc := weburl.MustParse("https://example.com/dir/page.html?q#f")
	f.Fuzz(func(t *testing.T, page []byte, contentType string) {
		for _, d := range []*weburl.URL{doc, nil} {
			got, err := Extract(bytes.NewReader(page), d, contentType)
			if err != nil {
				t.Fatalf("Extract: %v", err)
			}
			for i, l := range got {
				if l.Tag == "" || l.Attr == "" || !utf8.ValidString(l.Raw) {
					t.Errorf("link %d: %s", i, linkString(l))
				}
				checkFuzzLink(t, i, l)
			}
			// Every link takes at least one byte, so All never gives up
			// waiting for a base here.
			x := Extractor{MaxPending: len(page) + 1}
			n := 0
			for l, err := range x.All(bytes.NewReader(page), d, contentType) {
				if err != nil {
					t.Fatalf("All: %v", err)
				}
				if n >= len(got) || l.Raw != got[n].Raw || l.Tag != got[n].Tag || l.Attr != got[n].Attr ||
					(l.URL == nil) != (got[n].URL == nil) || l.URL != nil && l.URL.Href() != got[n].URL.Href() {
					t.Fatalf("All's link %d = %s, Extract's %d", n, linkString(l), len(got))
				}
				n++
			}
			if n != len(got) {
				t.Fatalf("All gives %d links, Extract %d", n, len(got))
			}
		}
	})
}

// FuzzExtractCSS checks what holds for any style sheet and Content-Type:
// no panic and no error; every link a Resource of Attr "url" or
// "@import", its Raw neither empty nor a fragment, with exactly one of URL
// and Err, an Err that is a *weburl.Error and a URL whose href parses to
// itself; the same links when the sheet comes a byte at a time; and, for
// a UTF-8 sheet, the same links from the sheet as the text of a <style>.
func FuzzExtractCSS(f *testing.F) {
	for _, seed := range []struct{ css, contentType string }{
		{`@import "a.css"; @import url(b.css) screen; a{b:url(c.png); d:url("d.png")} e{f:image-set("g.png" 1x)}`, "text/css"},
		{"@charset \"windows-1251\"; a{b:url(\xe9?\xe9)}", ""},
		{"\xef\xbb\xbfa{b:url(\\31 23 \\) x\\\ny)}", "text/css; charset=utf-8"},
		{"@supports (a: url(no)) { @media x { a { b: url(yes) } } } @namespace url(ns); /* url(c) */ a{b:url(#f)}", ""},
		{"<!-- @import 'x'; --> } ; @import 'late'; a{b:url( sp ace )}", ""},
		{"a{b:url(\x00\r\n\f)}\"\n'\\", "text/css; charset=shift_jis"},
		{"\xff\xfea\x00{\x00b\x00:\x00u\x00r\x00l\x00(\x00x\x00)\x00}\x00", ""},
		{"@layer a, b; @import \"l.css\" layer(a) supports(display: grid);", ""},
	} {
		f.Add([]byte(seed.css), seed.contentType)
	}
	sheet := weburl.MustParse("https://example.com/css/site.css?v#f")
	f.Fuzz(func(t *testing.T, css []byte, contentType string) {
		got, err := ExtractCSS(bytes.NewReader(css), sheet, contentType)
		if err != nil {
			t.Fatalf("ExtractCSS: %v", err)
		}
		for i, l := range got {
			if l.Kind != Resource || l.Tag != "" || l.Attr != "url" && l.Attr != "@import" || l.Rel != "" ||
				l.Raw == "" || l.Raw[0] == '#' || !utf8.ValidString(l.Raw) {
				t.Errorf("link %d: %s kind %v", i, linkString(l), l.Kind)
			}
			checkFuzzLink(t, i, l)
		}
		streamed, err := ExtractCSS(iotest.OneByteReader(bytes.NewReader(css)), sheet, contentType)
		if err != nil {
			t.Fatalf("ExtractCSS, a byte at a time: %v", err)
		}
		if a, b := fuzzLinks(got), fuzzLinks(streamed); a != b {
			t.Fatalf("ExtractCSS:\n%s\na byte at a time:\n%s", a, b)
		}
		if !utf8.Valid(css) || bytes.HasPrefix(css, []byte("\xef\xbb\xbf")) ||
			bytes.Contains(bytes.ToLower(css), []byte("</style")) {
			return
		}
		utf8Sheet, err := ExtractCSS(bytes.NewReader(css), sheet, "text/css; charset=utf-8")
		if err != nil {
			t.Fatal(err)
		}
		page := append(append([]byte("<style>"), css...), "</style>"...)
		inHTML, err := Extract(bytes.NewReader(page), sheet, "text/html; charset=utf-8")
		if err != nil {
			t.Fatal(err)
		}
		for i := range inHTML {
			inHTML[i].Tag = ""
		}
		if a, b := fuzzLinks(utf8Sheet), fuzzLinks(inHTML); a != b {
			t.Fatalf("ExtractCSS:\n%s\nin a <style>:\n%s", a, b)
		}
	})
}

// FuzzLinkHeader checks what holds for any two field lines: no panic;
// every link a <link> href or imagesrcset, its Raw not empty, an href's
// without '>' and of the Kind of its Rel, exactly one of URL and Err, an Err
// that is a *weburl.Error and a URL whose href parses to itself; and the
// links of the two lines those of each line, in order.
func FuzzLinkHeader(f *testing.F) {
	for _, seed := range [][2]string{
		{`</TheBook/chapter2>; rel="previous"; title*=UTF-8'de'letztes%20Kapitel, </TheBook/chapter4>; rel="next"`, `<s.css>; rel=stylesheet`},
		{`</pages=2,3>; rel="next", <x>; title="a, \"b\""; REL=prev`, `, ,garbage, <y>`},
		{`<a.png>; rel=preload; as=image; imagesrcset="a.png 1x, b.png 2x"`, `<a; rel=1, <b>; rel=2`},
		{`<http://[::1>; rel=next`, "\t< x >\t;\trel = next ;title=t"},
		{`<>; rel=canonical`, `<x>; rel="next`},
	} {
		f.Add(seed[0], seed[1])
	}
	base := weburl.MustParse("https://example.com/a/b?q#f")
	f.Fuzz(func(t *testing.T, v1, v2 string) {
		got := ParseLinkHeader([]string{v1, v2}, base)
		for i, l := range got {
			if l.Tag != "link" || l.Attr != "href" && l.Attr != "imagesrcset" || l.Raw == "" ||
				l.Attr == "href" && strings.Contains(l.Raw, ">") ||
				l.Attr == "href" && l.Kind != relKind(l.Rel) || l.Attr == "imagesrcset" && l.Kind != Resource {
				t.Errorf("link %d: %s rel %q kind %v", i, linkString(l), l.Rel, l.Kind)
			}
			checkFuzzLink(t, i, l)
		}
		each := append(ParseLinkHeader([]string{v1}, base), ParseLinkHeader([]string{v2}, base)...)
		if a, b := fuzzLinks(got), fuzzLinks(each); a != b {
			t.Fatalf("both lines:\n%s\neach line:\n%s", a, b)
		}
	})
}

// checkFuzzLink checks that l has exactly one of URL and Err, an Err that
// is a *weburl.Error, and a URL whose href parses to itself.
func checkFuzzLink(t *testing.T, i int, l Link) {
	t.Helper()
	if (l.URL == nil) == (l.Err == nil) {
		t.Fatalf("link %d: URL %v, Err %v", i, l.URL, l.Err)
	}
	if l.Err != nil {
		var e *weburl.Error
		if !errors.As(l.Err, &e) {
			t.Errorf("link %d: error %T %v", i, l.Err, l.Err)
		}
		return
	}
	href := l.URL.Href()
	if again, err := weburl.Parse(href); err != nil || again.Href() != href {
		t.Errorf("link %d: %q re-parses to %v, %v", i, href, again, err)
	}
}

// fuzzLinks prints links, one a line, to compare them.
func fuzzLinks(ls []Link) string {
	var b strings.Builder
	for _, l := range ls {
		fmt.Fprintf(&b, "%s rel=%q kind=%v\n", linkString(l), l.Rel, l.Kind)
	}
	return b.String()
}
