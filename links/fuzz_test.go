package links

import (
	"bytes"
	"errors"
	"testing"
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
				if (l.URL == nil) == (l.Err == nil) {
					t.Fatalf("link %d: URL %v, Err %v", i, l.URL, l.Err)
				}
				if l.Err != nil {
					var e *weburl.Error
					if !errors.As(l.Err, &e) {
						t.Errorf("link %d: error %T %v", i, l.Err, l.Err)
					}
					continue
				}
				href := l.URL.Href()
				again, err := weburl.Parse(href)
				if err != nil || again.Href() != href {
					t.Errorf("link %d: %q re-parses to %v, %v", i, href, again, err)
				}
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
