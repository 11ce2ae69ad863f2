package weburl

import (
	"errors"
	"net/netip"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/weburl/weburl/internal/swar"
	"github.com/weburl/weburl/internal/urlpath"
)

// FromRecord returns the URL whose record is r: r serialized with the URL
// Standard's URL serializer, and that href parsed. FromRecord(u.Record())
// is u, href for href, for every URL u.
//
// The record must be one the parser gives, with each component in the
// form the parser writes it; anything else is an *Error whose Op names the
// field ("from record Path[2]", "from record Host") and whose Reason says
// what is wrong, with the validation error where the spec names one. These
// are errors:
//
//   - a scheme that is empty, not an ASCII letter followed by letters,
//     digits, '+', '-' and '.', or not lowercase;
//   - a special scheme without a host (file URLs have the empty host), or
//     with the empty host (but file);
//   - a host that does not parse as the host of a URL of that scheme (a
//     domain for a special URL, an opaque host otherwise, an IPv6 address
//     in brackets for both), or that is not the host serializer's output
//     for its input ("EXAMPLE.com", "%41.com", "0x7f.1", "[::0:1]",
//     "localhost" in a file URL), or whose Kind or Addr is not the one the
//     host parser gives; a Kind NoHost with a non-nil Host;
//   - a username, password or port on a URL that "cannot have a
//     username/password/port": no host, the empty host, or scheme file;
//   - a port that is the scheme's default port (the parser makes it null);
//   - an opaque path with a host, in a special URL, starting with '/',
//     holding '?' or '#', or ending in a space (the parser trims it, or
//     writes "%20" before a query or fragment); Path set beside it;
//   - a list path that is empty in a special URL or without a host (the
//     href would read as an opaque path); OpaquePath set beside it;
//   - a path segment holding '/', or '\' in a special URL (each would
//     split it), '?' or '#' (each would end the path), a dot segment
//     (".", "..", "%2e", ".%2E"... which the parser removes), and in a
//     file URL a first segment that is a Windows drive letter with '|'
//     (the parser writes "C:");
//   - a username, password, path segment, opaque path, query or fragment
//     with a byte that its percent-encode set encodes (the userinfo, path,
//     C0 control, query or special-query, and fragment sets): a space, a
//     non-ASCII code point, invalid UTF-8, '#' in a query...
//
// Each component is taken as it is, percent-encoded: the record of
// "https://h/a%2Fb" has the segment "a%2Fb", and FromRecord takes it back
// so. To build a path from text, use AppendPathSegments.
func FromRecord(r Record) (*URL, error) {
	if err := checkRecord(&r); err != nil {
		return nil, err
	}
	href := r.serialize()
	u, err := Parse(href)
	if err != nil {
		// Every component was checked: only an href too long is left.
		var pe *Error
		errors.As(err, &pe)
		return nil, &Error{Op: opFromRecord, Input: href, Offset: pe.Offset, Err: pe.Err}
	}
	// The checks above should leave nothing the parser reads otherwise;
	// if one was missed, the record that comes back says which field.
	if field, ok := recordDiff(u.Record(), r); !ok {
		return nil, &Error{Op: opFromRecord, Input: href, Field: field, Err: because(ErrRecord, "the serialization parses to another "+field)}
	}
	return u, nil
}

// serialize is the URL Standard's URL serializer, on a record.
func (r *Record) serialize() string {
	var b strings.Builder
	b.WriteString(r.Scheme)
	b.WriteByte(':')
	if r.Host != nil {
		b.WriteString("//")
		if r.Username != "" || r.Password != "" {
			b.WriteString(r.Username)
			if r.Password != "" {
				b.WriteByte(':')
				b.WriteString(r.Password)
			}
			b.WriteByte('@')
		}
		b.WriteString(r.Host.Serialized)
		if r.Port != nil {
			b.WriteByte(':')
			b.WriteString(strconv.Itoa(int(*r.Port)))
		}
	}
	if r.HasOpaquePath {
		b.WriteString(r.OpaquePath)
	} else {
		if r.Host == nil && len(r.Path) > 1 && r.Path[0] == "" {
			b.WriteString("/.")
		}
		for _, seg := range r.Path {
			b.WriteByte('/')
			b.WriteString(seg)
		}
	}
	if r.Query != nil {
		b.WriteByte('?')
		b.WriteString(*r.Query)
	}
	if r.Fragment != nil {
		b.WriteByte('#')
		b.WriteString(*r.Fragment)
	}
	return b.String()
}

// opFromRecord is the Op of FromRecord's errors.
const opFromRecord = "from record"

// recordError is FromRecord's error for field, whose value is input.
func recordError(field, input, reason string) *Error {
	return &Error{Op: opFromRecord, Input: input, Field: field, Err: because(ErrRecord, reason)}
}

// Reasons of FromRecord errors.
const (
	reasonRecordPath = "a list path: HasOpaquePath is false"
)

