package canon

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/swar"
)

// SURTOptions changes the form SURTWith writes. The zero value is the
// default of the Internet Archive's surt library; each field turns one of its
// options the other way.
type SURTOptions struct {
	// WithScheme writes the scheme before the host, in parentheses:
	// "http://(com,example)/" (surt's with_scheme=True).
	WithScheme bool
	// TrailingComma ends the host with a comma: "com,example,)/"
	// (trailing_comma=True). With WithScheme: "http://(com,example,)/".
	TrailingComma bool
	// KeepWWW keeps a leading "www", "www2"... label (host_massage=False).
	KeepWWW bool
	// KeepIPOrder writes an IPv4 host in its usual order, "192.168.1.254)/",
	// instead of reversed (reverse_ipaddr=False).
	KeepIPOrder bool
	// KeepQueryCase keeps the query's case (query_lowercase=False).
	KeepQueryCase bool
}

// SURT returns u's Sort-friendly URI Reordering Transform as the Internet
// Archive's surt library computes it with its default options, the key of
// CDX indexes: "http://www.Example.com/a/?b=2&a=1#f" becomes
// "com,example)/a?a=1&b=2". It runs that library's two canonicalizers, in
// order:
//
//   - Google's: drop the fragment; percent-decode the host, path and query
//     until no escape is left, then percent-encode the bytes at or below
//     0x20, at or above 0x7F, '#' and '%'; in the host, replace ".." by "."
//     once, trim dots, and write a numeric host as dotted decimal; in a path
//     under a host, resolve "." and ".." and collapse "//";
//   - the Internet Archive's: drop credentials and the default port; remove
//     a leading "www.", "www2." ... label; lowercase the path and the query;
//     remove ASP.NET session IDs from the path, and jsessionid, phpsessid,
//     sid, ASPSESSIONID and CFID/CFTOKEN session IDs from the query; remove
//     the path's final slash but the root's; sort the query's pairs by name
//     then value, bytewise; drop an empty query;
//
// then writes the host's labels reversed and joined by commas, followed by
// ')', the port if any, and the path and query. A URL without a host, such as
// "mailto:Me@x", gives its scheme, ':' and its path: "mailto:me@x". As in the
// library, a URL whose href starts with "filedesc" is returned as is, an IPv6
// address loses its brackets ("::1)/"), and a nil URL gives "-".
func SURT(u *weburl.URL) string {
	return SURTWith(u, SURTOptions{})
}

// SURTWith is SURT with options.
func SURTWith(u *weburl.URL, o SURTOptions) string {
	if u == nil {
		return "-"
	}
	href := u.Href()
	if strings.HasPrefix(href, "filedesc") {
		return href
	}
	scheme := u.Scheme()

	// The library splits the href with RFC 3986's regular expression and
	// reads the host as Python's urllib does: lowercase, IPv6 without its
	// brackets, an empty host as none.
	host := ""
	switch u.HostKind() {
	case weburl.Domain, weburl.IPv4, weburl.Opaque:
		host = u.Hostname()
	case weburl.IPv6:
		host = strings.Trim(u.Hostname(), "[]")
	}
	host = surtHost(host)

	path := u.Pathname()
	if !u.HasOpaquePath() && u.HostKind() == weburl.NoHost && strings.HasPrefix(path, "//") {
		path = "/." + path // as in the href
	}
	path = unescapeAll(path)
	if host != "" {
		path = surtPath(path)
	}
	if host != "" && !o.KeepWWW && scheme != "dns" {
		host = wwwLabel.ReplaceAllLiteralString(host, "")
	}
	path = swar.ToLower(escapeMinimal(path, ""))
	if strings.Contains(path, ".aspx") {
		path = stripPathSessionIDs(path)
	}
	if len(path) > 1 && path[len(path)-1] == '/' {
		path = path[:len(path)-1]
	}

	query, _ := u.Query()
	if query != "" {
		query = surtStripSessionIDs(escapeMinimal(unescapeAll(query), ""))
		if !o.KeepQueryCase {
			query = swar.ToLower(query)
		}
		query = sortQueryPairs(query)
	}

	var b strings.Builder
	if o.WithScheme || host == "" {
		b.WriteString(scheme)
		b.WriteByte(':')
	}
	if host != "" {
		if o.WithScheme {
			if scheme != "dns" {
				b.WriteString("//")
			}
			b.WriteByte('(')
		}
		if o.KeepIPOrder && dottedQuad.MatchString(host) {
			b.WriteString(host)
		} else {
			labels := strings.Split(host, ".")
			slices.Reverse(labels)
			b.WriteString(strings.Join(labels, ","))
		}
		// Python reads port 0 as no port.
		if n, ok := u.PortNumber(); ok && n != 0 {
			b.WriteByte(':')
			b.WriteString(strconv.Itoa(n))
		}
		if o.TrailingComma {
			b.WriteByte(',')
		}
		b.WriteByte(')')
	}
	if path != "" {
		b.WriteString(path)
	} else if query != "" {
		b.WriteByte('/')
	}
	if query != "" {
		b.WriteByte('?')
		b.WriteString(query)
	}
	return b.String()
}

