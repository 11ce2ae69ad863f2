// The state enum and table of the basic URL parser, and what the states
// share: copying a base's components, the percent-encoding of runs
// (§ URL parsing).
//
// Shortcuts that must agree with the states: the fast path (fastpath.go),
// which proves an input its own href; resume (resume.go), which starts a
// state mid-input where the fast path stopped; the setters' splices
// (setters_fast.go); estimateOutput's bound on the href's length; each
// state's file names its own. The parse from the first byte, with a
// validation-error callback (every code point one at a time, as the
// spec's steps go), is the reference: TestFastPathMatchesParser,
// TestResumeMatchesParser, TestCanParseMatchesParse,
// TestSetterSplicesMatch and the fuzz targets FuzzFastPath, FuzzResume,
// FuzzParse and FuzzSetters hold every shortcut equal to it.

package weburl

import (
	"unicode/utf8"

	"github.com/weburl/weburl/internal/percent"
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
	schemeStartState:                   (*parser).parseSchemeStart,
	schemeState:                        (*parser).parseScheme,
	noSchemeState:                      (*parser).parseNoScheme,
	specialRelativeOrAuthorityState:    (*parser).parseSpecialRelativeOrAuthority,
	pathOrAuthorityState:               (*parser).parsePathOrAuthority,
	relativeState:                      (*parser).parseRelative,
	relativeSlashState:                 (*parser).parseRelativeSlash,
	specialAuthoritySlashesState:       (*parser).parseSpecialAuthoritySlashes,
	specialAuthorityIgnoreSlashesState: (*parser).parseSpecialAuthorityIgnoreSlashes,
	authorityState:                     (*parser).parseAuthority,
	hostState:                          (*parser).parseHost,
	hostnameState:                      (*parser).parseHost,
	portState:                          (*parser).parsePort,
	fileState:                          (*parser).parseFile,
	fileSlashState:                     (*parser).parseFileSlash,
	fileHostState:                      (*parser).parseFileHost,
	pathStartState:                     (*parser).parsePathStart,
	pathState:                          (*parser).parsePath,
	opaquePathState:                    (*parser).parseOpaquePath,
	queryState:                         (*parser).parseQuery,
	fragmentState:                      (*parser).parseFragment,
}

func (p *parser) special() bool { return p.scheme.special() }

// reject fails where the spec returns failure without a validation error:
// a setter's value that the API does not accept (a hostname with a port).
func (p *parser) reject() step {
	p.errs.last, p.errs.lastAt = "", p.pointer
	return fail
}

// appendPlainRun copies the run of plain bytes at the pointer to buf in one
// go, the common case, and reports whether there was one. With a
// validation-error callback every code point takes the slow path, which
// checks it.
func (p *parser) appendPlainRun(stop charClass) bool {
	if p.errs.fn != nil {
		return false
	}
	i := indexClass(p.input, p.pointer, stop)
	if i == p.pointer {
		return false
	}
	p.count(i - p.pointer)
	p.buf = append(p.buf, p.input[p.pointer:i]...)
	p.pointer = i
	return true
}

// appendCodePoint UTF-8 percent-encodes c, the n bytes at the pointer, with
// set, after reporting it if it is not a URL unit.
func (p *parser) appendCodePoint(c rune, n int, set EncodeSet) {
	if p.errs.fn != nil {
		p.checkUnit(c, n)
	}
	p.count(n)
	if c < utf8.RuneSelf && !set.has(byte(c)) {
		p.buf = append(p.buf, byte(c)) // the common case of a callback's parse
		return
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
		if !percent.StartsWithByte(p.input[p.pointer:]) {
			p.errs.report(InvalidURLUnit, p.pointer)
		}
	} else if !isURLCodePoint(c) || c == utf8.RuneError && n == 1 {
		p.errs.report(InvalidURLUnit, p.pointer)
	}
}

func (p *parser) startQuery() {
	p.queryStart = p.here()
	p.buf = append(p.buf, '?')
	p.state = queryState
}

func (p *parser) startFragment() {
	p.fragmentStart = p.here()
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
	p.count(int(src.schemeEnd) + 1)
	p.buf = append(p.buf[:0], src.href[:src.schemeEnd+1]...)
	p.schemeEnd, p.scheme = src.schemeEnd, src.scheme
}

// copyAuthority copies the username, password, host and port.
func (p *parser) copyAuthority(src *URL) {
	if src.hostKind == NoHost {
		return
	}
	off := p.here() - src.schemeEnd - 1
	p.count(int(src.portEnd() - src.schemeEnd))
	p.buf = append(p.buf, src.href[src.schemeEnd+1:src.portEnd()]...)
	p.usernameEnd = src.usernameEnd + off
	p.hostStart = src.hostStart + off
	p.hostEnd = src.hostEnd + off
	p.hostKind, p.port = src.hostKind, src.portValue()
}

func (p *parser) copyPath(src *URL) {
	p.pathStart = p.here()
	p.count(len(src.Pathname()))
	p.buf = append(p.buf, src.Pathname()...)
}

func (p *parser) copyQuery(src *URL) {
	if src.queryStart >= 0 {
		p.queryStart = p.here()
		p.count(int(src.queryEnd() - src.queryStart))
		p.buf = append(p.buf, src.href[src.queryStart:src.queryEnd()]...)
	}
}

func (p *parser) copyFragment(src *URL) {
	if src.fragmentStart >= 0 {
		p.fragmentStart = p.here()
		p.count(len(src.href) - int(src.fragmentStart))
		p.buf = append(p.buf, src.href[src.fragmentStart:]...)
	}
}
