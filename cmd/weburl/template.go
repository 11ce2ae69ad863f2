package main

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/canon"
	"github.com/weburl/weburl/internal/quote"
)

// A template is a -get format: literal text and {name} fields, "{{" and
// "}}" for literal braces.
type template []templatePart

// A templatePart is literal text, or a field that get fills in.
type templatePart struct {
	text string
	get  func(u *weburl.URL) string
}

// fields are the names a template may use; {query:NAME} and
// {query-all:NAME} take a parameter.
var fields = map[string]func(u *weburl.URL) string{
	"href":     (*weburl.URL).Href,
	"url":      (*weburl.URL).Href,
	"protocol": (*weburl.URL).Protocol,
	"scheme":   (*weburl.URL).Scheme,
	"username": (*weburl.URL).Username,
	"user":     (*weburl.URL).Username,
	"password": (*weburl.URL).Password,
	"host":     (*weburl.URL).Hostname,
	"hostname": (*weburl.URL).Hostname,
	"hostport": (*weburl.URL).Host, // host and ":port", the URL's host attribute
	"port":     (*weburl.URL).Port,
	"default-port": func(u *weburl.URL) string {
		if p, ok := effectivePort(u); ok {
			return strconv.Itoa(p)
		}
		return ""
	},
	"path":     (*weburl.URL).Pathname,
	"pathname": (*weburl.URL).Pathname,
	"search":   (*weburl.URL).Search,
	"query":    func(u *weburl.URL) string { q, _ := u.Query(); return q },
	"hash":     (*weburl.URL).Hash,
	"fragment": func(u *weburl.URL) string { f, _ := u.Fragment(); return f },
	"origin":   func(u *weburl.URL) string { return u.Origin().String() },
	"display":  (*weburl.URL).Display,
	"surt":     canon.SURT,
	"public-suffix": func(u *weburl.URL) string {
		return hostAnswer(u, weburl.PublicSuffix)
	},
	"registrable-domain": func(u *weburl.URL) string {
		return hostAnswer(u, weburl.RegistrableDomain)
	},
}

// effectivePort is the port, else the special scheme's default port.
func effectivePort(u *weburl.URL) (int, bool) {
	if p, ok := u.PortNumber(); ok {
		return p, true
	}
	switch u.Scheme() {
	case "http", "ws":
		return 80, true
	case "https", "wss":
		return 443, true
	case "ftp":
		return 21, true
	}
	return 0, false
}

// hostAnswer is f's answer for u's host when it is a domain, else "".
func hostAnswer(u *weburl.URL, f func(string) (string, bool)) string {
	if u.HostKind() != weburl.Domain {
		return ""
	}
	v, _ := f(u.Hostname())
	return v
}

// parseTemplate reads a -get format; an unknown field is an error.
func parseTemplate(s string) (template, error) {
	var t template
	var text strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '{' && strings.HasPrefix(s[i:], "{{"):
			text.WriteByte('{')
			i++
		case c == '}' && strings.HasPrefix(s[i:], "}}"):
			text.WriteByte('}')
			i++
		case c == '{':
			end := strings.IndexByte(s[i:], '}')
			if end < 0 {
				return nil, fmt.Errorf("-get %s: unclosed {", quote.String(s))
			}
			get, err := field(s[i+1 : i+end])
			if err != nil {
				return nil, fmt.Errorf("-get %s: %v", quote.String(s), err)
			}
			if text.Len() > 0 {
				t = append(t, templatePart{text: text.String()})
				text.Reset()
			}
			t = append(t, templatePart{get: get})
			i += end
		case c == '}':
			return nil, fmt.Errorf("-get %s: } without {", quote.String(s))
		default:
			text.WriteByte(c)
		}
	}
	if text.Len() > 0 {
		t = append(t, templatePart{text: text.String()})
	}
	return t, nil
}

// field returns the getter of a field name.
func field(name string) (func(u *weburl.URL) string, error) {
	if get, ok := fields[name]; ok {
		return get, nil
	}
	kind, param, ok := strings.Cut(name, ":")
	switch {
	case ok && kind == "query" && param != "":
		return func(u *weburl.URL) string { v, _ := u.SearchParams().Get(param); return v }, nil
	case ok && kind == "query-all" && param != "":
		return func(u *weburl.URL) string { return strings.Join(u.SearchParams().GetAll(param), " ") }, nil
	case ok && kind == "puny" && (param == "host" || param == "hostname"):
		// The URL Standard's host parser already wrote a domain in
		// ASCII, Punycode where needed.
		return (*weburl.URL).Hostname, nil
	case ok && kind == "idn" && (param == "host" || param == "hostname"):
		return idnHost, nil
	}
	return nil, errors.New("unknown field {" + quote.Cut(name) + "}; fields: " + fieldNames())
}

// fieldNames lists the field names for messages and help.
func fieldNames() string {
	names := make([]string, 0, len(fields)+2)
	for n := range fields {
		names = append(names, "{"+n+"}")
	}
	names = append(names, "{query:NAME}", "{query-all:NAME}", "{idn:host}", "{puny:host}")
	slices.Sort(names)
	return strings.Join(names, " ")
}

// execute writes the template filled in for u.
func (t template) execute(b *strings.Builder, u *weburl.URL) {
	for _, p := range t {
		if p.get != nil {
			b.WriteString(p.get(u))
		} else {
			b.WriteString(p.text)
		}
	}
}

// idnHost is the host in Unicode: a domain through the URL Standard's
// domain to Unicode, as it stands when that fails (as trurl does, only a
// correctly encoded Punycode label is decoded); IP addresses and opaque
// hosts as they are.
func idnHost(u *weburl.URL) string {
	h := u.Hostname()
	if u.HostKind() != weburl.Domain {
		return h
	}
	if d, err := weburl.DomainToUnicode(h); err == nil {
		return d
	}
	return h
}
