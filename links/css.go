package links

import (
	"bufio"
	"fmt"
	"io"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/quote"
)

// The CSS constructs that hold links, as Link.Attr names them in a style
// sheet.
const (
	cssURLAttr    = "url"     // url(), and the strings of image-set()
	cssImportAttr = "@import" // the style sheet an @import rule imports
)

// An atRule is an at-rule that the scanner tells apart.
type atRule uint8

const (
	atOther atRule = iota
	atImport
	atCharset
	atLayer
)

// cssScanner finds the links of CSS text: the tokens of CSS Syntax, read
// with as much of its parser as tells where a URL is one a browser
// fetches. That is a url() (an unquoted url token, or the url function
// with a string), or a string directly inside image-set() or
// -webkit-image-set() (CSS Images 4, where a string is a URL), in a
// declaration: inside a {} block, or anywhere in a style attribute, and
// not in an at-rule's prelude (a url() in "@supports (x: url(a))" or
// "@namespace url(…)" fetches nothing). And the URL of an @import rule:
// its first token, a string or a url(), in a rule at the top level of a
// style sheet that ends with ';' (or the end of the sheet), placed before
// every rule but @charset, @layer statements and other @import rules, as
// CSS Cascade requires of @import. In a style attribute, whose text is a
// list of declarations, at-rules are dropped with their blocks.
//
// The scanner keeps a stack of the blocks open, a byte each, and no tree.
type cssScanner struct {
	t        *cssTokenizer
	attr     bool   // the text is a style attribute's
	stack    []byte // the closers of the open blocks; 'u' url(, 'i' image-set(
	curly    int    // how many of them are {} blocks
	importOK bool   // whether an @import at the top level still counts

	atDepth  int    // len(stack) at the at-keyword of the at-rule whose prelude is read; -1 for none
	at       atRule // that at-rule
	importIn int8   // for an @import: 1 its URL is to come, 2 read (importURL), 0 none or invalid
	importV  string
	dead     bool // in an at-rule of a style attribute, dropped
	deadTo   int  // the len(stack) at which the dropped at-rule ends
	urlArg   bool // the top of stack is a url( whose string is still to come

	emit func(raw, construct string) bool // false stops the scan
	stop bool
}

// scanCSS reads the links of CSS text from t and passes each to emit, in
// order: raw is the URL as written (CSS escapes decoded), construct
// cssURLAttr or cssImportAttr. An empty URL and one that starts with '#'
// are no links: CSS Values makes the first an invalid resource and the
// second a reference into the document that uses the style sheet. It
// returns whether it stopped at a kept value longer than the tokenizer's
// maxVal.
func scanCSS(t *cssTokenizer, attr bool, emit func(raw, construct string) bool) (tooLong bool) {
	s := cssScanner{t: t, attr: attr, importOK: !attr, atDepth: -1, emit: emit}
	for !s.stop && !s.token() {
	}
	return t.tooLong
}

// top is the closer of the innermost open block, or 0.
func (s *cssScanner) top() byte {
	if len(s.stack) == 0 {
		return 0
	}
	return s.stack[len(s.stack)-1]
}

// live reports whether a url() here is a link.
func (s *cssScanner) live() bool {
	return !s.dead && s.atDepth < 0 && (s.attr || s.curly > 0)
}

// found reports the link raw, unless CSS makes it none.
func (s *cssScanner) found(raw []byte, construct string) {
	if len(raw) == 0 || raw[0] == '#' {
		return
	}
	if !s.emit(string(raw), construct) {
		s.stop = true
	}
}

