package urlpattern

import (
	"strconv"

	"github.com/weburl/weburl/internal/quote"
)

// Error is the error of a pattern that cannot be built: the pattern
// string it was found in (as read: invalid UTF-8 becomes U+FFFD), the component it belongs to (empty for an
// error in a constructor string or a base URL), the byte offset in
// Pattern where the offending token starts (-1 when the error is not at
// one place, such as a base URL that does not parse), and the reason, in
// the words of the URL Pattern Standard's step that throws.
type Error struct {
	Pattern   string
	Component string
	Offset    int
	Reason    string
	Err       error // the underlying error, if any: a *weburl.Error or a regular expression's syntax error
}

// Error returns a message such as
// `urlpattern: pathname "/:id(" at offset 4: the regular expression group is not closed`.
// A pattern longer than 1 KiB is quoted around the offset only, saying how
// much was left out (Pattern keeps it whole).
func (e *Error) Error() string {
	s := "urlpattern: "
	if e.Component != "" {
		s += e.Component + " "
	}
	s += quote.At(e.Pattern, e.Offset)
	if e.Offset >= 0 {
		s += " at offset " + strconv.Itoa(e.Offset)
	}
	s += ": " + e.Reason
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

// Unwrap returns the underlying error, if any.
func (e *Error) Unwrap() error { return e.Err }

// Reasons, after the steps of the spec that throw.
const (
	reasonEscapeAtEnd              = `"\" is the last code point of the pattern`
	reasonEmptyName                = `":" is not followed by a name (an ECMAScript identifier)`
	reasonRegexpNotASCII           = "a regular expression group holds a code point that is not ASCII"
	reasonRegexpStartsWithQuestion = `a regular expression group starts with "?"`
	reasonRegexpEscapeAtEnd        = `a regular expression group ends in "\"`
	reasonRegexpUnclosed           = "a regular expression group is not closed"
	reasonRegexpCapturingGroup     = `a regular expression group holds a capturing group: "(" must be followed by "?"`
	reasonRegexpEmpty              = "a regular expression group is empty"
	reasonRequiredToken            = "expected %s"
	reasonDuplicateName            = "a group name is used twice"
	reasonRegexpInvalid            = "the regular expression does not compile"
	reasonNoProtocol               = "a pattern string without a base URL must have a protocol"
	reasonBaseWithInit             = "a base URL is given with an Init instead of with a string"
	reasonBaseURL                  = "the base URL does not parse"
	reasonInvalidInit              = "the value is not valid for the component"
	reasonIPv6                     = "an IPv6 hostname pattern holds a code point other than hex digits, '[', ']' and ':'"
	reasonBudget                   = "the pattern exceeds its compile budget"
)
