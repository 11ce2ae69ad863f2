package main

// mainHelp is the manual of weburl itself, in Go doc comment syntax: -h
// prints it between the usage lines and the flags, and doc.go holds it
// (go generate writes doc.go; TestDocIsHelp fails when they differ). Its
// "$ weburl" examples are run by TestManualExamples.
const mainHelp = `
weburl parses URLs as web browsers do (the WHATWG URL Standard) and prints,
changes or canonicalizes them, one input a line.

	$ weburl 'HTTPS://EXAMPLE.com/a/../b' 'http://[::1'
	https://example.com/b
	weburl: argument 2: parse "http://[::1": IPv6-unclosed

# Inputs

Each URL argument is an input. "-" among them reads one URL a line from
standard input, and so does weburl with no URL argument and no -url-file,
unless standard input is a terminal: then it prints its usage instead of
waiting ("weburl -" reads a terminal all the same). -url-file FILE
(repeatable) reads the lines of FILE after the arguments; "-" is standard
input. Flags may come before, between or after the URLs; "--" ends the flags.

Each line is answered as soon as it is read, so that
"tail -f access.log | weburl -get '{host}'" prints as lines come, while a file
of millions of URLs is still read and written in 64 KiB blocks. A UTF-8 byte
order mark at the start of a stream is ignored, and blank lines are skipped.
A line has no length limit and is not trimmed: the URL Standard strips C0
controls and spaces from the ends of its input itself.

Each input is parsed against -base, if given. weburl guesses no scheme:
without -base, "example.com" is a relative reference, which fails and says to
pass -base. With -encoding LABEL the queries of special URLs are
percent-encoded in that encoding, as the links of a page in that encoding are:
LABEL is a label of the Encoding Standard, such as shift_jis, gbk, euc-kr or
latin1 (which is windows-1252).

	$ weburl -encoding shift_jis 'https://example.jp/?q=日本'
	https://example.jp/?q=%93%FA%96{

# Changes

Between parsing and printing, each URL is changed in this order:

  - -set attr=value, each in order, runs the URL API's setter of attr (href,
    protocol, username, password, host, hostname, port, pathname, search,
    hash) with its rules: a file: URL takes no username, https cannot become
    sc. The names -get uses, scheme, user, path, query and fragment, set the
    same attributes; query= and fragment= take the component without its
    delimiter, so a value that starts with "?" or "#" keeps it (query=?x gives
    "??x"), and an empty value removes the component. A value the setter does
    not apply fails that input, with the setter's reason.
  - -trim query=GLOB, each, removes the query's pairs whose name matches GLOB;
    the other pairs keep their bytes, and a query left empty goes, its "?"
    too. The name is read as form data reads it (utm%5Fsource is utm_source)
    and compared without ASCII case; "*" matches any run of characters
    anywhere in GLOB, "\" quotes the next character.
  - -append path=SEGMENT and -append query=NAME=VALUE (or query=NAME), each
    in order. A segment is encoded as encodeURIComponent encodes, so that "/",
    "%", "?" and "#" stay in the segment, and follows a "/", added unless the
    path ends with one; "." and "..", also as %2e, are dot segments and move
    in the path. A URL with an opaque path (mailto:) has no segments: that
    input fails. A pair is encoded as URLSearchParams.append encodes it (UTF-8,
    a space as "+", "&", "=" and "+" encoded) and added after the pairs as
    they are written, which keep their bytes.
  - -query-strip-empty removes the query's empty pairs (a=1&&b, a lone "=")
    and a "?" with nothing after it; a= and =v stay.
  - -canon PROFILE makes the URL canonical: whatwg is the href as it is,
    crawler package canon's Crawler key (no fragment, credentials or leading
    www., tracking parameters such as utm_* dropped, unreserved escapes
    decoded and the others in upper case, the query sorted). -sort-query sorts the query's pairs
    by name, each pair keeping its bytes.

	$ weburl -set hash= -set search=?b=2 -get '{path}{search}' 'https://e.com/a?x#f'
	/a?b=2
	$ weburl -trim 'query=utm_*' -query-strip-empty 'https://e.com/?utm_source=x&&q=2'
	https://e.com/?q=2
	$ weburl -canon crawler 'https://www.example.com/%7Ea/?b=2&utm_source=x&a=1#top'
	https://example.com/~a/?a=1&b=2

# Output

Each URL prints as its href, or as one of these choose:

  - -get TEMPLATE prints the template filled in: the fields below, "{{" and
    "}}" for braces.
  - -surt prints the SURT key (Sort-friendly URI Reordering Transform), as
    the Internet Archive's surt library computes it.
  - -display prints the URL as it is safe to show to a person (URL.Display):
    no credentials, a Unicode host unless it could mislead.
  - -validate prints "valid" or "invalid" (whether the input is a valid URL
    string), the href or "(failure)", and the validation errors the parser
    met, each as name@offset with the byte offset in the input, separated by
    tabs, with no tab at the end when there are none.
  - -json prints one JSON object per input line: the input, the URL API's
    attributes (href, origin, protocol, username, password, host, hostname,
    port, pathname, search, hash), the host's publicSuffix and
    registrableDomain (null when it has none), and display and surt with
    -display and -surt. A line that fails, or a blank one, is
    {"input": ..., "error": ...}, so that the output lines stay beside the
    input lines. With -validate the object holds input, href, failure (the
    name of the error that stopped the parse), valid and validationErrors.

-match PATTERN (repeatable) prints only the URLs that one of the patterns
matches, a crawl-scope filter. PATTERN is a URL Pattern constructor string,
such as "https://*.example.com/docs/*", relative to -base if given. With
-json, a matching URL prints its input, href, the index of the first pattern
that matched (in the order of the flags) and the groups of each component
(null for a group that took no part in the match). -match does not go with
-validate, which reports on every input.

	$ weburl -get '{host} {port} {query:id}' 'https://Example.com:8080/p?id=42'
	example.com 8080 42
	$ weburl -surt 'http://www.Example.com/a?b=2&a=1'
	com,example)/a?a=1&b=2
	$ weburl -validate 'https://example.com/a b' 'https://example.com/'
	invalid	https://example.com/a%20b	invalid-URL-unit@21
	valid	https://example.com/
	$ weburl -match 'https://*.example.com/docs/*' https://www.example.com/docs/a https://example.org/docs/a
	https://www.example.com/docs/a

The fields of -get, each as in the href (percent-encoded; decode with
weburl.PercentDecode in Go) but where it says:

	{href} {url}                          the href
	{protocol} {scheme}                   the scheme with its ":", and without
	{username} {user} {password}          the credentials
	{host} {hostname} {puny:host}         the host without the port: a domain in ASCII
	                                      (Punycode where needed), an IPv6 address in brackets
	{idn:host}                            a domain in Unicode (the URL Standard's domain to
	                                      Unicode), as it is when that fails
	{hostport}                            the host and ":port", the URL API's host
	{port}                                the port; empty for the scheme's default port
	{default-port}                        the port, else the special scheme's default (443)
	{path} {pathname}                     the path
	{search} {query}                      the query with its "?", and without
	{query:NAME}                          the first value of NAME, decoded as form data
	{query-all:NAME}                      every value of NAME, decoded, separated by spaces
	{hash} {fragment}                     the fragment with its "#", and without
	{origin} {display} {surt}             the origin, URL.Display, the SURT key
	{public-suffix} {registrable-domain}  of a domain; empty for other hosts

{idn:hostname} and {puny:hostname} are {idn:host} and {puny:host}.

# Failures and exit status

A URL that fails to parse, or a change that fails, is reported on standard
error with its argument or line number and the reason in the spec's words,
and the run goes on; -quiet keeps these messages back (a usage error is still
said). The exit status is 0 when every input parsed, 1 when some failed (or a
-url-file could not be read), and 2 for bad usage: an unknown flag, field,
attribute, profile or encoding label, a -base, -get, -trim or -match that does
not parse, or two outputs that do not go together (-json goes with -surt,
-display and -validate).

	$ weburl -set user=x file:///a example.com
	weburl: argument 1: set username "x": the URL cannot have credentials: it has no host, an empty host, or scheme file
	weburl: argument 2: parse "example.com": missing-scheme-non-relative-URL (a relative reference: pass -base with a URL to resolve it against)

-version prints the versions of weburl (when the build records it), of Go,
and of the Unicode of the IDNA tables, which decides how non-ASCII hosts map:
"weburl v1.2.3 go1.27.3 unicode/17.0.0".

-h prints this manual on standard output, and each subcommand prints its
own: weburl links -h.

# Compared with trurl

trurl's users find its everyday flags here (with a single dash), with the URL
Standard's meaning where trurl's is RFC 3986's and libcurl's:

  - -set (trurl's --set) runs the URL API's setters: values are encoded as
    the setter encodes them, which is not everything: query=?x gives "??x"
    and fragment=#z gives "##z" (trurl: ?%3fx, #%23z), since "?" and "#" need
    no encoding there. There is no := (raw) form: what the setter leaves alone
    stays as given, %41 too. An empty query= or fragment= removes the
    component, as in trurl.
  - -append path= and query= (trurl's --append) encode as encodeURIComponent
    and URLSearchParams do, and dot segments move in the path.
  - -trim query=GLOB (trurl's --qtrim and --trim query=) reads "*" anywhere in
    the glob (trurl: only at the end).
  - -query-strip-empty has no trurl counterpart: trurl keeps empty pairs.
  - -url-file (trurl's --url-file) has no line length limit (trurl skips
    lines over 4094 bytes) and does not trim trailing spaces itself.
  - -quiet is trurl's --quiet.
  - {idn:host} and {puny:host} are trurl's names. The URL Standard's host
    parser writes a domain in ASCII (Punycode where needed, UTS #46
    nontransitional), so {host} is already {puny:host}; {idn:host} is the URL
    Standard's domain to Unicode (xn--fa-hia.de is faß.de), the host as it is
    when that fails. IP addresses and the opaque hosts of URLs that are not
    special (sc://xn--fa-hia.de) are no domains and are left alone.
  - Components in -get are percent-encoded as in the href, where trurl decodes
    them by default; {query:NAME} is decoded as form data.

Unlike trurl, weburl guesses no scheme (example.com is a relative reference:
pass -base), keeps a special scheme's default port out of the href
(https://h:443/ is https://h/; {default-port} gives 443), and reads "\" as "/"
in special URLs, as browsers do.
`
