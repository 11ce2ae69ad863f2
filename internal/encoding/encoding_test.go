package encoding

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"testing"
)

// These tests need nothing outside the repository; reference_test.go adds
// the checks against the standard's own files.

// handCases are encodings worked out by hand from the standard's encoder
// algorithms and index files, written the way its "encode" (error mode
// "html") writes them.
var handCases = []struct {
	enc, in string
	want    string // bytes, written as a Go string
}{
	// Single-byte: the indexes map U+0080–U+009F where the encodings have
	// them, and nothing else.
	{"windows-1252", "\u0080\u20AC\u0081\u00FF", "&#128;\x80\x81\xFF"},
	{"windows-874", "\u20AC\u0E01", "\x80\xA1"},
	{"ISO-8859-2", "\u0080\u009F\u00A0", "\x80\x9F\xA0"},
	{"ISO-8859-8-I", "\u05D0", "\xE0"},
	{"KOI8-U", "\u0454", "\xA4"},
	{"KOI8-R", "\u0454", "&#1108;"},
	{"macintosh", "\uF8FF", "\xF0"},
	{"x-mac-cyrillic", "\u0410", "\x80"},
	{"x-user-defined", "a\uF780\uF7FF\u0080", "a\x80\xFF&#128;"},

	// gb18030 and GBK.
	{"gb18030", "\u20AC", "\xA2\xE3"},
	{"GBK", "\u20AC", "\x80"},                                                   // step 4
	{"gb18030", "\u1E3F", "\xA8\xBC"},                                           // GB18030-2005 change, in the index
	{"GBK", "\u1E3F", "\xA8\xBC"},                                               // …so GBK has it too
	{"gb18030", "\uE7C7", "\x81\x35\xF4\x37"},                                   // ranges pointer step 1
	{"GBK", "\uE7C7", "&#59335;"},                                               // not in index gb18030
	{"gb18030", "\uE5E5", "&#58853;"},                                           // step 3
	{"GBK", "\uE5E5", "&#58853;"},                                               //
	{"gb18030", "\uE78D\uE796\uE81E\uE864", "\xA6\xD9\xA6\xF3\xFE\x59\xFE\xA0"}, // step 5 table
	{"gb18030", "\u0080", "\x81\x30\x81\x30"},
	{"gb18030", "\U00010000\U0010FFFF", "\x90\x30\x81\x30\xE3\x32\x9A\x35"},
	{"GBK", "\U00010000", "&#65536;"},
	{"gb18030", "\u3000", "\xA1\xA1"}, // the first of its two pointers

	// Big5: "index Big5 pointer".
	{"Big5", "\u5029", "\xAD\xC5"},                                           // first of pointers 7007 and 19028
	{"Big5", "\u3003\u256D", "\xA1\xB2\xA2\x7E"},                             // first pointers
	{"Big5", "\u2550\u255E\u2561\u256A", "\xF9\xF9\xF9\xE9\xF9\xEB\xF9\xEA"}, // last pointers
	{"Big5", "\u5341\u5345", "\xA4\x51\xA4\xCA"},                             // last pointers
	{"Big5", "\u43F0", "&#17392;"},                                           // HKSCS, pointer 942 only

	// EUC-JP.
	{"EUC-JP", "\u00A5\u203E\u2212\uFF71", "\x5C\x7E\xA1\xDD\x8E\xB1"},
	{"EUC-JP", "\u7E8A", "\xF9\xA1"}, // pointer 8272, which Shift_JIS excludes
	{"EUC-JP", "\u4E02", "&#19970;"}, // JIS X 0212 only: decoded, never encoded
	{"EUC-JP", "\u0080", "&#128;"},

	// Shift_JIS.
	{"Shift_JIS", "\u0080\u00A5\u203E\u2212\uFF71", "\x80\x5C\x7E\x81\x7C\xB1"},
	{"Shift_JIS", "\u7E8A", "\xFA\x5C"}, // pointer 10744, not 8272
	{"Shift_JIS", "\uFFE2", "\x81\xCA"},

	// EUC-KR.
	{"EUC-KR", "\uAC00", "\xB0\xA1"},

	// ISO-2022-JP.
	{"ISO-2022-JP", "\u00A5\u20AC", "\x1B(J\x5C&#8364;\x1B(B"}, // the state outlasts the error
	{"ISO-2022-JP", "a\u203Eb\\", "a\x1B(J\x7Eb\x1B(B\\"},
	{"ISO-2022-JP", "\x0E\x0F\x1B", "&#65533;&#65533;&#65533;"},
	{"ISO-2022-JP", "\u00A5\x1B", "\x1B(J\x5C&#65533;\x1B(B"},
	{"ISO-2022-JP", "\u6F22\x1B", "\x1B$B\x34\x41\x1B(B&#65533;"},
	{"ISO-2022-JP", "\uFF71", "\x1B$B\x25\x22\x1B(B"}, // via index ISO-2022-JP katakana
	{"ISO-2022-JP", "\u2212", "\x1B$B\x21\x5D\x1B(B"},
	{"ISO-2022-JP", "\u6F22\u20AC\u6F22", "\x1B$B\x34\x41\x1B(B&#8364;\x1B$B\x34\x41\x1B(B"},
	{"ISO-2022-JP", "\u7E8A", "\x1B$B\x79\x21\x1B(B"},

	// Output encodings, and UTF-8.
	{"UTF-16BE", "\u00E9", "\xC3\xA9"},
	{"UTF-16LE", "\u00E9", "\xC3\xA9"},
	{"replacement", "\u00E9", "\xC3\xA9"},
	{"UTF-8", "a\u00E9\U0010FFFF", "a\xC3\xA9\xF4\x8F\xBF\xBF"},
	{"UTF-8", "\xFF", "\xEF\xBF\xBD"}, // invalid UTF-8 counts as U+FFFD
	{"windows-1252", "\xFF", "&#65533;"},
}

