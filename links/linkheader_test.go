package links

import (
	"testing"

	"github.com/weburl/weburl"
)

type headerLink struct {
	raw, href, rel string
	kind           Kind
	attr           string // "" for "href"
}

func checkHeader(t *testing.T, values []string, base string, wants []headerLink) {
	t.Helper()
	var b *weburl.URL
	if base != "" {
		b = weburl.MustParse(base)
	}
	got := ParseLinkHeader(values, b)
	if len(got) != len(wants) {
		for _, l := range got {
			t.Logf("  %s rel=%q", linkString(l), l.Rel)
		}
		t.Fatalf("%q: %d links, want %d", values, len(got), len(wants))
	}
	for i, l := range got {
		w := wants[i]
		if w.attr == "" {
			w.attr = "href"
		}
		href := ""
		if l.URL != nil {
			href = l.URL.Href()
		}
		if l.Raw != w.raw || href != w.href || l.Rel != w.rel || l.Kind != w.kind || l.Tag != "link" || l.Attr != w.attr {
			t.Errorf("%q: link %d = %s rel=%q kind=%v, want %+v", values, i, linkString(l), l.Rel, l.Kind, w)
		}
		if (l.URL == nil) == (l.Err == nil) {
			t.Errorf("link %d: URL %v, Err %v", i, l.URL, l.Err)
		}
	}
}

// The examples of RFC 8288, section 3.5, each a field value.
func TestLinkHeaderRFCExamples(t *testing.T) {
	const base = "http://example.com/TheBook/chapter3"
	checkHeader(t, []string{`<http://example.com/TheBook/chapter2>; rel="previous"; title="previous chapter"`}, base, []headerLink{
		{"http://example.com/TheBook/chapter2", "http://example.com/TheBook/chapter2", "previous", 0, ""},
	})
	checkHeader(t, []string{`</>; rel="http://example.net/foo"`}, base, []headerLink{
		{"/", "http://example.com/", "http://example.net/foo", 0, ""},
	})
	// The anchor changes the link's context, not how its target resolves.
	checkHeader(t, []string{`</terms>; rel="copyright"; anchor="#foo"`}, base, []headerLink{
		{"/terms", "http://example.com/terms", "copyright", 0, ""},
	})
	checkHeader(t, []string{`</TheBook/chapter2>; rel="previous"; title*=UTF-8'de'letztes%20Kapitel, ` +
		`</TheBook/chapter4>; rel="next"; title*=UTF-8'de'n%c3%a4chstes%20Kapitel`}, base, []headerLink{
		{"/TheBook/chapter2", "http://example.com/TheBook/chapter2", "previous", 0, ""},
		{"/TheBook/chapter4", "http://example.com/TheBook/chapter4", "next", Navigation, ""},
	})
	checkHeader(t, []string{`<http://example.org/>; rel="start http://example.net/relation/other"`}, base, []headerLink{
		{"http://example.org/", "http://example.org/", "start http://example.net/relation/other", 0, ""},
	})
	checkHeader(t, []string{`<https://example.org/>; rel="start", <https://example.org/index>; rel="index"`}, base, []headerLink{
		{"https://example.org/", "https://example.org/", "start", 0, ""},
		{"https://example.org/index", "https://example.org/index", "index", 0, ""},
	})
}