// token reads one token and acts on it; it returns true at the end.
func (s *cssScanner) token() bool {
	t := s.t
	// The @import's URL is to come at the prelude's level, or as the
	// string of a url( there.
	wantImport := s.importIn == 1 && (len(s.stack) == s.atDepth ||
		len(s.stack) == s.atDepth+1 && s.top() == 'u' && s.urlArg)
	keepString := wantImport || s.live() && (s.top() == 'u' && s.urlArg || s.top() == 'i')
	keepURL := wantImport || s.live()
	k := t.next(keepString, keepURL)
	if t.tooLong {
		return true // the scan fails here, before the value is used
	}
	switch k {
	case cssEOF:
		s.endPrelude(true)
		return true
	case cssWhitespace:
		return false
	case cssCDO, cssCDC:
		if len(s.stack) == 0 && s.atDepth < 0 {
			return false // ignored at the top level of a style sheet
		}
	case cssString:
		switch {
		case s.top() == 'u' && s.urlArg:
			s.urlArg = false
			if wantImport {
				s.importIn, s.importV = 2, string(t.val)
			} else if s.live() {
				s.found(t.val, cssURLAttr)
			}
			return false
		case s.top() == 'i' && s.live():
			s.found(t.val, cssURLAttr)
			return false
		case wantImport:
			s.importIn, s.importV = 2, string(t.val)
			return false
		}
	case cssURL:
		switch {
		case wantImport:
			s.importIn, s.importV = 2, string(t.val)
			return false
		case s.live():
			s.found(t.val, cssURLAttr)
			return false
		}
	case cssFunction:
		isURL := t.nameIs("url")
		if !(isURL && wantImport) {
			s.component()
		}
		s.urlArg = isURL
		switch {
		case isURL:
			s.stack = append(s.stack, 'u')
		case t.nameIs("image-set") || t.nameIs("-webkit-image-set"):
			s.stack = append(s.stack, 'i')
		default:
			s.stack = append(s.stack, ')')
		}
		return false
	case cssOpenParen, cssOpenSquare:
		s.component()
		s.urlArg = false
		if k == cssOpenParen {
			s.stack = append(s.stack, ')')
		} else {
			s.stack = append(s.stack, ']')
		}
		return false
	case cssOpenCurly:
		if s.atDepth >= 0 && len(s.stack) == s.atDepth {
			// The at-rule's prelude ends with a block: an @import with one
			// is invalid, an @layer with one is a rule that ends the place
			// of @import.
			if s.at == atLayer && s.atDepth == 0 {
				s.importOK = false
			}
			s.importIn = 0
			s.atDepth = -1
		} else {
			s.component()
		}
		s.urlArg = false
		s.stack = append(s.stack, '}')
		s.curly++
		return false
	case cssCloseParen, cssCloseSquare, cssCloseCurly:
		closer := byte(')')
		if k == cssCloseSquare {
			closer = ']'
		} else if k == cssCloseCurly {
			closer = '}'
		}
		top := s.top()
		if top == closer || closer == ')' && (top == 'u' || top == 'i') {
			s.stack = s.stack[:len(s.stack)-1]
			if closer == '}' {
				s.curly--
			}
			s.urlArg = false
			if s.atDepth > len(s.stack) {
				// The block around the at-rule ended: so did the rule.
				s.importIn = 0
				s.atDepth = -1
				s.dead = false
			}
			if s.dead && s.atDepth < 0 && len(s.stack) <= s.deadTo {
				s.dead = false
			}
			return false
		}
	case cssSemicolon:
		if s.atDepth >= 0 && len(s.stack) == s.atDepth {
			s.endPrelude(false)
			return false
		}
	case cssAtKeyword:
		if s.atDepth < 0 && !s.dead && (len(s.stack) == 0 || s.top() == '}') {
			s.startAtRule()
			return false
		}
	}
	s.component()
	return false
}

// component is a token with no effect of its own: it ends the wait for an
// @import's URL or a url('s string, and at the top level of a style sheet
// it starts a qualified rule, after which @import no longer counts.
func (s *cssScanner) component() {
	if s.importIn == 1 && len(s.stack) == s.atDepth {
		s.importIn = 0 // an @import whose first token is no URL
	}
	s.urlArg = false
	if len(s.stack) == 0 && s.atDepth < 0 && !s.attr {
		s.importOK = false
	}
}

