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

Each URL argument is an input, and so is each -url URL (repeatable), in
the order of the command line. "-" among the arguments reads one URL a line
from standard input (a -url value is always a URL), and so does weburl with
no URL argument, -url or -url-file, unless standard input is a terminal: then
it prints its usage instead of waiting ("weburl -" reads a terminal all the
same). -url-file FILE (repeatable) reads the lines of FILE after the
arguments; "-" is standard input. Flags may come before, between or after the
URLs; "--" ends the flags.

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

-redirect REF then resolves REF against the URL, as a browser resolves a
Location header against the URL that answered, and goes on with the result;
repeated, each resolves against the URL the one before gave. REF is read as
UTF-8 whatever -encoding says, as Fetch reads a Location. A REF that does not
resolve fails the input.

	$ weburl -redirect '../here.html?x#top' https://curl.se/we/are.html -url https://e.com/a/b/c
	https://curl.se/here.html?x#top
	https://e.com/a/here.html?x#top

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
  - -trim query=GLOB (or -qtrim GLOB), each, removes the query's pairs whose
    name matches GLOB;
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
    tabs, with no tab at the end when there are none. An input that is not
    a valid URL string fails, as trurl's --verify fails one: the exit status
    is 1 (and with -verify the run ends there), though only a parse failure
    is also said on standard error.
  - -json prints one JSON object per input line: the input, the URL API's
    attributes (href, origin, protocol, username, password, host, hostname,
    port, pathname, search, hash), params, the host's publicSuffix and
    registrableDomain (null when it has none), and display and surt with
    -display and -surt. params are the query's pairs as trurl writes them,
    [{"key": ..., "value": ...}, ...], in order, decoded as form data (a "+"
    is a space), empty pairs left out: [] for a query of "&&", and no params
    for no query or an empty one. A line that fails, or a blank one, is
    {"input": ..., "error": ...}, so that the output lines stay beside the
    input lines. With -validate the object holds input, href, failure (the
    name of the error that stopped the parse), valid and validationErrors.

-match PATTERN (repeatable) prints only the URLs that one of the patterns
matches, a crawl-scope filter. PATTERN is a URL Pattern constructor string,
such as "https://*.example.com/docs/*", relative to -base if given. With
-json, a matching URL prints its input, href, the index of the first pattern
that matched (in the order of the flags) and the groups of each component
that has groups; a group that took no part in the match is left out, as
JSON.stringify leaves out the undefined groups of exec()'s result. -match
does not go with -validate, which reports on every input.

	$ weburl -get '{host} {port} {query:id}' 'https://Example.com:8080/p?id=42'
	example.com 8080 42
	$ weburl -g '{path}\t{:path}\t{query:q}\t{default:port}' 'https://e.com/a%20b/?q=x+y%21'
	/a b/	/a%20b/	x y!	443
	$ weburl -surt 'http://www.Example.com/a?b=2&a=1'
	com,example)/a?a=1&b=2
	$ weburl -validate 'https://example.com/a b' 'https://example.com/'
	invalid	https://example.com/a%20b	invalid-URL-unit@21
	valid	https://example.com/
	$ weburl -match 'https://*.example.com/docs/*' https://www.example.com/docs/a https://example.org/docs/a
	https://www.example.com/docs/a

