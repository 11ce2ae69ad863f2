package links

import (
	"bytes"
	"io"
	"unicode/utf8"

	"github.com/weburl/weburl/internal/ascii"
	"github.com/weburl/weburl/internal/swar"
)

// The tokens of CSS Syntax Level 3 ("Tokenization"). Numbers, percentages
// and dimensions are one kind, as their values do not matter here.
type cssKind uint8

const (
	cssEOF cssKind = iota
	cssWhitespace
	cssIdent
	cssFunction
	cssAtKeyword
	cssHash
	cssString
	cssBadString
	cssURL
	cssBadURL
	cssDelim
	cssNumber
	cssCDO
	cssCDC
	cssColon
	cssSemicolon
	cssComma
	cssOpenSquare
	cssCloseSquare
	cssOpenParen
	cssCloseParen
	cssOpenCurly
	cssCloseCurly
)

// maxCSSName is how much of an identifier, function or at-keyword name
// the tokenizer keeps: enough for every name the scanner compares with.
const maxCSSName = 32

// A cssTokenizer reads the tokens of CSS text, as CSS Syntax's "consume a
// token" does, with its input preprocessing (CR, FF and CR LF read as LF,
// NUL as U+FFFD) done as each code point is read. It works on bytes: a
// byte of 0x80 or more is part of a non-ASCII code point, a name code
// point, and the lookahead that the algorithms need past the first code
// point only ever follows ASCII ones.
//
// Values are kept only where the caller asks for them (next's keep
// arguments): the value of a string or url token, up to maxVal bytes, and
// the first maxCSSName bytes of a name. So a token costs no memory beyond
// what is kept, however long it is.
type cssTokenizer struct {
	buf []byte // the text, or a window on it when r is set
	pos int    // the next code point's offset in buf
	r   io.Reader
	err error // r's error, io.EOF at its end

	name     []byte // the name of the last ident, function or at-keyword
	nameLong bool   // whether name was cut at maxCSSName bytes
	val      []byte // the value of the last string or url token kept
	maxVal   int
	tooLong  bool // a kept value passed maxVal
	work     int  // the bytes looked at, for the tests of linear time
}

// The sinks of a consumed code point.
const (
	sinkNone  = iota // dropped
	sinkName         // name, cut at maxCSSName bytes
	sinkValue        // val, up to maxVal bytes
)

// newCSSText is a tokenizer of text in memory.
func newCSSText(text []byte) *cssTokenizer {
	return &cssTokenizer{buf: text, maxVal: len(text) + 1}
}

// at returns the byte k bytes past the next code point, or -1 at the end
// of the text.
func (t *cssTokenizer) at(k int) int {
	t.work++
	if i := t.pos + k; i < len(t.buf) {
		return int(t.buf[i])
	}
	return atSlow(t, k)
}

// The byte classes of the runs that run consumes at once: bytes that
// stand for themselves in a name, in a url token, and in a string quoted
// with '"' or '\”, and whitespace. NUL is in none, as it stands for
// U+FFFD.
const (
	runName uint8 = 1 << iota
	runURL
	runDQ
	runSQ
	runSpace
)

var cssRuns = func() (t [256]uint8) {
	for c := 1; c < 256; c++ {
		if isCSSName(c) {
			t[c] |= runName
		}
		if !(c == ')' || isCSSSpace(c) || c == '"' || c == '\'' || c == '(' || c == '\\' || isCSSNonPrintable(c)) {
			t[c] |= runURL
		}
		if !(c == '\\' || isCSSNewline(c)) {
			if c != '"' {
				t[c] |= runDQ
			}
			if c != '\'' {
				t[c] |= runSQ
			}
		}
		if isCSSSpace(c) {
			t[c] |= runSpace
		}
	}
	return t
}()

// run consumes the bytes of class from the buffered text, putting them in
// sink, and returns whether it consumed any. The caller goes on a code
// point at a time, which reads more of a stream.
func (t *cssTokenizer) run(class uint8, sink int) bool {
	b := t.buf[t.pos:]
	n := 0
	for n < len(b) && cssRuns[b[n]]&class != 0 {
		n++
	}
	if n == 0 {
		return false
	}
	switch sink {
	case sinkName:
		if k := min(n, maxCSSName-len(t.name)); k < n {
			t.name = append(t.name, b[:k]...)
			t.nameLong = true
		} else {
			t.name = append(t.name, b[:n]...)
		}
	case sinkValue:
		if k := min(n, t.maxVal-len(t.val)); k < n {
			t.val = append(t.val, b[:k]...)
			t.tooLong = true
		} else {
			t.val = append(t.val, b[:n]...)
		}
	}
	t.pos += n
	t.work += n
	return true
}

