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

// A template is a -get format: literal text and {name} fields; "{{" and
// "}}" for braces, and trurl's backslash sequences (\t, \n, \r, \\, \{,
// \[).
type template []templatePart

// A templatePart is literal text, or a field that get fills in.
type templatePart struct {
	text  string
	field *fieldRef // nil for text
}

// A component is what a field name stands for.
type component struct {
	// get returns the component as the href writes it (percent-encoded)
	// and whether the URL has it, for must:.
	get func(u *weburl.URL) (string, bool)
	// decoded: trurl's names (user, password, host, path, query,
	// fragment) print percent-decoded, unless url: (or ":") asks for
	// them as in the href. The URL API's names never are.
	decoded bool
	// kind says which modifiers apply: puny: and idn: to a host, default:
	// to the port, all three to the url.
	kind componentKind
}

// A componentKind is what modifiers a component takes.
type componentKind uint8

const (
	plainComponent componentKind = iota
	hostComponent
	urlComponent
	portComponent
)

// notEmpty is a getter that has its component when it is not empty.
func notEmpty(get func(u *weburl.URL) string) func(u *weburl.URL) (string, bool) {
	return func(u *weburl.URL) (string, bool) { s := get(u); return s, s != "" }
}

// href is the href as it is: a URL always has one.
func href(u *weburl.URL) (string, bool) { return u.Href(), true }

// fields are the names a field may use, trurl's and the URL API's;
// {query:NAME} and {query-all:NAME} take a parameter.
var fields = map[string]component{
	"url":      {get: href, kind: urlComponent},
	"href":     {get: href, kind: urlComponent},
	"protocol": {get: notEmpty((*weburl.URL).Protocol)},
	"scheme":   {get: notEmpty((*weburl.URL).Scheme)},
	"user":     {get: notEmpty((*weburl.URL).Username), decoded: true},
	"username": {get: notEmpty((*weburl.URL).Username)},
	"password": {get: notEmpty((*weburl.URL).Password), decoded: true},
	"host":     {get: hostname, decoded: true, kind: hostComponent},
	"hostname": {get: hostname, kind: hostComponent},
	"hostport": {get: notEmpty((*weburl.URL).Host)}, // host and ":port", the URL API's host
	"port":     {get: notEmpty((*weburl.URL).Port), kind: portComponent},
	"default-port": {get: func(u *weburl.URL) (string, bool) {
		return defaultPort(u)
	}},
	"path":     {get: notEmpty((*weburl.URL).Pathname), decoded: true},
	"pathname": {get: notEmpty((*weburl.URL).Pathname)},
	"query":    {get: (*weburl.URL).Query, decoded: true}, // an empty query is there: "?"
	"search":   {get: notEmpty((*weburl.URL).Search)},
	"fragment": {get: (*weburl.URL).Fragment, decoded: true},
	"hash":     {get: notEmpty((*weburl.URL).Hash)},
	"origin":   {get: func(u *weburl.URL) (string, bool) { return u.Origin().String(), true }},
	"display":  {get: notEmpty((*weburl.URL).Display)},
	"surt":     {get: notEmpty(canon.SURT)},
	"public-suffix": {get: notEmpty(func(u *weburl.URL) string {
		return hostAnswer(u, weburl.PublicSuffix)
	})},
	"registrable-domain": {get: notEmpty(func(u *weburl.URL) string {
		return hostAnswer(u, weburl.RegistrableDomain)
	})},
}

// missingComponents are trurl's components that the URL Standard does not
// have: a usage error says so rather than print nothing.
var missingComponents = map[string]string{
	"options": `the URL Standard has no options component: ";options" stays in the password`,
	"zoneid":  "the URL Standard has no zone IDs: an IPv6 address with a % fails to parse",
}

// hostname is the host without the port, there when it is not null or
// empty.
func hostname(u *weburl.URL) (string, bool) {
	k := u.HostKind()
	return u.Hostname(), k != weburl.NoHost && k != weburl.Empty
}

// defaultPort is the port, else the special scheme's default port.
func defaultPort(u *weburl.URL) (string, bool) {
	if p, ok := u.EffectivePort(); ok {
		return strconv.Itoa(p), true
	}
	return "", false
}

// hostAnswer is f's answer for u's host when it is a domain, else "" (IP
// addresses and opaque hosts have none). The string, not the bool:
// PublicSuffix's bool says ICANN.
func hostAnswer(u *weburl.URL, f func(string) (string, bool)) string {
	if u.HostKind() != weburl.Domain {
		return ""
	}
	v, _ := f(u.Hostname())
	return v
}

