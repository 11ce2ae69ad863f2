package weburl

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/net/html/charset"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
)

func TestPercentEncode(t *testing.T) {
	for _, c := range []struct {
		in   string
		set  EncodeSet
		want string
	}{
		// JavaScript's encodeURIComponent gives these with ComponentSet.
		{"a b&c=d/é", ComponentSet, "a%20b%26c%3Dd%2F%C3%A9"},
		{"-_.!~*'()", ComponentSet, "-_.!~*'()"},
		{"100%", ComponentSet, "100%25"},
		{"😀", ComponentSet, "%F0%9F%98%80"},
		// The form set leaves only alphanumerics and *-._ as they are.
		{"a~b!c'(d)", FormURLEncodedSet, "a%7Eb%21c%27%28d%29"},
		{"a b", PathSet, "a%20b"},
		{"a?b^c{}", PathSet, "a%3Fb%5Ec%7B%7D"},
		{"a?b", QuerySet, "a?b"},
		{"'", QuerySet, "'"},
		{"'", SpecialQuerySet, "%27"},
		{"`", FragmentSet, "%60"},
		{"`", QuerySet, "`"},
		{"\x00\x1f\x7f", C0ControlSet, "%00%1F%7F"},
		// A byte that is not UTF-8 is U+FFFD.
		{"a\xffb", C0ControlSet, "a%EF%BF%BDb"},
		{"abc", C0ControlSet, "abc"},
		{"", ComponentSet, ""},
		{"a b", 0, "a b"}, // the zero set: only non-ASCII
		{"é", 0, "%C3%A9"},
	} {
		if got := PercentEncode(c.in, c.set); got != c.want {
			t.Errorf("PercentEncode(%q, %d) = %q, want %q", c.in, c.set, got, c.want)
		}
	}
}

func TestPercentDecode(t *testing.T) {
	for in, want := range map[string]string{
		"%41%42":     "AB",
		"%4":         "%4",
		"%zz%41":     "%zzA",
		"%%41":       "%A",
		"100%":       "100%",
		"%C3%A9":     "é",
		"%ff":        "\xff", // bytes, not UTF-8 decoded
		"a+b":        "a+b",  // + is not a space here
		"no percent": "no percent",
		"%2e%2E":     "..",
	} {
		if got := PercentDecode(in); got != want {
			t.Errorf("PercentDecode(%q) = %q, want %q", in, got, want)
		}
	}
}

func mustEncoding(t testing.TB, label string) encoding.Encoding {
	t.Helper()
	enc, err := htmlindex.Get(label)
	if err != nil {
		t.Fatalf("htmlindex.Get(%q): %v", label, err)
	}
	return enc
}