// atSlow is at past the buffered bytes.
func atSlow(t *cssTokenizer, k int) int {
	if t.r == nil || t.err != nil {
		return -1
	}
	t.fill(k + 1)
	if i := t.pos + k; i < len(t.buf) {
		return int(t.buf[i])
	}
	return -1
}

// fill reads from r until n bytes from pos are buffered or r ends. What
// was consumed is dropped first, so the buffer holds only the lookahead
// and one read.
func (t *cssTokenizer) fill(n int) {
	if t.pos > 0 {
		t.buf = t.buf[:copy(t.buf, t.buf[t.pos:])]
		t.pos = 0
	}
	for empty := 0; len(t.buf) < n && t.err == nil; {
		if cap(t.buf)-len(t.buf) < 512 {
			b := make([]byte, len(t.buf), max(2*cap(t.buf), 4096))
			copy(b, t.buf)
			t.buf = b
		}
		m, err := t.r.Read(t.buf[len(t.buf):cap(t.buf)])
		t.buf = t.buf[:len(t.buf)+m]
		switch {
		case err != nil:
			t.err = err
		case m == 0:
			if empty++; empty == 100 {
				t.err = io.ErrNoProgress
			}
		}
	}
}

func isCSSNewline(c int) bool { return c == '\n' || c == '\r' || c == '\f' }

func isCSSSpace(c int) bool { return isCSSNewline(c) || c == '\t' || c == ' ' }

func isCSSDigit(c int) bool { return '0' <= c && c <= '9' }

func isCSSHex(c int) bool {
	return isCSSDigit(c) || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// isCSSNameStart is a name-start code point: a letter, '_', a non-ASCII
// code point, or NUL, which preprocessing makes U+FFFD.
func isCSSNameStart(c int) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' || c >= 0x80 || c == 0
}

func isCSSName(c int) bool { return isCSSNameStart(c) || isCSSDigit(c) || c == '-' }

// isCSSNonPrintable is a non-printable code point (NUL is U+FFFD by then).
func isCSSNonPrintable(c int) bool {
	return 0x01 <= c && c <= 0x08 || c == 0x0B || 0x0E <= c && c <= 0x1F || c == 0x7F
}

// validEscape is "check if two code points are a valid escape"; the end
// of the text after the '\' is one (it escapes to U+FFFD).
func validEscape(a, b int) bool { return a == '\\' && !isCSSNewline(b) }

// startsIdent is "check if three code points would start an identifier".
func startsIdent(a, b, c int) bool {
	switch {
	case a == '-':
		return isCSSNameStart(b) || b == '-' || validEscape(b, c)
	case isCSSNameStart(a):
		return true
	}
	return validEscape(a, b)
}

// startsNumber is "check if three code points would start a number".
func startsNumber(a, b, c int) bool {
	switch {
	case a == '+' || a == '-':
		return isCSSDigit(b) || b == '.' && isCSSDigit(c)
	case a == '.':
		return isCSSDigit(b)
	}
	return isCSSDigit(a)
}

// put appends the byte c of a code point to sink; NUL goes as U+FFFD.
func (t *cssTokenizer) put(sink int, c byte) {
	if c == 0 {
		t.putRune(sink, utf8.RuneError)
		return
	}
	switch sink {
	case sinkName:
		if len(t.name) < maxCSSName {
			t.name = append(t.name, c)
		} else {
			t.nameLong = true
		}
	case sinkValue:
		if len(t.val) < t.maxVal {
			t.val = append(t.val, c)
		} else {
			t.tooLong = true
		}
	}
}

// putRune appends r to sink.
func (t *cssTokenizer) putRune(sink int, r rune) {
	var b [utf8.UTFMax]byte
	for _, c := range b[:utf8.EncodeRune(b[:], r)] {
		t.put(sink, c)
	}
}

