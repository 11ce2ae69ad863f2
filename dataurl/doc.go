// Package dataurl reads data: URLs as browsers do: the Fetch Standard's
// "data: URL processor" (https://fetch.spec.whatwg.org/#data-urls), which
// replaces RFC 2397's processing, on URLs parsed by weburl. It gives the
// MIME type (a [mimetype.MIMEType], as MIME Sniffing parses it, with
// text/plain;charset=US-ASCII for a type that does not parse) and the body
// bytes, percent-decoded and, after ";base64", decoded by the Infra
// Standard's forgiving-base64 decode ([DecodeBase64], which is also what
// atob() does).
//
//	d, err := dataurl.Parse("data:image/png;base64,iVBORw0KGgo=")
//	d.MIMEType.Essence() // "image/png"
//	d.Body               // "\x89PNG\r\n\x1a\n"
//
// A data: URL found in a page is resolved like any other link and then
// given to [Process]; [Parse] is weburl.Parse and Process in one call. The
// processor fails only where a browser's fetch of the URL gives a network
// error: a URL that does not parse, no "," after the type, or a base64 body
// that does not decode.
//
// # Errors
//
// Errors are *Error values that name the Op, the Input (quoted in the
// message, cut at 1 KiB) and, for a code point at fault, its Offset; Err
// is why: ErrNotDataURL, ErrNoComma or ErrBase64, with the words of the
// step that fails, or, for Parse, the *weburl.Error of the URL parser.
// errors.Is finds the sentinel (or a weburl.ErrorName through the
// *weburl.Error); errors.As the *Error.
//
// To serve a data: URL as Fetch's scheme fetch does, answer 200 with a
// Content-Type of d.MIMEType.String() and the body d.Body. The package
// passes every case of the web-platform-tests data (fetch/data-urls/
// resources: data-urls.json and base64.json).
package dataurl
