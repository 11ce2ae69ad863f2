// Command weburl parses URLs as web browsers do (the WHATWG URL Standard)
// and prints, changes or canonicalizes them, one input a line.
//
// Usage:
//
//	weburl [flags] [URL|- ...]
//	weburl links [-base URL] [-content-type TYPE] [-json] FILE|-
//	weburl file-url [-windows|-posix] [PATH ...]
//	weburl file-path [-windows|-posix] [URL ...]
//	weburl serve [-addr 127.0.0.1:8080]
//	weburl -version
//
// Each URL argument is an input; "-" reads one URL per line from standard
// input, and so does weburl without URL arguments (and without
// -url-file), unless standard input is a terminal: then it prints its
// usage instead of waiting. -url-file FILE reads the lines of FILE after
// the arguments ("-" is standard input). Each line is answered as soon as
// it is read: "tail -f log | weburl -get {host}" prints as lines come,
// and a big file is still written in big blocks. A UTF-8 byte order mark
// at the start of a stream is ignored, and blank lines are skipped (with
// -json they get a line of output). Flags may come before, between or
// after the URLs; "--" ends the flags.
//
// For each input it parses the URL (against -base, with -encoding for the
// query), then changes it in this order: each -set attr=value (every
// setter of the URL class: href, protocol, username, password, host,
// hostname, port, pathname, search, hash; and the names -get uses:
// scheme, user, path, query, fragment), each -trim query=GLOB, each
// -append path=SEGMENT or query=NAME=VALUE, -query-strip-empty, then
// -canon PROFILE (whatwg or crawler) and -sort-query. It prints the href,
// or:
//
//	-get TEMPLATE   the template filled in: {host}, {port}, {path},
//	                {query}, {query:NAME}, {fragment}, {origin},
//	                {idn:host}, {puny:host}, ... (weburl -h lists them);
//	                {{ and }} are braces
//	-surt           the SURT key (Sort-friendly URI Reordering Transform)
//	-display        the URL as it is safe to show to a person
//	-json           every component as one JSON object per input line,
//	                with the input; a failed or blank line is
//	                {"input", "error"}
//	-validate       validity and the validation errors (see below)
//
// With -match PATTERN (repeatable), only the URLs that a URL pattern
// matches are printed (a crawl-scope filter): PATTERN is a URL Pattern
// constructor string such as "https://*.example.com/docs/*", relative to
// -base if given. With -json, a matching URL prints its href, the index
// of the first pattern that matched and the groups of each component.
//
// A URL that fails to parse, or a value a setter refuses, is reported on
// standard error with its line (or argument) number and the spec's reason
// (-quiet keeps them back), and the run goes on. The exit status is 0
// when every input parsed, 1 when some failed, 2 for bad usage (an
// unknown flag, field, attribute, profile or encoding label). -h prints
// the help to standard output.
//
// The README's section "The command" says how -set, -append, -trim and
// the template fields differ from trurl's, which follow RFC 3986 and
// libcurl where weburl follows the URL Standard.
//
// With -validate it prints one line per input: "valid" or "invalid"
// (whether the input is a valid URL string), the href or "(failure)", and
// the validation errors the parser met, if any, each as name@offset with
// the byte offset in the input, separated by tabs:
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
// error. Relative links of a page read without -base (and without an
// absolute <base>) fail, and it says to pass -base.
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
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/text/encoding/htmlindex"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/canon"
	whatwg "github.com/weburl/weburl/internal/encoding"
	"github.com/weburl/weburl/internal/playground"
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
	Input string `json:"input"`
	playground.Attributes

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
	// The string, not the bool: PublicSuffix's bool says ICANN.
	if v, _ := f(u.Hostname()); v != "" {
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
	// prefix is "?" for -set query= and "#" for -set fragment=: those
	// names take the component without its delimiter, so a value that
	// starts with "?" or "#" keeps it, as trurl does; "" clears.
	prefix string
}

