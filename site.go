package weburl

import (
	"strings"

	"github.com/weburl/weburl/internal/idna"
	"github.com/weburl/weburl/internal/psl"
)

// PublicSuffix returns the URL Standard's public suffix of host, and icann,
// whether the rule that gives it is in the ICANN section of the list (false
// for a private rule, the default rule "*", and a host without one). This
// is the meaning golang.org/x/net/publicsuffix gives the bool of its
// function of this name and signature: icann is false for "github.io" and
// for "localhost" or "example.cromulent"; a host without a public suffix
// gives "" and false. To know whether host has one, test suffix;
// (*SuffixList).ICANNOnly gives the suffix by the ICANN rules alone.
//
// host is read as the host parser reads the host of a special URL
// ("EXAMPLE.COM", "example.إختبار" and "%65xample.com" are domains, the
// last two become "example.xn--kgbechtv" and "example.com"), without a
// port. Only a domain has a public suffix: IP addresses and hosts that do
// not parse have none. An opaque host (the host of a URL that is not
// special) has none either, but a string cannot say it is one: check
// (*URL).HostKind() == Domain before passing (*URL).Hostname().
//
// The suffix is found with the Public Suffix List's algorithm, its rules
// from both the ICANN and the private sections of the list (so
// "github.io" is a public suffix), and the default rule "*" when none
// matches ("localhost" is its own public suffix). One trailing dot is kept:
// "example.com." gives "com.". A host ending in two dots has none, as its
// last label is empty and no rule, not even "*", matches an empty label.
//
// The list is publicsuffix.org's at git revision
// d6c92f1bbb7433e5db7b8405c25d4035fb8ff376, of 2026-02-06, the revision
// golang.org/x/net/publicsuffix v0.62.0 embeds, with the same suffixes;
// the table is weburl's own (internal/psl), so that a program using
// weburl does not link that package's net/http. The bool is the
// prevailing rule's section, as x/net documents it; x/net's differs on a
// few hosts, where it reads the bit of another node than the prevailing
// rule's ("a.dualstack.us-east-1.amazonaws.com", whose rule
// "us-east-1.amazonaws.com" is private, is true there). ParseSuffixList
// loads another revision. The list changes often and differs between
// browsers: as the URL Standard warns, use origins, not public suffixes,
// for security decisions.
func PublicSuffix(host string) (suffix string, icann bool) {
	h, kind, ok := parseHost(host)
	if !ok || kind != Domain {
		return "", false
	}
	return publicSuffixOf(listPSL, h)
}

// RegistrableDomain returns the URL Standard's registrable domain of host,
// and ok, whether host has one. It is the public suffix and the label
// before it, as "example.co.uk" for "www.example.co.uk". A host that is a
// public suffix itself has none ("com", "github.io"), and neither has a
// host without a public suffix: domain is then "" and ok false. host is
// read as PublicSuffix reads it; a trailing dot is kept, as there.
func RegistrableDomain(host string) (domain string, ok bool) {
	h, kind, ok := parseHost(host)
	if !ok || kind != Domain {
		return "", false
	}
	return registrableDomainOf(listPSL, h)
}

// parseHost runs the host parser on input as the host of a special URL.
func parseHost(input string) (string, HostKind, bool) {
	b, kind, ok := hostParser{errs: &reporter{}}.appendHost(nil, input, false)
	return string(b), kind, ok
}

// A suffixList runs the Public Suffix List algorithm (its rules, the
// default rule "*" among them) on a lowercase ASCII domain without a
// trailing dot, and returns its public suffix, whole labels at the end of
// domain, and whether the prevailing rule is in the ICANN section.
type suffixList func(domain string) (suffix string, icann bool)

// listPSL is the Public Suffix List of internal/psl, whose PublicSuffix,
// like golang.org/x/net/publicsuffix's, applies private rules as well as
// ICANN ones.
func listPSL(domain string) (string, bool) { return psl.PublicSuffix(domain) }

// publicSuffixOf is the URL Standard's "public suffix" of the domain host,
// as serialized, and whether its rule is ICANN; "" when there is none.
func publicSuffixOf(list suffixList, host string) (string, bool) {
	d, trailingDot := strings.CutSuffix(host, ".")
	if d == "" || strings.HasSuffix(d, ".") {
		return "", false
	}
	ps, icann := list(d)
	if ps == "" || ps != d && !hasLabelSuffix(d, ps) {
		return "", false // not whole labels: a list that breaks its contract
	}
	if trailingDot {
		return ps + ".", icann
	}
	return ps, icann
}