// startAtRule starts reading the prelude of the at-rule named in t.name.
func (s *cssScanner) startAtRule() {
	s.atDepth = len(s.stack)
	s.importIn = 0
	switch t := s.t; {
	case t.nameIs("import"):
		s.at = atImport
	case t.nameIs("charset"):
		s.at = atCharset
	case t.nameIs("layer"):
		s.at = atLayer
	default:
		s.at = atOther
	}
	switch {
	case s.attr:
		s.dead, s.deadTo = true, s.atDepth
	case s.atDepth > 0:
		// Nested in a block: @import is not allowed there.
	case s.at == atImport:
		if s.importOK {
			s.importIn = 1
		}
	case s.at == atOther:
		s.importOK = false
	}
}

// endPrelude ends the at-rule at a ';' or at the end of the text, which
// both end a statement: an @import whose URL was read imports it.
func (s *cssScanner) endPrelude(atEOF bool) {
	if s.atDepth < 0 {
		return
	}
	if s.importIn == 2 {
		s.found([]byte(s.importV), cssImportAttr)
	}
	s.importIn = 0
	s.atDepth = -1
	if !atEOF {
		s.dead = false
	}
}

// ExtractCSS returns the links of the CSS style sheet read from r, in
// order, resolved as CSS resolves them against sheet, the style sheet's
// own URL. That is the URL its response came from, after redirects; nil
// leaves relative links unresolved (each with Err set). Each link has Kind
// Resource, an empty Tag, and Attr "url" (a url(), or a string of
// image-set()) or "@import" (see the package doc for which of them count).
// A link's URL is parsed with UTF-8 whatever the sheet's encoding, as the
// CSS Working Group resolved for every URL of CSS (w3c/csswg-drafts#9301).
//
// contentType is the value of the response's Content-Type header, or
// empty; only its charset is read. The sheet is decoded as CSS Syntax's
// "determine the fallback encoding" says: a byte order mark first; else
// the charset of contentType, if the Encoding Standard knows it; else a
// @charset "…"; rule of the exact form that CSS Syntax recognizes in the
// first bytes (UTF-16 labels there meaning UTF-8); else UTF-8. CSS Syntax
// would try the referring document's encoding before UTF-8: to have it,
// pass it as the charset of contentType.
//
// The error is that of reading r, or of a url() or string longer than the
// Extractor's MaxTokenSize; the links found before it are returned with
// it. A link that does not parse is not an error: it is returned with its
// Err set.
func ExtractCSS(r io.Reader, sheet *weburl.URL, contentType string) ([]Link, error) {
	var x Extractor
	return x.ExtractCSS(r, sheet, contentType)
}

// ExtractCSS is the package's ExtractCSS with x's MaxTokenSize, which
// bounds the bytes of a url() or string it keeps. The sheet is read as a
// stream: what it holds at a time is such a value, a window of the text of
// 4 KiB or so, a byte for each block left open, and the links found.
func (x Extractor) ExtractCSS(r io.Reader, sheet *weburl.URL, contentType string) ([]Link, error) {
	maxToken := x.MaxTokenSize
	if maxToken <= 0 {
		maxToken = DefaultMaxTokenSize
	}
	text, err := decodeCSS(bufio.NewReaderSize(r, 4096), contentType)
	if err != nil {
		return nil, err
	}
	t := &cssTokenizer{r: text, maxVal: maxToken}
	var p weburl.Parser // UTF-8
	var out []Link
	tooLong := scanCSS(t, false, func(raw, construct string) bool {
		if t.err != nil && t.err != io.EOF {
			return false // the token was cut by the failure, not ended
		}
		l := Link{Raw: raw, Attr: construct, Kind: Resource}
		l.URL, l.Err = p.Parse(raw, sheet)
		out = append(out, l)
		return true
	})
	switch {
	case tooLong:
		return out, fmt.Errorf("links: %w: a CSS url or string is longer than %d bytes: %s", ErrTokenTooLong, maxToken, quote.String(string(t.val)))
	case t.err != nil && t.err != io.EOF:
		return out, t.err
	}
	return out, nil
}
