package main

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSitemap(t *testing.T) {
	dir := t.TempDir()
	urlset := `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>https://example.com/docs/a</loc><lastmod>2025-03-04T05:06:07+01:00</lastmod><changefreq>daily</changefreq><priority>0.3</priority></url>
<url><loc>https://example.com/other</loc></url>
<url><loc>c</loc></url>
<url></url>
</urlset>`
	var gz bytes.Buffer
	w := gzip.NewWriter(&gz)
	w.Write([]byte(urlset))
	w.Close()
	file := filepath.Join(dir, "sitemap") // no .gz: the magic bytes say gzip
	if err := os.WriteFile(file, gz.Bytes(), 0o666); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args        []string
		stdin       string
		code        int
		out, errOut string
	}{
		{args: []string{"-base", "https://example.com/docs/sitemap.xml", file}, code: 1,
			out: "https://example.com/docs/a\nhttps://example.com/other\n",
			errOut: "weburl sitemap: " + file + `: loc "c" line 5: a relative URL: sitemaps.org requires an absolute one` + "\n" +
				"weburl sitemap: " + file + ": loc line 6: no URL: the entry has no loc or link\n"},
		{args: []string{"-json", "-base", "https://example.com/docs/sitemap.xml", file}, code: 1,
			out: `{"url":"https://example.com/docs/a","loc":"https://example.com/docs/a","line":3,"lastmod":"2025-03-04T05:06:07+01:00","changefreq":"daily","priority":0.3}
{"url":"https://example.com/other","loc":"https://example.com/other","line":4,"outsideLocation":true}
{"url":"https://example.com/docs/c","loc":"c","line":5,"error":"loc \"c\" line 5: a relative URL: sitemaps.org requires an absolute one"}
{"loc":"","line":6,"error":"loc line 6: no URL: the entry has no loc or link"}
`,
			errOut: "weburl sitemap: " + file + `: loc "c" line 5: a relative URL: sitemaps.org requires an absolute one` + "\n" +
				"weburl sitemap: " + file + ": loc line 6: no URL: the entry has no loc or link\n"},
		// A text sitemap, every URL absolute: exit 0.
		{args: []string{"-"}, stdin: "https://example.com/1\n\nhttps://example.com/2\n", out: "https://example.com/1\nhttps://example.com/2\n"},
		// The URLs before a document error are printed, then the error.
		{args: []string{"-"}, stdin: "<urlset><url><loc>https://example.com/1</loc></url><url>", code: 1,
			out:    "https://example.com/1\n",
			errOut: "weburl sitemap: -: parse line 1: XML syntax error on line 1: unexpected EOF\n"},
		{args: []string{"-"}, stdin: `<?xml version="1.0" encoding="windows-1252"?><urlset/>`, code: 1,
			errOut: `weburl sitemap: -: parse line 1: encoding "windows-1252" declared: not UTF-8, which sitemaps.org requires` + "\n"},
		{args: []string{"-base", "example.com", "-"}, code: 2,
			errOut: `weburl sitemap: -base: parse "example.com": missing-scheme-non-relative-URL (no scheme: a relative reference needs a base URL, resolve it with base.Parse(ref))` + "\n"},
		{args: []string{}, code: 2, errOut: "weburl sitemap: want one FILE, or - for standard input\nrun weburl sitemap -h for help\n"},
		{args: []string{filepath.Join(dir, "none")}, code: 1,
			errOut: "weburl sitemap: open " + filepath.Join(dir, "none") + ": no such file or directory\n"},
	} {
		var out, errOut bytes.Buffer
		code := run(append([]string{"sitemap"}, tc.args...), strings.NewReader(tc.stdin), &out, &errOut)
		if code != tc.code || out.String() != tc.out || errOut.String() != tc.errOut {
			t.Errorf("weburl sitemap %q: exit %d\n%s\nstderr:\n%s\nwant exit %d\n%s\nstderr:\n%s",
				tc.args, code, out.String(), errOut.String(), tc.code, tc.out, tc.errOut)
		}
	}
}
