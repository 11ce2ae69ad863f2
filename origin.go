package weburl

import (
	"sync/atomic"

	"github.com/weburl/weburl/internal/quote"
)

// An Origin is an origin as HTML defines it: a tuple origin (scheme, host,
// port, domain) or an opaque origin. (*URL).Origin returns one.
//
// Origins are comparable values, like netip.Addr: == reports whether two
// are identical, domain included, and Origins may be map keys. Compare
// them as HTML does with SameOrigin, SameOriginDomain, SameSite and
// SchemelesslySameSite.
//
// An opaque origin has an identity and is same origin only with itself:
// each one made by (*URL).Origin or NewOpaqueOrigin is new, and copies of
// it stay the same origin.
//
// The zero Origin is opaque and serializes as "null", but it is same
// origin, and same site, with nothing, not even another zero Origin: an
// Origin that was never set grants nothing.
type Origin struct {
	scheme string // empty for an opaque origin
	host   string // serialized, as in Hostname: "[::1]" for IPv6
	port   string // decimal, or "" for null
	domain string // HTML's domain, serialized, or "" for null
	id     uint64 // identity of an opaque origin; 0 for a tuple or the zero Origin
	kind   HostKind
}

// opaqueOrigins counts the opaque origins made, for their identities.
var opaqueOrigins atomic.Uint64

// NewOpaqueOrigin returns a new opaque origin, same origin only with
// itself: HTML's "a new opaque origin".
func NewOpaqueOrigin() Origin {
	return Origin{id: opaqueOrigins.Add(1)}
}

// Origin returns the URL's origin, following the URL Standard's steps: a
// tuple origin for http, https, ws, wss and ftp URLs; for a blob: URL, the
// origin of the URL its path holds when that is http, https or file; and
// a new opaque origin otherwise, file: URLs included. Each call on a URL
// whose origin is opaque returns a different origin, so that
// u.Origin() != u.Origin() for "data:,x", and the two are not same origin:
// such URLs are not same origin with themselves.
func (u *URL) Origin() Origin {
	switch u.scheme {
	case schemeHTTP, schemeHTTPS, schemeWS, schemeWSS, schemeFTP:
		return Origin{
			scheme: u.Scheme(),
			host:   u.Hostname(),
			port:   u.Port(),
			kind:   u.hostKind,
		}
	case schemeOther:
		// Blob URL entries belong to a browser's environment, which weburl
		// does not have: the path decides.
		if u.Scheme() == "blob" {
			inner, err := Parse(u.Pathname())
			if err == nil && (inner.scheme == schemeHTTP || inner.scheme == schemeHTTPS || inner.scheme == schemeFile) {
				return inner.Origin()
			}
		}
	}
	return NewOpaqueOrigin()
}

// String returns the serialization of the origin, HTML's "serialization
// of an origin": "scheme://host" with ":port" when the port is not null,
// or "null" for an opaque origin. The domain takes no part.
func (o Origin) String() string {
	if o.scheme == "" {
		return "null"
	}
	if o.port == "" {
		return o.scheme + "://" + o.host
	}
	return o.scheme + "://" + o.host + ":" + o.port
}

// IsOpaque reports whether o is an opaque origin (the zero Origin is).
func (o Origin) IsOpaque() bool { return o.scheme == "" }

// Scheme returns the scheme of a tuple origin, as "https"; "" when opaque.
func (o Origin) Scheme() string { return o.scheme }

// Host returns the serialized host of a tuple origin, without the port
// (like (*URL).Hostname, not (*URL).Host); "" when opaque.
func (o Origin) Host() string { return o.host }

// Port returns the port of a tuple origin in decimal, or "" when it is null
// (the scheme's default) or the origin is opaque.
func (o Origin) Port() string { return o.port }

// Domain returns the serialized domain component of a tuple origin, which
// only WithDomain sets, or "" when it is null.
func (o Origin) Domain() string { return o.domain }

// WithDomain returns o with its domain set to the host that domain parses
// to, as the document.domain setter does: domain must be o's effective
// domain (its domain, or its host when the domain is null) or a
// registrable domain suffix of it, as HTML's "is a registrable domain
// suffix of or is equal to" decides. It fails for an opaque origin, which
// has no effective domain. The error is an *Error whose Op is "origin
// domain" and whose Err is ErrOpaqueOrigin or ErrNotDomainSuffix.
//
// The domain only changes what SameOriginDomain reports.
func (o Origin) WithDomain(domain string) (Origin, error) {
	return o.withDomain(listPSL, domain)
}

// withDomain is WithDomain by the rules of list.
func (o Origin) withDomain(list suffixList, domain string) (Origin, error) {
	if o.IsOpaque() {
		return o, &Error{Op: "origin domain", Input: domain, Err: ErrOpaqueOrigin}
	}
	effective, kind := o.host, o.kind
	if o.domain != "" {
		effective, kind, _ = parseHost(o.domain)
	}
	h, ok := registrableDomainSuffixOrEqual(list, domain, effective, kind)
	if !ok {
		return o, &Error{Op: "origin domain", Input: domain, Err: because(ErrNotDomainSuffix, "not a registrable domain suffix of, nor equal to, "+quote.String(effective))}
	}
	o.domain = h
	return o, nil
}

// registrableDomainSuffixOrEqual is HTML's "is a registrable domain suffix
// of or is equal to" for the string suffix and the host original, of the
// given kind; it returns suffix parsed.
func registrableDomainSuffixOrEqual(list suffixList, suffix, original string, kind HostKind) (string, bool) {
	if suffix == "" {
		return "", false
	}
	h, hKind, ok := parseHost(suffix)
	if !ok {
		return "", false
	}
	if h == original {
		return h, true
	}
	// Only domains may differ: IP addresses are equal or nothing.
	if hKind != Domain || kind != Domain {
		return "", false
	}
	if !hasLabelSuffix(original, h) {
		return "", false
	}
	if ps, _ := publicSuffixOf(list, h); ps == h {
		return "", false
	}
	if ps, _ := publicSuffixOf(list, original); hasLabelSuffix(ps, h) {
		return "", false
	}
	return h, true
}

// hasLabelSuffix reports whether "." + suffix matches the end of s.
func hasLabelSuffix(s, suffix string) bool {
	return len(s) > len(suffix) && s[len(s)-len(suffix)-1] == '.' && s[len(s)-len(suffix):] == suffix
}

// SameOrigin reports whether a and b are same origin, as HTML defines it:
// the same opaque origin, or tuple origins with identical schemes, hosts
// and ports. The domains take no part.
func SameOrigin(a, b Origin) bool {
	if a.IsOpaque() || b.IsOpaque() {
		return sameOpaque(a, b)
	}
	return a.scheme == b.scheme && a.host == b.host && a.port == b.port
}

// SameOriginDomain reports whether a and b are same origin-domain, as HTML
// defines it: the same opaque origin; or tuple origins with identical
// schemes and identical non-null domains; or same origin with both domains
// null.
func SameOriginDomain(a, b Origin) bool {
	if a.IsOpaque() || b.IsOpaque() {
		return sameOpaque(a, b)
	}
	if a.scheme == b.scheme && a.domain != "" && a.domain == b.domain {
		return true
	}
	return SameOrigin(a, b) && a.domain == "" && b.domain == ""
}

// sameOpaque reports whether a and b are the same opaque origin; the zero
// Origin is none.
func sameOpaque(a, b Origin) bool {
	return a.IsOpaque() && b.IsOpaque() && a.id != 0 && a.id == b.id
}
