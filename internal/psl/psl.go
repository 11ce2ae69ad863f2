// Package psl answers Public Suffix List questions (publicsuffix.org)
// from a table of its own, generated from the list by ./gen: the same
// answers as golang.org/x/net/publicsuffix for the same list, without that
// package's import of net/http/cookiejar, which links net/http and
// crypto/tls into every program that imports it.
//
// The table is embedded read-only data, read in place: nothing is decoded
// or allocated at start-up or on a lookup, and a program that never looks
// a host up does not link the table at all.
package psl

//go:generate go run ./gen

import (
	"errors"
	"net/netip"
	"strings"
)

// A record is one label of the trie of rules, read from the right (see
// ./gen for the layout).
type record uint64

func rec(i int) record {
	b := nodes[8*i : 8*i+8]
	return record(uint64(b[0])<<56 | uint64(b[1])<<48 | uint64(b[2])<<40 | uint64(b[3])<<32 |
		uint64(b[4])<<24 | uint64(b[5])<<16 | uint64(b[6])<<8 | uint64(b[7]))
}

// Node kinds; the generator writes the same values.
const (
	kindInner     = 0
	kindRule      = 1
	kindException = 2
)

func (r record) numChildren() int { return int(r & 0xFFFF) }
func (r record) firstChild() int  { return int(r >> 16 & 0xFFFF) }
func (r record) wildcard() bool   { return r>>32&1 != 0 }
func (r record) kind() int        { return int(r >> 33 & 3) }
func (r record) icann() bool      { return r>>35&1 != 0 }
func (r record) label() string {
	n := int(r >> 36 & 0x3F)
	off := int(r >> 42 & 0xFFFFF)
	return text[off : off+n]
}

// find returns the record among [lo, hi), sorted by label, whose label is
// label.
func find(label string, lo, hi int) (record, bool) {
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		r := rec(mid)
		switch l := r.label(); {
		case l < label:
			lo = mid + 1
		case l == label:
			return r, true
		default:
			hi = mid
		}
	}
	return 0, false
}

// PublicSuffix returns the public suffix of domain, a lowercase ASCII
// domain, by the list's algorithm: the longest matching rule, wildcard
// rules ("*.ck") matching any one label, exception rules ("!www.ck")
// taking one label off, and the rule "*" when no rule matches. icann
// reports whether the prevailing rule is in the list's ICANN section:
// false for a private rule and for "*". An IP address is its own public
// suffix, not ICANN.
//
// The suffix is golang.org/x/net/publicsuffix's, edge cases included (a
// domain ending in "." has the empty suffix). The bool is x/net's but
// where x/net takes it from a node the walk passes below the prevailing
// rule, or above it for "*": x/net reports true for the private rule
// "us-east-1.amazonaws.com" of "a.dualstack.us-east-1.amazonaws.com",
// since the ICANN bit of "dualstack", which is no rule, is the last it
// reads, and true for "example.za", where no rule matches.
func PublicSuffix(domain string) (suffix string, icann bool) {
	return lookup(domain, false)
}

// PublicSuffixICANN is PublicSuffix by the rules of the list's ICANN
// section alone, as if the private section were left out: "foo.github.io"
// gives "io", true. Where the prevailing rule of the whole list is not
// private, the answer is PublicSuffix's.
func PublicSuffixICANN(domain string) (suffix string, icann bool) {
	return lookup(domain, true)
}

// lookup walks the trie for PublicSuffix, or with icannOnly for
// PublicSuffixICANN, which reads a node of the private section as an
// inner node: ./gen makes sure that the rules ending at a node share a
// section, so a node's ICANN bit is its rules' section.
func lookup(domain string, icannOnly bool) (suffix string, icann bool) {
	if maybeIP(domain) {
		if _, err := netip.ParseAddr(domain); err == nil {
			return domain, false
		}
	}
	// start is where the suffix found so far starts in domain, and icann
	// the section of the rule that put it there; the walk reads labels
	// right to left, rest is the part not yet read.
	start := len(domain)
	rest := domain
	lo, hi := 0, numTop
	var wildcard, wildcardICANN bool
	for {
		dot := strings.LastIndexByte(rest, '.')
		label := rest[dot+1:]
		if wildcard {
			// The "*." rule of the node above matches this label.
			start, icann = dot+1, wildcardICANN
		}
		r, ok := find(label, lo, hi)
		if !ok {
			break
		}
		kind, wild, nodeICANN := r.kind(), r.wildcard(), r.icann()
		if icannOnly && !nodeICANN {
			kind, wild = kindInner, false
		}
		switch kind {
		case kindRule:
			start, icann = dot+1, nodeICANN
		case kindException:
			// The rule without its leftmost label prevails.
			return domain[min(len(rest)+1, len(domain)):], nodeICANN
		}
		wildcard, wildcardICANN = wild, nodeICANN
		if dot < 0 {
			break
		}
		rest = rest[:dot]
		lo = r.firstChild()
		hi = lo + r.numChildren()
	}
	if start == len(domain) {
		// No rule matched: the rule "*", the last label.
		return domain[strings.LastIndexByte(domain, '.')+1:], false
	}
	return domain[start:], icann
}

// maybeIP reports whether netip.ParseAddr might accept s: an IPv6 address
// has a colon, an IPv4 address only digits and dots. It spares a domain
// the allocation of ParseAddr's error.
func maybeIP(s string) bool {
	if strings.IndexByte(s, ':') >= 0 {
		return true
	}
	for i := 0; i < len(s); i++ {
		if (s[i] < '0' || s[i] > '9') && s[i] != '.' {
			return false
		}
	}
	return true
}

// EffectiveTLDPlusOne returns the public suffix of domain and the label
// before it, its registrable domain ("example.co.uk" for
// "www.example.co.uk"), or an error when domain has an empty label or is
// a public suffix itself; x/net/publicsuffix's function of the name.
func EffectiveTLDPlusOne(domain string) (string, error) {
	if strings.HasPrefix(domain, ".") || strings.HasSuffix(domain, ".") || strings.Contains(domain, "..") {
		return "", errors.New("psl: empty label in domain " + domain)
	}
	suffix, _ := PublicSuffix(domain)
	if len(suffix) >= len(domain) {
		return "", errors.New("psl: domain " + domain + " is a public suffix")
	}
	i := len(domain) - len(suffix) - 1
	if domain[i] != '.' {
		return "", errors.New("psl: public suffix " + suffix + " is not whole labels of domain " + domain)
	}
	return domain[strings.LastIndexByte(domain[:i], '.')+1:], nil
}
