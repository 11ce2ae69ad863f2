package links

import (
	"strings"
	"testing"

	"github.com/weburl/weburl"
)

// BenchmarkExtract reads a generated page of 200 units (600 links, 40 KB).
func BenchmarkExtract(b *testing.B) {
	doc := weburl.MustParse("https://example.com/")
	unitLen := len(appendUnit(nil, 0))
	b.SetBytes(int64(200 * unitLen))
	b.ReportAllocs()
	for b.Loop() {
		n := 0
		for _, err := range All(&pageGen{units: 200}, doc, "text/html; charset=utf-8") {
			if err != nil {
				b.Fatal(err)
			}
			n++
		}
		if n != 600 {
			b.Fatalf("%d links", n)
		}
	}
}

// styledPage is a page whose links are in style attributes and a <style>.
var styledPage = "<style>" + strings.Repeat(`.c{background:url(/img/bg.png) no-repeat;font:12px/1.5 sans-serif}`, 50) + "</style>" +
	strings.Repeat(`<div class="c" style="color:red;background-image:url('/i/x.png')"><span title="t">text</span></div>`, 200)

func BenchmarkExtractStyled(b *testing.B) {
	doc := weburl.MustParse("https://example.com/")
	b.SetBytes(int64(len(styledPage)))
	b.ReportAllocs()
	for b.Loop() {
		got, err := Extract(strings.NewReader(styledPage), doc, "text/html; charset=utf-8")
		if err != nil || len(got) != 250 {
			b.Fatal(len(got), err)
		}
	}
}

// BenchmarkExtractCSS reads a 60 KB style sheet of 1000 rules, 500 links.
func BenchmarkExtractCSS(b *testing.B) {
	css := strings.Repeat(`/* a rule */ .a > b:hover, #c[d="e"] { color: #fff; margin: 0 auto; background: url("/img/a.png") } .f{g:1.5em}`, 500)
	sheet := weburl.MustParse("https://example.com/css/site.css")
	b.SetBytes(int64(len(css)))
	b.ReportAllocs()
	for b.Loop() {
		got, err := ExtractCSS(strings.NewReader(css), sheet, "text/css")
		if err != nil || len(got) != 500 {
			b.Fatal(len(got), err)
		}
	}
}

func BenchmarkParseLinkHeader(b *testing.B) {
	values := []string{`</page/3>; rel="next", </page/1>; rel=prev, <https://fonts.example/f.woff2>; rel=preload; as=font; crossorigin`}
	base := weburl.MustParse("https://example.com/page/2")
	b.ReportAllocs()
	for b.Loop() {
		if got := ParseLinkHeader(values, base); len(got) != 3 {
			b.Fatal(len(got))
		}
	}
}
