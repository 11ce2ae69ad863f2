package encoding

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/weburl/weburl/internal/shareddata"
)

// The checks in this file read the Encoding Standard's own files (index
// files and encodings.json) from $WEBURL_ENCODING_DIR, else
// ../shared/encoding beside the module root, and compare the package with
// a second implementation written here: plain maps built from the index
// files and the encoder algorithms step by step, "restore" and all.
// Without the files they are skipped, unless WEBURL_ENCODING_REQUIRED=1
// makes that a failure.

func encodingDir(t testing.TB) string {
	t.Helper()
	dir, err := shareddata.Dir("WEBURL_ENCODING_DIR", "encoding")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "encodings.json")); err != nil {
		msg := "Encoding Standard data not found in " + dir +
			": set WEBURL_ENCODING_DIR to a folder with its index files and encodings.json"
		if os.Getenv("WEBURL_ENCODING_REQUIRED") == "1" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	return dir
}

type refEntry struct {
	pointer int
	cp      rune
}

// ref is the standard's data as the tests read it.
type ref struct {
	index     map[string][]refEntry // by index name, as in the file names
	labels    []byte                // encodings.json
	sbIndex   map[string]string     // single-byte encoding name → index name
	pointer   map[string]map[rune]int
	big5Last  map[rune]int // last pointer of each code point in index Big5, pointers ≥ 5024
	big5First map[rune]int // first pointer, pointers ≥ 5024
	sjis      map[rune]int // first pointer in index jis0208 outside 8272–8835
}

var (
	refOnce sync.Once
	refData *ref
	refErr  error
)

func loadRef(t testing.TB) *ref {
	t.Helper()
	dir := encodingDir(t)
	refOnce.Do(func() { refData, refErr = readRef(dir) })
	if refErr != nil {
		t.Fatal(refErr)
	}
	return refData
}

// readIndexFile reads an index as the standard's "Indexes" section says.
func readIndexFile(dir, name string) ([]refEntry, error) {
	data, err := os.ReadFile(filepath.Join(dir, "index-"+name+".txt"))
	if err != nil {
		return nil, err
	}
	var out []refEntry
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		p, err1 := strconv.Atoi(strings.TrimSpace(f[0]))
		c, err2 := strconv.ParseInt(strings.TrimPrefix(f[1], "0x"), 16, 32)
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("index-%s.txt: bad line %q", name, line)
		}
		out = append(out, refEntry{p, rune(c)})
	}
	return out, nil
}

func readRef(dir string) (*ref, error) {
	r := &ref{
		index:     map[string][]refEntry{},
		sbIndex:   map[string]string{},
		pointer:   map[string]map[rune]int{},
		big5Last:  map[rune]int{},
		big5First: map[rune]int{},
		sjis:      map[rune]int{},
	}
	var err error
	if r.labels, err = os.ReadFile(filepath.Join(dir, "encodings.json")); err != nil {
		return nil, err
	}
	var lf []struct {
		Heading   string
		Encodings []struct{ Name string }
	}
	if err := json.Unmarshal(r.labels, &lf); err != nil {
		return nil, err
	}
	names := []string{"big5", "euc-kr", "gb18030", "gb18030-ranges", "jis0208", "iso-2022-jp-katakana"}
	for _, h := range lf {
		if h.Heading != "Legacy single-byte encodings" {
			continue
		}
		for _, e := range h.Encodings {
			ix := strings.ToLower(e.Name)
			if ix == "iso-8859-8-i" {
				ix = "iso-8859-8"
			}
			r.sbIndex[e.Name] = ix
			names = append(names, ix)
		}
	}
	for _, n := range names {
		if r.index[n], err = readIndexFile(dir, n); err != nil {
			return nil, err
		}
		// "index pointer": the first pointer of a code point.
		m := map[rune]int{}
		for _, e := range r.index[n] {
			if _, ok := m[e.cp]; !ok {
				m[e.cp] = e.pointer
			}
		}
		r.pointer[n] = m
	}
	for _, e := range r.index["big5"] {
		if e.pointer < (0xA1-0x81)*157 {
			continue
		}
		r.big5Last[e.cp] = e.pointer
		if _, ok := r.big5First[e.cp]; !ok {
			r.big5First[e.cp] = e.pointer
		}
	}
	for _, e := range r.index["jis0208"] {
		if 8272 <= e.pointer && e.pointer <= 8835 {
			continue
		}
		if _, ok := r.sjis[e.cp]; !ok {
			r.sjis[e.cp] = e.pointer
		}
	}
	return r, nil
}