// A fieldRef is one {…} of a template: a component or a query key, with
// trurl's modifiers.
type fieldRef struct {
	name     string // as written between the braces, for messages
	compName string // the component's name, for messages
	comp     component
	// query: {query:KEY} ({query-all:KEY} with all), the values of KEY.
	query, all bool
	key        string
	encoded    bool // url: or ":" (or -urlencode): as in the href
	must       bool // must: the URL must have the component
	idn        bool // idn: the host in Unicode
	defPort    bool // default: the scheme's default port when there is none
}

// modifiers are trurl's words before a component name, each followed by
// ":". strict: changes nothing here: a decoded field that cannot be
// shown always fails its input.
var modifiers = []string{"url", "default", "puny", "idn", "strict", "must"}

// parseField reads the text between the braces: an optional ":" (url:),
// modifiers, then a component, or query:KEY or query-all:KEY (the rest
// of the text is the key, which may be empty or hold ":").
func parseField(name string) (*fieldRef, error) {
	f := &fieldRef{name: name}
	rest := name
	if r, ok := strings.CutPrefix(rest, ":"); ok {
		f.encoded, rest = true, r
	}
	var puny bool
	for {
		word, after, ok := strings.Cut(rest, ":")
		if !ok {
			break
		}
		switch word {
		case "query", "query-all":
			f.query, f.all, f.key = true, word == "query-all", after
			if f.idn || puny || f.defPort {
				return nil, fmt.Errorf("{%s}: %s: takes url:, strict: and must: only", name, word)
			}
			return f, nil
		case "url":
			f.encoded = true
		case "default":
			f.defPort = true
		case "puny":
			puny = true
		case "idn":
			f.idn = true
		case "strict":
		case "must":
			f.must = true
		default:
			return nil, fmt.Errorf("{%s}: unknown modifier %s: (modifiers: %s:)", name, word, strings.Join(modifiers, ": "))
		}
		rest = after
	}
	if why, ok := missingComponents[rest]; ok {
		return nil, fmt.Errorf("{%s}: %s", name, why)
	}
	c, ok := fields[rest]
	if !ok {
		return nil, errors.New("unknown field {" + quote.Cut(name) + "}; fields: " + fieldNames())
	}
	f.comp, f.compName = c, rest
	switch {
	case puny && f.idn:
		return nil, fmt.Errorf("{%s}: puny: and idn: exclude each other", name)
	case (puny || f.idn) && c.kind != hostComponent && c.kind != urlComponent:
		return nil, fmt.Errorf("{%s}: puny: and idn: apply to host, hostname and url only", name)
	case f.defPort && c.kind != portComponent && c.kind != urlComponent:
		return nil, fmt.Errorf("{%s}: default: applies to port and url only", name)
	}
	return f, nil
}

// fieldNames lists the field names for messages and help.
func fieldNames() string {
	names := make([]string, 0, len(fields)+2)
	for n := range fields {
		names = append(names, "{"+n+"}")
	}
	names = append(names, "{query:NAME}", "{query-all:NAME}")
	slices.Sort(names)
	return strings.Join(names, " ")
}

