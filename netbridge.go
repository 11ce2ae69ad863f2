package weburl

// The bridge to net/url and net/http: a *url.URL that means the same URL
// (and that net/http sends as a browser would), the reading of a *url.URL
// by the URL Standard, and the answers net/url's methods give, computed
// from the href.

import (
	"net/netip"
	"net/url"
	"path"
	"strings"

	"github.com/weburl/weburl/internal/quote"
)

// NetURL returns a *url.URL that means the same URL as u, for net/http and
// other code that speaks net/url. Its fields hold u's components: Scheme;
// Host with the port; User with the credentials percent-decoded; Path
// percent-decoded with RawPath the path as in the href; RawQuery the query,
// with ForceQuery for an empty one; Fragment percent-decoded with
// RawFragment as in the href; Opaque an opaque path ("mailto:x"); OmitHost
// for a null host.
//
// Its String() equals u.Href(), but where net/url cannot hold the href:
//
//   - A path with a byte that net/url always escapes in a path ('|', and
//     in URLs that are not special '\'), or a '%' without two hex digits
//     after it ("/100%"): EscapedPath would change it. For http,
//     https, ws, wss and ftp URLs, Opaque is then the path as in the href,
//     which net/http sends as it is: RequestURI() is still u.RequestURI(),
//     but String() lacks the authority ("https:/a|b"). A path that also
//     starts with "//" cannot be sent that way (net/url reads such an
//     Opaque as an authority): Opaque is then "//", the host and the
//     path, which net/http sends in absolute form ("GET https://h//a|b");
//     String() is the href without the credentials, and http.NewRequest
//     given it escapes the path as net/url does.
//   - A file URL, or a URL whose scheme is not special, that the fields
//     would not print as its href: such a path, but also an empty host
//     ("sc://"), a path starting with "//" without a host ("sc:/.//p"), an
//     opaque host net/url escapes ("sc://%C3%A9"), credentials. Opaque is
//     then everything between the scheme's ':' and the query, so String()
//     is the href but for the fragment; nothing sends these URLs.
//   - Credentials of a special URL: net/url escapes the decoded username
//     and password its own way, so String() differs where the two escape
//     differently ("a!b" becomes "a%21b"); the credentials are the same.
//   - A host of a special URL holding '{', '}' or '`', which net/url's
//     String() escapes (and which net/http sends as an empty Host).
//   - A fragment: an empty one ("https://h/#") is dropped, and one that
//     net/url would escape ('#', '{', '}', '|', '\', '^', a '%' without two
//     hex digits) is escaped in String(). Fragments are never sent.
//
// So for an http or https URL, a request whose URL field is NetURL() sends
// u.RequestURI() as the request target (in absolute form for the "//"
// paths above) and u.Host() as the Host header; net/http itself sends an
// empty Host header for a host that holds '"', '`', '{' or '}'.
// http.NewRequest given NetURL().String() does the same but for the paths
// above (it fails for lack of a host, or for "//" paths escapes them) and
// for hosts net/url's String() escapes (it fails). FromNetURL(u.NetURL())
// gives u back but where FromNetURL says. The zero URL gives an empty
// *url.URL.
func (u *URL) NetURL() *url.URL {
	nu := &url.URL{}
	if u.href == "" {
		return nu
	}
	nu.Scheme = u.Scheme()
	if q, ok := u.Query(); ok {
		nu.RawQuery, nu.ForceQuery = q, q == ""
	}
	if f, ok := u.Fragment(); ok && f != "" {
		nu.Fragment = PercentDecode(f)
		if nu.EscapedFragment() != f {
			nu.RawFragment = f
		}
	}
	if u.hasOpaquePath() {
		nu.Opaque = u.Pathname()
		return nu
	}
	if u.hostKind == NoHost {
		nu.OmitHost = true
	} else {
		nu.Host = u.Host()
		if u.includesCredentials() {
			user := PercentDecode(u.Username())
			if pass := u.Password(); pass != "" {
				nu.User = url.UserPassword(user, PercentDecode(pass))
			} else {
				nu.User = url.User(user)
			}
		}
	}
	p := u.Pathname()
	nu.Path = PercentDecode(p)
	if nu.EscapedPath() != p {
		nu.RawPath = p
	}
	switch {
	case u.scheme.special() && u.scheme != schemeFile:
		// The request target must be the path as in the href.
		if nu.EscapedPath() == p {
			break
		}
		if strings.HasPrefix(p, "//") {
			nu.Opaque = "//" + nu.Host + p
		} else {
			nu.Opaque = p
		}
	default:
		// Nothing is sent: keep String() the href.
		t := *nu
		t.RawQuery, t.ForceQuery, t.Fragment, t.RawFragment = "", false, "", ""
		if t.String() != u.href[:u.pathEnd()] {
			nu.Opaque = u.href[u.schemeEnd+1 : u.pathEnd()]
		}
	}
	return nu
}