// settings is the repeatable -set flag.
type settings []setting

func (s *settings) String() string { return "" }

// setAliases are the names -get uses (and trurl's) for the URL API's
// attributes.
var setAliases = map[string]struct {
	attr   weburl.Attribute
	prefix string
}{
	"scheme":   {weburl.AttrProtocol, ""},
	"user":     {weburl.AttrUsername, ""},
	"path":     {weburl.AttrPathname, ""},
	"query":    {weburl.AttrSearch, "?"},
	"fragment": {weburl.AttrHash, "#"},
}

func (s *settings) Set(v string) error {
	name, value, ok := strings.Cut(v, "=")
	if !ok {
		return fmt.Errorf("%q is not attr=value", v)
	}
	if a, ok := setAliases[name]; ok {
		*s = append(*s, setting{a.attr, value, a.prefix})
		return nil
	}
	for a := weburl.AttrHref; a <= weburl.AttrHash; a++ {
		if a.String() == name {
			*s = append(*s, setting{attr: a, value: value})
			return nil
		}
	}
	return fmt.Errorf("unknown attribute %q (href, protocol or scheme, username or user, password, host, hostname, port, pathname or path, search, query, hash, fragment)", name)
}

// An appending is one -append: a path segment, or a query pair.
type appending struct {
	path        bool   // a path segment, else a query pair
	name, value string // the segment is name
	hasValue    bool   // query=NAME=VALUE, not query=NAME
}

// appendings is the repeatable -append flag.
type appendings []appending

func (a *appendings) String() string { return "" }

func (a *appendings) Set(v string) error {
	comp, data, ok := strings.Cut(v, "=")
	switch {
	case ok && comp == "path":
		*a = append(*a, appending{path: true, name: data})
	case ok && comp == "query":
		name, value, hasValue := strings.Cut(data, "=")
		*a = append(*a, appending{name: name, value: value, hasValue: hasValue})
	default:
		return fmt.Errorf("%q: want path=SEGMENT or query=NAME=VALUE", v)
	}
	return nil
}

// trims is the repeatable -trim flag: globs of query names.
type trims []string

func (t *trims) String() string { return "" }

func (t *trims) Set(v string) error {
	glob, ok := strings.CutPrefix(v, "query=")
	if !ok {
		return fmt.Errorf("%q: want query=GLOB (only the query's pairs can be trimmed)", v)
	}
	*t = append(*t, glob)
	return nil
}

// files is a repeatable flag of file names.
type files []string

func (f *files) String() string     { return "" }
func (f *files) Set(v string) error { *f = append(*f, v); return nil }

// options are the flags of a run.
type options struct {
	base       *weburl.URL
	parser     weburl.Parser
	sets       settings
	appends    appendings
	trims      trims
	stripEmpty bool
	profile    *canon.Profile // -canon and -sort-query, nil for none
	get        template
	asJSON     bool
	validate   bool
	display    bool
	surt       bool
	version    bool
	quiet      bool
	urlFiles   files
	validErrs  []weburl.ValidationError
	match      matchFlags // -match (match.go)
}

// rawFlags are the flag values that check turns into options.
type rawFlags struct {
	base, canon, get, encoding string
	sortQuery                  bool
}