// indexPointer is "index pointer"; ok is false for null.
func (r *ref) indexPointer(index string, cp rune) (int, bool) {
	p, ok := r.pointer[index][cp]
	return p, ok
}

// big5Pointer is "index Big5 pointer".
func (r *ref) big5Pointer(cp rune) (int, bool) {
	switch cp {
	case 0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345:
		p, ok := r.big5Last[cp]
		return p, ok
	}
	p, ok := r.big5First[cp]
	return p, ok
}

// gb18030RangesPointer is "index gb18030 ranges pointer".
func (r *ref) gb18030RangesPointer(cp rune) int {
	if cp == 0xE7C7 {
		return 7457
	}
	// "the last code point in index gb18030 ranges that is less than or
	// equal to codePoint" (the file lists them in increasing order, which
	// TestReferenceTables checks).
	rs := r.index["gb18030-ranges"]
	for i := len(rs) - 1; ; i-- {
		if rs[i].cp <= cp {
			return rs[i].pointer + int(cp-rs[i].cp)
		}
	}
}

const endOfQueue rune = -1

// refQueue is an I/O queue of code points: the item being handled can be
// restored to its front.
type refQueue struct {
	items []rune
}

func (q *refQueue) read() rune {
	if len(q.items) == 0 {
		return endOfQueue
	}
	r := q.items[0]
	q.items = q.items[1:]
	return r
}

func (q *refQueue) restore(r rune) { q.items = append([]rune{r}, q.items...) }

type resultKind int

const (
	resFinished resultKind = iota
	resBytes
	resError
)

type refResult struct {
	kind  resultKind
	bytes []byte
	cp    rune // error's code point
}

func bytesResult(b ...byte) refResult { return refResult{kind: resBytes, bytes: b} }
func errorResult(cp rune) refResult   { return refResult{kind: resError, cp: cp} }

// refEncoder is an encoder instance: its encoding's name and its state.
type refEncoder struct {
	r     *ref
	name  string
	isGBK bool
	state iso2022JPState
}

func isASCII(cp rune) bool { return 0 <= cp && cp <= 0x7F }

