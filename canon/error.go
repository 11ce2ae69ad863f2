package canon

import (
	"errors"

	"github.com/weburl/weburl/internal/quote"
)

// An Error is why SafeBrowsing refused its input or why Profile.Check
// finds a profile wrong. Err is one of the package's sentinels: ErrNoHost,
// ErrContradiction or ErrNoSegment; errors.Is and errors.As see it.
type Error struct {
	Op    string // what failed: "safe browsing" or "check"
	Input string // SafeBrowsing's input or a DropIndex entry, as given; may be empty
	Field string // for "check", the Profile fields at fault
	Err   error  // never nil
}

// Error returns a message such as `canon: safe browsing "mailto:x": no
// host`. It quotes at most 1 KiB of Input (internal/quote) and says how
// much it left out.
func (e *Error) Error() string {
	s := "canon: " + e.Op
	if e.Field != "" {
		s += " " + e.Field
	}
	if e.Input != "" || e.Op == "safe browsing" || e.Field == "DropIndex" {
		s += " " + quote.String(e.Input)
	}
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

// Unwrap returns Err.
func (e *Error) Unwrap() error { return e.Err }

var (
	// ErrNoHost: SafeBrowsing's input has no host, or a scheme without
	// "//" (as in "mailto:x").
	ErrNoHost = errors.New("no host")
	// ErrContradiction: a Profile sets two steps that undo each other
	// (DropWWW and AddWWW, ForceHTTPS and ForceHTTP); the first wins.
	ErrContradiction = errors.New("the two steps contradict each other (the first wins)")
	// ErrNoSegment: a DropIndex entry that no path segment can be: empty,
	// "." or "..", or with a '/'.
	ErrNoSegment = errors.New(`matches no path segment: an index name is not empty, not "." or "..", and has no '/'`)
)
