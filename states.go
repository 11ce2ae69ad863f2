package weburl

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// state is one of the basic URL parser's states.
type state uint8

const (
	noState state = iota
	schemeStartState
	schemeState
	noSchemeState
	specialRelativeOrAuthorityState
	pathOrAuthorityState
	relativeState
	relativeSlashState
	specialAuthoritySlashesState
	specialAuthorityIgnoreSlashesState
	authorityState
	hostState
	hostnameState
	portState
	fileState
	fileSlashState
	fileHostState
	pathStartState
	pathState
	opaquePathState
	queryState
	fragmentState
)

// stateTable maps each state to its steps. A state may consume a run of
// code points itself (the path, query and fragment states do); it returns
// with the pointer on the last code point it handled.
var stateTable = [...]func(*parser, rune) step{
	noState:                            func(*parser, rune) step { return fail },
	schemeStartState:                   (*parser).schemeStart,
	schemeState:                        (*parser).schemeState,
	noSchemeState:                      (*parser).noScheme,
	specialRelativeOrAuthorityState:    (*parser).specialRelativeOrAuthority,
	pathOrAuthorityState:               (*parser).pathOrAuthority,
	relativeState:                      (*parser).relative,
	relativeSlashState:                 (*parser).relativeSlash,
	specialAuthoritySlashesState:       (*parser).specialAuthoritySlashes,
	specialAuthorityIgnoreSlashesState: (*parser).specialAuthorityIgnoreSlashes,
	authorityState:                     (*parser).authority,
	hostState:                          (*parser).host,
	hostnameState:                      (*parser).host,
	portState:                          (*parser).portState,
	fileState:                          (*parser).file,
	fileSlashState:                     (*parser).fileSlash,
	fileHostState:                      (*parser).fileHost,
	pathStartState:                     (*parser).pathStart_,
	pathState:                          (*parser).path,
	opaquePathState:                    (*parser).opaquePath,
	queryState:                         (*parser).queryState,
	fragmentState:                      (*parser).fragment,
}

func (p *parser) special() bool { return p.scheme.special() }

// reject fails where the spec returns failure without a validation error:
// a setter's value that the API does not accept (a hostname with a port).
func (p *parser) reject() step {
	p.errs.last, p.errs.lastAt = "", p.pointer
	return fail
}

// scheme start state
func (p *parser) schemeStart(c rune) step {
	if isASCIIAlpha(c) {
		p.buf = append(p.buf, byte(c|0x20))
		p.state = schemeState
		return advance
	}
	if p.override == noState {
		p.state = noSchemeState
		return again
	}
	return p.reject()
}

// scheme state
func (p *parser) schemeState(c rune) step {
	for isSchemeCodePoint(c) {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		p.buf = append(p.buf, byte(c))
		p.pointer++
		c, _ = p.c()
	}
	if c != ':' {
		if p.override == noState {
			p.buf = p.buf[:0]
			p.state = noSchemeState
			p.pointer = 0
			return again
		}
		return p.reject()
	}
	kind := classifyScheme(p.buf)
	if p.override != noState {
		u := p.url
		if u.scheme.special() != kind.special() ||
			kind == schemeFile && (u.includesCredentials() || u.port >= 0) ||
			u.scheme == schemeFile && u.hostKind == Empty {
			return done
		}
	}
	p.schemeEnd = len(p.buf)
	p.buf = append(p.buf, ':')
	p.scheme = kind
	if p.override != noState {
		p.committed = compScheme
		return done
	}
	switch {
	case kind == schemeFile:
		if !strings.HasPrefix(p.remaining(), "//") {
			p.errs.report(SpecialSchemeMissingFollowingSolidus, p.pointer)
		}
		p.state = fileState
	case kind.special() && p.base != nil && p.base.scheme == kind:
		p.state = specialRelativeOrAuthorityState
	case kind.special():
		p.state = specialAuthoritySlashesState
	case strings.HasPrefix(p.remaining(), "/"):
		p.state = pathOrAuthorityState
		p.pointer++
	default:
		p.pathStart = len(p.buf)
		p.state = opaquePathState
	}
	return advance
}