// handler is the encoder's handler, step by step as the standard says.
func (e *refEncoder) handler(q *refQueue, cp rune) refResult {
	r := e.r
	switch e.name {
	case "UTF-8":
		if cp == endOfQueue {
			return refResult{}
		}
		if isASCII(cp) {
			return bytesResult(byte(cp))
		}
		var count, offset int
		switch {
		case cp <= 0x7FF:
			count, offset = 1, 0xC0
		case cp <= 0xFFFF:
			count, offset = 2, 0xE0
		default:
			count, offset = 3, 0xF0
		}
		b := []byte{byte(int(cp>>(6*count)) + offset)}
		for count > 0 {
			temp := cp >> (6 * (count - 1))
			b = append(b, byte(0x80|(temp&0x3F)))
			count--
		}
		return bytesResult(b...)

	case "GBK", "gb18030":
		if cp == endOfQueue {
			return refResult{}
		}
		if isASCII(cp) {
			return bytesResult(byte(cp))
		}
		if cp == 0xE5E5 {
			return errorResult(cp)
		}
		if e.isGBK && cp == 0x20AC {
			return bytesResult(0x80)
		}
		if b, ok := gb18030Table[cp]; ok {
			return bytesResult(b[0], b[1])
		}
		if pointer, ok := r.indexPointer("gb18030", cp); ok {
			leading := pointer/190 + 0x81
			trailing := pointer % 190
			offset := 0x41
			if trailing < 0x3F {
				offset = 0x40
			}
			return bytesResult(byte(leading), byte(trailing+offset))
		}
		if e.isGBK {
			return errorResult(cp)
		}
		pointer := r.gb18030RangesPointer(cp)
		byte1 := pointer / (10 * 126 * 10)
		pointer = pointer % (10 * 126 * 10)
		byte2 := pointer / (10 * 126)
		pointer = pointer % (10 * 126)
		byte3 := pointer / 10
		byte4 := pointer % 10
		return bytesResult(byte(byte1+0x81), byte(byte2+0x30), byte(byte3+0x81), byte(byte4+0x30))

	case "Big5":
		if cp == endOfQueue {
			return refResult{}
		}
		if isASCII(cp) {
			return bytesResult(byte(cp))
		}
		pointer, ok := r.big5Pointer(cp)
		if !ok {
			return errorResult(cp)
		}
		leading := pointer/157 + 0x81
		trailing := pointer % 157
		offset := 0x62
		if trailing < 0x3F {
			offset = 0x40
		}
		return bytesResult(byte(leading), byte(trailing+offset))

	case "EUC-JP":
		if cp == endOfQueue {
			return refResult{}
		}
		if isASCII(cp) {
			return bytesResult(byte(cp))
		}
		if cp == 0xA5 {
			return bytesResult(0x5C)
		}
		if cp == 0x203E {
			return bytesResult(0x7E)
		}
		if 0xFF61 <= cp && cp <= 0xFF9F {
			return bytesResult(0x8E, byte(cp-0xFF61+0xA1))
		}
		if cp == 0x2212 {
			cp = 0xFF0D
		}
		pointer, ok := r.indexPointer("jis0208", cp)
		if !ok {
			return errorResult(cp)
		}
		return bytesResult(byte(pointer/94+0xA1), byte(pointer%94+0xA1))

	case "ISO-2022-JP":
		if cp == endOfQueue && e.state != stateASCII {
			e.state = stateASCII
			return bytesResult(0x1B, 0x28, 0x42)
		}
		if cp == endOfQueue && e.state == stateASCII {
			return refResult{}
		}
		if (e.state == stateASCII || e.state == stateRoman) && (cp == 0x0E || cp == 0x0F || cp == 0x1B) {
			return errorResult(0xFFFD)
		}
		if e.state == stateASCII && isASCII(cp) {
			return bytesResult(byte(cp))
		}
		if e.state == stateRoman && (isASCII(cp) && cp != 0x5C && cp != 0x7E || cp == 0xA5 || cp == 0x203E) {
			if isASCII(cp) {
				return bytesResult(byte(cp))
			}
			if cp == 0xA5 {
				return bytesResult(0x5C)
			}
			if cp == 0x203E {
				return bytesResult(0x7E)
			}
		}
		if isASCII(cp) && e.state != stateASCII {
			q.restore(cp)
			e.state = stateASCII
			return bytesResult(0x1B, 0x28, 0x42)
		}
		if (cp == 0xA5 || cp == 0x203E) && e.state != stateRoman {
			q.restore(cp)
			e.state = stateRoman
			return bytesResult(0x1B, 0x28, 0x4A)
		}
		if cp == 0x2212 {
			cp = 0xFF0D
		}
		if 0xFF61 <= cp && cp <= 0xFF9F {
			c, _ := r.indexCodePoint("iso-2022-jp-katakana", int(cp-0xFF61))
			cp = c
		}
		pointer, ok := r.indexPointer("jis0208", cp)
		if !ok {
			if e.state == stateJIS0208 {
				q.restore(cp)
				e.state = stateASCII
				return bytesResult(0x1B, 0x28, 0x42)
			}
			return errorResult(cp)
		}
		if e.state != stateJIS0208 {
			q.restore(cp)
			e.state = stateJIS0208
			return bytesResult(0x1B, 0x24, 0x42)
		}
		return bytesResult(byte(pointer/94+0x21), byte(pointer%94+0x21))

	case "Shift_JIS":
		if cp == endOfQueue {
			return refResult{}
		}
		if isASCII(cp) || cp == 0x80 {
			return bytesResult(byte(cp))
		}
		if cp == 0xA5 {
			return bytesResult(0x5C)
		}
		if cp == 0x203E {
			return bytesResult(0x7E)
		}
		if 0xFF61 <= cp && cp <= 0xFF9F {
			return bytesResult(byte(cp - 0xFF61 + 0xA1))
		}
		if cp == 0x2212 {
			cp = 0xFF0D
		}
		pointer, ok := r.sjis[cp] // "index Shift_JIS pointer"
		if !ok {
			return errorResult(cp)
		}
		leading := pointer / 188
		leadingOffset := 0xC1
		if leading < 0x1F {
			leadingOffset = 0x81
		}
		trailing := pointer % 188
		offset := 0x41
		if trailing < 0x3F {
			offset = 0x40
		}
		return bytesResult(byte(leading+leadingOffset), byte(trailing+offset))

	case "EUC-KR":
		if cp == endOfQueue {
			return refResult{}
		}
		if isASCII(cp) {
			return bytesResult(byte(cp))
		}
		pointer, ok := r.indexPointer("euc-kr", cp)
		if !ok {
			return errorResult(cp)
		}
		return bytesResult(byte(pointer/190+0x81), byte(pointer%190+0x41))

	case "x-user-defined":
		if cp == endOfQueue {
			return refResult{}
		}
		if isASCII(cp) {
			return bytesResult(byte(cp))
		}
		if 0xF780 <= cp && cp <= 0xF7FF {
			return bytesResult(byte(cp - 0xF780 + 0x80))
		}
		return errorResult(cp)
	}

	// single-byte encoder.
	if cp == endOfQueue {
		return refResult{}
	}
	if isASCII(cp) {
		return bytesResult(byte(cp))
	}
	ix, ok := r.sbIndex[e.name]
	if !ok {
		panic("no encoder for " + e.name)
	}
	pointer, ok := r.indexPointer(ix, cp)
	if !ok {
		return errorResult(cp)
	}
	return bytesResult(byte(pointer + 0x80))
}

