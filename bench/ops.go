package main

import (
	"net/url"

	nurl "github.com/nlnwa/whatwg-url/url"
	"github.com/weburl/weburl"
)

// An op is one way of processing inputs; a call runs it once over a whole
// list and returns a number derived from the results, so that the work
// cannot be optimized away.
type op struct {
	name  string // in the tables
	key   string // in benchmark names
	query bool   // runs on the list's query strings, not its URLs
	base  bool   // the baseline the ratios of its kind are relative to
	run   func(in []string) int
}

// ops lists the comparisons in the order they are interleaved.
var ops = []op{
	{name: "weburl Parse+Href", key: "weburl-parse-href", run: weburlParseHref},
	{name: "weburl CanParse", key: "weburl-canparse", run: weburlCanParse},
	{name: "net/url Parse", key: "neturl-parse", run: netURLParse, base: true},
	{name: "net/url Parse+String", key: "neturl-parse-string", run: netURLParseString},
	{name: "nlnwa/whatwg-url Parse+Href", key: "nlnwa-parse-href", run: nlnwaParseHref},
	{name: "byte-class table loop", key: "table-loop", run: tableLoop},
	{name: "weburl SearchParams parse+Sort+String", key: "weburl-searchparams", query: true, run: weburlSearchParams},
	{name: "net/url ParseQuery+Encode", key: "neturl-parsequery-encode", query: true, run: netURLQuery, base: true},
}

func weburlParseHref(in []string) int {
	n := 0
	for _, s := range in {
		if u, err := weburl.Parse(s); err == nil {
			n += len(u.Href())
		}
	}
	return n
}

// notInURL is a byte class as a table: the bytes no href holds, C0
// controls, space and those above 0x7E.
var notInURL = func() (t [256]bool) {
	for c := range t {
		t[c] = c <= ' ' || c > '~'
	}
	return t
}()

// tableLoop is the floor a parser's one pass over the input sets: each
// byte looked up in a byte-class table, with a branch on the class, as
// the plainest scan does. Parse+Href on canonical long URLs is held to
// within 1.1× of it.
func tableLoop(in []string) int {
	n := 0
	for _, s := range in {
		i := 0
		for i < len(s) && !notInURL[s[i]] {
			i++
		}
		n += i
	}
	return n
}

func weburlCanParse(in []string) int {
	n := 0
	for _, s := range in {
		if weburl.CanParse(s) {
			n++
		}
	}
	return n
}

func netURLParse(in []string) int {
	n := 0
	for _, s := range in {
		if u, err := url.Parse(s); err == nil && u != nil {
			n++
		}
	}
	return n
}

func netURLParseString(in []string) int {
	n := 0
	for _, s := range in {
		if u, err := url.Parse(s); err == nil {
			n += len(u.String())
		}
	}
	return n
}

func nlnwaParseHref(in []string) int {
	n := 0
	for _, s := range in {
		if u, err := nurl.Parse(s); err == nil {
			n += len(u.Href(false))
		}
	}
	return n
}

func weburlSearchParams(in []string) int {
	n := 0
	for _, q := range in {
		p := weburl.NewSearchParams(q)
		p.Sort()
		n += len(p.String())
	}
	return n
}

// netURLQuery keeps what ParseQuery returns even with an error (a ';', or a
// bad escape), as a caller who wants the pairs it could read would.
func netURLQuery(in []string) int {
	n := 0
	for _, q := range in {
		v, _ := url.ParseQuery(q)
		n += len(v.Encode())
	}
	return n
}

// listStats describes a list: how many inputs each parser accepts, and how
// many weburl finds already canonical (Href equals the input).
type listStats struct {
	lines, weburlOK, canonical, netURLOK, nlnwaOK, queries int
}

func stats(l list) listStats {
	st := listStats{lines: len(l.urls), queries: len(l.queries)}
	for _, s := range l.urls {
		if u, err := weburl.Parse(s); err == nil {
			st.weburlOK++
			if u.Href() == s {
				st.canonical++
			}
		}
		if _, err := url.Parse(s); err == nil {
			st.netURLOK++
		}
		if _, err := nurl.Parse(s); err == nil {
			st.nlnwaOK++
		}
	}
	return st
}
