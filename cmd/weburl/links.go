package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/quote"
	"github.com/weburl/weburl/links"
)

// linkJSON is the links -json output: one object per link.
type linkJSON struct {
	Tag   string `json:"tag"`
	Attr  string `json:"attr"`
	Raw   string `json:"raw"`
	Href  string `json:"href,omitempty"`
	Error string `json:"error,omitempty"`
}

const linksUsage = "[-base URL] [-content-type TYPE] [-json] FILE|-"

const linksHelp = `
weburl links prints the links of an HTML document, FILE or - for standard
input, resolved against the document's base URL, one a line, in document
order: the href and src attributes of HTML, srcset candidates, form actions,
meta refresh URLs and the others package links lists, read as a browser reads
them.

The document's URL is -base, which relative links and <base href> resolve
against. Its encoding comes, in HTML's order, from a byte order mark, the
charset of -content-type, the document's <meta>, and else windows-1252; the
queries of special URLs are percent-encoded in it, as a browser encodes them.

	$ printf '<a href="a.html">A</a> <img src="/img/logo.png">' | weburl links -base https://example.com/docs/ -
	https://example.com/docs/a.html
	https://example.com/img/logo.png

A link that fails to parse is reported on standard error with its tag,
attribute and value, and the run goes on. Without -base (and without an
absolute <base> in the page) every relative link fails, and weburl links says
to pass -base. With -json each link is one object with its tag, attr, raw value
and href or error. The exit status is 0 when every link parsed, 1 when one
failed or the file could not be read, 2 for bad usage.
`

// runLinks is "weburl links": the links of one HTML document.
func runLinks(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("weburl links")
	baseFlag := fs.String("base", "", "the document's `URL`, which relative links resolve against")
	ctFlag := fs.String("content-type", "", "the document's Content-Type `TYPE`, as \"text/html; charset=shift_jis\"")
	jsonFlag := fs.Bool("json", false, "print each link as a JSON object: tag, attr, raw, href or error")
	files, err := parseArgs(fs, args)
	if err == nil && len(files) != 1 {
		err = errors.New("want one FILE, or - for standard input")
	}
	if code, done := commandLineDone(fs, err, []string{"weburl links " + linksUsage}, linksHelp, stdout, stderr); done {
		return code
	}
	var doc *weburl.URL
	if *baseFlag != "" {
		if doc, err = weburl.Parse(*baseFlag); err != nil {
			fmt.Fprintf(stderr, "weburl links: -base: %s\n", strings.TrimPrefix(err.Error(), "weburl: "))
			return exitUsage
		}
	}
	r := stdin
	if files[0] != "-" {
		f, err := os.Open(files[0])
		if err != nil {
			fmt.Fprintf(stderr, "weburl links: %s\n", cutInputs(err.Error(), files[0]))
			return exitFailed
		}
		defer f.Close()
		r = f
	}

	out := bufio.NewWriterSize(stdout, 64<<10)
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	failed := false
	relative := 0 // links that failed for want of a base URL
	for l, err := range links.All(r, doc, *ctFlag) {
		if err != nil {
			out.Flush()
			fmt.Fprintf(stderr, "weburl links: %s: %v\n", quote.Cut(files[0]), err)
			failed = true
			break
		}
		switch {
		case *jsonFlag:
			j := linkJSON{Tag: l.Tag, Attr: l.Attr, Raw: l.Raw}
			if l.Err != nil {
				j.Error = errText(l.Err)
			} else {
				j.Href = l.URL.Href()
			}
			enc.Encode(j)
		case l.Err != nil:
			out.Flush()
			fmt.Fprintf(stderr, "weburl links: <%s %s=%s>: %s\n", l.Tag, l.Attr, quote.String(l.Raw), errText(l.Err))
		default:
			out.WriteString(l.URL.Href())
			out.WriteByte('\n')
		}
		if l.Err != nil {
			failed = true
			var pe *weburl.Error
			if doc == nil && errors.As(l.Err, &pe) && pe.Err == weburl.MissingSchemeNonRelativeURL {
				relative++
			}
		}
	}
	if relative > 0 {
		out.Flush()
		what := fmt.Sprintf("%d relative links", relative)
		if relative == 1 {
			what = "1 relative link"
		}
		fmt.Fprintf(stderr, "weburl links: %s: %s and no base URL to resolve against: pass -base with the page's URL\n", quote.Cut(files[0]), what)
	}
	return exitStatus("weburl links", out, stderr, failed)
}
