package mimetype

import "github.com/weburl/weburl/internal/errquote"

// Error is why a string is not a MIME type, or why a change was refused:
// the operation, the input (whole; the message quotes at most 1 KiB of it)
// and the reason, in the words of the step of the MIME Sniffing Standard
// that returns failure.
type Error struct {
	Op     string // "parse", "set parameter", "extract" or "unmarshal"
	Input  string // the string given: the MIME type, the parameter, or the header values joined with ", "
	Reason string
}

// Error returns a message such as
// `mimetype: parse "text": no U+002F (/) follows the type`.
func (e *Error) Error() string {
	return "mimetype: " + e.Op + " " + errquote.Quote(e.Input) + ": " + e.Reason
}
