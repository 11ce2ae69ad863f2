package urlpattern

// The constructor string parser ("Constructor string parsing"): a
// shorthand pattern string such as "https://*.example.com/:path*" split
// into components, on lenient tokens.

// csState is the constructor string parser's state.
type csState uint8

const (
	csInit csState = iota
	csProtocol
	csAuthority
	csUsername
	csPassword
	csHostname
	csPort
	csPathname
	csSearch
	csHash
	csDone
)

// component maps a component state to its component.
func (s csState) component() Component {
	switch s {
	case csProtocol:
		return Protocol
	case csUsername:
		return Username
	case csPassword:
		return Password
	case csHostname:
		return Hostname
	case csPort:
		return Port
	case csPathname:
		return Pathname
	case csSearch:
		return Search
	case csHash:
		return Hash
	}
	return -1
}

type constructorStringParser struct {
	input                        codePoints
	tokens                       []token
	result                       record
	offsets                      [numComponents]int // byte offset of each component string in input
	componentStart               int
	tokenIndex                   int
	tokenIncrement               int
	groupDepth                   int
	hostnameIPv6BracketDepth     int
	protocolMatchesSpecialScheme bool
	state                        csState
	budget                       *budget // the pattern's, charged for compiling the protocol
}

// parseConstructorString is "parse a constructor string". It also returns
// where each component string starts in input, for error offsets.
func parseConstructorString(input string, b *budget) (record, [numComponents]int, *Error) {
	if !b.chargeBytes(input) {
		return record{}, [numComponents]int{}, b.err(-1, nil)
	}
	cps := toCodePoints(input)
	tokens, _ := tokenize(cps, lenient) // lenient tokenizing does not fail
	p := &constructorStringParser{input: cps, tokens: tokens, tokenIncrement: 1, budget: b}
	for p.tokenIndex < len(p.tokens) {
		p.tokenIncrement = 1
		if p.tokens[p.tokenIndex].typ == tokEnd {
			if p.state == csInit {
				p.rewind()
				if p.isHashPrefix() {
					p.changeState(csHash, 1)
				} else if p.isSearchPrefix() {
					p.changeState(csSearch, 1)
				} else {
					p.changeState(csPathname, 0)
				}
				p.tokenIndex += p.tokenIncrement
				continue
			}
			if p.state == csAuthority {
				p.rewindAndSetState(csHostname)
				p.tokenIndex += p.tokenIncrement
				continue
			}
			p.changeState(csDone, 0)
			break
		}
		if p.isGroupOpen() {
			p.groupDepth++
			p.tokenIndex += p.tokenIncrement
			continue
		}
		if p.groupDepth > 0 {
			if p.isGroupClose() {
				p.groupDepth--
			} else {
				p.tokenIndex += p.tokenIncrement
				continue
			}
		}
		switch p.state {
		case csInit:
			if p.isProtocolSuffix() {
				p.rewindAndSetState(csProtocol)
			}
		case csProtocol:
			if p.isProtocolSuffix() {
				if err := p.computeProtocolMatchesSpecialScheme(); err != nil {
					return p.result, p.offsets, err
				}
				next, skip := csPathname, 1
				if p.nextIsAuthoritySlashes() {
					next, skip = csAuthority, 3
				} else if p.protocolMatchesSpecialScheme {
					next = csAuthority
				}
				p.changeState(next, skip)
			}
		case csAuthority:
			if p.isIdentityTerminator() {
				p.rewindAndSetState(csUsername)
			} else if p.isPathnameStart() || p.isSearchPrefix() || p.isHashPrefix() {
				p.rewindAndSetState(csHostname)
			}
		case csUsername:
			if p.isPasswordPrefix() {
				p.changeState(csPassword, 1)
			} else if p.isIdentityTerminator() {
				p.changeState(csHostname, 1)
			}
		case csPassword:
			if p.isIdentityTerminator() {
				p.changeState(csHostname, 1)
			}
		case csHostname:
			switch {
			case p.isIPv6Open():
				p.hostnameIPv6BracketDepth++
			case p.isIPv6Close():
				p.hostnameIPv6BracketDepth--
			case p.isPortPrefix() && p.hostnameIPv6BracketDepth == 0:
				p.changeState(csPort, 1)
			case p.isPathnameStart():
				p.changeState(csPathname, 0)
			case p.isSearchPrefix():
				p.changeState(csSearch, 1)
			case p.isHashPrefix():
				p.changeState(csHash, 1)
			}
		case csPort:
			switch {
			case p.isPathnameStart():
				p.changeState(csPathname, 0)
			case p.isSearchPrefix():
				p.changeState(csSearch, 1)
			case p.isHashPrefix():
				p.changeState(csHash, 1)
			}
		case csPathname:
			if p.isSearchPrefix() {
				p.changeState(csSearch, 1)
			} else if p.isHashPrefix() {
				p.changeState(csHash, 1)
			}
		case csSearch:
			if p.isHashPrefix() {
				p.changeState(csHash, 1)
			}
		case csHash:
		}
		p.tokenIndex += p.tokenIncrement
	}
	if p.result.has[Hostname] && !p.result.has[Port] {
		p.result.set(Port, "")
	}
	return p.result, p.offsets, nil
}

