package links

import (
	"bytes"
	"strings"

	"github.com/weburl/weburl"
)

// ParseLinkHeader returns the links of an HTTP Link header field (RFC
// 8288, Web Linking), given its values as net/http keeps them
// (resp.Header.Values("Link"), one string per field line), resolved
// against base, the URL of the response that carries the field (the
// response's URL after redirects: RFC 8288 resolves against it, never
// against a base URL of the body). A nil base leaves relative links
// unresolved (each with Err set).
//
// Each link is reported as the <link> element it stands for, whose
// attributes are the link's parameters, as HTML reads the field for
// preloads: Tag "link", Attr "href" for the target between < and >,
// Rel its rel parameter as written, and Kind by rel as for <link>. With
// rel=preload and as=image, each image candidate of an imagesrcset
// parameter is a link too (Attr "imagesrcset"). An empty target is no
// link, as an empty href of <link> is none.
//
// A field value is read as RFC 8288's Appendix B parses one: a link-value
// is "<" target ">" and parameters, each ";" name, optionally "=" and a
// token or a quoted string (a backslash escapes the next character);
// names are compared ASCII case-insensitively, and the first of two
// parameters of one name counts. The field is a list (RFC 9110, 5.6.1):
// link-values are separated by commas outside quoted strings and outside
// < >, and empty ones are ignored. Where Appendix B stops at a link-value
// that does not start with "<" or has no ">", ParseLinkHeader skips that
// one and reads the next, as Chromium does; text after a link-value's
// parameters is ignored with the rest of that link-value.
//
// The work and the memory are linear in the values' length, and the
// parameters other than rel, as and imagesrcset are not kept. A target
// whose bytes are not UTF-8 is read by the URL parser, with each invalid
// byte as U+FFFD.
func ParseLinkHeader(values []string, base *weburl.URL) []Link {
	var out []Link
	var p weburl.Parser // UTF-8
	add := func(l Link) {
		l.URL, l.Err = parseLink(&p, l.Raw, base)
		out = append(out, l)
	}
	for _, v := range values {
		for start := 0; start <= len(v); {
			end := linkValueEnd(v, start)
			target, rel, as, srcset, ok := parseLinkValue(v[start:end])
			start = end + 1
			if !ok {
				continue
			}
			kind := relKind(rel)
			if target != "" {
				add(Link{Raw: target, Tag: "link", Attr: "href", Rel: rel, Kind: kind})
			}
			if srcset != "" && hasRel(rel, "preload") && asciiEqualFold(trimSpace(as), "image") {
				parseSrcset(srcset, func(u string) bool {
					add(Link{Raw: u, Tag: "link", Attr: "imagesrcset", Rel: rel, Kind: Resource})
					return true
				})
			}
		}
	}
	return out
}

// linkValueEnd returns the offset of the comma that ends the link-value
// starting at start in v, or len(v): the first comma outside a quoted
// string (where a backslash escapes the next byte) and outside < >.
func linkValueEnd(v string, start int) int {
	quoted, angle := false, false
	for i := start; i < len(v); i++ {
		switch c := v[i]; {
		case quoted:
			if c == '\\' {
				i++
			} else if c == '"' {
				quoted = false
			}
		case angle:
			angle = c != '>'
		case c == ',':
			return i
		case c == '"':
			quoted = true
		case c == '<':
			angle = true
		}
	}
	return len(v)
}

// isOWS is a byte of HTTP's optional whitespace: space or tab.
func isOWS(c byte) bool { return c == ' ' || c == '\t' }

// parseLinkValue reads one link-value, steps 2.1 to 2.7 of RFC 8288's
// "Parsing a Link Field Value" with "Parsing Parameters" (B.3) and
// "Parsing a Quoted String" (B.4), keeping the target and the first rel,
// as and imagesrcset parameters. ok is false for an empty link-value and
// for one that is no link: not "<" first, or no ">".
func parseLinkValue(e string) (target, rel, as, srcset string, ok bool) {
	i := 0
	for i < len(e) && isOWS(e[i]) {
		i++
	}
	if i == len(e) || e[i] != '<' {
		return "", "", "", "", false
	}
	j := strings.IndexByte(e[i+1:], '>')
	if j < 0 {
		return "", "", "", "", false
	}
	target = strings.Trim(e[i+1:i+1+j], " \t")
	i += j + 2
	var haveRel, haveAs, haveSrcset bool
	for {
		for i < len(e) && isOWS(e[i]) {
			i++
		}
		if i == len(e) || e[i] != ';' {
			return target, rel, as, srcset, true
		}
		i++
		for i < len(e) && isOWS(e[i]) {
			i++
		}
		n := i
		for i < len(e) && !isOWS(e[i]) && e[i] != '=' && e[i] != ';' && e[i] != ',' {
			i++
		}
		name := e[n:i]
		for i < len(e) && isOWS(e[i]) {
			i++
		}
		value := ""
		if i < len(e) && e[i] == '=' {
			i++
			for i < len(e) && isOWS(e[i]) {
				i++
			}
			if i < len(e) && e[i] == '"' {
				value, i = quotedString(e, i)
			} else {
				v := i
				for i < len(e) && e[i] != ';' && e[i] != ',' {
					i++
				}
				value = e[v:i]
			}
		}
		switch {
		case !haveRel && asciiEqualFold(name, "rel"):
			rel, haveRel = value, true
		case !haveAs && asciiEqualFold(name, "as"):
			as, haveAs = value, true
		case !haveSrcset && asciiEqualFold(name, "imagesrcset"):
			srcset, haveSrcset = value, true
		}
	}
}

// quotedString is RFC 8288's "Parsing a Quoted String" at e[i], a '"': it
// returns the string's value and the offset after it. An unclosed string
// runs to the end.
func quotedString(e string, i int) (string, int) {
	i++
	start := i
	var b *bytes.Buffer // only when there is an escape
	for i < len(e) {
		switch c := e[i]; c {
		case '"':
			if b == nil {
				return e[start:i], i + 1
			}
			return b.String(), i + 1
		case '\\':
			if b == nil {
				b = bytes.NewBufferString(e[start:i])
			}
			i++
			if i < len(e) {
				b.WriteByte(e[i])
				i++
			}
		default:
			if b != nil {
				b.WriteByte(c)
			}
			i++
		}
	}
	if b == nil {
		return e[start:], i
	}
	return b.String(), i
}
