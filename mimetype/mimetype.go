package mimetype

import (
	"iter"
	"strings"

	"github.com/weburl/weburl/internal/ascii"
	"github.com/weburl/weburl/internal/encoding"
	"github.com/weburl/weburl/internal/quote"
	"github.com/weburl/weburl/internal/swar"
)

// MIMEType is a MIME type record: a type, a subtype and parameters, an
// ordered map of names to values. The type, the subtype and the names are
// in ASCII lowercase and HTTP tokens; a value is a string of HTTP
// quoted-string token code points (U+0009 TAB, U+0020 to U+007E, U+0080 to
// U+00FF), written in UTF-8.
//
// The zero MIMEType, like a nil *MIMEType, is no MIME type: its type,
// subtype, essence and serialization are empty and it has no parameters.
// Copy a MIMEType with Clone: a plain copy shares its parameters.
type MIMEType struct {
	essence string // type "/" subtype
	slash   int    // the offset of "/" in essence
	params  []param
}

type param struct{ name, value string }

// Type returns the type, such as "text" for text/html.
func (m *MIMEType) Type() string {
	if m == nil || m.essence == "" {
		return ""
	}
	return m.essence[:m.slash]
}

// Subtype returns the subtype, such as "html" for text/html.
func (m *MIMEType) Subtype() string {
	if m == nil || m.essence == "" {
		return ""
	}
	return m.essence[m.slash+1:]
}

// Essence returns the essence: the type, "/", and the subtype, such as
// "text/html" for text/html;charset=utf-8.
func (m *MIMEType) Essence() string {
	if m == nil {
		return ""
	}
	return m.essence
}

// Param returns the value of the parameter named name, compared ASCII
// case-insensitively (names are stored in lowercase), and whether there is
// one.
func (m *MIMEType) Param(name string) (string, bool) {
	if m == nil {
		return "", false
	}
	if i := indexParam(m.params, name); i >= 0 {
		return m.params[i].value, true
	}
	return "", false
}

// Params yields each parameter's name and value, in order.
func (m *MIMEType) Params() iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		if m == nil {
			return
		}
		for _, p := range m.params {
			if !yield(p.name, p.value) {
				return
			}
		}
	}
}

// SetParam sets the parameter named name, in ASCII lowercase, to value:
// in its place when the MIME type has one by that name, else after the
// others. It refuses, with an *Error, what would not parse back: an empty
// name, a name that is not an HTTP token, a value with a code point that
// is not an HTTP quoted-string token code point (a control other than
// TAB, U+007F, or one above U+00FF); and a change to the zero MIMEType or
// nil, which has no type. An empty value is kept, serialized as "".
func (m *MIMEType) SetParam(name, value string) error {
	fail := func(reason string, at int) error {
		return &Error{Op: "set parameter", Input: name + "=" + value, Reason: reason, at: at}
	}
	switch {
	case m == nil || m.essence == "":
		return fail("the MIME type has no type (it is the zero MIMEType or nil)", 0)
	case name == "":
		return fail("the name is the empty string", 0)
	}
	if i := ascii.FirstNotToken(name); i >= 0 {
		return fail("the name does not solely contain HTTP token code points: "+quote.CodePoint(name, i), i)
	}
	if i := firstNotQuotedStringToken(value); i >= 0 {
		return fail("the value does not solely contain HTTP quoted-string token code points: "+quote.CodePoint(value, i), len(name)+1+i)
	}
	if i := indexParam(m.params, name); i >= 0 {
		m.params[i].value = value
		return nil
	}
	m.params = append(m.params, param{swar.ToLower(name), value})
	return nil
}

// Charset returns the name of the encoding that the charset parameter
// labels, as the Encoding Standard's "get an encoding" finds it, such as
// "windows-1252" for charset=ISO-8859-1 or "UTF-8" for charset=utf8: what
// Fetch's "legacy extract an encoding" gives, without its fallback. ok is
// false when there is no charset parameter or its value is no encoding's
// label; a browser then decodes with the fallback encoding of the
// document or resource.
func (m *MIMEType) Charset() (name string, ok bool) {
	label, ok := m.Param("charset")
	if !ok {
		return "", false
	}
	return encoding.LabelToName(label)
}

// Clone returns a copy of m that shares nothing with it: nil for nil.
func (m *MIMEType) Clone() *MIMEType {
	if m == nil {
		return nil
	}
	c := *m
	c.params = append([]param(nil), m.params...)
	return &c
}

// String is the standard's "serialize a MIME type": the essence, then
// ";name=value" for each parameter, the value quoted (with " and \
// escaped by a \) when it is empty or not an HTTP token. It is "" for the
// zero MIMEType and nil.
func (m *MIMEType) String() string {
	if m == nil {
		return ""
	}
	if len(m.params) == 0 {
		return m.essence
	}
	return string(m.appendString(nil))
}

// appendString appends the serialization (see String).
func (m *MIMEType) appendString(b []byte) []byte {
	// 1. type, "/", subtype.
	b = append(b, m.essence...)
	// 2. For each name → value: ";", name, "=", and value, quoted when
	// it does not solely contain HTTP token code points or is empty.
	for _, p := range m.params {
		b = append(b, ';')
		b = append(b, p.name...)
		b = append(b, '=')
		if p.value != "" && isToken(p.value) {
			b = append(b, p.value...)
			continue
		}
		b = append(b, '"')
		v := p.value
		for {
			i := strings.IndexAny(v, `"\`)
			if i < 0 {
				break
			}
			b = append(b, v[:i]...)
			b = append(b, '\\', v[i])
			v = v[i+1:]
		}
		b = append(b, v...)
		b = append(b, '"')
	}
	return b
}

// AppendText appends the serialization (see String) to b.
func (m *MIMEType) AppendText(b []byte) ([]byte, error) {
	if m == nil {
		return b, nil
	}
	return m.appendString(b), nil
}

// MarshalText returns the serialization (see String), so that a MIME type
// is a string in JSON.
func (m *MIMEType) MarshalText() ([]byte, error) { return m.AppendText(nil) }

// UnmarshalText parses text (see Parse) into m, which it leaves unchanged
// on an error.
func (m *MIMEType) UnmarshalText(text []byte) error {
	if m == nil {
		return &Error{Op: "unmarshal", Input: string(text), Reason: "into a nil *MIMEType"}
	}
	s := string(text)
	p, f := parse(s)
	if p == nil {
		return &Error{Op: "unmarshal", Input: s, Reason: f.reason(s), at: f.at}
	}
	*m = *p
	return nil
}