// TestParseLegacyEncoding checks the query of a special URL in legacy
// encodings, through Parser.Parse. The bytes are worked out by hand from the
// Encoding Standard's index files (pointer, then the encoder's steps).
func TestParseLegacyEncoding(t *testing.T) {
	for _, c := range []struct {
		label, query, want string
	}{
		// ISO-2022-JP: ¥ switches to Roman (1B 28 4A, then 5C); € fails
		// without changing the state, so the end-of-queue switches back.
		{"iso-2022-jp", "\u00a5\u20ac", "%1B(J\\%26%238364%3B%1B(B"},
		// U+000E, U+000F and U+001B are errors reported as U+FFFD.
		{"iso-2022-jp", "a\x0eb\x0fc\x1bd", "a%26%2365533%3Bb%26%2365533%3Bc%26%2365533%3Bd"},
		// In jis0208, ESC first switches back to ASCII, then fails.
		// 漢 is pointer 1818: 1818/94 = 19, 1818%94 = 32, so 34 41.
		{"iso-2022-jp", "\u6f22\x1b", "%1B$B4A%1B(B%26%2365533%3B"},
		// 日 3569 (46 7C), 本 4007 (4B 5C); one escape into jis0208.
		{"iso-2022-jp", "\u65e5\u672c", "%1B$BF|K\\%1B(B"},
		// Half-width ｱ: katakana index 16 is U+30A2, jis0208 pointer 377
		// (25 22), and the query set encodes only the quotation mark.
		{"iso-2022-jp", "\uff71", "%1B$B%%22%1B(B"},
		// An error in jis0208 switches back to ASCII first (step 11).
		{"iso-2022-jp", "\u65e5\u20ac\u65e5", "%1B$BF|%1B(B%26%238364%3B%1B$BF|%1B(B"},

		// "get an output encoding": UTF-8 for these.
		{"utf-16be", "\u00e9\u20ac", "%C3%A9%E2%82%AC"},
		{"utf-16le", "\u00e9\u20ac", "%C3%A9%E2%82%AC"},
		{"iso-2022-kr", "\u00e9\u20ac", "%C3%A9%E2%82%AC"}, // a label of replacement
		{"utf-8", "\u00e9\xff", "%C3%A9%EF%BF%BD"},

		// windows-1252: pointers 1, 13, 15, 16 and 29 are U+0081, U+008D,
		// U+008F, U+0090 and U+009D; 0 is €; U+0080, U+0082 and U+009F
		// are in no entry.
		{"windows-1252", "\u0080\u0081\u0082\u008d\u008f\u0090\u009d\u009f\u20ac", "%26%23128%3B%81%26%23130%3B%8D%8F%90%9D%26%23159%3B%80"},
		{"windows-1252", "caf\u00e9 cr\u00e8me", "caf%E9%20cr%E8me"},
		{"windows-1252", "\xff", "%26%2365533%3B"},
		{"iso-8859-2", "\u0080\u009f", "%80%9F"}, // the index maps C1 controls to themselves

		// gb18030: U+E5E5 fails (step 3); ḿ is pointer 7533: 7533/190 = 39,
		// 7533%190 = 123, so A8 BC. Four bytes from index gb18030 ranges:
		// U+0080 is pointer 0 (81 30 81 30), U+FFFD 39394+23 = 39417
		// (84 31 A4 37), U+1F600 189000+0xF600 = 251976 (94 39 FC 36).
		{"gb18030", "\ue5e5", "%26%2358853%3B"},
		{"gb18030", "\u1e3f", "%A8%BC"},
		{"gb18030", "\u4e2d", "%D6%D0"}, // 16293: 85, 143
		{"gb18030", "\u0080", "%810%810"},
		{"gb18030", "\xff", "%841%A47"},
		{"gb18030", "\U0001f600", "%949%FC6"},
		{"gbk", "\u1e3f\u20ac\U0001f600", "%A8%BC%80%26%23128512%3B"},

		// Shift_JIS: U+2212 is U+FF0D, pointer 60 (81 7C); ¥ is 5C; 日
		// 3569 (93 FA), 本 4007 (96 7B).
		{"shift_jis", "\u2212", "%81|"},
		{"shift_jis", "\u00a5\u0080", "\\%80"},
		{"shift_jis", "\u65e5\u672c", "%93%FA%96{"},
		{"euc-jp", "\u65e5\u00a5\uff71", "%C6%FC\\%8E%B1"},
		// Big5: U+5029 is at pointers 7007 and 19028; the first wins,
		// 7007/157 = 44, 7007%157 = 99: AD C5.
		{"big5", "\u5029", "%AD%C5"},
		{"euc-kr", "\u672c", "%DC%E2"}, // 17451: 91, 161
		{"x-user-defined", "\uf780\u00e9", "%80%26%23233%3B"},
	} {
		p := Parser{Encoding: mustEncoding(t, c.label)}
		u, err := p.Parse("https://example.com/?"+c.query+"#\u00e9", nil)
		if err != nil {
			t.Errorf("%s %+q: %v", c.label, c.query, err)
			continue
		}
		if got := u.Search(); got != "?"+c.want {
			t.Errorf("%s %+q: search %q, want %q", c.label, c.query, got, "?"+c.want)
		}
		if got := u.Hash(); got != "#%C3%A9" {
			t.Errorf("%s %+q: hash %q, want UTF-8", c.label, c.query, got)
		}
	}
}