// checkRecord returns the first reason r is not a record the parser gives.
func checkRecord(r *Record) *Error {
	if !validSchemeString(r.Scheme) {
		return recordError("Scheme", r.Scheme, "not a scheme: an ASCII letter, then ASCII letters, digits, '+', '-' or '.'")
	}
	if swar.HasUpper(r.Scheme) {
		return recordError("Scheme", r.Scheme, "not lowercase, as the parser writes a scheme")
	}
	kind := classifyScheme(r.Scheme)
	special, file := kind.special(), kind == schemeFile
	if err := checkRecordHost(r, kind); err != nil {
		return err
	}
	if r.HasOpaquePath {
		if err := checkOpaquePath(r, special); err != nil {
			return err
		}
	} else if err := checkListPath(r, special, file); err != nil {
		return err
	}
	if r.Query != nil {
		set, setName := QuerySet, "query"
		if special {
			set, setName = SpecialQuerySet, "special-query"
		}
		if i := strings.IndexByte(*r.Query, '#'); i >= 0 {
			return recordError("Query", *r.Query, "holds '#' at byte "+strconv.Itoa(i)+", which would start the fragment")
		}
		if err := checkEncoded("Query", *r.Query, set, setName); err != nil {
			return err
		}
	}
	if r.Fragment != nil {
		if err := checkEncoded("Fragment", *r.Fragment, FragmentSet, "fragment"); err != nil {
			return err
		}
	}
	return nil
}

// checkRecordHost checks the host, the credentials and the port.
func checkRecordHost(r *Record, kind schemeKind) *Error {
	special, file := kind.special(), kind == schemeFile
	h := r.Host
	switch {
	case h == nil && file:
		return recordError("Host", "", "nil: a file URL's host is the empty host, not null")
	case h == nil && special:
		return &Error{Op: opFromRecord, Field: "Host", Err: because(HostMissing, "nil: a special URL has a host")}
	case h == nil:
	case h.Kind == NoHost:
		return recordError("Host", h.Serialized, "Kind NoHost: a null host is a nil Host")
	case h.Kind == Empty:
		if h.Serialized != "" {
			return recordError("Host", h.Serialized, "Kind Empty with a Serialized host")
		}
		if special && !file {
			return &Error{Op: opFromRecord, Field: "Host", Err: because(HostMissing, "the empty host: only a file URL's host may be empty among special URLs")}
		}
	case h.Kind > Empty:
		return recordError("Host", h.Serialized, "unknown Kind "+h.Kind.String())
	case h.Serialized == "":
		return recordError("Host", "", "empty Serialized for Kind "+h.Kind.String()+": the empty host is Kind Empty")
	default:
		if err := checkHostForm(h, special, file); err != nil {
			return err
		}
	}
	cannot := h == nil || h.Kind == Empty || file
	if cannot && r.Username != "" {
		return &Error{Op: opFromRecord, Input: r.Username, Field: "Username", Err: ErrCannotHaveCredentialsOrPort}
	}
	if cannot && r.Password != "" {
		return &Error{Op: opFromRecord, Input: r.Password, Field: "Password", Err: ErrCannotHaveCredentialsOrPort}
	}
	if r.Port != nil {
		p := strconv.Itoa(int(*r.Port))
		if cannot {
			return &Error{Op: opFromRecord, Input: p, Field: "Port", Err: ErrCannotHaveCredentialsOrPort}
		}
		if int(*r.Port) == kind.defaultPort() {
			return recordError("Port", p, "the default port of "+r.Scheme+", which the parser makes null")
		}
	}
	if err := checkEncoded("Username", r.Username, UserinfoSet, "userinfo"); err != nil {
		return err
	}
	return checkEncoded("Password", r.Password, UserinfoSet, "userinfo")
}

// checkHostForm runs the host parser on a host that is not empty: it must
// parse, to the same serialization, kind and address.
func checkHostForm(h *Host, special, file bool) *Error {
	errs := &reporter{}
	b, kind, ok := hostParser{errs: errs}.appendHost(nil, h.Serialized, !special)
	if !ok {
		e := errs.failure(opFromRecord, h.Serialized)
		if e.Field = "Host"; e.Err == nil {
			e.Err = ErrRecord
		}
		e.Err = because(e.Err, "not a host the host parser takes")
		return e
	}
	canon := string(b)
	if file && canon == "localhost" {
		return recordError("Host", h.Serialized, "a file URL's \"localhost\" is the empty host")
	}
	if canon != h.Serialized {
		reason := "not the host serializer's output"
		if len(canon) <= 256 {
			reason += " " + strconv.Quote(canon)
		}
		return recordError("Host", h.Serialized, reason+" for it")
	}
	if kind != h.Kind {
		return recordError("Host", h.Serialized, "Kind "+h.Kind.String()+", but the host parser makes it "+kind.String())
	}
	var want netip.Addr
	switch kind {
	case IPv4:
		want, _ = netip.ParseAddr(canon)
	case IPv6:
		want, _ = netip.ParseAddr(canon[1 : len(canon)-1])
	}
	if h.Addr != want {
		return recordError("Host", h.Serialized, "Addr "+h.Addr.String()+" is not the address of the host ("+want.String()+")")
	}
	return nil
}

