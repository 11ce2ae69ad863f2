// Percent-encoded bytes (§ 1.3): the UTF-8 percent-encoder, the
// percent-decoder, and "percent-encode after encoding" in an encoding
// override, which the query state and the form serializer use.

package weburl

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"

	whatwg "github.com/weburl/weburl/internal/encoding"
	"github.com/weburl/weburl/internal/percent"
)

const upperHex = "0123456789ABCDEF"

// appendPercentByte appends the spec's percent-encoding of b: %XX with upper
// hex digits.
func appendPercentByte(dst []byte, b byte) []byte {
	return append(dst, '%', upperHex[b>>4], upperHex[b&15])
}

// appendEncoded appends s, UTF-8 percent-encoded with set. Each byte of an
// invalid UTF-8 sequence counts as U+FFFD, as for a JavaScript string with
// lone surrogates.
func appendEncoded(dst []byte, s string, set EncodeSet) []byte {
	dst, _ = appendEncodedUntil(dst, s, set, 0)
	return dst
}

// appendEncodedUntil is appendEncoded of s up to its first byte in stop (a
// byte that ends a component, for a state of the parser), and returns
// where it stopped, len(s) for none. Runs of bytes that stay as they are
// go in one copy, found eight bytes at a time.
func appendEncodedUntil(dst []byte, s string, set EncodeSet, stop charClass) ([]byte, int) {
	// Every set holds the non-ASCII bytes, as C0ControlSet does; with it,
	// hit holds them for the zero set too.
	hit := charClass(set|C0ControlSet) | stop
	i := 0
	for i < len(s) {
		c := s[i]
		if !hit.has(c) {
			if i+1 == len(s) || hit.has(s[i+1]) { // one byte, as the parser's per-code-point steps give
				dst = append(dst, c)
				i++
				continue
			}
			j := indexClass(s, i+2, hit)
			dst = append(dst, s[i:j]...)
			i = j
			continue
		}
		if stop.has(c) {
			break
		}
		if c < utf8.RuneSelf {
			if set.has(c) {
				dst = appendPercentByte(dst, c)
			} else {
				dst = append(dst, c)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			dst = append(dst, "%EF%BF%BD"...)
		} else {
			for _, b := range []byte(s[i : i+n]) {
				dst = appendPercentByte(dst, b)
			}
		}
		i += n
	}
	return dst, i
}

// PercentEncode returns s UTF-8 percent-encoded with set (the spec's "UTF-8
// percent-encode"). Invalid UTF-8 bytes are encoded as U+FFFD, %EF%BF%BD.
// With ComponentSet the result equals JavaScript's encodeURIComponent(s).
func PercentEncode(s string, set EncodeSet) string {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf || set.has(s[i]) { // every set holds non-ASCII
			return string(appendEncoded(make([]byte, 0, len(s)+16), s, set))
		}
	}
	return s
}

// PercentDecode returns the spec's percent-decoding of s: each %XX with two
// hex digits becomes the byte XX; a % without two hex digits after it stays
// as it is. The result is bytes in a string and need not be valid UTF-8.
func PercentDecode(s string) string {
	i := strings.IndexByte(s, '%')
	if i < 0 {
		return s
	}
	return string(percent.AppendDecode(make([]byte, 0, len(s)), s))
}

// The Encoding Standard's encoders and their tables (internal/encoding,
// with the x/text glue below: about 130 KB of a program) are reached from
// the parser only through legacyHooks, which only (*Parser).Parse installs,
// when its Parser has an Encoding. The linker keeps what a program's calls
// can reach, whatever the values at run time: Parse, ParseRef, URL.Parse,
// CanParse and the setters never reach useLegacyEncodings, so a program
// that parses only with them links none of it. EncodeFormIn calls the
// encoders directly, as only a program that calls it reaches them.

