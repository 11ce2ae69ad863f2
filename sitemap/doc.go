// Package sitemap reads sitemaps as crawlers read them: the sitemaps.org
// protocol (https://www.sitemaps.org/protocol.html), version 0.9, in each
// of its forms: an XML <urlset> of <url> entries, an XML <sitemapindex> of
// more sitemaps, a text file of one URL a line, and the RSS 2.0 and Atom
// 1.0 feeds the protocol accepts; any of them gzip-compressed.
//
//	sm, err := sitemap.Parse(resp.Body, location)
//	for _, e := range sm.Entries {
//		if e.Err == nil {
//			// fetch e.URL
//		}
//	}
//	// sm.Sitemaps: more sitemaps to fetch, each read the same way
//
// Each URL is read by the URL Standard (weburl.Parse), so a crawler sees
// what a browser would fetch; a relative one is resolved against the
// sitemap's location. Nothing is dropped silently: an entry whose URL is
// relative, does not parse or is missing is kept with Err saying why and
// on which line, and the entries after it go on. The rule that a sitemap
// lists only URLs under its own directory is reported per entry
// (OutsideLocation), not enforced, as a sitemap named by a site's
// robots.txt may list URLs anywhere on the site (a cross-submit).
//
// # Encodings
//
// The protocol requires UTF-8. A UTF-8 byte order mark is skipped; a
// UTF-16 one, or an XML declaration of any other encoding than UTF-8 (or
// US-ASCII, a subset of it), fails the document with ErrNotUTF8 naming the
// encoding, rather than reading URLs from bytes a crawler would misread.
// Bytes that are not UTF-8 in an XML sitemap fail it as XML does; a line
// of a text sitemap that is not UTF-8 is an entry with ErrNotUTF8.
//
// # Bounds and hostile input
//
// A sitemap holds at most MaxURLs URLs (an index at most MaxURLs
// sitemaps) and MaxBytes bytes uncompressed; Parse stops past either with
// ErrTooManyURLs or ErrTooLarge, and returns what it read before. So a
// gzip bomb ends after MaxBytes bytes of output. Elements nested more than
// 100 deep fail with ErrTooDeep, so the decoder's stack stays small.
// encoding/xml decodes XML's predefined entities, character references
// and CDATA, and never expands the entities a DTD defines: a "billion
// laughs" document fails on its first undefined entity. Memory and time
// are linear in the bytes read.
//
// # Errors
//
// Errors are *Error values: Op "parse" for the document, with its
// location and line, and Op "loc" for an entry (Entry.Err), with the URL
// as written and its line. Err is what to branch on, with errors.Is: one
// of ErrTooManyURLs, ErrTooLarge, ErrTooDeep, ErrFormat, ErrNotUTF8,
// ErrRelative, ErrNoLoc; or, with errors.As, the error underneath: a
// *weburl.Error for a URL that does not parse, an *xml.SyntaxError for a
// document that is not well-formed XML.
package sitemap
