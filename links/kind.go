package links

import (
	"iter"

	"github.com/weburl/weburl/internal/swar"
)

// Kind says what a link is to a crawler: a page to follow (Navigation) or
// a resource that a page loads (Resource). The zero Kind is neither: a
// link whose use the package does not know, or one whose URL a browser
// never fetches as such (ping, preconnect). The package doc lists the Kind
// of every element and attribute.
type Kind uint8

const (
	// Navigation is a link a user or the page navigates to: a document of
	// its own, as an <a href> or a form's action.
	Navigation Kind = iota + 1
	// Resource is a link the page fetches to render itself: an image, a
	// script, a stylesheet, a font, a media file.
	Resource
)

// String returns "navigation", "resource", or "" for the zero Kind (and
// any other value).
func (k Kind) String() string {
	switch k {
	case Navigation:
		return "navigation"
	case Resource:
		return "resource"
	}
	return ""
}

// relKind is the Kind of a <link> element (or a Link header field's link)
// whose rel attribute is rel, from HTML's table of link types: a keyword
// whose effect on <link> is "external resource" makes a Resource, one whose
// effect is "hyperlink" a Navigation; an external resource wins over a
// hyperlink ("alternate stylesheet" is an alternative style sheet, a
// resource). dns-prefetch, preconnect and pingback are external resources
// in HTML's table, but nothing is fetched from their URL (a connection is
// opened, or the URL names an XML-RPC endpoint), so they count as neither,
// as do a rel of no known keyword and an absent rel. Keywords are compared
// ASCII case-insensitively, as HTML compares them.
func relKind(rel string) Kind {
	k := Kind(0)
	for kw := range relKeywords(rel) {
		switch kw {
		case "stylesheet", "icon", "manifest", "modulepreload", "preload", "prefetch",
			// Extensions registered as external resources, in wide use.
			"apple-touch-icon", "apple-touch-icon-precomposed", "mask-icon":
			return Resource
		case "alternate", "author", "canonical", "help", "license", "me", "next", "prev",
			"privacy-policy", "search", "terms-of-service":
			k = Navigation
		}
	}
	return k
}

// relKeywords yields the keywords of a rel value, split on ASCII whitespace
// and lowercased; a keyword that needs lowercasing is copied.
func relKeywords(rel string) iter.Seq[string] {
	return func(yield func(string) bool) {
		for i := 0; i < len(rel); {
			for i < len(rel) && isSpace(rel[i]) {
				i++
			}
			j := i
			for j < len(rel) && !isSpace(rel[j]) {
				j++
			}
			if i == j {
				return
			}
			if !yield(swar.ToLower(rel[i:j])) {
				return
			}
			i = j
		}
	}
}

// hasRel reports whether rel holds the keyword kw (lowercase).
func hasRel(rel, kw string) bool {
	for k := range relKeywords(rel) {
		if k == kw {
			return true
		}
	}
	return false
}