// legacyHooks are the parser's entries to the legacy encoders.
type legacyHooks struct {
	standard    func(encoding.Encoding) *whatwg.Encoding // standardEncoding
	output      func(encoding.Encoding) outputEncoding   // getOutputEncoding
	appendAfter func(dst []byte, s string, o outputEncoding, set EncodeSet, spaceAsPlus bool) []byte
}

var (
	legacy     atomic.Pointer[legacyHooks] // nil until useLegacyEncodings
	legacyImpl = legacyHooks{standardEncoding, getOutputEncoding, appendEncodedAfter}
)

// useLegacyEncodings installs the legacy encoders for the parser. A parse
// whose Parser has an Encoding calls it first, so that the parser's reads
// of legacy (which happen only when it has an encoding) see it.
func useLegacyEncodings() {
	if legacy.Load() == nil {
		legacy.Store(&legacyImpl)
	}
}

// isStandardEncoding reports whether enc is one of the Encoding Standard's
// encodings, which write ASCII as UTF-8 does (the fast path's condition).
func isStandardEncoding(enc encoding.Encoding) bool {
	h := legacy.Load()
	return h != nil && h.standard(enc) != nil
}

// outputEncoding is an encoding override after the spec's "get an output
// encoding", ready for "percent-encode after encoding". The zero value is
// UTF-8, which takes the UTF-8 percent-encoder instead.
type outputEncoding struct {
	std   *whatwg.Encoding  // one of the Encoding Standard's, not UTF-8
	other encoding.Encoding // an encoding the standard does not define
}

func (o outputEncoding) isUTF8() bool { return o.std == nil && o.other == nil }

// getOutputEncoding resolves an x/text encoding: one of the Encoding
// Standard's is encoded by internal/encoding, exactly as the standard says,
// after "get an output encoding" (UTF-8 for replacement, UTF-16BE and
// UTF-16LE); any other encoding goes through its own x/text encoder.
func getOutputEncoding(enc encoding.Encoding) outputEncoding {
	if enc == nil {
		return outputEncoding{}
	}
	std := standardEncoding(enc)
	if std == nil {
		return outputEncoding{other: enc}
	}
	if std = std.Output(); std.Name() == "UTF-8" {
		return outputEncoding{}
	}
	return outputEncoding{std: std}
}

// standardEncoding returns the Encoding Standard's encoding that enc is, or
// nil. It knows x/text's encodings, as htmlindex and x/net/html/charset
// return them, by the names their String methods give, and replacement,
// which has none, by its value. htmlindex.Name would tell the same (the
// tests check every x/text encoding against it), but importing htmlindex
// links every x/text table, about 0.9 MB, into each program that parses a
// URL, and the MIB that x/text's ID methods return has a type in an
// internal package of x/text, which no interface here can name.
func standardEncoding(enc encoding.Encoding) *whatwg.Encoding {
	if enc == encoding.Replacement { // false without a panic for other types
		return whatwg.Lookup("replacement")
	}
	if s, ok := enc.(interface{ String() string }); ok {
		if e := xtextEncodings()[s.String()]; e != nil {
			return e
		}
	}
	if inner := wrappedEncoding(enc); inner != nil {
		return standardEncoding(inner)
	}
	return nil
}

// wrappedEncoding returns the encoding that enc wraps, when enc is a
// struct (or a pointer to one) whose one field is an embedded
// encoding.Encoding, or nil. golang.org/x/net/html/charset's Lookup and
// DetermineEncoding return such wrappers, whose encoders write an
// unencodable code point as an HTML character reference instead of
// failing: the URL Standard's %26%23N%3B needs the failure.
func wrappedEncoding(enc encoding.Encoding) encoding.Encoding {
	v := reflect.ValueOf(enc)
	if v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return nil
		}
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct || v.NumField() != 1 || !v.Type().Field(0).Anonymous || !v.Type().Field(0).IsExported() {
		return nil
	}
	inner, _ := v.Field(0).Interface().(encoding.Encoding)
	return inner
}

