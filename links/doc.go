// Package links extracts the URLs that an HTML document, a CSS style sheet
// or an HTTP Link header field refers to, resolved as a browser resolves
// them, and says of each whether it is a page to follow or a resource the
// page loads (Link.Kind), so that a crawler needs no table of its own.
//
// It follows the HTML Standard where the standard says how a document's
// links are read: the document's character encoding (HTML's "encoding
// sniffing algorithm"), its base URL ("document base URL" and "frozen base
// URL"), srcset ("parse a srcset attribute") and meta refresh ("shared
// declarative refresh steps"). Queries of special URLs are percent-encoded
// in the document's encoding, as a browser encodes them. The links of CSS
// follow CSS Syntax Level 3 and CSS Values, those of a Link header field
// RFC 8288.
//
// The document's URL is the URL its response came from, after redirects:
// fetch pages with package webhttp (webhttp.NewRequest and webhttp.Do
// follow redirects as a browser does, where net/http's Client resolves
// Location with net/url) and pass webhttp.ResponseURL(resp) as doc, with
// the response's Content-Type (see the crawl example). The response's
// Link header field holds links too: ParseLinkHeader reads them. A style
// sheet (a link of Kind Resource whose rel is "stylesheet") is read with
// ExtractCSS, against its own URL.
//
// The encoding is, in HTML's order: the byte order mark, which beats
// everything; the charset of the Content-Type; a <meta charset> or <meta
// http-equiv=content-type> in the first 1024 bytes (x/net's
// charset.DetermineEncoding does these three); UTF-8 when those 1024 bytes
// are valid UTF-8 and not all ASCII (the autodetection HTML allows); and
// windows-1252, HTML's default for most locales. A charset label that the
// Encoding Standard does not know is ignored. A UTF-16 document's URLs are
// encoded in UTF-8 (HTML's "get an output encoding").
//
// The document is read as a stream of tokens (golang.org/x/net/html's
// Tokenizer); no tree is built. What a tree builder would add is done
// where it changes a link: an <image> outside SVG is an <img>, as HTML's
// tree builder renames it; an element inside <svg> is SVG's until </svg>
// or an HTML element that ends foreign content (a <p>, a <div>, an
// <img>...), so an <a> or <image> there takes href and xlink:href (with
// both, href wins, as SVG 2 says). Elements are otherwise recognized by
// their name wherever they appear (HTML inside an SVG <foreignObject> is
// read as SVG, which changes nothing for an <a>), and a <meta charset>
// after the first 1024 bytes does not change the encoding, where a browser
// would reload the page.
//
// Memory: the tokenizer holds one token at a time, up to the Extractor's
// MaxTokenSize (8 MiB by default; its buffer may grow to twice that), and
// All holds at most MaxPending links while it waits for a <base>. So All
// reads a page of any size in bounded memory; Extract returns every link,
// so its result grows with the page's links, not with its bytes.
//
// # Errors
//
// A link whose Raw does not parse is reported with its Err, the
// *weburl.Error of the URL parser (input, base, the validation error's
// name and offset), and the extraction goes on; errors.Is(l.Err,
// weburl.PortOutOfRange) tests one reason, errors.As gives the
// *weburl.Error. Extraction itself stops only at a token longer than
// MaxTokenSize (ErrTokenTooLong) or at the reader's error, which are
// returned with the links before them. The package has no error type of
// its own.
//
// # Elements, attributes and kinds
//
// The attributes read, with the elements that carry them and the Kind of
// their links:
//
//	element                      attribute         Kind
//	a, area                      href              Navigation
//	a, area                      ping              none (each URL of the list)
//	link                         href              by rel (below)
//	link rel=preload as=image    imagesrcset       Resource (each image candidate)
//	img, source                  src, srcset       Resource (each srcset candidate)
//	script, embed, track         src               Resource
//	audio, video, input          src               Resource
//	video                        poster            Resource
//	object                       data              Resource
//	iframe, frame                src               Navigation
//	form                         action            Navigation
//	button, input                formaction        Navigation
//	blockquote, q, del, ins      cite              Navigation
//	meta http-equiv=refresh      content           Navigation (the URL after "url=")
//	a in SVG                     href, xlink:href  Navigation
//	image in SVG                 href, xlink:href  Resource
//	style                        its text          Resource (Attr "url" or "@import")
//	any element                  style             Resource (each url())
//
// A <link>'s Kind is its rel's, from the HTML Standard's table of link
// types: Resource when a keyword is an external resource (stylesheet,
// icon, manifest, preload, modulepreload, prefetch, and the registered
// extensions apple-touch-icon, apple-touch-icon-precomposed and
// mask-icon), else Navigation when one is a hyperlink (alternate, author,
// canonical, help, license, me, next, prev, privacy-policy, search,
// terms-of-service), else none: no rel, unknown keywords, and dns-prefetch,
// preconnect and pingback, external resources from whose URL nothing is
// fetched. "alternate stylesheet" is a Resource. A ping URL is none: the
// browser POSTs to it when the link is followed, and a crawler has no use
// for it. A cite is a Navigation: the address of a document, which a user
// agent may let its user follow.
//
// The base URL is the document base URL of HTML: the frozen base URL of
// the first <base> with an href attribute, which is that href parsed
// against the document URL, or the document URL itself when the href does
// not parse or is a data: or javascript: URL; later <base> elements do not
// count, even when the first one failed. As in HTML, it applies to every
// link, also to those before the <base>: they are held until it is known
// (see Extractor.MaxPending for the bound of All).
//
// A srcset candidate whose descriptors are invalid ("a.png 1x 2x") is
// dropped, as HTML drops it. Every meta refresh with a URL is reported,
// where a browser acts only on the first and never on a javascript: one.
// An <input> src is read whatever the input's type.
//
// An attribute value is stripped of leading and trailing ASCII whitespace.
// An empty value is a link where HTML gives it a meaning: a, area href
// (also in SVG), form action, formaction, cite and a refresh's empty URL
// all resolve to the document's base URL (a link to the page itself). It
// is no link where HTML fetches nothing for it: src, link href, object
// data, video poster and an SVG image's href.
//
// Elements inside <template> are read as any others, since their links
// become live when the template is used, but a <base> inside a template is
// inert (it belongs to the template's own document) and does not set the
// base URL. The text of <script> and the other raw-text elements is not
// read, <style>'s aside; nor is <noscript>, whose content is text in a
// browser that runs scripts.
//
// # CSS
//
// A style sheet (the text of a <style>, or a sheet read by ExtractCSS) and
// a style attribute are read with CSS Syntax Level 3's tokenizer: its
// comments, escapes ("\26 B", "\)"), quoting, url-tokens, bad-url and
// bad-string tokens, exactly. Their links are:
//
//   - a url(): an unquoted url token (url(a.png)) or the url function with
//     a string (url("a.png")), in a declaration, so inside a {} block, or
//     anywhere in a style attribute; not in an at-rule's prelude, where a
//     URL is no fetch ("@supports (x: url(a))", "@namespace url(…)"), nor
//     in a selector;
//   - a string directly inside image-set() or -webkit-image-set(), which
//     CSS Images 4 makes a URL, in the same places;
//   - the style sheet of an @import (Attr "@import"): a string or url() as
//     the rule's first token, in a rule at the top level of a style sheet
//     that ends with ';' or the sheet's end, and that comes before every
//     rule but @charset, @layer statements and @import, as CSS Cascade
//     requires (a later @import is ignored by browsers, and here too).
//
// An empty URL (url(), url("")) is no link, as CSS Values makes it an
// invalid resource, and neither is a URL that starts with '#', which CSS
// Values makes a reference to an element of the document that uses the
// sheet, never a fetch. In a style attribute, whose text is a list of
// declarations, an at-rule is dropped with its block, as CSS drops it
// there. Whether a declaration is valid for its property is not checked:
// the url() of an unknown property is reported. The src() function and
// url modifiers, which browsers do not support yet, are not read.
//
// CSS links are resolved against the base URL of their style sheet: the
// document base URL for a <style> or a style attribute, the sheet's own URL
// for ExtractCSS. Their queries are encoded in UTF-8, whatever the
// document's encoding, as the CSS Working Group resolved for every URL of
// CSS (w3c/csswg-drafts#9301) and WPT's resolving-urls tests expect; a
// ping is encoded as the document's other URLs. Tag and Attr name where a
// link of CSS is: Tag "style" and Attr "url" or "@import" in a <style>,
// the element and Attr "style" in a style attribute.
package links
