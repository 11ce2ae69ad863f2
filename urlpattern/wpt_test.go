package urlpattern

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/weburl/weburl"
)

// The web-platform-tests URL Pattern data, from our extract in
// testdata (written by internal/cmd/wptextract), run with the
// logic of WPT's urlpatterntests.js.

type wptArg struct {
	Kind       string             `json:"kind"`
	String     *string            `json:"string"`
	Init       map[string]*string `json:"init"`
	IgnoreCase *bool              `json:"ignoreCase"`
}

type wptComponentResult struct {
	Input  string             `json:"input"`
	Groups map[string]*string `json:"groups"`
}

type wptCase struct {
	Pattern      []wptArg                      `json:"pattern"`
	Error        bool                          `json:"error"`
	ExpectedObj  map[string]string             `json:"expected_obj"`
	ExactlyEmpty []string                      `json:"exactly_empty_components"`
	Inputs       []wptArg                      `json:"inputs"`
	HasInputs    bool                          `json:"has_inputs"`
	MatchKind    string                        `json:"match_kind"`
	Match        map[string]wptComponentResult `json:"match"`
	MatchInputs  []wptArg                      `json:"match_inputs"`
}

// readJSONLines decodes the lines of a file of testdata.
func readJSONLines[T any](t *testing.T, name string) []T {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []T
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Bytes()
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		var v T
		if err := json.Unmarshal(line, &v); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out = append(out, v)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func (a wptArg) init() Init {
	var in Init
	fields := map[string]**string{"protocol": &in.Protocol, "username": &in.Username, "password": &in.Password,
		"hostname": &in.Hostname, "port": &in.Port, "pathname": &in.Pathname, "search": &in.Search,
		"hash": &in.Hash, "baseURL": &in.BaseURL}
	for k, v := range a.Init {
		if p, ok := fields[k]; ok && v != nil {
			s := *v
			*p = &s
		}
	}
	return in
}

func (a wptArg) initString() string {
	return fmt.Sprint(deref(a.Init))
}

func argShape(args []wptArg) string {
	var kinds []string
	for _, a := range args {
		kinds = append(kinds, a.Kind)
	}
	return "[" + strings.Join(kinds, ", ") + "]"
}

// construct calls the constructor the arguments name; ok is false for a
// shape Go's API has no call for (a TypeError by the arguments' types in
// JavaScript, or an init given with a base URL).
func construct(args []wptArg) (p *Pattern, call string, ok bool, err error) {
	opts := func(a wptArg) Options { return Options{IgnoreCase: a.IgnoreCase != nil && *a.IgnoreCase} }
	switch argShape(args) {
	case "[]":
		p, err = NewInit(Init{}, Options{})
		return p, "NewInit(Init{})", true, err
	case "[init]":
		p, err = NewInit(args[0].init(), Options{})
		return p, "NewInit(" + args[0].initString() + ")", true, err
	case "[init, options]":
		p, err = NewInit(args[0].init(), opts(args[1]))
		return p, fmt.Sprintf("NewInit(%s, %+v)", args[0].initString(), opts(args[1])), true, err
	case "[string]":
		p, err = New(*args[0].String, Options{})
		return p, fmt.Sprintf("New(%q)", *args[0].String), true, err
	case "[string, options]":
		p, err = New(*args[0].String, opts(args[1]))
		return p, fmt.Sprintf("New(%q, %+v)", *args[0].String, opts(args[1])), true, err
	case "[string, string]":
		p, err = NewWithBase(*args[0].String, *args[1].String, Options{})
		return p, fmt.Sprintf("NewWithBase(%q, %q)", *args[0].String, *args[1].String), true, err
	case "[string, string, options]":
		p, err = NewWithBase(*args[0].String, *args[1].String, opts(args[2]))
		return p, fmt.Sprintf("NewWithBase(%q, %q, %+v)", *args[0].String, *args[1].String, opts(args[2])), true, err
	}
	return nil, "", false, nil
}

// execArgs calls Exec and Test as the arguments say; ok is false for a
// shape Go's API has no call for.
func execArgs(p *Pattern, args []wptArg) (r *Result, matched bool, call string, ok bool) {
	switch argShape(args) {
	case "[]":
		return p.ExecInit(Init{}), p.TestInit(Init{}), "ExecInit(Init{})", true
	case "[init]":
		in := args[0].init()
		return p.ExecInit(in), p.TestInit(in), "ExecInit(" + args[0].initString() + ")", true
	case "[string]":
		return p.Exec(*args[0].String), p.Test(*args[0].String), fmt.Sprintf("Exec(%q)", *args[0].String), true
	case "[string, string]":
		s, b := *args[0].String, *args[1].String
		return p.ExecWithBase(s, b), p.TestWithBase(s, b), fmt.Sprintf("ExecWithBase(%q, %q)", s, b), true
	}
	return nil, false, "", false
}

// earlier lists the components whose presence in an init makes a
// component's expected pattern "*" in WPT's harness.
var earlier = map[string][]string{
	"hostname": {"protocol"},
	"port":     {"protocol", "hostname"},
	"pathname": {"protocol", "hostname", "port"},
	"search":   {"protocol", "hostname", "port", "pathname"},
	"hash":     {"protocol", "hostname", "port", "pathname", "search"},
}

// expectedPattern is WPT's expected component pattern string.
func (c *wptCase) expectedPattern(comp string) string {
	if v, ok := c.ExpectedObj[comp]; ok {
		return v
	}
	if slices.Contains(c.ExactlyEmpty, comp) {
		return ""
	}
	var init map[string]*string
	if len(c.Pattern) > 0 && c.Pattern[0].Kind == "init" {
		init = c.Pattern[0].Init
		if v, ok := init[comp]; ok && v != nil {
			return *v
		}
		for _, e := range earlier[comp] {
			if _, ok := init[e]; ok {
				return "*"
			}
		}
	}
	var base *string
	if init != nil {
		base = init["baseURL"]
	} else if len(c.Pattern) > 1 && c.Pattern[1].Kind == "string" {
		base = c.Pattern[1].String
	}
	if base != nil && comp != "username" && comp != "password" {
		u, err := weburl.Parse(*base)
		if err == nil {
			switch comp {
			case "protocol":
				return strings.TrimSuffix(u.Protocol(), ":")
			case "hostname":
				return u.Hostname()
			case "port":
				return u.Port()
			case "pathname":
				return u.Pathname()
			case "search":
				return strings.TrimPrefix(u.Search(), "?")
			case "hash":
				return strings.TrimPrefix(u.Hash(), "#")
			}
		}
	}
	return "*"
}

func TestWPT(t *testing.T) {
	cases := readJSONLines[wptCase](t, "urlpatterntestdata.jsonl")
	passed, inexpressible := 0, 0
	for i, c := range cases {
		p, call, ok, err := construct(c.Pattern)
		if !ok {
			inexpressible++
			t.Logf("row %d: not expressible: constructor arguments %s (a TypeError in JavaScript by their types, or an init with a base URL argument; Go's API has no such call)", i+1, argShape(c.Pattern))
			continue
		}
		failed := false
		fail := func(format string, args ...any) {
			t.Helper()
			t.Errorf("row %d: %s: "+format, append([]any{i + 1, call}, args...)...)
			failed = true
		}
		if c.Error {
			var e *Error
			if err == nil {
				fail("no error, want one")
			} else if !errors.As(err, &e) {
				fail("error %T %v, want an *Error", err, err)
			}
			if !failed {
				passed++
			}
			continue
		}
		if err != nil {
			fail("error %v", err)
			continue
		}
		for comp := range numComponents {
			name := comp.String()
			if got, want := p.Component(comp), c.expectedPattern(name); got != want {
				fail("%s = %q, want %q", name, got, want)
			}
		}
		if c.HasInputs {
			r, matched, ecall, ok := execArgs(p, c.Inputs)
			if !ok {
				if c.MatchKind != "error" {
					fail("exec arguments %s not expressible but WPT expects no error", argShape(c.Inputs))
				}
				inexpressible++
				t.Logf("row %d: not expressible: exec/test arguments %s (a TypeError in JavaScript: an init with a base URL)", i+1, argShape(c.Inputs))
				continue
			}
			switch c.MatchKind {
			case "null":
				if r != nil || matched {
					fail("%s = %v (test %v), want no match", ecall, r, matched)
				}
			case "result":
				if r == nil || !matched {
					fail("%s = nil (test %v), want a match", ecall, matched)
					break
				}
				for comp := range numComponents {
					name := comp.String()
					want, ok := c.Match[name]
					if !ok {
						want = wptComponentResult{Input: "", Groups: map[string]*string{"0": new("")}}
						if slices.Contains(c.ExactlyEmpty, name) {
							want.Groups = map[string]*string{}
						}
					}
					got := r.Component(comp)
					if got.Input != want.Input {
						fail("%s: %s input = %q, want %q", ecall, name, got.Input, want.Input)
					}
					gotGroups := map[string]*string{}
					for _, g := range got.Groups {
						if g.Matched {
							gotGroups[g.Name] = new(g.Value)
						} else {
							gotGroups[g.Name] = nil
						}
					}
					if fmt.Sprint(deref(gotGroups)) != fmt.Sprint(deref(want.Groups)) {
						fail("%s: %s groups = %v, want %v", ecall, name, deref(gotGroups), deref(want.Groups))
					}
				}
			}
		}
		if !failed {
			passed++
		}
	}
	t.Logf("WPT urlpatterntestdata: %d of %d rows pass, %d not expressible in Go's API", passed, len(cases), inexpressible)
	if passed+inexpressible != len(cases) {
		t.Errorf("%d rows fail", len(cases)-passed-inexpressible)
	}
}

// deref renders groups with undefined for nil, for comparison.
func deref(m map[string]*string) map[string]string {
	out := map[string]string{}
	for k, v := range m {
		if v == nil {
			out[k] = "<undefined>"
		} else {
			out[k] = *v
		}
	}
	return out
}