// no scheme state
func (p *parser) noScheme(c rune) step {
	b := p.base
	if b == nil || b.hasOpaquePath() && c != '#' {
		p.errs.report(MissingSchemeNonRelativeURL, p.pointer)
		return fail
	}
	if b.hasOpaquePath() {
		p.copyScheme(b)
		p.copyPath(b)
		p.copyQuery(b)
		p.startFragment()
		return advance
	}
	if b.scheme != schemeFile {
		p.state = relativeState
	} else {
		p.state = fileState
	}
	return again
}

// special relative or authority state
func (p *parser) specialRelativeOrAuthority(c rune) step {
	if c == '/' && strings.HasPrefix(p.remaining(), "/") {
		p.state = specialAuthorityIgnoreSlashesState
		p.pointer++
		return advance
	}
	p.errs.report(SpecialSchemeMissingFollowingSolidus, p.pointer)
	p.state = relativeState
	return again
}

// path or authority state
func (p *parser) pathOrAuthority(c rune) step {
	if c == '/' {
		p.state = authorityState
		return advance
	}
	p.state = pathState
	return again
}

// relative state
func (p *parser) relative(c rune) step {
	b := p.base
	p.copyScheme(b)
	switch {
	case c == '/':
		p.state = relativeSlashState
	case p.special() && c == '\\':
		p.errs.report(InvalidReverseSolidus, p.pointer)
		p.state = relativeSlashState
	default:
		p.copyAuthority(b)
		p.copyPath(b)
		p.copyQuery(b)
		switch c {
		case '?':
			p.dropQuery()
			p.startQuery()
		case '#':
			p.startFragment()
		case eof:
		default:
			p.dropQuery()
			p.shorten()
			p.state = pathState
			return again
		}
	}
	return advance
}

// relative slash state
func (p *parser) relativeSlash(c rune) step {
	switch {
	case p.special() && (c == '/' || c == '\\'):
		if c == '\\' {
			p.errs.report(InvalidReverseSolidus, p.pointer)
		}
		p.state = specialAuthorityIgnoreSlashesState
	case c == '/':
		p.state = authorityState
	default:
		p.copyAuthority(p.base)
		p.state = pathState
		return again
	}
	return advance
}

// special authority slashes state
func (p *parser) specialAuthoritySlashes(c rune) step {
	if c == '/' && strings.HasPrefix(p.remaining(), "/") {
		p.state = specialAuthorityIgnoreSlashesState
		p.pointer++
		return advance
	}
	p.errs.report(SpecialSchemeMissingFollowingSolidus, p.pointer)
	p.state = specialAuthorityIgnoreSlashesState
	return again
}

// special authority ignore slashes state
func (p *parser) specialAuthorityIgnoreSlashes(c rune) step {
	if c != '/' && c != '\\' {
		p.state = authorityState
		return again
	}
	p.errs.report(SpecialSchemeMissingFollowingSolidus, p.pointer)
	return advance
}

// isAuthorityEnd reports whether c ends the authority, host or port: EOF,
// '/', '?', '#', and '\' in special URLs.
func (p *parser) isAuthorityEnd(c byte) bool {
	if p.special() {
		return specialAuthorityEndClass.has(c)
	}
	return authorityEndClass.has(c)
}

// authority state. The spec's loop collects the userinfo in a buffer and,
// at the end of the authority, winds the pointer back to the host; here
// the authority is scanned once, and everything before its last '@' is the
// userinfo, which gives the same result in linear time.
func (p *parser) authority(rune) step {
	p.buf = append(p.buf, '/', '/')
	start := p.pointer
	end := start
	ends := authorityEndClass
	if p.special() {
		ends = specialAuthorityEndClass
	}
	for end < len(p.input) && !ends.has(p.input[end]) {
		end++
	}
	auth := p.input[start:end]
	at := strings.LastIndexByte(auth, '@')
	if at < 0 {
		p.usernameEnd = len(p.buf)
		p.hostStart = len(p.buf)
		p.state = hostState
		return again
	}
	for i := 0; i <= at; i++ {
		if auth[i] == '@' {
			p.errs.report(InvalidCredentials, start+i)
		}
	}
	userinfo := auth[:at]
	user, pass, _ := strings.Cut(userinfo, ":")
	userStart := len(p.buf)
	p.buf = appendEncoded(p.buf, user, UserinfoSet)
	p.usernameEnd = len(p.buf)
	if pass != "" {
		p.buf = append(p.buf, ':')
		p.buf = appendEncoded(p.buf, pass, UserinfoSet)
	}
	if len(p.buf) > userStart {
		p.buf = append(p.buf, '@')
	}
	if at+1 == len(auth) {
		p.pointer = end
		p.errs.report(HostMissing, p.pointer)
		return fail
	}
	p.hostStart = len(p.buf)
	p.pointer = start + at + 1
	p.state = hostState
	return again
}

