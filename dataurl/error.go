package dataurl

import (
	"errors"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/quote"
)

// Error is why a URL is no data: URL, or a string no forgiving base64: Op
// ("parse", "process" or "forgiving-base64 decode"), the Input (whole; the
// message quotes at most 1 KiB of it, around Offset), the Offset in Input
// of the code point at fault where the reason names one (else 0), and Err
// why: ErrNotDataURL, ErrNoComma or ErrBase64, with the words of the step
// of the Fetch Standard's data: URL processor or the Infra Standard's
// forgiving-base64 decode that returns failure; or, for "parse", the
// *weburl.Error of the URL parser.
type Error struct {
	Op     string
	Input  string // the string given, or the URL serialized without its fragment
	Offset int
	Err    error
}

// Error returns a message such as
// `dataurl: process "data:text/html": no U+002C (,) follows the MIME type`,
// or the URL parser's message after "dataurl: parse: ".
func (e *Error) Error() string {
	var we *weburl.Error
	if errors.As(e.Err, &we) && e.Op == opParse {
		return "dataurl: " + e.Op + ": " + e.Err.Error()
	}
	s := "dataurl: " + e.Op + " " + quote.At(e.Input, e.Offset)
	if e.Err == nil {
		return s + ": failed"
	}
	return s + ": " + e.Err.Error()
}

// Unwrap returns Err.
func (e *Error) Unwrap() error { return e.Err }

// The reasons of an Error's Err; errors.Is finds them.
var (
	// ErrNotDataURL: Process was given a nil URL, the zero URL, or a URL
	// whose scheme is not "data" (the processor's assertion).
	ErrNotDataURL = errors.New("not a data: URL")
	// ErrNoComma: no "," follows the MIME type (the processor's step 7).
	ErrNoComma = errors.New("no U+002C (,) follows the MIME type")
	// ErrBase64: forgiving-base64 decode returns failure (the processor's
	// step 11.3, and DecodeBase64).
	ErrBase64 = errors.New("not forgiving base64")
)

// The Ops of the package's errors.
const (
	opParse   = "parse"
	opProcess = "process"
	opBase64  = "forgiving-base64 decode"
)
