package main

import (
	"errors"
	"flag"
	"fmt"
	"strings"

	"golang.org/x/text/encoding/htmlindex"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/canon"
	whatwg "github.com/weburl/weburl/internal/encoding"
	"github.com/weburl/weburl/internal/quote"
)

// options are the flags of a run of weburl itself.
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
	inputs     []input    // the URL arguments and -url values, in order
	args       int        // how many of inputs are arguments
	urlFlags   int        // how many are -url values
	redirects  []string   // -redirect, each resolved against the URL before
	verify     bool       // -verify: the first input that fails ends the run
	urlencode  bool       // -urlencode: -get's fields as in the href
}

// An input is a URL argument, a -url value, or "-" among the arguments,
// which reads standard input there.
type input struct {
	text  string
	where string // "argument" or "-url", for messages
	n     int    // its number among those, from 1
	stdin bool   // "-" as an argument (a -url value is always a URL)
}

// rawFlags are the flag values that check turns into options.
type rawFlags struct {
	base, canon, get, encoding string
	sortQuery, getSet          bool
}

// newFlagSet defines the command's flags, filling o and raw. A new flag
// goes here, its check in options.check, and its story in mainHelp.
func newFlagSet(o *options, raw *rawFlags) *flag.FlagSet {
	fs := newFlags("weburl")
	fs.StringVar(&raw.base, "base", "", "resolve each input against this `URL`")
	fs.StringVar(&raw.encoding, "encoding", "", "percent-encode queries in the encoding this Encoding Standard `LABEL`\nnames (shift_jis, gbk, latin1, ...)")
	fs.Func("url", "a `URL` to read, as an argument is, but never standard input (repeatable)", func(v string) error {
		o.urlFlags++
		o.inputs = append(o.inputs, input{text: v, where: "-url", n: o.urlFlags})
		return nil
	})
	fs.Var(&o.urlFiles, "url-file", "read URLs from `FILE` too, one a line (- is standard input; repeatable)")
	fs.Var(&o.urlFiles, "f", "short for -url-file `FILE`")
	fs.Func("redirect", "resolve `URL`, a reference such as a Location header's, against each input\n(repeatable: each against the URL the one before gave)", func(v string) error {
		o.redirects = append(o.redirects, v)
		return nil
	})
	fs.BoolVar(&o.verify, "verify", false, "end the run at the first input that fails (exit status 1)")
	fs.BoolVar(&o.asJSON, "json", false, "print every component as one JSON object per input line\n(blank and failed lines too)")
	fs.BoolVar(&o.validate, "validate", false, "print validity and the validation errors of each input")
	fs.BoolVar(&o.display, "display", false, "print each URL as it is safe to show to a person")
	fs.BoolVar(&o.surt, "surt", false, "print each URL's SURT key")
	get := func(v string) error {
		if raw.getSet {
			return errors.New("only one -get: a template holds every field")
		}
		raw.get, raw.getSet = v, true
		return nil
	}
	fs.Func("get", "print `TEMPLATE` filled in for each URL, as \"{host}:{port}\"", get)
	fs.Func("g", "short for -get `TEMPLATE`", get)
	fs.BoolVar(&o.urlencode, "urlencode", false, "print -get's fields percent-encoded, as in the href, also trurl's names\nthat print decoded ({path}, {query}, ...)")
	fs.Var(&o.sets, "set", "set a component: `attr=value`, an attribute of the URL API or a -get name:\nscheme, user, path, query, fragment (repeatable; in order; query= and\nfragment= with an empty value remove it)")
	fs.Var(&o.sets, "s", "short for -set `attr=value`")
	fs.Var(&o.trims, "trim", "remove the query's pairs whose name (decoded, ASCII case ignored) matches:\n`query=GLOB`, * any run of characters, \\ quotes the next (repeatable)")
	fs.Func("qtrim", "the same as -trim query=`GLOB`", func(v string) error { o.trims = append(o.trims, v); return nil })
	fs.Var(&o.appends, "append", "append a path segment, encoded as encodeURIComponent does, or a query\npair, as URLSearchParams does: `path=SEGMENT` or query=NAME=VALUE\n(repeatable; in order)")
	fs.Var(&o.appends, "a", "short for -append `path=SEGMENT` or query=NAME=VALUE")
	fs.BoolVar(&o.stripEmpty, "query-strip-empty", false, "remove the query's empty pairs (&&, a lone =) and a \"?\" left with no query")
	fs.StringVar(&raw.canon, "canon", "", "canonicalize with `PROFILE`: whatwg or crawler (see package canon)")
	fs.BoolVar(&raw.sortQuery, "sort-query", false, "sort the query's pairs by name, keeping each pair's bytes")
	fs.BoolVar(&o.quiet, "quiet", false, "print no messages on standard error for inputs that fail\n(the exit status still says)")
	fs.Var(&o.match, "match", "print only the URLs that URL `PATTERN` matches (repeatable: any of them;\nwith -json, the pattern's index and groups)")
	fs.BoolVar(&o.version, "version", false, "print the versions of weburl, Go and the IDNA tables' Unicode, and exit")
	fs.BoolVar(&o.version, "v", false, "short for -version")
	return fs
}