// host state and hostname state
func (p *parser) host(rune) step {
	if p.override != noState && p.scheme == schemeFile {
		p.state = fileHostState
		return again
	}
	start := p.pointer
	end := start
	insideBrackets := false
	stop := hostStopClass
	if p.special() {
		stop = specialHostStopClass
	}
	for ; end < len(p.input); end++ {
		c := p.input[end]
		if !stop.has(c) {
			continue
		}
		if c == ':' && !insideBrackets || p.isAuthorityEnd(c) {
			break
		}
		if c == '[' {
			insideBrackets = true
		} else if c == ']' {
			insideBrackets = false
		}
	}
	buffer := p.input[start:end]
	p.pointer = end
	if end < len(p.input) && p.input[end] == ':' {
		if buffer == "" {
			p.errs.report(HostMissing, p.pointer)
			return fail
		}
		if p.override == hostnameState {
			return p.reject()
		}
		if !p.setHost(buffer, start) {
			return fail
		}
		p.state = portState
		return advance
	}
	if p.special() && buffer == "" {
		p.errs.report(HostMissing, p.pointer)
		return fail
	}
	if p.override != noState && buffer == "" && (p.url.includesCredentials() || p.url.port >= 0) {
		return p.reject()
	}
	if !p.setHost(buffer, start) {
		return fail
	}
	p.state = pathStartState
	if p.override != noState {
		return done
	}
	return again
}

// setHost runs the host parser on buffer and, on success, writes the host.
func (p *parser) setHost(buffer string, offset int) bool {
	p.hostStart = len(p.buf)
	buf, kind, ok := hostParser{&p.errs, offset}.appendHost(p.buf, buffer, !p.special())
	if !ok {
		return false
	}
	p.buf, p.hostKind, p.hostEnd = buf, kind, len(buf)
	p.committed = compHost
	return true
}

// port state
func (p *parser) portState(rune) step {
	start := p.pointer
	end := start
	for end < len(p.input) && '0' <= p.input[end] && p.input[end] <= '9' {
		end++
	}
	p.pointer = end
	if end < len(p.input) && !p.isAuthorityEnd(p.input[end]) && p.override == noState {
		p.errs.report(PortInvalid, p.pointer)
		return fail
	}
	if digits := p.input[start:end]; digits != "" {
		digits = strings.TrimLeft(digits, "0")
		port, err := strconv.Atoi(digits)
		if digits == "" {
			port = 0
		} else if err != nil || len(digits) > 5 || port > 65535 {
			p.pointer = start
			p.errs.report(PortOutOfRange, p.pointer)
			return fail
		}
		if port == p.scheme.defaultPort() {
			p.port = -1
		} else {
			p.port = port
			p.buf = append(p.buf, ':')
			p.buf = strconv.AppendInt(p.buf, int64(port), 10)
		}
		p.committed = compPort
		if p.override != noState {
			return done
		}
	} else if p.override != noState {
		return p.reject()
	}
	p.state = pathStartState
	return again
}

// setEmptyHost sets a file URL's host to the empty host.
func (p *parser) setEmptyHost() {
	p.buf = append(p.buf[:p.schemeEnd+1], '/', '/')
	p.usernameEnd, p.hostStart, p.hostEnd = len(p.buf), len(p.buf), len(p.buf)
	p.hostKind = Empty
	p.port = -1
}

