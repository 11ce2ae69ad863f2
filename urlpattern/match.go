package urlpattern

import (
	"strings"

	"github.com/weburl/weburl"
)

// Result is URLPatternResult: what each component matched and its groups.
type Result struct {
	Protocol, Username, Password, Hostname, Port, Pathname, Search, Hash ComponentResult
}

// ComponentResult is URLPatternComponentResult.
type ComponentResult struct {
	Input  string
	Groups []Group // in the pattern's order
}

// Group is one group of a component's match.
type Group struct {
	Name, Value string
	Matched     bool // false where JavaScript gives undefined (a group that took no part in the match)
}

// Get returns the value of the group named name, and whether the group
// exists and took part in the match.
func (r *ComponentResult) Get(name string) (string, bool) {
	for _, g := range r.Groups {
		if g.Name == name {
			return g.Value, g.Matched
		}
	}
	return "", false
}

// Component returns the result of component c, or nil for a value that is
// not a component.
func (r *Result) Component(c Component) *ComponentResult {
	switch c {
	case Protocol:
		return &r.Protocol
	case Username:
		return &r.Username
	case Password:
		return &r.Password
	case Hostname:
		return &r.Hostname
	case Port:
		return &r.Port
	case Pathname:
		return &r.Pathname
	case Search:
		return &r.Search
	case Hash:
		return &r.Hash
	}
	return nil
}

// Test reports whether input, an absolute URL, matches: test(input).
func (p *Pattern) Test(input string) bool {
	v, ok := parseComponents(input)
	return ok && p.test(v)
}

// TestWithBase is test(input, baseURL).
func (p *Pattern) TestWithBase(input, baseURL string) bool {
	u := parseWithBase(input, baseURL)
	return u != nil && p.test(components(u))
}

// TestInit is test(init): the init's components, canonicalized, and
// those of its base URL.
func (p *Pattern) TestInit(init Init) bool {
	v, ok := initComponents(init)
	return ok && p.test(v)
}

// Exec is exec(input): the result, or nil when input does not parse or
// does not match.
func (p *Pattern) Exec(input string) *Result {
	v, ok := parseComponents(input)
	if !ok {
		return nil
	}
	return p.exec(v)
}

// ExecWithBase is exec(input, baseURL).
func (p *Pattern) ExecWithBase(input, baseURL string) *Result {
	u := parseWithBase(input, baseURL)
	if u == nil {
		return nil
	}
	return p.exec(components(u))
}

// ExecInit is exec(init).
func (p *Pattern) ExecInit(init Init) *Result {
	v, ok := initComponents(init)
	if !ok {
		return nil
	}
	return p.exec(v)
}

// Match is exec with a parsed URL: its components are read as they are,
// without reparsing. A nil or zero URL matches nothing.
func (p *Pattern) Match(u *weburl.URL) *Result {
	if u == nil || u.Href() == "" {
		return nil
	}
	return p.exec(components(u))
}

// MatchComponents is Match on the URL whose components are c: they are
// read as they are, as Match reads a URL's, where ExecInit would
// canonicalize them as a special URL's (a non-special URL's host "%" is
// then refused, and its host "0" read as "0.0.0.0"). As for
// List.AppendNamedMatch, the strings must be the components of a URL as
// the URL parser serializes them; ComponentsOf gives them.
func (p *Pattern) MatchComponents(c *Components) *Result {
	if c == nil {
		return nil
	}
	return p.exec(*c)
}

// Matches is test with a parsed URL.
func (p *Pattern) Matches(u *weburl.URL) bool {
	if u == nil || u.Href() == "" {
		return false
	}
	return p.test(components(u))
}

// parseComponents parses input as an absolute URL, as weburl.Parse does,
// and returns its components: substrings of the href, which SetHref into a
// URL on the stack makes without allocating for an input that is its own
// href.
func parseComponents(input string) ([numComponents]string, bool) {
	var u weburl.URL
	if u.SetHref(input) != nil {
		return [numComponents]string{}, false
	}
	return components(&u), true
}

