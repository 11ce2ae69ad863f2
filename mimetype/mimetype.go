package mimetype

import (
	"iter"
	"strings"

	"github.com/weburl/weburl/internal/ascii"
	"github.com/weburl/weburl/internal/encoding"
	"github.com/weburl/weburl/internal/swar"
)

// MIMEType is a MIME type record: a type, a subtype and parameters, an
// ordered map of names to values. The type, the subtype and the names are
// in ASCII lowercase and HTTP tokens; a value is a string of HTTP
// quoted-string token code points (U+0009 TAB, U+0020 to U+007E, U+0080 to
// U+00FF), written in UTF-8.
//
// A MIMEType is a value, as a string is: a copy made by assignment is
// independent of the original (SetParam on one leaves the other as it
// was), and fmt and encoding/json print it as its serialization. The zero
// MIMEType is no MIME type: its type, subtype, essence and serialization
// are empty and it has no parameters.
type MIMEType struct {
	essence string // type "/" subtype
	slash   int    // the offset of "/" in essence
	// params is never written in place once a MIMEType holds it: SetParam
	// makes a new slice, so copies share it safely.
	params []param
}

type param struct{ name, value string }

// Type returns the type, such as "text" for text/html.
func (m MIMEType) Type() string {
	if m.essence == "" {
		return ""
	}
	return m.essence[:m.slash]
}

// Subtype returns the subtype, such as "html" for text/html.
func (m MIMEType) Subtype() string {
	if m.essence == "" {
		return ""
	}
	return m.essence[m.slash+1:]
}

// Essence returns the essence: the type, "/", and the subtype, such as
// "text/html" for text/html;charset=utf-8.
func (m MIMEType) Essence() string { return m.essence }

// Param returns the value of the parameter named name, compared ASCII
// case-insensitively (names are stored in lowercase), and whether there is
// one.
func (m MIMEType) Param(name string) (string, bool) {
	if i := indexParam(m.params, name); i >= 0 {
		return m.params[i].value, true
	}
	return "", false
}

// Params yields each parameter's name and value, in order.
func (m MIMEType) Params() iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		for _, p := range m.params {
			if !yield(p.name, p.value) {
				return
			}
		}
	}
}

// SetParam sets the parameter named name, in ASCII lowercase, to value in
// m alone (a copy of m made before keeps its parameters): in its place
// when m has one by that name, else after the others. It refuses, with an
// *Error, what would not parse back: an empty name (ErrNameEmpty), a name
// that is not an HTTP token (ErrNameNotToken), a value with a code point
// that is not an HTTP quoted-string token code point, a control other than
// TAB, U+007F, or one above U+00FF (ErrValueNotQuotedStringToken); and a
// change to the zero MIMEType (ErrNoType) or through a nil *MIMEType
// (ErrNilMIMEType). An empty value is kept, serialized as "".
func (m *MIMEType) SetParam(name, value string) error {
	fail := func(err error, at int) error {
		return &Error{Op: "set parameter", Input: name + "=" + value, Offset: at, Err: err}
	}
	switch {
	case m == nil:
		return fail(ErrNilMIMEType, 0)
	case m.essence == "":
		return fail(ErrNoType, 0)
	case name == "":
		return fail(ErrNameEmpty, 0)
	}
	if i := ascii.FirstNotToken(name); i >= 0 {
		return fail(ErrNameNotToken, i)
	}
	if i := firstNotQuotedStringToken(value); i >= 0 {
		return fail(ErrValueNotQuotedStringToken, len(name)+1+i)
	}
	// Copy on write: the old slice may be a copy's too.
	i := indexParam(m.params, name)
	n := len(m.params)
	if i < 0 {
		n++
	}
	params := make([]param, len(m.params), n)
	copy(params, m.params)
	if i >= 0 {
		params[i].value = value
	} else {
		params = append(params, param{swar.ToLower(name), value})
	}
	m.params = params
	return nil
}

// Charset returns the name of the encoding that the charset parameter
// labels and true, or "" and false. It is the Encoding Standard's "get an
// encoding" of the label, such as "windows-1252" for charset=ISO-8859-1 or
// "UTF-8" for charset=utf8: what Fetch's "legacy extract an encoding"
// gives, without its fallback. ok is
// false when there is no charset parameter or its value is no encoding's
// label; a browser then decodes with the fallback encoding of the
// document or resource.
func (m MIMEType) Charset() (name string, ok bool) {
	label, ok := m.Param("charset")
	if !ok {
		return "", false
	}
	return encoding.LabelToName(label)
}

// String is the standard's "serialize a MIME type": the essence, then
// ";name=value" for each parameter, the value quoted (with " and \
// escaped by a \) when it is empty or not an HTTP token. It is "" for the
// zero MIMEType.
func (m MIMEType) String() string {
	if len(m.params) == 0 {
		return m.essence
	}
	return string(m.appendString(nil))
}

// appendString appends the serialization (see String).
func (m MIMEType) appendString(b []byte) []byte {
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
func (m MIMEType) AppendText(b []byte) ([]byte, error) { return m.appendString(b), nil }

// MarshalText returns the serialization (see String), so that a MIME type
// is a string in JSON.
func (m MIMEType) MarshalText() ([]byte, error) { return m.appendString(nil), nil }

// UnmarshalText parses text (see Parse) into m, which it leaves unchanged
// on an error.
func (m *MIMEType) UnmarshalText(text []byte) error {
	s := string(text)
	if m == nil {
		return &Error{Op: "unmarshal", Input: s, Err: ErrNilMIMEType}
	}
	p, f := parse(s)
	if f.err != nil {
		return &Error{Op: "unmarshal", Input: s, Offset: f.at, Err: f.err}
	}
	*m = p
	return nil
}