// indexCodePoint is "index code point".
func (r *ref) indexCodePoint(index string, pointer int) (rune, bool) {
	for _, e := range r.index[index] {
		if e.pointer == pointer {
			return e.cp, true
		}
	}
	return 0, false
}

// gb18030Table is the table of the gb18030 encoder's step 5.
var gb18030Table = map[rune][2]byte{
	0xE78D: {0xA6, 0xD9}, 0xE78E: {0xA6, 0xDA}, 0xE78F: {0xA6, 0xDB}, 0xE790: {0xA6, 0xDC},
	0xE791: {0xA6, 0xDD}, 0xE792: {0xA6, 0xDE}, 0xE793: {0xA6, 0xDF}, 0xE794: {0xA6, 0xEC},
	0xE795: {0xA6, 0xED}, 0xE796: {0xA6, 0xF3}, 0xE81E: {0xFE, 0x59}, 0xE826: {0xFE, 0x61},
	0xE82B: {0xFE, 0x66}, 0xE82C: {0xFE, 0x67}, 0xE832: {0xFE, 0x6D}, 0xE843: {0xFE, 0x7E},
	0xE854: {0xFE, 0x90}, 0xE864: {0xFE, 0xA0},
}

func (r *ref) newEncoder(name string) *refEncoder {
	return &refEncoder{r: r, name: name, isGBK: name == "GBK"}
}

