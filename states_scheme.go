// The basic URL parser's states from the scheme to the choice between a
// relative URL and an authority (§ URL parsing).
//
// Shortcuts that must agree with these states: scanScheme is the scheme
// state's scan, shared by the fast path (fastResult.scan and takeOtherScheme, with the
// case edit fastLowerScheme), CanParse (canParseFast) and the protocol
// setter's override; classifySchemeFold. TestFastPathMatchesParser,
// TestCanParseMatchesParse, FuzzFastPath and FuzzParse hold them to the
// states.

package weburl

import (
	"strings"
)

// parseSchemeStart is the scheme start state,
// https://url.spec.whatwg.org/#scheme-start-state.
func (p *parser) parseSchemeStart(c rune) step {
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

// parseScheme is the scheme state,
// https://url.spec.whatwg.org/#scheme-state.
func (p *parser) parseScheme(rune) step {
	// The scheme's code points go into the buffer lowercased, in one go.
	start := p.pointer
	p.pointer, _ = scanScheme(p.input, start)
	p.count(p.pointer - start)
	n := len(p.buf)
	p.buf = append(p.buf, p.input[start:p.pointer]...)
	for i, c := range p.buf[n:] {
		if 'A' <= c && c <= 'Z' {
			p.buf[n+i] = c + 'a' - 'A'
		}
	}
	if c, _ := p.c(); c != ':' {
		if p.override == noState {
			p.buf = p.buf[:0]
			p.state = noSchemeState
			p.pointer = 0
			return again
		}
		return p.reject()
	}
	kind := classifyScheme(bytesAsString(p.buf))
	if p.override != noState {
		u := p.url
		if u.scheme.special() != kind.special() ||
			kind == schemeFile && (u.includesCredentials() || u.hasPort()) ||
			u.scheme == schemeFile && u.hostKind == Empty {
			return done
		}
	}
	p.schemeEnd = p.here()
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
		p.pathStart = p.here()
		p.state = opaquePathState
	}
	return advance
}

// scanScheme returns the end of the run of scheme code points (ASCII
// alphanumerics, '+', '-', '.') at s[i:], and whether it holds ASCII upper
// case: the scheme state's scan, which the fast path and CanParse share.
func scanScheme(s string, i int) (end int, upper bool) {
	for ; i < len(s); i++ {
		switch c := s[i]; {
		case 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '+' || c == '-' || c == '.':
		case 'A' <= c && c <= 'Z':
			upper = true
		default:
			return i, upper
		}
	}
	return i, upper
}

// parseNoScheme is the no scheme state,
// https://url.spec.whatwg.org/#no-scheme-state.
func (p *parser) parseNoScheme(c rune) step {
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

// parseSpecialRelativeOrAuthority is the special relative or authority state,
// https://url.spec.whatwg.org/#special-relative-or-authority-state.
func (p *parser) parseSpecialRelativeOrAuthority(c rune) step {
	if c == '/' && strings.HasPrefix(p.remaining(), "/") {
		p.state = specialAuthorityIgnoreSlashesState
		p.pointer++
		return advance
	}
	p.errs.report(SpecialSchemeMissingFollowingSolidus, p.pointer)
	p.state = relativeState
	return again
}

// parsePathOrAuthority is the path or authority state,
// https://url.spec.whatwg.org/#path-or-authority-state.
func (p *parser) parsePathOrAuthority(c rune) step {
	if c == '/' {
		p.state = authorityState
		return advance
	}
	p.state = pathState
	return again
}

// parseRelative is the relative state,
// https://url.spec.whatwg.org/#relative-state.
func (p *parser) parseRelative(c rune) step {
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

// parseRelativeSlash is the relative slash state,
// https://url.spec.whatwg.org/#relative-slash-state.
func (p *parser) parseRelativeSlash(c rune) step {
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
