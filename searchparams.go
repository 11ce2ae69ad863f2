package weburl

import (
	"iter"
	"net/url"
	"slices"
	"sort"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// SearchParams is a list of name-value pairs kept in order, with repeats:
// the URL Standard's URLSearchParams. One made by NewSearchParams stands
// alone; one of a URL ((*URL).SearchParams) is a view of its query, and a
// change to either shows in the other.
//
// Reads may happen from many goroutines at once; a change needs exclusive
// access, and for a URL's SearchParams, to the URL as well.
type SearchParams struct {
	list [][2]string
	url  *URL
	// from is, for a URL's view, the query that list was parsed from or
	// serialized to. When the URL's query is no longer from (a setter
	// changed it), reads parse the query anew (pairs) and a change makes
	// it the list first (sync).
	from string
}

// NewSearchParams parses init as application/x-www-form-urlencoded, after
// dropping one leading '?': new URLSearchParams(init).
func NewSearchParams(init string) *SearchParams {
	return &SearchParams{list: ParseForm(strings.TrimPrefix(init, "?"))}
}

// NewSearchParamsFromPairs makes a SearchParams holding a copy of pairs.
func NewSearchParamsFromPairs(pairs [][2]string) *SearchParams {
	return &SearchParams{list: slices.Clone(pairs)}
}

// NewSearchParamsFromValues converts net/url.Values. A map has no order,
// so the names come sorted, each with its values in their order.
func NewSearchParamsFromValues(v url.Values) *SearchParams {
	names := make([]string, 0, len(v))
	for name := range v {
		names = append(names, name)
	}
	sort.Strings(names)
	s := &SearchParams{}
	for _, name := range names {
		for _, value := range v[name] {
			s.list = append(s.list, [2]string{name, value})
		}
	}
	return s
}

// URLValues converts to net/url.Values, for code that speaks it. The order
// of pairs across names is lost; the order of one name's values is kept.
func (s *SearchParams) URLValues() url.Values {
	v := url.Values{}
	for _, p := range s.pairs() {
		v[p[0]] = append(v[p[0]], p[1])
	}
	return v
}

// SearchParams returns a view of the URL's query as a SearchParams: the
// URL Standard's searchParams. Reads of the view see u's query as it is
// when they run, and a change through the view sets u's query (the spec's
// update steps). Each call returns a new view, parsed once from the query;
// views of one URL stay in step through it. A view belongs to the URL it
// was called on: the view of a copy n := *u changes n, never u. Calling
// SearchParams is a read of u.
func (u *URL) SearchParams() *SearchParams {
	q, _ := u.Query()
	return &SearchParams{list: ParseForm(q), url: u, from: q}
}

// pairs returns the list, parsed anew when the URL's query changed since
// it was made. It writes nothing, so that reads may run at once.
func (s *SearchParams) pairs() [][2]string {
	if s.url != nil {
		if q, _ := s.url.Query(); q != s.from {
			return ParseForm(q)
		}
	}
	return s.list
}

// sync makes the list the URL's query before a change to it.
func (s *SearchParams) sync() {
	if s.url != nil {
		if q, _ := s.url.Query(); q != s.from {
			s.list, s.from = ParseForm(q), q
		}
	}
}

// update is the spec's "update" steps: the URL's query becomes the
// serialization of the list, or null when that is empty.
func (s *SearchParams) update() {
	u := s.url
	if u == nil || u.href == "" {
		return // alone, or the zero URL, which has no query to set
	}
	q := appendForm(nil, s.list)
	b := make([]byte, 0, len(u.href)+len(q)+1)
	b = append(b, u.href[:u.pathEnd()]...)
	queryStart := -1
	if len(q) > 0 {
		queryStart = len(b)
		b = append(b, '?')
		b = append(b, q...)
	}
	fragmentStart := -1
	if u.fragmentStart >= 0 {
		fragmentStart = len(b)
		b = append(b, u.href[u.fragmentStart:]...)
	}
	if len(b) > maxHrefLen {
		return // see HrefTooLong: the URL stays as it was
	}
	u.href, u.queryStart, u.fragmentStart = string(b), int32(queryStart), int32(fragmentStart)
	s.from, _ = u.Query()
}

// Size returns the number of pairs.
func (s *SearchParams) Size() int { return len(s.pairs()) }

// Append adds a pair at the end.
func (s *SearchParams) Append(name, value string) {
	s.sync()
	s.list = append(s.list, [2]string{name, value})
	s.update()
}

// Delete removes every pair with the name.
func (s *SearchParams) Delete(name string) {
	s.sync()
	s.list = slices.DeleteFunc(s.list, func(p [2]string) bool { return p[0] == name })
	s.update()
}

// DeleteValue removes every pair with the name and the value: delete(name,
// value) in JavaScript.
func (s *SearchParams) DeleteValue(name, value string) {
	s.sync()
	s.list = slices.DeleteFunc(s.list, func(p [2]string) bool { return p[0] == name && p[1] == value })
	s.update()
}

// Get returns the value of the first pair with the name, and whether there
// is one (JavaScript's get returns null when there is not).
func (s *SearchParams) Get(name string) (string, bool) {
	for _, p := range s.pairs() {
		if p[0] == name {
			return p[1], true
		}
	}
	return "", false
}

// GetAll returns the values of the pairs with the name, in order.
func (s *SearchParams) GetAll(name string) []string {
	var values []string
	for _, p := range s.pairs() {
		if p[0] == name {
			values = append(values, p[1])
		}
	}
	return values
}

// Has reports whether a pair has the name.
func (s *SearchParams) Has(name string) bool {
	_, ok := s.Get(name)
	return ok
}

// HasValue reports whether a pair has the name and the value.
func (s *SearchParams) HasValue(name, value string) bool {
	return slices.Contains(s.pairs(), [2]string{name, value})
}

// Set gives the first pair with the name the value and removes the other
// pairs with the name; with no such pair it appends one.
func (s *SearchParams) Set(name, value string) {
	s.sync()
	found := false
	s.list = slices.DeleteFunc(s.list, func(p [2]string) bool {
		if p[0] != name {
			return false
		}
		if found {
			return true
		}
		found = true
		return false
	})
	if i := slices.IndexFunc(s.list, func(p [2]string) bool { return p[0] == name }); i >= 0 {
		s.list[i][1] = value
	} else {
		s.list = append(s.list, [2]string{name, value})
	}
	s.update()
}

// Sort orders the pairs by name, comparing UTF-16 code units as the spec
// (and JavaScript) does, so "🌈" (U+1F308) sorts before "ﬃ" (U+FB03). It is
// stable: pairs with the same name keep their order.
func (s *SearchParams) Sort() {
	s.sync()
	byName := func(a, b [2]string) int { return compareUTF16(a[0], b[0]) }
	if len(s.list) <= 256 {
		// In place and without allocating; for a list this short the
		// merges' O(n log² n) moves do not matter.
		slices.SortStableFunc(s.list, byName)
		s.update()
		return
	}
	// A pattern-defeating sort on (name, position) is stable and
	// O(n log n); slices.SortStableFunc's merges cost O(n log² n) moves.
	order := make([]int32, len(s.list))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(i, j int32) int {
		if c := compareUTF16(s.list[i][0], s.list[j][0]); c != 0 {
			return c
		}
		return int(i - j)
	})
	sorted := make([][2]string, len(s.list))
	for k, i := range order {
		sorted[k] = s.list[i]
	}
	s.list = sorted
	s.update()
}