func TestHandCases(t *testing.T) {
	for _, c := range handCases {
		e := Lookup(c.enc)
		if e == nil {
			t.Fatalf("Lookup(%q) = nil", c.enc)
		}
		if got := e.AppendEncoded(nil, c.in); string(got) != c.want {
			t.Errorf("%s %+q: got %q, want %q", c.enc, c.in, got, c.want)
		}
	}
}

func TestAppendRune(t *testing.T) {
	enc := Lookup("ISO-2022-JP").NewEncoder()
	out, bad, ok := enc.AppendRune([]byte("x"), 0xA5)
	if string(out) != "x\x1B(J\x5C" || !ok || bad != 0 {
		t.Errorf("¥: %q %v %v", out, bad, ok)
	}
	// An error appends nothing and keeps the state, as "encode or fail"
	// returns without end-of-queue.
	out, bad, ok = enc.AppendRune(nil, 0x20AC)
	if len(out) != 0 || ok || bad != 0x20AC {
		t.Errorf("€: %q %v %v", out, bad, ok)
	}
	if got := enc.Finish(nil); string(got) != "\x1B(B" {
		t.Errorf("Finish: %q", got)
	}
	if got := enc.Finish(nil); len(got) != 0 {
		t.Errorf("second Finish: %q", got)
	}
	// An error in the jis0208 state emits the switch to ASCII first.
	enc.AppendRune(nil, 0x6F22)
	out, bad, ok = enc.AppendRune(nil, 0x20AC)
	if string(out) != "\x1B(B" || ok || bad != 0x20AC {
		t.Errorf("€ after 漢: %q %v %v", out, bad, ok)
	}
	// The encoder is a value: a copy keeps the state it had.
	enc.AppendRune(nil, 0xA5)
	saved := enc
	enc.Finish(nil)
	if got := saved.Finish(nil); string(got) != "\x1B(B" {
		t.Errorf("copy's Finish: %q", got)
	}

	// Not scalar values: U+FFFD.
	for _, r := range []rune{-1, 0xD800, 0xDFFF, 0x110000, 0x7FFFFFFF, -0x80000000} {
		var zero Encoder
		if out, bad, ok := zero.AppendRune(nil, r); string(out) != "\uFFFD" || !ok || bad != 0 {
			t.Errorf("UTF-8 %#x: %q %v %v", r, out, bad, ok)
		}
		for _, name := range []string{"windows-1252", "Shift_JIS", "ISO-2022-JP", "x-user-defined"} {
			enc := Lookup(name).NewEncoder()
			if out, bad, ok := enc.AppendRune(nil, r); len(out) != 0 || ok || bad != 0xFFFD {
				t.Errorf("%s %#x: %q %#x %v", name, r, out, bad, ok)
			}
		}
		enc := Lookup("gb18030").NewEncoder()
		if out, _, ok := enc.AppendRune(nil, r); string(out) != "\x84\x31\xA4\x37" || !ok {
			t.Errorf("gb18030 %#x: %q %v", r, out, ok)
		}
	}
}

