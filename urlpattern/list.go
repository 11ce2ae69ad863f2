package urlpattern

import (
	"slices"
	"strings"

	"github.com/weburl/weburl"
)

// List is an ordered list of patterns with an index in front of them, for
// routing: Match finds the first pattern, in the list's order, that
// matches a URL, without trying every pattern.
//
// The index only narrows the patterns to try, never decides: every
// candidate is checked with its own Match, in the list's order, so a
// List gives what a loop over the patterns would give. A pattern whose
// protocol and hostname are literals is filed under them (others under a
// wildcard), and under the literal path segments that its pathname must
// start with ("/repos/:owner/:repo/issues" under repos, a segment
// wildcard, another, issues); a URL then visits only the entries its
// scheme, host and path segments lead to.
//
// A List is immutable and safe for concurrent use. The zero List matches
// nothing.
type List struct {
	patterns []*Pattern
	hosts    map[hostKey]*pathNode
	kinds    [4]bool // which of the four host keys of candidates have entries
}

// hostKey files a pattern by its literal protocol and hostname; "*" (not
// a scheme, nor a host serialization) stands for a component that is not
// a literal.
type hostKey struct{ protocol, hostname string }

const wildKey = "*"

// pathNode is a node of a trie of path segments.
type pathNode struct {
	literal  map[string]*pathNode
	wildcard *pathNode // one segment of one code point or more
	ends     []int32   // patterns whose pathname ends here
	any      []int32   // patterns that match whatever follows
}

// NewList returns a List of the patterns in the given order. Nil patterns
// match nothing.
func NewList(patterns ...*Pattern) *List {
	l := &List{patterns: slices.Clone(patterns), hosts: map[hostKey]*pathNode{}}
	for i, p := range l.patterns {
		if p == nil || p.comps[0] == nil {
			continue
		}
		key := hostKey{literalOf(p.comps[Protocol]), literalOf(p.comps[Hostname])}
		l.kinds[keyKind(key)] = true
		root := l.hosts[key]
		if root == nil {
			root = &pathNode{}
			l.hosts[key] = root
		}
		segs, exact := routeSegments(p.comps[Pathname])
		root.add(int32(i), segs, exact)
	}
	return l
}

// Len returns the number of patterns.
func (l *List) Len() int {
	if l == nil {
		return 0
	}
	return len(l.patterns)
}

// Pattern returns the i-th pattern.
func (l *List) Pattern(i int) *Pattern { return l.patterns[i] }

// literalOf returns the string a component must equal, or wildKey.
func literalOf(c *component) string {
	if c.prog != nil && c.prog.kind == progLiteral && !c.prog.fold {
		return c.prog.literal
	}
	return wildKey
}

// segment is one segment of a route: a literal, or a segment wildcard.
type segment struct {
	literal  string
	wildcard bool
}

// routeSegments returns the whole path segments the pathname must start
// with, and whether the pathname is exactly those (else anything may
// follow). A pathname of fixed text and segment wildcards that each fill
// a whole segment ("/a/:b/c") is exact; the index stops at the first
// segment that holds anything else.
func routeSegments(c *component) ([]segment, bool) {
	if c.prog == nil || c.prog.fold || c.opts.delimiter != '/' {
		return nil, false
	}
	// The pathname as text, with \x00 for each segment wildcard, up to the
	// first part of another kind.
	var b strings.Builder
	exact, boundary := true, false
	for i := range c.parts {
		p := &c.parts[i]
		if p.modifier != modNone || strings.IndexByte(p.value+p.prefix+p.suffix, 0) >= 0 ||
			p.typ != partFixedText && p.typ != partSegmentWildcard {
			exact = false
			boundary = startsSegments(c.parts[i:])
			break
		}
		if p.typ == partFixedText {
			b.WriteString(p.value)
			continue
		}
		b.WriteString(p.prefix)
		b.WriteByte(0)
		b.WriteString(p.suffix)
	}
	text := b.String()
	if !strings.HasPrefix(text, "/") {
		return nil, false
	}
	parts := strings.Split(text[1:], "/")
	var segs []segment
	for i, s := range parts {
		// The last segment may be cut short, unless what follows the
		// text is empty or starts with "/".
		if whole := exact || boundary || i < len(parts)-1; !whole {
			return segs, false
		}
		switch {
		case s == "\x00":
			segs = append(segs, segment{wildcard: true})
		case strings.IndexByte(s, 0) < 0:
			segs = append(segs, segment{literal: s})
		default:
			return segs, false // a segment of text and a wildcard
		}
	}
	return segs, exact
}