// compareUTF16 compares a and b by their UTF-16 code units, an invalid
// UTF-8 byte counting as U+FFFD.
func compareUTF16(a, b string) int {
	// Most names are ASCII: where the strings first differ after an ASCII
	// byte (or at the start), with ASCII or nothing on either side, the
	// bytes are the code units.
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	if (i == 0 || a[i-1] < utf8.RuneSelf) && (i == len(a) || a[i] < utf8.RuneSelf) && (i == len(b) || b[i] < utf8.RuneSelf) {
		switch {
		case i == len(a) && i == len(b):
			return 0
		case i == len(a):
			return -1
		case i == len(b):
			return 1
		}
		return int(a[i]) - int(b[i])
	}
	for a != "" && b != "" {
		ra, na := utf8.DecodeRuneInString(a)
		rb, nb := utf8.DecodeRuneInString(b)
		if ra != rb {
			ua, ub := utf16Units(ra), utf16Units(rb)
			if c := slices.Compare(ua[:], ub[:]); c != 0 {
				return c
			}
		}
		a, b = a[na:], b[nb:]
	}
	return len(a) - len(b)
}

// utf16Units returns r's UTF-16 code units, the second zero for a BMP code
// point; zero sorts first, as a shorter string does.
func utf16Units(r rune) [2]uint16 {
	if r < 0x10000 {
		return [2]uint16{uint16(r), 0}
	}
	hi, lo := utf16.EncodeRune(r)
	return [2]uint16{uint16(hi), uint16(lo)}
}

// String returns the pairs serialized as application/x-www-form-urlencoded,
// without a leading '?'.
func (s *SearchParams) String() string { return EncodeForm(s.pairs()) }

// All returns an iterator over the pairs, in order.
func (s *SearchParams) All() iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		for _, p := range s.pairs() {
			if !yield(p[0], p[1]) {
				return
			}
		}
	}
}

// Keys returns an iterator over the names of the pairs, in order, with
// repeats.
func (s *SearchParams) Keys() iter.Seq[string] {
	return func(yield func(string) bool) {
		for _, p := range s.pairs() {
			if !yield(p[0]) {
				return
			}
		}
	}
}

// Values returns an iterator over the values of the pairs, in order.
func (s *SearchParams) Values() iter.Seq[string] {
	return func(yield func(string) bool) {
		for _, p := range s.pairs() {
			if !yield(p[1]) {
				return
			}
		}
	}
}