// FromNetURL returns the URL that nu means, read by the URL Standard: the
// href that nu's fields make, parsed. The fields are read as net/http
// reads them to send a request:
//
//   - Scheme must be set: a relative reference is not a URL.
//   - User's username and password, which net/url holds decoded, are
//     percent-encoded with the userinfo percent-encode set, and '%' as
//     "%25", so that they keep their bytes: a decoded "%41" stays "%41"
//     (written "%2541") and does not become "A".
//   - Host is the host and port; a byte that would end it ('/', '?', '#',
//     '\', '@') or a control or space is percent-encoded, so that the
//     host parser sees it and fails for a special URL.
//   - Opaque starting with '/' but not "//", with Host set, is the path as
//     net/http sends it: the href is the scheme, "//", the credentials and
//     host, and Opaque. Opaque starting with "//", Host and '/' is that
//     authority and path, with User's credentials. Other Opaque values
//     follow the scheme's ':' as they are.
//   - The path is RawPath when it percent-decodes to Path and holds only
//     printable ASCII but space, '?', '#' and '\', else EscapedPath(). Without an
//     authority, a path starting with "//" is written after "/.", as the
//     URL Standard's serializer does, so that it stays a path.
//   - RawQuery is the query, with '#' percent-encoded (as the search setter
//     does); ForceQuery keeps an empty one.
//   - The fragment is RawFragment when it percent-decodes to Fragment and
//     holds only printable ASCII but space, else EscapedFragment(); an
//     empty Fragment is no fragment.
//
// FromNetURL(u.NetURL()) has u's href, but that an empty fragment is lost
// and that each credential comes back with the same bytes once decoded (the
// username and password net/http sends) in one spelling: the userinfo set's,
// with '%' encoded. "%25DOMAIN" and "%2541" come back as they are; a byte
// encoded that needs no encoding ("%41") comes back as itself ("A"), and a
// '%' that starts no escape ("%zz") as "%25zz". A nil nu, or one without
// a scheme, gives an *Error; so does an href that fails to parse, with the
// validation error that made it fail. The *Error's Input is nu.String().
func FromNetURL(nu *url.URL) (*URL, error) {
	const op = "from net/url"
	if nu == nil {
		return nil, &Error{Op: op, Err: ErrNilURL}
	}
	if nu.Scheme == "" {
		return nil, &Error{Op: op, Input: nu.String(), Err: because(MissingSchemeNonRelativeURL, "a relative reference is not a URL")}
	}
	var b strings.Builder
	b.WriteString(nu.Scheme)
	b.WriteByte(':')
	authority := func() {
		b.WriteString("//")
		if nu.User != nil {
			b.WriteString(encodeCredential(nu.User.Username()))
			if pass, ok := nu.User.Password(); ok {
				b.WriteByte(':')
				b.WriteString(encodeCredential(pass))
			}
			b.WriteByte('@')
		}
		for i := 0; i < len(nu.Host); i++ {
			c := nu.Host[i]
			if c <= ' ' || c == 0x7F || strings.IndexByte("/?#\\@", c) >= 0 {
				b.Write(appendPercentByte(nil, c))
			} else {
				b.WriteByte(c)
			}
		}
	}
	switch opq := nu.Opaque; {
	case opq != "" && nu.Host != "" && opq[0] == '/' && !strings.HasPrefix(opq, "//"):
		authority()
		b.WriteString(opq)
	case opq != "" && strings.HasPrefix(opq, "//"+nu.Host+"/"):
		authority()
		b.WriteString(opq[2+len(nu.Host):])
	case opq != "":
		b.WriteString(opq)
	default:
		withAuthority := !(nu.OmitHost && nu.Host == "" && nu.User == nil) &&
			(nu.Host != "" || nu.User != nil || nu.Path != "")
		if withAuthority {
			authority()
		}
		p := nu.EscapedPath()
		if rawFits(nu.RawPath, nu.Path, "?#\\") {
			p = nu.RawPath
		}
		switch {
		case withAuthority && p != "" && p[0] != '/':
			b.WriteByte('/')
		case !withAuthority && strings.HasPrefix(p, "//"):
			b.WriteString("/.")
		}
		b.WriteString(p)
	}
	if nu.ForceQuery || nu.RawQuery != "" {
		b.WriteByte('?')
		b.WriteString(strings.ReplaceAll(nu.RawQuery, "#", "%23"))
	}
	if nu.Fragment != "" {
		b.WriteByte('#')
		if rawFits(nu.RawFragment, nu.Fragment, "") {
			b.WriteString(nu.RawFragment)
		} else {
			b.WriteString(nu.EscapedFragment())
		}
	}
	u, err := (&Parser{}).parse(nil, b.String(), nil)
	if err != nil {
		return nil, &Error{Op: op, Input: nu.String(), Err: because(err.Err, "the href "+quote.String(b.String())+" does not parse")}
	}
	return u, nil
}

