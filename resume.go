package weburl

import "strings"

// Resuming the full parser where the fast path stopped. When fastScan
// turns an input away after it has taken the scheme and the authority (a
// byte to percent-encode late in the path or the query, a dot segment, a
// '\'), everything before the byte it stopped at is what the full parser
// would have written there, but for the case edits fastScan knows (an
// upper-case scheme or host). So the full parser starts at that byte, in
// the state the spec's machine is in there, with the layout fastScan set
// and the prefix copied into its buffer in one go: the scheme, authority
// and path so far are neither read a second time nor re-derived byte by
// byte. The resumed parse equals the parse from the first byte for every
// input (TestResumeMatchesParser, FuzzResume), which still runs wherever
// there is no resume point: validation errors to report, an encoding that
// is not the Encoding Standard's, a tab or newline, leading or trailing C0
// controls or spaces, or a scheme or authority that fastScan does not take.

// A resumePoint is where fastScanResume stopped: the pointer and the state
// of the basic URL parser there, and the case edits of the input before
// it. Its layout is the one fastScanResume left as it stopped. The zero
// resumePoint is none.
type resumePoint struct {
	at    int
	state state
	edit  fastEdit
}

// stop records, when ok and r is not nil, that the parser can resume at
// at in state st, and returns fastNo.
func (r *resumePoint) stop(ok bool, st state, at int, edit fastEdit) fastEdit {
	if ok && r != nil {
		r.at, r.state, r.edit = at, st, edit&(fastLowerScheme|fastLowerHost)
	}
	return fastNo
}

// stopAfter is stop where fastQueryAndFragment (after the path, in state
// st) stopped at j: in the fragment or the query if one began, else in the
// path. A negative j is no resume point.
func (r *resumePoint) stopAfter(st state, j int, edit fastEdit, l *layout) fastEdit {
	switch {
	case l.fragmentStart >= 0:
		st = fragmentState
	case l.queryStart >= 0:
		st = queryState
	}
	return r.stop(j >= 0, st, j, edit)
}

// stopInPath is stop in the path of a special URL, which starts at
// l.pathStart, where scanFastPath gave up: at the first byte the path
// state changes or reads as '/' ('\'), or at a dot segment before it.
// The path scans do not say where they stopped, and an input that they
// turn away is the full parser's anyway.
func (r *resumePoint) stopInPath(s string, l *layout, edit fastEdit) fastEdit {
	if r == nil {
		return fastNo
	}
	start := int(l.pathStart)
	j := indexClass(s, start, fastPathStopClass)
	if d := indexDotSegment(s[start:j]); d >= 0 {
		return r.stop(true, pathState, start+d+1, edit)
	}
	return r.stop(true, pathState, j, edit)
}

// begin prepares the parse of input after the fast path, which left r
// and l: resumed at r, or from the first byte where r is none or the
// input cannot resume.
func (p *parser) begin(input string, base *URL, opts *Parser, r *resumePoint, l *layout) {
	if !p.resume(input, base, opts, r, l) {
		p.init(input, base, opts)
	}
}

// resume prepares the parse of input from r, with l the layout that
// fastScanResume left, in place of init; it reports false, having changed
// nothing, where the parse must start from the first byte. It is only for
// a Parser without a validation-error callback: fastScan reports nothing.
func (p *parser) resume(input string, base *URL, opts *Parser, r *resumePoint, l *layout) bool {
	at := r.at
	if r.state == noState || opts.OnValidationError != nil || input[len(input)-1] <= ' ' || indexTabOrNewline(input[at:]) < len(input)-at {
		return false // the spec's first steps change the input
	}
	p.original, p.input, p.base, p.enc = input, input, base, opts.Encoding
	p.count(len(input))
	p.layout = layout{schemeEnd: l.schemeEnd, usernameEnd: -1, hostStart: -1, hostEnd: -1,
		pathStart: -1, queryStart: -1, fragmentStart: -1, hostKind: l.hostKind, scheme: l.scheme}
	p.port = -1
	if l.hostKind != NoHost && l.hostEnd < l.pathStart {
		// The canonical port fastScan took, after the host's ':'.
		p.port = 0
		for _, c := range []byte(input[l.hostEnd+1 : l.pathStart]) {
			p.port = p.port*10 + int32(c-'0')
		}
	}
	if l.hostKind != NoHost {
		p.usernameEnd, p.hostStart, p.hostEnd = l.usernameEnd, l.hostStart, l.hostEnd
	}
	st := r.state
	if st == fragmentState {
		p.fragmentStart = l.fragmentStart
	}
	if st >= queryState {
		p.queryStart = l.queryStart
		if p.enc != nil && st == queryState {
			// The query state encodes the query at once in an
			// encoding that may not be UTF-8: it starts with it.
			at = int(l.queryStart) + 1
		}
	}
	if st >= pathState {
		p.pathStart = l.pathStart
	}
	end := at // the end of the href written so far
	if st == pathState {
		// At a segment's start the '/' before it is not written yet
		// (the path state writes it with the segment); within a
		// segment, the segment is open.
		if input[at-1] == '/' {
			end--
		} else {
			p.segStart, p.segOpen = strings.LastIndexByte(input[:at], '/')+1, true
		}
	}
	if len(input) > cap(p.buf) {
		// As init does: the bound counts the query from its '?'.
		p.count(len(input))
		p.buf = make([]byte, 0, max(256, estimateOutput(input, p.enc != nil)))
	}
	p.count(end)
	p.buf = applyFastEdit(p.buf[:0], input[:end], r.edit, l)
	p.pointer, p.state = at, st
	return true
}
