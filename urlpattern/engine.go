package urlpattern

import (
	"errors"
	"regexp"
)

// regexpEngine is what matching needs of a compiled regular expression.
type regexpEngine interface {
	NumSubexp() int
	MatchString(s string) bool
	FindStringSubmatchIndex(s string) []int
}

// compileRegexp compiles an ECMAScript source with the "v" flag ("vi"
// with ignoreCase).
//
// Until internal/ecmaregexp lands this is Go's regexp on the source as
// is; it is used only for components with regexp groups.
func compileRegexp(source string, ignoreCase bool) (regexpEngine, error) {
	if ignoreCase {
		source = "(?i)" + source
	}
	re, err := regexp.Compile(source)
	if err != nil {
		return nil, err
	}
	return re, nil
}

// regexpError turns a regular expression's syntax error into an *Error
// at the regexp group's offset in the pattern string.
func regexpError(input string, parts []part, opts options, err error) *Error {
	_, _, spans := generateRegexpSpans(parts, opts)
	e := &Error{Pattern: input, Offset: -1, Reason: reasonRegexpInvalid, Err: err}
	var se interface{ SyntaxOffset() int }
	if errors.As(err, &se) {
		off := se.SyntaxOffset()
		for _, s := range spans {
			if s.start <= off && off <= s.end {
				e.Offset = parts[s.part].offset + off - s.start
				return e
			}
		}
	}
	if len(spans) > 0 {
		e.Offset = parts[spans[0].part].offset
	}
	return e
}
