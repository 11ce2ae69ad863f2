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
}

// rawFlags are the flag values that check turns into options.
type rawFlags struct {
	base, canon, get, encoding string
	sortQuery                  bool
}

// newFlagSet defines the command's flags, filling o and raw. A new flag
// goes here, its check in options.check, and its story in mainHelp.
func newFlagSet(o *options, raw *rawFlags) *flag.FlagSet {
	fs := newFlags("weburl")
	fs.StringVar(&raw.base, "base", "", "resolve each input against this `URL`")
	fs.StringVar(&raw.encoding, "encoding", "", "percent-encode queries in the encoding this Encoding Standard `LABEL`\nnames (shift_jis, gbk, latin1, ...)")
	fs.Var(&o.urlFiles, "url-file", "read URLs from `FILE` too, one a line (- is standard input; repeatable)")
	fs.BoolVar(&o.asJSON, "json", false, "print every component as one JSON object per input line\n(blank and failed lines too)")
	fs.BoolVar(&o.validate, "validate", false, "print validity and the validation errors of each input")
	fs.BoolVar(&o.display, "display", false, "print each URL as it is safe to show to a person")
	fs.BoolVar(&o.surt, "surt", false, "print each URL's SURT key")
	fs.StringVar(&raw.get, "get", "", "print `TEMPLATE` filled in for each URL, as \"{host}:{port}\"")
	fs.Var(&o.sets, "set", "set a component: `attr=value`, an attribute of the URL API or a -get name:\nscheme, user, path, query, fragment (repeatable; in order; query= and\nfragment= with an empty value remove it)")
	fs.Var(&o.trims, "trim", "remove the query's pairs whose name (decoded, ASCII case ignored) matches:\n`query=GLOB`, * any run of characters, \\ quotes the next (repeatable)")
	fs.Var(&o.appends, "append", "append a path segment, encoded as encodeURIComponent does, or a query\npair, as URLSearchParams does: `path=SEGMENT` or query=NAME=VALUE\n(repeatable; in order)")
	fs.BoolVar(&o.stripEmpty, "query-strip-empty", false, "remove the query's empty pairs (&&, a lone =) and a \"?\" left with no query")
	fs.StringVar(&raw.canon, "canon", "", "canonicalize with `PROFILE`: whatwg or crawler (see package canon)")
	fs.BoolVar(&raw.sortQuery, "sort-query", false, "sort the query's pairs by name, keeping each pair's bytes")
	fs.BoolVar(&o.quiet, "quiet", false, "print no messages on standard error for inputs that fail\n(the exit status still says)")
	fs.Var(&o.match, "match", "print only the URLs that URL `PATTERN` matches (repeatable: any of them;\nwith -json, the pattern's index and groups)")
	fs.BoolVar(&o.version, "version", false, "print the versions of weburl, Go and the IDNA tables' Unicode, and exit")
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
			return fmt.Errorf("-encoding: unknown encoding label %q", raw.encoding)
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
		p = canon.Crawler
	default:
		return fmt.Errorf("-canon %q: unknown profile (whatwg, crawler)", raw.canon)
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
			return err
		}
		o.get = t
	}
	for _, g := range o.trims {
		if err := checkGlob(g); err != nil {
			return fmt.Errorf("-trim query=%s: %v", g, err)
		}
	}
	if err := o.match.compile(raw.base, o.validate); err != nil {
		return err
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

// parseArgs reads flags wherever they stand among the other arguments: Go's
// flag package stops at the first argument that is not a flag. After "--"
// everything is an argument.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for {
		if len(args) > 0 && args[0] == "--" {
			return append(rest, args[1:]...), nil
		}
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		left := fs.Args()
		if len(left) == 0 {
			return rest, nil
		}
		// fs.Parse consumed a "--" itself if left follows one.
		if n := len(args) - len(left); n > 0 && args[n-1] == "--" {
			return append(rest, left...), nil
		}
		rest = append(rest, left[0])
		args = left[1:]
	}
}
