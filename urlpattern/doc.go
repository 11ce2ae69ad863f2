// Package urlpattern implements the URL Pattern Standard
// (https://urlpattern.spec.whatwg.org/): the URLPattern class of browsers,
// Node, Deno and Cloudflare Workers, for routes ("/books/:id(\\d+)"),
// crawl scopes ("https://*.example.com/docs/*") and the like.
//
// A Pattern is built from a constructor string (New, NewWithBase) or from
// an Init, the URLPatternInit dictionary (NewInit), exactly as the
// standard builds one: its tokenizer, pattern parser and constructor
// string parser, each component's fixed text canonicalized with weburl's
// own parser and setters, the base URL's components inherited, and its
// errors. A pattern that the standard rejects gives an *Error with the
// step's reason and the offset in the pattern.
//
// Exec, Test and their WithBase and Init forms are exec() and test();
// Match takes a parsed *weburl.URL and reads its components as they are.
// A Result holds each component's input and groups, in the pattern's
// order; a group that took no part in the match (an optional group that
// was skipped) has Matched false, where JavaScript gives undefined.
// Generate and CompareComponent follow the "generate" and
// "compareComponent" proposals that WPT tests as tentative. A List finds
// the first of many patterns that matches a URL without trying them all;
// Covers tells whether one pattern matches every URL another matches (so
// that the other, listed after it, could never be chosen), and Overlaps
// whether they may match some URL alike.
//
// # Matching, and linear time
//
// The standard turns each component into an ECMAScript regular
// expression with the "v" flag ("vi" with Options.IgnoreCase, for the
// pathname, search and hash). A component without a custom regular
// expression (":name", "*", "{…}" and modifiers only: nearly every route)
// is matched by a small program of this package that gives the very
// answer and groups the expression would, lazy segment wildcards and
// ECMAScript's backtracking order included, without a regular expression
// engine. A component with one, such as ":id(\\d+)", is matched with the
// expression translated to Go's RE2 syntax, with the same meaning, by
// internal/ecmaregexp.
//
// Both take time linear in the input for a given pattern (at most the
// product of the pattern's and the input's lengths), and building a
// pattern takes time linear in its length; no input makes matching
// backtrack. That is why the constructs that need backtracking, or more
// than one pass, are refused: lookahead (?=…) and (?!…), lookbehind
// (?<=…) and (?<!…), and backreferences (\1, \k<name>) in a custom
// regular expression are an *Error naming the construct and its offset.
// No WPT case uses them. Such patterns are where a backtracking engine
// can take exponential time; here they cannot be written.
//
// # Errors
//
// A pattern that cannot be built, and a Generate that has no value to
// give, return an *Error: Op ("new" or "generate"), the Pattern string,
// the Component (NoComponent for a constructor string as a whole or a base
// URL), the byte Offset of the token at fault (-1 for none), and Err, one
// of the sentinels ErrSyntax, ErrRegexp, ErrNoProtocol, ErrBaseURL,
// ErrInvalidValue, ErrBudget and ErrGenerate, with the words of the spec's
// step that throws and the error underneath (a *weburl.Error, a regular
// expression's syntax error). errors.Is finds the sentinel; errors.As the
// *Error or the error underneath:
//
//	if errors.Is(err, urlpattern.ErrBudget) { ... } // refuse the user's pattern
//
//	var e *urlpattern.Error
//	if errors.As(err, &e) && e.Component == urlpattern.Pathname { ... } // e.Offset: where
//
// # Limits
//
// A pattern is untrusted input in a server that takes patterns from its
// users, so building one is bounded; each limit below is an *Error that
// names it, with the offset of the construct where it was met.
//
//   - The compile budget, Options.CompileBudget (DefaultCompileBudget, 48
//     MiB): an estimate of the memory that building the pattern takes,
//     charged as the pattern is read, before the memory is taken (tokens,
//     parts, matching programs, and the regular expressions' nodes, sets,
//     RE2 text and Go's compiled programs). Within the default, any pattern
//     of at most 64 KiB compiles or fails with at most 64 MiB allocated,
//     and the cost grows linearly with the pattern. Some constructs are
//     large for their length: \p{RGI_Emoji} is a trie of some 8,400 nodes
//     (about 8 MiB of the budget), (?i:\p{L}) some 10 KB of RE2 text.
//   - In a regular expression group: lookahead, lookbehind and
//     backreferences (above); nesting of groups and classes deeper than
//     250; a counted repetition above 1000, or nested counted repetitions
//     whose counts multiply to more than 1000 (RE2's limit); more than 16
//     nested quantified atoms with named groups; counted repetitions that,
//     expanded as RE2 expands them, exceed 2^19 nodes; ^ or $ under an m
//     modifier in an expression that tells the line terminators apart; and a
//     translation that Go's regexp refuses as too large.
//
// Matching has no limit to meet: it is linear in the input, and a
// component too large for its program's bit table (2^25 bits) is matched
// with its regular expression instead.
//
// # Differences from the standard's text
//
// The standard's "canonicalize a port" drops "443" when no protocol is
// given (its dummy URL is https); browsers and WPT keep it, and so does
// this package.
package urlpattern
