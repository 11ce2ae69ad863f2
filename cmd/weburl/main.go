// Command weburl parses URLs as web browsers do (the WHATWG URL Standard)
// and prints each one's href, or all its components as JSON.
//
// Usage:
//
//	weburl [-base URL] [-json] [-validate] [-display] [URL ...]
//	weburl -version
//
// With no URL arguments it reads one URL per line from standard input,
// streaming, so it can normalize millions of links. A URL that fails to
// parse is reported on standard error with its line (or argument) number
// and the spec's reason, and the run goes on; the exit status is 1 when
// any input failed, 2 for bad usage.
//
// With -validate it prints one line per input instead: "valid" or
// "invalid" (whether the input is a valid URL string), the href or
// "(failure)", and the validation errors the parser met, each as
// name@offset with the byte offset in the input, separated by tabs:
//
//	invalid	https://example.com/a%20b	invalid-URL-unit@21
//
// With -validate and -json, each line is a JSON object with the input,
// href, failure, valid and validationErrors.
//
// With -display it prints each URL as it is safe to show to a person
// (weburl's Display). The -json objects hold, after the attributes, the
// host's publicSuffix and registrableDomain (null when it has none), and
// with -display the display form.
//
// -version prints the module's version (when the build records it), the
// Go version, and the Unicode version of the IDNA tables, which decides
// how non-ASCII hosts map: "weburl v1.2.3 go1.27.3 unicode/17.0.0".
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/weburl/weburl"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// components is the -json output: the URL class's attributes, in the
// order of the spec's IDL.
type components struct {
	Href     string `json:"href"`
	Origin   string `json:"origin"`
	Protocol string `json:"protocol"`
	Username string `json:"username"`
	Password string `json:"password"`
	Host     string `json:"host"`
	Hostname string `json:"hostname"`
	Port     string `json:"port"`
	Pathname string `json:"pathname"`
	Search   string `json:"search"`
	Hash     string `json:"hash"`

	PublicSuffix      *string `json:"publicSuffix"`
	RegistrableDomain *string `json:"registrableDomain"`
	Display           string  `json:"display,omitempty"`
}

// hostValue returns f's answer for u's host when it is a domain, or nil.
func hostValue(u *weburl.URL, f func(string) (string, bool)) *string {
	if u.HostKind() != weburl.Domain {
		return nil // IP addresses and opaque hosts have none
	}
	if v, ok := f(u.Hostname()); ok {
		return &v
	}
	return nil
}

// validation is the -validate -json output.
type validation struct {
	Input            string            `json:"input"`
	Href             string            `json:"href,omitempty"`
	Failure          string            `json:"failure,omitempty"` // the error that stopped the parse
	Valid            bool              `json:"valid"`
	ValidationErrors []validationError `json:"validationErrors"`
}

type validationError struct {
	Name   string `json:"name"`
	Offset int    `json:"offset"`
}

func writeValidation(out *bufio.Writer, enc *json.Encoder, asJSON bool, input string, u *weburl.URL, err error, errs []weburl.ValidationError, valid bool) {
	if asJSON {
		v := validation{Input: input, Valid: valid, ValidationErrors: []validationError{}}
		if u != nil {
			v.Href = u.Href()
		}
		var pe *weburl.Error
		if errors.As(err, &pe) {
			v.Failure = pe.Err.Name()
		}
		for _, e := range errs {
			v.ValidationErrors = append(v.ValidationErrors, validationError{e.Name(), e.Offset()})
		}
		enc.Encode(v)
		return
	}
	if valid {
		out.WriteString("valid\t")
	} else {
		out.WriteString("invalid\t")
	}
	if u != nil {
		out.WriteString(u.Href())
	} else {
		out.WriteString("(failure)")
	}
	out.WriteByte('\t')
	for i, e := range errs {
		if i > 0 {
			out.WriteByte(' ')
		}
		fmt.Fprintf(out, "%s@%d", e.Name(), e.Offset())
	}
	out.WriteByte('\n')
}

