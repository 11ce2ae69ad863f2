package main

import (
	"errors"
	"slices"
	"strings"

	"github.com/weburl/weburl"
)

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
	name := formName(rawName)
	for _, g := range o.trims {
		if globMatch(g, name) {
			return true
		}
	}
	return false
}

// formName is a query pair's name, as written (no "&" or "="), read as
// application/x-www-form-urlencoded reads it: utm%5Fsource is utm_source.
func formName(raw string) string {
	if f := weburl.ParseForm(raw); len(f) > 0 {
		return f[0][0]
	}
	return ""
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
			return &weburl.Error{Op: "append path", Input: u.Href(), Err: weburl.ErrOpaquePath}
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
