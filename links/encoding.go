package links

import (
	"bufio"
	"bytes"
	"io"

	"golang.org/x/net/html/charset"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"
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
	_, name, certain := charset.DetermineEncoding(head, contentType)
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
