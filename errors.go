package weburl

import (
	"errors"
	"strconv"

	"github.com/weburl/weburl/internal/errdetail"
	"github.com/weburl/weburl/internal/quote"
)

// Error is the error of every operation of the package that fails: Op says
// which, the other fields what it was given and where it failed, and Err
// why, as one of the spec's validation errors (an [ErrorName]) or one of
// the Err sentinels below for a reason the spec does not name. Use
// errors.Is with a name or a sentinel; errors.As gives the *Error.
//
// Op is one of "parse", "parse base" (ParseRef's base failed), "set href",
// "set protocol", ... "set hash" (a setter, by the attribute's IDL name),
// "from net/url", "from record", "from file path", "file path", "append
// path segments", "unmarshal JSON", "unmarshal text", "parse suffix list",
// "domain to ASCII", "domain to Unicode" and "origin domain".
type Error struct {
	Op    string
	Input string // the input as given, whole: the URL, value, path, domain or suffix-list line
	// Base is the base URL as given, for a parse against one, else "".
	// Only a base that parses is taken, and no URL is the empty string,
	// so "" always means no base.
	Base string
	// Offset is the byte offset in Input where the failure is, for an Err
	// that is a validation error (the offset ValidationError.Offset
	// gives), and for a NUL in a path; 0 otherwise.
	Offset int
	Line   int    // the line of the suffix list, from 1, for "parse suffix list"; 0 otherwise
	Field  string // the Record field at fault for "from record", such as "Host" or "Path[2]"; "" otherwise
	Err    error  // an ErrorName, an Err sentinel, or the error underneath (an io.Reader's); never nil
}

// Error returns a message such as `weburl: parse "http://[::1": IPv6-unclosed`,
// with " line N" or Field after Op where they are set. It quotes at most
// 1 KiB of the input and of the base (internal/quote) and says how many
// bytes it left out, so that a huge bad input makes a short message; Input
// and Base keep them whole.
func (e *Error) Error() string {
	s := "weburl: " + e.Op
	if e.Line > 0 {
		s += " line " + strconv.Itoa(e.Line)
	}
	if e.Field != "" {
		s += " " + e.Field
	}
	s += " " + quote.String(e.Input)
	if e.Base != "" && e.Op == "parse" {
		s += " against " + quote.String(e.Base)
	}
	if e.Err == nil {
		return s + ": failed"
	}
	s += ": " + e.Err.Error()
	if e.Op == "parse" && e.Err == MissingSchemeNonRelativeURL {
		// The no scheme state fails without a base, or with a base
		// that has an opaque path: say what the caller can do.
		if e.Base != "" {
			s += " (the base has an opaque path: only a fragment (#...) resolves against it)"
		} else {
			s += " (no scheme: a relative reference needs a base URL, resolve it with base.Parse(ref))"
		}
	}
	return s
}

// Unwrap returns Err.
func (e *Error) Unwrap() error { return e.Err }