var (
	// wwwLabel is the label the library's host massage removes.
	wwwLabel = regexp.MustCompile(`^www\d*\.`)
	// dottedQuad is what the library takes for an IPv4 address.
	dottedQuad = regexp.MustCompile(`^(?:\d{1,3}\.){3}\d{1,3}$`)
	// decimalIP and octalIP are the shapes the library hands to the
	// resolver as an IPv4 address.
	decimalIP = regexp.MustCompile(`^[1-9][0-9]*(?:\.[0-9]+){0,3}$`)
	octalIP   = regexp.MustCompile(`^0[0-7]*(?:\.[0-7]+){0,3}$`)
)

// surtHost is the Google canonicalizer's host step, then the lowercasing.
func surtHost(h string) string {
	if h == "" {
		return ""
	}
	h = unescapeAll(h)
	if a, ok := domainToASCII(h); ok {
		h = a
	}
	h = strings.Trim(strings.ReplaceAll(h, "..", "."), ".")
	if ip, ok := surtIPv4(h); ok {
		return ip
	}
	return escapeMinimal(swar.ToLower(h), "")
}

// surtIPv4 writes a numeric host as the library does: all digits is a
// number taken modulo 2^32; a dotted decimal or octal shape is read by the
// resolver, which is inet_aton for such strings.
func surtIPv4(h string) (string, bool) {
	if h == "" {
		return "", false
	}
	all := true
	var v uint32
	for i := 0; i < len(h); i++ {
		if h[i] < '0' || h[i] > '9' {
			all = false
			break
		}
		v = v*10 + uint32(h[i]-'0')
	}
	if all {
		return strconv.Itoa(int(v>>24)) + "." + strconv.Itoa(int(v>>16&255)) + "." +
			strconv.Itoa(int(v>>8&255)) + "." + strconv.Itoa(int(v&255)), true
	}
	if decimalIP.MatchString(h) || octalIP.MatchString(h) {
		return parseInetAton(h)
	}
	return "", false
}

// surtPath is the Google canonicalizer's path step for a URL with a host.
// Unlike Safe Browsing's, a ".." with nothing to remove stays (and a later
// ".." removes it), and a final "." leaves no slash.
func surtPath(p string) string {
	if p == "" {
		return "/"
	}
	segs := strings.Split(p, "/")[1:]
	var kept []string
	for _, s := range segs {
		switch s {
		case ".":
		case "..":
			if len(kept) > 0 {
				kept = kept[:len(kept)-1]
			} else {
				kept = append(kept, s)
			}
		default:
			kept = append(kept, s)
		}
	}
	var b strings.Builder
	b.WriteByte('/')
	for i, s := range kept {
		if i == len(kept)-1 {
			b.WriteString(s)
		} else if s != "" {
			b.WriteString(s)
			b.WriteByte('/')
		}
	}
	return b.String()
}

// sortQueryPairs sorts the '&'-separated pairs by name, then by value, a
// pair without '=' before one with; bytewise, as the library compares
// Python tuples.
func sortQueryPairs(q string) string {
	if len(q) <= 1 {
		return q
	}
	type pair struct {
		name, value string
		hasValue    bool
		raw         string
	}
	var pairs []pair
	for raw := range strings.SplitSeq(q, "&") {
		n, v, ok := strings.Cut(raw, "=")
		pairs = append(pairs, pair{n, v, ok, raw})
	}
	slices.SortStableFunc(pairs, func(a, b pair) int {
		if c := strings.Compare(a.name, b.name); c != 0 {
			return c
		}
		if a.hasValue != b.hasValue {
			if a.hasValue {
				return 1
			}
			return -1
		}
		return strings.Compare(a.value, b.value)
	})
	var b strings.Builder
	b.Grow(len(q))
	for i, p := range pairs {
		if i > 0 {
			b.WriteByte('&')
		}
		b.WriteString(p.raw)
	}
	return b.String()
}