The fields of -get have trurl's names, user, password, host, path, query
and fragment, which print percent-decoded as trurl prints them; a ":" before
the name ({:path}, trurl's short form of url:) prints the component as the
href writes it, percent-encoded. The URL API's names print as the API returns
them, percent-encoded (decode with weburl.PercentDecode in Go).

	{url} {href}                          the href
	{scheme} {protocol}                   the scheme, without its ":" and with it
	{user} {username}                     the username, decoded, and as in the href
	{password}                            the password, decoded ({:password}: the URL API's)
	{host} {hostname}                     the host without the port, decoded, and as in the
	                                      href: a domain in ASCII (Punycode where needed),
	                                      an IPv6 address in brackets
	{hostport}                            the host and ":port", the URL API's host
	{port}                                the port; empty for the scheme's default port
	{default:port} {default-port}         the port, else the special scheme's default (443)
	{path} {pathname}                     the path, decoded, and as in the href
	{query} {search}                      the query, decoded without its "?", and as in
	                                      the href with it
	{query:NAME}                          the first value of NAME, decoded as form data
	                                      (a "+" is a space); NAME may be empty
	{query-all:NAME}                      every value of NAME, decoded, separated by spaces
	{fragment} {hash}                     the fragment, decoded without its "#", and as in
	                                      the href with it
	{origin} {display} {surt}             the origin, URL.Display, the SURT key
	{public-suffix} {registrable-domain}  of a domain; empty for other hosts

Decoding gives bytes, as trurl's does: %FF is the byte FF, whatever UTF-8
says. A decoded field that would hold %00, %0A or %0D, which a line of output
cannot show, fails its input and says to print it encoded.

Before the name go trurl's modifiers, each with its ":". url: is the ":"
form: {url:path} is {:path}, and {:query:NAME} the value as the query writes
it. default: gives {port} the special scheme's default port and writes it
into {url}. idn: gives {host}, {hostname} and {url} the host in Unicode ({idn:host}:
a domain through the URL Standard's domain to Unicode, as it is when that
fails), puny: in ASCII, as the URL Standard's host parser already writes it.
must: fails the input when the URL has no such component (no query or
fragment, an empty other component, no pair named NAME). strict: is read and
changes nothing, decoding being strict already. -urlencode prints every field
as with url:. In the template "{{" and "}}" are braces, and trurl's \t, \n,
\r, \\, \{ and \[ are a tab, a newline, a carriage return, "\", "{" and "["; any
other "\" is itself.

# Failures and exit status

A URL that fails to parse, or a change that fails, is reported on standard
error with its argument or line number and the reason in the spec's words,
and the run goes on; -quiet keeps these messages back (a usage error is still
said). With -verify the first input that fails ends the run: nothing after
it is read or printed. The exit status is 0 when every input parsed, 1 when
some failed (with -validate: was not a valid URL string; or a -url-file
could not be read), and 2 for bad usage: an
unknown flag, field, attribute, profile or encoding label, a -base, -get,
-trim or -match that does not parse, or two outputs that do not go together
(-json goes with -surt, -display and -validate; -validate, which reports on
each input as given, goes with no -match, -redirect or edit).

	$ weburl -set user=x file:///a example.com
	weburl: argument 1: set username "x": the URL cannot have credentials: it has no host, an empty host, or scheme file
	weburl: argument 2: parse "example.com": missing-scheme-non-relative-URL (a relative reference: pass -base with a URL to resolve it against)

-version prints the versions of weburl (when the build records it), of Go,
and of the Unicode of the IDNA tables, which decides how non-ASCII hosts map:
"weburl v1.2.3 go1.27.3 unicode/17.0.0".

-h prints this manual on standard output, and each subcommand prints its
own: weburl links -h.

# Compared with trurl

trurl's users find its everyday flags here: -url, -url-file, -redirect,
-verify, -get, -set, -append, -trim and -qtrim, -sort-query, -urlencode,
-json and -quiet; trurl's --flag works too, as Go's flags take one dash or
two, and so do its short flags -g, -s, -a, -f and -v, with the value apart
or joined (-g'{path}', -shost=x). Where trurl follows RFC 3986 and libcurl,
weburl follows the URL Standard, and where it departs from trurl otherwise,
it is for a reason:

  - -get's fields have trurl's names and meanings: {path} decoded, {:path}
    encoded, {default:port}, {query:NAME}, {idn:host}, and trurl's
    modifiers and backslash sequences. But {:query:NAME} is the value as the
    query writes it (tra%20cker), where trurl writes it encoded anew
    (tra+cker): weburl keeps a pair's bytes, as -trim does. A decoded %00,
    %0A or %0D fails the input, where trurl prints nothing for a NUL (a "."
    in {query:NAME}) and a line break as it is, which would lose bytes or
    break the lines. A must: field that the URL lacks fails that input, and
    the run goes on, as with any failure (trurl ends the run). An unclosed
    "{" or a lone "}" is a usage error, where trurl prints it; trurl's
    [component] form is not read ("[" is text), and {options} and {zoneid}
    are usage errors: the URL Standard has neither component (";options"
    stays in the password; an IPv6 address with a zone ID fails to parse).
  - {host} is a domain in ASCII, as the URL Standard's host parser writes it
    (Punycode where needed, UTS #46 nontransitional), so {puny:host} is
    {host}; {idn:host} is the URL Standard's domain to Unicode (xn--fa-hia.de
    is faß.de), the host as it is when that fails. IP addresses and the
    opaque hosts of URLs that are not special (sc://xn--fa-hia.de) are no
    domains and are left alone.
  - -json prints one object a line (trurl: one array), so that it streams
    and each output line stays beside its input line, with the URL API's
    attributes, percent-encoded as the API gives them, where trurl prints
    "parts" decoded; params are trurl's, decoded as form data into UTF-8 as
    JSON needs (an invalid byte is U+FFFD, where trurl writes the byte).
  - -redirect may be repeated, for a chain of redirects (trurl takes one).
  - -verify ends the run at the first failure with status 1, the status of
    any failed input here (trurl's is 9).
  - -set (trurl's --set) runs the URL API's setters: values are encoded as
    the setter encodes them, which is not everything: query=?x gives "??x"
    and fragment=#z gives "##z" (trurl: ?%3fx, #%23z), since "?" and "#" need
    no encoding there. There is no := (raw) form: what the setter leaves alone
    stays as given, %41 too. An empty query= or fragment= removes the
    component, as in trurl.
  - -append path= and query= (trurl's --append) encode as encodeURIComponent
    and URLSearchParams do, and dot segments move in the path.
  - -trim query=GLOB and -qtrim GLOB read "*" anywhere in the glob (trurl:
    only at the end).
  - -query-strip-empty has no trurl counterpart: trurl keeps empty pairs.
  - -url-file is repeatable (trurl takes one), has no line length limit
    (trurl skips lines over 4094 bytes) and does not trim trailing spaces
    itself.

Unlike trurl, weburl guesses no scheme (example.com is a relative reference:
pass -base), keeps a special scheme's default port out of the href
(https://h:443/ is https://h/; {default:port} gives 443, {default:url} the
href with it), and reads "\" as "/" in special URLs, as browsers do. trurl's
--iterate, --replace, --replace-append, --keep-port, --default-port,
--punycode, --as-idn, --accept-space, --no-guess-scheme, --curl and
--query-separator are not here, nor -set's := and ?= forms or a URL made
from -set values alone.
`