// The reasons for a failure that the URL Standard names no validation
// error for. An *Error's Err is one of them, or wraps one with words that
// say more: test with errors.Is.
var (
	// ErrZeroURL: the zero URL was given where a URL is needed (a base,
	// a setter's URL, FilePath's).
	ErrZeroURL = errors.New("the zero URL is no URL")
	// ErrNilURL: a nil *URL or *url.URL was given.
	ErrNilURL = errors.New("nil URL")
	// ErrOpaquePath: the URL has an opaque path, which the host, hostname
	// and pathname setters and AppendPathSegments leave alone.
	ErrOpaquePath = errors.New("the URL has an opaque path")
	// ErrCannotHaveCredentialsOrPort: the spec's "cannot have a
	// username/password/port": the URL's host is null or empty, or its
	// scheme is file, so a username, password or port cannot be set (or
	// be in a Record).
	ErrCannotHaveCredentialsOrPort = errors.New("the URL cannot have a username, password or port: it has no host, an empty host, or scheme file")
	// ErrNotScheme: the protocol setter's value does not start with a
	// scheme.
	ErrNotScheme = errors.New("not a scheme: an ASCII letter, then ASCII letters, digits, '+', '-' or '.'")
	// ErrSchemeChange: the scheme state's rules refuse the change: a
	// special scheme to one that is not, or the reverse; to file for a
	// URL with credentials or a port; from file for a URL with an empty
	// host.
	ErrSchemeChange = errors.New("the scheme cannot change to this one")
	// ErrHostnamePort: the hostname setter's value holds a port.
	ErrHostnamePort = errors.New("a hostname cannot hold a port")
	// ErrEmptyHost: the host would be empty while the URL has
	// credentials or a port.
	ErrEmptyHost = errors.New("the host cannot be empty while the URL has credentials or a port")
	// ErrNotPort: the port setter's value does not start with a digit.
	ErrNotPort = errors.New("not a port: it does not start with a digit")
	// ErrPortNotSet: the host setter set the host of its value, and its
	// port failed and was left as it was: the URL changed, in part.
	ErrPortNotSet = errors.New("the host was set, the port was not and is as it was")
	// ErrUnknownAttribute: Parser.Set was given an Attribute that is none
	// of the constants.
	ErrUnknownAttribute = errors.New("unknown attribute")
	// ErrDotSegment: a path segment to append is a dot segment, which the
	// path parser removes in every spelling.
	ErrDotSegment = errors.New("a dot segment, which the path parser removes in every spelling (%2e too): no path holds one")
	// ErrNotJSONString: UnmarshalJSON was given JSON that is not a
	// string (nor null).
	ErrNotJSONString = errors.New("not a JSON string")
	// ErrRecord: FromRecord's Record is not one the parser gives; Field
	// names the field.
	ErrRecord = errors.New("not in the form the parser writes")
	// ErrPathStyle: an unknown PathStyle.
	ErrPathStyle = errors.New("unknown path style")
	// ErrPathNUL: a path holds NUL (or a file URL's path %00), which no
	// OS takes in a path.
	ErrPathNUL = errors.New("NUL, which no OS takes in a path")
	// ErrRelativePath: FromFilePath was given a path that is not
	// absolute for its style.
	ErrRelativePath = errors.New("a relative path, not an absolute one")
	// ErrNoFileURL: no file URL holds the path as it is (a device path,
	// a UNC path without a server or share, a server name no host holds).
	ErrNoFileURL = errors.New("no file URL holds the path")
	// ErrNotFileURL: FilePath was called on a URL whose scheme is not file.
	ErrNotFileURL = errors.New("not a file URL")
	// ErrNoFilePath: no path of the style holds the file URL (an encoded
	// separator, a host on POSIX, a Windows path without a drive letter
	// or share).
	ErrNoFilePath = errors.New("no path of the style holds the URL")
	// ErrSuffixListSyntax: a line of a suffix list is not a rule, a
	// comment or a section marker as publicsuffix.org writes them, or a
	// section is not closed; Line says which.
	ErrSuffixListSyntax = errors.New("not in the Public Suffix List's format")
	// ErrNoSuffixRules: a suffix list holds no rule.
	ErrNoSuffixRules = errors.New("no rule in the list: an empty file, or one cut short?")
	// ErrOpaqueOrigin: an opaque origin has no effective domain to set.
	ErrOpaqueOrigin = errors.New("an opaque origin has no effective domain")
	// ErrNotDomainSuffix: the domain is not a registrable domain suffix
	// of, nor equal to, the origin's effective domain.
	ErrNotDomainSuffix = errors.New("not a registrable domain suffix of, nor equal to, the effective domain")
)

// because returns err, an ErrorName or an Err sentinel, with detail, the
// words of this failure: they are the message of a sentinel, and follow
// a name in parentheses.
func because(err error, detail string) error {
	if n, ok := err.(ErrorName); ok {
		detail = string(n) + " (" + detail + ")"
	}
	return errdetail.New(err, detail, nil)
}

// causedBy returns the sentinel err with cause, the error underneath,
// whose message follows err's: errors.Is finds both.
func causedBy(err, cause error) error { return errdetail.New(err, "", cause) }