// TestParseLegacyEncodingScope checks where the encoding does not apply:
// URLs that are not special, ws and wss, and the other components.
func TestParseLegacyEncodingScope(t *testing.T) {
	p := Parser{Encoding: mustEncoding(t, "shift_jis")}
	for in, want := range map[string]string{
		"sc://h/\u65e5?\u65e5":    "sc://h/%E6%97%A5?%E6%97%A5",
		"ws://h/?\u65e5":          "ws://h/?%E6%97%A5",
		"wss://h/?\u65e5":         "wss://h/?%E6%97%A5",
		"http://h/\u65e5?\u65e5":  "http://h/%E6%97%A5?%93%FA",
		"file:///\u65e5?\u65e5#x": "file:///%E6%97%A5?%93%FA#x",
		"https://h/?a b\"#<>'":    "https://h/?a%20b%22#%3C%3E'",
	} {
		u, err := p.Parse(in, nil)
		if err != nil || u.Href() != want {
			t.Errorf("%+q: got %v, %v; want %q", in, u, err, want)
		}
	}
	// Relative references against a base take the encoding too.
	base, _ := Parse("https://example.com/a")
	if u, err := p.Parse("?\u672c", base); err != nil || u.Search() != "?%96{" {
		t.Errorf("relative: %v, %v", u, err)
	}
}

// TestParseOtherEncoding checks an encoding the Encoding Standard does not
// define: its own x/text encoder is used, state and all.
func TestParseOtherEncoding(t *testing.T) {
	for _, c := range []struct {
		name  string
		enc   encoding.Encoding
		query string
		want  string
	}{
		// Code page 437: é is 82; it has no €.
		{"cp437", charmap.CodePage437, "\u00e9\u20ac", "%82%26%238364%3B"},
		// ISO 8859-1 is not windows-1252 here: it has no €.
		{"iso-8859-1", charmap.ISO8859_1, "\u00e9\u20ac", "%E9%26%238364%3B"},
		// UTF-16 with a byte order mark: FE FF, then 00 61.
		{"utf-16 bom", unicode.UTF16(unicode.BigEndian, unicode.UseBOM), "a", "%FE%FF%00a"},
		// A stateful encoder keeps its state across an error: β and γ need
		// no new shift out, and the end of input shifts in.
		{"stateful", shiftOut{}, "\u03b1\u03b2\u20ac\u03b3!\u03b4", "%0EAB%26%238364%3BC%0F!%0ED%0F"},
		{"stateful at the end", shiftOut{}, "\u03b1\u20ac", "%0EA%26%238364%3B%0F"},
		{"stateful invalid UTF-8", shiftOut{}, "a\xffb", "a%26%2365533%3Bb"},
		// An encoding without an encoder counts as UTF-8, without a panic.
		{"no encoder", noEncoder{}, "\u00e9", "%C3%A9"},
		// More output than the buffer of one Transform call.
		{"stateful long", shiftOut{}, strings.Repeat("\u03b1", 300), "%0E" + strings.Repeat("A", 300) + "%0F"},
	} {
		p := Parser{Encoding: c.enc}
		u, err := p.Parse("https://example.com/?"+c.query, nil)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if got := u.Search(); got != "?"+c.want {
			t.Errorf("%s: search %q, want %q", c.name, got, "?"+c.want)
		}
	}
}