// registrableDomainOf is the URL Standard's "registrable domain" of the
// domain host, as serialized.
func registrableDomainOf(list suffixList, host string) (string, bool) {
	ps, _ := publicSuffixOf(list, host)
	if ps == "" || ps == host {
		return "", false
	}
	// host ends in "." + ps: the label before that dot joins it. An empty
	// label is a label ("a..com" gives ".com"), as the Public Suffix
	// List's "one more label" reads.
	rest := host[:len(host)-len(ps)-1]
	return host[strings.LastIndexByte(rest, '.')+1:], true
}

// SameSite reports whether a and b are same site, as HTML defines it: the
// same opaque origin, or tuple origins with the same scheme whose hosts
// have the same registrable domain, or are equal when they have none.
// Ports and domains take no part. Like RegistrableDomain, this depends on
// the Public Suffix List (the built-in one; (*SuffixList).SameSite uses
// another): prefer SameOrigin for security decisions.
func SameSite(a, b Origin) bool { return sameSite(listPSL, a, b) }

// SchemelesslySameSite reports whether a and b are schemelessly same site,
// as HTML defines it: SameSite without comparing the schemes.
func SchemelesslySameSite(a, b Origin) bool { return schemelesslySameSite(listPSL, a, b) }

// sameSite is HTML's "same site" of origins: "obtain a site" from each,
// then "same site" of the two sites.
func sameSite(list suffixList, a, b Origin) bool {
	if a.IsOpaque() || b.IsOpaque() {
		return sameOpaque(a, b)
	}
	return a.scheme == b.scheme && siteHost(list, a) == siteHost(list, b)
}

// siteHost is the host of the site HTML's "obtain a site" gives for a
// tuple origin: its host's registrable domain, or the host if none.
func siteHost(list suffixList, o Origin) string {
	if o.kind == Domain {
		if rd, ok := registrableDomainOf(list, o.host); ok {
			return rd
		}
	}
	return o.host
}

// schemelesslySameSite is HTML's "schemelessly same site".
func schemelesslySameSite(list suffixList, a, b Origin) bool {
	if a.IsOpaque() || b.IsOpaque() {
		return sameOpaque(a, b)
	}
	var rdA, rdB string
	okA, okB := false, false
	if a.kind == Domain {
		rdA, okA = registrableDomainOf(list, a.host)
	}
	if b.kind == Domain {
		rdB, okB = registrableDomainOf(list, b.host)
	}
	if a.host == b.host && !okA {
		return true
	}
	return okA && okB && rdA == rdB
}

// opParseDomain is the Op of ParseDomain's errors.
const opParseDomain = "parse domain"

// ParseDomain runs the URL Standard's domain parser (called "domain to
// ASCII" before July 2026) on domain: Unicode ToASCII with
// CheckBidi, CheckJoiners and nontransitional processing, and with
// beStrict, CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength too. It
// returns the ASCII domain, as "xn--fa-hia.de" for "Faß.de".
//
// Without beStrict an ASCII domain is only lowercased, whatever ToASCII
// says of it ("xn--8i7caa" stays), as browsers do; the result must then be
// non-empty and hold no forbidden domain code point. This is the host
// parser's step for domains, before it looks for IPv4 addresses: "1.2.3.4"
// passes through as a domain here. An error is an *Error whose Op is
// "parse domain" and whose Err is DomainToASCII, the spec's name, with
// UTS #46's or the step's words.
func ParseDomain(domain string, beStrict bool) (string, error) {
	if beStrict {
		a, err := idna.ToASCII(domain, true)
		if err != nil {
			return "", &Error{Op: opParseDomain, Input: domain, Err: because(DomainToASCII, uts46Error{"ToASCII", err}.Error())}
		}
		return a, nil
	}
	b, err := hostParser{errs: &reporter{}}.appendDomain(nil, domain)
	if err != nil {
		return "", &Error{Op: opParseDomain, Input: domain, Err: because(DomainToASCII, err.Error())}
	}
	return string(b), nil
}

// DomainToUnicode runs the URL Standard's "domain to Unicode" on domain:
// Unicode ToUnicode with the domain parser's flags (CheckBidi, CheckJoiners,
// nontransitional processing; no CheckHyphens, UseSTD3ASCIIRules). It
// returns "faß.de" for "xn--fa-hia.de".
//
// When ToUnicode records an error, the result is domain unchanged, as the
// spec says, and the error says why; for a host that the host parser gave,
// the result is one the domain parser takes back to that host. The error is
// an *Error whose Op is "domain to Unicode" and whose Err is
// DomainToASCII, the spec's name for ToUnicode's errors too.
func DomainToUnicode(domain string) (string, error) {
	u, err := idna.ToUnicode(domain)
	if err != nil {
		return domain, &Error{Op: "domain to Unicode", Input: domain, Err: because(DomainToASCII, uts46Error{"ToUnicode", err}.Error())}
	}
	return u, nil
}
