package canon

import (
	"errors"
	"slices"
	"strings"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/ascii"
	"github.com/weburl/weburl/internal/swar"
	"github.com/weburl/weburl/internal/urlpath"
)

// A SlashPolicy says what a Profile does with a slash at the end of a path.
type SlashPolicy uint8

const (
	// SlashKeep leaves the path as it is.
	SlashKeep SlashPolicy = iota
	// SlashRemove removes every slash at the end of the path but the root's:
	// "/a/" and "/a//" become "/a"; "/" stays.
	SlashRemove
	// SlashAdd ends the path with a slash unless its last segment holds a
	// '.', which usually names a file: "/docs" becomes "/docs/",
	// "/a.html" stays. An empty path becomes "/".
	SlashAdd
)

// A Profile chooses the normalization steps that make a canonical URL.
// Each field is one step; the zero value applies none and so is [WHATWG]'s.
// The steps run in the order of the fields: those of the scheme and host
// first, then those of the path, then those of the query. Paths that are
// opaque, as in "mailto:x", are never lowercased, collapsed nor given a
// slash. [Profile.Check] reports fields that contradict each other.
//
// Every step keeps the URL valid: the result re-parses to itself. The URL
// Standard's parser has already lowercased the scheme and the host, dropped
// the scheme's default port, and resolved "." and ".." segments.
//
// The package doc compares the steps with purell's flags.
type Profile struct {
	// ForceHTTPS makes an http URL https, for a site that serves the same
	// pages on both: "http://example.com/" becomes "https://example.com/".
	// A port stays, but 443, https's default, goes ("http://h:443/" is
	// "https://h/").
	ForceHTTPS bool

	// ForceHTTP makes an https URL http, for a site that serves the same
	// pages on both (purell's FlagForceHTTP): "https://example.com/"
	// becomes "http://example.com/". A port stays, but 80, http's
	// default, goes ("https://h:80/" is "http://h/"). With ForceHTTPS
	// also set, ForceHTTPS wins and ForceHTTP does nothing;
	// [Profile.Check] reports the pair.
	ForceHTTP bool

	// DropFragment removes the fragment, which is never sent to a server.
	DropFragment bool

	// DropCredentials removes the username and the password.
	DropCredentials bool

	// DropWWW removes leading "www." labels from a domain while at least
	// two labels remain: "www.example.com" becomes "example.com" but
	// "www.com" stays.
	DropWWW bool

	// AddWWW puts "www." before a domain that is a registrable domain
	// (weburl.RegistrableDomain: "example.com", "example.co.uk",
	// "user.github.io"), the name that its www host usually serves:
	// "https://example.com/" becomes "https://www.example.com/". Other
	// hosts stay: "blog.example.com", "com", "localhost", IP addresses.
	// With DropWWW also set, DropWWW wins and AddWWW does nothing;
	// [Profile.Check] reports the pair.
	AddWWW bool

	// Suffixes is the Public Suffix List that AddWWW reads registrable
	// domains from, for a program that loads a newer list than the one
	// built in (weburl.ParseSuffixList); nil is the built-in list.
	Suffixes *weburl.SuffixList

	// EncodeLonePercent writes a '%' that two hex digits do not follow as
	// "%25", in the path and the query: "/100%" becomes "/100%25" and
	// "?q=50%+off" "?q=50%25+off". The URL Standard leaves such a '%' as
	// it is, but many servers answer 400 to it (Go's net/http among them,
	// for "invalid URL escape"), and "%25" is the '%' it stands for.
	EncodeLonePercent bool

	// NormalizeEscapes decodes the percent-encoded unreserved characters
	// (ASCII letters and digits, '-', '.', '_', '~') in the path, query and
	// fragment, and writes the remaining escapes with uppercase hex digits:
	// "/%7euser/%2f" becomes "/~user/%2F". A path segment is left encoded
	// where decoding would turn it into a "." or ".." segment or, in a file
	// URL, into a Windows drive letter, since those change the parse.
	NormalizeEscapes bool

	// LowercasePath lowercases the ASCII letters of the path, but not the
	// hex digits of its escapes; for servers known to ignore case.
	LowercasePath bool

	// DropSessionIDs removes the session IDs that SURT removes, from the
	// same table (the Internet Archive's surt library's): in the query,
	// each pair "jsessionid", "phpsessid" or "sid" whose value is 32
	// ASCII letters and digits, "ASPSESSIONID" and 8 letters with a value
	// of 24 letters, and every "CFID" and "CFTOKEN" pair where the query
	// holds both (values not empty), names compared ASCII
	// case-insensitively; in the path, an ASP.NET
	// cookieless session segment ("/(S(…))/" before a ".aspx" page), and a
	// Java servlet's ";jsessionid=…" path parameter (the Servlet
	// specification's URL rewriting: "/cart;jsessionid=1A2B" becomes
	// "/cart"), which SURT leaves. Unlike SURT, a query pair counts only
	// from its start ("xsid=…" is none) and its '&' goes with it, and
	// CFID and CFTOKEN need not be next to each other (SURT's adjacency
	// would make a new session ID of "CFID=a&x&CFTOKEN=b" once SortQuery
	// sorts it, and a key must not change when its profile is applied
	// again); the path of a file URL is left alone.
	DropSessionIDs bool

	// CollapseSlashes replaces each run of slashes in the path by one
	// slash: "/a//b///c" becomes "/a/b/c", and "//" becomes "/". Not in a
	// file URL, whose slashes are the file system's ("file:////server/
	// share" names a UNC path).
	CollapseSlashes bool

	// DropIndex removes the last path segment when it is one of these
	// names, compared ASCII case-insensitively, leaving the directory:
	// with DirectoryIndexes(), "/docs/index.html" becomes "/docs/" and
	// "/Default.aspx" becomes "/"; the query and the fragment stay.
	// DirectoryIndexes() is a list to start from; an entry that cannot be a
	// segment (empty, ".", "..", or with a '/') matches nothing, and
	// [Profile.Check] reports it.
	DropIndex []string

	// TrailingSlash is the policy for a slash at the end of the path.
	TrailingSlash SlashPolicy

	// DropParams removes the query's pairs whose name is in the list; an
	// entry ending in '*' matches every name it is a prefix of ("utm_*").
	// Names are compared, case-sensitively, after form decoding ('+' is a
	// space, %XX a byte), so "utm%5Fsource" matches "utm_*" too.
	// TrackingParams() is a list to start from. DropParams and SortQuery
	// drop empty pairs ("a=1&&b=2" has three), which form parsing ignores.
	DropParams []string

	// SortQuery orders the query's pairs by name: byte order of the
	// form-decoded names, so that how a name is encoded does not move it.
	// The sort is stable: pairs with the same name keep their order, since
	// servers read "a=1&a=2" as a list. Each pair keeps its own bytes,
	// unlike weburl's SearchParams.Sort, which re-encodes the whole query
	// as form data.
	SortQuery bool

	// DropEmptyQuery removes a query left empty ("/a?" becomes "/a"),
	// after DropParams.
	DropEmptyQuery bool
}

