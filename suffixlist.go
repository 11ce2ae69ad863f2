package weburl

import (
	"bufio"
	"bytes"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/weburl/weburl/internal/psl"
)

// A SuffixList is a Public Suffix List (publicsuffix.org): the rules
// PublicSuffix and RegistrableDomain apply. ParseSuffixList reads one from
// the list's file, so that a program can load a newer list at run time and
// use it in every operation that reads the list, each a method here
// (PublicSuffix, RegistrableDomain, SameSite, SchemelesslySameSite,
// WithDomain for an Origin, DisplayElided for a URL); the built-in list,
// which the package functions use, is the zero
// SuffixList (and a nil *SuffixList), so &weburl.SuffixList{} is the
// built-in list as a *SuffixList. A SuffixList does not change once made
// and is safe for concurrent use.
type SuffixList struct {
	// full and icann are the rules of a loaded list, all of them and
	// those of the ICANN section; nil for the built-in list.
	full, icann *suffixTrie
	icannOnly   bool
}

// PublicSuffix returns the public suffix of host by l's rules, and icann,
// whether the prevailing rule is in the list's ICANN section: as the
// package's PublicSuffix does with the built-in list, host read the same
// way.
func (l *SuffixList) PublicSuffix(host string) (suffix string, icann bool) {
	h, kind, ok := parseHost(host)
	if !ok || kind != Domain {
		return "", false
	}
	return publicSuffixOf(l.lookup, h)
}

// RegistrableDomain returns the registrable domain of host by l's rules,
// and ok, whether host has one: as the package's RegistrableDomain does
// with the built-in list.
func (l *SuffixList) RegistrableDomain(host string) (domain string, ok bool) {
	h, kind, ok := parseHost(host)
	if !ok || kind != Domain {
		return "", false
	}
	return registrableDomainOf(l.lookup, h)
}

// SameSite reports whether a and b are same site, as HTML defines it, by
// l's rules: as the package's SameSite does with the built-in list.
func (l *SuffixList) SameSite(a, b Origin) bool { return sameSite(l.lookup, a, b) }

// SchemelesslySameSite reports whether a and b are schemelessly same site,
// as HTML defines it, by l's rules: as the package's SchemelesslySameSite
// does with the built-in list.
func (l *SuffixList) SchemelesslySameSite(a, b Origin) bool {
	return schemelesslySameSite(l.lookup, a, b)
}

// WithDomain returns o with its domain set to domain by l's rules: as
// (Origin).WithDomain does with the built-in list.
func (l *SuffixList) WithDomain(o Origin, domain string) (Origin, error) {
	return o.withDomain(l.lookup, domain)
}

// DisplayElided returns u in at most width code points by l's rules, which
// say which labels of the host are its registrable domain, always kept:
// as (*URL).DisplayElided does with the built-in list.
func (l *SuffixList) DisplayElided(u *URL, width int) string {
	return u.displayElided(l.lookup, width)
}

// ICANNOnly returns l without the rules of its private section, as if the
// file had none: "foo.github.io" has the public suffix "io", ICANN, and
// the registrable domain "github.io". The browsers' list is l itself; the
// ICANN section alone is the list of domains whose registries take
// registrations, which some uses want (x/net's PublicSuffix reports the
// difference with its bool, this makes a list of it).
func (l *SuffixList) ICANNOnly() *SuffixList {
	if l == nil {
		return &SuffixList{icannOnly: true}
	}
	return &SuffixList{full: l.full, icann: l.icann, icannOnly: true}
}

// lookup is l's suffixList: the public suffix of a lowercase ASCII domain
// without a trailing dot, and whether the prevailing rule is ICANN.
func (l *SuffixList) lookup(domain string) (string, bool) {
	switch {
	case l == nil || l.full == nil && !l.icannOnly:
		return psl.PublicSuffix(domain)
	case l.full == nil:
		return psl.PublicSuffixICANN(domain)
	case l.icannOnly:
		return l.icann.publicSuffix(domain)
	}
	return l.full.publicSuffix(domain)
}

