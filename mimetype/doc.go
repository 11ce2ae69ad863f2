// Package mimetype implements MIME types as the MIME Sniffing Standard
// defines them (https://mimesniff.spec.whatwg.org/#mime-types), which is
// how browsers read a Content-Type header, a data: URL's type, or a
// Blob's type: [Parse] is "parse a MIME type", [MIMEType.String]
// "serialize a MIME type", and [Extract] the Fetch Standard's "extract a
// MIME type" from a response's Content-Type headers.
//
// Where mime.ParseMediaType follows RFC 2045 and fails, returning no
// parameters at all, the standard's parser gives what a browser sees:
//
//	text/html;charset="x           text/html;charset=x
//	text/html; charset=            text/html
//	text/html;test;charset=gbk     text/html;charset=gbk
//	text/html;charset=gbk;charset=windows-1255   text/html;charset=gbk (the first wins)
//
// A MIME type fails to parse only when its type or subtype is missing or
// is not an HTTP token; a parameter that is not well-formed is left out.
// The type, subtype and parameter names are ASCII-lowercased; parameter
// values keep their case. A [MIMEType] is a value: a copy is independent,
// and fmt and encoding/json print it as its serialization.
//
// The package follows the standard's code points: a Go string is read as
// UTF-8 (an invalid byte as U+FFFD); a header's bytes, which a browser
// reads one code point per byte, go through [ParseBytes] or [Extract].
// It passes every case of the web-platform-tests MIME type data
// (mimesniff/mime-types/resources).
//
// # Errors
//
// Every error is an [*Error]: the operation, the input whole, the offset
// of the code point at fault, and in Err the reason, one of the sentinels
// ([ErrTypeNotToken], [ErrNoSlash], ...) in the words of the step that
// fails. Branch with errors.Is(err, mimetype.ErrNoSlash); errors.As gives
// the *Error and its Offset.
package mimetype
