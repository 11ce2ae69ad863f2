// The basic URL parser's query and fragment states (§ URL parsing).

package weburl

import ()

// parseQuery is the query state,
// https://url.spec.whatwg.org/#query-state.
func (p *parser) parseQuery(rune) step {
	// Step 1, with the parser's "get an output encoding": UTF-8 for URLs
	// that are not special and for ws and wss, and UTF-8 (no buffer) for
	// the nil encoding at the cost of one comparison.
	var out outputEncoding
	if p.enc != nil && p.special() && p.scheme != schemeWS && p.scheme != schemeWSS {
		out = getOutputEncoding(p.enc)
	}
	legacy := !out.isUTF8()
	set, plain := QuerySet, queryStopClass
	if p.special() {
		set, plain = SpecialQuerySet, specialQueryStopClass
	}
	for {
		p.count(1)
		c, n := p.c()
		if c == eof || c == '#' && p.override == noState {
			if legacy {
				p.count(len(p.query))
				p.buf = appendEncodedAfter(p.buf, bytesAsString(p.query), out, set, false)
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

// parseFragment is the fragment state,
// https://url.spec.whatwg.org/#fragment-state.
func (p *parser) parseFragment(rune) step {
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