// The longest rule a list may hold, in its ASCII form: a domain name's
// limits, 253 bytes and 63 a label. A rule that is longer can match no
// host that DNS can resolve.
const (
	maxRuleLen  = 253
	maxLabelLen = 63
)

// ParseSuffixList reads a Public Suffix List in the format of
// publicsuffix.org's public_suffix_list.dat:
//
//   - A line is read up to its first white space, after white space at its
//     start; a line that is then empty, or that starts with "//", holds no
//     rule.
//   - A rule is a domain name's labels ("co.uk"), a wildcard rule ("*."
//     and labels: any one label there), or an exception rule ("!" and
//     labels, two at least: the rule without its first label prevails).
//     Labels are Unicode or ASCII and match hosts in their ASCII form, as
//     the host parser writes them: "公司.cn" is the rule "xn--55qx5d.cn",
//     "EXAMPLE" the rule "example". "*" alone is the default rule, which
//     holds without it.
//   - The comments "// ===BEGIN ICANN DOMAINS===" and
//     "// ===END ICANN DOMAINS===" enclose the ICANN section, the PRIVATE
//     ones the private section. A rule outside the ICANN section is not
//     ICANN. Sections do not nest, and one that is begun must end: a list
//     cut short by a failed download is an error, not a smaller list.
//
// A line that is not valid UTF-8, a rule with an empty label, a '*' or '!'
// elsewhere, a label of other than letters, digits, '-' and '_' (after
// IDNA), a rule longer than a domain name can be (253 bytes, 63 a label,
// in its ASCII form), a misplaced section marker and a list of no rule are
// *Error values whose Op is "parse suffix list", whose Line is the line's
// number (from 1) and whose Input is the line, with Err
// ErrSuffixListSyntax; a list of no rule (or a nil r) has Err
// ErrNoSuffixRules. A reader's error is the Err of an *Error too, with
// the Line it was reading. A leading
// UTF-8 byte order mark is skipped.
//
// The time and memory it takes are linear in the size of the file.
func ParseSuffixList(r io.Reader) (*SuffixList, error) {
	if r == nil {
		return nil, &Error{Op: opParseSuffixList, Err: because(ErrNoSuffixRules, "nil io.Reader")}
	}
	p := suffixListParser{full: newSuffixTrie(), icann: newSuffixTrie()}
	br := bufio.NewReaderSize(r, 64<<10)
	var long []byte
	for n := 1; ; n++ {
		line, err := br.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			// A line longer than the buffer: gather it, doubling the
			// room each time (append grows a large slice by a quarter).
			long = append(long[:0], line...)
			for err == bufio.ErrBufferFull {
				line, err = br.ReadSlice('\n')
				if len(long)+len(line) > cap(long) {
					long = append(make([]byte, 0, 2*(len(long)+len(line))), long...)
				}
				long = append(long, line...)
			}
			line = long
		}
		if err != nil && err != io.EOF {
			return nil, &Error{Op: opParseSuffixList, Line: n, Err: err}
		}
		if len(line) > 0 {
			if e := p.line(n, line); e != nil {
				return nil, e
			}
		}
		if err == io.EOF {
			break
		}
	}
	if p.section != sectionNone {
		return nil, &Error{Op: opParseSuffixList, Line: p.sectionLine, Input: sectionMarkers[p.section-1][0],
			Err: because(ErrSuffixListSyntax, "the "+sectionNames[p.section-1]+" section begun here has no END marker: a file cut short?")}
	}
	if p.rules == 0 {
		return nil, &Error{Op: opParseSuffixList, Err: ErrNoSuffixRules}
	}
	return &SuffixList{full: p.full, icann: p.icann}, nil
}

// opParseSuffixList is the Op of ParseSuffixList's errors.
const opParseSuffixList = "parse suffix list"

const (
	sectionNone = iota
	sectionICANN
	sectionPrivate
)