// checkOpaquePath checks an opaque path, as the opaque path state writes
// it.
func checkOpaquePath(r *Record, special bool) *Error {
	p := r.OpaquePath
	switch {
	case r.Path != nil:
		return recordError("Path", "", "set beside an opaque path (HasOpaquePath is true)")
	case special:
		return recordError("OpaquePath", p, "an opaque path in a special URL, whose path is a list")
	case r.Host != nil:
		return recordError("OpaquePath", p, "an opaque path with a host: a URL with a host has a list path")
	case strings.HasPrefix(p, "/"):
		return recordError("OpaquePath", p, "starts with '/', which makes a list path")
	case strings.HasSuffix(p, " "):
		return recordError("OpaquePath", p, "ends with a space, which the parser trims at the end of the input, or writes %20 before a query or fragment")
	}
	if i := strings.IndexAny(p, "?#"); i >= 0 {
		return recordError("OpaquePath", p, "holds "+strconv.QuoteRune(rune(p[i]))+" at byte "+strconv.Itoa(i)+", which would end the path")
	}
	return checkEncoded("OpaquePath", p, C0ControlSet, "C0 control")
}

// checkListPath checks a path of segments, as the path state writes them.
func checkListPath(r *Record, special, file bool) *Error {
	if r.OpaquePath != "" {
		return recordError("OpaquePath", r.OpaquePath, "set beside "+reasonRecordPath)
	}
	if len(r.Path) == 0 {
		if special {
			return recordError("Path", "", "empty: the path of a special URL has a segment at least (\"/\" is one empty segment)")
		}
		if r.Host == nil {
			return recordError("Path", "", "empty, and no host: the href would read as an opaque path")
		}
	}
	for i, seg := range r.Path {
		field := "Path[" + strconv.Itoa(i) + "]"
		if j := strings.IndexByte(seg, '/'); j >= 0 {
			return recordError(field, seg, "holds '/' at byte "+strconv.Itoa(j)+", which would split the segment")
		}
		if j := strings.IndexByte(seg, '\\'); j >= 0 && special {
			return recordError(field, seg, "holds '\\' at byte "+strconv.Itoa(j)+", which splits the segments of a special URL")
		}
		if j := strings.IndexAny(seg, "?#"); j >= 0 {
			return recordError(field, seg, "holds "+strconv.QuoteRune(rune(seg[j]))+" at byte "+strconv.Itoa(j)+", which would end the path")
		}
		if urlpath.IsDot(seg) {
			return recordError(field, seg, "a dot segment, which the path parser removes")
		}
		if file && i == 0 && isWindowsDriveLetter(seg) && seg[1] == '|' {
			return recordError(field, seg, "a Windows drive letter with '|', which the parser writes with ':' as the first segment of a file URL")
		}
		if err := checkEncoded(field, seg, PathSet, "path"); err != nil {
			return err
		}
	}
	return nil
}

// checkEncoded reports the first byte of s that percent-encoding with set
// would change: s is then not as the parser writes it.
func checkEncoded(field, s string, set EncodeSet, setName string) *Error {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < utf8.RuneSelf && !set.has(c) {
			continue
		}
		what := strconv.QuoteRune(rune(c))
		if c >= utf8.RuneSelf {
			r, n := utf8.DecodeRuneInString(s[i:])
			what = strconv.QuoteRune(r)
			if r == utf8.RuneError && n == 1 {
				what = "invalid UTF-8 (byte " + strconv.Quote(s[i:i+1]) + ")"
			}
		}
		return recordError(field, s, "holds "+what+" at byte "+strconv.Itoa(i)+", which the "+setName+" percent-encode set encodes: not percent-encoded as the parser writes it")
	}
	return nil
}

// recordDiff compares two records field by field and names the first that
// differs.
func recordDiff(a, b Record) (string, bool) {
	switch {
	case a.Scheme != b.Scheme:
		return "Scheme", false
	case a.Username != b.Username:
		return "Username", false
	case a.Password != b.Password:
		return "Password", false
	case (a.Host == nil) != (b.Host == nil) || a.Host != nil && *a.Host != *b.Host:
		return "Host", false
	case (a.Port == nil) != (b.Port == nil) || a.Port != nil && *a.Port != *b.Port:
		return "Port", false
	case a.HasOpaquePath != b.HasOpaquePath || a.OpaquePath != b.OpaquePath:
		return "OpaquePath", false
	case len(a.Path) != len(b.Path):
		return "Path", false
	}
	for i := range a.Path {
		if a.Path[i] != b.Path[i] {
			return "Path[" + strconv.Itoa(i) + "]", false
		}
	}
	switch {
	case (a.Query == nil) != (b.Query == nil) || a.Query != nil && *a.Query != *b.Query:
		return "Query", false
	case (a.Fragment == nil) != (b.Fragment == nil) || a.Fragment != nil && *a.Fragment != *b.Fragment:
		return "Fragment", false
	}
	return "", true
}