// file state
func (p *parser) file(c rune) step {
	if p.schemeEnd < 0 {
		p.buf = append(p.buf[:0], "file:"...)
		p.schemeEnd = 4
		p.scheme = schemeFile
	}
	p.setEmptyHost()
	b := p.base
	switch {
	case c == '/' || c == '\\':
		if c == '\\' {
			p.errs.report(InvalidReverseSolidus, p.pointer)
		}
		p.state = fileSlashState
	case b != nil && b.scheme == schemeFile:
		p.buf = p.buf[:p.schemeEnd+1]
		p.copyAuthority(b)
		p.copyPath(b)
		p.copyQuery(b)
		switch c {
		case '?':
			p.dropQuery()
			p.startQuery()
		case '#':
			p.startFragment()
		case eof:
		default:
			p.dropQuery()
			if !startsWithWindowsDriveLetter(p.input[p.pointer:]) {
				p.shorten()
			} else {
				p.errs.report(FileInvalidWindowsDriveLetter, p.pointer)
				p.buf = p.buf[:p.pathStart]
			}
			p.state = pathState
			return again
		}
	default:
		p.state = pathState
		return again
	}
	return advance
}

// file slash state
func (p *parser) fileSlash(c rune) step {
	if c == '/' || c == '\\' {
		if c == '\\' {
			p.errs.report(InvalidReverseSolidus, p.pointer)
		}
		p.state = fileHostState
		return advance
	}
	if b := p.base; b != nil && b.scheme == schemeFile {
		p.buf = p.buf[:p.schemeEnd+1]
		p.copyAuthority(b)
		if !startsWithWindowsDriveLetter(p.input[p.pointer:]) {
			path := b.Pathname()
			if len(path) >= 3 && isNormalizedWindowsDriveLetter(path[1:3]) && (len(path) == 3 || path[3] == '/') {
				p.pathStart = len(p.buf)
				p.buf = append(p.buf, path[:3]...)
			}
		}
	}
	p.state = pathState
	return again
}

// file host state
func (p *parser) fileHost(rune) step {
	start := p.pointer
	end := start
	for end < len(p.input) {
		c := p.input[end]
		if c == '/' || c == '\\' || c == '?' || c == '#' {
			break
		}
		end++
	}
	buffer := p.input[start:end]
	p.pointer = end
	switch {
	case p.override == noState && isWindowsDriveLetter(buffer):
		// The buffer is kept for the path state, as its first segment.
		p.pointer = start
		p.errs.report(FileInvalidWindowsDriveLetterHost, p.pointer)
		p.pointer = end
		p.pathStart = len(p.buf)
		p.buf = append(p.buf, '/')
		p.segStart, p.segOpen = len(p.buf), true
		p.buf = append(p.buf, buffer...)
		p.state = pathState
		return again
	case buffer == "":
		p.setEmptyHost()
		p.committed = compHost
	default:
		p.setEmptyHost()
		if !p.setHost(buffer, start) {
			return fail
		}
		if p.hostKind == Domain && string(p.buf[p.hostStart:p.hostEnd]) == "localhost" {
			p.setEmptyHost()
		}
	}
	if p.override != noState {
		return done
	}
	p.state = pathStartState
	return again
}

// beginPath records where the path starts, the first time.
func (p *parser) beginPath() {
	if p.pathStart < 0 {
		p.pathStart = len(p.buf)
	}
}

// path start state
func (p *parser) pathStart_(c rune) step {
	p.beginPath()
	switch {
	case p.special():
		if c == '\\' {
			p.errs.report(InvalidReverseSolidus, p.pointer)
		}
		p.state = pathState
		if c != '/' && c != '\\' {
			return again
		}
	case p.override == noState && c == '?':
		p.startQuery()
	case p.override == noState && c == '#':
		p.startFragment()
	case c != eof:
		p.state = pathState
		if c != '/' {
			return again
		}
	case p.override != noState && p.hostKind == NoHost:
		p.buf = append(p.buf, '/')
	}
	return advance
}

// path state. It handles a whole segment per call.
func (p *parser) path(rune) step {
	p.beginPath()
	special := p.special()
	for {
		c, n := p.c()
		if c == eof || c == '/' || special && c == '\\' || p.override == noState && (c == '?' || c == '#') {
			if special && c == '\\' {
				p.errs.report(InvalidReverseSolidus, p.pointer)
			}
			slash := c == '/' || special && c == '\\'
			p.endSegment(slash)
			switch c {
			case '?':
				p.startQuery()
			case '#':
				p.startFragment()
			}
			if !slash {
				return advance
			}
			// The next segment starts here: stay in the path state.
			p.pointer++
			continue
		}
		if !p.segOpen {
			p.buf = append(p.buf, '/')
			p.segStart, p.segOpen = len(p.buf), true
		}
		if p.appendPlainRun(pathStopClass) {
			continue
		}
		p.appendCodePoint(c, n, PathSet)
		p.pointer += n
	}
}

