// Package patternhook lets webhttp's router derive a URL pattern from
// another without writing its pattern strings and compiling them again,
// which is no API of urlpattern's own: a pattern string does not always
// give its pattern back ("/{}*." has the fixed texts "/" and ".", each
// canonicalized apart, and matches the path "/."; its pattern string
// "/." is one text, canonicalized to "/").
package patternhook

// AnyOrigin is set by urlpattern to a function that returns p (a
// *urlpattern.Pattern) with its protocol, username, password, hostname
// and port "*", as NewInit compiles a component it is not given, and
// its other components as they are; or an error if p's protocol does
// not match a special scheme, as "*" does (its pathname would then be
// compiled otherwise).
var AnyOrigin func(p any) (any, error)

// MapPathFixed is set by urlpattern to a function that returns p (a
// *urlpattern.Pattern) with the fixed text of its pathname's parts
// (the text of a fixed part, and a group's prefix and suffix) replaced
// by f's of it; p itself if f changes none. f must keep text that the
// pathname's encoding callback keeps as it is.
var MapPathFixed func(p any, f func(string) string) (any, error)