func TestAppendString(t *testing.T) {
	enc := Lookup("ISO-2022-JP").NewEncoder()
	s := "a\u00A5b\u20AC\xFFc"
	out, n, bad, ok := enc.AppendString(nil, s)
	if string(out) != "a\x1B(J\x5Cb" || n != len("a\u00A5b\u20AC") || bad != 0x20AC || ok {
		t.Fatalf("first call: %q %d %#x %v", out, n, bad, ok)
	}
	s = s[n:]
	out, n, bad, ok = enc.AppendString(out[:0], s)
	if string(out) != "" || n != 1 || bad != 0xFFFD || ok {
		t.Fatalf("second call: %q %d %#x %v", out, n, bad, ok)
	}
	s = s[n:]
	out, n, bad, ok = enc.AppendString(out[:0], s)
	if string(out) != "c" || n != 1 || bad != 0 || !ok {
		t.Fatalf("third call: %q %d %#x %v", out, n, bad, ok)
	}
	if out = enc.Finish(out[:0]); string(out) != "\x1B(B" {
		t.Fatalf("Finish: %q", out)
	}

	// The same as AppendRune, rune by rune, for every encoding.
	for _, name := range encoderEncodings() {
		for _, c := range handCases {
			if Lookup(c.enc).Output().Name() != name {
				continue
			}
			e1, e2 := Lookup(name).NewEncoder(), Lookup(name).NewEncoder()
			var got, want []byte
			for rest := c.in; len(rest) > 0; {
				var n int
				var bad rune
				var ok bool
				got, n, bad, ok = e1.AppendString(got, rest)
				if !ok {
					got = fmt.Appendf(got, "&#%d;", bad)
				}
				rest = rest[n:]
			}
			for _, r := range c.in {
				var bad rune
				var ok bool
				want, bad, ok = e2.AppendRune(want, r)
				if !ok {
					want = fmt.Appendf(want, "&#%d;", bad)
				}
			}
			got, want = e1.Finish(got), e2.Finish(want)
			if !bytes.Equal(got, want) || string(got) != c.want {
				t.Errorf("%s %+q: AppendString %q, AppendRune %q, want %q", name, c.in, got, want, c.want)
			}
		}
	}
	var zero Encoder
	if out, n, _, ok := zero.AppendString(nil, ""); len(out) != 0 || n != 0 || !ok {
		t.Errorf("empty string: %q %d %v", out, n, ok)
	}
}

func TestZeroValues(t *testing.T) {
	var enc Encoder
	if out, _, ok := enc.AppendRune(nil, 'é'); string(out) != "é" || !ok {
		t.Errorf("zero Encoder: %q", out)
	}
	if out := enc.Finish([]byte("a")); string(out) != "a" {
		t.Errorf("zero Encoder Finish: %q", out)
	}
	var nilEnc *Encoding
	var zeroEnc Encoding
	for _, e := range []*Encoding{nilEnc, &zeroEnc} {
		if e.Name() != "UTF-8" || e.Output() != Lookup("UTF-8") {
			t.Errorf("%v: name %q", e, e.Name())
		}
		if got := e.AppendEncoded(nil, "é"); string(got) != "é" {
			t.Errorf("%v: %q", e, got)
		}
	}
}

func TestLookup(t *testing.T) {
	names := 0
	for i := range encodings {
		e := &encodings[i]
		for _, n := range []string{e.name, strings.ToLower(e.name), strings.ToUpper(e.name)} {
			if Lookup(n) != e {
				t.Errorf("Lookup(%q) = %v", n, Lookup(n))
			}
		}
		names++
	}
	if names != 40 {
		t.Errorf("%d encodings, want the standard's 40", names)
	}
	for _, n := range []string{"", "utf8", " UTF-8", "\u212AOI8-R", "shift-jis", "x-user-defined-and-more-than-twenty-four"} {
		if e := Lookup(n); e != nil {
			t.Errorf("Lookup(%q) = %s", n, e.Name())
		}
	}
	for _, c := range []struct{ name, output string }{
		{"UTF-16BE", "UTF-8"}, {"UTF-16LE", "UTF-8"}, {"replacement", "UTF-8"},
		{"UTF-8", "UTF-8"}, {"GBK", "GBK"}, {"ISO-8859-8-I", "ISO-8859-8-I"},
	} {
		if got := Lookup(c.name).Output().Name(); got != c.output {
			t.Errorf("%s output encoding %s, want %s", c.name, got, c.output)
		}
	}
}