func parseWithBase(input, baseURL string) *weburl.URL {
	base, err := weburl.Parse(baseURL)
	if err != nil {
		return nil
	}
	u, err := base.Parse(input)
	if err != nil {
		return nil
	}
	return u
}

// components reads the eight strings that match compares, as the spec's
// match reads them from a URL.
func components(u *weburl.URL) [numComponents]string {
	q, _ := u.Query()
	f, _ := u.Fragment()
	return [numComponents]string{u.Scheme(), u.Username(), u.Password(), u.Hostname(), u.Port(),
		u.Pathname(), q, f}
}

// initComponents processes an Init as "url"; false when it fails, which
// the spec's match turns into null.
func initComponents(init Init) ([numComponents]string, bool) {
	rec := recordOf(init)
	r, err := processInit(&rec, typeURL)
	if err != nil {
		return [numComponents]string{}, false
	}
	return r.value, true
}

func (p *Pattern) test(v [numComponents]string) bool {
	if p == nil || p.comps[0] == nil {
		return false
	}
	for c, comp := range p.comps {
		if !comp.test(v[c]) {
			return false
		}
	}
	return true
}

// maxStackCaps is how many capture slots exec keeps on the stack.
const maxStackCaps = 64

// The result blocks hold a Result and room for its groups, so that a
// match allocates once, and no more than its groups need. Their sizes are
// the most groups that fit in a size class of Go's allocator (a Result is
// 320 bytes, a Group 40, and a block of more than 512 bytes has an 8-byte
// header): 384, 416, 448, 480, 576, 640, 704, 768, 896 and 1024 bytes; a
// pattern without groups takes a Result alone (320 bytes).
type (
	resultBlock1 struct {
		r      Result
		groups [1]Group
	}
	resultBlock2 struct {
		r      Result
		groups [2]Group
	}
	resultBlock3 struct {
		r      Result
		groups [3]Group
	}
	resultBlock4 struct {
		r      Result
		groups [4]Group
	}
	resultBlock6 struct {
		r      Result
		groups [6]Group
	}
	resultBlock7 struct {
		r      Result
		groups [7]Group
	}
	resultBlock9 struct {
		r      Result
		groups [9]Group
	}
	resultBlock11 struct {
		r      Result
		groups [11]Group
	}
	resultBlock14 struct {
		r      Result
		groups [14]Group
	}
	resultBlock17 struct {
		r      Result
		groups [17]Group
	}
)

// newResult returns a Result and an empty slice with room for n groups.
func newResult(n int) (*Result, []Group) {
	switch {
	case n == 0:
		return &Result{}, nil
	case n == 1:
		b := &resultBlock1{}
		return &b.r, b.groups[:0]
	case n == 2:
		b := &resultBlock2{}
		return &b.r, b.groups[:0]
	case n == 3:
		b := &resultBlock3{}
		return &b.r, b.groups[:0]
	case n == 4:
		b := &resultBlock4{}
		return &b.r, b.groups[:0]
	case n <= 6:
		b := &resultBlock6{}
		return &b.r, b.groups[:0]
	case n <= 7:
		b := &resultBlock7{}
		return &b.r, b.groups[:0]
	case n <= 9:
		b := &resultBlock9{}
		return &b.r, b.groups[:0]
	case n <= 11:
		b := &resultBlock11{}
		return &b.r, b.groups[:0]
	case n <= 14:
		b := &resultBlock14{}
		return &b.r, b.groups[:0]
	case n <= 17:
		b := &resultBlock17{}
		return &b.r, b.groups[:0]
	}
	return &Result{}, make([]Group, 0, n)
}

func (p *Pattern) exec(v [numComponents]string) *Result {
	if p == nil || p.comps[0] == nil {
		return nil
	}
	var stack [maxStackCaps]int
	caps, ok := p.capture(&v, stack[:])
	if !ok {
		return nil
	}
	return p.result(&v, caps)
}