// DirectoryIndexes returns the names of the file a web server sends for
// a directory in common servers' default configurations, in lowercase, a
// new slice at each call: Apache httpd's DirectoryIndex (index.html) as
// Debian and Ubuntu set it (index.html, index.cgi, index.pl, index.php,
// index.xhtml, index.htm), nginx's index (index.html), the default
// documents of IIS (Default.htm, Default.asp, index.htm, index.html, and
// Default.aspx with ASP.NET) and Apache Tomcat's welcome files
// (index.html, index.htm, index.jsp). Add or remove names in the copy.
func DirectoryIndexes() []string { return slices.Clone(directoryIndexes) }

var directoryIndexes = []string{
	"index.html", "index.htm", "index.php", "index.cgi", "index.pl", "index.xhtml", "index.jsp",
	"default.htm", "default.asp", "default.aspx",
}

// TrackingParams returns the names of the query parameters that tag a
// link for analytics or advertising and leave the page the same, a new
// slice at each call: Google Analytics' "utm_*", "_ga" and "_gl", and the
// click IDs of Google Ads ("gclid", "gclsrc", "dclid", "gbraid",
// "wbraid"), Facebook ("fbclid"), Microsoft Ads ("msclkid"), Mailchimp
// ("mc_cid", "mc_eid"), Yandex ("yclid") and Instagram ("igshid"). Add or
// remove names in the copy; Crawler's DropParams is such a copy.
func TrackingParams() []string { return slices.Clone(trackingParams) }

var trackingParams = []string{
	"utm_*", "_ga", "_gl",
	"gclid", "gclsrc", "dclid", "gbraid", "wbraid",
	"fbclid", "msclkid", "mc_cid", "mc_eid", "yclid", "igshid",
}