func TestLinkHeader(t *testing.T) {
	const base = "https://example.com/a/b?q"
	tests := []struct {
		name   string
		values []string
		want   []headerLink
	}{
		{"kinds by rel, as <link>", []string{`</s.css>; rel=stylesheet, <//cdn.example>; rel=preconnect, </2>; rel=next`}, []headerLink{
			{"/s.css", "https://example.com/s.css", "stylesheet", Resource, ""},
			{"//cdn.example", "https://cdn.example/", "preconnect", 0, ""},
			{"/2", "https://example.com/2", "next", Navigation, ""}}},
		{"several field lines", []string{`<x>; rel=next`, `<y>; rel=prev`}, []headerLink{
			{"x", "https://example.com/a/x", "next", Navigation, ""},
			{"y", "https://example.com/a/y", "prev", Navigation, ""}}},
		{"a comma in the target", []string{`</pages=2,3>; rel="next", </4>; rel=prev`}, []headerLink{
			{"/pages=2,3", "https://example.com/pages=2,3", "next", Navigation, ""},
			{"/4", "https://example.com/4", "prev", Navigation, ""}}},
		{"a comma and an escaped quote in a quoted string", []string{`<x>; title="a, \"b\", c"; rel="n\ext", <y>`}, []headerLink{
			{"x", "https://example.com/a/x", "next", Navigation, ""},
			{"y", "https://example.com/a/y", "", 0, ""}}},
		{"empty list elements", []string{`, ,<x>,, ,<y> ,`}, []headerLink{
			{"x", "https://example.com/a/x", "", 0, ""},
			{"y", "https://example.com/a/y", "", 0, ""}}},
		{"a link-value that is no link is skipped", []string{`garbage, x>; rel=next, <y>; rel=prev`}, []headerLink{
			{"y", "https://example.com/a/y", "prev", Navigation, ""}}},
		// The target runs to the first '>' (B.2, step 2.4), and a '<' hides
		// the commas up to it.
		{"an unclosed target", []string{`<a; rel=1, <b>; rel=2`}, []headerLink{
			{"a; rel=1, <b", "https://example.com/a/a;%20rel=1,%20%3Cb", "2", 0, ""}}},
		{"no '>' at all", []string{`<a; rel=next`, `<b>`}, []headerLink{
			{"b", "https://example.com/a/b", "", 0, ""}}},
		{"names are case-insensitive; the first rel counts", []string{`<x>; REL=prev; rel=next`}, []headerLink{
			{"x", "https://example.com/a/x", "prev", Navigation, ""}}},
		{"whitespace", []string{"\t< x >\t;\trel = next ;title=t"}, []headerLink{
			{"x", "https://example.com/a/x", "next", Navigation, ""}}},
		{"a token value runs to ';' or ','", []string{`<x>; rel=next prev; a=b`}, []headerLink{
			{"x", "https://example.com/a/x", "next prev", Navigation, ""}}},
		{"a parameter without a value", []string{`<x>; crossorigin; rel=preload; as=font`}, []headerLink{
			{"x", "https://example.com/a/x", "preload", Resource, ""}}},
		{"text after the parameters is ignored", []string{`<x>; rel="next" junk; rel=prev, <y>`}, []headerLink{
			{"x", "https://example.com/a/x", "next", Navigation, ""},
			{"y", "https://example.com/a/y", "", 0, ""}}},
		{"an unclosed quoted string", []string{`<x>; rel="next, <y>`}, []headerLink{
			{"x", "https://example.com/a/x", "next, <y>", 0, ""}}}, // "next," is no keyword
		{"an empty target is no link", []string{`<>; rel=canonical, < >; rel=next`}, nil},
		{"a target that does not parse", []string{`<http://[::1>; rel=next`}, []headerLink{
			{"http://[::1", "", "next", Navigation, ""}}},
		{"preload imagesrcset", []string{`<a.png>; rel=preload; as=image; imagesrcset="a.png 1x, b.png 2x"; imagesizes="50vw"`}, []headerLink{
			{"a.png", "https://example.com/a/a.png", "preload", Resource, ""},
			{"a.png", "https://example.com/a/a.png", "preload", Resource, "imagesrcset"},
			{"b.png", "https://example.com/a/b.png", "preload", Resource, "imagesrcset"}}},
		{"imagesrcset without as=image", []string{`<a.js>; rel=preload; as=script; imagesrcset="x.png 1x"`, `<c.css>; rel=stylesheet; imagesrcset="y.png"`}, []headerLink{
			{"a.js", "https://example.com/a/a.js", "preload", Resource, ""},
			{"c.css", "https://example.com/a/c.css", "stylesheet", Resource, ""}}},
		{"nothing", []string{"", " ", ","}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			checkHeader(t, tc.values, base, tc.want)
		})
	}
	if got := ParseLinkHeader(nil, nil); got != nil {
		t.Errorf("no values: %v", got)
	}
	// No base: a relative target fails as the URL parser fails it.
	got := ParseLinkHeader([]string{`<x>, <https://h.example/>`}, nil)
	if len(got) != 2 || got[0].Err == nil || got[1].URL == nil || got[1].URL.Href() != "https://h.example/" {
		t.Errorf("no base: %v", got)
	}
}
