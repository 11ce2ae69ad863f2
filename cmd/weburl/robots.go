package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/robots"
)

const robotsUsage = "[-agent TOKEN] [-json] [-sitemaps] FILE|- [URL|- ...]"

const robotsHelp = `
weburl robots reads a robots.txt file, FILE or - for standard input, as
Google's crawler reads it (package robots: RFC 9309, and Google's matcher
where the RFC leaves a choice), and prints each URL that -agent may fetch by
its rules, one a line; the URLs it may not fetch are left out.

	$ printf 'User-agent: *\nDisallow: /private\nAllow: /private/press$\n' | weburl robots - https://example.com/ https://example.com/private/a https://example.com/private/press
	https://example.com/
	https://example.com/private/press

-agent is the crawler's product token (letters, '-' and '_', such as
Googlebot), which the file's User-agent lines are compared with, case
aside; the default, *, follows the rules for every crawler. Each URL is
parsed by the URL Standard and printed as its href; its path and query are
compared with each rule in one percent-encoding form, '*' and a final '$'
as wildcards, the longest rule winning and allow winning a tie.

	$ printf 'User-agent: FooBot\nDisallow: /*.pdf$\n' | weburl robots -agent foobot - https://example.com/a.pdf https://example.com/a.pdf?x https://example.com/a.PDF
	https://example.com/a.pdf?x
	https://example.com/a.PDF

-json prints one JSON object per URL, fetched or not: its input, href and
allowed (a boolean); an input that fails, or a blank line, is {"input": ...,
"error": ...}. -sitemaps prints the file's Sitemap lines, in order, as
written, and reads no URLs.

	$ printf 'Sitemap: https://example.com/sitemap.xml\nUser-agent: *\nDisallow: /\n' | weburl robots -json - https://example.com/a
	{"input":"https://example.com/a","href":"https://example.com/a","allowed":false}

With no URL arguments (or "-" among them) it reads one a line from standard
input, blank lines skipped, unless standard input is a terminal or the file.
A URL that fails to parse is reported on standard error with its argument or
line number and why, and the run goes on. The exit status is 0 when every
URL parsed (whether it may be fetched or not), 1 when one failed or the file
could not be read, 2 for bad usage.
`

// robotsJSON is the robots -json output of one URL.
type robotsJSON struct {
	Input   string `json:"input"`
	Href    string `json:"href"`
	Allowed bool   `json:"allowed"`
}

// runRobots is "weburl robots": the URLs a robots.txt lets a crawler fetch.
func runRobots(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	const name = "weburl robots"
	fs := newFlags(name)
	agent := fs.String("agent", "*", "the crawler's product `TOKEN`, as Googlebot")
	asJSON := fs.Bool("json", false, "print each URL as a JSON object: input, href and allowed")
	sitemaps := fs.Bool("sitemaps", false, "print the Sitemap lines of FILE, and read no URLs")
	inputs, err := parseArgs(fs, args)
	if err == nil && len(inputs) == 0 {
		err = errors.New("want FILE, or - for standard input, then the URLs")
	}
	usage := []string{name + " " + robotsUsage}
	if code, done := commandLineDone(fs, err, usage, robotsHelp, stdout, stderr); done {
		return code
	}
	if stdin == nil {
		stdin = strings.NewReader("")
	}
	file, inputs := inputs[0], inputs[1:]
	var body []byte
	if file == "-" {
		body, err = io.ReadAll(io.LimitReader(stdin, robots.MaxSize))
	} else {
		body, err = readHead(file, robots.MaxSize)
	}
	if err != nil {
		fmt.Fprintf(stderr, "%s: %s\n", name, cutInputs(err.Error(), file))
		return exitFailed
	}
	r := robots.Parse(body)
	out := bufio.NewWriterSize(stdout, 64<<10)
	if *sitemaps {
		for _, s := range r.Sitemaps() {
			out.WriteString(s)
			out.WriteByte('\n')
		}
		return exitStatus(name, out, stderr, false)
	}
	if len(inputs) == 0 {
		if file == "-" {
			return exitStatus(name, out, stderr, false) // standard input was the file
		}
		if terminalOnly(stdin, stderr, name, "URLs", usage) {
			return exitUsage
		}
		inputs = []string{"-"}
	}

	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	failed := false
	handle := func(where string, n int, in string) {
		if isBlank(in) {
			if *asJSON {
				enc.Encode(failure{Input: in, Error: "blank line: no URL"})
			}
			return
		}
		u, err := weburl.Parse(in)
		if err != nil {
			failed = true
			msg := errText(err)
			if *asJSON {
				enc.Encode(failure{Input: in, Error: msg})
			}
			out.Flush() // keep stdout and stderr in order on a terminal
			fmt.Fprintln(stderr, name+": "+where+" "+strconv.Itoa(n)+": "+msg)
			return
		}
		allowed := r.Allowed(*agent, u)
		switch {
		case *asJSON:
			enc.Encode(robotsJSON{Input: in, Href: u.Href(), Allowed: allowed})
		case allowed:
			out.WriteString(u.Href())
			out.WriteByte('\n')
		}
	}
	for i, a := range inputs {
		if a != "-" {
			handle("argument", i+1, a)
			continue
		}
		if file == "-" {
			continue // standard input was the file
		}
		if err := eachLine(stdin, func() { out.Flush() }, func(n int, line string) bool {
			handle("line", n, line)
			return true
		}); err != nil {
			failed = true
			out.Flush()
			fmt.Fprintln(stderr, name+": reading standard input: "+err.Error())
		}
	}
	return exitStatus(name, out, stderr, failed)
}

// readHead reads at most n bytes of the file at path.
func readHead(path string, n int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, n))
}
