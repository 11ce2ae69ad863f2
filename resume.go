package weburl

import (
	"strings"

	"github.com/weburl/weburl/internal/canonical"
)

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

// A resumePoint is where fastScan stopped: the pointer and the state of
// the basic URL parser there. The fastResult that holds it has the layout
// fastScan left as it stopped, and the case edits of the input before it.
// The zero resumePoint (noState) is none.
type resumePoint struct {
	at    int
	state state
}

// stop records, when ok, that the parser can resume at at in state st.
func (f *fastResult) stop(ok bool, st state, at int) {
	if ok {
		f.resume = resumePoint{at, st}
	}
}

// stopAfter is stop where fastQueryAndFragment (after the path, in state
// st) stopped at j: in the fragment or the query if one began, else in the
// path. A negative j is no resume point.
func (f *fastResult) stopAfter(st state, j int) {
	switch {
	case f.fragmentStart >= 0:
		st = fragmentState
	case f.queryStart >= 0:
		st = queryState
	}
	f.stop(j >= 0, st, j)
}

// stopInPath is stop in the path of a special URL, which starts at
// pathStart, where scanFastPath gave up: at the first byte the path state
// changes or reads as '/' ('\'), or at a dot segment before it. The path
// scans do not say where they stopped, and an input that they turn away
// is the full parser's anyway.
func (f *fastResult) stopInPath(s string) {
	start := int(f.pathStart)
	j := indexClass(s, start, fastPathStopClass)
	if d := indexDotSegment(s[start:j]); d >= 0 {
		j = start + d + 1
	}
	f.stop(true, pathState, j)
}

// begin is the one way into the parser: it prepares the parse of input
// resumed where the fast path stopped (f, when not nil), or from the first
// byte where f is nil or gives no resume point, or the input cannot
// resume.
func (p *parser) begin(input string, base *URL, opts *Parser, f *fastResult) {
	if f == nil || !p.resume(input, base, opts, f) {
		p.init(input, base, opts)
	}
}

// resume prepares the parse of input from f's resume point, with the
// layout that fastScan left, in place of init; it reports false, having
// changed nothing, where the parse must start from the first byte. It is
// only for a Parser without a validation-error callback: fastScan
// reports nothing.
func (p *parser) resume(input string, base *URL, opts *Parser, f *fastResult) bool {
	r, l := f.resume, &f.layout
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
		_, port := canonical.ScanPort(input, int(l.hostEnd)+1)
		p.port = int32(port)
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
	p.buf = applyFastEdit(p.buf[:0], input[:end], f.edit&(fastLowerScheme|fastLowerHost), l)
	p.pointer, p.state = at, st
	return true
}
