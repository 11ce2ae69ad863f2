// Package encoding implements the encoders of the WHATWG Encoding Standard
// (https://encoding.spec.whatwg.org/) for the URL Standard's "percent-encode
// after encoding" and HTML form submission: every encoding the standard
// defines an encoder for, with the standard's index files and its encoder
// algorithms, step by step. It has no decoders.
//
// The API follows the standard's "encode or fail" hook, which the URL
// Standard runs again and again with one encoder instance: an [Encoder]
// takes one code point at a time ([Encoder.AppendRune]) or a run of them
// ([Encoder.AppendString]), reports an error with the code point the
// standard's error carries (what "percent-encode after encoding" writes as
// %26%23N%3B) without losing its state, and [Encoder.Finish] is the
// end-of-queue item. Only ISO-2022-JP has state; an Encoder is a small
// value, so the hot path allocates nothing.
//
// Names and labels: [Lookup] takes the standard's names (any ASCII case),
// [LookupLabel] and [LabelToName] its labels ("get an encoding"), and
// [Encoding.Output] is "get an output encoding".
//
// A code point that is not a scalar value (a surrogate, a negative value
// or one above U+10FFFF), which the standard never passes to an encoder,
// is encoded as U+FFFD, as Go's range over a string and utf8.AppendRune
// treat such input.
//
// The tables come from the index files by the generator in gen: each index
// pointer → code point, packed, in read-only data, so a program pays no
// start-up work for them. An encoding builds its code point → pointer
// table in memory the first time it meets a code point outside ASCII
// (about 50–90 KB for the CJK indexes, 1–5 KB for a single-byte one).
package encoding

//go:generate go run ./gen -o tables.go

import (
	"strconv"
	"unicode/utf8"
)

// kind selects the encoder algorithm.
type kind uint8

const (
	kindUTF8 kind = iota // zero value: an Encoder or Encoding is UTF-8
	kindSingleByte
	kindGBK
	kindGB18030
	kindBig5
	kindEUCJP
	kindISO2022JP
	kindShiftJIS
	kindEUCKR
	kindXUserDefined
	kindReplacement
	kindUTF16BE
	kindUTF16LE
)

// Encoding is one of the standard's encodings. Encodings are shared and
// immutable; the zero Encoding, like a nil *Encoding, is UTF-8.
type Encoding struct {
	name string
	kind kind
	sb   *singleByte
}

// labelEntry is a label of the standard's table and its encoding's place
// in encodings.
type labelEntry struct {
	label string
	enc   uint8
}

// utf8Encoding is encodings[0], which the generator checks is UTF-8.
var utf8Encoding = &encodings[0]

// Lookup returns the encoding whose name (the standard's name, such as
// "Shift_JIS", "windows-1252" or "gb18030") is name, compared ASCII
// case-insensitively, as x/text's htmlindex.Name gives names in lower
// case. It returns nil for any other string. All of the standard's
// encodings are found, including replacement, UTF-16BE and UTF-16LE,
// which have no encoder; see [Encoding.Output].
func Lookup(name string) *Encoding {
	for i := range encodings {
		if equalFoldASCII(encodings[i].name, name) {
			return &encodings[i]
		}
	}
	return nil
}