// parseTemplate reads a -get format; an unknown field is an error. With
// encoded (-urlencode), every field prints as in the href.
func parseTemplate(s string, encoded bool) (template, error) {
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
		case c == '\\' && i+1 < len(s) && backslashed(s[i+1]) != 0:
			text.WriteByte(backslashed(s[i+1]))
			i++
		case c == '{':
			end := strings.IndexByte(s[i:], '}')
			if end < 0 {
				return nil, fmt.Errorf("-get %s: unclosed {", quote.String(s))
			}
			f, err := parseField(s[i+1 : i+end])
			if err != nil {
				return nil, fmt.Errorf("-get %s: %v", quote.String(s), err)
			}
			f.encoded = f.encoded || encoded
			if text.Len() > 0 {
				t = append(t, templatePart{text: text.String()})
				text.Reset()
			}
			t = append(t, templatePart{field: f})
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

// backslashed is the byte that trurl's sequence "\" c stands for, or 0:
// any other "\x" stays as it is, both bytes.
func backslashed(c byte) byte {
	switch c {
	case 't':
		return '\t'
	case 'n':
		return '\n'
	case 'r':
		return '\r'
	case '\\', '{', '[':
		return c
	}
	return 0
}

// execute writes the template filled in for u, or fails: a must: field
// the URL lacks, or a decoded field holding a byte that the line cannot
// show.
func (t template) execute(b *strings.Builder, u *weburl.URL) error {
	for _, p := range t {
		if p.field == nil {
			b.WriteString(p.text)
			continue
		}
		v, err := p.field.value(u)
		if err != nil {
			return err
		}
		b.WriteString(v)
	}
	return nil
}

// value is the field's text for u.
func (f *fieldRef) value(u *weburl.URL) (string, error) {
	if f.query {
		return f.queryValue(u)
	}
	var v string
	var ok bool
	switch {
	case f.comp.kind == urlComponent && (f.idn || f.defPort):
		v, ok = hrefWith(u, f.idn, f.defPort), true
	case f.comp.kind == hostComponent && f.idn:
		_, ok = hostname(u)
		v = idnHost(u)
	case f.comp.kind == portComponent && f.defPort:
		v, ok = defaultPort(u)
	default:
		v, ok = f.comp.get(u)
	}
	if f.must && !ok {
		return "", f.fail(u, "the URL has no "+f.what())
	}
	if !f.comp.decoded || f.encoded {
		return v, nil
	}
	return f.checkShown(u, weburl.PercentDecode(v))
}

// queryValue is {query:KEY}: the first value of the pairs named KEY, or
// all of them separated by spaces, decoded as form data (a "+" is a
// space) or, with url:, as the query writes them.
func (f *fieldRef) queryValue(u *weburl.URL) (string, error) {
	q, ok := u.Query()
	if !ok && f.must {
		return "", f.fail(u, "the URL has no query")
	}
	var values []string
	if f.encoded {
		for pair := range strings.SplitSeq(q, "&") {
			name, value, _ := strings.Cut(pair, "=")
			if pair != "" && formName(name) == f.key {
				values = append(values, value)
			}
		}
	} else {
		for _, p := range weburl.ParseForm(q) {
			if p[0] == f.key {
				values = append(values, p[1])
			}
		}
	}
	if len(values) == 0 {
		if f.must {
			return "", f.fail(u, "the query has no pair named "+strconv.Quote(f.key))
		}
		return "", nil
	}
	if !f.all {
		values = values[:1]
	}
	v := strings.Join(values, " ")
	if f.encoded {
		return v, nil
	}
	return f.checkShown(u, v)
}

// checkShown fails a decoded value holding a byte that would break the
// output's lines (a line break) or end a C string (NUL): printing it would
// be wrong, and dropping it a silent loss. url: prints the field encoded.
func (f *fieldRef) checkShown(u *weburl.URL, v string) (string, error) {
	i := strings.IndexAny(v, "\x00\n\r")
	if i < 0 {
		return v, nil
	}
	return "", f.fail(u, fmt.Sprintf("decoded, the %s holds %%%02X, which a line of output cannot show: {:%s} prints it encoded",
		f.what(), v[i], strings.TrimPrefix(f.name, ":")))
}

// what names the field's component in messages.
func (f *fieldRef) what() string {
	if f.query {
		return "value of " + strconv.Quote(f.key)
	}
	return f.compName
}

// fail is the error of an input the field cannot be filled in for.
func (f *fieldRef) fail(u *weburl.URL, reason string) error {
	return &weburl.Error{Op: "get", Field: "{" + f.name + "}", Input: u.Href(), Err: errors.New(reason)}
}

// hrefWith is the href with the host in Unicode (idn:) or the special
// scheme's default port written out (default:), as trurl's {idn:url} and
// {default:url} print it; the href itself when the URL has no host, or
// nothing to change.
func hrefWith(u *weburl.URL, idn, defPort bool) string {
	if _, ok := hostname(u); !ok {
		return u.Href()
	}
	var b strings.Builder
	b.WriteString(u.Protocol())
	b.WriteString("//")
	if user, pass := u.Username(), u.Password(); user != "" || pass != "" {
		b.WriteString(user)
		if pass != "" {
			b.WriteString(":" + pass)
		}
		b.WriteByte('@')
	}
	if idn {
		b.WriteString(idnHost(u))
	} else {
		b.WriteString(u.Hostname())
	}
	port := u.Port()
	if defPort {
		port, _ = defaultPort(u)
	}
	if port != "" {
		b.WriteString(":" + port)
	}
	b.WriteString(u.Pathname())
	// Query and Fragment, not Search and Hash, which are "" for an empty
	// query or fragment: "?" and "#" are the href's.
	if q, ok := u.Query(); ok {
		b.WriteString("?" + q)
	}
	if f, ok := u.Fragment(); ok {
		b.WriteString("#" + f)
	}
	return b.String()
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
