package weburl

import (
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/encoding"
)

// Parser holds the options of a parse that need a value. Its zero value
// parses as Parse does. A Parser may be used from many goroutines at once as
// long as its fields do not change.
type Parser struct {
	// Encoding is the encoding of a legacy HTML document whose links are
	// parsed: queries of special URLs (but ws and wss) are percent-encoded
	// in it, and a code point it cannot encode becomes %26%23N%3B. Nil
	// means UTF-8. Get one by label with htmlindex.Get or
	// x/net/html/charset.Lookup. The Encoding Standard's encodings are
	// encoded exactly as that standard says, with weburl's own encoders
	// and its index data, not x/text's; replacement, UTF-16BE and UTF-16LE
	// mean UTF-8 (the standard's "get an output encoding"). Any other
	// encoding is used through its own encoder.
	Encoding encoding.Encoding

	// OnValidationError, when set, is called for each validation error in
	// the order the spec's algorithm meets them, in successful and failed
	// parses alike.
	OnValidationError func(ValidationError)
}

// Parse parses an absolute URL, like new URL(input) in JavaScript.
func Parse(input string) (*URL, error) {
	// (*Parser).parse with the zero Parser, whose options let every input
	// try the fast path: most URLs end there, without the option checks.
	var f fastResult
	if f.scan(input); f.took {
		if f.edit == 0 {
			return &URL{href: input, layout: f.layout}, nil // output, in short
		}
		return f.output(nil, input), nil
	}
	var p Parser
	return result(p.parseFull(nil, input, nil, &f))
}

// MustParse is like Parse but panics on failure; for tests and constant
// URLs in programs.
func MustParse(input string) *URL {
	u, err := Parse(input)
	if err != nil {
		panic(err)
	}
	return u
}

// ParseRef parses input against the base URL, like new URL(input, base). A
// base that does not parse is an error, as in JavaScript.
func ParseRef(input, base string) (*URL, error) {
	var p Parser
	b, err := p.parse(nil, base, nil)
	if err != nil {
		err.Op = "parse base"
		return nil, err
	}
	u, err := p.parse(nil, input, b)
	if err != nil {
		err.Base = base // as given, not as parsed
		return nil, err
	}
	return u, nil
}

// Parse resolves the reference ref against u, as new URL(ref, u) does; u is
// not changed.
func (u *URL) Parse(ref string) (*URL, error) {
	var p Parser
	return result(p.parse(nil, ref, u))
}

// CanParse reports whether input parses as an absolute URL, like
// URL.canParse(input). It decides from the scheme and the authority: the
// URL Standard's path, query and fragment states never fail, so the rest
// of the input is not read. It allocates nothing for input without tab or
// newline whose host is ASCII.
func CanParse(input string) bool {
	if canParseFast(input) {
		return true
	}
	p := getParser()
	defer putParser(p)
	p.begin(input, nil, nil, nil)
	p.stopAtPath = true
	return p.run()
}

// CanParseRef reports whether input parses against base, like
// URL.canParse(input, base). Like CanParse, it reads the input's path,
// query and fragment only where the base's must be read to resolve them
// (it never has to: they cannot fail), and reads the base in full.
func CanParseRef(input, base string) bool {
	if canParseFast(input) {
		return CanParse(base) // input with a scheme and a host needs only a base that parses
	}
	bp := getParser()
	defer putParser(bp)
	bp.begin(base, nil, nil, nil)
	if !bp.run() {
		return false
	}
	bp.finish()
	b := &bp.scratch // in the pooled parser, so that nothing escapes
	b.layout = bp.layout
	// The base's href is read only while bp's buffer is left alone.
	b.href = bytesAsString(bp.buf)
	p := getParser()
	defer putParser(p)
	p.begin(input, b, nil, nil)
	p.stopAtPath = true
	return p.run()
}

// Parse parses input against base (nil for none) with p's options. The
// zero URL as base is an error, as a base that fails to parse is.
func (p *Parser) Parse(input string, base *URL) (*URL, error) {
	if p.Encoding != nil {
		useLegacyEncodings() // percent.go: why only here
	}
	return result(p.parse(nil, input, base))
}

