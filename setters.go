package weburl

import (
	"errors"
	"strconv"
	"strings"
)

// The setters change one component as the URL class's attribute setters
// do: each runs the basic URL parser with a state override. A value that
// is invalid for the component leaves the URL as it was; where the spec
// commits part of a value before failing (a host setter given a valid
// host and an invalid port), the committed part stays, as in browsers.

// SetHref replaces the whole URL with input parsed as an absolute URL. On
// failure it returns the *Error and leaves u unchanged, as the JavaScript
// setter throws.
func (u *URL) SetHref(input string) error { return u.set(AttrHref, input, nil) }

// SetProtocol sets the scheme. A change between a special and a
// non-special scheme, or to "file" when the URL has credentials or a port,
// is ignored, as the spec says.
func (u *URL) SetProtocol(v string) { u.set(AttrProtocol, v, nil) }

// SetUsername sets the username, percent-encoding it, unless the URL
// cannot have a username (no host, an empty host, or scheme "file").
func (u *URL) SetUsername(v string) { u.set(AttrUsername, v, nil) }

// SetPassword sets the password, percent-encoding it, unless the URL
// cannot have a password.
func (u *URL) SetPassword(v string) { u.set(AttrPassword, v, nil) }

// SetHost sets the host and, if v has one, the port. It does nothing for a
// URL with an opaque path.
func (u *URL) SetHost(v string) { u.set(AttrHost, v, nil) }

// SetHostname sets the host, leaving the port as it is. It does nothing
// for a URL with an opaque path.
func (u *URL) SetHostname(v string) { u.set(AttrHostname, v, nil) }

// SetPort sets the port from the leading digits of v; "" removes it. It
// does nothing when the URL cannot have a port.
func (u *URL) SetPort(v string) { u.set(AttrPort, v, nil) }

// SetPathname sets the path. It does nothing for a URL with an opaque path.
func (u *URL) SetPathname(v string) { u.set(AttrPathname, v, nil) }

// SetSearch sets the query from v, without its leading "?" if any; ""
// makes the query null. The URL's SearchParams follow.
func (u *URL) SetSearch(v string) { u.set(AttrSearch, v, nil) }

// SetHash sets the fragment from v, without its leading "#" if any; ""
// makes the fragment null.
func (u *URL) SetHash(v string) { u.set(AttrHash, v, nil) }

// An Attribute names one of the URL class's settable attributes, for
// Parser.Set.
type Attribute uint8

// The settable attributes, named as in JavaScript.
const (
	AttrHref Attribute = iota
	AttrProtocol
	AttrUsername
	AttrPassword
	AttrHost
	AttrHostname
	AttrPort
	AttrPathname
	AttrSearch
	AttrHash
)

var attributeNames = [...]string{"href", "protocol", "username", "password",
	"host", "hostname", "port", "pathname", "search", "hash"}

// String returns the attribute's JavaScript name, such as "hostname".
func (a Attribute) String() string {
	if int(a) < len(attributeNames) {
		return attributeNames[a]
	}
	return "Attribute(" + strconv.Itoa(int(a)) + ")"
}

// Set runs the setter of attribute a on u with value v, as u's Set methods
// do, and passes the validation errors the parser meets to
// p.OnValidationError, with offsets into v. It returns an *Error when the
// parser fails on v: u is then unchanged, except for a part the spec
// commits before the failure (a valid host before an invalid port). A
// setter that ignores v by the spec's rules (a port for a file: URL)
// returns nil. p.Encoding is not used: setters encode queries in UTF-8.
func (p *Parser) Set(u *URL, a Attribute, v string) error {
	return u.set(a, v, p)
}

// set is the one place the setters' rules live; opts may be nil.
func (u *URL) set(a Attribute, v string, opts *Parser) error {
	var fn func(ValidationError)
	if opts != nil {
		fn = opts.OnValidationError
	}
	switch a {
	case AttrHref:
		v2, err := (&Parser{OnValidationError: fn}).Parse(v, nil)
		if err != nil {
			return err
		}
		u.href, u.layout = v2.href, v2.layout
		u.queryChanged()
		return nil
	case AttrProtocol:
		return setError(u.runOverride(a, v+":", 0, schemeStartState, fn), v)
	case AttrUsername, AttrPassword:
		if u.cannotHaveCredentialsOrPort() {
			return nil
		}
		user, pass := u.Username(), u.Password()
		if a == AttrUsername {
			user = PercentEncode(v, UserinfoSet)
		} else {
			pass = PercentEncode(v, UserinfoSet)
		}
		if !u.setUserinfo(user, pass) {
			return &Error{Op: "set " + a.String(), Input: v, Err: ValidationError{name: HrefTooLong}}
		}
		return nil
	case AttrHost, AttrHostname, AttrPathname:
		if u.hasOpaquePath() {
			return nil
		}
		st := hostState
		if a == AttrHostname {
			st = hostnameState
		} else if a == AttrPathname {
			st = pathStartState
		}
		return setError(u.runOverride(a, v, 0, st, fn), v)
	case AttrPort:
		if u.cannotHaveCredentialsOrPort() {
			return nil
		}
		if v == "" {
			if u.port >= 0 {
				u.cut(u.hostEnd, u.pathStart)
				u.port = -1
			}
			return nil
		}
		return setError(u.runOverride(a, v, 0, portState, fn), v)
	case AttrSearch:
		if v == "" {
			if u.queryStart >= 0 {
				u.cut(u.queryStart, u.queryEnd())
				u.queryStart = -1
			}
			u.queryChanged()
			return nil
		}
		input := strings.TrimPrefix(v, "?")
		u.runOverride(a, input, len(v)-len(input), queryState, fn) // cannot fail
		if p := u.params.Load(); p != nil {
			p.list = ParseForm(input) // the spec parses the input, not the query
		}
		return nil
	case AttrHash:
		if v == "" {
			if u.fragmentStart >= 0 {
				u.href = u.href[:u.fragmentStart]
				u.fragmentStart = -1
			}
			return nil
		}
		input := strings.TrimPrefix(v, "#")
		u.runOverride(a, input, len(v)-len(input), fragmentState, fn) // cannot fail
		return nil
	}
	return errors.New("weburl: set: unknown " + a.String())
}