// newFlagSet defines the command's flags, filling o and raw. A new flag
// goes here, and its check in options.check.
func newFlagSet(o *options, raw *rawFlags) *flag.FlagSet {
	fs := flag.NewFlagSet("weburl", flag.ContinueOnError)
	fs.StringVar(&raw.base, "base", "", "resolve each input against this `URL`")
	fs.StringVar(&raw.encoding, "encoding", "", "percent-encode queries in the encoding this Encoding Standard `LABEL` names (shift_jis, gbk, latin1, ...)")
	fs.Var(&o.urlFiles, "url-file", "read URLs from `FILE` too, one a line (- is standard input; repeatable)")
	fs.BoolVar(&o.asJSON, "json", false, "print every component as one JSON object per input line (blank and failed lines too)")
	fs.BoolVar(&o.validate, "validate", false, "print validity and the validation errors of each input")
	fs.BoolVar(&o.display, "display", false, "print each URL as it is safe to show to a person")
	fs.BoolVar(&o.surt, "surt", false, "print each URL's SURT key")
	fs.StringVar(&raw.get, "get", "", "print `TEMPLATE` filled in for each URL, as \"{host}:{port}\"")
	fs.Var(&o.sets, "set", "set a component: `attr=value`, an attribute of the URL API or a -get name: scheme, user, path, query, fragment (repeatable; in order; query= and fragment= with an empty value remove it)")
	fs.Var(&o.trims, "trim", "remove the query's pairs whose name (decoded, ASCII case ignored) matches: `query=GLOB`, * any run of characters, \\ quotes the next (repeatable)")
	fs.Var(&o.appends, "append", "append a path segment, encoded as encodeURIComponent does, or a query pair, as URLSearchParams does: `path=SEGMENT` or query=NAME=VALUE (repeatable; in order)")
	fs.BoolVar(&o.stripEmpty, "query-strip-empty", false, "remove the query's empty pairs (&&, a lone =) and a \"?\" left with no query")
	fs.StringVar(&raw.canon, "canon", "", "canonicalize with `PROFILE`: whatwg or crawler (see package canon)")
	fs.BoolVar(&raw.sortQuery, "sort-query", false, "sort the query's pairs by name, keeping each pair's bytes")
	fs.BoolVar(&o.quiet, "quiet", false, "print no messages on standard error for inputs that fail (the exit status still says)")
	fs.Var(&o.match, "match", "print only the URLs that URL `PATTERN` matches (repeatable: any of them; with -json, the pattern's index and groups)")
	fs.BoolVar(&o.version, "version", false, "print the versions of weburl, Go and the IDNA tables' Unicode, and exit")
	return fs
}

