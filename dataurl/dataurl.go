package dataurl

import (
	"strings"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/errdetail"
	"github.com/weburl/weburl/internal/percent"
	"github.com/weburl/weburl/internal/quote"
	"github.com/weburl/weburl/internal/swar"
	"github.com/weburl/weburl/mimetype"
)

// DataURL is the Fetch Standard's data: URL struct: a MIME type and a
// body. A zero DataURL has the zero MIMEType (no MIME type, which
// serializes as "") and no body.
type DataURL struct {
	MIMEType mimetype.MIMEType
	Body     []byte
}

// Parse parses s as a URL without a base (weburl.Parse, as fetch(s) does)
// and runs the data: URL processor on it (see Process). Where the URL
// parser fails, the *Error wraps its *weburl.Error.
func Parse(s string) (*DataURL, error) {
	u, err := weburl.Parse(s)
	if err != nil {
		return nil, &Error{Op: opParse, Input: s, Err: err}
	}
	return Process(u)
}

// Process is the Fetch Standard's "data: URL processor": the MIME type
// and the body of u, a URL whose scheme is "data". The part of u's
// serialization (without its fragment) before the first "," is the MIME
// type, and the rest, percent-decoded, the body; a MIME type that ends in
// ";base64" (ASCII case-insensitive, spaces allowed before "base64") has
// a base64 body (see DecodeBase64), and loses that suffix. A MIME type
// that starts with ";" is read after "text/plain", and one that does not
// parse (or is empty) becomes text/plain;charset=US-ASCII, as in a
// browser.
//
// It returns an *Error naming the step that fails: no "," (step 7), a
// body that does not decode as base64 (step 11.3); and for a nil URL, the
// zero URL or a scheme other than "data" (the processor's assertion).
// The body is a new slice; it is never longer than u's serialization.
func Process(u *weburl.URL) (*DataURL, error) {
	if u == nil || u.Href() == "" {
		return nil, &Error{Op: opProcess, Err: errdetail.New(ErrNotDataURL, "no URL (nil or the zero URL)", nil)}
	}
	href := u.Href()
	// 1. Assert: dataURL's scheme is "data".
	if u.Scheme() != "data" {
		return nil, &Error{Op: opProcess, Input: href, Err: errdetail.New(ErrNotDataURL, "the scheme is "+quote.String(u.Scheme())+`, not "data"`, nil)}
	}
	// 2. input: the URL serializer with exclude fragment set to true.
	input := href
	if frag, ok := u.Fragment(); ok {
		input = href[:len(href)-len(frag)-1]
	}
	d, err := process(input)
	if err != nil {
		return nil, err
	}
	return d, nil
}

// process runs steps 3 to 15 of the data: URL processor on input, a data:
// URL serialized without its fragment.
func process(input string) (*DataURL, *Error) {
	// 3. Remove the leading "data:".
	rest := input[len("data:"):]
	// 4–5. mimeType: the code points up to ",".
	comma := strings.IndexByte(rest, ',')
	// 7. If position is past the end of input, return failure.
	if comma < 0 {
		return nil, &Error{Op: opProcess, Input: input, Err: ErrNoComma}
	}
	// 6. Strip leading and trailing ASCII whitespace from mimeType
	// (in a URL serialization, only spaces).
	mimeType := strings.Trim(rest[:comma], " \t\n\f\r")
	// 8–10. body: the rest, percent-decoded (below: into the result
	// itself when it is no base64).
	encodedBody := rest[comma+1:]
	var out []byte
	// 11. A MIME type that ends in ";", spaces and "base64".
	if t, ok := cutBase64(mimeType); ok {
		// 11.1–2. The body, isomorphic decoded, forgiving-base64 decoded
		// (decodeBase64 reads each byte as the code point of its value).
		b, f := decodeBase64(weburl.PercentDecode(encodedBody))
		// 11.3. If body is failure, return failure.
		if f != nil {
			return nil, &Error{Op: opProcess, Input: input, Err: errdetail.New(ErrBase64, "the body does not decode as forgiving base64: "+f.reason(" of the body"), nil)}
		}
		out = b
		// 11.4–6. Remove "base64", the spaces before it, and the ";".
		mimeType = t
	} else {
		out = percent.AppendDecode(make([]byte, 0, len(encodedBody)), encodedBody)
	}
	d := &DataURL{Body: out}
	// 12. A MIME type that starts with ";" is text/plain's parameters.
	if strings.HasPrefix(mimeType, ";") {
		mimeType = "text/plain" + mimeType
	} else {
		// The record keeps substrings of what it parses: a copy lets
		// the URL (which holds the whole body) go.
		mimeType = strings.Clone(mimeType)
	}
	// 13. Parse it; 14. failure is text/plain;charset=US-ASCII.
	m, err := mimetype.Parse(mimeType)
	if err != nil {
		m = defaultMIMEType()
	}
	d.MIMEType = m
	return d, nil
}

// cutBase64 reports whether mimeType ends with ";", zero or more spaces
// and "base64" in any ASCII case, and returns it without them.
func cutBase64(mimeType string) (string, bool) {
	n := len(mimeType) - len("base64")
	if n < 1 || !swar.EqualLower(mimeType[n:], "base64") {
		return "", false
	}
	t := strings.TrimRight(mimeType[:n], " ")
	if !strings.HasSuffix(t, ";") {
		return "", false
	}
	return t[:len(t)-1], true
}

// defaultMIMEType returns text/plain;charset=US-ASCII, the type of a
// data: URL whose type does not parse.
func defaultMIMEType() mimetype.MIMEType {
	m, _ := mimetype.Parse("text/plain;charset=US-ASCII")
	return m
}
