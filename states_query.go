// The basic URL parser's query and fragment states (§ URL parsing).
//
// Shortcuts that must agree with these states: the fast path's
// fastQueryAndFragment (a query and fragment with no byte of their
// percent-encode sets); resume, which restarts the query or fragment state
// where that scan stopped; the search and hash setters' splices
// (spliceQuery, spliceFragment); estimateOutput's bound for a query in a
// legacy encoding. TestFastPathMatchesParser, TestResumeMatchesParser,
// TestSetterSplicesMatch, TestMemoryBound, FuzzFastPath, FuzzResume and
// FuzzSetters hold them to the states.

package weburl

import "strings"

// parseQuery is the query state,
// https://url.spec.whatwg.org/#query-state.
func (p *parser) parseQuery(rune) step {
	// Step 1, with the parser's "get an output encoding": UTF-8 for URLs
	// that are not special and for ws and wss. The nil encoding costs one
	// comparison. The encoders are reached through legacy, which the
	// parse installed (percent.go says why).
	if p.enc != nil && p.special() && p.scheme != schemeWS && p.scheme != schemeWSS {
		if h := legacy.Load(); h != nil {
			if out := h.output(p.enc); !out.isUTF8() {
				return p.parseQueryEncoded(out, h)
			}
		}
	}
	set, plain := QuerySet, queryStopClass
	if p.special() {
		set, plain = SpecialQuerySet, specialQueryStopClass
	}
	if p.errs.fn == nil {
		// Without a validation-error callback the query is one run up
		// to '#' (the end in a state override), encoded in one pass.
		end := len(p.input)
		if p.override == noState {
			if i := strings.IndexByte(p.input[p.pointer:], '#'); i >= 0 {
				end = p.pointer + i
			}
		}
		p.count(2 * (end - p.pointer))
		p.buf = appendEncoded(p.buf, p.input[p.pointer:end], set)
		p.pointer = end
		if end < len(p.input) {
			p.startFragment()
		}
		return advance
	}
	for {
		p.count(1)
		c, n := p.c()
		if c == eof || c == '#' && p.override == noState {
			if c == '#' {
				p.startFragment()
			}
			return advance
		}
		if p.appendPlainRun(plain) {
			continue
		}
		p.appendCodePoint(c, n, set)
		p.pointer += n
	}
}

// parseQueryEncoded is the query state of a special URL with an encoding
// other than UTF-8. The spec's buffer takes every code point up to '#' (or
// the end) as it is, so it is that run of the input, and step 2
// percent-encodes it after encoding at once: one encoder for the whole
// query, as ISO-2022-JP's state needs.
func (p *parser) parseQueryEncoded(out outputEncoding, h *legacyHooks) step {
	start, end := p.pointer, len(p.input)
	if p.override == noState {
		if i := strings.IndexByte(p.input[start:], '#'); i >= 0 {
			end = start + i
		}
	}
	if p.errs.fn != nil {
		for p.pointer < end {
			c, n := p.c()
			p.checkUnit(c, n)
			p.pointer += n
		}
	}
	p.pointer = end
	p.count(2 * (end - start)) // scanned, then encoded
	p.buf = h.appendAfter(p.buf, p.input[start:end], out, SpecialQuerySet, false)
	if end < len(p.input) {
		p.startFragment()
	}
	return advance
}

// parseFragment is the fragment state,
// https://url.spec.whatwg.org/#fragment-state.
func (p *parser) parseFragment(rune) step {
	if p.errs.fn == nil {
		// The rest of the input, encoded in one pass.
		p.count(len(p.input) - p.pointer)
		p.buf = appendEncoded(p.buf, p.input[p.pointer:], FragmentSet)
		p.pointer = len(p.input)
		return advance
	}
	for {
		p.count(1)
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
