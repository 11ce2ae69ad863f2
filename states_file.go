// The basic URL parser's states of file URLs and the Windows drive letter
// quirks (§ URL parsing).
//
// Shortcuts that must agree with these states: the fast path takes a file
// URL's empty or ASCII host (not "localhost", which the file host state
// makes empty) and leaves to them a first segment that is a drive letter
// they would change (fileDriveLetterChanges); copyWholeSegments never
// copies a file URL's first segment. TestFastPathMatchesParser,
// TestResumeMatchesParser and FuzzFastPath hold them to the states.

package weburl

// setEmptyHost sets a file URL's host to the empty host.
func (p *parser) setEmptyHost() {
	p.buf = append(p.buf[:p.schemeEnd+1], '/', '/')
	p.usernameEnd, p.hostStart, p.hostEnd = p.here(), p.here(), p.here()
	p.hostKind = Empty
	p.port = -1
}

// parseFile is the file state,
// https://url.spec.whatwg.org/#file-state.
func (p *parser) parseFile(c rune) step {
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

// parseFileSlash is the file slash state,
// https://url.spec.whatwg.org/#file-slash-state.
func (p *parser) parseFileSlash(c rune) step {
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
				p.pathStart = p.here()
				p.buf = append(p.buf, path[:3]...)
			}
		}
	}
	p.state = pathState
	return again
}

// parseFileHost is the file host state,
// https://url.spec.whatwg.org/#file-host-state.
func (p *parser) parseFileHost(rune) step {
	start := p.pointer
	end := start
	for end < len(p.input) {
		c := p.input[end]
		if c == '/' || c == '\\' || c == '?' || c == '#' {
			break
		}
		end++
	}
	p.count(end - start)
	buffer := p.input[start:end]
	p.pointer = end
	switch {
	case p.override == noState && isWindowsDriveLetter(buffer):
		// The buffer is kept for the path state, as its first segment.
		p.pointer = start
		p.errs.report(FileInvalidWindowsDriveLetterHost, p.pointer)
		p.pointer = end
		p.pathStart = p.here()
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
