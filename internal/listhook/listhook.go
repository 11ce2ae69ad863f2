// Package listhook lets webhttp's router reach what urlpattern's List
// knows of static routes, which is no API of urlpattern's own: its
// answer for a literal path is worth a router's asking only where the
// router has proved the path to be the URL parser's.
package listhook

// MatchLiteral is set by urlpattern to the answer of the List list (a
// *urlpattern.List) for a URL whose protocol, hostname and pathname are
// given, when the List worked it out when it was built: the index of the
// first pattern that matches, whose pathname is that literal path and
// which has no named group; otherwise -1, which says nothing of a match.
// A protocol and hostname of "*", which no URL has, match only a List
// whose patterns name neither: an answer then holds for every URL with
// that pathname, which is how webhttp asks, once, when it builds its
// table of static routes.
var MatchLiteral func(list any, protocol, hostname, pathname string) int

// DropSources is set by urlpattern to make the List list (a
// *urlpattern.List) keep only what its SetNamedMatch and AppendNamedMatch
// need, which are then all it answers: of a pattern whose every
// component the index decides (a route's usual shape), neither the
// source that the List would keep to compile it again for Pattern, which
// then returns nil for it, nor the names of its groups but the
// pathname's. webhttp, which compiles its patterns again from their
// strings, calls it on the Lists of its tables.
var DropSources func(list any)
