package links

import (
	"errors"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/quote/quotetest"
)

// The errors of links on 1 MiB inputs quote at most about 1 KiB of each
// and say how much they left out: a link's Err (the URL parser's
// *weburl.Error, which names the link and the base) from an href, a
// srcset candidate, a meta refresh, a CSS url() and a Link header, and the
// errors of a token and of a CSS url() over the limit. cut is the number of inputs over 1 KiB the message names.
func TestErrorMessagesBounded(t *testing.T) {
	long := quotetest.Long(t)
	bad := "http://[" + long // IPv6-unclosed
	longDoc := weburl.MustParse("http://example.com/" + long)
	for _, tc := range []struct {
		name string
		doc  *weburl.URL
		html string
		cut  int
	}{
		{"an href that does not parse", weburl.MustParse("http://example.com/"), `<a href="` + bad + `">`, 1},
		{"an href that does not parse, from a 1 MiB document URL", longDoc, `<a href="` + bad + `">`, 2},
		{"a relative href without a document URL", nil, `<a href="` + long + `">`, 1},
		{"a srcset candidate", longDoc, `<img srcset="` + bad + ` 1x">`, 2},
		{"a meta refresh", longDoc, `<meta http-equiv=refresh content="0; url=` + bad + `">`, 2},
	} {
		ls, err := Extract(strings.NewReader(tc.html), tc.doc, "text/html")
		if err != nil || len(ls) != 1 || ls[0].Err == nil {
			t.Errorf("%s: %d links, %v; want one link with an Err", tc.name, len(ls), err)
			continue
		}
		quotetest.Check(t, tc.name, ls[0].Err, tc.cut, "")
	}

	// CSS and Link headers: a link's Err.
	sheet, err := ExtractCSS(strings.NewReader(`a{background:url("`+bad+`")}`), longDoc, "text/css")
	if err != nil || len(sheet) != 1 {
		t.Errorf("a CSS url() that does not parse: %d links, %v; want one link with an Err", len(sheet), err)
	} else {
		quotetest.Check(t, "a CSS url() that does not parse", sheet[0].Err, 2, "")
	}
	header := ParseLinkHeader([]string{"<" + bad + ">; rel=preload"}, longDoc)
	if len(header) != 1 {
		t.Errorf("a Link header target that does not parse: %d links; want one with an Err", len(header))
	} else {
		quotetest.Check(t, "a Link header target that does not parse", header[0].Err, 2, "")
	}
	// A CSS url() over the limit: the error quotes it, cut.
	_, err = Extractor{MaxTokenSize: 64 << 10}.ExtractCSS(strings.NewReader(`a{background:url(`+long+`)}`), longDoc, "")
	quotetest.Check(t, "a 1 MiB CSS url() over a 64 KiB limit", err, 1, "")

	// A token over the limit: the error names the limit, not the token.
	x := Extractor{MaxTokenSize: 4096}
	_, err = x.Extract(strings.NewReader(`<a href="`+long+`">`), longDoc, "")
	if !errors.Is(err, html.ErrBufferExceeded) {
		t.Fatalf("a 1 MiB token over a 4 KiB limit: %v", err)
	}
	quotetest.Check(t, "a token over the limit", err, 0, "")
}
