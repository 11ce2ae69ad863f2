package links

import (
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/weburl/weburl"
)

// sheetLinks returns the links scanCSS finds in css, as construct:raw.
func sheetLinks(css string, attr bool) []string {
	var out []string
	scanCSS(newCSSText([]byte(css)), attr, func(raw, construct string) bool {
		out = append(out, construct+":"+raw)
		return true
	})
	return out
}

// The cases marked Chromium are what Chromium 148 fetched for the CSS in a
// <style> of a page with a <div id=t> (and nothing else), served from a
// loopback server that logged each request; the others are read from CSS
// Syntax, CSS Values and CSS Cascade.
func TestCSSLinks(t *testing.T) {
	tests := []struct {
		css  string
		want []string
	}{
		// @import (Chromium).
		{`@import "i1.css"; #t{color:red}`, []string{"@import:i1.css"}},
		{`#t{color:red} @import "i2.css";`, nil},
		{`@charset "utf-8"; @import "i3.css";`, []string{"@import:i3.css"}},
		{`@layer a, b; @import "i4.css";`, []string{"@import:i4.css"}},
		{`@layer a { } @import "i5.css";`, nil},
		{`@namespace svg url(http://www.w3.org/2000/svg); @import "i6.css";`, nil},
		{`@media all { } @import "i7.css";`, nil},
		{`@import "i8.css" { }`, nil},
		{`@import "i9.css"`, []string{"@import:i9.css"}},
		{`@import url("i10.css");`, []string{"@import:i10.css"}},
		{`@import url(i11.css) screen;`, []string{"@import:i11.css"}},
		{`<!-- @import "i12.css"; -->`, []string{"@import:i12.css"}},
		{`} @import "i13.css";`, nil},
		// Chromium's preload scanner requests "i14.css;" here, but the
		// rule is invalid and CSSOM has no import.
		{`@import i14.css;`, nil},
		{`@media all { @import "i15.css"; }`, nil},
		{`@import i16a.css; @import "i16.css";`, []string{"@import:i16.css"}},
		{`; @import "i17.css";`, nil},
		{`@import url(i18a.css) url(i18b.css);`, []string{"@import:i18a.css"}},
		{`@import "";`, nil},
		{`@import "#i19";`, nil},
		{`@import "i20.css" supports(display: grid) screen;`, []string{"@import:i20.css"}},
		{`@import url(i21.css) layer(x);`, []string{"@import:i21.css"}},
		// url() and image-set() (Chromium).
		{`#t{background-image:url(b1.png)}`, []string{"url:b1.png"}},
		{`#t{background-image:url("b2.png")}`, []string{"url:b2.png"}},
		{`#t{background-image:image-set("b3.png" 1x)}`, []string{"url:b3.png"}},
		{`#t{background-image:-webkit-image-set("b4.png" 1x)}`, []string{"url:b4.png"}},
		{`#t{background-image:url(#b5)}`, nil},
		{`#t{background-image:url()}`, nil},
		{`@supports (background-image: url(b6.png)) { #t{background-image:url(b7.png)} }`, []string{"url:b7.png"}},
		{`@media all { #t{background-image:url(b8.png)} }`, []string{"url:b8.png"}},
		{`#t{background-image:url(b\39 .png)}`, []string{"url:b9.png"}},
		{`#t{background-image:url(b10 .png)}`, nil},
		{`#t{ & { background-image:url(b13.png) } }`, []string{"url:b13.png"}},
		{`#t{background-image:/* url(b14a.png) */url(b14.png)}`, []string{"url:b14.png"}},
		{`#t{display:list-item;list-style-image:url(l1.png)}`, []string{"url:l1.png"}},
		{`#t{cursor:url(c1.png), auto}`, []string{"url:c1.png"}},
		{`@font-face{font-family:X;src:url(f1.woff)} #t{font-family:X}`, []string{"url:f1.woff"}},
		{`#t::before{content:url(c2.png)}`, []string{"url:c2.png"}},
		{`#t{background-image:src("sf.png")}`, nil},
		// From the specs.
		{`a{b:url( x\29 y )}`, []string{"url:x)y"}},   // an escaped ')'
		{`a{b:url("a\"b")}`, []string{`url:a"b`}},     // an escaped quote
		{"a{b:url('a\\\nb')}", []string{"url:ab"}},    // an escaped newline is no character
		{"a{b:url('a\nb')}", nil},                     // a bad string
		{`a{b:url(a"b)}`, nil},                        // a bad url
		{`a{b:\75 rl(x.png)}`, []string{"url:x.png"}}, // "url" escaped is still url(
		{`a{b:1url(x.png) -url(y.png) #url(z)}`, nil}, // a dimension, a function, a hash
		{`a{b:"url(x.png)"}`, nil},                    // a string
		{`url(x.png) { b: c }`, nil},                  // in a selector
		{`a{b:image-set(url(p.png) 1x, "q.png" 2x type("image/png"))}`, []string{"url:p.png", "url:q.png"}},
		{`a{b:image-set(foo("r.png"))}`, nil},            // not directly inside
		{`a{b:url(` + "\"\"" + `)}`, nil},                // empty
		{`a{b:url(  "s.png"  )}`, []string{"url:s.png"}}, // spaces around the string
		{`a{b:url(  t.png  )}`, []string{"url:t.png"}},
		{`a { b: url(u.png`, []string{"url:u.png"}}, // closed by the end
		{`/* a{b:url(v.png)}`, nil},                 // an unclosed comment
		{`a{b:url("w.png`, []string{"url:w.png"}},   // a string closed by the end
		{`@page { @top-left { content: url(x.png) } }`, []string{"url:x.png"}},
		{`@keyframes k { from { background: url(y.png) } }`, []string{"url:y.png"}},
		{`a{b:c} @import "late.css"; d{e:url(z.png)}`, []string{"url:z.png"}},
		{`@import "a.css"; @import 'b.css'; @import url(c.css)`, []string{"@import:a.css", "@import:b.css", "@import:c.css"}},
		{`@IMPORT "u.css";`, []string{"@import:u.css"}},
		{`@import/**/"v.css";`, []string{"@import:v.css"}},
		{`@import "w.css" screen, print`, []string{"@import:w.css"}},
		{`@import url("x.css" modifier);`, []string{"@import:x.css"}},
		{`@namespace url(ns);` + `a{b:url(k.png)}`, []string{"url:k.png"}},
		{`a{b:url(` + strings.Repeat("(", 3) + `)}`, nil},
		{`a{b:url(\))}`, []string{"url:)"}},
		{`a{b:url(\)}`, []string{"url:)}"}}, // the escaped ')' ends nothing
		{"a{b:url(\\\n)}", nil},             // a backslash before a newline is a bad url
		{`a{b:url(é.png)}`, []string{"url:é.png"}},
		{`a{b:url(\1F600.png)}`, []string{"url:😀.png"}},
		{"a{b:url(\x00.png)}", []string{"url:\uFFFD.png"}},
	}
	for _, tc := range tests {
		got := sheetLinks(tc.css, false)
		if strings.Join(got, " ") != strings.Join(tc.want, " ") {
			t.Errorf("%q: %q, want %q", tc.css, got, tc.want)
		}
	}
}

