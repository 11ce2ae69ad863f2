package weburl

import (
	"net/netip"
	"strings"
)

// Record is the URL Standard's URL record: the components of a URL with
// null told apart from empty. It is a copy; changing it changes no URL,
// but FromRecord makes a URL from a record. Its strings are as the href
// holds them, percent-encoded.
type Record struct {
	Scheme   string
	Username string
	Password string
	// Host is nil when the URL's host is null.
	Host *Host
	// Port is nil when the port is null (absent or the default).
	Port *uint16
	// OpaquePath is the path when it is opaque, as in "mailto:x"; then
	// Path is nil.
	OpaquePath string
	// Path is the list of path segments when the path is not opaque.
	Path []string
	// HasOpaquePath says which of OpaquePath and Path holds the path.
	HasOpaquePath bool
	// Query is nil when the query is null; "" when it is empty ("a?").
	Query *string
	// Fragment is nil when the fragment is null; "" when it is empty.
	Fragment *string
}

// Host is a URL record's host: its kind, its serialization, and for an IP
// address the address itself.
type Host struct {
	Kind HostKind
	// Serialized is the host serializer's output: a domain, an opaque host,
	// "" for the empty host, a dotted IPv4 address, or an IPv6 address in
	// brackets.
	Serialized string
	// Addr is the IPv4 or IPv6 address, for those kinds; else the zero Addr.
	Addr netip.Addr
}

// Record returns the URL's record.
func (u *URL) Record() Record {
	r := Record{
		Scheme:   u.Scheme(),
		Username: u.Username(),
		Password: u.Password(),
	}
	if u.hostKind != NoHost {
		h := &Host{Kind: u.hostKind, Serialized: u.Hostname()}
		switch u.hostKind {
		case IPv4:
			h.Addr, _ = netip.ParseAddr(h.Serialized)
		case IPv6:
			h.Addr, _ = netip.ParseAddr(h.Serialized[1 : len(h.Serialized)-1])
		}
		r.Host = h
	}
	if n, ok := u.PortNumber(); ok {
		p := uint16(n)
		r.Port = &p
	}
	if u.hasOpaquePath() {
		r.HasOpaquePath = true
		r.OpaquePath = u.Pathname()
	} else {
		r.Path = u.PathSegments()
	}
	if q, ok := u.Query(); ok {
		r.Query = &q
	}
	if f, ok := u.Fragment(); ok {
		r.Fragment = &f
	}
	return r
}

// PathSegments returns the path's segments, still percent-encoded, or nil
// for an opaque path. "https://a/b/c" has ["b" "c"], "https://a/" has [""].
func (u *URL) PathSegments() []string {
	if u.hasOpaquePath() {
		return nil
	}
	path := u.Pathname()
	if path == "" {
		return []string{}
	}
	return strings.Split(path[1:], "/")
}