// check turns the raw flags into options, or says what is wrong.
func (o *options) check(raw rawFlags) error {
	if raw.base != "" {
		b, err := weburl.Parse(raw.base)
		if err != nil {
			return errors.New("-base: " + strings.TrimPrefix(err.Error(), "weburl: "))
		}
		o.base = b
	}
	if raw.encoding != "" {
		// The standard's labels decide; htmlindex gives the x/text value
		// of the encoding by its name.
		name, ok := whatwg.LabelToName(raw.encoding)
		if !ok {
			return fmt.Errorf("-encoding: unknown encoding label %s", quote.String(raw.encoding))
		}
		enc, err := htmlindex.Get(name)
		if err != nil {
			return fmt.Errorf("-encoding: %s: %v", name, err)
		}
		o.parser.Encoding = enc
	}
	var p canon.Profile
	switch raw.canon {
	case "", "whatwg":
	case "crawler":
		p = canon.Crawler()
	default:
		return fmt.Errorf("-canon %s: unknown profile (whatwg, crawler)", quote.String(raw.canon))
	}
	if raw.sortQuery {
		p.SortQuery = true
	}
	if raw.canon != "" || raw.sortQuery {
		o.profile = &p
	}
	if raw.get != "" {
		t, err := parseTemplate(raw.get, o.urlencode)
		if err != nil {
			return err
		}
		o.get = t
	}
	for _, g := range o.trims {
		if err := checkGlob(g); err != nil {
			return fmt.Errorf("-trim query=%s: %v", quote.Cut(g), err)
		}
	}
	if err := o.match.compile(raw.base, o.validate); err != nil {
		return err
	}
	if o.validate {
		// -validate reports on each input as given: an edit would be
		// silently left out of the report.
		for _, e := range []struct {
			name string
			on   bool
		}{
			{"-redirect", len(o.redirects) > 0},
			{"-set", len(o.sets) > 0},
			{"-append", len(o.appends) > 0},
			{"-trim", len(o.trims) > 0},
			{"-query-strip-empty", o.stripEmpty},
			{"-canon", raw.canon != ""},
			{"-sort-query", raw.sortQuery},
		} {
			if e.on {
				return errors.New(e.name + " and -validate do not go together: -validate reports on each input as given")
			}
		}
	}
	outputs := 0
	for _, on := range []bool{raw.get != "", o.surt, o.validate, o.display && !o.asJSON} {
		if on {
			outputs++
		}
	}
	if outputs > 1 || raw.get != "" && o.asJSON {
		return errors.New("-get, -surt, -validate and -display choose the output: use one (-json may go with -surt, -display or -validate)")
	}
	return nil
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
		return fmt.Errorf("%s is not attr=value", quote.String(v))
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
	return fmt.Errorf("unknown attribute %s (href, protocol or scheme, username or user, password, host, hostname, port, pathname or path, search, query, hash, fragment)", quote.String(name))
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
		return fmt.Errorf("%s: want path=SEGMENT or query=NAME=VALUE", quote.String(v))
	}
	return nil
}

// trims is the repeatable -trim flag: globs of query names.
type trims []string

func (t *trims) String() string { return "" }

func (t *trims) Set(v string) error {
	glob, ok := strings.CutPrefix(v, "query=")
	if !ok {
		return fmt.Errorf("%s: want query=GLOB (only the query's pairs can be trimmed)", quote.String(v))
	}
	*t = append(*t, glob)
	return nil
}

// files is a repeatable flag of file names.
type files []string

func (f *files) String() string     { return "" }
func (f *files) Set(v string) error { *f = append(*f, v); return nil }

// parseArgs reads flags wherever they stand among the other arguments: Go's
// flag package stops at the first argument that is not a flag. After "--"
// everything is an argument.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	err := eachArg(fs, args, func(a string) { rest = append(rest, a) })
	return rest, err
}

// eachArg is parseArgs calling arg for each argument that is no flag, in
// order among the flags' own Set calls (weburl's -url and its URL
// arguments make one list).
func eachArg(fs *flag.FlagSet, args []string, arg func(string)) error {
	for {
		if len(args) > 0 && args[0] == "--" {
			for _, a := range args[1:] {
				arg(a)
			}
			return nil
		}
		if err := fs.Parse(args); err != nil {
			return flagError(err, args)
		}
		left := fs.Args()
		if len(left) == 0 {
			return nil
		}
		// fs.Parse consumed a "--" itself if left follows one.
		if n := len(args) - len(left); n > 0 && args[n-1] == "--" {
			for _, a := range left {
				arg(a)
			}
			return nil
		}
		arg(left[0])
		args = left[1:]
	}
}

// joinedShort are trurl's one-letter flags that take a value, which trurl
// also reads joined to the flag: -g'{path}', -shost=moo.
const joinedShort = "gsaf"

// splitJoined rewrites trurl's joined short flags (-g'{path}') as two
// arguments (-g '{path}') for Go's flag package, which would read a flag
// named "g{path}". An argument that names a flag of fs is left alone
// (-surt, -set), and so is the value that follows a flag that takes one.
func splitJoined(fs *flag.FlagSet, args []string) []string {
	out := make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return append(out, args[i:]...)
		}
		if len(a) < 2 || a[0] != '-' {
			out = append(out, a)
			continue
		}
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if f := fs.Lookup(name); f != nil {
			out = append(out, a)
			if b, ok := f.Value.(interface{ IsBoolFlag() bool }); !hasValue && i+1 < len(args) && (!ok || !b.IsBoolFlag()) {
				i++
				out = append(out, args[i]) // the flag's value, whatever it looks like
			}
			continue
		}
		if a[1] != '-' && len(a) > 2 && strings.IndexByte(joinedShort, a[1]) >= 0 {
			out = append(out, a[:2], a[2:])
			continue
		}
		out = append(out, a) // fs.Parse says what is wrong with it
	}
	return out
}