// result is the (*URL, error) of a parse's result, with a nil error, not a
// nil *Error, on success.
func result(u *URL, err *Error) (*URL, error) {
	if err != nil {
		return nil, err
	}
	return u, nil
}

// parse is the one way to parse with p's options: the fast path, and the
// full parser (begin, run) where the fast path did not take the input,
// resumed where it stopped. Both ways out write into dst, the caller's URL
// (SetHref), or a new URL when dst is nil. The zero URL as base is an
// error, as a base that fails to parse is.
func (p *Parser) parse(dst *URL, input string, base *URL) (*URL, *Error) {
	if base != nil && base.href == "" {
		return nil, &Error{Op: "parse", Input: input, Err: because(ErrZeroURL, "the base is the zero URL, which is no URL")}
	}
	// The fast path takes only ASCII, which every encoding of the Encoding
	// Standard writes as UTF-8 does (a page's links, whose Parser has the
	// page's encoding, are mostly ASCII too). It reports nothing, so a
	// validation-error callback needs the full parser from the first byte.
	var f fastResult
	if p.OnValidationError == nil && (p.Encoding == nil || isStandardEncoding(p.Encoding)) {
		if f.scan(input); f.took {
			return f.output(dst, input), nil
		}
	}
	return p.parseFull(dst, input, base, &f)
}

// parseFull is parse after the fast path, which left f: the full parser
// from where f says it stopped, or from the first byte.
func (p *Parser) parseFull(dst *URL, input string, base *URL, f *fastResult) (*URL, *Error) {
	ps := getParser()
	defer putParser(ps)
	ps.begin(input, base, p, f)
	if !ps.run() {
		e := ps.errs.failure("parse", input)
		if base != nil {
			e.Base = base.href
		}
		return nil, e
	}
	return ps.output(dst, input), nil
}

// parser is the state of one run of the basic URL parser. It writes the
// URL's serialization into buf as it goes and records the offsets of the
// components; a component is committed when its bytes are in buf. A run
// starts in begin, at the first byte (init) or where the fast path
// stopped (resume, resume.go), and ends in output.
type parser struct {
	input    string // what remains after trimming and removing tab and newline
	original string // the input as given, to reuse when nothing changed
	pointer  int
	state    state
	override state // the state override, or noState
	base     *URL
	url      *URL // the URL a setter changes, in override mode
	enc      encoding.Encoding
	buf      []byte
	layout
	segStart  int  // start of the current path segment's bytes in buf
	segOpen   bool // whether the path state's buffer has begun
	committed component
	errs      reporter
	work      int // bytes scanned or copied and steps taken, for the linear-time test
	// stopAtPath ends a successful run where the path start state
	// begins (CanParse): no later state can fail.
	stopAtPath bool
	// authEnd is where the authority state found the authority's end.
	authEnd int
	// runEnd and dotAt are copyWholeSegments' end of the run of plain
	// path bytes and the '/' before its next dot segment (runEnd for none).
	runEnd, dotAt int
	scratch       URL // CanParseRef's base

	// port is the port, -1 for null: the layout has none, the URL reads
	// its port from the href.
	port int32
}

// component names the parts of a URL in order, for the setters: the
// parts after the last committed one come from the URL being changed.
type component uint8

const (
	compNone component = iota
	compScheme
	compHost
	compPort
	compPath
	compQuery
	compFragment
)

// maxPooledBuffer is the largest buffer a pooled parser keeps.
const maxPooledBuffer = 64 << 10

var parserPool = sync.Pool{New: func() any { return &parser{buf: make([]byte, 0, 256)} }}

func getParser() *parser { return parserPool.Get().(*parser) }

func putParser(p *parser) {
	if cap(p.buf) > maxPooledBuffer {
		return // let a huge buffer go rather than pin it
	}
	*p = parser{buf: p.buf[:0]}
	parserPool.Put(p)
}