// processItem is "process an item" for one code point read from q, error
// mode "fatal": it returns the bytes and, on an error, its code point.
// ok is false after an error.
func (e *refEncoder) processItem(q *refQueue, out []byte) (_ []byte, bad rune, ok, finished bool) {
	res := e.handler(q, q.read())
	switch res.kind {
	case resFinished:
		return out, 0, true, true
	case resError:
		return out, res.cp, false, false
	}
	return append(out, res.bytes...), 0, true, false
}

// encodeOne runs cp through the encoder until the queue [cp] is empty,
// the way "encode or fail" would before reading end-of-queue.
func (e *refEncoder) encodeOne(cp rune, out []byte) ([]byte, rune, bool) {
	q := &refQueue{items: []rune{cp}}
	for len(q.items) > 0 {
		var bad rune
		var ok bool
		out, bad, ok, _ = e.processItem(q, out)
		if !ok {
			return out, bad, false
		}
	}
	return out, 0, true
}

// encodeHTML is the standard's "encode": "process a queue" with error
// mode "html".
func (e *refEncoder) encodeHTML(s string) []byte {
	q := &refQueue{items: []rune(s)}
	var out []byte
	for {
		var bad rune
		var ok, finished bool
		out, bad, ok, finished = e.processItem(q, out)
		if finished {
			return out
		}
		if !ok {
			out = fmt.Appendf(out, "&#%d;", bad)
		}
	}
}

// TestReferenceTables checks that the generated tables hold exactly the
// standard's index files and label table.
func TestReferenceTables(t *testing.T) {
	r := loadRef(t)
	check := func(name string, got, want []refEntry) {
		t.Helper()
		if !reflect.DeepEqual(got, want) {
			t.Errorf("index %s: the table differs from the file (%d entries, file %d)", name, len(got), len(want))
		}
	}
	collect := func(x *packedIndex) []refEntry {
		var out []refEntry
		x.each(func(p int, cp rune) { out = append(out, refEntry{p, cp}) })
		return out
	}
	check("jis0208", collect(&jis0208Index), r.index["jis0208"])
	check("euc-kr", collect(&eucKRIndex), r.index["euc-kr"])
	check("gb18030", collect(&gb18030Index), r.index["gb18030"])
	var big5 []refEntry
	for _, e := range r.index["big5"] {
		if e.pointer >= 5024 {
			big5 = append(big5, e)
		}
	}
	check("big5", collect(&big5Index), big5)
	var ranges, kana []refEntry
	for _, g := range gb18030Ranges {
		ranges = append(ranges, refEntry{int(g.pointer), rune(g.cp)})
	}
	check("gb18030-ranges", ranges, r.index["gb18030-ranges"])
	for i, cp := range iso2022JPKatakana {
		kana = append(kana, refEntry{i, rune(cp)})
	}
	check("iso-2022-jp-katakana", kana, r.index["iso-2022-jp-katakana"])
	rs := r.index["gb18030-ranges"]
	for i := 1; i < len(rs); i++ {
		if rs[i].cp <= rs[i-1].cp || rs[i].pointer <= rs[i-1].pointer {
			t.Errorf("index gb18030 ranges out of order at %d", i)
		}
	}
	for name, ix := range r.sbIndex {
		var got []refEntry
		sb := Lookup(name).sb
		for p := 0; p < 128; p++ {
			if cp := rune(sb.fwd[2*p])<<8 | rune(sb.fwd[2*p+1]); cp != 0 {
				got = append(got, refEntry{p, cp})
			}
		}
		check(ix+" ("+name+")", got, r.index[ix])
	}

	// Labels: every label of encodings.json, and no other.
	var lf []struct {
		Encodings []struct {
			Name   string
			Labels []string
		}
	}
	if err := json.Unmarshal(r.labels, &lf); err != nil {
		t.Fatal(err)
	}
	n, i := 0, 0
	for _, h := range lf {
		for _, e := range h.Encodings {
			if i >= len(encodings) || encodings[i].name != e.Name {
				t.Errorf("encoding %d is %q in encodings.json", i, e.Name)
			}
			i++
			for _, l := range e.Labels {
				n++
				if got, ok := LabelToName(l); !ok || got != e.Name {
					t.Errorf("label %q: %q, want %q", l, got, e.Name)
				}
			}
		}
	}
	if n != len(labels) || i != len(encodings) {
		t.Errorf("%d labels and %d encodings in the package, %d and %d in encodings.json", len(labels), len(encodings), n, i)
	}
}