// WHATWG returns the URL Standard's own canonical form, the zero Profile:
// Key returns the href.
func WHATWG() Profile { return Profile{} }

// Crawler returns a profile that makes a deduplication key for a
// crawler's frontier, a new one at each call (its DropParams a copy of
// TrackingParams, which the caller may change): the key is a valid URL,
// usable as is. It drops the fragment, the credentials, leading "www."
// labels, the TrackingParams and an empty query; decodes unreserved
// escapes and uppercases the others; and sorts the query's pairs by name.
// So these URLs get the one key "https://example.com/~a/?a=1&b=2":
//
//	https://www.example.com/~a/?b=2&a=1#top
//	HTTPS://user:pw@EXAMPLE.com:443/%7Ea/./?a=1&utm_source=x&b=2
//	https://example.com/%7ea/?a=1&b=2&fbclid=abc
//
// It keeps apart what a server may tell apart: the scheme, the port, the
// path's case and trailing slash ("/a" and "/a/"), the order of repeated
// names ("a=1&a=2" and "a=2&a=1"), and reserved characters encoded or not
// ("/a%2Fb" and "/a/b"). Make it once and reuse it: each call allocates
// the list.
func Crawler() Profile {
	return Profile{
		DropFragment:     true,
		DropCredentials:  true,
		DropWWW:          true,
		NormalizeEscapes: true,
		DropParams:       TrackingParams(),
		SortQuery:        true,
		DropEmptyQuery:   true,
	}
}

// Apply returns a new URL with p's steps applied to u; u is not changed.
// It returns nil for a nil u.
func (p Profile) Apply(u *weburl.URL) *weburl.URL {
	if u == nil {
		return nil
	}
	href := p.build(u)
	if href == u.Href() {
		return u.Clone()
	}
	v, err := weburl.Parse(href)
	if err != nil {
		// Every step keeps the URL valid, and the fuzz test checks it; should
		// one fail, the URL is better unchanged than lost.
		return u.Clone()
	}
	return v
}

// Key returns the href of p.Apply(u): a string that is equal for URLs the
// profile makes equal. It returns "" for a nil u.
func (p Profile) Key(u *weburl.URL) string {
	if u == nil {
		return ""
	}
	href := p.build(u)
	if href == u.Href() {
		return href
	}
	if v, err := weburl.Parse(href); err == nil {
		return v.Href()
	}
	return u.Href() // as Apply does
}

// Check reports the fields of p that contradict each other or cannot
// take effect: DropWWW with AddWWW (Apply then drops "www."), ForceHTTPS
// with ForceHTTP (Apply then makes http https), and DropIndex entries that
// no path segment can be. Each is an *Error of Op "check" whose Err is
// ErrContradiction or ErrNoSegment, joined (errors.Join). It returns nil
// for a Profile whose every step means what it says.
func (p Profile) Check() error {
	var errs []error
	if p.DropWWW && p.AddWWW {
		errs = append(errs, &Error{Op: "check", Field: "DropWWW and AddWWW", Err: ErrContradiction})
	}
	if p.ForceHTTPS && p.ForceHTTP {
		errs = append(errs, &Error{Op: "check", Field: "ForceHTTPS and ForceHTTP", Err: ErrContradiction})
	}
	for _, name := range p.DropIndex {
		if name == "" || name == "." || name == ".." || strings.IndexByte(name, '/') >= 0 {
			errs = append(errs, &Error{Op: "check", Field: "DropIndex", Input: name, Err: ErrNoSegment})
		}
	}
	return errors.Join(errs...)
}