func TestLabels(t *testing.T) {
	for _, c := range []struct{ label, name string }{
		{"utf8", "UTF-8"},
		{" \t\n\f\rLATIN1\r\n", "windows-1252"},
		{"ascii", "windows-1252"},
		{"iso-8859-1", "windows-1252"},
		{"sjis", "Shift_JIS"},
		{"x-sjis", "Shift_JIS"},
		{"csiso2022jp", "ISO-2022-JP"},
		{"gb2312", "GBK"},
		{"GB18030", "gb18030"},
		{"big5-hkscs", "Big5"},
		{"korean", "EUC-KR"},
		{"iso-2022-kr", "replacement"},
		{"unicodefffe", "UTF-16BE"},
		{"utf-16", "UTF-16LE"},
		{"iso-8859-8-i", "ISO-8859-8-I"},
		{"logical", "ISO-8859-8-I"},
		{"x-user-defined", "x-user-defined"},
	} {
		if got, ok := LabelToName(c.label); got != c.name || !ok {
			t.Errorf("LabelToName(%q) = %q, %v; want %q", c.label, got, ok, c.name)
		}
	}
	for _, l := range []string{"", " ", "utf-7", "\u00A0utf-8", "utf-8\v", "\u212Aoi8-r", "iso-8859-1x", "a very long label, longer than any"} {
		if got, ok := LabelToName(l); ok {
			t.Errorf("LabelToName(%q) = %q", l, got)
		}
	}
	// Every label's lower-cased name is one of its labels (a note of the
	// standard), and the table is sorted.
	for i := range encodings {
		if LookupLabel(strings.ToLower(encodings[i].name)) != &encodings[i] {
			t.Errorf("%s: its lower-cased name is not its label", encodings[i].name)
		}
	}
	for i := 1; i < len(labels); i++ {
		if labels[i-1].label >= labels[i].label {
			t.Fatalf("labels out of order at %q", labels[i].label)
		}
	}
	if len(labels) != 228 {
		t.Errorf("%d labels, want 228", len(labels))
	}
}

// encoderEncodings lists the names of the encodings with an encoder.
func encoderEncodings() []string {
	var names []string
	for i := range encodings {
		if encodings[i].Output() == &encodings[i] {
			names = append(names, encodings[i].name)
		}
	}
	return names
}

// pointerOf decodes the bytes the encoder of name gave for one code point
// back to a pointer, by the formulas of the standard's decoders. It
// returns -1 for bytes that are not one index pointer.
func pointerOf(name string, b []byte) int {
	switch name {
	case "Big5":
		if len(b) == 2 {
			off := 0x62
			if b[1] < 0x7F {
				off = 0x40
			}
			return (int(b[0])-0x81)*157 + int(b[1]) - off
		}
	case "EUC-KR":
		if len(b) == 2 {
			return (int(b[0])-0x81)*190 + int(b[1]) - 0x41
		}
	case "gb18030", "GBK":
		if len(b) == 2 {
			off := 0x41
			if b[1] < 0x7F {
				off = 0x40
			}
			return (int(b[0])-0x81)*190 + int(b[1]) - off
		}
	case "EUC-JP":
		if len(b) == 2 && b[0] != 0x8E {
			return (int(b[0])-0xA1)*94 + int(b[1]) - 0xA1
		}
	case "ISO-2022-JP":
		if len(b) == 8 && string(b[:3]) == "\x1B$B" && string(b[5:]) == "\x1B(B" {
			return (int(b[3])-0x21)*94 + int(b[4]) - 0x21
		}
	case "Shift_JIS":
		if len(b) == 2 {
			lo, off := 0xC1, 0x41
			if b[0] < 0xA0 {
				lo = 0x81
			}
			if b[1] < 0x7F {
				off = 0x40
			}
			return (int(b[0])-lo)*188 + int(b[1]) - off
		}
	default: // single-byte
		if len(b) == 1 && b[0] >= 0x80 {
			return int(b[0]) - 0x80
		}
	}
	return -1
}

// encodeOne encodes r alone, end-of-queue included.
func encodeOne(e *Encoding, r rune) ([]byte, bool) {
	enc := e.NewEncoder()
	out, _, ok := enc.AppendRune(nil, r)
	return enc.Finish(out), ok
}

