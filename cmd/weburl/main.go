// Command weburl parses URLs as web browsers do (the WHATWG URL Standard)
// and prints, changes or canonicalizes them, one input a line.
//
// Usage:
//
//	weburl [flags] [URL ...]
//	weburl links [-base URL] [-content-type TYPE] [-json] FILE|-
//	weburl serve [-addr 127.0.0.1:8080]
//	weburl -version
//
// With no URL arguments it reads one URL per line from standard input,
// streaming, so it can normalize millions of links; a UTF-8 byte order
// mark at the start of the stream is ignored, and blank lines are
// skipped. Flags may come before, between or after the URLs; "--" ends
// the flags.
//
// For each input it parses the URL (against -base, with -encoding for the
// query), applies each -set attr=value in order (every setter of the URL
// class: href, protocol, username, password, host, hostname, port,
// pathname, search, hash), then -canon PROFILE (whatwg or crawler) and
// -sort-query, and prints the href, or:
//
//	-get TEMPLATE   the template filled in: {host}, {port}, {path},
//	                {query}, {query:NAME}, {fragment}, {origin}, ...
//	                (weburl -h lists them); {{ and }} are braces
//	-surt           the SURT key (Sort-friendly URI Reordering Transform)
//	-display        the URL as it is safe to show to a person
//	-json           every component as one JSON object per input line,
//	                with the input; a failed line is {"input", "error"}
//	-validate       validity and the validation errors (see below)
//
// With -match PATTERN (repeatable), only the URLs that a URL pattern
// matches are printed (a crawl-scope filter): PATTERN is a URL Pattern
// constructor string such as "https://*.example.com/docs/*", relative to
// -base if given. With -json, a matching URL prints its href, the index
// of the first pattern that matched and the groups of each component.
//
// A URL that fails to parse, or a value a setter refuses, is reported on
// standard error with its line (or argument) number and the spec's reason,
// and the run goes on. The exit status is 0 when every input parsed, 1
// when some failed, 2 for bad usage (an unknown flag, field, attribute,
// profile or encoding label). -h prints this help to standard output.
//
// With -validate it prints one line per input: "valid" or "invalid"
// (whether the input is a valid URL string), the href or "(failure)", and
// the validation errors the parser met, each as name@offset with the byte
// offset in the input, separated by tabs:
//
//	invalid	https://example.com/a%20b	invalid-URL-unit@21
//
// With -validate and -json, each line is a JSON object with the input,
// href, failure, valid and validationErrors.
//
// With -encoding LABEL, the queries of special URLs are percent-encoded in
// that encoding, as links in a page of that encoding are: LABEL is one of
// the Encoding Standard's labels, such as shift_jis, gbk, euc-kr or latin1
// (which is windows-1252). An unknown label is a usage error.
//
// weburl links prints the links of an HTML document (a file, or - for
// standard input) resolved against its base URL, one per line, in
// document order: the document URL is -base, the encoding comes from
// -content-type, a byte order mark or the document's <meta>. With -json
// each link is an object with its tag, attribute, raw value and href or
// error.
//
// weburl serve serves the playground, a page that shows a URL as weburl
// parses it beside the browser's own new URL(), on loopback by default.
//
// weburl -version prints the module's version (when the build records
// it), the Go version, and the Unicode version of the IDNA tables, which
// decides how non-ASCII hosts map: "weburl v1.2.3 go1.27.3 unicode/17.0.0".
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

	"golang.org/x/text/encoding/htmlindex"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/canon"
	whatwg "github.com/weburl/weburl/internal/encoding"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// Exit statuses.
const (
	exitOK     = 0
	exitFailed = 1 // some input failed
	exitUsage  = 2
)

// components is the -json output: the input, the URL class's attributes in
// the order of the spec's IDL, and what weburl adds.
type components struct {
	Input    string `json:"input"`
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
	SURT              string  `json:"surt,omitempty"`
}

