package urlpattern

import (
	"maps"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"unsafe"
	"weak"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/listhook"
	"github.com/weburl/weburl/internal/strtab"
	"github.com/weburl/weburl/internal/swar"
)

// List is an ordered list of patterns with an index in front of them, for
// routing: Match finds the first pattern, in the list's order, that
// matches a URL, without trying every pattern.
//
// The index only narrows the patterns to try: a pattern whose protocol
// and hostname are literals is filed under them (others under a
// wildcard), and under the literal path segments that its pathname must
// start with ("/repos/:owner/:repo/issues" under repos, a segment
// wildcard, another, issues); a URL then visits only the entries its
// scheme, host and path segments lead to. The candidates are checked in
// the list's order, so a List gives what a loop over the patterns would
// give; what the index has already compared (a literal protocol or
// hostname, a pathname of whole segments that the path's segments have
// just matched) is not compared again.
//
// A List is immutable and safe for concurrent use. The zero List matches
// nothing.
type List struct {
	// The patterns that the index does not decide alone; nil where
	// the entry is simple, or when none is. A simple entry keeps the
	// source of its pattern instead (listEntry.source).
	patterns []*Pattern
	entries  []listEntry           // what the index proves of each pattern
	roots    []hostRoot            // the tries, by host key
	hosts    map[hostKey]*pathNode // the same, when there are more than maxScanRoots
	kinds    [4]bool               // which of the four host keys index looks up have entries
	router   bool                  // one trie, filed under no protocol and no hostname: every URL's
	// walkOnly: a router's List no deeper than fewSegments, so that a
	// walk answers alone for a path that starts with "/" and is not a
	// literal path (SetNamedMatch's own walk).
	walkOnly bool
	depth    int // the greatest depth of a trie node
	// The literal paths of exact pathnames ("/users/me"), with their
	// candidates worked out when the List is built; lens
	// has bit n set for such a path of length n (or 63 and more).
	exact strtab.Table[exactPath]
	lens  uint64
}

// pathGroup is a group of an exact pathname: its name and the path
// segment it takes. A List entry points at its groups, shared by the
// entries whose groups are alike ("/users/:id" and "/users/:id/posts"),
// which a match reads in one step from the entry.
type pathGroup struct {
	name string
	seg  int32
}

// pathGroups returns the groups of an exact pathname; nil for any other.
func (e *listEntry) pathGroups() []pathGroup {
	if e.groups == nil {
		return nil
	}
	return unsafe.Slice(e.groups, e.counts[Pathname])
}

// exactPath is what a walk finds for a literal path, the key it is
// found by in List.exact: its winner when the List could work it out,
// and else (or for AppendMatch) its segments and the candidates of each
// host key's trie, in order, by the index of the root.
type exactPath struct {
	*exactWalk // nil in a router's List where win is known (listhook.DropSources)
	// win is the index of the pattern that AppendNamedMatch finds, with
	// no named group, for every URL whose path is that path and whose scheme
	// and host match the List's one host key; -1 if that needs the
	// candidates (several keys, a first candidate with literals to
	// compare or named groups, none). winLiteral: that pattern's
	// pathname is path itself, without a group.
	win        int32
	winLiteral bool
}

// exactWalk is the segments and candidates of a literal path.
type exactWalk struct {
	segs  []pathSegment
	cands [][]int32
}

// hostKey files a pattern by its literal protocol and hostname; "*" (not
// a scheme, nor a host serialization) stands for a component that is not
// a literal.
type hostKey struct{ protocol, hostname string }

const wildKey = "*"

// hostRoot is one host key's trie.
type hostRoot struct {
	key  hostKey
	node *pathNode
	any  bool // key is {wildKey, wildKey}: every URL is filed under it
}

// maxScanRoots is how many host keys index compares one by one
// rather than looking up in a map.
const maxScanRoots = 8

// pathNode is a node of a trie of path segments, 64 bytes (one cache
// line, as the allocator aligns objects of that size): its two arrays are
// a pointer and a length each, not slices, since they never grow.
type pathNode struct {
	// lit and nlits are the literal children (lits): a list of at most
	// maxListChildren, or a hash table of a power of two slots, more
	// than that; nil and 0 where there are none.
	lit *litChild
	// cand and ncands are the candidates (cands): the nends ends, then
	// any; nil and 0 where there are none.
	cand     *int32
	wildcard *pathNode // one segment of one code point or more
	// skipTo is the end of the chain of nodes from n that have one
	// literal child and nothing else, as the root of "/api/v1/:x" and
	// its child "api", when their segments with the slash after each
	// ("api/v1/") are skipN bytes, at most eight: skipWord, as Load64
	// reads them, zero past skipN. A walk compares them with the path at
	// once, and passes skipSegs segments. Nil where there is no chain.
	skipTo   *pathNode
	skipWord uint64
	nlits    int32
	ncands   int32
	nends    int32
	least    int32 // the least index filed in the subtree, or noMatch
	// endWin is the first end when its entry matches whatever URL
	// reaches n (simple, with no literal to compare), so that first
	// takes it without a look at the entries; noMatch with no end, -1
	// when the ends need firstOf.
	endWin int32
	// run counts the nodes from n down its wildcards that have a
	// wildcard and nothing else (no candidate, no literal child), as the
	// nodes of "/:a/:b/:c" before the last; 0 if n has more, at most
	// 255. A walk passes a run of two or more in a loop of its own.
	run             uint8
	skipN, skipSegs uint8
}

// lits are n's literal children; cands its candidates: ends are the
// patterns whose pathname ends at n, any those that match whatever
// follows.
func (n *pathNode) lits() []litChild { return unsafe.Slice(n.lit, n.nlits) }
func (n *pathNode) cands() []int32   { return unsafe.Slice(n.cand, n.ncands) }
func (n *pathNode) ends() []int32    { return unsafe.Slice(n.cand, n.nends) }
func (n *pathNode) any() []int32     { return n.cands()[n.nends:] }

// trieNode is a node of a trie while the List is built, which freeze
// turns into a pathNode.
type trieNode struct {
	literal  map[string]*trieNode
	wildcard *trieNode
	ends     []int32
	any      []int32
}

// litChild is a literal child of a pathNode: the segment and its head.
type litChild struct {
	head uint64 // segHead of seg
	seg  string
	node *pathNode
}

// maxListChildren is how many literal children a node searches as a list
// rather than a hash table.
const maxListChildren = 4