// A style attribute is a list of declarations: its url()s are links
// wherever they stand, at-rules are dropped with their blocks (Chromium:
// s2 is not fetched, s3 and s1 are; nor is the @import of s4).
func TestCSSStyleAttribute(t *testing.T) {
	tests := []struct {
		css  string
		want []string
	}{
		{`background-image:url(s1.png)`, []string{"style:s1.png"}},
		{`@media all { background-image:url(s2.png) } background-image:url(s3.png)`, []string{"style:s3.png"}},
		{`@import 's4.css'; color:red`, nil},
		{`@foo url(s5.png); b: url(s6.png)`, []string{"style:s6.png"}},
		{`b: image-set("s7.png" 1x); c: url("s8.png")`, []string{"style:s7.png", "style:s8.png"}},
		{`b: url(#frag)`, nil},
	}
	for _, tc := range tests {
		var got []string
		scanCSS(newCSSText([]byte(tc.css)), true, func(raw, _ string) bool {
			got = append(got, "style:"+raw)
			return true
		})
		if strings.Join(got, " ") != strings.Join(tc.want, " ") {
			t.Errorf("%q: %q, want %q", tc.css, got, tc.want)
		}
	}
}

func TestCSSInHTML(t *testing.T) {
	// The base URL of a <style> and of a style attribute is the document
	// base URL; their queries are in UTF-8 though the page is
	// windows-1252 (Chromium 148 requested q.png?%C3%A9 for such a page).
	page := "<a href=\"?\xe9\" style=\"background: url(q.png?\xe9)\">x</a>" +
		"<style>@import \"i.css\"; a { background: url('b.png') }</style>" +
		"<DIV Style='x: url(d.png)'></DIV><custom-element style=\"x:url(c.png)\"></custom-element>" +
		"<My-Very-Long-Element-Name style=x:url(l.png)>" +
		"<style/>p{x:url(e.png)}</style><svg><style>@import url(s.css);</style></svg>" +
		"<p style=\"\">" + "<span title=\"style\" data-x='url(no.png)'>" +
		"<base href=\"https://b.example/d/\">"
	checkLinks(t, extract(t, page, pageURL, "text/html; charset=windows-1252"), []want{
		{"a", "href", "?\u00e9", "https://b.example/d/?%E9", ""},
		{"a", "style", "q.png?\u00e9", "https://b.example/d/q.png?%C3%A9", ""},
		{"style", "@import", "i.css", "https://b.example/d/i.css", ""},
		{"style", "url", "b.png", "https://b.example/d/b.png", ""},
		{"div", "style", "d.png", "https://b.example/d/d.png", ""},
		{"custom-element", "style", "c.png", "https://b.example/d/c.png", ""},
		{"my-very-long-element-name", "style", "l.png", "https://b.example/d/l.png", ""},
		{"style", "url", "e.png", "https://b.example/d/e.png", ""},
		{"style", "@import", "s.css", "https://b.example/d/s.css", ""},
	})
	for _, l := range extract(t, page, pageURL, "") {
		if want := map[bool]Kind{true: Resource, false: Navigation}[l.Attr != "href"]; l.Kind != want {
			t.Errorf("%s: Kind %v, want %v", linkString(l), l.Kind, want)
		}
		if l.Attr != "href" && l.Rel != "" {
			t.Errorf("%s: Rel %q", linkString(l), l.Rel)
		}
	}
}