// capture matches every component, writing the groups' positions in
// caps (grown if too short), and reports whether all matched; p is not
// nil nor zero.
func (p *Pattern) capture(v *[numComponents]string, caps []int) ([]int, bool) {
	if 2*p.ngroup > len(caps) {
		caps = make([]int, 2*p.ngroup)
	}
	k := 0
	for c, comp := range p.comps {
		n := 2 * len(comp.names)
		if !comp.exec(v[c], caps[k:k+n]) {
			return caps, false
		}
		k += n
	}
	return caps, true
}

// result builds the Result of a match from the positions capture wrote,
// in one allocation: the group names are the compiled pattern's and the
// inputs and values substrings of v, so nothing is copied.
func (p *Pattern) result(v *[numComponents]string, caps []int) *Result {
	res, groups := newResult(p.ngroup)
	setGroups(res, p.appendGroups(groups, v, caps, false), &p.counts)
	res.setInputs(v)
	return res
}

// appendGroups appends the groups of a match from the positions capture
// wrote (with named, only those with a name).
func (p *Pattern) appendGroups(dst []Group, v *[numComponents]string, caps []int, named bool) []Group {
	j := 0
	for c := range numComponents {
		in := v[c]
		for range p.counts[c] {
			name := p.names[j]
			if named && !isGroupName(name) {
				j++
				continue
			}
			if s, e := caps[2*j], caps[2*j+1]; s >= 0 && e >= 0 {
				dst = appendGroup(dst, name, in[s:e], true)
			} else {
				dst = appendGroup(dst, name, "", false)
			}
			j++
		}
	}
	return dst
}

// appendGroup appends a group to dst field by field: a Group appended
// whole is a typed copy, which costs a bulk write barrier while the
// garbage collector marks, where two pointer stores cost two entries in
// its buffer.
func appendGroup(dst []Group, name, value string, matched bool) []Group {
	n := len(dst)
	if n < cap(dst) {
		dst = dst[:n+1]
	} else {
		dst = append(dst, Group{})
	}
	g := &dst[n]
	g.Name, g.Value, g.Matched = name, value, matched
	return dst
}

// isGroupName reports whether a group's name is a name, not the number of
// a group without one (which starts with a digit; names cannot).
func isGroupName(name string) bool { return name != "" && (name[0] < '0' || name[0] > '9') }

// isNumbered reports whether name is the number of a group without a name.
func isNumbered(name string) bool { return !isGroupName(name) }

// setGroups gives each component its groups, counts[c] of them for
// component c, in order.
func setGroups[T uint8 | int32](r *Result, groups []Group, counts *[numComponents]T) {
	crs := r.components()
	j := 0
	for c, n := range counts {
		if n > 0 {
			crs[c].Groups = groups[j : j+int(n) : j+int(n)]
			j += int(n)
		}
	}
}

// components returns the component results in the order of Component.
func (r *Result) components() [numComponents]*ComponentResult {
	return [numComponents]*ComponentResult{&r.Protocol, &r.Username, &r.Password, &r.Hostname,
		&r.Port, &r.Pathname, &r.Search, &r.Hash}
}

// setInputs sets the components' inputs. The Result is new: an empty
// string needs no write (nor the write barrier of one).
func (r *Result) setInputs(v *[numComponents]string) {
	if v[Protocol] != "" {
		r.Protocol.Input = v[Protocol]
	}
	if v[Username] != "" {
		r.Username.Input = v[Username]
	}
	if v[Password] != "" {
		r.Password.Input = v[Password]
	}
	if v[Hostname] != "" {
		r.Hostname.Input = v[Hostname]
	}
	if v[Port] != "" {
		r.Port.Input = v[Port]
	}
	if v[Pathname] != "" {
		r.Pathname.Input = v[Pathname]
	}
	if v[Search] != "" {
		r.Search.Input = v[Search]
	}
	if v[Hash] != "" {
		r.Hash.Input = v[Hash]
	}
}

// String returns a compact description of the groups, for debugging and
// examples: "id=42 rest=undefined".
func (r *ComponentResult) String() string {
	var b strings.Builder
	for i, g := range r.Groups {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(g.Name + "=")
		if g.Matched {
			b.WriteString(g.Value)
		} else {
			b.WriteString("undefined")
		}
	}
	return b.String()
}
