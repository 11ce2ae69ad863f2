package urlpattern

import (
	"errors"
	"strconv"

	"github.com/weburl/weburl/internal/errdetail"
	"github.com/weburl/weburl/internal/quote"
)

// Error is the error of a pattern that cannot be built, or of Generate:
// Op says which ("new" for New, NewInit and Options.New, MustNew's
// panics, and List's; "generate" for Generate), Pattern the pattern string
// it was found in (as read: invalid UTF-8 becomes U+FFFD), Component the
// component it belongs to (NoComponent for an error in a constructor string
// as a whole or in a base URL), Offset the byte offset in Pattern where the
// offending token starts (-1 when the error is not at one place, such as a
// base URL that does not parse), and Err why: one of the Err sentinels,
// with the words of the URL Pattern Standard's step that throws, and the
// error underneath where there is one (a *weburl.Error, a regular
// expression's syntax error), which errors.As finds.
type Error struct {
	Op        string
	Pattern   string
	Component Component
	Offset    int
	Err       error
}

// NoComponent is the Component of an Error that belongs to none.
const NoComponent Component = -1

// Error returns a message such as
// `urlpattern: new pathname "/:id(" at offset 4: a regular expression group is not closed`.
// A pattern longer than 1 KiB is quoted around the offset only, saying how
// much was left out (Pattern keeps it whole).
func (e *Error) Error() string {
	s := "urlpattern: " + e.Op + " "
	if e.Component != NoComponent {
		s += e.Component.String() + " "
	}
	s += quote.At(e.Pattern, e.Offset)
	if e.Offset >= 0 {
		s += " at offset " + strconv.Itoa(e.Offset)
	}
	if e.Err == nil {
		return s + ": failed"
	}
	return s + ": " + e.Err.Error()
}

// Unwrap returns Err.
func (e *Error) Unwrap() error { return e.Err }

// The reasons an Error gives, in Err; errors.Is finds them.
var (
	// ErrSyntax: the pattern string is not in the pattern syntax (a
	// tokenizing or parsing error), or a constructor string is not.
	ErrSyntax = errors.New("invalid pattern syntax")
	// ErrRegexp: a regular expression group does not compile as an
	// ECMAScript regular expression with the v flag.
	ErrRegexp = errors.New("the regular expression does not compile")
	// ErrNoProtocol: a constructor string without a base URL has no
	// protocol.
	ErrNoProtocol = errors.New("a pattern string without a base URL must have a protocol")
	// ErrBaseURL: the base URL does not parse.
	ErrBaseURL = errors.New("the base URL does not parse")
	// ErrInvalidValue: a component's value, or fixed text in its pattern,
	// is not valid for it (its encoding callback, weburl's setter,
	// fails).
	ErrInvalidValue = errors.New("the value is not valid for the component")
	// ErrBudget: the pattern exceeds its compile budget
	// (Options.CompileBudget).
	ErrBudget = errors.New("the pattern exceeds its compile budget")
	// ErrGenerate: Generate has no single value to give for the
	// component (a modifier, a wildcard or regexp group, a group
	// missing or whose value does not fit), or was given no component or
	// the zero Pattern.
	ErrGenerate = errors.New("no value to generate")
)

// because is reason with the words of this failure and its cause, if any.
func because(reason error, words string, cause error) error {
	return errdetail.New(reason, words, cause)
}

// newError is the *Error of Op "new" at offset off (-1: none), in no
// component until the caller names one.
func newError(off int, err error) *Error {
	return &Error{Op: opNew, Component: NoComponent, Offset: off, Err: err}
}

// The Ops of the package's errors.
const (
	opNew      = "new"
	opGenerate = "generate"
)

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
	reasonIPv6                     = "an IPv6 hostname pattern holds a code point other than hex digits, '[', ']' and ':'"
)