func TestExtractCSS(t *testing.T) {
	sheet := weburl.MustParse("https://cdn.example/css/site.css?v=1")
	tests := []struct {
		name, css, contentType string
		want                   []want
	}{
		{"relative to the sheet", `@import "base.css"; a{b:url(../img/a.png)} c{d:url(//o.example/x)}`, "text/css", []want{
			{"", "@import", "base.css", "https://cdn.example/css/base.css", ""},
			{"", "url", "../img/a.png", "https://cdn.example/img/a.png", ""},
			{"", "url", "//o.example/x", "https://o.example/x", ""}}},
		{"UTF-8 by default", "a{b:url(\xc3\xa9.png?\xc3\xa9)}", "", []want{
			{"", "url", "\u00e9.png?\u00e9", "https://cdn.example/css/%C3%A9.png?%C3%A9", ""}}},
		{"Content-Type charset", "a{b:url(\xe9.png?\xe9)}", "text/css; charset=ISO-8859-1", []want{
			{"", "url", "\u00e9.png?\u00e9", "https://cdn.example/css/%C3%A9.png?%C3%A9", ""}}},
		{"@charset", "@charset \"windows-1251\"; a{b:url(\xe9)}", "", []want{
			{"", "url", "\u0439", "https://cdn.example/css/%D0%B9", ""}}},
		{"a Content-Type as browsers read it", "a{b:url(\xe9)}", "text/css;x;charset=\"windows-1251", []want{
			{"", "url", "\u0439", "https://cdn.example/css/%D0%B9", ""}}},
		{"replacement from the Content-Type", "a{b:url(x)}", "text/css; charset=iso-2022-kr", nil},
		{"Content-Type beats @charset", "@charset \"windows-1251\"; a{b:url(\xe9)}", "text/css;charset=windows-1252", []want{
			{"", "url", "\u00e9", "https://cdn.example/css/%C3%A9", ""}}},
		{"an unknown charset falls back", "@charset \"koi8-r\"; a{b:url(\xc1)}", "text/css; charset=bogus", []want{
			{"", "url", "\u0430", "https://cdn.example/css/%D0%B0", ""}}},
		{"@charset of the exact form only", "@charset 'windows-1251'; a{b:url(\xc3\xa9)}", "", []want{
			{"", "url", "\u00e9", "https://cdn.example/css/%C3%A9", ""}}},
		{"@charset utf-16 means UTF-8", "@charset \"utf-16le\"; a{b:url(\xc3\xa9)}", "", []want{
			{"", "url", "\u00e9", "https://cdn.example/css/%C3%A9", ""}}},
		{"a UTF-8 BOM beats the Content-Type", "\xef\xbb\xbfa{b:url(\xc3\xa9)}", "text/css; charset=windows-1252", []want{
			{"", "url", "\u00e9", "https://cdn.example/css/%C3%A9", ""}}},
		{"a UTF-16LE BOM", "\xff\xfea\x00{\x00b\x00:\x00u\x00r\x00l\x00(\x00\xe9\x00)\x00}\x00", "", []want{
			{"", "url", "\u00e9", "https://cdn.example/css/%C3%A9", ""}}},
		{"a UTF-16BE BOM", "\xfe\xff\x00a\x00{\x00b\x00:\x00u\x00r\x00l\x00(\x00x\x00)\x00}", "", []want{
			{"", "url", "x", "https://cdn.example/css/x", ""}}},
		{"invalid UTF-8 is U+FFFD", "a{b:url(\xff)}", "", []want{
			{"", "url", "\ufffd", "https://cdn.example/css/%EF%BF%BD", ""}}},
		{"a link that does not parse", `a{b:url(http://[::1)}`, "", []want{
			{"", "url", "http://[::1", "", weburl.IPv6Unclosed}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ExtractCSS(iotest.HalfReader(strings.NewReader(tc.css)), sheet, tc.contentType)
			if err != nil {
				t.Fatal(err)
			}
			checkLinks(t, got, tc.want)
			for _, l := range got {
				if l.Kind != Resource || l.Rel != "" {
					t.Errorf("%s: Kind %v, Rel %q", linkString(l), l.Kind, l.Rel)
				}
			}
		})
	}

	// No sheet URL: relative links fail, absolute ones parse.
	got, err := ExtractCSS(strings.NewReader(`a{b:url(x)} c{d:url(https://e.example/)}`), nil, "")
	if err != nil {
		t.Fatal(err)
	}
	checkLinks(t, got, []want{
		{"", "url", "x", "", weburl.MissingSchemeNonRelativeURL},
		{"", "url", "https://e.example/", "https://e.example/", ""},
	})
}

