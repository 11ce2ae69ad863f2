// The basic URL parser's path states: dot segments, shortening, opaque
// paths (§ URL parsing).
//
// Shortcuts that must agree with these states: the fast path's takePath
// and scanFastPath (a path with no byte to encode and no dot segment, '\'
// read as '/' by scanSlashesPath) and takeOpaquePath; resume's stopInPath,
// which restarts the path state mid-path; copyWholeSegments, the path
// state's own run of plain segments; the pathname setter's splice
// (splicePath); estimateOutput's bound on the href. Each finds dot
// segments one way, dotSegmentAt. TestFastPathMatchesParser,
// TestResumeMatchesParser, TestSetterSplicesMatch, TestLinearWork,
// TestMemoryBound, FuzzFastPath, FuzzResume and FuzzSetters hold them to
// the states.

package weburl

import (
	"strings"

	"github.com/weburl/weburl/internal/urlpath"
)

// beginPath records where the path starts, the first time.
func (p *parser) beginPath() {
	if p.pathStart < 0 {
		p.pathStart = p.here()
	}
}

// parsePathStart is the path start state,
// https://url.spec.whatwg.org/#path-start-state.
func (p *parser) parsePathStart(c rune) step {
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

// parsePath is the path state,
// https://url.spec.whatwg.org/#path-state.
// It handles a whole segment per call.
func (p *parser) parsePath(rune) step {
	p.beginPath()
	special := p.special()
	// Without a validation-error callback, the rest of a segment is
	// encoded in one pass up to its end: '/', '?', '#' and, in a special
	// URL, '\'. (In a state override '?' and '#' are the path's.)
	encodeRest := p.errs.fn == nil && p.override == noState
	segEnd := authorityEndClass
	if special {
		segEnd = specialAuthorityEndClass
	}
	for {
		p.count(1)
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
			if p.copyWholeSegments() && !(encodeRest && p.pointer < len(p.input) && !segEnd.has(p.input[p.pointer])) {
				continue // at a segment's end
			}
		}
		if encodeRest { // within a segment
			var k int
			p.buf, k = appendEncodedUntil(p.buf, p.input[p.pointer:], PathSet, segEnd)
			p.count(k)
			p.pointer += k
			continue
		}
		if p.appendPlainRun(pathStopClass) {
			continue
		}
		p.appendCodePoint(c, n, PathSet)
		p.pointer += n
	}
}

// copyWholeSegments copies, from the start of a segment, the run of bytes
// that the path state copies as they are ('/' included), up to the run's
// end or the '/' before its first dot segment, when the run does not
// start a file URL's first segment: the path state's per-segment steps
// change nothing in its segments, and they go in one copy. It leaves the
// pointer where the copy ends, the last segment copied open, and reports
// whether it copied anything. The end of the run and its next dot segment
// are kept (runEnd, dotAt) while the pointer has not passed them, so that
// each byte is scanned a bounded number of times. With a validation-error
// callback every code point takes the slow path, which checks it.
func (p *parser) copyWholeSegments() bool {
	if p.errs.fn != nil || p.scheme == schemeFile && p.segStart-1 == int(p.pathStart) {
		return false
	}
	if p.pointer >= p.runEnd {
		p.runEnd = indexClass(p.input, p.pointer, fastPathStopClass)
		p.count(p.runEnd - p.pointer)
		p.dotAt = -1
	}
	end := p.runEnd
	seg := p.input[p.pointer:end]
	if seg == "" || (seg[0] == '.' || seg[0] == '%') && urlpath.IsDotAt(seg) {
		return false // the path state's own steps
	}
	if p.dotAt < p.pointer {
		// A dot segment cut short by the run's end counts: what
		// follows may end it there.
		p.dotAt = end
		if i := indexDotSegment(seg); i >= 0 {
			p.dotAt = p.pointer + i
		}
		p.count(p.dotAt - p.pointer)
	}
	copied := p.input[p.pointer:p.dotAt]
	p.count(2 * len(copied))
	p.buf = append(p.buf, copied...)
	// The last segment copied is open: it starts after the last '/'.
	p.segStart = len(p.buf) - len(copied) + strings.LastIndexByte(copied, '/') + 1
	p.pointer = p.dotAt
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
	seg := bytesAsString(p.buf[p.segStart:]) // read before buf changes
	p.count(len(seg))
	dot := len(seg) > 0 && (seg[0] == '.' || seg[0] == '%') // a dot segment starts so
	switch {
	case dot && urlpath.IsDoubleDot(seg):
		p.buf = p.buf[:p.segStart-1]
		p.shorten()
		if !slash {
			p.buf = append(p.buf, '/')
		}
	case dot && urlpath.IsSingleDot(seg):
		p.buf = p.buf[:p.segStart-1]
		if !slash {
			p.buf = append(p.buf, '/')
		}
	case p.scheme == schemeFile && p.segStart-1 == int(p.pathStart) && isWindowsDriveLetter(seg):
		p.buf[p.segStart+1] = ':'
	}
}

// shorten is the spec's "shorten a URL's path".
func (p *parser) shorten() {
	path := p.buf[p.pathStart:]
	if p.scheme == schemeFile && len(path) == 3 && isNormalizedWindowsDriveLetter(string(path[1:])) {
		return
	}
	for i := len(path) - 1; i >= 0; i-- {
		p.count(1)
		if path[i] == '/' {
			p.buf = p.buf[:int(p.pathStart)+i]
			return
		}
	}
}

// dotSegmentAt reports whether s[i] starts a single- or double-dot
// segment, the one test of the shortcuts that copy a path as it is (the
// fast path, resume, copyWholeSegments, the pathname splice): it follows a
// '/', starts with '.' or '%', and is a dot segment up to '/', '?', '#' or
// the end (urlpath.IsDotAt).
func dotSegmentAt(s string, i int) bool {
	return i > 0 && s[i-1] == '/' && (s[i] == '.' || s[i] == '%') && urlpath.IsDotAt(s[i:])
}

// parseOpaquePath is the opaque path state,
// https://url.spec.whatwg.org/#cannot-be-a-base-url-path-state.
func (p *parser) parseOpaquePath(rune) step {
	for {
		p.count(1)
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
