package mimetype

import (
	"errors"
	"strconv"

	"github.com/weburl/weburl/internal/quote"
)

// Error is why a string is not a MIME type, or why a change was refused.
// It holds the operation, the input whole, the offset of the code point at
// fault and the reason, a sentinel in the words of the step of the MIME
// Sniffing Standard that returns failure. errors.Is(err, ErrSubtypeNotToken) and
// errors.As(err, &e) see through it.
type Error struct {
	Op     string // "parse", "set parameter", "extract" or "unmarshal"
	Input  string // the string given: the MIME type, "name=value", or the header values joined with ", "
	Offset int    // the byte offset in Input of the code point at fault, for the reasons about code points; else 0
	Err    error  // one of the sentinels below; never nil
}

// The reasons of an *Error, each the words of the step that fails.
var (
	ErrTypeEmpty                 = errors.New("the type is the empty string")
	ErrTypeNotToken              = errors.New("the type does not solely contain HTTP token code points")
	ErrNoSlash                   = errors.New("no U+002F (/) follows the type")
	ErrSubtypeEmpty              = errors.New("the subtype is the empty string")
	ErrSubtypeNotToken           = errors.New("the subtype does not solely contain HTTP token code points")
	ErrNameEmpty                 = errors.New("the name is the empty string")
	ErrNameNotToken              = errors.New("the name does not solely contain HTTP token code points")
	ErrValueNotQuotedStringToken = errors.New("the value does not solely contain HTTP quoted-string token code points")
	ErrNoType                    = errors.New("the MIME type has no type (it is the zero MIMEType)")
	ErrNilMIMEType               = errors.New("a nil *MIMEType")
	ErrNoContentType             = errors.New("there is no Content-Type header")
	ErrNoMIMEType                = errors.New("no value of the Content-Type headers is a MIME type other than */*")
)

// atCodePoint reports whether err is a reason about one code point of the
// input, the one at Offset.
func atCodePoint(err error) bool {
	switch err {
	case ErrTypeNotToken, ErrSubtypeNotToken, ErrNameNotToken, ErrValueNotQuotedStringToken:
		return true
	}
	return false
}

// Error returns a message such as `mimetype: parse "text/html charset=x"
// at offset 9, U+0020 ' ': the subtype does not solely contain HTTP token
// code points`. It quotes at most 1 KiB of Input, around the code point at
// fault, and says how much it left out.
func (e *Error) Error() string {
	s := "mimetype: " + e.Op
	if !atCodePoint(e.Err) || e.Offset < 0 || e.Offset >= len(e.Input) {
		s += " " + quote.String(e.Input)
	} else {
		s += " " + quote.At(e.Input, e.Offset) + " at offset " + strconv.Itoa(e.Offset) + ", " + quote.CodePoint(e.Input, e.Offset)
	}
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

// Unwrap returns Err.
func (e *Error) Unwrap() error { return e.Err }
