package links

import (
	"bytes"
	"strings"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/swar"
)

// ParseLinkHeader returns the links of an HTTP Link header field (RFC
// 8288, Web Linking) resolved against base, the URL of the response that
// carries the field. values are the field's values as net/http keeps them
// (resp.Header.Values("Link"), one string per field line); base is the
// response's URL after redirects, as RFC 8288 resolves against it, never
// against a base URL of the body. A nil base leaves relative links
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
	var h headerParser
	return h.parse(values, base)
}

// headerParser reads Link field values, counting its work: the bytes it
// steps over (the hostile tests hold it linear).
type headerParser struct{ work int }

// parse is ParseLinkHeader.
func (h *headerParser) parse(values []string, base *weburl.URL) []Link {
	var out []Link
	var p weburl.Parser // UTF-8
	add := func(l Link) {
		l.URL, l.Err = p.Parse(l.Raw, base)
		out = append(out, l)
	}
	for _, v := range values {
		for start := 0; start <= len(v); {
			end := h.valueEnd(v, start)
			target, rel, as, srcset, ok := h.value(v[start:end])
			start = end + 1
			if !ok {
				continue
			}
			kind := relKind(rel)
			if target != "" {
				add(Link{Raw: target, Tag: "link", Attr: "href", Rel: rel, Kind: kind})
			}
			if srcset != "" && hasRel(rel, "preload") && swar.EqualLower(trimSpace(as), "image") {
				parseSrcset(srcset, func(u string) bool {
					add(Link{Raw: u, Tag: "link", Attr: "imagesrcset", Rel: rel, Kind: Resource})
					return true
				})
			}
		}
	}
	return out
}

// valueEnd returns the offset of the comma that ends the link-value
// starting at start in v, or len(v): the first comma outside a quoted
// string (where a backslash escapes the next byte) and outside < >.
func (h *headerParser) valueEnd(v string, start int) int {
	quoted, angle := false, false
	for i := start; i < len(v); i++ {
		h.work++
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

// value reads one link-value, steps 2.1 to 2.7 of RFC 8288's "Parsing a
// Link Field Value" with "Parsing Parameters" (B.3) and "Parsing a Quoted
// String" (B.4), keeping the target and the first rel, as and imagesrcset
// parameters. ok is false for an empty link-value and for one that is no
// link: not "<" first, or no ">".
func (h *headerParser) value(e string) (target, rel, as, srcset string, ok bool) {
	// upTo returns the offset of the first byte from i on for which stop
	// holds, or len(e).
	upTo := func(i int, stop func(byte) bool) int {
		for ; i < len(e) && !stop(e[i]); i++ {
			h.work++
		}
		return i
	}
	notOWS := func(c byte) bool { return !isOWS(c) }
	i := upTo(0, notOWS)
	if i == len(e) || e[i] != '<' {
		return "", "", "", "", false
	}
	j := upTo(i+1, func(c byte) bool { return c == '>' })
	if j == len(e) {
		return "", "", "", "", false
	}
	target = strings.Trim(e[i+1:j], " \t")
	i = j + 1
	var haveRel, haveAs, haveSrcset bool
	for {
		h.work++
		i = upTo(i, notOWS)
		if i == len(e) || e[i] != ';' {
			return target, rel, as, srcset, true
		}
		i = upTo(i+1, notOWS)
		n := i
		i = upTo(i, func(c byte) bool { return isOWS(c) || c == '=' || c == ';' || c == ',' })
		name := e[n:i]
		i = upTo(i, notOWS)
		value := ""
		if i < len(e) && e[i] == '=' {
			i = upTo(i+1, notOWS)
			if i < len(e) && e[i] == '"' {
				var end int
				value, end = quotedString(e, i)
				h.work += end - i
				i = end
			} else {
				v := i
				i = upTo(i, func(c byte) bool { return c == ';' || c == ',' })
				value = strings.TrimRight(e[v:i], " \t") // the OWS before the next ';'
			}
		}
		switch {
		case !haveRel && swar.EqualLower(name, "rel"):
			rel, haveRel = value, true
		case !haveAs && swar.EqualLower(name, "as"):
			as, haveAs = value, true
		case !haveSrcset && swar.EqualLower(name, "imagesrcset"):
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