// segHead returns the first eight bytes of the segment path[start:end]
// as a little-endian word, zero past its end. A lookup compares a
// child's head and length before its bytes, which it compares only past
// the eighth: most segments are no longer, and their comparison then
// calls nothing.
func segHead(path string, start, end int32) uint64 {
	var x uint64
	if int(start)+8 <= len(path) {
		x = swar.Load64(path, int(start))
	} else {
		x = swar.LoadPadded(path, int(start))
	}
	return x & headMask(int(end-start))
}

// segHash is the hash of a segment of head and length n that a hash
// table of literal children files it by. Segments equal in their first
// eight bytes and their length collide, and are told apart by their
// bytes.
func segHash(head uint64, n int) uint32 {
	return uint32((head + uint64(n)) * 0x9e3779b97f4a7c15 >> 32)
}

// is reports whether c is the child of the segment of head h, path[start:end].
func (c *litChild) is(h uint64, path string, start, end int32) bool {
	return c.head == h && len(c.seg) == int(end-start) && (end-start <= 8 || c.seg[8:] == path[start+8:end])
}

// A listEntry is what a List knows of a pattern from where it is filed,
// and how it checks the pattern when the index offers it. What a simple
// entry's match reads is in the entry itself, so that a match touches
// little of the memory of patterns it has not met lately.
type listEntry struct {
	// simple: every component is a literal without ignoreCase, "*", or
	// a pathname the index proves, so that steps decide the match and
	// the Result is built from the components and the path's segments.
	simple bool
	// exactPath: the pathname is fixed text and named segment wildcards
	// that fill whole segments, and the pattern is filed among the trie's
	// ends, so it is a candidate only if the path's segments match. The
	// k-th pathname group is then path segment pathGroups()[k].seg.
	exactPath bool
	ngroup    uint8
	counts    [numComponents]uint8 // the groups of each component
	groups    *pathGroup           // an exact pathname's groups, counts[Pathname] of them; nil for any other, or none
	// steps, nil when the index has compared everything, and the group
	// names, in order, the pattern's own (shared by equal lists), behind
	// pointers: most routes have no steps, and most matches read no
	// names but the pathname's.
	steps *[]listStep
	names *[]string

	// What Pattern needs of a simple entry, whose compiled pattern the
	// List does not keep; nil in a router's List (listhook.DropSources).
	source *entrySource
}

// entrySource is what Pattern needs of a simple entry: the pattern
// given, as long as someone else keeps it, and else its source to
// compile again, the components' pattern strings that are not "*"
// (srcMask has a bit for each), in order, and IgnoreCase.
type entrySource struct {
	orig    weak.Pointer[Pattern]
	src     []string
	srcMask uint8
	fold    bool
}

// A listStep checks that one component of a simple entry equals a
// literal.
type listStep struct {
	comp    uint8
	literal string
}

// maxExactGroups is how many pathname groups a simple entry takes from
// the path's segments.
const maxExactGroups = 32

// NewList returns a List of the patterns in the given order. Nil patterns
// match nothing.
func NewList(patterns ...*Pattern) *List {
	l := &List{entries: make([]listEntry, len(patterns))}
	byKey := map[hostKey]int{} // the index of the key's root
	var tries []*trieNode      // by root
	type filed struct {
		root  int
		segs  []segment
		exact bool
	}
	files := make([]filed, len(patterns))
	for i := range files {
		files[i].root = -1
	}
	for i, p := range patterns {
		if p == nil || p.comps[0] == nil {
			continue
		}
		key := hostKey{literalOf(p.comps[Protocol]), literalOf(p.comps[Hostname])}
		l.kinds[keyKind(key)] = true
		root, ok := byKey[key]
		if !ok {
			root = len(l.roots)
			byKey[key] = root
			l.roots = append(l.roots, hostRoot{key: key, any: key == hostKey{wildKey, wildKey}})
			tries = append(tries, &trieNode{})
		}
		segs, exact := routeSegments(p.comps[Pathname])
		files[i] = filed{root, segs, exact}
		l.depth = max(l.depth, len(segs))
		l.entries[i] = newListEntry(p, key, segs, exact)
	}
	// With few roots, the literal paths ("/users/me") are looked up in a
	// table of the candidates of each (findExact): a pattern whose
	// pathname is one of them needs no place in a trie, which a path
	// other than its own could not lead to it.
	withTable := len(l.roots) <= maxScanRoots
	literals := map[string][][]int32{} // by literal path, by root
	for i, f := range files {
		if f.root < 0 {
			continue
		}
		if path := segmentsPath(f.segs); withTable && l.entries[i].exactPath && path != "" {
			byRoot := literals[path]
			if byRoot == nil {
				byRoot = make([][]int32, len(l.roots))
				literals[path] = byRoot
			}
			byRoot[f.root] = append(byRoot[f.root], int32(i))
			continue
		}
		tries[f.root].add(int32(i), f.segs, f.exact)
	}
	// Equal lists of group names kept once: most routes' are "0" for each
	// "*" component and a few names of the pathname.
	names := map[string]*[]string{}
	paths := map[string]*pathGroup{}
	for i := range l.entries {
		if e := &l.entries[i]; e.simple {
			key := strings.Join(*e.names, "/") // a name holds no "/"
			if shared, ok := names[key]; ok {
				e.names = shared
			} else {
				names[key] = e.names
			}
			if gs := e.pathGroups(); gs != nil {
				off := 0
				for c := range Pathname {
					off += int(e.counts[c])
				}
				var key strings.Builder
				for k := range gs {
					gs[k].name = (*e.names)[off+k]
					key.WriteString(gs[k].name) // no "/" in a name
					key.WriteString("/" + strconv.Itoa(int(gs[k].seg)) + "/")
				}
				if shared, ok := paths[key.String()]; ok {
					e.groups = shared
				} else {
					paths[key.String()] = e.groups
				}
			}
		}
	}
	for i, p := range patterns {
		if e := &l.entries[i]; !e.simple || !e.keepSource(p) {
			if l.patterns == nil {
				l.patterns = make([]*Pattern, len(patterns))
			}
			l.patterns[i] = p
		}
	}
	for i := range l.roots {
		l.roots[i].node = tries[i].freeze(l.entries)
	}
	l.router = len(l.roots) == 1 && l.roots[0].any
	if withTable {
		l.findExact(literals)
	} else {
		// Each literal path would keep the candidates of every root:
		// with many roots that would be their product, so those Lists
		// walk.
		l.hosts = make(map[hostKey]*pathNode, len(byKey))
		for key, i := range byKey {
			l.hosts[key] = l.roots[i].node
		}
	}
	l.walkOnly = l.router && l.depth <= fewSegments
	return l
}

// segmentsPath returns the path that segments of literals alone spell
// ("/users/me"), or "" if one is a wildcard or there are none.
func segmentsPath(segs []segment) string {
	var b strings.Builder
	for _, sg := range segs {
		if sg.wildcard {
			return ""
		}
		b.WriteString("/" + sg.literal)
	}
	return b.String()
}