// xtextEncodings maps the names of x/text's encodings to the standard's
// encodings: a map lookup costs less than a Lookup of the name. It is
// built on first use, so that a program does no work for it at start-up.
func xtextEncodings() map[string]*whatwg.Encoding {
	xtextMap.once.Do(func() {
		m := make(map[string]*whatwg.Encoding, len(xtextNames))
		for _, n := range xtextNames {
			m[n.xtext] = whatwg.Lookup(n.name)
		}
		xtextMap.m = m
	})
	return xtextMap.m
}

var xtextMap struct {
	once sync.Once
	m    map[string]*whatwg.Encoding
}

// xtextNames pairs the name of each x/text encoding that htmlindex.Get
// returns with the standard's name of the same encoding. Only those are
// here: x/text's ISO 8859-1, for one, is not windows-1252.
var xtextNames = [...]struct{ xtext, name string }{
	{"UTF-8", "UTF-8"},
	{"IBM Code Page 866", "IBM866"},
	{"ISO 8859-2", "ISO-8859-2"},
	{"ISO 8859-3", "ISO-8859-3"},
	{"ISO 8859-4", "ISO-8859-4"},
	{"ISO 8859-5", "ISO-8859-5"},
	{"ISO 8859-6", "ISO-8859-6"},
	{"ISO 8859-7", "ISO-8859-7"},
	{"ISO 8859-8", "ISO-8859-8"},
	{"ISO-8859-8I", "ISO-8859-8-I"},
	{"ISO 8859-10", "ISO-8859-10"},
	{"ISO 8859-13", "ISO-8859-13"},
	{"ISO 8859-14", "ISO-8859-14"},
	{"ISO 8859-15", "ISO-8859-15"},
	{"ISO 8859-16", "ISO-8859-16"},
	{"KOI8-R", "KOI8-R"},
	{"KOI8-U", "KOI8-U"},
	{"Macintosh", "macintosh"},
	{"Windows 874", "windows-874"},
	{"Windows 1250", "windows-1250"},
	{"Windows 1251", "windows-1251"},
	{"Windows 1252", "windows-1252"},
	{"Windows 1253", "windows-1253"},
	{"Windows 1254", "windows-1254"},
	{"Windows 1255", "windows-1255"},
	{"Windows 1256", "windows-1256"},
	{"Windows 1257", "windows-1257"},
	{"Windows 1258", "windows-1258"},
	{"Macintosh Cyrillic", "x-mac-cyrillic"},
	{"GBK", "GBK"},
	{"GB18030", "gb18030"},
	{"Big5", "Big5"},
	{"EUC-JP", "EUC-JP"},
	{"ISO-2022-JP", "ISO-2022-JP"},
	{"Shift JIS", "Shift_JIS"},
	{"EUC-KR", "EUC-KR"},
	{"UTF-16BE (Ignore BOM)", "UTF-16BE"},
	{"UTF-16LE (Ignore BOM)", "UTF-16LE"},
	{"X-User-Defined", "x-user-defined"},
}

// appendEncodedAfter appends the spec's "percent-encode after encoding" of
// s with o, which is not UTF-8: s is encoded, the bytes that set holds are
// percent-encoded (a space as '+' when spaceAsPlus, as the
// application/x-www-form-urlencoded set asks), and a code point o cannot
// encode is written as %26%23N%3B. Invalid UTF-8 counts as U+FFFD, one byte
// at a time, as everywhere in the parser.
func appendEncodedAfter(dst []byte, s string, o outputEncoding, set EncodeSet, spaceAsPlus bool) []byte {
	if o.std == nil {
		return appendEncodedOther(dst, s, o.other, set, spaceAsPlus)
	}
	// Step 3: one encoder for all of s, whose state (ISO-2022-JP's) lasts
	// across errors, as "encode or fail" runs it again and again.
	e := o.std.NewEncoder()
	for len(s) > 0 {
		// Step 7: encode or fail, then percent-encode what it gave and
		// write the error's code point, if any.
		start := len(dst)
		var n int
		var bad rune
		var ok bool
		dst, n, bad, ok = e.AppendString(dst, s)
		dst = percentEncodeTail(dst, start, set, spaceAsPlus)
		s = s[n:]
		if !ok {
			dst = appendCharRef(dst, bad)
		}
	}
	// End-of-queue: ISO-2022-JP's return to ASCII.
	start := len(dst)
	dst = e.Finish(dst)
	return percentEncodeTail(dst, start, set, spaceAsPlus)
}