// next consumes a token, as "consume a token" does, and returns its kind.
// The value of a string token is kept in val when keepString is set, that
// of a url token when keepURL is.
func (t *cssTokenizer) next(keepString, keepURL bool) cssKind {
	t.consumeComments()
	c := t.at(0)
	switch {
	case c < 0:
		return cssEOF
	case isCSSSpace(c):
		for t.run(runSpace, sinkNone) || isCSSSpace(t.at(0)) {
		}
		return cssWhitespace
	case c == '"' || c == '\'':
		t.pos++
		return t.consumeString(byte(c), keepString)
	case c == '#':
		if isCSSName(t.at(1)) || validEscape(t.at(1), t.at(2)) {
			t.pos++
			t.consumeName(sinkNone)
			return cssHash
		}
	case c == '+' || c == '.':
		if startsNumber(c, t.at(1), t.at(2)) {
			t.consumeNumeric()
			return cssNumber
		}
	case c == '-':
		if startsNumber(c, t.at(1), t.at(2)) {
			t.consumeNumeric()
			return cssNumber
		}
		if t.at(1) == '-' && t.at(2) == '>' {
			t.pos += 3
			return cssCDC
		}
		if startsIdent(c, t.at(1), t.at(2)) {
			return t.consumeIdentLike(keepURL)
		}
	case c == '<':
		if t.at(1) == '!' && t.at(2) == '-' && t.at(3) == '-' {
			t.pos += 4
			return cssCDO
		}
	case c == '@':
		if startsIdent(t.at(1), t.at(2), t.at(3)) {
			t.pos++
			t.name, t.nameLong = t.name[:0], false
			t.consumeName(sinkName)
			return cssAtKeyword
		}
	case c == '\\':
		if validEscape(c, t.at(1)) {
			return t.consumeIdentLike(keepURL)
		}
	case isCSSDigit(c):
		t.consumeNumeric()
		return cssNumber
	case isCSSNameStart(c):
		return t.consumeIdentLike(keepURL)
	}
	t.pos++ // one ASCII character: punctuation or a delim-token
	switch c {
	case '(':
		return cssOpenParen
	case ')':
		return cssCloseParen
	case '[':
		return cssOpenSquare
	case ']':
		return cssCloseSquare
	case '{':
		return cssOpenCurly
	case '}':
		return cssCloseCurly
	case ',':
		return cssComma
	case ':':
		return cssColon
	case ';':
		return cssSemicolon
	}
	return cssDelim
}

// consumeComments is "consume comments".
func (t *cssTokenizer) consumeComments() {
	if t.pos < len(t.buf) && t.buf[t.pos] != '/' {
		return // the common case, without a call
	}
	for t.at(0) == '/' && t.at(1) == '*' {
		t.pos += 2
		if t.r == nil {
			i := bytes.Index(t.buf[t.pos:], []byte("*/"))
			if i < 0 {
				i = len(t.buf) - t.pos - 2
			}
			t.work += i + 2
			t.pos += i + 2
			continue
		}
		for {
			c := t.at(0)
			if c < 0 {
				return
			}
			if c == '*' && t.at(1) == '/' {
				t.pos += 2
				break
			}
			t.pos++
		}
	}
}

// consumeNewline consumes a newline, CR LF as one.
func (t *cssTokenizer) consumeNewline() {
	if t.at(0) == '\r' && t.at(1) == '\n' {
		t.pos++
	}
	t.pos++
}

// consumeEscaped is "consume an escaped code point", after the '\'.
func (t *cssTokenizer) consumeEscaped(sink int) {
	c := t.at(0)
	switch {
	case c < 0:
		t.putRune(sink, utf8.RuneError)
	case isCSSHex(c):
		v := 0
		for n := 0; n < 6 && isCSSHex(t.at(0)); n++ {
			v = v<<4 | int(ascii.Unhex(byte(t.at(0))))
			t.pos++
		}
		if isCSSSpace(t.at(0)) {
			t.consumeNewline() // one whitespace code point, CR LF included
		}
		r := rune(v)
		if v == 0 || 0xD800 <= v && v <= 0xDFFF || v > utf8.MaxRune {
			r = utf8.RuneError
		}
		t.putRune(sink, r)
	default:
		// The code point itself, all of its bytes.
		t.put(sink, byte(c))
		t.pos++
		for n := 0; c >= 0x80 && n < utf8.UTFMax-1; n++ {
			b := t.at(0)
			if b < 0x80 || b >= 0xC0 {
				break
			}
			t.put(sink, byte(b))
			t.pos++
		}
	}
}

// consumeName is "consume a name".
func (t *cssTokenizer) consumeName(sink int) {
	for {
		t.run(runName, sink)
		c := t.at(0)
		switch {
		case isCSSName(c):
			t.put(sink, byte(c))
			t.pos++
		case validEscape(c, t.at(1)):
			t.pos++
			t.consumeEscaped(sink)
		default:
			return
		}
	}
}