func TestExtractCSSErrors(t *testing.T) {
	boom := errors.New("boom")
	// The links before a read error come with it.
	css := `a{b:url(one)}` + strings.Repeat(" ", 5000) + `c{d:url(two)} e{f:url(thr`
	got, err := ExtractCSS(&chunkReader{css, 100, boom}, nil, "")
	if !errors.Is(err, boom) || len(got) != 2 || got[0].Raw != "one" || got[1].Raw != "two" {
		t.Errorf("ExtractCSS = %v, %v; want one, two and boom", got, err)
	}
	// A url longer than MaxTokenSize stops the extraction.
	long := `a{b:url(ok)} c{d:url(` + strings.Repeat("x", 10000) + `)} e{f:url(after)}`
	x := Extractor{MaxTokenSize: 4096}
	got, err = x.ExtractCSS(strings.NewReader(long), nil, "")
	if err == nil || !strings.Contains(err.Error(), `longer than 4096 bytes: "xxxx`) || !strings.Contains(err.Error(), "… (3072 more bytes)") ||
		len(got) != 1 || got[0].Raw != "ok" {
		t.Errorf("MaxTokenSize 4096: %d links, %v", len(got), err)
	}
	// But a long token that is no link costs nothing and fails nothing.
	long = `/*` + strings.Repeat("x", 10000) + `*/ "` + strings.Repeat("y", 10000) + `" a{b:url(ok)}`
	got, err = x.ExtractCSS(strings.NewReader(long), nil, "")
	if err != nil || len(got) != 1 {
		t.Errorf("long comment and string: %d links, %v", len(got), err)
	}
	// An empty sheet and a reader that fails at once.
	if got, err := ExtractCSS(strings.NewReader(""), nil, ""); err != nil || len(got) != 0 {
		t.Errorf("empty sheet: %v, %v", got, err)
	}
	if _, err := ExtractCSS(iotest.ErrReader(boom), nil, ""); !errors.Is(err, boom) {
		t.Errorf("failing reader: %v", err)
	}
	// A reader that keeps returning nothing.
	if _, err := ExtractCSS(zeroReader{}, nil, ""); !errors.Is(err, io.ErrNoProgress) {
		t.Errorf("a reader of no progress: %v", err)
	}
}

// zeroReader returns 0, nil for ever.
type zeroReader struct{}

func (zeroReader) Read([]byte) (int, error) { return 0, nil }
