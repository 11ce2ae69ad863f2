// Package doccheck holds the test that builds every Go block of README.md
// and docs/*.md, so that what a reader copies compiles (issue 38). It has
// no code of its own.
//
// The rule, for a block fenced with ```go:
//
//   - a block whose first line is "// fragment" is not built: it shows
//     calls in isolation (a list of a package's functions, a line that
//     needs a handler around it);
//   - a block that starts with "package" is a file, built as a package of
//     its own; when it is package main and holds an "// Output:" comment,
//     it is run too, and its standard output must be the comment's lines,
//     as with an Example;
//   - any other block is the body of a function returning an error, in a
//     file that imports what the block's own import
//     declarations name and, for each standard or weburl package that it
//     uses by its name ("http.", "canon.") without importing it, that
//     package.
package doccheck
