package weburl

import (
	"strconv"

	"github.com/weburl/weburl/internal/jsonstr"
)

// A URL is a parsed URL: the URL Standard's URL class. Make one with Parse,
// ParseRef or (*URL).Parse.
//
// A URL is a value, as net/url's is: n := *u (or u.Clone()) is a copy that
// shares nothing mutable with u, and a setter on n, or a change through
// n.SearchParams(), leaves u as it was. The URL holds nothing but its href
// and offsets, so copying it is always safe; its SearchParams are views
// that find the query in the URL they were made from.
//
// The zero URL is no URL at all: Href and every other string getter
// return "" (RequestURI returns "/"), HostKind is NoHost, PortNumber,
// EffectivePort, Addr, Query and Fragment report false, Origin is a new
// opaque origin, Record is the empty record. It cannot be used as a base:
// parsing against it fails as a base of "" does. Its setters fail, but
// SetHref, which makes it a URL. Unmarshalling an empty text (or JSON "")
// gives the zero URL, so that a zero URL field survives a round trip.
type URL struct {
	href string
	layout
}

// layout holds the offsets of a URL's components in its href. With a null
// host, usernameEnd, hostStart and hostEnd equal schemeEnd+1; the two bytes
// "/." that keep a path starting with "//" from reading as a host lie
// between hostEnd and pathStart. With a host, ":" and the port lie there
// when the port is not null (portValue reads it): not storing it keeps a
// URL in the runtime's 48-byte size class.
type layout struct {
	schemeEnd     int32 // the ':' after the scheme
	usernameEnd   int32 // end of the username
	hostStart     int32 // start of the host, after '@' when there are credentials
	hostEnd       int32 // end of the host, before ":port"
	pathStart     int32
	queryStart    int32 // the '?', or -1 for a null query
	fragmentStart int32 // the '#', or -1 for a null fragment
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
	return u.hostKind == NoHost && u.href != "" && (u.pathStart == u.pathEnd() || u.href[u.pathStart] != '/')
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

// String returns the href; it is the stringifier of the URL class. Its
// receiver is a value so that fmt prints a URL held by value as its href.
func (u URL) String() string { return u.href }

// Protocol returns the scheme followed by ":", as "https:".
func (u *URL) Protocol() string {
	if u.href == "" {
		return "" // the zero URL
	}
	return u.href[:u.schemeEnd+1]
}

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
func (u *URL) Host() string { return u.href[u.hostStart:u.portEnd()] }

// Hostname returns the serialized host, the URL class's hostname: an IPv6
// address keeps its brackets ("[::1]"), as the URL Standard's host
// serializer writes it, where net/url's Hostname drops them. To dial, use
// Addr for the netip.Addr of an IP address, or Host, which is host and port
// as net.Dial takes them; to build an address from a name and a port, use
// net.JoinHostPort with the address without brackets (Addr().String()), not
// with Hostname, or the brackets are doubled.
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

// hasPort reports whether the port is not null: ":" and its digits stand
// between the host and the path.
func (u *URL) hasPort() bool { return u.hostKind != NoHost && u.hostEnd < u.pathStart }

// portValue returns the port, or -1 when it is null. The serializer wrote
// it in decimal without leading zeros, at most 65535.
func (u *URL) portValue() int32 {
	if !u.hasPort() {
		return -1
	}
	n := int32(0)
	for _, c := range []byte(u.href[u.hostEnd+1 : u.pathStart]) {
		n = n*10 + int32(c-'0')
	}
	return n
}

// Port returns the port in decimal, or "" when it is null (absent, or the
// scheme's default port).
func (u *URL) Port() string {
	if !u.hasPort() {
		return ""
	}
	return u.href[u.hostEnd+1 : u.pathStart]
}

// PortNumber returns the port and true, or 0 and false when it is null.
func (u *URL) PortNumber() (int, bool) {
	if !u.hasPort() {
		return 0, false
	}
	return int(u.portValue()), true
}

// Pathname returns the serialized path: the pathname attribute.
func (u *URL) Pathname() string { return u.href[u.pathStart:u.pathEnd()] }

// Search returns "?" and the query, or "" when the query is null or empty.
func (u *URL) Search() string {
	if u.queryStart < 0 || u.href == "" || u.queryStart+1 == u.queryEnd() {
		return ""
	}
	return u.href[u.queryStart:u.queryEnd()]
}

// Query returns the query without "?" and whether it is non-null: "a?" has
// an empty query, "a" a null one.
func (u *URL) Query() (string, bool) {
	if u.queryStart < 0 || u.href == "" {
		return "", false
	}
	return u.href[u.queryStart+1 : u.queryEnd()], true
}

// Hash returns "#" and the fragment, or "" when it is null or empty.
func (u *URL) Hash() string {
	if u.fragmentStart < 0 || u.href == "" || int(u.fragmentStart)+1 == len(u.href) {
		return ""
	}
	return u.href[u.fragmentStart:]
}

// Fragment returns the fragment without "#" and whether it is non-null.
func (u *URL) Fragment() (string, bool) {
	if u.fragmentStart < 0 || u.href == "" {
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
// equivalence). A nil *URL equals only nil.
func (u *URL) Equal(v *URL) bool {
	if u == nil || v == nil {
		return u == v
	}
	return u.href == v.href
}

// EqualExcludingFragments reports whether u and v serialize the same once
// their fragments are left out. A nil *URL equals only nil.
func (u *URL) EqualExcludingFragments(v *URL) bool {
	if u == nil || v == nil {
		return u == v
	}
	return u.hrefWithoutFragment() == v.hrefWithoutFragment()
}

func (u *URL) hrefWithoutFragment() string {
	if u.fragmentStart < 0 || u.href == "" {
		return u.href
	}
	return u.href[:u.fragmentStart]
}

// Clone returns a copy of u, as n := *u does.
func (u *URL) Clone() *URL {
	c := *u
	return &c
}

// The encoders' methods have value receivers where Go's encoders need them
// to find the method on a URL held by value (a struct field of type URL):
// json, xml, gob and fmt (and slog through them) call them on
// non-addressable values.

// MarshalText returns the href; it implements encoding.TextMarshaler.
func (u URL) MarshalText() ([]byte, error) { return []byte(u.href), nil }

// AppendText appends the href to b; it implements encoding.TextAppender.
func (u URL) AppendText(b []byte) ([]byte, error) { return append(b, u.href...), nil }

// UnmarshalText parses text as an absolute URL into u, as Parse does; it
// implements encoding.TextUnmarshaler. An empty text makes u the zero URL
// (what MarshalText gives for it). On failure it returns the *Error and
// leaves u unchanged.
func (u *URL) UnmarshalText(text []byte) error {
	if len(text) == 0 {
		*u = URL{}
		return nil
	}
	v, err := Parse(string(text))
	if err != nil {
		return err
	}
	*u = *v
	return nil
}

// MarshalBinary returns the href; it implements encoding.BinaryMarshaler,
// which encoding/gob uses.
func (u URL) MarshalBinary() ([]byte, error) { return []byte(u.href), nil }

// AppendBinary appends the href to b; it implements
// encoding.BinaryAppender.
func (u URL) AppendBinary(b []byte) ([]byte, error) { return append(b, u.href...), nil }

// UnmarshalBinary is UnmarshalText: the binary form is the href.
func (u *URL) UnmarshalBinary(data []byte) error { return u.UnmarshalText(data) }

// opUnmarshalJSON is the Op of UnmarshalJSON's errors.
const opUnmarshalJSON = "unmarshal JSON"

// MarshalJSON returns the href as a JSON string: the spec's toJSON.
func (u URL) MarshalJSON() ([]byte, error) {
	// An href is printable ASCII, for which Go's quoting is JSON's.
	return strconv.AppendQuote(nil, u.href), nil
}

// UnmarshalJSON parses a JSON string holding an absolute URL into u, as
// UnmarshalText does; the string is decoded as encoding/json decodes one
// (invalid UTF-8 and lone surrogates become U+FFFD). JSON null leaves u
// unchanged, as encoding/json does for other types; "" makes u the zero
// URL. Any other JSON value is an *Error.
func (u *URL) UnmarshalJSON(data []byte) error {
	s, null, reason := jsonstr.Unquote(data)
	if reason != "" {
		return &Error{Op: opUnmarshalJSON, Input: string(data), Err: because(ErrNotJSONString, reason)}
	}
	if null {
		return nil
	}
	return u.UnmarshalText([]byte(s))
}

// Redacted returns the href with any password replaced by "xxxxx", as
// net/url's Redacted does, for logs: log/slog, like fmt, shows a URL as
// its href, password included, so log u.Redacted(). Like net/url's, it
// returns "" for a nil *URL.
func (u *URL) Redacted() string {
	if u == nil {
		return ""
	}
	if u.Password() == "" {
		return u.href
	}
	pw := u.usernameEnd + 1
	return u.href[:pw] + "xxxxx" + u.href[u.hostStart-1:]
}

// GoString returns a Go-syntax form for %#v: the href, quoted, in a call
// of MustParse; "weburl.URL{}" for the zero URL.
func (u URL) GoString() string {
	if u.href == "" {
		return "weburl.URL{}"
	}
	return "weburl.MustParse(" + strconv.Quote(u.href) + ")"
}