// init prepares a parse of input, without a URL to change: the spec's
// steps 1 to 3 trim C0 controls and spaces and drop tabs and newlines.
func (p *parser) init(input string, base *URL, opts *Parser) {
	p.original = input
	p.base = base
	if opts != nil {
		p.enc = opts.Encoding
		p.errs.fn = opts.OnValidationError
	}
	start, end := 0, len(input)
	for start < end && input[start] <= ' ' {
		start++
	}
	for end > start && input[end-1] <= ' ' {
		end--
	}
	if start > 0 || end < len(input) {
		at := 0
		if start == 0 {
			at = end
		}
		p.errs.report(InvalidURLUnit, at)
	}
	p.errs.shift = start
	p.count(len(input))
	p.input = p.removeTabAndNewline(input[start:end])
	p.state = schemeStartState
	p.reset()
	if len(p.input) > cap(p.buf) {
		p.count(len(p.input))
		p.buf = make([]byte, 0, max(256, estimateOutput(p.input, p.enc != nil)))
	}
}

// estimateOutput bounds the length of the href of a long input, so that
// its buffer is allocated once instead of growing step by step, which
// would allocate several times the output on the way: a byte that may be
// percent-encoded counts 3, and a byte that is not UTF-8, which becomes
// %EF%BF%BD, 9. With an encoding (encoded), the bytes after the first '?'
// may be a query encoded in it: an invalid byte, or a C0 control in
// ISO-2022-JP, becomes %26%2365533%3B, 14, and a 2-byte code point that
// the encoding lacks %26%23NNNN%3B, 7 per byte. A relative input's base
// adds what growth then covers.
func estimateOutput(s string, encoded bool) int {
	q := len(s)
	if encoded {
		if i := strings.IndexByte(s, '?'); i >= 0 {
			q = i
		}
	}
	n := len(s) + 16
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case i >= q && (c == 0x0E || c == 0x0F || c == 0x1B):
			n += 13
		case i >= q && c >= utf8.RuneSelf:
			n += 6
		case c >= utf8.RuneSelf || UserinfoSet.has(c):
			n += 2
		}
	}
	if !utf8.ValidString(s) {
		for i := 0; i < len(s); {
			r, w := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && w == 1 {
				n += 6
				if i >= q {
					n += 1
				}
			}
			i += w
		}
	}
	return n
}

func (p *parser) reset() {
	p.buf = p.buf[:0]
	p.layout = layout{schemeEnd: -1, usernameEnd: -1, hostStart: -1, hostEnd: -1,
		pathStart: -1, queryStart: -1, fragmentStart: -1}
	p.port = -1
}

// removeTabAndNewline is the spec's step that removes all ASCII tab or
// newline from the input; it notes where they were, to map offsets back.
func (p *parser) removeTabAndNewline(s string) string {
	for i := indexTabOrNewline(s); i < len(s); i++ {
		if c := s[i]; c <= '\r' && (c == '\t' || c == '\n' || c == '\r') {
			p.errs.report(InvalidURLUnit, i)
			p.errs.raw = s
			p.count(len(s))
			b := make([]byte, 0, len(s))
			for j := 0; j < len(s); j++ {
				if c := s[j]; c != '\t' && c != '\n' && c != '\r' {
					b = append(b, c)
				}
			}
			return bytesAsString(b) // b is new and never written again
		}
	}
	return s
}

// here is the offset in the href of the next byte the parser writes.
func (p *parser) here() int32 { return int32(len(p.buf)) }

// count adds n to the work done: each loop over the input or the buffer
// counts what it scans or copies, so that a test can check that a parse
// does work in proportion to its input, without a clock.
func (p *parser) count(n int) { p.work += n }

const eof = -1

// c returns the code point at the pointer and its width in bytes, or eof
// and 0. An invalid UTF-8 byte reads as U+FFFD, one byte wide.
func (p *parser) c() (rune, int) {
	if p.pointer < len(p.input) && p.input[p.pointer] < utf8.RuneSelf {
		return rune(p.input[p.pointer]), 1
	}
	return p.cSlow()
}

func (p *parser) cSlow() (rune, int) {
	if p.pointer >= len(p.input) {
		return eof, 0
	}
	return utf8.DecodeRuneInString(p.input[p.pointer:])
}

// remaining returns the input after the current code point.
func (p *parser) remaining() string {
	_, n := p.c()
	return p.input[p.pointer+n:]
}

// step is what a state tells the loop to do next.
type step uint8