func (p *constructorStringParser) changeState(newState csState, skip int) {
	if p.state != csInit && p.state != csAuthority && p.state != csDone {
		c := p.state.component()
		p.result.set(c, p.makeComponentString())
		p.offsets[c] = p.input.byteOffset(p.safeToken(p.componentStart).index)
	}
	if p.state != csInit && newState != csDone {
		earlyState := p.state == csProtocol || p.state == csAuthority || p.state == csUsername || p.state == csPassword
		if earlyState && (newState == csPort || newState == csPathname || newState == csSearch || newState == csHash) &&
			!p.result.has[Hostname] {
			p.result.set(Hostname, "")
		}
		if (earlyState || p.state == csHostname || p.state == csPort) && (newState == csSearch || newState == csHash) &&
			!p.result.has[Pathname] {
			if p.protocolMatchesSpecialScheme {
				p.result.set(Pathname, "/")
			} else {
				p.result.set(Pathname, "")
			}
		}
		if (earlyState || p.state == csHostname || p.state == csPort || p.state == csPathname) && newState == csHash &&
			!p.result.has[Search] {
			p.result.set(Search, "")
		}
	}
	p.state = newState
	p.tokenIndex += skip
	p.componentStart = p.tokenIndex
	p.tokenIncrement = 0
}

func (p *constructorStringParser) rewind() {
	p.tokenIndex = p.componentStart
	p.tokenIncrement = 0
}

func (p *constructorStringParser) rewindAndSetState(s csState) {
	p.rewind()
	p.state = s
}

func (p *constructorStringParser) safeToken(i int) *token {
	if i < len(p.tokens) {
		return &p.tokens[i]
	}
	return &p.tokens[len(p.tokens)-1]
}

func (p *constructorStringParser) isNonSpecialPatternChar(i int, value string) bool {
	t := p.safeToken(i)
	if t.value != value {
		return false
	}
	return t.typ == tokChar || t.typ == tokEscapedChar || t.typ == tokInvalidChar
}

func (p *constructorStringParser) isProtocolSuffix() bool {
	return p.isNonSpecialPatternChar(p.tokenIndex, ":")
}

func (p *constructorStringParser) nextIsAuthoritySlashes() bool {
	return p.isNonSpecialPatternChar(p.tokenIndex+1, "/") && p.isNonSpecialPatternChar(p.tokenIndex+2, "/")
}

func (p *constructorStringParser) isIdentityTerminator() bool {
	return p.isNonSpecialPatternChar(p.tokenIndex, "@")
}

func (p *constructorStringParser) isPasswordPrefix() bool {
	return p.isNonSpecialPatternChar(p.tokenIndex, ":")
}

func (p *constructorStringParser) isPortPrefix() bool {
	return p.isNonSpecialPatternChar(p.tokenIndex, ":")
}

func (p *constructorStringParser) isPathnameStart() bool {
	return p.isNonSpecialPatternChar(p.tokenIndex, "/")
}

func (p *constructorStringParser) isSearchPrefix() bool {
	if p.isNonSpecialPatternChar(p.tokenIndex, "?") {
		return true
	}
	if p.tokens[p.tokenIndex].value != "?" {
		return false
	}
	previous := p.tokenIndex - 1
	if previous < 0 {
		return true
	}
	switch p.safeToken(previous).typ {
	case tokName, tokRegexp, tokClose, tokAsterisk:
		return false
	}
	return true
}

func (p *constructorStringParser) isHashPrefix() bool {
	return p.isNonSpecialPatternChar(p.tokenIndex, "#")
}

func (p *constructorStringParser) isGroupOpen() bool { return p.tokens[p.tokenIndex].typ == tokOpen }

func (p *constructorStringParser) isGroupClose() bool { return p.tokens[p.tokenIndex].typ == tokClose }

func (p *constructorStringParser) isIPv6Open() bool {
	return p.isNonSpecialPatternChar(p.tokenIndex, "[")
}

func (p *constructorStringParser) isIPv6Close() bool {
	return p.isNonSpecialPatternChar(p.tokenIndex, "]")
}

// makeComponentString is "make a component string".
func (p *constructorStringParser) makeComponentString() string {
	t := &p.tokens[p.tokenIndex]
	start := p.safeToken(p.componentStart).index
	return p.input.substring(start, t.index)
}

// computeProtocolMatchesSpecialScheme compiles the protocol so far and
// tests it against the special schemes.
func (p *constructorStringParser) computeProtocolMatchesSpecialScheme() *Error {
	s := p.makeComponentString()
	c, err := compileComponent(s, Protocol, canonicalizeProtocol, defaultOptions, p.budget)
	if err != nil {
		err.Component = Protocol
		if err.Offset >= 0 {
			err.Offset += p.input.byteOffset(p.safeToken(p.componentStart).index)
		}
		err.Pattern = p.input.substring(0, len(p.input.cps))
		return err
	}
	if c.matchesSpecialScheme() {
		p.protocolMatchesSpecialScheme = true
	}
	return nil
}