// build serializes u with p's steps applied, as the URL serializer does.
func (p Profile) build(u *weburl.URL) string {
	var b strings.Builder
	kind := u.HostKind()
	opaque := u.HasOpaquePath()
	https := p.ForceHTTPS && u.Scheme() == "http"
	http := !p.ForceHTTPS && p.ForceHTTP && u.Scheme() == "https"
	switch {
	case https:
		b.WriteString("https:")
	case http:
		b.WriteString("http:")
	default:
		b.WriteString(u.Protocol())
	}
	if kind != weburl.NoHost {
		b.WriteString("//")
		if user, pass := u.Username(), u.Password(); !p.DropCredentials && (user != "" || pass != "") {
			b.WriteString(user)
			if pass != "" {
				b.WriteByte(':')
				b.WriteString(pass)
			}
			b.WriteByte('@')
		}
		host := u.Hostname()
		switch {
		case kind != weburl.Domain:
		case p.DropWWW:
			host = dropWWW(host)
		case p.AddWWW:
			host = addWWW(p.Suffixes, host)
		}
		b.WriteString(host)
		if port := u.Port(); port != "" && !(https && port == "443") && !(http && port == "80") {
			b.WriteByte(':')
			b.WriteString(port)
		}
	}

	path := u.Pathname()
	if opaque {
		if p.EncodeLonePercent {
			path = encodeLonePercent(path)
		}
		if p.NormalizeEscapes {
			path = normalizeEscapes(path)
		}
	} else {
		path = p.path(path, u.Scheme() == "file")
		if kind == weburl.NoHost && strings.HasPrefix(path, "//") {
			// The serializer's guard: without it the path would read as a host.
			b.WriteString("/.")
		}
	}
	b.WriteString(path)

	if q, ok := u.Query(); ok {
		q = p.query(q)
		if q != "" || !p.DropEmptyQuery {
			b.WriteByte('?')
			b.WriteString(q)
		}
	}
	if f, ok := u.Fragment(); ok && !p.DropFragment {
		if p.NormalizeEscapes {
			f = normalizeEscapes(f)
		}
		b.WriteByte('#')
		b.WriteString(f)
	}
	return b.String()
}

// addWWW puts "www." before a host that is a registrable domain by list
// (nil: the built-in list).
func addWWW(list *weburl.SuffixList, host string) string {
	rd, ok := "", false
	if list != nil {
		rd, ok = list.RegistrableDomain(host)
	} else {
		rd, ok = weburl.RegistrableDomain(host)
	}
	if ok && rd == host {
		return "www." + host
	}
	return host
}

// dropWWW removes leading "www." labels while two labels remain.
func dropWWW(host string) string {
	for strings.HasPrefix(host, "www.") {
		rest := host[len("www."):]
		if !strings.Contains(strings.TrimSuffix(rest, "."), ".") {
			break
		}
		host = rest
	}
	return host
}

// path applies the path steps to a path that is not opaque.
func (p Profile) path(path string, file bool) string {
	if p.EncodeLonePercent {
		path = encodeLonePercent(path)
	}
	if p.NormalizeEscapes && strings.IndexByte(path, '%') >= 0 {
		path = eachSegment(path, file, func(s string) (string, string) { return normalizeEscapes(s), upperEscapes(s) })
	}
	if p.LowercasePath {
		path = lowerOutsideEscapes(path)
	}
	if p.DropSessionIDs && !file {
		if indexFold(path, ".aspx") >= 0 {
			path = stripPathSessionIDs(path)
		}
		if indexFold(path, ";jsessionid=") >= 0 {
			path = eachSegment(path, false, func(s string) (string, string) { return dropServletSessionIDs(s), s })
		}
	}
	if p.CollapseSlashes && !file {
		path = collapseSlashes(path)
	}
	for {
		path = p.dropIndex(path)
		if p.TrailingSlash != SlashRemove {
			break
		}
		// Without its slash, the directory may end in an index name in its
		// turn ("/index.html/index.html"): dropping again keeps the result
		// a fixed point.
		n := len(path)
		for len(path) > 1 && path[len(path)-1] == '/' {
			path = path[:len(path)-1]
		}
		if len(path) == n || len(p.DropIndex) == 0 {
			break
		}
	}
	switch p.TrailingSlash {
	case SlashAdd:
		last := path[strings.LastIndexByte(path, '/')+1:]
		if !strings.HasSuffix(path, "/") && !strings.Contains(last, ".") {
			path += "/"
		}
	}
	return path
}

// dropIndex removes the last segment of path when DropIndex names it.
func (p Profile) dropIndex(path string) string {
	i := strings.LastIndexByte(path, '/') + 1
	last := path[i:]
	for _, name := range p.DropIndex {
		// The length first: ToLower copies a name with upper case.
		if last != "" && len(last) == len(name) && swar.EqualLower(last, swar.ToLower(name)) {
			return path[:i]
		}
	}
	return path
}