// startsSegments reports whether whatever the parts match is empty or
// starts with "/": each part's text starts with "/", or the part is
// skipped.
func startsSegments(parts []part) bool {
	for i := range parts {
		p := &parts[i]
		first := p.prefix
		if p.typ == partFixedText {
			first = p.value
		}
		if !strings.HasPrefix(first, "/") {
			return false
		}
	}
	return true
}

func (n *pathNode) add(i int32, segs []segment, exact bool) {
	for _, s := range segs {
		var next *pathNode
		if s.wildcard {
			if n.wildcard == nil {
				n.wildcard = &pathNode{}
			}
			next = n.wildcard
		} else {
			if n.literal == nil {
				n.literal = map[string]*pathNode{}
			}
			if next = n.literal[s.literal]; next == nil {
				next = &pathNode{}
				n.literal[s.literal] = next
			}
		}
		n = next
	}
	if exact {
		n.ends = append(n.ends, i)
	} else {
		n.any = append(n.any, i)
	}
}

// collect appends the patterns the path (after its leading "/", or
// whole, if it has none) may match.
func (n *pathNode) collect(path string, rooted bool, out []int32) []int32 {
	out = append(out, n.any...)
	if !rooted {
		return out // no segment can match a path that does not start with "/"
	}
	seg, rest, more := strings.Cut(path, "/")
	if child := n.literal[seg]; child != nil {
		out = child.collectRest(rest, more, out)
	}
	if n.wildcard != nil && seg != "" {
		out = n.wildcard.collectRest(rest, more, out)
	}
	return out
}

func (n *pathNode) collectRest(rest string, more bool, out []int32) []int32 {
	if !more {
		out = append(out, n.any...)
		return append(out, n.ends...)
	}
	return n.collect(rest, true, out)
}

// keyKind numbers a host key's shape as candidates looks them up: both
// literal, a literal protocol, a literal hostname, neither.
func keyKind(k hostKey) int {
	switch {
	case k.protocol != wildKey && k.hostname != wildKey:
		return 0
	case k.protocol != wildKey:
		return 1
	case k.hostname != wildKey:
		return 2
	}
	return 3
}

// candidates returns, in order and without repeats, the indexes of the
// patterns that may match u.
func (l *List) candidates(u *weburl.URL, buf []int32) []int32 {
	scheme, host, path := u.Scheme(), u.Hostname(), u.Pathname()
	rest, rooted := strings.CutPrefix(path, "/")
	out := buf[:0]
	for kind, k := range [4]hostKey{{scheme, host}, {scheme, wildKey}, {wildKey, host}, {wildKey, wildKey}} {
		if !l.kinds[kind] {
			continue
		}
		if root := l.hosts[k]; root != nil {
			out = root.collect(rest, rooted, out)
		}
	}
	if len(out) > 1 {
		slices.Sort(out)
		out = slices.Compact(out)
	}
	return out
}

// Match returns the index and result of the first pattern, in the list's
// order, that matches u, or -1 and nil.
func (l *List) Match(u *weburl.URL) (int, *Result) {
	if l == nil || u == nil || u.Href() == "" {
		return -1, nil
	}
	var buf [32]int32
	var stack [maxStackCaps]int
	caps := stack[:]
	v := components(u)
	for _, i := range l.candidates(u, buf[:]) {
		// One capture buffer for every candidate; only the winner's
		// positions become a Result, with no second match.
		p := l.patterns[i]
		var ok bool
		if caps, ok = p.capture(&v, caps); ok {
			return int(i), p.result(&v, caps)
		}
	}
	return -1, nil
}

// Index returns the index of the first pattern, in the list's order, that
// matches u, or -1; it builds no Result.
func (l *List) Index(u *weburl.URL) int {
	if l == nil || u == nil || u.Href() == "" {
		return -1
	}
	var buf [32]int32
	v := components(u)
	for _, i := range l.candidates(u, buf[:]) {
		if l.patterns[i].test(v) {
			return int(i)
		}
	}
	return -1
}
