package urlpattern

import (
	"errors"
	"math"

	"github.com/weburl/weburl/internal/ecmaregexp"
)

// DefaultCompileBudget is the compile budget of a pattern whose
// Options.CompileBudget is 0: 48 MiB, so that any pattern of at most 64 KiB
// compiles or fails with at most 64 MiB allocated.
const DefaultCompileBudget = 48 << 20

// The compile budget bounds the memory that building a pattern takes,
// charged as the pattern is read, before the memory is taken: each code
// point tokenized, each part (with its group's name, its matching
// program's instructions and its text in the regular expression and the
// pattern string), each piece of fixed text canonicalized through weburl,
// and each regular expression's translation, as internal/ecmaregexp
// charges it. The costs are the bytes each of those allocates, as
// measured (TestCompileBudgetEstimate holds allocations under them).
const (
	costCodePoint = 128  // a byte of a component or constructor string: its code point, offset and token
	costPart      = 768  // a part and what is made of it
	costPartLoop  = 1536 // more for a repeated group with a prefix or suffix, written twice, in a loop
	costEncode    = 384  // canonicalizing a piece of fixed text on a dummy URL
)

// budget is a pattern's compile budget and what it has been charged.
// A nil *budget has no bound (for the tests that compile a component
// alone).
type budget struct{ used, limit int }

func newBudget(opts Options) *budget {
	limit := opts.CompileBudget
	if limit <= 0 {
		limit = DefaultCompileBudget
	}
	return &budget{limit: limit}
}

// charge adds n bytes and reports whether the budget still holds.
func (b *budget) charge(n int) bool {
	if b == nil {
		return true
	}
	b.used += n
	return b.used <= b.limit
}

// chargeBytes charges costCodePoint for each byte of s, checking before
// it multiplies (a long string would overflow a 32-bit int).
func (b *budget) chargeBytes(s string) bool {
	if b == nil {
		return true
	}
	if len(s) > (b.limit-b.used)/costCodePoint {
		b.used = b.limit + 1
		return false
	}
	return b.charge(costCodePoint * len(s))
}

// left is what remains for a regular expression's translation.
func (b *budget) left() int {
	if b == nil {
		return math.MaxInt
	}
	return max(b.limit-b.used, 1)
}

// err is the error of a budget exceeded at byte offset off (-1: not at
// one place).
func (b *budget) err(off int, cause error) *Error {
	return newError(off, b.reason(cause))
}

// reason is ErrBudget with b's limit in its words, and cause, if any.
func (b *budget) reason(cause error) error {
	return because(ErrBudget, ErrBudget.Error()+" of "+ecmaregexp.FormatBytes(b.limit)+" (Options.CompileBudget)", cause)
}

// isBudgetError reports whether err is a regular expression that exceeds
// its share of the budget.
func isBudgetError(err error) bool {
	var se *ecmaregexp.SyntaxError
	return errors.As(err, &se) && se.Budget > 0
}