// consumeNumeric is "consume a numeric token", with "consume a number".
func (t *cssTokenizer) consumeNumeric() {
	if c := t.at(0); c == '+' || c == '-' {
		t.pos++
	}
	digits := func() {
		for isCSSDigit(t.at(0)) {
			t.pos++
		}
	}
	digits()
	if t.at(0) == '.' && isCSSDigit(t.at(1)) {
		t.pos += 2
		digits()
	}
	if c := t.at(0); c == 'e' || c == 'E' {
		switch d := t.at(1); {
		case isCSSDigit(d):
			t.pos += 2
			digits()
		case (d == '+' || d == '-') && isCSSDigit(t.at(2)):
			t.pos += 3
			digits()
		}
	}
	if startsIdent(t.at(0), t.at(1), t.at(2)) {
		t.consumeName(sinkNone) // a dimension's unit
	} else if t.at(0) == '%' {
		t.pos++
	}
}

// nameIs reports whether the last name is an ASCII case-insensitive match
// for the lowercase s.
func (t *cssTokenizer) nameIs(s string) bool {
	return !t.nameLong && swar.EqualLower(t.name, s)
}

// consumeIdentLike is "consume an ident-like token".
func (t *cssTokenizer) consumeIdentLike(keepURL bool) cssKind {
	t.name, t.nameLong = t.name[:0], false
	t.consumeName(sinkName)
	if t.at(0) != '(' {
		return cssIdent
	}
	t.pos++
	if !t.nameIs("url") {
		return cssFunction
	}
	for isCSSSpace(t.at(0)) && isCSSSpace(t.at(1)) {
		t.pos++
	}
	c := t.at(0)
	if isCSSSpace(c) {
		c = t.at(1)
	}
	if c == '"' || c == '\'' {
		return cssFunction // url("…"): the string is a token of its own
	}
	return t.consumeURL(keepURL)
}

// consumeString is "consume a string token", after the opening quote q.
func (t *cssTokenizer) consumeString(q byte, keep bool) cssKind {
	sink := sinkNone
	if keep {
		sink = sinkValue
		t.val, t.tooLong = t.val[:0], false
	}
	class := runDQ
	if q == '\'' {
		class = runSQ
	}
	for {
		t.run(class, sink)
		c := t.at(0)
		switch {
		case c == int(q):
			t.pos++
			return cssString
		case c < 0:
			return cssString
		case isCSSNewline(c):
			return cssBadString // the newline is not consumed
		case c == '\\':
			switch n := t.at(1); {
			case n < 0:
				t.pos++
			case isCSSNewline(n):
				t.pos++
				t.consumeNewline()
			default:
				t.pos++
				t.consumeEscaped(sink)
			}
		default:
			t.put(sink, byte(c))
			t.pos++
		}
	}
}

// consumeURL is "consume a url token", after "url(".
func (t *cssTokenizer) consumeURL(keep bool) cssKind {
	sink := sinkNone
	if keep {
		sink = sinkValue
		t.val, t.tooLong = t.val[:0], false
	}
	for isCSSSpace(t.at(0)) {
		t.pos++
	}
	for {
		t.run(runURL, sink)
		c := t.at(0)
		switch {
		case c == ')':
			t.pos++
			return cssURL
		case c < 0:
			return cssURL
		case isCSSSpace(c):
			for isCSSSpace(t.at(0)) {
				t.pos++
			}
			switch t.at(0) {
			case ')':
				t.pos++
				return cssURL
			case -1:
				return cssURL
			}
			t.consumeBadURL()
			return cssBadURL
		case c == '"' || c == '\'' || c == '(' || isCSSNonPrintable(c):
			t.pos++
			t.consumeBadURL()
			return cssBadURL
		case c == '\\':
			t.pos++
			if isCSSNewline(t.at(0)) {
				t.consumeBadURL()
				return cssBadURL
			}
			t.consumeEscaped(sink)
		default:
			t.put(sink, byte(c))
			t.pos++
		}
	}
}

// consumeBadURL is "consume the remnants of a bad url".
func (t *cssTokenizer) consumeBadURL() {
	for {
		c := t.at(0)
		switch {
		case c < 0:
			return
		case c == ')':
			t.pos++
			return
		case validEscape(c, t.at(1)):
			t.pos++
			t.consumeEscaped(sinkNone)
		default:
			t.pos++
		}
	}
}