// version is the -version line: the outputs of weburl depend on all three.
func version() string {
	v := "(unknown)"
	if info, ok := debug.ReadBuildInfo(); ok {
		const path = "github.com/weburl/weburl"
		if info.Main.Path == path && info.Main.Version != "" {
			v = info.Main.Version
		}
		for _, d := range info.Deps {
			if d.Path == path {
				v = d.Version
			}
		}
	}
	return "weburl " + v + " " + runtime.Version() + " unicode/" + weburl.UnicodeVersion
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("weburl", flag.ContinueOnError)
	fs.SetOutput(stderr)
	baseFlag := fs.String("base", "", "resolve each input against this `URL`")
	jsonFlag := fs.Bool("json", false, "print every component as one JSON object per line")
	validateFlag := fs.Bool("validate", false, "print validity and the validation errors of each input")
	displayFlag := fs.Bool("display", false, "print each URL as it is safe to show to a person")
	versionFlag := fs.Bool("version", false, "print the versions of weburl, Go and the IDNA tables' Unicode, and exit")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: weburl [-base URL] [-json] [-validate] [-display] [URL ...]")
		fmt.Fprintln(stderr, "With no URL arguments, weburl reads one URL per line from standard input.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *versionFlag {
		fmt.Fprintln(stdout, version())
		return 0
	}
	var base *weburl.URL
	if *baseFlag != "" {
		b, err := weburl.Parse(*baseFlag)
		if err != nil {
			fmt.Fprintf(stderr, "weburl: -base: %v\n", err)
			return 2
		}
		base = b
	}

	out := bufio.NewWriterSize(stdout, 64<<10)
	defer out.Flush()
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	var parser weburl.Parser
	var errs []weburl.ValidationError
	if *validateFlag {
		parser.OnValidationError = func(e weburl.ValidationError) { errs = append(errs, e) }
	}
	failed := false
	handle := func(where string, n int, input string) {
		errs = errs[:0]
		u, err := parser.Parse(input, base)
		if err != nil {
			failed = true
			if *validateFlag {
				writeValidation(out, enc, *jsonFlag, input, nil, err, errs, weburl.IsValidURLString(input, base))
			}
			out.Flush() // keep stdout and stderr in order on a terminal
			// err reads `weburl: parse "x": reason`; say where once.
			fmt.Fprintf(stderr, "weburl: %s %d: %s\n", where, n, strings.TrimPrefix(err.Error(), "weburl: "))
			return
		}
		if *validateFlag {
			writeValidation(out, enc, *jsonFlag, input, u, nil, errs, weburl.IsValidURLString(input, base))
			return
		}
		if !*jsonFlag {
			if *displayFlag {
				out.WriteString(u.Display())
			} else {
				out.WriteString(u.Href())
			}
			out.WriteByte('\n')
			return
		}
		c := components{
			Href: u.Href(), Origin: u.Origin().String(), Protocol: u.Protocol(),
			Username: u.Username(), Password: u.Password(), Host: u.Host(),
			Hostname: u.Hostname(), Port: u.Port(), Pathname: u.Pathname(),
			Search: u.Search(), Hash: u.Hash(),
			PublicSuffix:      hostValue(u, weburl.PublicSuffix),
			RegistrableDomain: hostValue(u, weburl.RegistrableDomain),
		}
		if *displayFlag {
			c.Display = u.Display()
		}
		enc.Encode(c)
	}

	if fs.NArg() > 0 {
		for i, a := range fs.Args() {
			handle("argument", i+1, a)
		}
	} else {
		r := bufio.NewReaderSize(stdin, 64<<10)
		for n := 1; ; n++ {
			line, err := r.ReadString('\n')
			if line == "" && err != nil {
				if err != io.EOF {
					fmt.Fprintf(stderr, "weburl: reading input: %v\n", err)
					failed = true
				}
				break
			}
			handle("line", n, strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r"))
		}
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintf(stderr, "weburl: %v\n", err)
		return 1
	}
	if failed {
		return 1
	}
	return 0
}