// appendPlainRun copies the run of plain bytes at the pointer to buf in one
// go, the common case, and reports whether there was one. With a
// validation-error callback every code point takes the slow path, which
// checks it.
func (p *parser) appendPlainRun(stop charClass) bool {
	if p.errs.fn != nil {
		return false
	}
	i := p.pointer
	for i < len(p.input) && !stop.has(p.input[i]) {
		i++
	}
	if i == p.pointer {
		return false
	}
	p.buf = append(p.buf, p.input[p.pointer:i]...)
	p.pointer = i
	return true
}

// endSegment is the path state's handling of a finished buffer: dot
// segments, the Windows drive letter quirk, and appending to the path.
// slash is whether a '/' (or '\' in a special URL) ended it.
func (p *parser) endSegment(slash bool) {
	if !p.segOpen {
		p.buf = append(p.buf, '/')
		p.segStart = len(p.buf)
	}
	p.segOpen = false
	seg := p.buf[p.segStart:]
	switch {
	case isDoubleDotSegment(seg):
		p.buf = p.buf[:p.segStart-1]
		p.shorten()
		if !slash {
			p.buf = append(p.buf, '/')
		}
	case isSingleDotSegment(seg):
		p.buf = p.buf[:p.segStart-1]
		if !slash {
			p.buf = append(p.buf, '/')
		}
	case p.scheme == schemeFile && p.segStart-1 == p.pathStart && isWindowsDriveLetter(string(seg)):
		seg[1] = ':'
	}
}

// shorten is the spec's "shorten a URL's path".
func (p *parser) shorten() {
	path := p.buf[p.pathStart:]
	if p.scheme == schemeFile && len(path) == 3 && isNormalizedWindowsDriveLetter(string(path[1:])) {
		return
	}
	for i := len(path) - 1; i >= 0; i-- {
		if path[i] == '/' {
			p.buf = p.buf[:p.pathStart+i]
			return
		}
	}
}

// opaque path state
func (p *parser) opaquePath(rune) step {
	for {
		c, n := p.c()
		switch c {
		case '?':
			p.startQuery()
			return advance
		case '#':
			p.startFragment()
			return advance
		case eof:
			return advance
		case ' ':
			p.errs.report(InvalidURLUnit, p.pointer)
			if rest := p.input[p.pointer+1:]; rest != "" && (rest[0] == '?' || rest[0] == '#') {
				p.buf = append(p.buf, "%20"...)
			} else {
				p.buf = append(p.buf, ' ')
			}
		default:
			if p.appendPlainRun(opaquePathStopClass) {
				continue
			}
			p.appendCodePoint(c, n, C0ControlSet)
		}
		p.pointer += n
	}
}

// query state
func (p *parser) queryState(rune) step {
	legacy := p.enc != nil && p.special() && p.scheme != schemeWS && p.scheme != schemeWSS
	set, plain := QuerySet, queryStopClass
	if p.special() {
		set, plain = SpecialQuerySet, specialQueryStopClass
	}
	for {
		c, n := p.c()
		if c == eof || c == '#' && p.override == noState {
			if legacy {
				p.buf = appendEncodedLegacy(p.buf, p.query, p.enc, set)
				p.query = p.query[:0]
			}
			if c == '#' {
				p.startFragment()
			}
			return advance
		}
		if legacy {
			p.checkUnit(c, n)
			p.query = append(p.query, p.input[p.pointer:p.pointer+n]...)
		} else {
			if p.appendPlainRun(plain) {
				continue
			}
			p.appendCodePoint(c, n, set)
		}
		p.pointer += n
	}
}

// fragment state
func (p *parser) fragment(rune) step {
	for {
		c, n := p.c()
		if c == eof {
			return advance
		}
		if p.appendPlainRun(fragmentStopClass) {
			continue
		}
		p.appendCodePoint(c, n, FragmentSet)
		p.pointer += n
	}
}

