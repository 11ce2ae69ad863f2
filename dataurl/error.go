package dataurl

import "github.com/weburl/weburl/internal/errquote"

// Error is why a URL is no data: URL, or a string no forgiving base64:
// the operation, the input (whole; the message quotes at most 1 KiB of it),
// and the reason, in the words of the step of the Fetch Standard's data:
// URL processor or the Infra Standard's forgiving-base64 decode that
// returns failure.
type Error struct {
	Op     string // "parse", "process" or "forgiving-base64 decode"
	Input  string // the string given, or the URL serialized without its fragment
	Reason string
	Err    error // the *weburl.Error where the URL parser failed
}

// Error returns a message such as
// `dataurl: process "data:text/html": no U+002C (,) follows the MIME type`,
// or the URL parser's message after "dataurl: parse: ".
func (e *Error) Error() string {
	if e.Reason == "" && e.Err != nil {
		return "dataurl: " + e.Op + ": " + e.Err.Error()
	}
	return "dataurl: " + e.Op + " " + errquote.Quote(e.Input) + ": " + e.Reason
}

// Unwrap returns the URL parser's error, if any.
func (e *Error) Unwrap() error { return e.Err }
