// The basic URL parser's states of the authority: slashes, userinfo, host
// and port (§ URL parsing).
//
// Shortcuts that must agree with these states: the fast path's
// scan (the authority: an ASCII domain, with fastLowerHost, or a canonical IPv4
// address; a canonical port that is not the default), scanFastHost, which
// CanParse's canParseFast shares, and canonical.ScanPort, the port state's scan,
// shared by the fast path, resume (the port of a resumed parse) and
// CanParse. TestFastPathMatchesParser, TestCanParseMatchesParse,
// TestResumeMatchesParser, FuzzFastPath and FuzzResume hold them to the
// states.

package weburl

import (
	"strconv"
	"strings"

	"github.com/weburl/weburl/internal/canonical"
)

// parseSpecialAuthoritySlashes is the special authority slashes state,
// https://url.spec.whatwg.org/#special-authority-slashes-state.
func (p *parser) parseSpecialAuthoritySlashes(c rune) step {
	if c == '/' && strings.HasPrefix(p.remaining(), "/") {
		p.state = specialAuthorityIgnoreSlashesState
		p.pointer++
		return advance
	}
	p.errs.report(SpecialSchemeMissingFollowingSolidus, p.pointer)
	p.state = specialAuthorityIgnoreSlashesState
	return again
}

// parseSpecialAuthorityIgnoreSlashes is the special authority ignore slashes state,
// https://url.spec.whatwg.org/#special-authority-ignore-slashes-state.
func (p *parser) parseSpecialAuthorityIgnoreSlashes(c rune) step {
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

// parseAuthority is the authority state,
// https://url.spec.whatwg.org/#authority-state.
// The spec's loop collects the userinfo in a buffer and, at the end of the
// authority, winds the pointer back to the host; here the authority is
// scanned once, and everything before its last '@' is the userinfo, which
// gives the same result in linear time.
func (p *parser) parseAuthority(rune) step {
	p.buf = append(p.buf, '/', '/')
	start := p.pointer
	end := start
	ends := authorityEndClass
	if p.special() {
		ends = specialAuthorityEndClass
	}
	end = indexClass(p.input, end, ends)
	p.count(end - start)
	p.authEnd = end
	auth := p.input[start:end]
	at := strings.LastIndexByte(auth, '@')
	if at < 0 {
		p.usernameEnd = p.here()
		p.hostStart = p.here()
		p.state = hostState
		return again
	}
	if p.errs.fn != nil { // a report for each '@', which no failure reads
		p.count(at + 1)
		for i := 0; i <= at; i++ {
			if auth[i] == '@' {
				p.errs.report(InvalidCredentials, start+i)
			}
		}
	}
	userinfo := auth[:at]
	user, pass, _ := strings.Cut(userinfo, ":")
	userStart := len(p.buf)
	p.buf = appendEncoded(p.buf, user, UserinfoSet)
	p.usernameEnd = p.here()
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
	p.hostStart = p.here()
	p.pointer = start + at + 1
	p.state = hostState
	return again
}

// parseHost is the host state and the hostname state,
// https://url.spec.whatwg.org/#host-state.
func (p *parser) parseHost(rune) step {
	if p.override != noState && p.scheme == schemeFile {
		p.state = fileHostState
		return again
	}
	start := p.pointer
	end := p.hostStateEnd()
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
	if p.override != noState && buffer == "" && (p.url.includesCredentials() || p.url.hasPort()) {
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

// hostStateEnd returns where the host state's loop ends: at the end of
// the authority or at a ':' not inside brackets. The authority state has
// found the authority's end; a state override has not.
func (p *parser) hostStateEnd() int {
	start := p.pointer
	if p.override == noState {
		// Within the authority, the first ':' ends the host, unless a
		// '[' comes first.
		auth := p.input[start:p.authEnd]
		p.count(len(auth))
		colon := strings.IndexByte(auth, ':')
		if colon < 0 {
			colon = len(auth)
		}
		if strings.IndexByte(auth[:colon], '[') < 0 {
			return start + colon
		}
	}
	end := start
	insideBrackets := false
	stop := hostStopClass
	if p.special() {
		stop = specialHostStopClass
	}
	for ; end < len(p.input); end++ {
		if end = indexClass(p.input, end, stop); end == len(p.input) {
			break
		}
		c := p.input[end]
		if c == ':' && !insideBrackets || p.isAuthorityEnd(c) {
			break
		}
		if c == '[' {
			insideBrackets = true
		} else if c == ']' {
			insideBrackets = false
		}
	}
	p.count(end - start)
	return end
}

// setHost runs the host parser on buffer and, on success, writes the host.
func (p *parser) setHost(buffer string, offset int) bool {
	p.hostStart = p.here()
	p.count(len(buffer)) // the host parser's pass
	buf, kind, ok := hostParser{&p.errs, offset}.appendHost(p.buf, buffer, !p.special())
	if !ok {
		return false
	}
	p.buf, p.hostKind = buf, kind
	p.hostEnd = p.here()
	p.committed = compHost
	return true
}

// parsePort is the port state,
// https://url.spec.whatwg.org/#port-state.
func (p *parser) parsePort(rune) step {
	start := p.pointer
	end, port := canonical.ScanPort(p.input, start)
	p.count(end - start)
	p.pointer = end
	if end < len(p.input) && !p.isAuthorityEnd(p.input[end]) && p.override == noState {
		p.errs.report(PortInvalid, p.pointer)
		return fail
	}
	if end > start {
		if port > 65535 {
			p.pointer = start
			p.errs.report(PortOutOfRange, p.pointer)
			return fail
		}
		if port == p.scheme.defaultPort() {
			p.port = -1
		} else {
			p.port = int32(port)
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