// appendCodePoint UTF-8 percent-encodes c, the n bytes at the pointer, with
// set, after reporting it if it is not a URL unit.
func (p *parser) appendCodePoint(c rune, n int, set EncodeSet) {
	if p.errs.fn != nil {
		p.checkUnit(c, n)
	}
	p.buf = appendEncoded(p.buf, p.input[p.pointer:p.pointer+n], set)
}

// checkUnit reports invalid-URL-unit for a code point that is not a URL
// code point, or a % that does not start a percent-encoded byte. A byte
// that is not UTF-8 (c is U+FFFD, n is 1) is reported too: the parser
// reads it as U+FFFD, and the report says that something was replaced.
func (p *parser) checkUnit(c rune, n int) {
	if p.errs.fn == nil {
		return
	}
	if c == '%' {
		if !startsWithPercentByte(p.input[p.pointer:]) {
			p.errs.report(InvalidURLUnit, p.pointer)
		}
	} else if !isURLCodePoint(c) || c == utf8.RuneError && n == 1 {
		p.errs.report(InvalidURLUnit, p.pointer)
	}
}

func (p *parser) startQuery() {
	p.queryStart = len(p.buf)
	p.buf = append(p.buf, '?')
	p.state = queryState
}

func (p *parser) startFragment() {
	p.fragmentStart = len(p.buf)
	p.buf = append(p.buf, '#')
	p.state = fragmentState
}

// dropQuery sets the query to null; it is the last thing in buf.
func (p *parser) dropQuery() {
	if p.queryStart >= 0 {
		p.buf = p.buf[:p.queryStart]
		p.queryStart = -1
	}
}

// The copy methods set one of the URL's components to src's; each one
// appends, so they run in the order of the components.

func (p *parser) copyScheme(src *URL) {
	p.buf = append(p.buf[:0], src.href[:src.schemeEnd+1]...)
	p.schemeEnd, p.scheme = src.schemeEnd, src.scheme
}

// copyAuthority copies the username, password, host and port.
func (p *parser) copyAuthority(src *URL) {
	if src.hostKind == NoHost {
		return
	}
	off := len(p.buf) - src.schemeEnd - 1
	p.buf = append(p.buf, src.href[src.schemeEnd+1:src.portEnd()]...)
	p.usernameEnd = src.usernameEnd + off
	p.hostStart = src.hostStart + off
	p.hostEnd = src.hostEnd + off
	p.hostKind, p.port = src.hostKind, src.port
}

func (p *parser) copyPath(src *URL) {
	p.pathStart = len(p.buf)
	p.buf = append(p.buf, src.Pathname()...)
}

func (p *parser) copyQuery(src *URL) {
	if src.queryStart >= 0 {
		p.queryStart = len(p.buf)
		p.buf = append(p.buf, src.href[src.queryStart:src.queryEnd()]...)
	}
}

func (p *parser) copyFragment(src *URL) {
	if src.fragmentStart >= 0 {
		p.fragmentStart = len(p.buf)
		p.buf = append(p.buf, src.href[src.fragmentStart:]...)
	}
}

// isWindowsDriveLetter: an ASCII alpha and then ':' or '|'.
func isWindowsDriveLetter(s string) bool {
	return len(s) == 2 && isASCIIAlpha(rune(s[0])) && (s[1] == ':' || s[1] == '|')
}

func isNormalizedWindowsDriveLetter(s string) bool {
	return isWindowsDriveLetter(s) && s[1] == ':'
}

// startsWithWindowsDriveLetter is the spec's "starts with a Windows drive
// letter".
func startsWithWindowsDriveLetter(s string) bool {
	if len(s) < 2 || !isWindowsDriveLetter(s[:2]) {
		return false
	}
	return len(s) == 2 || s[2] == '/' || s[2] == '\\' || s[2] == '?' || s[2] == '#'
}

func isSingleDotSegment(s []byte) bool {
	return string(s) == "." || len(s) == 3 && strings.EqualFold(string(s), "%2e")
}

func isDoubleDotSegment(s []byte) bool {
	switch len(s) {
	case 2:
		return string(s) == ".."
	case 4:
		return strings.EqualFold(string(s), ".%2e") || strings.EqualFold(string(s), "%2e.")
	case 6:
		return strings.EqualFold(string(s), "%2e%2e")
	}
	return false
}