// keepSource keeps in a simple entry what Pattern needs to give p back
// without the List holding it, and reports whether it could: a
// component string that the init dictionary's processing would change
// (a protocol that ends in ':', a search that starts with '?', a hash
// that starts with '#', as escaped text may), a hostname with a '['
// (whether it is read as an IPv6 address depends on escapes that its
// pattern string does not keep: `*:\[` compiles the hostname "[" as
// one, the string "[" does not compile), a special scheme's default
// port that became one only once compiled ("80 "), or a component of two
// fixed texts in a row (splitFixed), does not compile back to itself, and
// p is then kept.
func (e *listEntry) keepSource(p *Pattern) bool {
	if protocol := p.comps[Protocol].patternString; isSpecialScheme(protocol) && p.comps[Port].patternString == defaultPort(protocol) {
		return false
	}
	src := &entrySource{}
	for c, comp := range p.comps {
		s := comp.patternString
		switch {
		case s == "*":
			continue
		case c == int(Protocol) && strings.HasSuffix(s, ":"),
			c == int(Hostname) && strings.Contains(s, "["),
			c == int(Search) && strings.HasPrefix(s, "?"),
			c == int(Hash) && strings.HasPrefix(s, "#"),
			splitFixed(comp.parts):
			return false
		}
		src.src = append(src.src, s)
		src.srcMask |= 1 << c
	}
	src.fold = p.comps[Pathname].opts.ignoreCase
	src.orig = weak.Make(p)
	e.source = src
	return true
}

// splitFixed reports whether parts hold two fixed texts in a row, each
// without a modifier. An empty group with a modifier between them ("{}*")
// leaves no part and nothing in the pattern string, which then compiles
// them as one text, canonicalized as a whole: "/{}*." has the parts "/"
// and ".", and matches the path "/.", but its pattern string "/." is the
// path "/".
func splitFixed(parts []part) bool {
	for i := 1; i < len(parts); i++ {
		a, b := &parts[i-1], &parts[i]
		if a.typ == partFixedText && b.typ == partFixedText && a.modifier == modNone && b.modifier == modNone {
			return true
		}
	}
	return false
}

// compile compiles a simple entry's pattern again from its source.
func (src *entrySource) compile() *Pattern {
	var in [numComponents]string
	k := 0
	for c := range in {
		in[c] = "*"
		if src.srcMask&(1<<c) != 0 {
			in[c] = src.src[k]
			k++
		}
	}
	p, err := NewInit(Init{
		Protocol: &in[Protocol], Username: &in[Username], Password: &in[Password], Hostname: &in[Hostname],
		Port: &in[Port], Pathname: &in[Pathname], Search: &in[Search], Hash: &in[Hash],
	}, Options{IgnoreCase: src.fold})
	if err != nil {
		// The strings compiled once, within a budget that a pattern
		// without regexp groups of this size does not approach.
		panic("urlpattern: a List's pattern does not compile again: " + err.Error())
	}
	return p
}

// findExact works out the candidates of each literal path of an
// exact pathname, so that a request for one costs a table lookup, not a
// walk of the tries.
// literals holds, by path and by root, the patterns whose pathname is
// that literal path, which the tries do not hold.
func (l *List) findExact(literals map[string][][]int32) {
	var paths []string
	var xs []*exactPath
	for _, path := range slices.Sorted(maps.Keys(literals)) { // a table laid out alike each time
		byRoot := literals[path]
		x := &exactPath{exactWalk: &exactWalk{segs: split(path, l.depth+1, nil), cands: make([][]int32, len(l.roots))}, win: -1}
		for ri, r := range l.roots {
			cands := r.node.walkRoot(path, x.segs, byRoot[ri])
			slices.Sort(cands)
			x.cands[ri] = cands
		}
		// index takes the first candidate when a simple entry has no
		// literal to compare, and AppendNamedMatch then appends its
		// named groups: those of an exact pathname, when it has some.
		if len(l.roots) == 1 && len(x.cands[0]) > 0 {
			i := x.cands[0][0]
			if e := &l.entries[i]; e.simple && e.steps == nil && (!e.exactPath || e.counts[Pathname] == 0) {
				x.win, x.winLiteral = i, e.exactPath
			}
		}
		paths, xs = append(paths, path), append(xs, x)
		l.lens |= 1 << min(len(path), 63)
	}
	l.exact = strtab.New(paths, xs)
}

// newListEntry finds what the index proves of p, filed under key and the
// path segments segs (exact: the pathname is those segments).
func newListEntry(p *Pattern, key hostKey, segs []segment, exact bool) listEntry {
	var e listEntry
	var steps []listStep
	if exact {
		var groups []byte
		for k, s := range segs {
			if s.wildcard && len(groups) < maxExactGroups && k <= 255 {
				groups = append(groups, uint8(k))
			}
		}
		n := len(groups)
		// Each segment wildcard is one group, in order (the part list
		// holds nothing else that makes a group). One without a name
		// ("/([^\/]+?)") has a numbered group, which AppendNamedMatch
		// skips: such a pattern is left to its matcher.
		names := p.comps[Pathname].names
		e.exactPath = n == len(names) && n < maxExactGroups && !slices.ContainsFunc(names, isNumbered)
		if e.exactPath && n > 0 {
			gs := make([]pathGroup, n) // names from NewList
			for k, seg := range groups {
				gs[k].seg = int32(seg)
			}
			e.groups = &gs[0]
		}
	}
	e.simple = p.ngroup <= 255
	for c, comp := range p.comps {
		var st listStep
		switch {
		case c == int(Protocol) && key.protocol != wildKey, c == int(Hostname) && key.hostname != wildKey:
			// A literal that the index compared with the URL's.
			continue
		case c == int(Pathname) && e.exactPath:
			continue
		case comp.prog != nil && comp.prog.kind == progAnything && !slices.ContainsFunc(comp.names, isGroupName):
			// "*" is "^(.*)$" with the "v" flag: any string without a
			// line terminator, which no component of a URL holds (the
			// parser removes CR and LF and percent-encodes U+2028 and
			// U+2029, or fails on them in a host). Its group is
			// numbered; a named one (":h(.*)") is left to the matcher,
			// so that AppendNamedMatch has it.
			continue
		case comp.prog != nil && comp.prog.kind == progLiteral && !comp.prog.fold:
			st = listStep{comp: uint8(c), literal: comp.prog.literal}
		default:
			e.simple = false
			continue
		}
		steps = append(steps, st)
	}
	if !e.simple {
		return listEntry{}
	}
	if steps != nil {
		e.steps = &steps
	}
	e.ngroup = uint8(p.ngroup)
	for c, comp := range p.comps {
		e.counts[c] = uint8(len(comp.names))
	}
	names := p.names // compiled in the order of the components; NewList shares equal ones
	e.names = &names
	return e
}