// failure is the -json output for an input that failed.
type failure struct {
	Input string `json:"input"`
	Error string `json:"error"`
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

// A setting is one -set attr=value.
type setting struct {
	attr  weburl.Attribute
	value string
}

// settings is the repeatable -set flag.
type settings []setting

func (s *settings) String() string { return "" }

func (s *settings) Set(v string) error {
	name, value, ok := strings.Cut(v, "=")
	if !ok {
		return fmt.Errorf("%q is not attr=value", v)
	}
	for a := weburl.AttrHref; a <= weburl.AttrHash; a++ {
		if a.String() == name {
			*s = append(*s, setting{a, value})
			return nil
		}
	}
	return fmt.Errorf("unknown attribute %q (href, protocol, username, password, host, hostname, port, pathname, search, hash)", name)
}

// options are the flags of a run.
type options struct {
	base      *weburl.URL
	parser    weburl.Parser
	sets      settings
	profile   *canon.Profile // -canon and -sort-query, nil for none
	get       template
	asJSON    bool
	validate  bool
	display   bool
	surt      bool
	version   bool
	validErrs []weburl.ValidationError
	match     matchFlags // -match (match.go)
}

// rawFlags are the flag values that check turns into options.
type rawFlags struct {
	base, canon, get, encoding string
	sortQuery                  bool
}

// newFlagSet defines the command's flags, filling o and raw.
func newFlagSet(o *options, raw *rawFlags) *flag.FlagSet {
	fs := flag.NewFlagSet("weburl", flag.ContinueOnError)
	fs.StringVar(&raw.base, "base", "", "resolve each input against this `URL`")
	fs.StringVar(&raw.encoding, "encoding", "", "percent-encode queries in the encoding this Encoding Standard `LABEL` names (shift_jis, gbk, latin1, ...)")
	fs.BoolVar(&o.asJSON, "json", false, "print every component as one JSON object per input line")
	fs.BoolVar(&o.validate, "validate", false, "print validity and the validation errors of each input")
	fs.BoolVar(&o.display, "display", false, "print each URL as it is safe to show to a person")
	fs.BoolVar(&o.surt, "surt", false, "print each URL's SURT key")
	fs.StringVar(&raw.get, "get", "", "print `TEMPLATE` filled in for each URL, as \"{host}:{port}\"")
	fs.Var(&o.sets, "set", "set an attribute: `attr=value` (repeatable; applied in order)")
	fs.StringVar(&raw.canon, "canon", "", "canonicalize with `PROFILE`: whatwg or crawler (see package canon)")
	fs.BoolVar(&raw.sortQuery, "sort-query", false, "sort the query's pairs by name, keeping each pair's bytes")
	fs.Var(&o.match, "match", "print only the URLs that URL `PATTERN` matches (repeatable: any of them; with -json, the pattern's index and groups)")
	fs.BoolVar(&o.version, "version", false, "print the versions of weburl, Go and the IDNA tables' Unicode, and exit")
	return fs
}

// usage writes the help to w.
func usage(w io.Writer, fs *flag.FlagSet) {
	fmt.Fprintln(w, "usage: weburl [flags] [URL ...]")
	fmt.Fprintln(w, "       weburl links [-base URL] [-content-type TYPE] [-json] FILE|-")
	fmt.Fprintln(w, "       weburl serve [-addr 127.0.0.1:8080]")
	fmt.Fprintln(w, "With no URL arguments, weburl reads one URL per line from standard input.")
	fmt.Fprintln(w, "Exit status: 0 every input parsed, 1 some failed, 2 bad usage.")
	fmt.Fprintln(w)
	fs.SetOutput(w)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
	fmt.Fprintln(w)
	fmt.Fprintln(w, "-get fields:", fieldNames())
}

// parseArgs reads flags wherever they stand among the URLs: Go's flag
// package stops at the first argument that is not a flag. After "--"
// everything is a URL.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var urls []string
	for {
		if len(args) > 0 && args[0] == "--" {
			return append(urls, args[1:]...), nil
		}
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return urls, nil
		}
		// fs.Parse consumed a "--" itself if rest follows one.
		if n := len(args) - len(rest); n > 0 && args[n-1] == "--" {
			return append(urls, rest...), nil
		}
		urls = append(urls, rest[0])
		args = rest[1:]
	}
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
	if len(args) > 0 && args[0] == "links" {
		return runLinks(args[1:], stdin, stdout, stderr)
	}
	if len(args) > 0 && args[0] == "serve" {
		return runServe(args[1:], stdout, stderr)
	}
	var o options
	var raw rawFlags
	fs := newFlagSet(&o, &raw)
	fs.SetOutput(io.Discard) // errors are printed below, help to stdout
	urls, err := parseArgs(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		usage(stdout, fs)
		return exitOK
	}
	if err != nil {
		fmt.Fprintf(stderr, "weburl: %v\n", err)
		fmt.Fprintln(stderr, "run weburl -h for help")
		return exitUsage
	}
	if o.version {
		fmt.Fprintln(stdout, version())
		return exitOK
	}
	if msg := o.check(raw); msg != "" {
		fmt.Fprintln(stderr, "weburl: "+msg)
		return exitUsage
	}

	out := bufio.NewWriterSize(stdout, 64<<10)
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	if o.validate {
		o.parser.OnValidationError = func(e weburl.ValidationError) { o.validErrs = append(o.validErrs, e) }
	}
	failed := false
	var line strings.Builder
	handle := func(where string, n int, input string) {
		if err := o.handle(out, enc, &line, input); err != nil {
			failed = true
			out.Flush() // keep stdout and stderr in order on a terminal
			// err reads `weburl: parse "x": reason`; say where once.
			fmt.Fprintf(stderr, "weburl: %s %d: %s\n", where, n, strings.TrimPrefix(err.Error(), "weburl: "))
		}
	}
	if len(urls) > 0 {
		for i, a := range urls {
			handle("argument", i+1, a)
		}
	} else if err := eachLine(stdin, handle); err != nil {
		fmt.Fprintf(stderr, "weburl: reading input: %v\n", err)
		failed = true
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintf(stderr, "weburl: %v\n", err)
		return exitFailed
	}
	if failed {
		return exitFailed
	}
	return exitOK
}