// TestReferenceIndexRoundTrip encodes the code point of every entry of
// every index file the encoders use and checks that the bytes stand for
// the pointer the standard's encoder picks: the entry's own pointer, or
// for a code point with several, the first, the Big5 or Shift_JIS rule's
// choice, or none (Big5 pointers below 5024 with no other pointer).
func TestReferenceIndexRoundTrip(t *testing.T) {
	r := loadRef(t)
	uses := map[string][]string{
		"jis0208": {"EUC-JP", "ISO-2022-JP", "Shift_JIS"},
		"big5":    {"Big5"},
		"euc-kr":  {"EUC-KR"},
		"gb18030": {"gb18030", "GBK"},
	}
	for name, ix := range r.sbIndex {
		uses[ix] = append(uses[ix], name)
	}
	for ix, names := range uses {
		for _, name := range names {
			e := Lookup(name)
			own, other, none := 0, 0, 0
			for _, ent := range r.index[ix] {
				var want int
				var ok bool
				switch name {
				case "Big5":
					want, ok = r.big5Pointer(ent.cp)
				case "Shift_JIS":
					want, ok = r.sjis[ent.cp]
				default:
					want, ok = r.indexPointer(ix, ent.cp)
				}
				b, encoded := encodeOne(e, ent.cp)
				switch {
				case name == "GBK" && ent.cp == 0x20AC: // GBK encoder step 4
					if string(b) != "\x80" {
						t.Errorf("GBK: U+20AC gives % X", b)
					}
					other++
				case !ok:
					if encoded {
						t.Errorf("%s: pointer %d U+%04X gives % X, want an error", name, ent.pointer, ent.cp, b)
					}
					none++
				case pointerOf(name, b) != want:
					t.Errorf("%s: pointer %d U+%04X gives % X, want pointer %d", name, ent.pointer, ent.cp, b, want)
				case want == ent.pointer:
					own++
				default:
					other++
				}
			}
			t.Logf("%-14s index %-14s %5d entries: %5d give their pointer, %3d another, %4d none", name, ix, len(r.index[ix]), own, other, none)
		}
	}
}

// sweepStep is the stride of the exhaustive sweeps: 1, every code point,
// except in -short mode and under the race detector, where the sweep
// would take minutes and checks nothing about concurrency: there it takes
// every 61st code point above U+FFFF and all below.
func sweepStep() rune {
	if testing.Short() || raceEnabled {
		return 61
	}
	return 1
}