// rawFits reports whether raw, a RawPath or RawFragment, may stand for
// decoded: it percent-decodes to it, and holds only printable ASCII but
// space and the bytes of delims, which the parser would read as the end of
// the component.
func rawFits(raw, decoded, delims string) bool {
	if raw == "" {
		return false
	}
	for i := 0; i < len(raw); i++ {
		if c := raw[i]; c <= ' ' || c >= 0x7F || strings.IndexByte(delims, c) >= 0 {
			return false
		}
	}
	return PercentDecode(raw) == decoded
}

// encodeCredential writes a username or password that net/url holds
// decoded back as an href holds it: with the userinfo percent-encode set,
// and '%' as "%25", which that set leaves alone because the parser keeps a
// '%' as it is. Without it the decoded "%41" (from "%2541") would come back
// as "%41", which means "A".
func encodeCredential(s string) string {
	return encodeBytes(strings.ReplaceAll(s, "%", "%25"), UserinfoSet)
}

// encodeBytes percent-encodes s with set byte by byte: unlike
// PercentEncode, it keeps the bytes of invalid UTF-8, which a decoded
// username may hold.
func encodeBytes(s string, set EncodeSet) string {
	var b []byte
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 0x80 || set.has(c) {
			if b == nil {
				b = append(make([]byte, 0, len(s)+16), s[:i]...)
			}
			b = appendPercentByte(b, c)
		} else if b != nil {
			b = append(b, c)
		}
	}
	if b == nil {
		return s
	}
	return string(b)
}

// RequestURI returns the request target that HTTP/1.1 sends for u in
// origin form: the path and, when the query is not null, "?" and the
// query, so "https://h/p?" gives "/p?" (net/url's RequestURI does the same
// with ForceQuery). An empty path gives "/". For a URL with an opaque
// path, which has no origin form, it returns the opaque path and query, as
// net/url does. The fragment is never part of it. The zero URL gives "/".
func (u *URL) RequestURI() string {
	if u.href == "" {
		return "/"
	}
	end := u.queryEnd()
	if u.pathStart == u.pathEnd() && !u.hasOpaquePath() {
		return "/" + u.href[u.pathStart:end]
	}
	return u.href[u.pathStart:end]
}

// JoinPath returns a new URL with elem joined to u's path, as net/url's
// JoinPath does. The path and the elements are joined with "/" and cleaned
// by path.Join (dot segments resolved, never above the root, empty
// segments dropped), and a trailing "/" of the last element is kept. The
// result is then set as by SetPathname, so the URL Standard's rules
// apply: elements are read as percent-encoded ("%2F" stays, "%zz" too),
// what the path percent-encode set holds is encoded ("?" becomes "%3F"),
// tabs and newlines are dropped, '\' separates segments in special URLs,
// and "%2e" segments count as dots. An empty path ("sc://h") joins from
// "/". The query and fragment are kept. For a URL with an opaque path,
// and for the zero URL, it returns an unchanged copy: they have no
// segments to join to.
func (u *URL) JoinPath(elem ...string) *URL {
	v := u.Clone()
	if u.href == "" || u.hasOpaquePath() {
		return v
	}
	first := u.Pathname()
	if !strings.HasPrefix(first, "/") {
		first = "/" + first // an empty path: the root
	}
	all := append([]string{first}, elem...)
	p := path.Join(all...)
	if strings.HasSuffix(all[len(all)-1], "/") && !strings.HasSuffix(p, "/") {
		p += "/"
	}
	if v.SetPathname(p) != nil {
		return u.Clone() // only an href over the length limit
	}
	return v
}

// Addr returns the address of an IPv4 or IPv6 host, and true; for other
// hosts, the zero Addr and false. An IPv6 address has no zone: the URL
// Standard has none.
func (u *URL) Addr() (netip.Addr, bool) {
	h := u.Hostname()
	switch u.hostKind {
	case IPv4:
	case IPv6:
		h = h[1 : len(h)-1]
	default:
		return netip.Addr{}, false
	}
	a, err := netip.ParseAddr(h)
	return a, err == nil
}

// EffectivePort returns the port a connection for u goes to, and true:
// the URL's port, or when that is null the default port of its special
// scheme (80 for http and ws, 443 for https and wss, 21 for ftp). It
// returns 0 and false for file URLs, for schemes that are not special
// without a port, and for the zero URL.
func (u *URL) EffectivePort() (int, bool) {
	if p, ok := u.PortNumber(); ok {
		return p, true
	}
	if u.href == "" {
		return 0, false
	}
	if p := u.scheme.defaultPort(); p >= 0 {
		return p, true
	}
	return 0, false
}