var (
	sectionMarkers = [2][2]string{
		{"// ===BEGIN ICANN DOMAINS===", "// ===END ICANN DOMAINS==="},
		{"// ===BEGIN PRIVATE DOMAINS===", "// ===END PRIVATE DOMAINS==="},
	}
	sectionNames = [2]string{"ICANN", "PRIVATE"}
)

type suffixListParser struct {
	full, icann *suffixTrie
	section     int
	sectionLine int
	rules       int
}

// line reads line n of the file, its newline included. Only a rule, or a
// comment short enough to be a section marker, is copied out of b.
func (p *suffixListParser) line(n int, b []byte) *Error {
	if n == 1 {
		b = bytes.TrimPrefix(b, []byte("\uFEFF"))
	}
	fail := func(reason string) *Error {
		return &Error{Op: opParseSuffixList, Line: n, Input: string(bytes.TrimRight(b, "\r\n")), Err: because(ErrSuffixListSyntax, reason)}
	}
	if !utf8.Valid(b) {
		return fail("not valid UTF-8")
	}
	t := bytes.TrimLeftFunc(b, unicode.IsSpace)
	if comment, ok := bytes.CutPrefix(t, []byte("//")); ok {
		if comment = bytes.TrimSpace(comment); len(comment) <= len(sectionMarkers[1][1]) {
			return p.marker(string(comment), n, fail)
		}
		return nil
	}
	if i := bytes.IndexFunc(t, unicode.IsSpace); i >= 0 {
		t = t[:i]
	}
	if len(t) == 0 {
		return nil
	}
	rule, exception, wildcard, reason := suffixRule(string(t))
	if reason != "" {
		return fail(reason)
	}
	icann := p.section == sectionICANN
	p.full.insert(rule, exception, wildcard, icann)
	if icann {
		p.icann.insert(rule, exception, wildcard, true)
	}
	p.rules++
	return nil
}

// marker reads a comment: a section marker opens or closes a section.
func (p *suffixListParser) marker(comment string, n int, fail func(string) *Error) *Error {
	for i, m := range sectionMarkers {
		begin, end := strings.TrimSpace(m[0][2:]), strings.TrimSpace(m[1][2:])
		switch {
		case comment == begin && p.section != sectionNone:
			return fail("a section begins inside the " + sectionNames[p.section-1] + " section begun at line " + strconv.Itoa(p.sectionLine))
		case comment == begin:
			p.section, p.sectionLine = i+1, n
		case comment == end && p.section != i+1:
			return fail("the end of the " + sectionNames[i] + " section, which is not open")
		case comment == end:
			p.section = sectionNone
		}
	}
	return nil
}

// suffixRule reads the text of a rule: its labels in ASCII, lowercase,
// and whether it is an exception or a wildcard rule; or why it is none.
func suffixRule(s string) (rule string, exception, wildcard bool, reason string) {
	if r, ok := strings.CutPrefix(s, "!"); ok {
		s, exception = r, true
	}
	if s == "*" && !exception {
		return "", false, true, "" // the default rule, written out
	}
	if r, ok := strings.CutPrefix(s, "*."); ok {
		if exception {
			return "", false, false, "an exception rule with a wildcard"
		}
		s, wildcard = r, true
	}
	switch {
	case s == "":
		return "", false, false, "a rule without labels"
	case strings.Contains(s, "*"):
		return "", false, false, "a '*' that is not the whole first label"
	case strings.Contains(s, "!"):
		return "", false, false, "a '!' that does not start the rule"
	case s[0] == '.' || s[len(s)-1] == '.' || strings.Contains(s, ".."):
		return "", false, false, "an empty label"
	case exception && !strings.Contains(s, "."):
		return "", false, false, "an exception rule of one label, which leaves no suffix"
	case len(s) > 4*maxRuleLen:
		// No IDNA mapping shrinks a code point's UTF-8 more than 4 to 1.
		return "", false, false, "longer than a domain name can be: 253 bytes in its ASCII form"
	}
	a, err := ParseDomain(s, false)
	if err != nil {
		return "", false, false, "not a domain: " + err.(*Error).Err.Error()
	}
	if len(a) > maxRuleLen {
		return "", false, false, "longer than a domain name can be: 253 bytes in its ASCII form"
	}
	for label := range strings.SplitSeq(a, ".") {
		if len(label) > maxLabelLen {
			return "", false, false, "a label longer than a domain name's 63 bytes, in its ASCII form"
		}
		for i := 0; i < len(label); i++ {
			if c := label[i]; !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
				return "", false, false, "a label of other than letters, digits, '-' and '_': " + strconv.QuoteRune(rune(c))
			}
		}
	}
	return strings.Clone(a), exception, wildcard, ""
}