// eachSegment applies step to each segment of path. Where the changed
// segment would read differently to the URL parser, a "." or ".."
// segment, or in a file URL a Windows drive letter as the first segment,
// it takes keep, step's second result, instead.
func eachSegment(path string, file bool, step func(seg string) (changed, keep string)) string {
	segs := strings.Split(path, "/")
	for i, s := range segs {
		n, keep := step(s)
		if n != s && (urlpath.IsDot(n) || file && i == 1 && isDriveLetter(n)) {
			n = keep
		}
		segs[i] = n
	}
	return strings.Join(segs, "/")
}

// collapseSlashes replaces each run of slashes by one.
func collapseSlashes(path string) string {
	if !strings.Contains(path, "//") {
		return path
	}
	b := make([]byte, 0, len(path))
	for i := 0; i < len(path); i++ {
		if path[i] == '/' && len(b) > 0 && b[len(b)-1] == '/' {
			continue
		}
		b = append(b, path[i])
	}
	return string(b)
}

// encodeLonePercent writes each '%' that two hex digits do not follow as
// "%25".
func encodeLonePercent(s string) string {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && !(i+2 < len(s) && ascii.IsHex(s[i+1]) && ascii.IsHex(s[i+2])) {
			n++
		}
	}
	if n == 0 {
		return s
	}
	b := make([]byte, 0, len(s)+2*n)
	for i := 0; i < len(s); i++ {
		b = append(b, s[i])
		if s[i] == '%' && !(i+2 < len(s) && ascii.IsHex(s[i+1]) && ascii.IsHex(s[i+2])) {
			b = append(b, '2', '5')
		}
	}
	return string(b)
}

// isDriveLetter reports whether s is a Windows drive letter, as the URL
// Standard defines it: a file URL's parser treats such a first segment
// specially.
func isDriveLetter(s string) bool {
	return len(s) == 2 && ('a' <= s[0] && s[0] <= 'z' || 'A' <= s[0] && s[0] <= 'Z') && (s[1] == ':' || s[1] == '|')
}

// upperEscapes writes the hex digits of s's escapes in uppercase.
func upperEscapes(s string) string {
	b := []byte(s)
	for i := 0; i+2 < len(b); i++ {
		if b[i] == '%' && ascii.IsHex(b[i+1]) && ascii.IsHex(b[i+2]) {
			b[i+1], b[i+2] = upper(b[i+1]), upper(b[i+2])
			i += 2
		}
	}
	return string(b)
}

// lowerOutsideEscapes lowercases ASCII letters that are not hex digits of
// an escape, so that it agrees with NormalizeEscapes' uppercase digits.
func lowerOutsideEscapes(s string) string {
	b := []byte(s)
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case c == '%' && i+2 < len(b) && ascii.IsHex(b[i+1]) && ascii.IsHex(b[i+2]):
			i += 2
		case 'A' <= c && c <= 'Z':
			b[i] = c + ('a' - 'A')
		}
	}
	return string(b)
}

// query applies the query steps to a query without its '?'.
func (p Profile) query(q string) string {
	if p.EncodeLonePercent {
		q = encodeLonePercent(q)
	}
	if p.NormalizeEscapes {
		q = normalizeEscapes(q)
	}
	if p.DropSessionIDs {
		q = dropSessionPairs(q)
	}
	if len(p.DropParams) == 0 && !p.SortQuery {
		return q
	}
	type pair struct{ raw, name string }
	var pairs []pair
	for raw := range strings.SplitSeq(q, "&") {
		if raw == "" {
			continue
		}
		name, _, _ := strings.Cut(raw, "=")
		name = formDecode(name)
		if p.drops(name) {
			continue
		}
		pairs = append(pairs, pair{raw, name})
	}
	if p.SortQuery {
		slices.SortStableFunc(pairs, func(a, b pair) int { return strings.Compare(a.name, b.name) })
	}
	var b strings.Builder
	b.Grow(len(q))
	for i, x := range pairs {
		if i > 0 {
			b.WriteByte('&')
		}
		b.WriteString(x.raw)
	}
	return b.String()
}

// drops reports whether DropParams lists name.
func (p Profile) drops(name string) bool {
	for _, d := range p.DropParams {
		if prefix, ok := strings.CutSuffix(d, "*"); ok {
			if strings.HasPrefix(name, prefix) {
				return true
			}
		} else if name == d {
			return true
		}
	}
	return false
}

// formDecode decodes a name as application/x-www-form-urlencoded does.
func formDecode(s string) string {
	if strings.IndexByte(s, '+') >= 0 {
		s = strings.ReplaceAll(s, "+", " ")
	}
	return weburl.PercentDecode(s)
}