// TestEmbeddedIndexRoundTrip checks every entry of the tables compiled
// into the package: encoding its code point gives its pointer, or, for a
// code point with several pointers, the one the standard's rule picks
// (found here with a plain map, apart from the package's reverse tables).
// reference_test.go checks the tables against the index files.
func TestEmbeddedIndexRoundTrip(t *testing.T) {
	type indexUse struct {
		each func(func(p int, cp rune))
		encs []string
	}
	uses := []indexUse{
		{jis0208Index.each, []string{"EUC-JP", "ISO-2022-JP", "Shift_JIS"}},
		{big5Index.each, []string{"Big5"}},
		{eucKRIndex.each, []string{"EUC-KR"}},
		{gb18030Index.each, []string{"gb18030", "GBK"}},
	}
	for i := range encodings {
		if sb := encodings[i].sb; sb != nil {
			uses = append(uses, indexUse{func(f func(int, rune)) {
				for p := 0; p < 128; p++ {
					if cp := rune(sb.fwd[2*p])<<8 | rune(sb.fwd[2*p+1]); cp != 0 {
						f(p, cp)
					}
				}
			}, []string{encodings[i].name}})
		}
	}
	for _, u := range uses {
		for _, name := range u.encs {
			e := Lookup(name)
			want := map[rune]int{}
			u.each(func(p int, cp rune) {
				q, seen := want[cp]
				switch {
				case !seen:
					want[cp] = p
				case name == "Big5" && strings.ContainsRune("\u2550\u255E\u2561\u256A\u5341\u5345", cp):
					want[cp] = p // the last pointer
				case name == "Shift_JIS" && 8272 <= q && q <= 8835 && (p < 8272 || p > 8835):
					want[cp] = p // the first pointer outside 8272–8835
				}
			})
			entries, exact := 0, 0
			u.each(func(p int, cp rune) {
				entries++
				b, ok := encodeOne(e, cp)
				if name == "GBK" && cp == 0x20AC { // GBK encoder step 4
					if string(b) != "\x80" {
						t.Errorf("GBK: U+20AC encodes as % X", b)
					}
					return
				}
				got := pointerOf(name, b)
				if name == "Shift_JIS" && 8272 <= want[cp] && want[cp] <= 8835 {
					t.Errorf("%s: U+%04X has only excluded pointers", name, cp)
				}
				if !ok || got != want[cp] {
					t.Errorf("%s: pointer %d U+%04X encodes as % X (pointer %d), want pointer %d", name, p, cp, b, got, want[cp])
				}
				if got == p {
					exact++
				}
			})
			t.Logf("%s: %d entries, %d to their own pointer", name, entries, exact)
		}
	}
}

// TestConcurrentFirstUse builds the lazy tables from many goroutines at
// once; the race detector checks the sync.Once use.
func TestConcurrentFirstUse(t *testing.T) {
	names := encoderEncodings()
	var wg sync.WaitGroup
	results := make([][]byte, 4*len(names))
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = Lookup(names[i%len(names)]).AppendEncoded(nil, "a\u00E9\u20AC\u6F22\uAC00\uFF71\u00A5")
		}()
	}
	wg.Wait()
	for i := range results {
		if !bytes.Equal(results[i], results[i%len(names)]) {
			t.Errorf("%s: %q, then %q", names[i%len(names)], results[i%len(names)], results[i])
		}
	}
}

func TestNoAllocations(t *testing.T) {
	text := []rune("aé€漢가ｱ¥‾−\u0080\U00020000\x1B")
	for _, name := range encoderEncodings() {
		enc := Lookup(name).NewEncoder()
		buf := make([]byte, 0, 256)
		run := func() {
			buf = buf[:0]
			for _, r := range text {
				buf, _, _ = enc.AppendRune(buf, r)
			}
			buf = enc.Finish(buf)
		}
		run() // builds the tables
		if n := testing.AllocsPerRun(20, run); n != 0 {
			t.Errorf("%s: %v allocations per run", name, n)
		}
	}
}

func TestIndexDate(t *testing.T) {
	if len(indexDate) != len("2006-01-02") {
		t.Errorf("indexDate %q", indexDate)
	}
}

func Example() {
	// The URL Standard's "percent-encode after encoding" for a special
	// URL's query: one encoder for the whole input, each error written as
	// a percent-encoded "&#N;", end-of-queue at the end.
	percentEncode := func(dst, b []byte) []byte {
		for _, c := range b {
			if c <= 0x20 || c >= 0x7F || strings.IndexByte("\"#<>'", c) >= 0 {
				dst = fmt.Appendf(dst, "%%%02X", c)
			} else {
				dst = append(dst, c)
			}
		}
		return dst
	}
	enc := Lookup("ISO-2022-JP").NewEncoder()
	var out, buf []byte
	for _, r := range "¥€" {
		var bad rune
		var ok bool
		buf, bad, ok = enc.AppendRune(buf[:0], r)
		out = percentEncode(out, buf)
		if !ok {
			out = fmt.Appendf(out, "%%26%%23%d%%3B", bad)
		}
	}
	out = percentEncode(out, enc.Finish(buf[:0]))
	fmt.Println(string(out))
	// Output: %1B(J\%26%238364%3B%1B(B
}