// A suffixTrie holds the rules of a loaded list as a trie of labels read
// from the right, with the edges in one map. Node 0 is the root.
type suffixTrie struct {
	nodes []suffixNode
	edges map[suffixEdge]int32
}

type suffixEdge struct {
	parent int32
	label  string
}

// Node kinds, as internal/psl has them.
const (
	suffixKindInner     = 0 // on the way to longer rules: no rule itself
	suffixKindRule      = 1 // a rule: the labels down to here are a suffix
	suffixKindException = 2 // an exception rule: the suffix is one label shorter
)

type suffixNode struct {
	kind      uint8
	icann     bool // the section of the rule (or exception) that ends here
	wildcard  bool // "*." and the labels down to here is a rule
	wildICANN bool // its section
}

func newSuffixTrie() *suffixTrie {
	return &suffixTrie{nodes: make([]suffixNode, 1), edges: map[suffixEdge]int32{}}
}

// insert adds a rule; where rules meet, an exception outweighs a rule and
// the ICANN section the private one.
func (t *suffixTrie) insert(rule string, exception, wildcard, icann bool) {
	node := int32(0)
	for rest := rule; rest != ""; {
		dot := strings.LastIndexByte(rest, '.')
		e := suffixEdge{node, rest[dot+1:]}
		child, ok := t.edges[e]
		if !ok {
			child = int32(len(t.nodes))
			t.nodes = append(t.nodes, suffixNode{})
			t.edges[e] = child
		}
		node = child
		if dot < 0 {
			break
		}
		rest = rest[:dot]
	}
	n := &t.nodes[node]
	kind := uint8(suffixKindRule)
	if exception {
		kind = suffixKindException
	}
	switch {
	case wildcard && !n.wildcard:
		n.wildcard, n.wildICANN = true, icann
	case wildcard:
		n.wildICANN = n.wildICANN || icann
	case kind > n.kind:
		n.kind, n.icann = kind, icann
	case kind == n.kind:
		n.icann = n.icann || icann
	}
}

// publicSuffix is the list's algorithm on a lowercase ASCII domain
// without a trailing dot: the walk of internal/psl's lookup, on this
// trie. The prevailing rule is the exception met first, else the longest
// rule; icann is its section, false for the default rule "*".
func (t *suffixTrie) publicSuffix(domain string) (string, bool) {
	start, icann := len(domain), false
	rest := domain
	node := int32(0)
	root := t.nodes[0]
	wildcard, wildcardICANN := root.wildcard, root.wildICANN // a rule "*"
	for {
		dot := strings.LastIndexByte(rest, '.')
		if wildcard {
			start, icann = dot+1, wildcardICANN
		}
		child, ok := t.edges[suffixEdge{node, rest[dot+1:]}]
		if !ok {
			break
		}
		n := &t.nodes[child]
		switch n.kind {
		case suffixKindRule:
			start, icann = dot+1, n.icann
		case suffixKindException:
			return domain[min(len(rest)+1, len(domain)):], n.icann
		}
		wildcard, wildcardICANN = n.wildcard, n.wildICANN
		if dot < 0 {
			break
		}
		rest, node = rest[:dot], child
	}
	if start == len(domain) {
		return domain[strings.LastIndexByte(domain, '.')+1:], false
	}
	return domain[start:], icann
}
