package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"strings"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/urlpattern"
)

// -match PATTERN (repeatable): a crawl-scope filter. Only the inputs that
// any of the patterns match are printed, as they would be without
// -match; with -json, each is an object with the href, the index of the
// first pattern that matched (in the order of the flags) and its groups.
// Patterns are URL Pattern constructor strings; with -base, a relative
// pattern ("/docs/*") resolves against the base URL.

// matchFlags is the repeatable -match flag and the List it builds.
type matchFlags struct {
	sources []string
	list    *urlpattern.List
}

func (m *matchFlags) String() string { return strings.Join(m.sources, " ") }

func (m *matchFlags) Set(v string) error {
	m.sources = append(m.sources, v)
	return nil
}

// compile builds the List, or says which pattern is bad and why.
// -validate reports on every input, so it does not go with -match.
func (m *matchFlags) compile(base string, validate bool) error {
	if len(m.sources) == 0 {
		return nil
	}
	if validate {
		return errors.New("-match and -validate do not go together: -validate reports on every input")
	}
	patterns := make([]*urlpattern.Pattern, len(m.sources))
	for i, s := range m.sources {
		var err error
		if base != "" {
			patterns[i], err = urlpattern.NewWithBase(s, base, urlpattern.Options{})
		} else {
			patterns[i], err = urlpattern.New(s, urlpattern.Options{})
		}
		if err != nil {
			return errors.New("-match: " + err.Error())
		}
	}
	m.list = urlpattern.NewList(patterns...)
	return nil
}

// matchResult is the -match -json output.
type matchResult struct {
	Input   string                       `json:"input"`
	Href    string                       `json:"href"`
	Pattern int                          `json:"pattern"`
	Groups  map[string]map[string]string `json:"groups"` // component → name → value
}

// filter reports whether handle is done with u: it did not match (and
// nothing is printed), or -json printed the match.
func (m *matchFlags) filter(out *bufio.Writer, enc *json.Encoder, asJSON bool, input string, u *weburl.URL) bool {
	i, r := m.list.Match(u)
	if r == nil {
		return true
	}
	if !asJSON {
		return false
	}
	res := matchResult{Input: input, Href: u.Href(), Pattern: i, Groups: map[string]map[string]string{}}
	for c := urlpattern.Protocol; c <= urlpattern.Hash; c++ {
		cr := r.Component(c)
		if len(cr.Groups) == 0 {
			continue
		}
		// A group that took no part in the match is undefined in exec()'s
		// result, which JSON.stringify leaves out: so is it here.
		g := map[string]string{}
		for _, gr := range cr.Groups {
			if gr.Matched {
				g[gr.Name] = gr.Value
			}
		}
		res.Groups[c.String()] = g
	}
	enc.Encode(res)
	return true
}
