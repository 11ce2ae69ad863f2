// Package weburl parses, resolves and serializes URLs exactly as the WHATWG
// URL Standard says and as web browsers do.
//
// A URL is held as its serialized form, the href, with the offsets of its
// components: getters return substrings of the href and allocate nothing.
// Parse, ParseRef and (*URL).Parse make URLs; the setters change one
// component as the JavaScript URL setters do; Record gives the spec's URL
// record with null and empty told apart.
//
// A Parser with OnValidationError set reports the spec's validation errors
// by name and byte offset, as linters and link checkers need, without
// slowing the parses of a Parser that has none; Parser.Set does the same
// for the setters. IsValidURLString checks the spec's grammar for writing
// URLs.
//
// Strings in Go may hold invalid UTF-8. weburl treats each byte of an
// invalid sequence as U+FFFD REPLACEMENT CHARACTER, as range loops over
// strings do, the way a browser treats a lone surrogate, and reports it as
// invalid-URL-unit.
//
// Parsing takes time linear in the input's length, on hostile input too,
// and allocates at most 10 bytes per input byte (32 for a host that goes
// through IDNA, 16 for a query in a Parser.Encoding, where one invalid
// byte becomes %26%2365533%3B). The only length limit is the href's:
// 2^31-1 bytes, which a URL's 32-bit offsets can hold (HrefTooLong); cap
// what you accept well below that. Hosts with IDNA labels longer than
// Chrome accepts fail, as in Chrome.
//
// Concurrency: reads of a *URL (its getters, Record, Clone, Parse against
// it, SearchParams, and the reading methods of its *SearchParams: Get,
// GetAll, Has, String, All...) may run in many goroutines at once. A change
// (a setter, or Append, Set, Delete or Sort on its SearchParams) needs
// exclusive access: no other goroutine may read or change that URL
// meanwhile. A *SearchParams from NewSearchParams follows the same rule.
// Package functions, and a Parser whose fields do not change, are safe
// for concurrent use.
package weburl

import (
	"strconv"
	"sync/atomic"
)

// A URL is a parsed URL: the URL Standard's URL class. Its zero value is not
// a valid URL; make one with Parse, ParseRef or (*URL).Parse.
type URL struct {
	href string
	layout
	params atomic.Pointer[SearchParams] // made on first use, by SearchParams
}

// layout holds the offsets of a URL's components in its href. With a null
// host, usernameEnd, hostStart and hostEnd equal schemeEnd+1; the two bytes
// "/." that keep a path starting with "//" from reading as a host lie
// between hostEnd and pathStart.
type layout struct {
	schemeEnd     int32 // the ':' after the scheme
	usernameEnd   int32 // end of the username
	hostStart     int32 // start of the host, after '@' when there are credentials
	hostEnd       int32 // end of the host, before ":port"
	pathStart     int32
	queryStart    int32 // the '?', or -1 for a null query
	fragmentStart int32 // the '#', or -1 for a null fragment
	port          int32 // -1 for a null port
	hostKind      HostKind
	scheme        schemeKind
}

func (u *URL) pathEnd() int32 {
	if u.queryStart >= 0 {
		return u.queryStart
	}
	if u.fragmentStart >= 0 {
		return u.fragmentStart
	}
	return int32(len(u.href))
}

func (u *URL) queryEnd() int32 {
	if u.fragmentStart >= 0 {
		return u.fragmentStart
	}
	return int32(len(u.href))
}

// hasOpaquePath reports whether the path is an opaque path (a string, not a
// list of segments): a list path with a null host always starts with '/'.
func (u *URL) hasOpaquePath() bool {
	return u.hostKind == NoHost && (u.pathStart == u.pathEnd() || u.href[u.pathStart] != '/')
}

func (u *URL) includesCredentials() bool {
	// A null host leaves no room for credentials: all three offsets meet.
	return u.hostKind != NoHost && (u.usernameEnd > u.schemeEnd+3 || u.hostStart > u.usernameEnd)
}

// cannotHaveCredentialsOrPort is the spec's "cannot have a
// username/password/port".
func (u *URL) cannotHaveCredentialsOrPort() bool {
	return u.hostKind == NoHost || u.hostKind == Empty || u.scheme == schemeFile
}

// Href returns the URL's serialization: the href attribute.
func (u *URL) Href() string { return u.href }

// String returns the href; it is the stringifier of the URL class.
func (u *URL) String() string { return u.href }

// Protocol returns the scheme followed by ":", as "https:".
func (u *URL) Protocol() string { return u.href[:u.schemeEnd+1] }

// Scheme returns the scheme, lowercase and without the ":".
func (u *URL) Scheme() string { return u.href[:u.schemeEnd] }

// Username returns the username, percent-encoded as in the href.
func (u *URL) Username() string {
	if u.hostKind == NoHost {
		return ""
	}
	return u.href[u.schemeEnd+3 : u.usernameEnd]
}

