package urlpattern

import (
	"strconv"
	"strings"

	"github.com/weburl/weburl"
)

// Init is the URLPatternInit dictionary; nil means the member is absent
// ("" is present and empty). With Go 1.26, new("…") writes a member:
// Init{Pathname: new("/books/:id")}.
type Init struct {
	Protocol, Username, Password, Hostname, Port, Pathname, Search, Hash, BaseURL *string
}

// Component names one of a URL pattern's eight components.
type Component int

// The components, in the order of a URL.
const (
	Protocol Component = iota
	Username
	Password
	Hostname
	Port
	Pathname
	Search
	Hash
	numComponents
)

var componentNames = [numComponents]string{"protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"}

// String returns the component's name in JavaScript, such as "pathname".
func (c Component) String() string {
	if c >= 0 && c < numComponents {
		return componentNames[c]
	}
	return "Component(" + strconv.Itoa(int(c)) + ")"
}

// record is a URLPatternInit as a map from the component index: present
// members and their values.
type record struct {
	has     [numComponents]bool
	value   [numComponents]string
	hasBase bool
	baseURL string
}

func (r *record) set(c Component, v string) { r.has[c], r.value[c] = true, v }

func recordOf(init Init) record {
	var r record
	for c, p := range [numComponents]*string{init.Protocol, init.Username, init.Password, init.Hostname,
		init.Port, init.Pathname, init.Search, init.Hash} {
		if p != nil {
			r.set(Component(c), *p)
		}
	}
	if init.BaseURL != nil {
		r.hasBase, r.baseURL = true, *init.BaseURL
	}
	return r
}

// initType is process a URLPatternInit's type: "pattern" or "url".
type initType uint8

const (
	typePattern initType = iota
	typeURL
)

// processInit is "process a URLPatternInit" with every given component
// null ("pattern", from the constructor) or empty ("url", from match).
// An error names the component whose value failed.
func processInit(init *record, typ initType) (record, *Error) {
	var result record
	if typ == typeURL {
		for c := range numComponents {
			result.set(c, "")
		}
	}
	var baseURL *weburl.URL
	if init.hasBase {
		u, err := weburl.Parse(init.baseURL)
		if err != nil {
			e := newError(-1, because(ErrBaseURL, ErrBaseURL.Error(), err))
			e.Pattern = init.baseURL
			return result, e
		}
		baseURL = u
		has := func(cs ...Component) bool {
			for _, c := range cs {
				if init.has[c] {
					return true
				}
			}
			return false
		}
		if !init.has[Protocol] {
			result.set(Protocol, processBaseURLString(baseURL.Scheme(), typ))
		}
		if typ != typePattern && !has(Protocol, Hostname, Port, Username) {
			result.set(Username, processBaseURLString(baseURL.Username(), typ))
		}
		if typ != typePattern && !has(Protocol, Hostname, Port, Username, Password) {
			result.set(Password, processBaseURLString(baseURL.Password(), typ))
		}
		if !has(Protocol, Hostname) {
			result.set(Hostname, processBaseURLString(baseURL.Hostname(), typ))
		}
		if !has(Protocol, Hostname, Port) {
			result.set(Port, baseURL.Port())
		}
		if !has(Protocol, Hostname, Port, Pathname) {
			result.set(Pathname, processBaseURLString(baseURL.Pathname(), typ))
		}
		if !has(Protocol, Hostname, Port, Pathname, Search) {
			q, _ := baseURL.Query()
			result.set(Search, processBaseURLString(q, typ))
		}
		if !has(Protocol, Hostname, Port, Pathname, Search, Hash) {
			f, _ := baseURL.Fragment()
			result.set(Hash, processBaseURLString(f, typ))
		}
	}
	fail := func(c Component, err error) *Error {
		return &Error{Op: opNew, Pattern: init.value[c], Component: c, Offset: -1, Err: because(ErrInvalidValue, ErrInvalidValue.Error(), err)}
	}
	if init.has[Protocol] {
		v := strings.TrimSuffix(init.value[Protocol], ":")
		if typ == typeURL {
			var err error
			if v, err = canonicalizeProtocol(v); err != nil {
				return result, fail(Protocol, err)
			}
		}
		result.set(Protocol, v)
	}
	for _, c := range [...]Component{Username, Password, Hostname} {
		if !init.has[c] {
			continue
		}
		v := init.value[c]
		if typ == typeURL {
			var err error
			switch c {
			case Username:
				v, err = canonicalizeUsername(v)
			case Password:
				v, err = canonicalizePassword(v)
			case Hostname:
				v, err = canonicalizeHostname(v)
			}
			if err != nil {
				return result, fail(c, err)
			}
		}
		result.set(c, v)
	}
	resultProtocol := ""
	if result.has[Protocol] {
		resultProtocol = result.value[Protocol]
	}
	if init.has[Port] {
		v := init.value[Port]
		if typ == typeURL {
			var err error
			if v, err = canonicalizePort(v, resultProtocol); err != nil {
				return result, fail(Port, err)
			}
		}
		result.set(Port, v)
	}
	if init.has[Pathname] {
		v := init.value[Pathname]
		if baseURL != nil && !baseURL.HasOpaquePath() && !isAbsolutePathname(v, typ) {
			baseURLPath := processBaseURLString(baseURL.Pathname(), typ)
			if i := strings.LastIndexByte(baseURLPath, '/'); i >= 0 {
				v = baseURLPath[:i+1] + v
			}
		}
		if typ == typeURL {
			var err error
			if resultProtocol == "" || isSpecialScheme(resultProtocol) {
				v, err = canonicalizePathname(v)
			} else {
				v, err = canonicalizeOpaquePathname(v)
			}
			if err != nil {
				return result, fail(Pathname, err)
			}
		}
		result.set(Pathname, v)
	}
	if init.has[Search] {
		v := strings.TrimPrefix(init.value[Search], "?")
		if typ == typeURL {
			var err error
			if v, err = canonicalizeSearch(v); err != nil {
				return result, fail(Search, err)
			}
		}
		result.set(Search, v)
	}
	if init.has[Hash] {
		v := strings.TrimPrefix(init.value[Hash], "#")
		if typ == typeURL {
			var err error
			if v, err = canonicalizeHash(v); err != nil {
				return result, fail(Hash, err)
			}
		}
		result.set(Hash, v)
	}
	return result, nil
}

// processBaseURLString is "process a base URL string".
func processBaseURLString(input string, typ initType) string {
	if typ != typePattern {
		return input
	}
	return escapePatternString(input)
}

// isAbsolutePathname is "is an absolute pathname".
func isAbsolutePathname(input string, typ initType) bool {
	if input == "" {
		return false
	}
	if input[0] == '/' {
		return true
	}
	if typ == typeURL || len(input) < 2 {
		return false
	}
	return input[0] == '\\' && input[1] == '/' || input[0] == '{' && input[1] == '/'
}
