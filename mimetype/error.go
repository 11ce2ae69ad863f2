package mimetype

import "github.com/weburl/weburl/internal/quote"

// Error is why a string is not a MIME type, or why a change was refused:
// the operation, the input (whole; the message quotes at most 1 KiB of it,
// around the code point at fault when the reason names one) and the
// reason, in the words of the step of the MIME Sniffing Standard that
// returns failure.
type Error struct {
	Op     string // "parse", "set parameter", "extract" or "unmarshal"
	Input  string // the string given: the MIME type, the parameter, or the header values joined with ", "
	Reason string

	at int // the offset in Input of the code point the reason names, else 0
}

// Error returns a message such as
// `mimetype: parse "text": no U+002F (/) follows the type`.
func (e *Error) Error() string {
	return "mimetype: " + e.Op + " " + quote.At(e.Input, e.at) + ": " + e.Reason
}