// Password returns the password, percent-encoded as in the href.
func (u *URL) Password() string {
	if u.hostStart > u.usernameEnd && u.href[u.usernameEnd] == ':' {
		return u.href[u.usernameEnd+1 : u.hostStart-1]
	}
	return ""
}

// Host returns the serialized host and, when the URL has a port, ":" and
// the port: the host attribute. It is empty when the host is null or empty.
func (u *URL) Host() string {
	if u.port < 0 {
		return u.href[u.hostStart:u.hostEnd]
	}
	return u.href[u.hostStart:u.portEnd()]
}

// Hostname returns the serialized host: an IPv6 address keeps its brackets.
func (u *URL) Hostname() string { return u.href[u.hostStart:u.hostEnd] }

// HostKind returns the kind of the URL's host; NoHost when it is null.
func (u *URL) HostKind() HostKind { return u.hostKind }

// portEnd is where the authority ends: the path start, except that with a
// null host a "/." may stand between them.
func (u *URL) portEnd() int32 {
	if u.hostKind == NoHost {
		return u.hostEnd
	}
	return u.pathStart
}

// Port returns the port in decimal, or "" when it is null (absent, or the
// scheme's default port).
func (u *URL) Port() string {
	if u.port < 0 {
		return ""
	}
	return u.href[u.hostEnd+1 : u.pathStart]
}

// PortNumber returns the port and true, or 0 and false when it is null.
func (u *URL) PortNumber() (int, bool) {
	if u.port < 0 {
		return 0, false
	}
	return int(u.port), true
}

// Pathname returns the serialized path: the pathname attribute.
func (u *URL) Pathname() string { return u.href[u.pathStart:u.pathEnd()] }

// Search returns "?" and the query, or "" when the query is null or empty.
func (u *URL) Search() string {
	if u.queryStart < 0 || u.queryStart+1 == u.queryEnd() {
		return ""
	}
	return u.href[u.queryStart:u.queryEnd()]
}

// Query returns the query without "?" and whether it is non-null: "a?" has
// an empty query, "a" a null one.
func (u *URL) Query() (string, bool) {
	if u.queryStart < 0 {
		return "", false
	}
	return u.href[u.queryStart+1 : u.queryEnd()], true
}

// Hash returns "#" and the fragment, or "" when it is null or empty.
func (u *URL) Hash() string {
	if u.fragmentStart < 0 || int(u.fragmentStart)+1 == len(u.href) {
		return ""
	}
	return u.href[u.fragmentStart:]
}

// Fragment returns the fragment without "#" and whether it is non-null.
func (u *URL) Fragment() (string, bool) {
	if u.fragmentStart < 0 {
		return "", false
	}
	return u.href[u.fragmentStart+1:], true
}

// IsSpecial reports whether the scheme is one of the spec's special
// schemes: ftp, file, http, https, ws, wss.
func (u *URL) IsSpecial() bool { return u.scheme.special() }

// HasOpaquePath reports whether the path is opaque, as in "mailto:x".
func (u *URL) HasOpaquePath() bool { return u.hasOpaquePath() }

// Equal reports whether u and v serialize the same (the spec's URL
// equivalence).
func (u *URL) Equal(v *URL) bool { return u.href == v.href }

// EqualExcludingFragments reports whether u and v serialize the same once
// their fragments are left out.
func (u *URL) EqualExcludingFragments(v *URL) bool {
	return u.hrefWithoutFragment() == v.hrefWithoutFragment()
}

func (u *URL) hrefWithoutFragment() string {
	if u.fragmentStart < 0 {
		return u.href
	}
	return u.href[:u.fragmentStart]
}

// Clone returns a copy of u that shares nothing mutable with it.
func (u *URL) Clone() *URL {
	return &URL{href: u.href, layout: u.layout}
}

// MarshalText returns the href; it implements encoding.TextMarshaler.
func (u *URL) MarshalText() ([]byte, error) { return []byte(u.href), nil }

// UnmarshalText parses text as an absolute URL into u; it implements
// encoding.TextUnmarshaler. On failure u is unchanged.
func (u *URL) UnmarshalText(text []byte) error {
	return u.SetHref(string(text))
}

// MarshalJSON returns the href as a JSON string: the spec's toJSON.
func (u *URL) MarshalJSON() ([]byte, error) {
	return strconv.AppendQuote(nil, u.href), nil
}

// UnmarshalJSON parses a JSON string holding an absolute URL into u.
func (u *URL) UnmarshalJSON(data []byte) error {
	s, err := unquoteJSON(data)
	if err != nil {
		return err
	}
	return u.SetHref(s)
}

// Redacted returns the href with any password replaced by "xxxxx", as
// net/url's Redacted does, for logs.
func (u *URL) Redacted() string {
	if u.Password() == "" {
		return u.href
	}
	pw := u.usernameEnd + 1
	return u.href[:pw] + "xxxxx" + u.href[u.hostStart-1:]
}

// GoString returns a Go-syntax form for %#v: the href, quoted.
func (u *URL) GoString() string {
	return "weburl.MustParse(" + strconv.Quote(u.href) + ")"
}