// appendCharRef appends the spec's "%26%23", r in decimal and "%3B".
func appendCharRef(dst []byte, r rune) []byte {
	dst = append(dst, "%26%23"...)
	dst = strconv.AppendInt(dst, int64(r), 10)
	return append(dst, "%3B"...)
}

// percentEncodeTail percent-encodes in place the bytes dst[start:] that an
// encoder has just appended: step 7.3 of "percent-encode after encoding".
// It works from the end, so that no second buffer is needed.
func percentEncodeTail(dst []byte, start int, set EncodeSet, spaceAsPlus bool) []byte {
	k := 0 // bytes that become %XX
	for _, b := range dst[start:] {
		if set.has(b) && !(spaceAsPlus && b == ' ') {
			k++
		}
	}
	if k == 0 && !spaceAsPlus {
		return dst
	}
	end := len(dst)
	dst = slices.Grow(dst, 2*k)[:end+2*k]
	j := len(dst) - 1
	for i := end - 1; i >= start; i-- {
		switch b := dst[i]; {
		case spaceAsPlus && b == ' ':
			dst[j] = '+'
			j--
		case set.has(b):
			dst[j-2], dst[j-1], dst[j] = '%', upperHex[b>>4], upperHex[b&15]
			j -= 3
		default:
			dst[j] = b
			j--
		}
	}
	return dst
}

// appendEncodedOther is appendEncodedAfter for an encoding the Encoding
// Standard does not define, through its x/text encoder. As "encode or
// fail" asks, one transformer takes all of s and is not reset after an
// error, so that a stateful encoder keeps its state: the code point it
// fails on is written as %26%23N%3B and encoding goes on after it.
func appendEncodedOther(dst []byte, s string, enc encoding.Encoding, set EncodeSet, spaceAsPlus bool) []byte {
	e := enc.NewEncoder()
	if e == nil || e.Transformer == nil { // a broken encoding: take UTF-8
		return appendEncodedAfter(dst, s, outputEncoding{std: whatwg.Lookup("UTF-8")}, set, spaceAsPlus)
	}
	src := []byte(s)
	if !utf8.Valid(src) {
		src = appendUTF8Replaced(nil, s)
	}
	var buf [256]byte
	for {
		nDst, nSrc, err := e.Transform(buf[:], src, true)
		nDst, nSrc = min(max(nDst, 0), len(buf)), min(max(nSrc, 0), len(src)) // a faulty encoder must not make us panic
		start := len(dst)
		dst = append(dst, buf[:nDst]...)
		dst = percentEncodeTail(dst, start, set, spaceAsPlus)
		src = src[nSrc:]
		if err == nil {
			return dst
		}
		if err == transform.ErrShortDst && nDst+nSrc > 0 {
			continue
		}
		// Any other error stops at a code point the encoder cannot take.
		if len(src) == 0 {
			return dst
		}
		r, n := utf8.DecodeRune(src)
		dst = appendCharRef(dst, r)
		src = src[n:]
	}
}

// appendUTF8Replaced appends s with each byte that is not part of valid
// UTF-8 replaced by U+FFFD, as the parser reads such bytes.
func appendUTF8Replaced(dst []byte, s string) []byte {
	for _, r := range s {
		dst = utf8.AppendRune(dst, r)
	}
	return dst
}