// usage writes the help to w.
func usage(w io.Writer, fs *flag.FlagSet) {
	fmt.Fprintln(w, "usage: weburl [flags] [URL|- ...]")
	fmt.Fprintln(w, "       weburl links [-base URL] [-content-type TYPE] [-json] FILE|-")
	fmt.Fprintln(w, "       weburl file-url|file-path [-windows|-posix] [PATH|URL ...]")
	fmt.Fprintln(w, "       weburl serve [-addr 127.0.0.1:8080]")
	fmt.Fprintln(w, "Each URL argument is an input; - reads one URL a line from standard input,")
	fmt.Fprintln(w, "as weburl does without arguments (but on a terminal, where it prints this).")
	fmt.Fprintln(w, "Each line is answered as it arrives. Changes apply in this order: -set, -trim,")
	fmt.Fprintln(w, "-append, -query-strip-empty, -canon and -sort-query.")
	fmt.Fprintln(w, "Exit status: 0 every input parsed, 1 some failed, 2 bad usage.")
	fmt.Fprintln(w)
	fs.SetOutput(w)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
	fmt.Fprintln(w)
	fmt.Fprintln(w, "-get fields:", fieldNames())
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Unlike trurl, weburl follows the URL Standard: hosts are already Punycode")
	fmt.Fprintln(w, "({puny:host} is {host}), components stay percent-encoded as in the href,")
	fmt.Fprintln(w, "query pairs are encoded as URLSearchParams encodes them (a space is +),")
	fmt.Fprintln(w, "path segments as encodeURIComponent does, and . and .. segments (also %2e)")
	fmt.Fprintln(w, "move in the path. See README.md, \"The command\".")
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

// subcommands take the place of the first argument: "weburl links FILE".
// A file that adds one registers it here, or in its own init function.
var subcommands = map[string]func(args []string, stdin io.Reader, stdout, stderr io.Writer) int{
	"links": runLinks,
	"file-url": func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
		return runFilePath("file-url", args, stdin, stdout, stderr)
	},
	"file-path": func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
		return runFilePath("file-path", args, stdin, stdout, stderr)
	},
	"serve": func(args []string, _ io.Reader, stdout, stderr io.Writer) int { return runServe(args, stdout, stderr) },
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		if sub, ok := subcommands[args[0]]; ok {
			return sub(args[1:], stdin, stdout, stderr)
		}
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
	if stdin == nil {
		stdin = strings.NewReader("")
	}
	if len(urls) == 0 && len(o.urlFiles) == 0 {
		// Nothing to read but standard input: on a terminal the user
		// more likely wants the help than a prompt that waits; "-"
		// reads a terminal all the same.
		if isTerminal(stdin) {
			usage(stderr, fs)
			return exitUsage
		}
		urls = []string{"-"}
	}

	r := &runner{o: &o, out: bufio.NewWriterSize(stdout, 64<<10), stderr: stderr}
	r.enc = json.NewEncoder(r.out)
	r.enc.SetEscapeHTML(false)
	if o.validate {
		o.parser.OnValidationError = func(e weburl.ValidationError) { o.validErrs = append(o.validErrs, e) }
	}
	for i, a := range urls {
		if a == "-" {
			r.readLines("line", stdin)
			continue
		}
		r.handle("argument", i+1, a)
	}
	for _, name := range o.urlFiles {
		if name == "-" {
			r.readLines("line", stdin)
			continue
		}
		f, err := os.Open(name)
		if err != nil {
			r.fail(fmt.Sprintf("-url-file: %v", err))
			continue
		}
		r.readLines(name+" line", f)
		f.Close()
	}
	if err := r.out.Flush(); err != nil {
		fmt.Fprintf(stderr, "weburl: %v\n", err)
		return exitFailed
	}
	if r.failed {
		return exitFailed
	}
	return exitOK
}

// errText is err's message without "weburl: ", which the command's own
// prefix replaces. A relative reference parsed without a base says to
// pass -base, where the library's message speaks of base.Parse.
func errText(err error) string {
	var pe *weburl.Error
	if errors.As(err, &pe) && pe.Op == "parse" && !pe.HasBase && pe.Reason == "" && pe.Err.Name() == weburl.MissingSchemeNonRelativeURL {
		e := *pe
		e.Reason = "a relative reference: pass -base with a URL to resolve it against"
		err = &e
	}
	return strings.TrimPrefix(err.Error(), "weburl: ")
}

// isTerminal reports whether r is a terminal (a character device, but
// /dev/null, which scripts give as an empty input), without a dependency.
func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	if err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return false
	}
	null, err := os.Stat(os.DevNull)
	return err != nil || !os.SameFile(fi, null)
}

// A runner answers the inputs of one run.
type runner struct {
	o      *options
	out    *bufio.Writer
	enc    *json.Encoder
	stderr io.Writer
	line   strings.Builder
	failed bool
}

// fail records a failure and says so on standard error, unless -quiet.
func (r *runner) fail(msg string) {
	r.failed = true
	if r.o.quiet {
		return
	}
	r.out.Flush() // keep stdout and stderr in order on a terminal
	fmt.Fprintln(r.stderr, "weburl: "+msg)
}

// handle answers one input; where and n say where it came from, for
// messages ("line 3", "argument 2"), formatted only on failure.
func (r *runner) handle(where string, n int, input string) {
	if err := r.o.handle(r.out, r.enc, &r.line, input); err != nil {
		// err reads `weburl: parse "x": reason`; say where once.
		r.fail(where + " " + strconv.Itoa(n) + ": " + errText(err))
	}
}