// Len returns the number of patterns.
func (l *List) Len() int {
	if l == nil {
		return 0
	}
	return len(l.entries)
}

// Pattern returns the i-th pattern. For a pattern that the List's index
// decides alone (literal and "*" components, and a pathname of literal
// segments and ":name" segments, the shape of most routes), the List
// does not keep the compiled pattern, only its source: Pattern returns
// the *Pattern given to NewList while something else keeps it, and
// otherwise an equal one compiled again on each call.
func (l *List) Pattern(i int) *Pattern {
	if l.patterns != nil && l.patterns[i] != nil {
		return l.patterns[i]
	}
	src := l.entries[i].source
	if src == nil {
		return nil // a nil Pattern given to NewList, or a router's (listhook.DropSources)
	}
	if p := src.orig.Value(); p != nil {
		return p
	}
	return src.compile()
}

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

// add files the pattern i under the path segments segs, among the ends of
// the node they lead to (exact) or its any.
func (n *trieNode) add(i int32, segs []segment, exact bool) {
	for _, s := range segs {
		var next *trieNode
		if s.wildcard {
			if n.wildcard == nil {
				n.wildcard = &trieNode{}
			}
			next = n.wildcard
		} else {
			if n.literal == nil {
				n.literal = map[string]*trieNode{}
			}
			if next = n.literal[s.literal]; next == nil {
				next = &trieNode{}
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

// freeze returns the pathNode of n and its subtree: the literal children
// in the list or the hash table that lookups read.
func (n *trieNode) freeze(entries []listEntry) *pathNode {
	p := &pathNode{nends: int32(len(n.ends)), least: noMatch, endWin: noMatch}
	if cands := append(n.ends[:len(n.ends):len(n.ends)], n.any...); len(cands) > 0 {
		p.cand, p.ncands = &cands[0], int32(len(cands))
	}
	if len(n.ends) > 0 {
		p.endWin = -1
		if e := &entries[n.ends[0]]; e.simple && e.steps == nil {
			p.endWin = n.ends[0]
		}
	}
	// In the order of their segments, not the map's: a lookup's cost
	// does not change from one List of the same patterns to the next.
	segs := slices.Sorted(maps.Keys(n.literal))
	var lits []litChild
	if len(n.literal) <= maxListChildren {
		for _, seg := range segs {
			lits = append(lits, litChild{segHead(seg, 0, int32(len(seg))), seg, n.literal[seg].freeze(entries)})
		}
	} else {
		size := 1
		for size < 2*len(n.literal) {
			size *= 2
		}
		lits = make([]litChild, size)
		mask := uint32(size - 1)
		for _, seg := range segs {
			c := n.literal[seg]
			head := segHead(seg, 0, int32(len(seg)))
			i := segHash(head, len(seg)) & mask
			for lits[i].node != nil {
				i = (i + 1) & mask
			}
			lits[i] = litChild{head, seg, c.freeze(entries)}
		}
	}
	if len(lits) > 0 {
		p.lit, p.nlits = &lits[0], int32(len(lits))
	}
	for _, is := range [][]int32{n.ends, n.any} {
		if len(is) > 0 {
			p.least = min(p.least, is[0]) // filed in order
		}
	}
	for _, c := range lits {
		if c.node != nil {
			p.least = min(p.least, c.node.least)
		}
	}
	if n.wildcard != nil {
		p.wildcard = n.wildcard.freeze(entries)
		p.least = min(p.least, p.wildcard.least)
		if p.ncands == 0 && p.nlits == 0 {
			p.run = uint8(min(int(p.wildcard.run)+1, 255))
		}
	}
	p.setSkip()
	return p
}

// setSkip sets n's skipTo, skipWord, skipN and skipSegs: the chain of
// nodes with one literal child and nothing else from n, as long as their
// segments and slashes fit in a word.
func (n *pathNode) setSkip() {
	var b []byte
	to := n
	for to.ncands == 0 && to.wildcard == nil && to.nlits == 1 && len(b)+len(to.lit.seg) < 8 {
		b = append(append(b, to.lit.seg...), '/')
		to = to.lit.node
		n.skipSegs++
	}
	if n.skipSegs > 0 {
		n.skipTo, n.skipN = to, uint8(len(b))
		n.skipWord = segHead(string(b), 0, int32(len(b)))
	}
}

// child returns the literal child for the segment s of path, whose
// segHead is h. A list of a few children is compared one by one, which
// costs less than hashing; only a hash table's lookup hashes the segment.
func (n *pathNode) child(path string, s pathSegment, h uint64) *pathNode {
	start, end := s.start, s.end
	if end-start <= 8 {
		if n.nlits <= maxListChildren {
			return n.listChild(h, int(end-start))
		}
		return n.hashChild(h, int(end-start))
	}
	lits := n.lits()
	if len(lits) <= maxListChildren {
		for i := range lits {
			if c := &lits[i]; c.is(h, path, start, end) {
				return c.node
			}
		}
		return nil
	}
	mask := uint32(len(lits) - 1)
	for i := segHash(h, int(end-start)) & mask; ; i = (i + 1) & mask {
		c := &lits[i]
		if c.node == nil {
			return nil
		}
		if c.is(h, path, start, end) {
			return c.node
		}
	}
}

// listChild is child in a list of children, for a segment of size
// bytes, no more than eight, whose head h and size decide it; hashChild
// is the same in a hash table. Both are small enough to inline into the
// walk, which then calls nothing for most nodes.
func (n *pathNode) listChild(h uint64, size int) *pathNode {
	lits := n.lits()
	for i := range lits {
		if c := &lits[i]; c.head == h && len(c.seg) == size {
			return c.node
		}
	}
	return nil
}

// hashChild is listChild in a hash table of children.
func (n *pathNode) hashChild(h uint64, size int) *pathNode {
	lits := n.lits()
	mask := uint32(len(lits) - 1)
	for i := segHash(h, size) & mask; ; i = (i + 1) & mask {
		if c := &lits[i]; c.node == nil || c.head == h && len(c.seg) == size {
			return c.node
		}
	}
}

// maxStackSegments is how many path segments a lookup's walk writes to a
// buffer on the stack; a deeper List writes a deeper path's to an
// allocated one.
const maxStackSegments = 32

// fewSegments is the buffer of segments that appendMatch zeroes for a
// List no deeper than it, as most routers' are.
const fewSegments = 8

// pathSegment is a segment of the path being looked up: path[start:end].
type pathSegment struct {
	start, end int32
}

// split splits path, after its leading "/", into segments appended to
// segs, at most limit: the last one holds the rest of the path. It finds
// the slashes eight bytes at a time. first finds the same segments as it
// walks, one at a time, and a run of wildcards a word's at once
// (TestListSegmentWords and TestListRuns hold them alike).
func split(path string, limit int, segs []pathSegment) []pathSegment {
	start := 1
	for i := 1; i < len(path); i += 8 {
		var x uint64
		if i+8 <= len(path) {
			x = swar.Load64(path, i)
		} else {
			x = swar.LoadPadded(path, i) // zero bytes, no '/', past the end
		}
		m := swar.EqAny(x, '/')
		for ; m != 0; m &= m - 1 {
			if len(segs) >= limit-1 {
				return append(segs, pathSegment{int32(start), int32(len(path))})
			}
			end := i + bits.TrailingZeros64(m)/8
			segs = append(segs, pathSegment{int32(start), int32(end)})
			start = end + 1
		}
	}
	return append(segs, pathSegment{int32(start), int32(len(path))})
}

// walk appends to out the patterns of n, reached by the first k segments
// of path, and of its descendants that the rest of the path leads to:
// down the literal child and, where there is one, the segment wildcard,
// which takes a segment of one code point or more. Each pattern is filed
// at one node of one trie, which a walk reaches at most once, so out has
// no repeats, in no set order. NewList walks for the candidates of the
// literal paths (findExact, which sorts them), on the path split first; a
// match takes first, which takes the same steps as it finds the segments,
// and chooses its branches by the least index below them.
func (n *pathNode) walk(path string, segs []pathSegment, k int, out []int32) []int32 {
	for ; ; k++ {
		if any := n.any(); len(any) > 0 {
			out = append(out, any...)
		}
		if k == len(segs) {
			return append(out, n.ends()...)
		}
		s := segs[k]
		if n.wildcard != nil && s.end != s.start {
			out = n.wildcard.walk(path, segs, k+1, out)
		}
		if n.nlits == 0 {
			return out
		}
		if n = n.child(path, s, segHead(path, s.start, s.end)); n == nil {
			return out
		}
	}
}

// walkRoot is walk from a host key's trie; segs is nil for a path that
// does not start with "/", which no segment can match.
func (n *pathNode) walkRoot(path string, segs []pathSegment, out []int32) []int32 {
	if segs == nil {
		return append(out, n.any()...)
	}
	return n.walk(path, segs, 0, out)
}

// keyKind numbers a host key's shape as index looks them up: both
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

// literalPath returns what the List worked out for path, when it is the
// literal path of an exact pathname, or nil.
func (l *List) literalPath(path string) *exactPath {
	if l.lens&(1<<min(len(path), 63)) == 0 {
		return nil
	}
	return l.exact.Find(path)
}

// matches reports whether a URL of scheme and host is filed under k.
func (k *hostKey) matches(scheme, host string) bool {
	return (k.protocol == wildKey || k.protocol == scheme) && (k.hostname == wildKey || k.hostname == host)
}

// Match returns the index and result of the first pattern, in the list's
// order, that matches u, or -1 and nil. The Result is one allocation,
// sized for the pattern's groups: a pattern without groups allocates only
// the Result.
func (l *List) Match(u *weburl.URL) (int, *Result) {
	if l == nil || u == nil || u.Href() == "" {
		return -1, nil
	}
	v := components(u)
	var segBuf [maxStackSegments]pathSegment
	i, segs := l.index(&v, l.literalPath(v[Pathname]), segBuf[:0])
	if i < 0 {
		return -1, nil
	}
	if e := &l.entries[i]; e.simple {
		return i, e.result(&v, segs)
	}
	return i, l.patterns[i].fullResult(&v)
}

// fullResult is the Result of p, which matches v, by its own matcher:
// the positions of its groups, then the Result made from them.
func (p *Pattern) fullResult(v *[numComponents]string) *Result {
	var stack [maxStackCaps]int
	caps, _ := p.capture(v, stack[:])
	return p.result(v, caps)
}

// fullGroups is fullResult's groups appended to dst.
func (p *Pattern) fullGroups(dst []Group, v *[numComponents]string, named bool) []Group {
	var stack [maxStackCaps]int
	caps, _ := p.capture(v, stack[:])
	return p.appendGroups(dst, v, caps, named)
}

// result builds the Result of a simple entry's match, in one allocation
// and one pass over the components: each component's input and its
// groups, which for an exact pathname are the path's segments and for
// any other component, a "*", the one group of the whole input.
func (e *listEntry) result(v *[numComponents]string, segs []pathSegment) *Result {
	res, groups := newResult(int(e.ngroup))
	groups = groups[:e.ngroup]
	crs := res.components()
	j := 0
	for c, in := range v {
		if in != "" {
			crs[c].Input = in // a new Result: "" needs no write
		}
		n := int(e.counts[c])
		if n == 0 {
			continue
		}
		g := groups[j : j+n : j+n]
		if c == int(Pathname) && e.exactPath {
			for k, pg := range e.pathGroups() {
				s := segs[pg.seg]
				g[k].Name, g[k].Value, g[k].Matched = (*e.names)[j+k], in[s.start:s.end], true
			}
		} else {
			g[0].Name, g[0].Value, g[0].Matched = (*e.names)[j], in, true
		}
		crs[c].Groups = g
		j += n
	}
	return res
}

// AppendMatch is Match without a Result: it returns the index of the
// first pattern, in the list's order, that matches u, or -1, and appends
// that pattern's groups to dst, component by component in the order of
// Component and, within one, in the pattern's order: the groups of the
// Result that Match would return, one after the other. The values are
// substrings of u's href, as in a Result. With room in dst it allocates
// nothing.
func (l *List) AppendMatch(dst []Group, u *weburl.URL) (int, []Group) {
	if l == nil || u == nil || u.Href() == "" {
		return -1, dst
	}
	v := components(u)
	return l.appendMatch(dst, &v, allGroups, nil)
}

// Components are the components of a URL as the standard's match reads
// them, indexed by Component: what a URL's getters give without their
// delimiters (Scheme, Username, Password, Hostname, Port, Pathname, and the
// query and fragment, "" when null). ComponentsOf gives a URL's.
type Components [numComponents]string

// ComponentsOf returns the components of u that a match reads.
func ComponentsOf(u *weburl.URL) Components {
	if u == nil {
		return Components{}
	}
	return components(u)
}

// AppendNamedMatch is AppendMatch on the URL whose components are c,
// appending only the groups that have a name (":id"), not the numbered
// ones ("*", a regular expression without a name): what a router sets as
// path values. With room in dst it allocates nothing.
//
// It is for a caller that holds the components of a URL without a parsed
// URL, such as a server that has proved that the URL parser leaves a
// request's target and host as they are. The strings must be the
// components of a URL as the URL parser serializes them (ComponentsOf
// gives them): as Match does, it takes for granted what the parser
// ensures, such as that none holds a line terminator ("*" matches none).
func (l *List) AppendNamedMatch(dst []Group, c *Components) (int, []Group) {
	if l == nil {
		return -1, dst
	}
	return l.appendMatch(dst, (*[numComponents]string)(c), namedGroups, nil)
}

// A PathValueSetter takes the named groups of a match, as
// *http.Request's SetPathValue takes a router's path values.
type PathValueSetter interface {
	SetPathValue(name, value string)
}

// SetNamedMatch is AppendNamedMatch that hands each named group that took
// part in the match to to.SetPathValue, in the same order, instead of
// appending it: a router passes the *http.Request it serves, and needs no
// buffer of groups. A group that took no part is not handed over, so a
// value set before under its name stays. With a nil to (an interface
// holding no value; a nil *http.Request is a value whose method panics)
// it takes no group: the index alone. It returns the index
// of the first pattern that matches, or -1; the winner's groups are
// handed over only then. It allocates nothing of its own, but where the
// winner needs its own matcher for its groups: Go's regexp for a regular
// expression, or a buffer for more than 32 named groups.
func (l *List) SetNamedMatch(c *Components, to PathValueSetter) int {
	if l == nil {
		return -1
	}
	v := (*[numComponents]string)(c)
	path := v[Pathname]
	if !l.walkOnly || path == "" || path[0] != '/' || l.literalPath(path) != nil {
		i, _ := l.appendMatch(nil, v, valueGroups, to)
		return i
	}
	// On a List that a walk answers alone (walkOnly), appendMatch's
	// steps, in a smaller frame.
	var segBuf [fewSegments]pathSegment
	segs := segBuf[:l.depth]
	n, k, start, end, x, best := l.roots[0].node.descend(path, segs, 0, 1, noMatch)
	if n != nil {
		best = l.branch(n, v, segs, k, start, end, x, best)
	}
	if best == noMatch {
		return -1
	}
	switch e := &l.entries[best]; {
	case to == nil:
	case e.simple:
		// setValues, written out: a call fewer.
		for _, g := range e.pathGroups() {
			s := segs[g.seg]
			to.SetPathValue(g.name, path[s.start:s.end])
		}
	default:
		l.patterns[best].setValues(to, v)
	}
	return int(best)
}

func init() {
	listhook.MatchLiteral = matchLiteral
	listhook.DropSources = dropSources
}

// dropSources is listhook's DropSources: the List list (a *List) keeps
// only what SetNamedMatch and AppendNamedMatch need: of a simple entry,
// no source or pattern (Pattern then returns nil for it) and no group
// names but its pathname's, kept once for equal ones.
func dropSources(list any) {
	l := list.(*List)
	kept := false
	for i := range l.entries {
		if e := &l.entries[i]; e.simple {
			e.source = nil
			if l.patterns != nil {
				l.patterns[i] = nil
			}
			e.names = nil // pathGroups keep their names
		} else if l.patterns != nil && l.patterns[i] != nil {
			kept = true
		}
	}
	if !kept {
		l.patterns = nil
	}
	// A literal path whose winner the List worked out, which has no
	// named group, is answered from win: the segments and candidates
	// that index and appendGroups would read go.
	if l.router {
		for _, x := range l.exact.Values() {
			if x.win >= 0 {
				x.exactWalk = nil
			}
		}
	}
}

// matchLiteral is AppendNamedMatch of the List list (a *List) for a
// static route, with a pathname that need not be the URL parser's: it
// returns the index of the first pattern, in the list's order, that
// matches the URL of protocol, hostname and pathname, when that
// pattern's pathname is the literal pathname (no group, as "/users/me"),
// it compares no component but a literal protocol and hostname, and the
// List worked the answer out when it was built; otherwise -1, which says
// nothing of a match (AppendNamedMatch answers it). The winner has no
// named group.
//
// It is for a server that reads a request's path as it is: a pathname
// that equals the pattern's own literal, which the caller has proved that
// the URL parser keeps, is then the URL's, and the answer is
// AppendNamedMatch's on the URL. webhttp calls it as listhook's
// MatchLiteral, with no API of this package's own, and with the protocol
// and hostname "*", which match only the wildcard key "*" of a List
// whose patterns name neither, to learn whether the answer holds for
// every URL with that path.
func matchLiteral(list any, protocol, hostname, pathname string) int {
	l, _ := list.(*List)
	if l == nil {
		return -1
	}
	x := l.literalPath(pathname)
	if x == nil || x.win < 0 || !x.winLiteral || !l.roots[0].key.matches(protocol, hostname) {
		return -1
	}
	return int(x.win)
}

// groupMode says what appendMatch does with the winner's groups.
type groupMode uint8

const (
	allGroups   groupMode = iota // append them all: AppendMatch
	namedGroups                  // append those that have a name: AppendNamedMatch
	valueGroups                  // hand those that have a name to a PathValueSetter, if any
)

// appendMatch is AppendMatch, AppendNamedMatch and SetNamedMatch on the
// components v, with the groups of mode appended to dst or handed to to.
func (l *List) appendMatch(dst []Group, v *[numComponents]string, mode groupMode, to PathValueSetter) (int, []Group) {
	x := l.literalPath(v[Pathname])
	if x != nil && x.win >= 0 && mode != allGroups && (l.roots[0].any || l.roots[0].key.matches(v[Protocol], v[Hostname])) {
		// What index and appendGroups would find (findExact).
		return int(x.win), dst
	}
	var i int
	var segs []pathSegment
	switch {
	case x == nil && l.router && l.depth <= fewSegments && strings.HasPrefix(v[Pathname], "/"):
		// index's walk of a router's List, one call fewer.
		var segBuf [fewSegments]pathSegment
		segs = segBuf[:l.depth]
		// first's steps, written out: a call fewer again.
		n, k, start, end, x, best := l.roots[0].node.descend(v[Pathname], segs, 0, 1, noMatch)
		if n != nil {
			best = l.branch(n, v, segs, k, start, end, x, best)
		}
		if i = int(best); i == noMatch {
			return -1, dst
		}
	case l.depth <= fewSegments:
		// A walk writes fewer than depth segments: a smaller buffer to zero.
		var segBuf [fewSegments]pathSegment
		i, segs = l.index(v, x, segBuf[:0])
	default:
		var segBuf [maxStackSegments]pathSegment
		i, segs = l.index(v, x, segBuf[:0])
	}
	if i < 0 {
		return -1, dst
	}
	switch e := &l.entries[i]; {
	case mode == valueGroups && to == nil: // the index alone
	case mode == valueGroups && e.simple:
		e.setValues(to, v, segs)
	case mode == valueGroups:
		l.patterns[i].setValues(to, v)
	default:
		named := mode == namedGroups
		if e.simple {
			return i, e.appendGroups(dst, v, segs, named)
		}
		return i, l.patterns[i].fullGroups(dst, v, named)
	}
	return i, dst
}

// setValues hands a simple entry's named groups to to: an exact
// pathname's, the path's segments, and no other.
func (e *listEntry) setValues(to PathValueSetter, v *[numComponents]string, segs []pathSegment) {
	in := v[Pathname]
	for _, g := range e.pathGroups() {
		s := segs[g.seg]
		to.SetPathValue(g.name, in[s.start:s.end])
	}
}

// manyGroups is how many named groups setValues of a pattern takes
// without an allocation: more than a route has.
const manyGroups = 32

// setValues hands the named groups of a match of p that took part in it
// to to. p matches v.
//
//go:noinline
func (p *Pattern) setValues(to PathValueSetter, v *[numComponents]string) {
	var buf [manyGroups]Group
	for _, g := range p.fullGroups(buf[:0], v, true) {
		if g.Matched {
			to.SetPathValue(g.Name, g.Value)
		}
	}
}

// check reports, for a simple entry, whether the components that the
// index has not compared match: the literals.
func (e *listEntry) check(v *[numComponents]string) bool {
	if e.steps == nil {
		return true
	}
	for _, st := range *e.steps {
		if v[st.comp] != st.literal {
			return false
		}
	}
	return true
}

// appendGroups appends the groups of a simple entry's match (with named,
// only those with a name): the group of a "*" component, numbered, is the
// whole component; the groups of an exact pathname, named, are the
// path's segments.
func (e *listEntry) appendGroups(dst []Group, v *[numComponents]string, segs []pathSegment, named bool) []Group {
	if named {
		// Only an exact pathname's groups have names.
		in := v[Pathname]
		for _, g := range e.pathGroups() {
			s := segs[g.seg]
			dst = appendGroup(dst, g.name, in[s.start:s.end], true)
		}
		return dst
	}
	j := 0
	for c := range numComponents {
		n := e.counts[c]
		if n == 0 {
			continue
		}
		in := v[c]
		if c == Pathname && e.exactPath {
			for _, g := range e.pathGroups() {
				s := segs[g.seg]
				dst = appendGroup(dst, (*e.names)[j], in[s.start:s.end], true)
				j++
			}
		} else {
			// A "*" component.
			dst = appendGroup(dst, (*e.names)[j], in, true)
			j++
		}
	}
	return dst
}

// Index returns the index of the first pattern, in the list's order, that
// matches u, or -1; it builds no Result.
func (l *List) Index(u *weburl.URL) int {
	if l == nil || u == nil || u.Href() == "" {
		return -1
	}
	v := components(u)
	var segBuf [maxStackSegments]pathSegment
	i, _ := l.index(&v, l.literalPath(v[Pathname]), segBuf[:0])
	return i
}

// noMatch is first's answer when no pattern matches: above every index.
const noMatch = math.MaxInt32

// index is the one match loop of Index, Match and AppendMatch: it returns
// the index of the first pattern, in the list's order, that matches the
// URL whose components are v, or -1, and the path's segments (in segs's
// array, where first writes those that wildcards take, or a literal
// path's own), from which Match and AppendMatch build the winner's
// groups: a simple entry's from the segments, any other's by its own
// matcher, run once more on the winner alone. x is the path's
// literalPath.
func (l *List) index(v *[numComponents]string, x *exactPath, segs []pathSegment) (int, []pathSegment) {
	path := v[Pathname]
	switch {
	case x != nil:
		segs = x.segs // read only
	case strings.HasPrefix(path, "/"):
		// first writes the segments that wildcards take: fewer than the
		// depth of a trie node, and than the path's.
		n := l.depth
		if n > cap(segs) {
			n = min(n, strings.Count(path, "/"))
		}
		if n <= cap(segs) {
			segs = segs[:n]
		} else {
			segs = make([]pathSegment, n)
		}
	default:
		segs = nil
	}
	best := int32(noMatch)
	scheme, host := v[Protocol], v[Hostname]
	if l.router && x == nil && segs != nil {
		// A router's List: one trie, which every URL is filed under.
		best = l.first(l.roots[0].node, v, segs, 0, 1, best)
	} else if l.hosts == nil {
		for i := range l.roots {
			switch r := &l.roots[i]; {
			case !r.any && !r.key.matches(scheme, host):
			case x == nil && segs != nil:
				best = l.first(r.node, v, segs, 0, 1, best) // firstIn's common case, one call fewer
			default:
				best = l.firstIn(i, r.node, v, x, segs, best)
			}
		}
	} else {
		for kind, k := range [4]hostKey{{scheme, host}, {scheme, wildKey}, {wildKey, host}, {wildKey, wildKey}} {
			if !l.kinds[kind] {
				continue
			}
			if root := l.hosts[k]; root != nil {
				best = l.firstIn(-1, root, v, x, segs, best) // x is nil: no table with many roots
			}
		}
	}
	if best == noMatch {
		return -1, segs
	}
	return int(best), segs
}

// firstIn returns the least index below best of a pattern of the trie
// root, the ri-th, that the path leads to and that matches v, or best:
// from x's candidates for a literal path, else by first; a path without
// a segment (not starting with "/") leads only to the root's any.
func (l *List) firstIn(ri int, root *pathNode, v *[numComponents]string, x *exactPath, segs []pathSegment, best int32) int32 {
	switch {
	case x != nil:
		return l.firstOf(x.cands[ri], v, best)
	case segs == nil:
		return l.firstOf(root.any(), v, best)
	}
	return l.first(root, v, segs, 0, 1, best)
}

// first is walk without a list: it returns the least index below best of
// a pattern filed at n, reached by the first k segments of the path (the
// next one starts at start, past the end of the path when there is
// none), or at a descendant that the rest of the path leads to, that
// matches v; or best. A subtree whose least index is not below best is
// not visited, so that a walk ends as soon as nothing it could still find
// would win. It finds each segment's end as it goes, as split would, and
// writes the segment that a wildcard takes to segs[k], from which the
// winner's groups are read.
//
// It descends while it has no choice to make, and branches where it has.
func (l *List) first(n *pathNode, v *[numComponents]string, segs []pathSegment, k, start int, best int32) int32 {
	n, k, start, end, x, best := n.descend(v[Pathname], segs, k, start, best)
	if n == nil {
		return best
	}
	return l.branch(n, v, segs, k, start, end, x, best)
}

// descend is first's walk down the nodes where it has no choice to make:
// nodes with no pattern to check (any, or ends that endWin does not
// decide), whose segment leads to one child at most, the wildcard or a
// literal child that the segment's head decides (eight bytes or fewer),
// past chains of single literal children (skipTo) and runs of wildcards.
// It calls nothing, so that it keeps its state in registers. It returns
// nil and first's answer; or the node where first has a choice to make,
// its k and start, the end of its segment and the word at its start
// (unless the path ended before it), and best, which branch takes.
func (n *pathNode) descend(path string, segs []pathSegment, k, start int, best int32) (*pathNode, int, int, int, uint64, int32) {
	for n.least < best {
		if start > len(path) {
			if w := n.endWin; w >= 0 && n.nends == n.ncands {
				return nil, k, start, start, 0, min(w, best)
			}
			return n, k, start, start, 0, best // firstOf: the ends, or any
		}
		if n.skipTo != nil {
			// The chain of segments to skip, compared with the word at
			// start: its last byte, a slash, is not a zero byte past the
			// end of a shorter path.
			var x uint64
			if start+8 <= len(path) {
				x = swar.Load64(path, start)
			} else {
				x = swar.LoadPadded(path, start) // zero bytes past the end
			}
			if x&headMask(int(n.skipN)) == n.skipWord {
				n, k, start = n.skipTo, k+int(n.skipSegs), start+int(n.skipN)
				continue
			}
		}
		// The segment ends at the next '/', found eight bytes at a time
		// from the word at its start, x, which is also its head
		// (segHead) once masked to the segment.
		var x uint64
		end := start
		switch rest := len(path) - start; {
		case rest >= 8:
			x = swar.Load64(path, start)
			if m := swar.FirstEq(x, '/'); m != 0 {
				end += swar.FirstByte(m)
				break
			}
			for end += 8; end+8 <= len(path); end += 8 {
				if m := swar.FirstEq(swar.Load64(path, end), '/'); m != 0 {
					end += swar.FirstByte(m)
					goto found
				}
			}
			for end < len(path) && path[end] != '/' {
				end++
			}
		default:
			x = swar.LoadPadded(path, start) // zero bytes, no '/', past the end
			end += min(swar.FirstByte(swar.FirstEq(x, '/')), rest)
		}
	found:
		if n.nends < n.ncands {
			return n, k, start, end, x, best // firstOf: any
		}
		var lit *pathNode
		if n.nlits != 0 {
			if end-start > 8 {
				return n, k, start, end, x, best // child: bytes past the head to compare
			}
			if h := x & headMask(end-start); n.nlits <= maxListChildren {
				lit = n.listChild(h, end-start)
			} else {
				lit = n.hashChild(h, end-start)
			}
		}
		// The wildcard takes a segment of one code point or more.
		if wild := n.wildcard; wild == nil || end == start {
			if lit == nil {
				return nil, k, start, end, x, best
			}
			n = lit
		} else {
			if lit != nil {
				return n, k, start, end, x, best // both ways: first of each
			}
			segs[k] = pathSegment{int32(start), int32(end)}
			n = wild
		}
		start, k = end+1, k+1
		if n.run < 2 {
			continue
		}
		// The run of wildcards that n starts (pathNode.run), whose nodes
		// have the least index of the node after it: the slashes of a
		// word are found at once, so that most steps neither load nor
		// wait on the step before.
		w, slashes := start-8, uint64(0)
		for ; n.run > 0; k++ {
			if start > len(path) {
				return nil, k, start, start, 0, best
			}
			end := len(path)
			for slashes == 0 {
				if w += 8; w >= len(path) {
					goto seg
				}
				if w+8 <= len(path) {
					slashes = swar.EqAny(swar.Load64(path, w), '/')
				} else {
					slashes = swar.EqAny(swar.LoadPadded(path, w), '/') // zero bytes, no '/', past the end
				}
			}
			end = w + swar.FirstByte(slashes)
			slashes &= slashes - 1
		seg:
			if end == start {
				return nil, k, start, start, 0, best
			}
			segs[k] = pathSegment{int32(start), int32(end)}
			n, start = n.wildcard, end+1
		}
	}
	return nil, k, start, start, 0, best
}

// headMask masks the word at the start of a segment of n bytes to its
// head (segHead).
func headMask(n int) uint64 {
	if n >= 8 {
		return ^uint64(0)
	}
	return 1<<(8*uint(n)) - 1
}

// branch is first at a node where descend stopped, with the end of its
// segment and the word at its start: a node with patterns to check, a
// segment longer than a word with literal children to compare it with,
// or a segment that both a literal child and the wildcard take. It takes
// that node's step, and descends again from the node after it.
func (l *List) branch(n *pathNode, v *[numComponents]string, segs []pathSegment, k, start, end int, x uint64, best int32) int32 {
	path := v[Pathname]
	for {
		if n.nends < n.ncands { // n.any() is not empty, known before slicing it
			best = l.firstOf(n.any(), v, best)
		}
		if start > len(path) {
			if w := n.endWin; w >= 0 {
				return min(w, best)
			}
			return l.firstOf(n.ends(), v, best)
		}
		s := pathSegment{int32(start), int32(end)}
		var lit *pathNode
		if n.nlits != 0 {
			lit = n.child(path, s, x&headMask(end-start))
		}
		// The wildcard takes a segment of one code point or more.
		switch wild := n.wildcard; {
		case wild == nil || end == start:
			if lit == nil {
				return best
			}
			n = lit
		case lit != nil:
			segs[k] = s
			best = l.first(wild, v, segs, k+1, end+1, best)
			n = lit
		default:
			segs[k] = s
			n = wild // whose run, if it starts one, descend walks
		}
		if n, k, start, end, x, best = n.descend(path, segs, k+1, end+1, best); n == nil {
			return best
		}
	}
}

// firstOf returns the first index of is (in order) below best whose
// pattern matches v, or best.
func (l *List) firstOf(is []int32, v *[numComponents]string, best int32) int32 {
	for _, i := range is {
		if i >= best {
			break
		}
		if e := &l.entries[i]; e.simple {
			if e.check(v) {
				return i
			}
		} else if l.patterns[i].test(*v) {
			return i
		}
	}
	return best
}
