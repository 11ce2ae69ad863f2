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
// the first of many patterns that matches a URL without trying them all.
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
// # Differences from the standard's text
//
// The standard's "canonicalize a port" drops "443" when no protocol is
// given (its dummy URL is https); browsers and WPT keep it, and so does
// this package.
package urlpattern
