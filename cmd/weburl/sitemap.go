package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/quote"
	"github.com/weburl/weburl/sitemap"
)

const sitemapUsage = "[-base URL] [-json] FILE|-"

const sitemapHelp = `
weburl sitemap reads a sitemap, FILE or - for standard input, as a crawler
reads it (package sitemap): an XML urlset or sitemapindex of the
sitemaps.org protocol, a text file of one URL a line, an RSS 2.0 or Atom 1.0
feed, gzip-compressed or not. It prints what a crawler would fetch, one URL
a line: the URLs of a urlset, or the sitemaps of an index, each parsed by the
URL Standard.

	$ printf '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://EXAMPLE.com/a?x=1&amp;y=2</loc></url></urlset>' | weburl sitemap -
	https://example.com/a?x=1&y=2

-base is the sitemap's own URL. Against it a relative URL is resolved (and
reported, as the protocol requires absolute ones), and a URL outside the
sitemap's directory is told apart in -json (outsideLocation): sitemaps.org
allows one only when the site's robots.txt names the sitemap.

An entry that breaks the protocol (a relative URL, one that does not parse,
a <url> without <loc>) is reported on standard error with its line, and not
printed; the run goes on. A document that is not a sitemap, not UTF-8, or
past sitemaps.org's bounds (50,000 URLs, 50 MiB uncompressed) is reported
after the URLs read before that point.

	$ printf 'https://example.com/a\nb.html\nhttps://example.com:99999/\n' | weburl sitemap -base https://example.com/sitemap.txt -
	https://example.com/a
	weburl sitemap: -: loc "b.html" line 2: a relative URL: sitemaps.org requires an absolute one
	weburl sitemap: -: loc "https://example.com:99999/" line 3: weburl: parse "https://example.com:99999/": port-out-of-range

With -json each entry is one object: url (absent when it does not parse),
loc as written, line, lastmod (RFC 3339), changefreq, priority (absent when
the sitemap gives none), sitemap (true for a sitemap of an index),
outsideLocation, and error. The exit status is 0 when every entry had a URL
and the document was read to its end, 1 when one failed, 2 for bad usage.

	$ printf '<sitemapindex><sitemap><loc>https://example.com/s1.xml.gz</loc><lastmod>2026-01</lastmod></sitemap></sitemapindex>' | weburl sitemap -json -base https://example.com/sitemap.xml -
	{"url":"https://example.com/s1.xml.gz","loc":"https://example.com/s1.xml.gz","line":1,"lastmod":"2026-01-01T00:00:00Z","sitemap":true}
`

// sitemapJSON is the sitemap -json output of one entry.
type sitemapJSON struct {
	URL             string   `json:"url,omitempty"`
	Loc             string   `json:"loc"`
	Line            int      `json:"line"`
	LastMod         string   `json:"lastmod,omitempty"`
	ChangeFreq      string   `json:"changefreq,omitempty"`
	Priority        *float64 `json:"priority,omitempty"`
	Sitemap         bool     `json:"sitemap,omitempty"`
	OutsideLocation bool     `json:"outsideLocation,omitempty"`
	Error           string   `json:"error,omitempty"`
}

// runSitemap is "weburl sitemap": the URLs of one sitemap.
func runSitemap(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	const name = "weburl sitemap"
	fs := newFlags(name)
	baseFlag := fs.String("base", "", "the sitemap's own `URL`, which relative URLs resolve against")
	jsonFlag := fs.Bool("json", false, "print each entry as a JSON object: url, loc, line, lastmod, changefreq,\npriority, sitemap, outsideLocation, error")
	files, err := parseArgs(fs, args)
	if err == nil && len(files) != 1 {
		err = errors.New("want one FILE, or - for standard input")
	}
	if code, done := commandLineDone(fs, err, []string{name + " " + sitemapUsage}, sitemapHelp, stdout, stderr); done {
		return code
	}
	var location *weburl.URL
	if *baseFlag != "" {
		if location, err = weburl.Parse(*baseFlag); err != nil {
			fmt.Fprintf(stderr, "%s: -base: %s\n", name, strings.TrimPrefix(err.Error(), "weburl: "))
			return exitUsage
		}
	}
	r := stdin
	if r == nil {
		r = strings.NewReader("")
	}
	if files[0] != "-" {
		f, err := os.Open(files[0])
		if err != nil {
			fmt.Fprintf(stderr, "%s: %s\n", name, cutInputs(err.Error(), files[0]))
			return exitFailed
		}
		defer f.Close()
		r = f
	}

	sm, err := sitemap.Parse(r, location)
	out := bufio.NewWriterSize(stdout, 64<<10)
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	failed := false
	fail := func(e error) {
		failed = true
		out.Flush() // keep stdout and stderr in order on a terminal
		fmt.Fprintf(stderr, "%s: %s: %s\n", name, quote.Cut(files[0]), strings.TrimPrefix(e.Error(), "sitemap: "))
	}
	for i, list := range [][]sitemap.Entry{sm.Entries, sm.Sitemaps} {
		for _, e := range list {
			if *jsonFlag {
				enc.Encode(entryJSON(e, i == 1))
			} else if e.Err == nil {
				out.WriteString(e.URL.Href())
				out.WriteByte('\n')
			}
			if e.Err != nil {
				fail(e.Err)
			}
		}
	}
	if err != nil {
		fail(err)
	}
	return exitStatus(name, out, stderr, failed)
}

func entryJSON(e sitemap.Entry, index bool) sitemapJSON {
	j := sitemapJSON{Loc: e.Loc, Line: e.Line, ChangeFreq: e.ChangeFreq, Sitemap: index, OutsideLocation: e.OutsideLocation}
	if e.URL != nil {
		j.URL = e.URL.Href()
	}
	if !e.LastMod.IsZero() {
		j.LastMod = e.LastMod.Format(time.RFC3339Nano)
	}
	if e.Priority >= 0 {
		j.Priority = &e.Priority
	}
	if e.Err != nil {
		j.Error = strings.TrimPrefix(e.Err.Error(), "sitemap: ")
	}
	return j
}
