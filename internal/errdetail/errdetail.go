// Package errdetail is the one way a package's Err sentinel carries the
// words of one failure and the error underneath it, as the v1 vocabulary
// allows (CONTRIBUTING.md): errors.Is finds the sentinel and the cause,
// errors.As the cause's type, and the message is the failure's own words.
package errdetail

// Error is Reason, a package's sentinel (or the root's ErrorName), with
// the Words of this failure and the Cause underneath it, if any.
type Error struct {
	Reason error
	Words  string // the message; Reason's own when empty
	Cause  error  // or nil; its message follows the words
}

// New returns reason with words and cause (nil for none).
func New(reason error, words string, cause error) error {
	return &Error{Reason: reason, Words: words, Cause: cause}
}

// Error returns the words, and the cause's message after ": ".
func (e *Error) Error() string {
	w := e.Words
	if w == "" {
		w = e.Reason.Error()
	}
	if e.Cause == nil {
		return w
	}
	return w + ": " + e.Cause.Error()
}

// Unwrap returns the reason and the cause.
func (e *Error) Unwrap() []error {
	if e.Cause == nil {
		return []error{e.Reason}
	}
	return []error{e.Reason, e.Cause}
}
