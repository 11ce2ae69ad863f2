package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/dataurl"
	"github.com/weburl/weburl/mimetype"
)

const dataURLUsage = "[-json] [-o FILE] [URL|- ...]"

const dataURLHelp = `
weburl data-url reads each data: URL as a browser's fetch reads it (package
dataurl: the Fetch Standard's data: URL processor) and prints its MIME type
and the length of its body in bytes, separated by a tab.

	$ weburl data-url 'data:,Hello%2C%20World!' 'data:image/png;base64,iVBORw0KGgo=' 'data:text/html;charset=UTF-8;base64,PHA+aGk='
	text/plain;charset=US-ASCII	13
	image/png	8
	text/html;charset=UTF-8	5

The MIME type is the part before the first ",", parsed and serialized as the
MIME Sniffing Standard says (type, subtype and parameter names in lower
case); an empty one, or one that does not parse, is
text/plain;charset=US-ASCII, and one that starts with ";" is read after
text/plain. The body is the rest, percent-decoded, and after ";base64"
decoded by the Infra Standard's forgiving-base64 decode (what atob does:
ASCII whitespace is ignored, the padding may be left out). The fragment is
no part of either.

-o FILE writes the body of the one URL given to FILE, and prints its line as
without -o; -o - writes the body to standard output, and nothing else there.
A URL that fails writes no file. -json prints one JSON object per
input: its input, mimeType (serialized), essence (type/subtype), parameters
(an object, in the MIME type's order), length and body (in base64, RFC 4648's
standard alphabet with padding); an input that fails, or a blank line, is
{"input": ..., "error": ...}.

	$ weburl data-url -json 'data:text/plain;charset=utf-8;base64,aMOp'
	{"input":"data:text/plain;charset=utf-8;base64,aMOp","mimeType":"text/plain;charset=utf-8","essence":"text/plain","parameters":{"charset":"utf-8"},"length":3,"body":"aMOp"}

With no URL arguments (or "-" among them) it reads one a line from standard
input, blank lines skipped, unless standard input is a terminal. An input
that is no data: URL is reported on standard error with its argument or line
number and what failed, in the words of the processor's step (process) or
the URL parser's (parse), and the run goes on.
The exit status is 0 when every input was a data: URL, 1 when one failed (or
-o could not write), 2 for bad usage.

	$ weburl data-url 'data:text/html' 'data:;base64,YQ=a' 'https://example.com/'
	weburl data-url: argument 1: process "data:text/html": no U+002C (,) follows the MIME type
	weburl data-url: argument 2: process "data:;base64,YQ=a": the body does not decode as forgiving base64: U+003D '=' at offset 2 of the body is not one of U+002B (+), U+002F (/) and the ASCII alphanumerics
	weburl data-url: argument 3: process "https://example.com/": the scheme is "https", not "data"
`

// dataURLJSON is the data-url -json output of one data: URL.
type dataURLJSON struct {
	Input      string     `json:"input"`
	MIMEType   string     `json:"mimeType"`
	Essence    string     `json:"essence"`
	Parameters mimeParams `json:"parameters"`
	Length     int        `json:"length"`
	Body       []byte     `json:"body"` // encoding/json writes it in standard base64
}

// mimeParams writes a MIME type's parameters as a JSON object, in their
// order: a MIME type's parameters are an ordered map, names unique.
type mimeParams struct{ m mimetype.MIMEType }

func (p mimeParams) MarshalJSON() ([]byte, error) {
	// An encoder of its own: the bytes a MarshalJSON returns are not
	// re-escaped, so SetEscapeHTML(false) on the command's encoder does not
	// reach them, and <, > and & would be written as \u003c and so on.
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	b.WriteByte('{')
	for name, value := range p.m.Params() {
		if b.Len() > 1 {
			b.WriteByte(',')
		}
		for k, s := range []string{name, value} {
			if k == 1 {
				b.WriteByte(':')
			}
			if err := enc.Encode(s); err != nil {
				return nil, err
			}
			b.Truncate(b.Len() - 1) // Encode's newline
		}
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// runDataURL is "weburl data-url": the MIME type and body of data: URLs.
func runDataURL(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	const name = "weburl data-url"
	fs := newFlags(name)
	asJSON := fs.Bool("json", false, "print each as a JSON object: input, mimeType, essence, parameters, length\nand body (base64)")
	outFile := fs.String("o", "", "write the body of the one URL to `FILE` (- for standard output, which then\ngets nothing else)")
	inputs, err := parseArgs(fs, args)
	switch {
	case err != nil:
	case *outFile != "" && (len(inputs) != 1 || inputs[0] == "-"):
		err = errors.New("-o writes one body: give one URL argument")
	case *outFile == "-" && *asJSON:
		err = errors.New("-o - writes the body to standard output, where -json would write too")
	}
	usage := []string{name + " " + dataURLUsage}
	if code, done := commandLineDone(fs, err, usage, dataURLHelp, stdout, stderr); done {
		return code
	}
	if stdin == nil {
		stdin = strings.NewReader("")
	}
	if len(inputs) == 0 {
		if terminalOnly(stdin, stderr, name, "data: URLs", usage) {
			return exitUsage
		}
		inputs = []string{"-"}
	}

	out := bufio.NewWriterSize(stdout, 64<<10)
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	failed := false
	fail := func(msg string) {
		failed = true
		out.Flush() // keep stdout and stderr in order on a terminal
		fmt.Fprintln(stderr, name+": "+msg)
	}
	handle := func(where string, n int, in string) {
		if isBlank(in) {
			if *asJSON {
				enc.Encode(failure{Input: in, Error: "blank line: no URL"})
			}
			return
		}
		d, err := dataurl.Parse(in)
		if err != nil {
			msg := dataURLErrText(err)
			if *asJSON {
				enc.Encode(failure{Input: in, Error: msg})
			}
			fail(where + " " + strconv.Itoa(n) + ": " + msg)
			return
		}
		switch {
		case *outFile == "-":
			out.Write(d.Body)
			return
		case *outFile != "":
			if err := os.WriteFile(*outFile, d.Body, 0o666); err != nil {
				fail("-o: " + cutInputs(err.Error(), *outFile))
				return
			}
		}
		if *asJSON {
			enc.Encode(dataURLJSON{Input: in, MIMEType: d.MIMEType.String(), Essence: d.MIMEType.Essence(),
				Parameters: mimeParams{d.MIMEType}, Length: len(d.Body), Body: d.Body})
			return
		}
		out.WriteString(d.MIMEType.String())
		out.WriteByte('\t')
		out.WriteString(strconv.Itoa(len(d.Body)))
		out.WriteByte('\n')
	}
	for i, a := range inputs {
		if a != "-" {
			handle("argument", i+1, a)
			continue
		}
		if err := eachLine(stdin, func() { out.Flush() }, func(n int, line string) bool {
			handle("line", n, line)
			return true
		}); err != nil {
			fail("reading standard input: " + err.Error())
		}
	}
	return exitStatus(name, out, stderr, failed)
}

// dataURLErrText is the message of a data: URL that failed, without the
// package's prefix: the URL parser's, or the processor's step and why.
func dataURLErrText(err error) string {
	var pe *weburl.Error
	if errors.As(err, &pe) {
		if pe.Op == "parse" && pe.Err == weburl.MissingSchemeNonRelativeURL {
			e := *pe
			e.Err = hinted{weburl.MissingSchemeNonRelativeURL, "a relative reference, no data: URL"}
			pe = &e
		}
		return strings.TrimPrefix(pe.Error(), "weburl: ")
	}
	return strings.TrimPrefix(err.Error(), "dataurl: ")
}
