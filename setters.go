package weburl

import (
	"strconv"
	"strings"
)

// The setters change one component as the URL class's attribute setters
// do: each runs the basic URL parser with a state override. A value that
// is invalid for the component leaves the URL as it was; where the spec
// commits part of a value before failing (a host setter given a valid
// host and an invalid port), the committed part stays, as in browsers.
//
// Each returns nil when the spec's setter applied the whole value, and an
// *Error (Op "set " and the attribute, Input the value) when it did not:
// when the value fails to parse (Err names the validation error), when
// the spec ignores it by rule (Reason says which rule), and when only a
// part was applied (Reason says which). The rule is the same for all: an
// error whenever u is not what the value asked for. A value that leaves
// the href as it was because it was already so ("https" for an https
// URL) is applied, and gives nil. On the zero URL every setter but
// SetHref fails.

// SetHref replaces the whole URL with input parsed as an absolute URL. On
// failure it returns the *Error and leaves u unchanged, as the JavaScript
// setter throws.
//
// SetHref on a URL that is reused is the way to parse a stream of URLs
// without garbage: when input is already its own serialization, as nearly
// every URL of a crawl or a log is, u keeps input itself as its href and
// nothing is allocated; otherwise the new href is the one allocation.
//
//	var u weburl.URL
//	for sc.Scan() {
//		if err := u.SetHref(sc.Text()); err == nil {
//			use(&u) // u shares its href with the input string
//		}
//	}
func (u *URL) SetHref(input string) error { return u.setHref(input, nil) }

// SetProtocol sets the scheme from v up to its first ':', if any. It
// fails, leaving u unchanged, when v does not start with a scheme, and
// when the spec ignores the change: between a special and a non-special
// scheme, to "file" for a URL with credentials or a port, and from "file"
// for a URL with an empty host. A port that is the new scheme's default
// is dropped.
func (u *URL) SetProtocol(v string) error { return u.set(AttrProtocol, v, nil) }

// SetUsername sets the username, percent-encoding it. It fails, leaving u
// unchanged, when the URL cannot have a username (no host, an empty host,
// or scheme "file"), which the spec ignores silently.
func (u *URL) SetUsername(v string) error { return u.set(AttrUsername, v, nil) }

// SetPassword sets the password, percent-encoding it; "" removes it. It
// fails, leaving u unchanged, when the URL cannot have a password (no
// host, an empty host, or scheme "file").
func (u *URL) SetPassword(v string) error { return u.set(AttrPassword, v, nil) }

// SetHost sets the host and, if v has ":" and a port after it, the port.
// It fails, leaving u unchanged, for a URL with an opaque path, for a
// host that does not parse, and for an empty host where the spec forbids
// one. When the host is valid but the port is not (out of range, or not
// digits), the host is set, the port stays as it was, and SetHost still
// fails, saying so in the error's Reason.
func (u *URL) SetHost(v string) error { return u.set(AttrHost, v, nil) }

// SetHostname sets the host, leaving the port as it is. It fails, leaving
// u unchanged, for a URL with an opaque path, for a value that holds a
// port, for a host that does not parse, and for an empty host where the
// spec forbids one.
func (u *URL) SetHostname(v string) error { return u.set(AttrHostname, v, nil) }

// SetPort sets the port from the leading digits of v ("8080abc" sets
// 8080, and that is success); "" removes it, and so does the scheme's
// default port. It fails, leaving u unchanged, when v does not start with
// a digit, when the port is above 65535, and when the URL cannot have a
// port (no host, an empty host, or scheme "file").
func (u *URL) SetPort(v string) error { return u.set(AttrPort, v, nil) }

// SetPathname sets the path, percent-encoding it and resolving dot
// segments. It fails, leaving u unchanged, for a URL with an opaque path.
func (u *URL) SetPathname(v string) error { return u.set(AttrPathname, v, nil) }

