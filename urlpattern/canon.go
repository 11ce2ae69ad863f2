package urlpattern

import (
	"errors"
	"strings"

	"github.com/weburl/weburl"
)

// Canonicalization: the spec's encoding callbacks, each run through
// weburl's own parser and setters on a dummy URL, as the spec runs the
// basic URL parser with a state override.

// dummyURL is "create a dummy URL": https://dummy.invalid/.
func dummyURL() *weburl.URL {
	u, _ := weburl.Parse("https://dummy.invalid/")
	return u
}

// canonicalizeProtocol parses value + "://dummy.invalid/" and keeps the
// scheme.
func canonicalizeProtocol(value string) (string, error) {
	if value == "" {
		return value, nil
	}
	u, err := weburl.Parse(value + "://dummy.invalid/")
	if err != nil {
		return "", err
	}
	return u.Scheme(), nil
}

// canonicalizeUsername is "set the username" on a dummy URL.
func canonicalizeUsername(value string) (string, error) {
	if value == "" {
		return value, nil
	}
	u := dummyURL()
	if err := u.SetUsername(value); err != nil {
		return "", err
	}
	return u.Username(), nil
}

// canonicalizePassword is "set the password" on a dummy URL.
func canonicalizePassword(value string) (string, error) {
	if value == "" {
		return value, nil
	}
	u := dummyURL()
	if err := u.SetPassword(value); err != nil {
		return "", err
	}
	return u.Password(), nil
}

// canonicalizeHostname runs the hostname state on a dummy URL.
func canonicalizeHostname(value string) (string, error) {
	if value == "" {
		return value, nil
	}
	u := dummyURL()
	if err := u.SetHostname(value); err != nil {
		return "", err
	}
	return u.Hostname(), nil
}

var errIPv6 = errors.New(reasonIPv6)

// canonicalizeIPv6Hostname is "canonicalize an IPv6 hostname".
func canonicalizeIPv6Hostname(value string) (string, error) {
	var b strings.Builder
	for _, r := range value {
		switch {
		case '0' <= r && r <= '9', 'a' <= r && r <= 'f', r == '[', r == ']', r == ':':
			b.WriteRune(r)
		case 'A' <= r && r <= 'F':
			b.WriteRune(r + 'a' - 'A')
		default:
			return "", errIPv6
		}
	}
	return b.String(), nil
}

// defaultPort is the special scheme's default port, or "".
func defaultPort(scheme string) string {
	switch scheme {
	case "http", "ws":
		return "80"
	case "https", "wss":
		return "443"
	case "ftp":
		return "21"
	}
	return ""
}

func isSpecialScheme(s string) bool {
	switch s {
	case "http", "https", "ws", "wss", "ftp", "file":
		return true
	}
	return false
}

// portDummy is a URL whose scheme has no default port: the port state
// keeps every port, and the default port of the given protocol, if any,
// is dropped after. Browsers (and WPT) keep "443" when no protocol is
// given, where the spec's https dummy would drop it.
var portDummy = "x://dummy.invalid/"

// canonicalizePort runs the port state on a dummy URL whose scheme is
// protocol.
func canonicalizePort(value, protocol string) (string, error) {
	if value == "" {
		return value, nil
	}
	u, _ := weburl.Parse(portDummy)
	if err := u.SetPort(value); err != nil {
		return "", err
	}
	port := u.Port()
	if port == defaultPort(protocol) {
		return "", nil
	}
	return port, nil
}

// canonicalizePathname runs the path start state on a dummy URL with an
// empty path, behind "/-" when value does not start with "/".
func canonicalizePathname(value string) (string, error) {
	if value == "" {
		return value, nil
	}
	leadingSlash := value[0] == '/'
	modified := value
	if !leadingSlash {
		modified = "/-" + value
	}
	u := dummyURL()
	if err := u.SetPathname(modified); err != nil {
		return "", err
	}
	result := u.Pathname()
	if !leadingSlash {
		// Cut the "/-" (two code points and two bytes). A ".." after
		// them ("\..") leaves only "/", and then nothing.
		if len(result) < 2 {
			return "", nil
		}
		result = result[2:]
	}
	return result, nil
}

// canonicalizeOpaquePathname runs the opaque path state. weburl has no
// setter for an opaque path; parsing "x:-" + value + "-" runs the same
// state over value (the "-" keep a leading "/" from starting a path and
// a trailing space from being trimmed), and the markers are cut off.
func canonicalizeOpaquePathname(value string) (string, error) {
	if value == "" {
		return value, nil
	}
	u, err := weburl.Parse("x:-" + value + "-")
	if err != nil {
		return "", err
	}
	path := u.Pathname()[1:]
	_, hasQuery := u.Query()
	_, hasFragment := u.Fragment()
	if !hasQuery && !hasFragment {
		path = path[:len(path)-1]
	}
	return path, nil
}

// canonicalizeSearch runs the query state on a dummy URL.
func canonicalizeSearch(value string) (string, error) {
	if value == "" {
		return value, nil
	}
	u := dummyURL()
	// The setter drops one leading "?", which the query state would keep.
	if err := u.SetSearch("?" + value); err != nil {
		return "", err
	}
	q, _ := u.Query()
	return q, nil
}

// canonicalizeHash runs the fragment state on a dummy URL.
func canonicalizeHash(value string) (string, error) {
	if value == "" {
		return value, nil
	}
	u := dummyURL()
	if err := u.SetHash("#" + value); err != nil {
		return "", err
	}
	f, _ := u.Fragment()
	return f, nil
}