// setError completes a setter's *Error with the value as given; it keeps a
// nil *Error a nil error.
func setError(e *Error, v string) error {
	if e == nil {
		return nil
	}
	e.Input = v
	return e
}

// cut removes href[i:j] and moves the offsets after j. It serves a
// component that becomes null; the null-host "/." rule cannot change.
func (u *URL) cut(i, j int32) {
	u.href = u.href[:i] + u.href[j:]
	d := j - i
	for _, off := range []*int32{&u.pathStart, &u.queryStart, &u.fragmentStart} {
		if *off >= j {
			*off -= d
		}
	}
}

// setUserinfo rebuilds the href with an encoded username and password;
// false means the href would be too long (HrefTooLong) and u is unchanged.
func (u *URL) setUserinfo(user, pass string) bool {
	p := getParser()
	defer putParser(p)
	p.reset()
	p.copyScheme(u)
	p.buf = append(p.buf, "//"+user...)
	p.usernameEnd = p.here()
	if pass != "" {
		p.buf = append(p.buf, ':')
		p.buf = append(p.buf, pass...)
	}
	if user != "" || pass != "" {
		p.buf = append(p.buf, '@')
	}
	p.hostStart = p.here()
	p.buf = append(p.buf, u.href[u.hostStart:u.portEnd()]...)
	p.hostEnd = p.hostStart + u.hostEnd - u.hostStart
	p.hostKind, p.port = u.hostKind, u.port
	p.copyPath(u)
	p.copyQuery(u)
	p.copyFragment(u)
	return p.commit(u)
}

// commit finishes the layout and makes the parser's URL u's, unless the
// href would be too long (HrefTooLong): then it reports false.
func (p *parser) commit(u *URL) bool {
	if !p.fits() {
		return false
	}
	p.finish()
	u.href, u.layout = string(p.buf), p.layout
	return true
}

// runOverride is the basic URL parser with url u and a state override: the
// components before the one being set are copied from u, the machine
// writes the new one, and the rest is copied from u after it. Errors go to
// fn with offsets into the setter's value, of which input drops shift
// leading bytes.
func (u *URL) runOverride(a Attribute, input string, shift int, override state, fn func(ValidationError)) *Error {
	p := getParser()
	defer putParser(p)
	p.reset()
	p.url, p.override, p.state = u, override, override
	p.errs.fn, p.errs.shift = fn, shift
	p.input = p.removeTabAndNewline(input)

	target := compScheme
	switch override {
	case hostState, hostnameState:
		target = compHost
		p.copyScheme(u)
		p.buf = append(p.buf, '/', '/')
		if u.hostKind != NoHost {
			p.buf = append(p.buf, u.href[u.schemeEnd+3:u.hostStart]...)
			p.usernameEnd = p.here() - (u.hostStart - u.usernameEnd)
		} else {
			p.usernameEnd = p.here()
		}
		p.hostStart = p.here()
	case portState:
		target = compPort
		p.copyScheme(u)
		p.copyAuthority(u)
		p.buf = p.buf[:p.hostEnd]
		p.port = -1
	case pathStartState:
		target = compPath
		p.copyScheme(u)
		p.copyAuthority(u)
	case queryState:
		target = compQuery
		p.copyScheme(u)
		p.copyAuthority(u)
		p.copyPath(u)
		p.startQuery()
	case fragmentState:
		target = compFragment
		p.copyScheme(u)
		p.copyAuthority(u)
		p.copyPath(u)
		p.copyQuery(u)
		p.startFragment()
	}
	var err *Error
	if !p.run() {
		err = &Error{Op: "set " + a.String(), Err: p.errs.reason()}
		if err.Err.name == HrefTooLong {
			return err
		}
	}
	if target >= compPath {
		p.committed = target // these states cannot fail
	}
	if p.committed < target {
		return err
	}
	switch p.committed {
	case compScheme:
		p.copyAuthority(u)
		if p.port >= 0 && int(p.port) == p.scheme.defaultPort() {
			p.buf = p.buf[:p.hostEnd]
			p.port = -1
		}
	case compHost:
		if p.scheme != schemeFile && u.port >= 0 {
			p.buf = append(p.buf, ':')
			p.buf = strconv.AppendInt(p.buf, int64(u.port), 10)
			p.port = u.port
		}
	}
	if p.committed < compPath {
		p.copyPath(u)
	}
	if p.committed < compQuery {
		p.copyQuery(u)
	}
	if p.committed < compFragment {
		p.copyFragment(u)
	}
	if !p.commit(u) {
		return &Error{Op: "set " + a.String(), Err: p.errs.reason()}
	}
	return err
}