// SetSearch sets the query from v, without its leading "?" if any; ""
// makes the query null. Views from SearchParams follow. It cannot fail
// but on the zero URL (or an href over the length limit).
func (u *URL) SetSearch(v string) error { return u.set(AttrSearch, v, nil) }

// SetHash sets the fragment from v, without its leading "#" if any; ""
// makes the fragment null. It cannot fail but on the zero URL (or an href
// over the length limit).
func (u *URL) SetHash(v string) error { return u.set(AttrHash, v, nil) }

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
// p.OnValidationError, with offsets into v. It returns what the method
// returns: nil when the value was applied, else an *Error, with u
// unchanged except for a part the spec commits before a failure (a valid
// host before an invalid port). p.Encoding is not used: setters encode
// queries in UTF-8.
func (p *Parser) Set(u *URL, a Attribute, v string) error {
	return u.set(a, v, p)
}

// Details of setter errors, after the sentinel.
const (
	detailSpecialChange = "a special scheme cannot change to one that is not, nor the reverse"
	detailToFile        = "a URL with credentials or a port cannot become a file URL"
	detailFromFile      = "a file URL with an empty host cannot change its scheme"
	detailNoCredentials = "the URL cannot have credentials: it has no host, an empty host, or scheme file"
	detailNoPort        = "the URL cannot have a port: it has no host, an empty host, or scheme file"
)

// setHref is SetHref with a validation-error callback fn, if not nil:
// the parse of Parse, written into u (both ways out of the parser take the
// caller's URL), so that an input that is its own href allocates nothing.
func (u *URL) setHref(v string, fn func(ValidationError)) error {
	p := Parser{OnValidationError: fn}
	if _, err := p.parse(u, v, nil); err != nil {
		err.Op = "set href"
		return err
	}
	return nil
}

// set is the one place the setters' rules live; opts may be nil.
func (u *URL) set(a Attribute, v string, opts *Parser) error {
	var fn func(ValidationError)
	if opts != nil {
		fn = opts.OnValidationError
	}
	fail := func(reason error) error {
		return &Error{Op: "set " + a.String(), Input: v, Err: reason}
	}
	if u.href == "" && a != AttrHref {
		return fail(because(ErrZeroURL, "the zero URL has no components to set; use SetHref"))
	}
	switch a {
	case AttrHref:
		return u.setHref(v, fn)
	case AttrProtocol:
		applied, err := u.runOverride(a, v+":", 0, schemeStartState, fn)
		switch {
		case err != nil && err.Err == nil:
			err.Err = ErrNotScheme
		case err == nil && !applied:
			return fail(u.protocolIgnored(v))
		}
		return setError(err, v)
	case AttrUsername, AttrPassword:
		if u.cannotHaveCredentialsOrPort() {
			return fail(because(ErrCannotHaveCredentialsOrPort, detailNoCredentials))
		}
		user, pass := u.Username(), u.Password()
		if a == AttrUsername {
			user = PercentEncode(v, UserinfoSet)
		} else {
			pass = PercentEncode(v, UserinfoSet)
		}
		if !u.setUserinfo(user, pass) {
			return fail(HrefTooLong)
		}
		return nil
	case AttrHost, AttrHostname, AttrPathname:
		if u.hasOpaquePath() {
			return fail(ErrOpaquePath)
		}
		if a == AttrPathname && fn == nil && u.splicePath(v) {
			return nil
		}
		st := hostState
		if a == AttrHostname {
			st = hostnameState
		} else if a == AttrPathname {
			st = pathStartState
		}
		applied, err := u.runOverride(a, v, 0, st, fn)
		switch {
		case err == nil:
		case applied: // the port of a host setter's value failed
			if err.Err != nil {
				err.Err = causedBy(ErrPortNotSet, err.Err)
			} else {
				err.Err = ErrPortNotSet
			}
		case err.Err == nil && u.hostPartEmpty(v):
			err.Err = ErrEmptyHost
		case err.Err == nil:
			err.Err = ErrHostnamePort
		}
		return setError(err, v)
	case AttrPort:
		if u.cannotHaveCredentialsOrPort() {
			return fail(because(ErrCannotHaveCredentialsOrPort, detailNoPort))
		}
		if v == "" {
			if u.hasPort() {
				u.cut(u.hostEnd, u.pathStart)
			}
			return nil
		}
		_, err := u.runOverride(a, v, 0, portState, fn)
		if err != nil && err.Err == nil {
			err.Err = ErrNotPort
		}
		return setError(err, v)
	case AttrSearch:
		if v == "" {
			if u.queryStart >= 0 {
				u.cut(u.queryStart, u.queryEnd())
				u.queryStart = -1
			}
			return nil
		}
		input := strings.TrimPrefix(v, "?")
		if fn == nil && u.spliceQuery(input) {
			return nil
		}
		_, err := u.runOverride(a, input, len(v)-len(input), queryState, fn) // fails only on length
		return setError(err, v)
	case AttrHash:
		if v == "" {
			if u.fragmentStart >= 0 {
				u.href = u.href[:u.fragmentStart]
				u.fragmentStart = -1
			}
			return nil
		}
		input := strings.TrimPrefix(v, "#")
		if fn == nil && u.spliceFragment(input) {
			return nil
		}
		_, err := u.runOverride(a, input, len(v)-len(input), fragmentState, fn) // fails only on length
		return setError(err, v)
	}
	return fail(ErrUnknownAttribute)
}