const (
	advance step = iota // go past the current code point
	again               // run the (new) state on the same code point: the spec's "decrease pointer by 1"
	done                // return: a state override ended successfully
	fail                // return failure
)

// run is the spec's state machine loop. It reports whether the parse
// succeeded (for a setter: whether it ended without failure).
func (p *parser) run() bool {
	for {
		if p.stopAtPath && p.state >= pathStartState && p.override == noState && p.enc == nil &&
			len(p.buf)+maxExpansion*(len(p.input)-p.pointer)+3 <= maxHrefLen {
			// The path start, path, opaque path, query and fragment
			// states never return failure, and what is left of the
			// input cannot make the href too long (fits: 2 bytes, and a
			// '/' that the path start state may add).
			return true
		}
		c, _ := p.c()
		p.count(1)
		switch stateTable[p.state](p, c) {
		case advance:
			// The state may have moved the pointer past a run.
			if p.pointer >= len(p.input) {
				return p.fits()
			}
			if p.input[p.pointer] < utf8.RuneSelf {
				p.pointer++
			} else {
				_, n := p.cSlow()
				p.pointer += n
			}
		case done:
			return p.fits()
		case fail:
			return false
		}
	}
}

// maxExpansion is the most bytes of href that one byte of input makes in
// the path, query and fragment states without an encoding: a byte that
// is not UTF-8 becomes %EF%BF%BD.
const maxExpansion = 9

// fits reports whether the href fits the URL's 32-bit offsets (with the
// two bytes that finish may add), and sets the failure reason if not.
func (p *parser) fits() bool {
	if len(p.buf)+2 <= maxHrefLen {
		return true
	}
	p.errs.last, p.errs.lastAt = HrefTooLong, 0
	return false
}

// finish completes the layout once the machine has run: the offsets of a
// null host, and "/." before a path that would otherwise read as a host.
func (p *parser) finish() {
	if p.pathStart < 0 {
		p.pathStart = p.here()
	}
	if p.hostKind == NoHost {
		p.usernameEnd, p.hostStart, p.hostEnd = p.schemeEnd+1, p.schemeEnd+1, p.schemeEnd+1
		path := p.buf[p.pathStart:p.pathEndIn()]
		if len(path) > 1 && path[0] == '/' && path[1] == '/' && p.pathStart == p.schemeEnd+1 {
			p.count(len(p.buf))
			p.buf = append(p.buf, 0, 0)
			copy(p.buf[p.pathStart+2:], p.buf[p.pathStart:])
			p.buf[p.pathStart], p.buf[p.pathStart+1] = '/', '.'
			p.pathStart += 2
			if p.queryStart >= 0 {
				p.queryStart += 2
			}
			if p.fragmentStart >= 0 {
				p.fragmentStart += 2
			}
		}
	}
}

func (p *parser) pathEndIn() int32 {
	if p.queryStart >= 0 {
		return p.queryStart
	}
	if p.fragmentStart >= 0 {
		return p.fragmentStart
	}
	return p.here()
}

// output is the full parser's way out, after a run that succeeded: it
// completes the layout (finish) and writes the URL into u (SetHref's, or
// a setter's) or into a new URL when u is nil. When the serialization is
// the input, as for most URLs a crawler meets, the input string is kept
// and nothing is copied; otherwise the href is copied into the URL's
// allocation (newHref).
func (p *parser) output(u *URL, input string) *URL {
	p.finish()
	p.count(len(p.buf))
	var href string
	switch {
	case string(p.buf) == input:
		href = input
	case cap(p.buf) > maxPooledBuffer && cap(p.buf) <= 2*len(p.buf):
		// putParser would drop this buffer: hand it to the href instead
		// of copying it, and let the parser forget it. A buffer that
		// estimateOutput made more than twice too big is copied from
		// instead, so that the URL does not keep the spare room.
		href = bytesAsString(p.buf)
		p.buf = nil
	default:
		var b []byte
		u, b = newHref(u, len(p.buf))
		href = bytesAsString(append(b, p.buf...))
	}
	if u == nil {
		u = new(URL)
	}
	u.href, u.layout = href, p.layout
	return u
}
