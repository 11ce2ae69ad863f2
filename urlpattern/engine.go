package urlpattern

import (
	"errors"

	"github.com/weburl/weburl/internal/ecmaregexp"
)

// regexpEngine is what matching needs of a compiled regular expression.
type regexpEngine interface {
	NumSubexp() int
	MatchString(s string) bool
	FindStringSubmatchIndex(s string) []int
	Cost() int // what compiling it was charged, in bytes
}

// compileRegexp compiles an ECMAScript source with the "v" flag ("vi"
// with ignoreCase), translated to Go's RE2 by internal/ecmaregexp, within
// a compile budget (0: ecmaregexp's default).
func compileRegexp(source string, ignoreCase bool, budget int) (regexpEngine, error) {
	var flags ecmaregexp.Flags
	if ignoreCase {
		flags = ecmaregexp.IgnoreCase
	}
	re, err := ecmaregexp.CompileBudget(source, flags, budget)
	if err != nil {
		return nil, err
	}
	return re, nil
}

// regexpError turns a regular expression's syntax error into an *Error
// at the place in the pattern string of the regexp group at fault.
func regexpError(input string, parts []part, opts options, err error) *Error {
	_, _, spans := generateRegexpSpans(parts, opts)
	e := newError(-1, because(ErrRegexp, ErrRegexp.Error(), err))
	e.Pattern = input
	var se *ecmaregexp.SyntaxError
	if errors.As(err, &se) {
		for _, s := range spans {
			if s.start <= se.Offset && se.Offset <= s.end {
				e.Offset = parts[s.part].offset + se.Offset - s.start
				return e
			}
		}
	}
	if len(spans) > 0 {
		e.Offset = parts[spans[0].part].offset
	}
	return e
}