// TestStandardEncoding checks that every x/text encoding is known as the
// same encoding of the standard as htmlindex.Name says (and the others are
// not known), so that the names standardEncoding relies on stay right.
func TestStandardEncoding(t *testing.T) {
	var all []encoding.Encoding
	for _, list := range [][]encoding.Encoding{charmap.All, japanese.All, korean.All, simplifiedchinese.All, traditionalchinese.All, unicode.All} {
		all = append(all, list...)
	}
	all = append(all, encoding.Replacement, encoding.Nop, unicode.UTF8BOM,
		unicode.UTF16(unicode.BigEndian, unicode.ExpectBOM), unicode.UTF16(unicode.LittleEndian, unicode.UseBOM))
	for _, label := range []string{"utf-16le", "iso-8859-8-i", "x-mac-cyrillic", "x-user-defined", "replacement"} {
		enc, err := htmlindex.Get(label)
		if err != nil {
			t.Fatalf("htmlindex.Get(%q): %v", label, err)
		}
		all = append(all, enc)
	}
	known := map[string]bool{}
	for _, enc := range all {
		want, err := htmlindex.Name(enc)
		got := standardEncoding(enc)
		switch {
		case err != nil && got != nil:
			t.Errorf("%v: known as %s, but htmlindex.Name: %v", enc, got.Name(), err)
		case err == nil && got == nil:
			t.Errorf("%v: not known, htmlindex.Name gives %q", enc, want)
		case err == nil && !strings.EqualFold(got.Name(), want):
			t.Errorf("%v: known as %s, htmlindex.Name gives %q", enc, got.Name(), want)
		case err == nil:
			known[want] = true
		}
	}
	if len(known) != 40 {
		t.Errorf("%d encodings known, want the standard's 40", len(known))
	}
}

// noEncoder is a broken encoding: its NewEncoder returns nil.
type noEncoder struct{}

func (noEncoder) NewDecoder() *encoding.Decoder { return nil }
func (noEncoder) NewEncoder() *encoding.Encoder { return nil }

// shiftOut is a stateful encoding for TestParseOtherEncoding: ASCII as it
// is, the Greek small letters α–ω as 0x41 and up after one 0x0E (shift
// out), and 0x0F (shift in) before ASCII and at the end; anything else
// is an error.
type shiftOut struct{}

func (shiftOut) NewDecoder() *encoding.Decoder {
	return &encoding.Decoder{Transformer: transform.Nop}
}

func (shiftOut) NewEncoder() *encoding.Encoder {
	return &encoding.Encoder{Transformer: new(shiftOutEncoder)}
}

type shiftOutEncoder struct{ out bool }

func (e *shiftOutEncoder) Reset() { e.out = false }

func (e *shiftOutEncoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for nSrc < len(src) {
		r, n := utf8.DecodeRune(src[nSrc:])
		var b []byte
		switch {
		case r < utf8.RuneSelf && e.out:
			b = []byte{0x0F, byte(r)}
		case r < utf8.RuneSelf:
			b = []byte{byte(r)}
		case 'α' <= r && r <= 'ω' && e.out:
			b = []byte{byte(r-'α') + 0x41}
		case 'α' <= r && r <= 'ω':
			b = []byte{0x0E, byte(r-'α') + 0x41}
		default:
			return nDst, nSrc, errors.New("shiftOut: cannot encode")
		}
		if nDst+len(b) > len(dst) {
			return nDst, nSrc, transform.ErrShortDst
		}
		nDst += copy(dst[nDst:], b)
		nSrc += n
		e.out = r >= utf8.RuneSelf
	}
	if atEOF && e.out {
		if nDst >= len(dst) {
			return nDst, nSrc, transform.ErrShortDst
		}
		dst[nDst] = 0x0F
		nDst++
		e.out = false
	}
	return nDst, nSrc, nil
}