// check turns the raw flags into options, or says what is wrong.
func (o *options) check(raw rawFlags) string {
	if raw.base != "" {
		b, err := weburl.Parse(raw.base)
		if err != nil {
			return "-base: " + strings.TrimPrefix(err.Error(), "weburl: ")
		}
		o.base = b
	}
	if raw.encoding != "" {
		// The standard's labels decide; htmlindex gives the x/text value
		// of the encoding by its name.
		name, ok := whatwg.LabelToName(raw.encoding)
		if !ok {
			return fmt.Sprintf("-encoding: unknown encoding label %q", raw.encoding)
		}
		enc, err := htmlindex.Get(name)
		if err != nil {
			return fmt.Sprintf("-encoding: %s: %v", name, err)
		}
		o.parser.Encoding = enc
	}
	var p canon.Profile
	switch raw.canon {
	case "", "whatwg":
	case "crawler":
		p = canon.Crawler
	default:
		return fmt.Sprintf("-canon %q: unknown profile (whatwg, crawler)", raw.canon)
	}
	if raw.sortQuery {
		p.SortQuery = true
	}
	if raw.canon != "" || raw.sortQuery {
		o.profile = &p
	}
	if raw.get != "" {
		t, err := parseTemplate(raw.get)
		if err != nil {
			return err.Error()
		}
		o.get = t
	}
	if msg := o.match.compile(raw.base, o.validate); msg != "" {
		return msg
	}
	outputs := 0
	for _, on := range []bool{raw.get != "", o.surt, o.validate, o.display && !o.asJSON} {
		if on {
			outputs++
		}
	}
	if outputs > 1 || raw.get != "" && o.asJSON {
		return "-get, -surt, -validate and -display choose the output: use one (-json may go with -surt, -display or -validate)"
	}
	return ""
}

// eachLine calls handle for each non-blank line of r, without its line
// ending; a byte order mark at the start is dropped.
func eachLine(r io.Reader, handle func(where string, n int, input string)) error {
	br := bufio.NewReaderSize(r, 64<<10)
	for n := 1; ; n++ {
		line, err := br.ReadString('\n')
		if line == "" && err != nil {
			if err == io.EOF {
				return nil
			}
			return err
		}
		if n == 1 {
			line = strings.TrimPrefix(line, "\uFEFF")
		}
		line = strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
		if strings.TrimLeft(line, " \t\f\r") == "" {
			continue
		}
		handle("line", n, line)
	}
}

// handle parses, changes and prints one input; the error is why it failed.
func (o *options) handle(out *bufio.Writer, enc *json.Encoder, line *strings.Builder, input string) error {
	o.validErrs = o.validErrs[:0]
	u, err := o.parser.Parse(input, o.base)
	if o.validate {
		writeValidation(out, enc, o.asJSON, input, u, err, o.validErrs, weburl.IsValidURLString(input, o.base))
		return err
	}
	if err == nil {
		u, err = o.change(u)
	}
	if err != nil {
		if o.asJSON {
			enc.Encode(failure{Input: input, Error: strings.TrimPrefix(err.Error(), "weburl: ")})
		}
		return err
	}
	if o.match.list != nil && o.match.filter(out, enc, o.asJSON, input, u) {
		return nil
	}
	switch {
	case o.asJSON:
		c := components{
			Input: input,
			Href:  u.Href(), Origin: u.Origin().String(), Protocol: u.Protocol(),
			Username: u.Username(), Password: u.Password(), Host: u.Host(),
			Hostname: u.Hostname(), Port: u.Port(), Pathname: u.Pathname(),
			Search: u.Search(), Hash: u.Hash(),
			PublicSuffix:      hostValue(u, weburl.PublicSuffix),
			RegistrableDomain: hostValue(u, weburl.RegistrableDomain),
		}
		if o.display {
			c.Display = u.Display()
		}
		if o.surt {
			c.SURT = canon.SURT(u)
		}
		enc.Encode(c)
		return nil
	case o.get != nil:
		line.Reset()
		o.get.execute(line, u)
		out.WriteString(line.String())
	case o.surt:
		out.WriteString(canon.SURT(u))
	case o.display:
		out.WriteString(u.Display())
	default:
		out.WriteString(u.Href())
	}
	out.WriteByte('\n')
	return nil
}

// change applies the -set values in order, then the profile.
func (o *options) change(u *weburl.URL) (*weburl.URL, error) {
	var p weburl.Parser // setters take no options but the callback
	for _, s := range o.sets {
		if err := p.Set(u, s.attr, s.value); err != nil {
			return nil, err
		}
	}
	if o.profile != nil {
		u = o.profile.Apply(u)
	}
	return u, nil
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