// dropTabAndNewline removes what the parser removes before it reads a
// setter's value.
var dropTabAndNewline = strings.NewReplacer("\t", "", "\n", "", "\r", "")

// protocolIgnored says which of the scheme state's rules made it return
// without changing the scheme of u to the one v starts with.
func (u *URL) protocolIgnored(v string) error {
	scheme, _, _ := strings.Cut(dropTabAndNewline.Replace(v), ":")
	kind := classifyScheme(strings.ToLower(scheme))
	switch {
	case u.scheme.special() != kind.special():
		return because(ErrSchemeChange, detailSpecialChange)
	case kind == schemeFile && (u.includesCredentials() || u.hasPort()):
		return because(ErrSchemeChange, detailToFile)
	}
	return because(ErrSchemeChange, detailFromFile)
}

// hostPartEmpty reports whether the host a host or hostname setter reads
// from v is empty: v starts with what ends an authority.
func (u *URL) hostPartEmpty(v string) bool {
	v = dropTabAndNewline.Replace(v)
	return v == "" || strings.IndexByte("/?#", v[0]) >= 0 || u.IsSpecial() && v[0] == '\\'
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
	p.hostKind, p.port = u.hostKind, u.portValue()
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
	p.output(u, "")
	return true
}

// runOverride is the basic URL parser with url u and a state override: the
// components before the one being set are copied from u, the machine
// writes the new one, and the rest is copied from u after it. Errors go to
// fn with offsets into the setter's value, of which input drops shift
// leading bytes.
//
// It reports whether the component being set was committed (for a host
// setter, the host, whatever became of the port), and the *Error if the
// machine failed; an *Error without a committed component left u as it
// was, and so does a nil one without it (the spec's "return").
func (u *URL) runOverride(a Attribute, input string, shift int, override state, fn func(ValidationError)) (bool, *Error) {
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
		err = p.errs.failure("set "+a.String(), "")
		if err.Err == HrefTooLong {
			return false, err
		}
	}
	if target >= compPath {
		p.committed = target // these states cannot fail
	}
	if p.committed < target {
		return false, err
	}
	switch p.committed {
	case compScheme:
		p.copyAuthority(u)
		if p.port >= 0 && int(p.port) == p.scheme.defaultPort() {
			p.buf = p.buf[:p.hostEnd]
			p.port = -1
		}
	case compHost:
		if p.scheme != schemeFile && u.hasPort() {
			p.buf = append(p.buf, u.href[u.hostEnd:u.pathStart]...) // ":" and the port
			p.port = u.portValue()
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
		return false, p.errs.failure("set "+a.String(), "")
	}
	return true, err
}
