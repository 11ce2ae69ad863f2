// Package weburl parses, resolves and serializes URLs exactly as the WHATWG
// URL Standard says and as web browsers do: a Go program sees a URL as
// new URL() in JavaScript sees it. Use it where net/url (RFC 3986) and
// browsers disagree: crawlers resolving links, services that check URLs a
// browser will follow, anything that must match a browser.
//
// [Parse] is new URL(input), [ParseRef] is new URL(input, base), and
// [URL.Parse] resolves a reference against a URL. [CanParse] is
// URL.canParse. A [URL] has a getter and a setter for each attribute of the
// URL class ([URL.Href] and [URL.SetHref], [URL.Protocol] and
// [URL.SetProtocol], ... [URL.Hash] and [URL.SetHash]), its origin
// ([URL.Origin]) and its [SearchParams]; [URL.Record] gives the spec's URL
// record, with null and empty told apart.
//
// A URL is held as its serialized form, the href, with the offsets of its
// components: a getter returns a substring of the href and allocates
// nothing, and a parse whose href equals its input (nearly every URL of a
// crawl or a log) keeps the input string. The parser is the spec's state
// machine, one method per state, named as the spec names it; a setter runs
// the same machine from the state the spec's setter names.
//
// # Options
//
// A [Parser] holds the options that need a value: Encoding, the encoding of
// a legacy HTML document whose links are parsed (their queries are
// percent-encoded in it, exactly as the Encoding Standard's encoders do, and
// a code point it lacks becomes %26%23N%3B), and OnValidationError, a
// callback for each of the spec's validation errors, by name and byte
// offset, as linters and link checkers need. [Parser.Set] reports the
// validation errors of a setter. A Parser without a callback does none of
// that work, and a program that never calls a Parser's Parse (or
// [EncodeFormIn]) links none of the legacy encoders. [IsValidURLString]
// checks the spec's grammar for writing URLs.
//
// # Errors
//
// Every operation that fails returns an [*Error], shaped as net/url's
// *url.Error: Op, a constant phrase ("parse", "set host", "from record",
// "parse suffix list", ...), the Input as given, the Base of a parse against
// one, and where it failed (Offset, and Line or Field where they mean
// something); Err says why. A parse that fails has in Err the spec's
// validation error that made it fail, an [ErrorName]:
//
//	weburl: parse "http://[::1": IPv6-unclosed
//
// Where the spec names no validation error, Err is one of the Err
// sentinels ([ErrCannotHaveCredentialsOrPort] for a username on a file:
// URL, [ErrHostnamePort], [ErrZeroURL], [ErrNilURL], ...), or wraps one with
// the words of this failure. errors.Is finds a name or a sentinel through
// the *Error and any further wrapping; errors.As gives the *Error:
//
//	if errors.Is(err, weburl.IPv6Unclosed) { ... }
//	if errors.Is(err, weburl.ErrCannotHaveCredentialsOrPort) { ... }
//
//	var e *weburl.Error
//	if errors.As(err, &e) && e.Err == weburl.IPv6Unclosed { ... } // e.Offset: where
//
// A [ValidationError] is what Parser.OnValidationError receives: a name and
// an offset, a value rather than an error.
//
// The message quotes at most 1 KiB of the input (and of the base) and says
// how many bytes it left out ("… (104857600 more bytes)"), so that a huge
// bad line makes a short log line; Input and Base keep them whole. A
// relative reference given to Parse fails with missing-scheme-non-relative-URL
// and says to resolve it with base.Parse(ref).
//
// A setter returns nil when the spec's setter applied the value, and an
// *Error naming the attribute and the reason when it did not: a value that
// fails to parse (SetPort("99999"): port-out-of-range; SetHost("[::1"):
// IPv6-unclosed), a value the spec ignores by rule (a username for a file:
// URL: ErrCannotHaveCredentialsOrPort; the scheme https for sc://h:
// ErrSchemeChange), or a value applied only in part (a host with an
// invalid port: the host is set, the port is kept: ErrPortNotSet, with the
// port's validation error). In JavaScript the setters ignore such values
// silently; the URL is left as the spec leaves it either way.
//
// # Values, the zero URL, encodings and logs
//
// A URL is a value, as net/url's is: n := *u (or u.Clone()) is an
// independent copy, and n.SearchParams() changes n, never u: each call
// returns a view of the URL it is called on. The zero URL is no URL: its
// getters return "" (RequestURI "/"), it fails as a base and in every setter
// but SetHref, and it marshals as "", which unmarshals back to it.
//
// encoding/json, encoding/xml, encoding/gob and fmt see a URL held by value
// as its href ([URL.MarshalText], [URL.MarshalJSON], [URL.MarshalBinary],
// [URL.String]); JSON null leaves a URL as it was. [URL.UnmarshalJSON]
// decodes the JSON string itself, exactly as encoding/json does (invalid
// UTF-8 and lone \u surrogates become U+FFFD), so that weburl does not import
// encoding/json.
//
// log/slog shows a URL as fmt and net/url's do: as its href, password
// included. Log [URL.Redacted] where a URL may hold a password. A URL has no
// LogValue method: returning a slog.Value would make weburl import
// log/slog, and with it encoding/json, whose initialization every program
// that parses a URL would link, logging or not (about 250 KB); hiding the
// password in MarshalText or MarshalJSON instead would lose it from every
// encoding of the URL, not only from logs.
//
// # Concurrency
//
// Reads of a *URL (its getters, Record, Clone, copying the value, the
// marshalers, Parse against it, SearchParams, and the reading methods of a
// *SearchParams: Get, GetAll, Has, String, All...) may run in many goroutines
// at once. A change (a setter, or Append, Set, Delete or Sort on its
// SearchParams) needs exclusive access: no other goroutine may read or
// change that URL meanwhile. A *SearchParams from [NewSearchParams] follows
// the same rule. Package functions, and a Parser whose fields do not change,
// are safe for concurrent use.
//
// # From net/url
//
// [URL.NetURL] is the [*net/url.URL] that means the same URL: give it to
// net/http as a request's URL and the request carries what a browser
// sends, [URL.RequestURI] as the request target byte for byte and
// [URL.Host] as the Host header, where reparsing the href with url.Parse
// fails on hrefs browsers send ("https://e.com/100%") or changes them ("/a|b"
// goes out as "/a%7Cb"). NetURL's doc lists the hrefs net/url cannot hold.
// [FromNetURL] reads a client's absolute *url.URL by the URL Standard; a
// server's r.URL holds only the path and query of the request target, no
// scheme and no host, and FromNetURL refuses it.
//
// Each net/url API, its weburl counterpart, and what differs in meaning:
//
//   - url.Parse(s): [Parse](s). Absolute URLs only: a relative reference is
//     an error (resolve it with base.Parse(ref)). The browser's rules apply:
//     '\' is '/' in special URLs, tabs and newlines vanish, hosts are
//     lowercased, IDNA-mapped and IPv4-normalized ("0x7f.1" is 127.0.0.1),
//     what needs it is percent-encoded, "." and ".." (also "%2e") are
//     resolved. The href is the one canonical string.
//   - u.Parse(ref), u.ResolveReference(ref): [URL.Parse](ref),
//     [ParseRef](ref, base). The reference is a string, resolved by the URL
//     Standard: `\\evil.com` and "http:evil.com" resolve as a browser
//     resolves them.
//   - u.JoinPath(elem...), url.JoinPath: [URL.JoinPath](elem...). The same
//     joining and cleaning; then the URL Standard encodes: elements are read
//     as percent-encoded text ("%2F" stays a byte of a segment, "%zz" is kept
//     where net/url returns u unchanged), '\' separates segments in special
//     URLs, "%2e" is a dot. An empty path joins from "/".
//   - url.ParseRequestURI(s): none. weburl parses URLs, not request targets:
//     check the Host, then Parse("https://" + host + target).
//   - u.RequestURI(): [URL.RequestURI](). The path and query exactly as in
//     the href, never re-escaped; "?" kept for an empty query.
//   - u.Hostname(): [URL.Hostname](), [URL.Addr](). Hostname keeps the
//     brackets of an IPv6 address ("[::1]"), as the URL Standard's host
//     serializer writes it; Addr gives the [net/netip.Addr].
//   - u.Port(): [URL.Port](), [URL.PortNumber](), [URL.EffectivePort](). The
//     scheme's default port is no port: http://h:80/ is http://h/ and Port
//     is ""; EffectivePort is 80.
//   - u.User (Username(), Password()): [URL.Username](), [URL.Password]().
//     Percent-encoded as in the href (decode with [PercentDecode]); "" when
//     absent: an empty password is no password.
//   - u.Path, u.RawPath, u.EscapedPath(): [URL.Pathname](),
//     [URL.PathSegments](). One form, as in the href: percent-encoded, never
//     decoded, so "%2F" and "/" stay apart.
//   - u.RawQuery, u.ForceQuery: [URL.Query]() (string, bool), [URL.Search]().
//     Query reports an empty query ("?") apart from none.
//   - u.Query() (url.Values): [URL.SearchParams](). Ordered pairs, repeats
//     kept, live with the URL; ';' is part of a value (net/url drops such
//     pairs); URLValues converts.
//   - u.Fragment, u.RawFragment, u.EscapedFragment(): [URL.Fragment]()
//     (string, bool), [URL.Hash](). As in the href; an empty fragment ("#")
//     apart from none.
//   - u.Redacted(): [URL.Redacted](). The same, "" for a nil *URL too.
//   - url.QueryEscape(s): [PercentEncode](s, [FormURLEncodedSet]),
//     [EncodeForm](pairs). The form set writes a space as "%20" (EncodeForm
//     as "+"), encodes '~' and leaves '*'.
//   - url.PathEscape(s): [PercentEncode](s, [ComponentSet]). JavaScript's
//     encodeURIComponent: encodes "$&+,:;=@" too. [PathSet] encodes a whole
//     path (keeps '/').
//   - *url.Error{Op, URL, Err}: [*Error]{Op, Input, Base, Offset, Line,
//     Field, Err}. Err is the spec's validation error ([ErrorName]), or an
//     Err sentinel where the spec names none (setters, FromNetURL).
//   - u.String(): [URL.Href](), [URL.String](). The canonical serialization.
//   - *url.URL for net/http: [URL.NetURL](), [FromNetURL](nu). See above.
//
// # Hosts, origins and sites
//
// [URL.Origin] is HTML's origin, a tuple or an opaque origin with an
// identity of its own; [SameOrigin], [SameOriginDomain], [SameSite] and
// [SchemelesslySameSite] compare them. [PublicSuffix] and
// [RegistrableDomain] use the Public Suffix List, from a table of weburl's
// own (so that no program links net/http for it); [ParseDomain] is the
// spec's domain parser and [DomainToUnicode] its domain to Unicode.
// [URL.Display] and [URL.DisplayElided] render a URL for people, as the
// spec's URL rendering section says: no credentials, a Unicode host unless
// it could mislead, a readable path.
//
// # File URLs and paths
//
// [FromFilePath] and [URL.FilePath] turn a path into a file URL and back, as
// Node's url.pathToFileURL and url.fileURLToPath do, for POSIX and Windows
// paths on any OS ([PathStyle]); every failure is an *Error with the path or
// the href and the reason.
//
// # Limits
//
// Strings in Go may hold invalid UTF-8: each byte of an invalid sequence
// counts as U+FFFD, as range loops over strings do and as a browser treats a
// lone surrogate, and is reported as invalid-URL-unit.
//
// Parsing takes time linear in the input's length, on hostile input too, and
// allocates at most 10 bytes per input byte (32 for a host that goes through
// IDNA, 16 for a query in a Parser.Encoding, where one invalid byte becomes
// %26%2365533%3B). The only length limit is the href's: 2^31-1 bytes, which a
// URL's 32-bit offsets can hold ([HrefTooLong]); cap what you accept well
// below that. Hosts whose IDNA labels are longer than Chrome accepts fail, as
// in Chrome.
//
// # Unicode versions
//
// IDNA maps non-ASCII hosts with golang.org/x/net/idna's tables, which follow
// the Go toolchain: Unicode 15.0 with Go 1.26, Unicode 17 with Go 1.27 and
// later (what current browsers and the web-platform-tests expect).
// [UnicodeVersion] says which a program was built with.
package weburl