// TestReferenceEveryCodePoint compares every scalar value, encoded with
// every encoding (ISO-2022-JP from each of its three states), with the
// second implementation: bytes, error and its code point, and state.
func TestReferenceEveryCodePoint(t *testing.T) {
	r := loadRef(t)
	step := sweepStep()
	if step != 1 {
		t.Logf("short mode or race detector: above U+FFFF every %dth code point only", step)
	}
	for _, name := range encoderEncodings() {
		states := []iso2022JPState{stateASCII}
		if name == "ISO-2022-JP" {
			states = append(states, stateRoman, stateJIS0208)
		}
		t.Run(name, func(t *testing.T) {
			e := Lookup(name)
			checked, errs, failures := 0, 0, 0
			var got, want []byte
			for _, st := range states {
				for cp := rune(0); cp <= utf8.MaxRune; cp++ {
					if cp == 0xD800 {
						cp = 0xE000
					}
					if cp > 0xFFFF && step > 1 && cp%step != 0 {
						continue
					}
					enc := e.NewEncoder()
					enc.state = st
					renc := r.newEncoder(name)
					renc.state = st
					var bad, rbad rune
					var ok, rok bool
					got, bad, ok = enc.AppendRune(got[:0], cp)
					want, rbad, rok = renc.encodeOne(cp, want[:0])
					checked++
					if !rok {
						errs++
					}
					if ok != rok || bad != rbad || !bytes.Equal(got, want) || enc.state != renc.state {
						failures++
						if failures <= 10 {
							t.Errorf("state %d U+%04X: got % X ok=%v error U+%04X state %d; want % X ok=%v error U+%04X state %d",
								st, cp, got, ok, bad, enc.state, want, rok, rbad, renc.state)
						}
					}
				}
				// End-of-queue from this state.
				enc := e.NewEncoder()
				enc.state = st
				renc := r.newEncoder(name)
				renc.state = st
				q := &refQueue{}
				var fin []byte
				for {
					res := renc.handler(q, endOfQueue)
					if res.kind == resFinished {
						break
					}
					fin = append(fin, res.bytes...)
				}
				if got := enc.Finish(nil); !bytes.Equal(got, fin) {
					t.Errorf("state %d: Finish gives % X, want % X", st, got, fin)
				}
			}
			if failures > 10 {
				t.Errorf("%d differences in all", failures)
			}
			t.Logf("%d code points checked, %d of them errors", checked, errs)
		})
	}
}

// TestReferenceStrings compares whole strings, encoded with error mode
// "html", with the second implementation: random mixes of code points
// that make ISO-2022-JP change state, and of each encoding's interesting
// code points. The seed is fixed.
func TestReferenceStrings(t *testing.T) {
	r := loadRef(t)
	rng := rand.New(rand.NewPCG(12, 2022))
	pool := []rune{'a', 'Z', ' ', '\\', '~', 0x0E, 0x0F, 0x1B, 0x80, 0xA5, 0x203E, 0x2212, 0xFF0D,
		0xFF61, 0xFF71, 0xFF9F, 0x6F22, 0x7E8A, 0x20AC, 0xE5E5, 0x1E3F, 0xE7C7, 0xAC00, 0x5029,
		0x2550, 0x5341, 0x43F0, 0xF780, 0xFFFD, 0x10000, 0x10FFFF, 0x00E9, 0x0410, 0x3000}
	for _, name := range encoderEncodings() {
		e := Lookup(name)
		for range 300 {
			s := make([]rune, rng.IntN(12))
			for i := range s {
				if rng.IntN(4) == 0 {
					s[i] = rune(rng.IntN(0x30000))
					if 0xD800 <= s[i] && s[i] <= 0xDFFF {
						s[i] = 0xFFFD
					}
				} else {
					s[i] = pool[rng.IntN(len(pool))]
				}
			}
			want := r.newEncoder(name).encodeHTML(string(s))
			got := e.AppendEncoded(nil, string(s)) // through AppendString
			enc := e.NewEncoder()
			var byRune []byte
			for _, c := range s {
				var bad rune
				var ok bool
				if byRune, bad, ok = enc.AppendRune(byRune, c); !ok {
					byRune = fmt.Appendf(byRune, "&#%d;", bad)
				}
			}
			byRune = enc.Finish(byRune)
			if !bytes.Equal(got, want) || !bytes.Equal(byRune, want) {
				t.Errorf("%s %+q: AppendEncoded %q, AppendRune %q, want %q", name, string(s), got, byRune, want)
			}
		}
	}
}

// TestReferenceHandCases runs the hand-worked cases through the second
// implementation too, so that both agree with the text of the standard.
func TestReferenceHandCases(t *testing.T) {
	r := loadRef(t)
	for _, c := range handCases {
		if got := r.newEncoder(Lookup(c.enc).Output().Name()).encodeHTML(strings.ToValidUTF8(c.in, "\uFFFD")); string(got) != c.want {
			t.Errorf("%s %+q: reference gives %q, want %q", c.enc, c.in, got, c.want)
		}
	}
}