// readLines answers each line of in as it arrives (see eachLine).
func (r *runner) readLines(where string, in io.Reader) {
	err := eachLine(in, func() {
		if err := r.out.Flush(); err != nil {
			r.fail(err.Error())
		}
	}, func(n int, line string) {
		r.handle(where, n, line)
	})
	if err != nil {
		r.fail(fmt.Sprintf("reading %s: %v", strings.TrimSuffix(where, " line"), err))
	}
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
	for _, g := range o.trims {
		if err := checkGlob(g); err != nil {
			return fmt.Sprintf("-trim query=%s: %v", g, err)
		}
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

// eachLine calls handle for each line of r, without its line ending,
// numbered from 1; a byte order mark at the start is dropped. Before it
// waits for input it calls flush: when what is buffered holds no whole
// line, so that each answer goes out as soon as its line is read from a
// pipe kept open or a terminal, and a big file is still written in big
// blocks.
func eachLine(r io.Reader, flush func(), handle func(n int, line string)) error {
	br := bufio.NewReaderSize(r, 64<<10)
	for n := 1; ; n++ {
		if b, _ := br.Peek(br.Buffered()); bytes.IndexByte(b, '\n') < 0 {
			flush()
		}
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
		handle(n, line)
		if err != nil && err != io.EOF {
			return err
		}
	}
}

// handle parses, changes and prints one input; the error is why it failed.
func (o *options) handle(out *bufio.Writer, enc *json.Encoder, line *strings.Builder, input string) error {
	if strings.TrimLeft(input, " \t\f\r") == "" {
		// A blank line is no input: skipped, but with -json it gets its
		// line of output, so that output lines stay beside input lines.
		if o.asJSON {
			enc.Encode(failure{Input: input, Error: "blank line: no URL"})
		}
		return nil
	}
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
			enc.Encode(failure{Input: input, Error: errText(err)})
		}
		return err
	}
	if o.match.list != nil && o.match.filter(out, enc, o.asJSON, input, u) {
		return nil
	}
	switch {
	case o.asJSON:
		c := components{
			Input:             input,
			Attributes:        *playground.AttributesOf(u),
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

// change applies the -set values in order, -trim, -append in order,
// -query-strip-empty, then the profile.
func (o *options) change(u *weburl.URL) (*weburl.URL, error) {
	var p weburl.Parser // setters take no options but the callback
	for _, s := range o.sets {
		v := s.value
		if s.prefix != "" && v != "" {
			v = s.prefix + v // the setter drops one leading ? or #
		}
		if err := p.Set(u, s.attr, v); err != nil {
			return nil, err
		}
	}
	if len(o.trims) > 0 {
		if err := editQuery(u, func(pairs []string) []string {
			return slices.DeleteFunc(pairs, func(pair string) bool {
				name, _, _ := strings.Cut(pair, "=")
				return o.trimmed(name)
			})
		}); err != nil {
			return nil, err
		}
	}
	for _, a := range o.appends {
		if err := a.apply(u); err != nil {
			return nil, err
		}
	}
	if o.stripEmpty {
		if err := editQuery(u, func(pairs []string) []string {
			return slices.DeleteFunc(pairs, func(pair string) bool { return pair == "" || pair == "=" })
		}); err != nil {
			return nil, err
		}
	}
	if o.profile != nil {
		u = o.profile.Apply(u)
	}
	return u, nil
}

// trimmed reports whether a -trim glob matches a query name as written:
// the name is read as application/x-www-form-urlencoded reads it
// ("utm%5Fsource" is utm_source), and compared without ASCII case, as
// trurl does.
func (o *options) trimmed(rawName string) bool {
	name := ""
	if f := weburl.ParseForm(rawName); len(f) > 0 {
		name = f[0][0]
	}
	for _, g := range o.trims {
		if globMatch(g, name) {
			return true
		}
	}
	return false
}

// editQuery replaces u's query by edit's answer on its pairs as written
// (split at '&', each keeping its bytes); an empty answer removes the
// query, its "?" too. A URL without a query is left alone.
func editQuery(u *weburl.URL, edit func(pairs []string) []string) error {
	q, ok := u.Query()
	if !ok {
		return nil
	}
	pairs := edit(strings.Split(q, "&"))
	if len(pairs) == 0 {
		return u.SetSearch("") // "https://h/?" too has a pair, the empty one
	}
	nq := strings.Join(pairs, "&")
	if nq == q {
		return nil
	}
	return u.SetSearch("?" + nq) // the setter drops the "?" it is given
}

// apply appends a path segment or a query pair to u.
func (a appending) apply(u *weburl.URL) error {
	if a.path {
		if u.HasOpaquePath() {
			return &weburl.Error{Op: "append path", Input: u.Href(), Reason: "a URL with an opaque path has no segments to append to"}
		}
		// The segment is data: '/', '%', '?', '#' and the rest of
		// encodeURIComponent's set are encoded, so it stays one segment
		// meaning what was given (but "." and "..", dot segments).
		p := u.Pathname()
		if !strings.HasSuffix(p, "/") {
			p += "/"
		}
		return u.SetPathname(p + weburl.PercentEncode(a.name, weburl.ComponentSet))
	}
	// A pair as URLSearchParams.append writes it, added after the pairs
	// as written; without "=" the name alone, as trurl does.
	pair := weburl.EncodeForm([][2]string{{a.name, a.value}})
	if !a.hasValue {
		pair = strings.TrimSuffix(pair, "=")
	}
	if q, _ := u.Query(); q != "" {
		pair = q + "&" + pair
	}
	return u.SetSearch("?" + pair)
}

// checkGlob says what is wrong with a -trim glob: only a trailing
// backslash, which quotes nothing.
func checkGlob(g string) error {
	for i := 0; i < len(g); i++ {
		if g[i] == '\\' {
			if i+1 == len(g) {
				return errors.New("a trailing \\ quotes nothing")
			}
			i++
		}
	}
	return nil
}

// globMatch reports whether name matches glob g: '*' is any run of bytes,
// '\\' quotes the next byte, the rest compares without ASCII case. It
// takes time linear in len(g) times len(name) at most.
func globMatch(g, name string) bool {
	// The classic two-pointer match with one backtrack point: a later
	// '*' supersedes an earlier one, so no more is needed.
	gi, ni := 0, 0
	starG, starN := -1, 0
	for ni < len(name) {
		if gi < len(g) {
			c := g[gi]
			switch {
			case c == '*':
				starG, starN = gi, ni
				gi++
				continue
			case c == '\\' && gi+1 < len(g):
				if asciiFold(g[gi+1]) == asciiFold(name[ni]) {
					gi += 2
					ni++
					continue
				}
			case asciiFold(c) == asciiFold(name[ni]):
				gi++
				ni++
				continue
			}
		}
		if starG < 0 {
			return false
		}
		starN++
		gi, ni = starG+1, starN
	}
	for gi < len(g) && g[gi] == '*' {
		gi++
	}
	return gi == len(g)
}

func asciiFold(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

func writeValidation(out *bufio.Writer, enc *json.Encoder, asJSON bool, input string, u *weburl.URL, err error, errs []weburl.ValidationError, valid bool) {
	if asJSON {
		v := validation{Input: input, Valid: valid, ValidationErrors: []validationError{}}
		if u != nil {
			v.Href = u.Href()
		}
		var pe *weburl.Error
		if errors.As(err, &pe) {
			v.Failure = string(pe.Err.Name())
		}
		for _, e := range errs {
			v.ValidationErrors = append(v.ValidationErrors, validationError{string(e.Name()), e.Offset()})
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
	for i, e := range errs {
		if i == 0 {
			out.WriteByte('\t') // no trailing tab when there are none
		} else {
			out.WriteByte(' ')
		}
		fmt.Fprintf(out, "%s@%d", e.Name(), e.Offset())
	}
	out.WriteByte('\n')
}
