package playground

import (
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"strings"
	"unicode/utf8"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/dataurl"
	"github.com/weburl/weburl/mimetype"
)

// MaxDataShown is how many bytes of a data: URL's body the page shows, as
// text or in a hex dump. An image is previewed whole: its body is never
// longer than the URL, which is at most MaxBody.
const MaxDataShown = 4 << 10

// DataView is a data: URL as the Fetch Standard's data: URL processor reads
// it (package dataurl): its MIME type, and its body, the first MaxDataShown
// bytes of it as text or in a hex dump.
type DataView struct {
	// Error is the processor's failure, where fetch() gives a network
	// error; the other fields are empty with it.
	Error string `json:"error"`

	MIMEType string      `json:"mimeType"` // serialized
	Essence  string      `json:"essence"`
	Params   [][2]string `json:"params"`
	// Encoding is the Encoding Standard's name for the charset parameter
	// ("windows-1252" for US-ASCII), "" without one or for a label it
	// does not know.
	Encoding string `json:"encoding"`

	Length int `json:"length"` // the body's length in bytes
	Shown  int `json:"shown"`  // how many of its first bytes Text or Hex show

	// Text is the shown bytes where the type is text (MIME Sniffing's
	// text/*, JavaScript, JSON and XML MIME types) and they decode as the
	// charset says: ASCII, or UTF-8 under a UTF-8 charset. Hex is
	// encoding/hex's dump of them otherwise, and always for an image;
	// HexReason says why they are not text.
	Text      *string `json:"text"`
	Hex       string  `json:"hex"`
	HexReason string  `json:"hexReason"`

	// Image is the whole body in base64 where the type is an image MIME
	// type (type "image"), for the page's preview.
	Image string `json:"image"`
}

func dataView(u *weburl.URL) *DataView {
	d, err := dataurl.Process(u)
	if err != nil {
		return &DataView{Error: err.Error()}
	}
	m := d.MIMEType
	v := &DataView{MIMEType: m.String(), Essence: m.Essence(), Params: [][2]string{}, Length: len(d.Body)}
	for n, p := range m.Params() {
		v.Params = append(v.Params, [2]string{n, p})
	}
	v.Encoding, _ = m.Charset()
	shown := d.Body
	if len(shown) > MaxDataShown {
		n := MaxDataShown
		for n > MaxDataShown-utf8.UTFMax && n > 0 && !utf8.RuneStart(shown[n]) {
			n-- // end text before a code point, not inside one
		}
		shown = shown[:n]
	}
	v.Shown = len(shown)
	image := m.Type() == "image"
	switch {
	case !textual(m):
		v.HexReason = "the type is not text"
	case asciiIncompatible(v.Encoding, shown):
		v.HexReason = "the charset is " + v.Encoding + ", whose bytes are not ASCII's"
	case !isASCII(shown) && v.Encoding != "UTF-8":
		v.HexReason = "the bytes are not ASCII and the charset is not UTF-8"
		if v.Encoding != "" {
			v.HexReason = "the bytes are not ASCII and the charset is " + v.Encoding
		}
	case !utf8.Valid(shown):
		v.HexReason = "the bytes are not UTF-8"
	default:
		s := string(shown)
		v.Text = &s
	}
	if v.Text == nil || image {
		v.Hex = hex.Dump(shown)
	}
	if image {
		v.Image = base64.StdEncoding.EncodeToString(d.Body)
	}
	return v
}

// textual reports whether m is a type whose body is text: type "text", or
// one of MIME Sniffing's JavaScript, JSON or XML MIME types (§4.6, MIME
// type groups), which include image/svg+xml.
func textual(m mimetype.MIMEType) bool {
	sub := m.Subtype()
	switch {
	case m.Type() == "text", strings.HasSuffix(sub, "+json"), strings.HasSuffix(sub, "+xml"):
		return true
	}
	switch m.Essence() {
	case "application/json", "application/xml",
		"application/ecmascript", "application/javascript", "application/x-ecmascript", "application/x-javascript":
		return true
	}
	return false
}

// asciiIncompatible reports whether the encoding named reads ASCII bytes
// as other text: UTF-16 and replacement always, ISO-2022-JP after ESC.
func asciiIncompatible(name string, b []byte) bool {
	switch name {
	case "UTF-16LE", "UTF-16BE", "replacement":
		return true
	case "ISO-2022-JP":
		return bytes.IndexByte(b, 0x1b) >= 0
	}
	return false
}

func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
