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
