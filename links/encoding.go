package links

import (
	"bufio"
	"bytes"
	"io"

	"github.com/weburl/weburl/mimetype"
	"golang.org/x/net/html/charset"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
)

// prescanLen is how many bytes HTML's encoding sniffing looks at.
const prescanLen = 1024

// decode determines the document's character encoding as HTML's
// "encoding sniffing algorithm" does (through x/net's
// charset.DetermineEncoding): a byte order mark, else the charset of the
// Content-Type, else the <meta> prescan of the first 1024 bytes, else
// UTF-8 when those bytes are valid UTF-8 that is not all ASCII (the
// autodetection step HTML allows), else windows-1252, the default for
// most locales. It returns the document decoded to UTF-8, without its
// byte order mark, and the encoding for URL queries: HTML's "get an
// output encoding", which is nil (UTF-8) for UTF-8, UTF-16 and the
// replacement encoding.
func decode(br *bufio.Reader, contentType string) (io.Reader, encoding.Encoding, error) {
	head, err := br.Peek(prescanLen)
	if err != nil && err != io.EOF {
		return nil, nil, err
	}
	_, name, certain := charset.DetermineEncoding(head, charsetOnly(contentType))
	if !certain && name == "x-user-defined" {
		name = "windows-1252" // the prescan's rule; a Content-Type keeps it
	}
	// The encoding itself rather than x/net's wrapper, whose encoder writes
	// an unencodable code point as &#N; instead of failing: the URL parser
	// must see the failure to write %26%23N%3B.
	enc, err := htmlindex.Get(name)
	if err != nil {
		name, enc = "windows-1252", charmap.Windows1252
	}
	for _, bom := range [...]string{"\xef\xbb\xbf", "\xfe\xff", "\xff\xfe"} {
		if bytes.HasPrefix(head, []byte(bom)) {
			br.Discard(len(bom)) // the BOM decided the encoding; it is no text
			break
		}
	}
	text := transform.NewReader(br, enc.NewDecoder())
	switch name {
	case "utf-8", "utf-16be", "utf-16le", "replacement":
		return text, nil, nil
	}
	return text, enc, nil
}

// charsetOnly returns a Content-Type that holds only the charset of
// contentType, read as a browser reads that header, or "" when it labels
// no encoding. x/net's DetermineEncoding, which would read contentType
// with mime.ParseMediaType (RFC 2045, by which "text/html;charset=\"gbk"
// has no parameters), then reads it.
func charsetOnly(contentType string) string {
	if label, ok := contentTypeCharset(contentType); ok {
		return "text/plain; charset=" + label
	}
	return ""
}

// contentTypeCharset returns the Encoding Standard's name of the encoding
// that the charset parameter of contentType labels, as MIME Sniffing's
// "parse a MIME type" reads the header's bytes (package mimetype), when
// it labels one. The name, not the label: a label such as
// "iso_8859-2:1987" is no RFC 2045 token, so charsetOnly's header would
// lose it.
func contentTypeCharset(contentType string) (string, bool) {
	m, err := mimetype.ParseBytes([]byte(contentType))
	if err != nil {
		return "", false
	}
	return m.Charset()
}

// decodeCSS decodes a style sheet as CSS Syntax's "The input byte stream"
// says: the Encoding Standard's decode, whose byte order mark wins over
// the fallback encoding, and "determine the fallback encoding": the
// charset of the Content-Type if the Encoding Standard knows its label,
// else the label of a @charset "…"; rule at the very start of the first
// 1024 bytes (UTF-16 labels there meaning UTF-8), else UTF-8. The
// referring document's encoding, which CSS Syntax puts before UTF-8, is
// not known here.
func decodeCSS(br *bufio.Reader, contentType string) (io.Reader, error) {
	head, err := br.Peek(prescanLen)
	if err != nil && err != io.EOF {
		return nil, err
	}
	for _, b := range [...]struct {
		bom string
		enc encoding.Encoding
	}{
		{"\xef\xbb\xbf", unicode.UTF8},
		{"\xfe\xff", unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM)},
		{"\xff\xfe", unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM)},
	} {
		if bytes.HasPrefix(head, []byte(b.bom)) {
			br.Discard(len(b.bom))
			return transform.NewReader(br, b.enc.NewDecoder()), nil
		}
	}
	enc := encoding.Encoding(nil)
	if label, ok := contentTypeCharset(contentType); ok {
		enc, _ = htmlindex.Get(label)
	}
	if enc == nil {
		if label, ok := charsetRule(head); ok {
			if e, err := htmlindex.Get(label); err == nil {
				enc = e
				if name, _ := htmlindex.Name(e); name == "utf-16be" || name == "utf-16le" {
					enc = unicode.UTF8
				}
			}
		}
	}
	if enc == nil {
		enc = unicode.UTF8
	}
	return transform.NewReader(br, enc.NewDecoder()), nil
}

// charsetRule returns the label of the byte sequence that CSS Syntax
// recognizes as an encoding declaration: `@charset "`, bytes of 0x00 to
// 0x7F but '"', and `";`, at the start of the first 1024 bytes.
func charsetRule(head []byte) (string, bool) {
	const prefix = `@charset "`
	if !bytes.HasPrefix(head, []byte(prefix)) {
		return "", false
	}
	rest := head[len(prefix):]
	for i, c := range rest {
		switch {
		case c == '"':
			if i+1 < len(rest) && rest[i+1] == ';' {
				return string(rest[:i]), true
			}
			return "", false
		case c > 0x7F:
			return "", false
		}
	}
	return "", false
}