// TestParseLegacyEncodingValidation checks that an encoding changes no
// validation error: the query state checks the same code points.
func TestParseLegacyEncodingValidation(t *testing.T) {
	enc := mustEncoding(t, "iso-2022-jp")
	for _, in := range []string{
		"https://h/?a b%zz\x01\u00a5#f g",
		"https://h/?\xff\u65e5%4#",
		"http://h/?%\u00e9",
		"https://h/?",
		"https://h?q\t=1",
	} {
		var plain, encoded []string
		for _, p := range []struct {
			enc  encoding.Encoding
			errs *[]string
		}{{nil, &plain}, {enc, &encoded}} {
			errs := p.errs
			parser := Parser{Encoding: p.enc, OnValidationError: func(e ValidationError) {
				*errs = append(*errs, e.String())
			}}
			if _, err := parser.Parse(in, nil); err != nil {
				t.Errorf("%+q: %v", in, err)
			}
		}
		if strings.Join(plain, " ") != strings.Join(encoded, " ") {
			t.Errorf("%+q: errors %q with ISO-2022-JP, %q without", in, encoded, plain)
		}
		if len(plain) == 0 && in != "https://h/?" {
			t.Errorf("%+q: no validation error", in)
		}
	}
}

// TestEncodedOutputIsASCII feeds every encoding random strings, from ASCII,
// C0 controls and invalid UTF-8 to astral code points: the result must be
// ASCII with only the bytes that the set leaves as they are, whatever the
// encoder's state, and no input may panic.
func TestEncodedOutputIsASCII(t *testing.T) {
	pick := []string{"a", " ", "#", "%", "'", "\\", "~", "\x00", "\x0e", "\x0f", "\x1b", "\x7f", "\xff", "\xe3\x81",
		"\u00a5", "\u00e9", "\u0080", "\u203e", "\u2212", "\u20ac", "\u3042", "\u65e5", "\ue5e5", "\uf780", "\uff71", "\ufffd", "\U0001f600"}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, label := range []string{"utf-8", "ibm866", "iso-8859-2", "iso-8859-8-i", "koi8-u", "macintosh", "windows-874",
		"windows-1252", "windows-1258", "x-mac-cyrillic", "gbk", "gb18030", "big5", "euc-jp", "iso-2022-jp",
		"shift_jis", "euc-kr", "x-user-defined", "utf-16be", "replacement"} {
		out := getOutputEncoding(mustEncoding(t, label))
		for range 200 {
			var b strings.Builder
			for range rng.IntN(12) {
				b.WriteString(pick[rng.IntN(len(pick))])
			}
			in := b.String()
			for _, c := range []struct {
				set  EncodeSet
				plus bool
			}{{SpecialQuerySet, false}, {FormURLEncodedSet, true}} {
				var got string
				if out.isUTF8() {
					got = PercentEncode(in, c.set)
				} else {
					got = string(appendEncodedAfter(nil, in, out, c.set, c.plus))
				}
				for i := 0; i < len(got); i++ {
					if x := got[i]; x >= 0x80 || c.set.has(x) && x != '%' && !(c.plus && x == '+') {
						t.Fatalf("%s %+q: %q has byte %#x raw", label, in, got, x)
					}
				}
			}
		}
	}
}

// golang.org/x/net/html/charset wraps the encodings it returns, and their
// encoders write &#N; instead of failing: the parser looks through the
// wrapper to the standard's encoding, so a crawler may pass what charset
// gives it.
func TestCharsetWrappedEncodings(t *testing.T) {
	for label, want := range map[string]string{
		"shift_jis":    "?q=%83e%26%238364%3B",
		"windows-1252": "?q=%26%2312486%3B%80",
		"gbk":          "?q=%A5%C6%80",
		"utf-8":        "?q=%E3%83%86%E2%82%AC",
		"iso-2022-jp":  "?q=%1B$B%F%1B(B%26%238364%3B", // 0x25 0x46 is テ; % is not in the set
	} {
		enc, _ := charset.Lookup(label)
		if enc == nil {
			t.Fatalf("charset.Lookup(%q) = nil", label)
		}
		u, err := (&Parser{Encoding: enc}).Parse("https://e.jp/?q=テ€", nil)
		if err != nil || u.Search() != want {
			t.Errorf("%s: %v, %v; want search %q", label, u, err, want)
		}
	}
}