// equalFoldASCII reports whether a and b are equal after ASCII lower
// casing (strings.EqualFold would also match U+212A KELVIN SIGN to "k").
func equalFoldASCII(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// LabelToName returns the name of the encoding that label stands for, as
// the standard's "get an encoding" finds it: label with leading and
// trailing ASCII whitespace removed, matched ASCII case-insensitively
// against the standard's table of labels. ok is false for an unknown
// label.
func LabelToName(label string) (name string, ok bool) {
	if e := LookupLabel(label); e != nil {
		return e.name, true
	}
	return "", false
}

// LookupLabel is the standard's "get an encoding": the encoding label
// stands for (see [LabelToName]), or nil.
func LookupLabel(label string) *Encoding {
	label = trimASCIIWhitespace(label)
	var buf [24]byte
	lower, ok := asciiLower(buf[:0], label)
	if !ok {
		return nil
	}
	lo, hi := 0, len(labels)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if labels[m].label < string(lower) {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(labels) && labels[lo].label == string(lower) {
		return &encodings[labels[lo].enc]
	}
	return nil
}

// asciiLower appends s in ASCII lower case to dst, which must have room
// (ok is false when s is longer than any name or label, so the caller's
// stack buffer suffices).
func asciiLower(dst []byte, s string) (out []byte, ok bool) {
	if len(s) > cap(dst)-len(dst) {
		return dst, false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return dst, true
}

func isASCIIWhitespace(c byte) bool {
	return c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' '
}

func trimASCIIWhitespace(s string) string {
	for len(s) > 0 && isASCIIWhitespace(s[0]) {
		s = s[1:]
	}
	for len(s) > 0 && isASCIIWhitespace(s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	return s
}

// Name returns the standard's name of e, such as "Shift_JIS".
func (e *Encoding) Name() string {
	if e == nil || e.name == "" {
		return "UTF-8"
	}
	return e.name
}

// Output is the standard's "get an output encoding": UTF-8 for
// replacement, UTF-16BE and UTF-16LE, else e itself (the shared UTF-8
// for a zero Encoding).
func (e *Encoding) Output() *Encoding {
	if e == nil {
		return utf8Encoding
	}
	switch e.kind {
	case kindUTF8, kindReplacement, kindUTF16BE, kindUTF16LE:
		return utf8Encoding
	}
	return e
}

// NewEncoder returns a new instance of the encoder of e's output encoding
// (see [Encoding.Output]): the standard's "get an encoder", made total,
// since replacement, UTF-16BE and UTF-16LE have none and URL parsing and
// form submission use UTF-8 for them.
func (e *Encoding) NewEncoder() Encoder {
	e = e.Output()
	return Encoder{kind: e.kind, sb: e.sb}
}

// AppendEncoded appends s encoded with a new encoder of e's output
// encoding, an unencodable code point written as an HTML decimal
// character reference such as "&#8364;": the standard's "encode", with
// error mode "html", as HTML form submission uses it. Invalid UTF-8 in s
// counts as U+FFFD.
func (e *Encoding) AppendEncoded(dst []byte, s string) []byte {
	enc := e.NewEncoder()
	for len(s) > 0 {
		var n int
		var bad rune
		var ok bool
		dst, n, bad, ok = enc.AppendString(dst, s)
		s = s[n:]
		if !ok {
			dst = append(dst, "&#"...)
			dst = strconv.AppendInt(dst, int64(bad), 10)
			dst = append(dst, ';')
		}
	}
	return enc.Finish(dst)
}

// Encoder is an instance of an encoding's encoder. It is a small value:
// copy it to save and restore its state. The zero Encoder is a UTF-8
// encoder.
type Encoder struct {
	kind  kind
	state iso2022JPState // ISO-2022-JP only
	sb    *singleByte    // single-byte encodings only
}

// iso2022JPState is the "ISO-2022-JP encoder state".
type iso2022JPState uint8

const (
	stateASCII iso2022JPState = iota
	stateRoman
	stateJIS0208
)

// AppendRune runs the encoder's handler on r and appends the bytes it
// gives to dst. When r cannot be encoded, ok is false and bad is the code
// point of the standard's "error": r itself, except that ISO-2022-JP
// reports U+000E, U+000F and U+001B as U+FFFD; bytes the encoder emits
// before it fails (ISO-2022-JP's switch back to ASCII) are still appended.
// The encoder keeps its state across errors, as "encode or fail" does.
func (e *Encoder) AppendRune(dst []byte, r rune) (out []byte, bad rune, ok bool) {
	if uint32(r) < utf8.RuneSelf && e.kind != kindISO2022JP {
		// Every encoder's step "If codePoint is an ASCII code point, then
		// return a byte whose value is codePoint" but ISO-2022-JP's.
		return append(dst, byte(r)), 0, true
	}
	return e.appendRune(dst, r)
}

// appendRune is AppendRune for r that is not ASCII, or any r for
// ISO-2022-JP.
func (e *Encoder) appendRune(dst []byte, r rune) ([]byte, rune, bool) {
	if !utf8.ValidRune(r) {
		r = utf8.RuneError
	}
	p := -1
	switch e.kind {
	case kindSingleByte:
		// single-byte encoder.
		if e.sb != nil {
			p = e.sb.pointer(r)
		}
		if p < 0 {
			return dst, r, false
		}
		return append(dst, byte(p+0x80)), 0, true

	case kindGBK, kindGB18030:
		return appendGB18030(dst, r, e.kind == kindGBK)

	case kindBig5:
		// Big5 encoder, steps 3–8.
		if p = big5Pointer(r); p < 0 {
			return dst, r, false
		}
		lead, trail := p/157+0x81, p%157
		if trail < 0x3F {
			trail += 0x40
		} else {
			trail += 0x62
		}
		return append(dst, byte(lead), byte(trail)), 0, true

	case kindEUCJP:
		// EUC-JP encoder, steps 3–11.
		switch {
		case r == 0xA5:
			return append(dst, 0x5C), 0, true
		case r == 0x203E:
			return append(dst, 0x7E), 0, true
		case 0xFF61 <= r && r <= 0xFF9F:
			return append(dst, 0x8E, byte(r-0xFF61+0xA1)), 0, true
		case r == 0x2212:
			r = 0xFF0D
		}
		if p = jis0208Pointer(r); p < 0 {
			return dst, r, false
		}
		return append(dst, byte(p/94+0xA1), byte(p%94+0xA1)), 0, true

	case kindISO2022JP:
		return e.appendISO2022JP(dst, r)

	case kindShiftJIS:
		// Shift_JIS encoder, steps 2–13.
		switch {
		case r == 0x80:
			return append(dst, 0x80), 0, true
		case r == 0xA5:
			return append(dst, 0x5C), 0, true
		case r == 0x203E:
			return append(dst, 0x7E), 0, true
		case 0xFF61 <= r && r <= 0xFF9F:
			return append(dst, byte(r-0xFF61+0xA1)), 0, true
		case r == 0x2212:
			r = 0xFF0D
		}
		if p = shiftJISPointer(r); p < 0 {
			return dst, r, false
		}
		lead, trail := p/188, p%188
		if lead < 0x1F {
			lead += 0x81
		} else {
			lead += 0xC1
		}
		if trail < 0x3F {
			trail += 0x40
		} else {
			trail += 0x41
		}
		return append(dst, byte(lead), byte(trail)), 0, true

	case kindEUCKR:
		// EUC-KR encoder, steps 3–7.
		if p = eucKRPointer(r); p < 0 {
			return dst, r, false
		}
		return append(dst, byte(p/190+0x81), byte(p%190+0x41)), 0, true

	case kindXUserDefined:
		// x-user-defined encoder, steps 3–4.
		if 0xF780 <= r && r <= 0xF7FF {
			return append(dst, byte(r-0xF780+0x80)), 0, true
		}
		return dst, r, false
	}
	// UTF-8 encoder (and the zero Encoder). Replacement and UTF-16BE/LE
	// never get here: NewEncoder gives UTF-8 for them.
	return utf8.AppendRune(dst, r), 0, true
}

// AppendString encodes s, as a run of AppendRune calls, until a code
// point fails: the standard's "encode or fail" with s as the queue, short
// of end-of-queue. It returns the number of bytes of s read; when a code
// point fails, ok is false, bad is the error's code point, and that code
// point ends s[:n]. Invalid UTF-8 counts as U+FFFD, one byte at a time.
// ASCII takes a short loop, so prefer this to AppendRune for long runs.
func (e *Encoder) AppendString(dst []byte, s string) (out []byte, n int, bad rune, ok bool) {
	iso := e.kind == kindISO2022JP
	for n < len(s) {
		if !iso || e.state == stateASCII {
			// ASCII as is; for ISO-2022-JP only in the ASCII state and
			// not its three errors.
			for n < len(s) {
				c := s[n]
				if c >= utf8.RuneSelf || iso && (c == 0x0E || c == 0x0F || c == 0x1B) {
					break
				}
				dst = append(dst, c)
				n++
			}
			if n == len(s) {
				break
			}
		}
		r, size := rune(s[n]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s[n:])
		}
		n += size
		if dst, bad, ok = e.appendRune(dst, r); !ok {
			return dst, n, bad, false
		}
	}
	return dst, n, 0, true
}

// appendGB18030 is the gb18030 encoder's handler from step 3 on, with "is
// GBK" set for GBK.
func appendGB18030(dst []byte, r rune, isGBK bool) ([]byte, rune, bool) {
	// Step 3: index gb18030 maps 0xA3 0xA0 to U+3000, not U+E5E5.
	if r == 0xE5E5 {
		return dst, r, false
	}
	// Step 4.
	if isGBK && r == 0x20AC {
		return append(dst, 0x80), 0, true
	}
	// Step 5: the table of Private Use code points kept from GB18030-2005.
	if 0xE78D <= r && r <= 0xE864 {
		if b := gb18030PUA(r); b != 0 {
			return append(dst, byte(b>>8), byte(b)), 0, true
		}
	}
	// Steps 6–7.
	if p := gb18030Pointer(r); p >= 0 {
		lead, trail := p/190+0x81, p%190
		if trail < 0x3F {
			trail += 0x40
		} else {
			trail += 0x41
		}
		return append(dst, byte(lead), byte(trail)), 0, true
	}
	// Step 8.
	if isGBK {
		return dst, r, false
	}
	// Steps 9–16.
	p := gb18030RangesPointer(r)
	b1 := p / (10 * 126 * 10)
	p %= 10 * 126 * 10
	b2 := p / (10 * 126)
	p %= 10 * 126
	b3, b4 := p/10, p%10
	return append(dst, byte(b1+0x81), byte(b2+0x30), byte(b3+0x81), byte(b4+0x30)), 0, true
}

// gb18030PUA returns the two bytes of the gb18030 encoder's step 5 table
// for r, or 0.
func gb18030PUA(r rune) uint16 {
	switch {
	case 0xE78D <= r && r <= 0xE793:
		return 0xA6D9 + uint16(r-0xE78D) // 0xA6 0xD9 … 0xA6 0xDF
	case r == 0xE794:
		return 0xA6EC
	case r == 0xE795:
		return 0xA6ED
	case r == 0xE796:
		return 0xA6F3
	case r == 0xE81E:
		return 0xFE59
	case r == 0xE826:
		return 0xFE61
	case r == 0xE82B:
		return 0xFE66
	case r == 0xE82C:
		return 0xFE67
	case r == 0xE832:
		return 0xFE6D
	case r == 0xE843:
		return 0xFE7E
	case r == 0xE854:
		return 0xFE90
	case r == 0xE864:
		return 0xFEA0
	}
	return 0
}

// appendISO2022JP is the ISO-2022-JP encoder's handler for a code point
// (steps 3–15). Where the standard restores the code point to the queue
// after a switch of state, this runs the steps the restored code point
// would reach in the new state.
func (e *Encoder) appendISO2022JP(dst []byte, r rune) ([]byte, rune, bool) {
	const esc = 0x1B
	// Step 3: errors with U+FFFD, so that no escape sequence gets through.
	if e.state != stateJIS0208 && (r == 0x0E || r == 0x0F || r == esc) {
		return dst, utf8.RuneError, false
	}
	if r < utf8.RuneSelf {
		switch {
		case e.state == stateASCII: // step 4
			return append(dst, byte(r)), 0, true
		case e.state == stateRoman && r != '\\' && r != '~': // step 5
			return append(dst, byte(r)), 0, true
		}
		// Step 6: switch to ASCII; the restored code point then takes
		// step 3 or 4.
		e.state = stateASCII
		dst = append(dst, esc, '(', 'B')
		if r == 0x0E || r == 0x0F || r == esc {
			return dst, utf8.RuneError, false
		}
		return append(dst, byte(r)), 0, true
	}
	if r == 0xA5 || r == 0x203E {
		// Step 7 switches to Roman unless there already; then step 5.
		if e.state != stateRoman {
			e.state = stateRoman
			dst = append(dst, esc, '(', 'J')
		}
		if r == 0xA5 {
			return append(dst, 0x5C), 0, true
		}
		return append(dst, 0x7E), 0, true
	}
	// Steps 8 and 9.
	if r == 0x2212 {
		r = 0xFF0D
	} else if 0xFF61 <= r && r <= 0xFF9F {
		r = rune(iso2022JPKatakana[r-0xFF61])
	}
	// Step 10.
	p := jis0208Pointer(r)
	if p < 0 {
		// Step 11: back to ASCII first if in jis0208; the restored code
		// point, neither ASCII nor U+00A5 nor U+203E, then fails again.
		if e.state == stateJIS0208 {
			e.state = stateASCII
			dst = append(dst, esc, '(', 'B')
		}
		return dst, r, false
	}
	// Step 12.
	if e.state != stateJIS0208 {
		e.state = stateJIS0208
		dst = append(dst, esc, '$', 'B')
	}
	// Steps 13–15.
	return append(dst, byte(p/94+0x21), byte(p%94+0x21)), 0, true
}

// Finish runs the encoder's handler on end-of-queue and appends what it
// gives: ISO-2022-JP's switch back to ASCII (0x1B 0x28 0x42) when not in
// the ASCII state, nothing for other encoders. The encoder can be used
// again afterwards.
func (e *Encoder) Finish(dst []byte) []byte {
	if e.kind == kindISO2022JP && e.state != stateASCII {
		e.state = stateASCII
		return append(dst, 0x1B, '(', 'B')
	}
	return dst
}
