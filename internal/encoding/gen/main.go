// Command gen writes tables.go (or the file -o names), the encoder tables
// of package encoding, from the Encoding Standard's index files and label
// table; "go generate" runs it in the package's folder.
//
// It reads the folder named by -dir, else $WEBURL_ENCODING_DIR, else
// ../shared/encoding next to the module root (see that folder's README).
// Run it with "go generate ./internal/encoding/".
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"go/format"
	"log"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/weburl/weburl/internal/shareddata"
)

// big5First is where the encoder's part of index Big5 starts: "index Big5
// pointer" excludes pointers below (0xA1 - 0x81) × 157, and this package
// only encodes, so the table leaves them out.
const big5First = (0xA1 - 0x81) * 157

func main() {
	log.SetFlags(0)
	log.SetPrefix("gen: ")
	dirFlag := flag.String("dir", "", "folder of the Encoding Standard data (default $WEBURL_ENCODING_DIR, else ../shared/encoding beside the module root)")
	outFlag := flag.String("o", "tables.go", "output file")
	flag.Parse()

	dir, err := dataDir(*dirFlag)
	if err != nil {
		log.Fatal(err)
	}
	src, err := generate(dir)
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(*outFlag, src, 0o644); err != nil {
		log.Fatal(err)
	}
}

func dataDir(flagDir string) (string, error) {
	if flagDir != "" {
		return flagDir, nil
	}
	dir, err := shareddata.Dir("WEBURL_ENCODING_DIR", "encoding")
	if err != nil {
		return "", fmt.Errorf("%v; use -dir", err)
	}
	return dir, nil
}

// entry is one line of an index file.
type entry struct {
	pointer int
	cp      rune
}

var dateLine = regexp.MustCompile(`(?m)^# Date: (\S+)$`)

// readIndex reads an index file the way the standard's "Indexes" section
// says: lines split on LF, empty and "#" lines dropped, fields split on TAB,
// a decimal pointer and a hexadecimal code point. It also returns the
// file's Date.
func readIndex(dir, name string) ([]entry, string, error) {
	data, err := os.ReadFile(filepath.Join(dir, "index-"+name+".txt"))
	if err != nil {
		return nil, "", err
	}
	m := dateLine.FindSubmatch(data)
	if m == nil {
		return nil, "", fmt.Errorf("index-%s.txt: no Date line", name)
	}
	var out []entry
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) < 2 {
			return nil, "", fmt.Errorf("index-%s.txt: bad line %q", name, line)
		}
		p, err := strconv.Atoi(strings.TrimSpace(f[0]))
		if err != nil {
			return nil, "", fmt.Errorf("index-%s.txt: %v", name, err)
		}
		c, err := strconv.ParseUint(strings.TrimPrefix(f[1], "0x"), 16, 32)
		if err != nil {
			return nil, "", fmt.Errorf("index-%s.txt: %v", name, err)
		}
		if n := len(out); n > 0 && out[n-1].pointer >= p {
			return nil, "", fmt.Errorf("index-%s.txt: pointers out of order at %d", name, p)
		}
		out = append(out, entry{p, rune(c)})
	}
	return out, string(m[1]), nil
}

type labelFile []struct {
	Heading   string `json:"heading"`
	Encodings []struct {
		Name   string   `json:"name"`
		Labels []string `json:"labels"`
	} `json:"encodings"`
}

// kinds maps the names of the standard's encodings other than the
// single-byte ones to the package's kind constants.
var kinds = map[string]string{
	"UTF-8":          "kindUTF8",
	"GBK":            "kindGBK",
	"gb18030":        "kindGB18030",
	"Big5":           "kindBig5",
	"EUC-JP":         "kindEUCJP",
	"ISO-2022-JP":    "kindISO2022JP",
	"Shift_JIS":      "kindShiftJIS",
	"EUC-KR":         "kindEUCKR",
	"replacement":    "kindReplacement",
	"UTF-16BE":       "kindUTF16BE",
	"UTF-16LE":       "kindUTF16LE",
	"x-user-defined": "kindXUserDefined",
}

type gen struct {
	dir   string
	dates map[string]bool
	buf   bytes.Buffer
	sizes []string
}

func (g *gen) printf(format string, args ...any) { fmt.Fprintf(&g.buf, format, args...) }

func (g *gen) index(name string) []entry {
	e, date, err := readIndex(g.dir, name)
	if err != nil {
		log.Fatal(err)
	}
	g.dates[date] = true
	return e
}

func generate(dir string) ([]byte, error) {
	g := &gen{dir: dir, dates: map[string]bool{}}

	data, err := os.ReadFile(filepath.Join(dir, "encodings.json"))
	if err != nil {
		return nil, err
	}
	var lf labelFile
	if err := json.Unmarshal(data, &lf); err != nil {
		return nil, fmt.Errorf("encodings.json: %v", err)
	}

	type enc struct{ name, kind, sb string }
	var encs []enc
	type label struct {
		label string
		enc   int
	}
	var labels []label
	var sbNames []string // index names of the single-byte tables, in order
	sbVar := map[string]string{}
	for _, h := range lf {
		for _, e := range h.Encodings {
			x := enc{name: e.Name}
			if h.Heading == "Legacy single-byte encodings" {
				ix := strings.ToLower(e.Name)
				if ix == "iso-8859-8-i" { // shares ISO-8859-8's index
					ix = "iso-8859-8"
				}
				if _, ok := sbVar[ix]; !ok {
					sbVar[ix] = "sb" + strings.Map(func(r rune) rune {
						if 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' {
							return r
						}
						return -1
					}, strings.ToUpper(ix))
					sbNames = append(sbNames, ix)
				}
				x.kind, x.sb = "kindSingleByte", sbVar[ix]
			} else if k, ok := kinds[e.Name]; ok {
				x.kind = k
			} else {
				return nil, fmt.Errorf("encodings.json: encoding %q unknown to the generator", e.Name)
			}
			for _, l := range e.Labels {
				labels = append(labels, label{l, len(encs)})
			}
			encs = append(encs, x)
		}
	}
	if len(encs) == 0 || encs[0].name != "UTF-8" {
		return nil, errors.New("encodings.json: UTF-8 is not the first encoding")
	}
	if len(encs) > 255 {
		return nil, errors.New("too many encodings for a uint8")
	}
	sort.Slice(labels, func(i, j int) bool { return labels[i].label < labels[j].label })
	for i := 1; i < len(labels); i++ {
		if labels[i].label == labels[i-1].label {
			return nil, fmt.Errorf("label %q listed twice", labels[i].label)
		}
	}

	g.printf("\n// encodings are the standard's encodings in the order of its table of names and labels.\n")
	g.printf("var encodings = [...]Encoding{\n")
	for _, e := range encs {
		if e.sb != "" {
			g.printf("\t{name: %q, kind: %s, sb: &%s},\n", e.name, e.kind, e.sb)
		} else {
			g.printf("\t{name: %q, kind: %s},\n", e.name, e.kind)
		}
	}
	g.printf("}\n")

	g.printf("\n// labels are the standard's labels, sorted, each with its encoding's place in encodings.\n")
	g.printf("var labels = [...]labelEntry{\n")
	for _, l := range labels {
		g.printf("\t{%q, %d},\n", l.label, l.enc)
	}
	g.printf("}\n")

	// Single-byte indexes: 128 big-endian uint16 code points each, 0 for
	// none (no index single-byte maps a pointer to U+0000).
	for _, ix := range sbNames {
		var b [256]byte
		for _, e := range g.index(ix) {
			if e.pointer > 127 || e.cp == 0 || e.cp > 0xFFFF {
				return nil, fmt.Errorf("index-%s.txt: entry %d 0x%X does not fit the single-byte table", ix, e.pointer, e.cp)
			}
			b[2*e.pointer], b[2*e.pointer+1] = byte(e.cp>>8), byte(e.cp)
		}
		g.sizes = append(g.sizes, fmt.Sprintf("index %s: %d bytes", ix, len(b)))
		g.printf("\n// %s is index %s.\n", sbVar[ix], ix)
		g.printf("var %s = singleByte{fwd: %s}\n", sbVar[ix], quote(b[:]))
	}

	// Multi-byte indexes, packed (see packIndex).
	for _, m := range []struct{ ix, name, what string }{
		{"jis0208", "jis0208", "index jis0208"},
		{"big5", "big5", fmt.Sprintf("index Big5 from pointer %d (the encoder never uses the pointers below)", big5First)},
		{"euc-kr", "eucKR", "index EUC-KR"},
		{"gb18030", "gb18030", "index gb18030"},
	} {
		ents := g.index(m.ix)
		if m.ix == "big5" {
			i := sort.Search(len(ents), func(i int) bool { return ents[i].pointer >= big5First })
			ents = ents[i:]
		}
		first := ents[0].pointer
		packed := packIndex(ents)
		if err := checkPacked(packed, ents); err != nil {
			return nil, fmt.Errorf("index %s: %v", m.ix, err)
		}
		g.sizes = append(g.sizes, fmt.Sprintf("index %s: %d entries, %d bytes", m.ix, len(ents), len(packed)))
		g.printf("\n// %sIndex is %s, packed: %d entries in %d bytes.\n", m.name, m.what, len(ents), len(packed))
		g.printf("var %sIndex = packedIndex{first: %d, data: %s}\n", m.name, first, quote(packed))
	}

	// index gb18030 ranges, as pairs of pointer and code point.
	ranges := g.index("gb18030-ranges")
	g.printf("\n// gb18030Ranges is index gb18030 ranges: %d pairs of pointer and code point, by both in increasing order.\n", len(ranges))
	g.printf("var gb18030Ranges = [...]gbRange{")
	for i, r := range ranges {
		if i > 0 && r.cp <= ranges[i-1].cp {
			return nil, errors.New("index gb18030 ranges: code points out of order")
		}
		if i%4 == 0 {
			g.printf("\n\t")
		} else {
			g.printf(" ")
		}
		g.printf("{%d, 0x%04X},", r.pointer, r.cp)
	}
	g.printf("\n}\n")
	g.sizes = append(g.sizes, fmt.Sprintf("index gb18030 ranges: %d bytes", 8*len(ranges)))

	// index ISO-2022-JP katakana: pointers 0 to 62, all present.
	kana := g.index("iso-2022-jp-katakana")
	g.printf("\n// iso2022JPKatakana is index ISO-2022-JP katakana.\n")
	g.printf("var iso2022JPKatakana = [%d]uint16{", len(kana))
	for i, e := range kana {
		if e.pointer != i || e.cp > 0xFFFF {
			return nil, errors.New("index ISO-2022-JP katakana: unexpected entry")
		}
		if i%8 == 0 {
			g.printf("\n\t")
		} else {
			g.printf(" ")
		}
		g.printf("0x%04X,", e.cp)
	}
	g.printf("\n}\n")
	g.sizes = append(g.sizes, fmt.Sprintf("index ISO-2022-JP katakana: %d bytes", 2*len(kana)))

	var dates []string
	for d := range g.dates {
		dates = append(dates, d)
	}
	sort.Strings(dates)

	var out bytes.Buffer
	fmt.Fprintf(&out, "// Code generated by \"go run ./gen\" from the Encoding Standard's index files (Date: %s); DO NOT EDIT.\n\n", strings.Join(dates, ", "))
	fmt.Fprintf(&out, "package encoding\n\n")
	fmt.Fprintf(&out, "// indexDate is the Date of the index files these tables come from.\n")
	fmt.Fprintf(&out, "const indexDate = %q\n\n", strings.Join(dates, ", "))
	fmt.Fprintf(&out, "// Table sizes in bytes:\n")
	for _, s := range g.sizes {
		fmt.Fprintf(&out, "//   - %s\n", s)
	}
	out.Write(g.buf.Bytes())
	return format.Source(out.Bytes())
}

// packIndex packs the entries of an index, from its first pointer on, into
// a byte stream that (*packedIndex).each in package encoding reads back. Each
// token starts with a byte t; "prev" is the code point of the last entry
// (0 at the start):
//
//	0x00–0x7F  one entry, prev + t - 0x40
//	0x80–0xBF  (t & 0x3F) + 1 pointers without an entry
//	0xC0–0xDF  (t & 0x1F) + 2 entries, prev+1, prev+2, …
//	0xE0–0xEF  one entry, prev + ((t & 0x0F)<<8 | next byte) - 2048
//	0xF0–0xF7  one entry, (t & 0x07)<<16 | next two bytes (big-endian)
//	0xF8–0xFF  ((t & 0x07)<<8 | next byte) + 65 pointers without an entry
func packIndex(ents []entry) []byte {
	var out []byte
	prev := rune(0)
	p := ents[0].pointer
	for i := 0; i < len(ents); {
		e := ents[i]
		if gap := e.pointer - p; gap > 0 {
			for gap > 64 {
				n := min(gap, 2112)
				out = append(out, 0xF8|byte((n-65)>>8), byte(n-65))
				gap -= n
			}
			for gap > 0 {
				n := min(gap, 64)
				out = append(out, 0x80|byte(n-1))
				gap -= n
			}
			p = e.pointer
		}
		// A run of code points that go up by one with the pointer.
		n := 0
		for i+n < len(ents) && n < 33 && ents[i+n].pointer == p+n && ents[i+n].cp == prev+rune(n)+1 {
			n++
		}
		if n >= 2 {
			out = append(out, 0xC0|byte(n-2))
			prev += rune(n)
			p += n
			i += n
			continue
		}
		switch d := e.cp - prev; {
		case -64 <= d && d < 64:
			out = append(out, byte(d+0x40))
		case -2048 <= d && d < 2048:
			out = append(out, 0xE0|byte((d+2048)>>8), byte(d+2048))
		default:
			if e.cp > 0x7FFFF {
				log.Fatalf("code point 0x%X too large for the packed format", e.cp)
			}
			out = append(out, 0xF0|byte(e.cp>>16), byte(e.cp>>8), byte(e.cp))
		}
		prev = e.cp
		p++
		i++
	}
	return out
}

// checkPacked unpacks data the way package encoding does and compares.
func checkPacked(data []byte, ents []entry) error {
	var got []entry
	prev := rune(0)
	p := ents[0].pointer
	for i := 0; i < len(data); {
		t := data[i]
		switch {
		case t < 0x80:
			prev += rune(t) - 0x40
			got = append(got, entry{p, prev})
			p++
			i++
		case t < 0xC0:
			p += int(t&0x3F) + 1
			i++
		case t < 0xE0:
			for range int(t&0x1F) + 2 {
				prev++
				got = append(got, entry{p, prev})
				p++
			}
			i++
		case t < 0xF0:
			prev += rune(int(t&0x0F)<<8|int(data[i+1])) - 2048
			got = append(got, entry{p, prev})
			p++
			i += 2
		case t < 0xF8:
			prev = rune(t&0x07)<<16 | rune(data[i+1])<<8 | rune(data[i+2])
			got = append(got, entry{p, prev})
			p++
			i += 3
		default:
			p += (int(t&0x07)<<8 | int(data[i+1])) + 65
			i += 2
		}
	}
	if len(got) != len(ents) {
		return fmt.Errorf("packed index has %d entries, want %d", len(got), len(ents))
	}
	for i := range got {
		if got[i] != ents[i] {
			return fmt.Errorf("packed index entry %d is %v, want %v", i, got[i], ents[i])
		}
	}
	return nil
}

// quote writes b as a Go string literal in lines of 64 bytes.
func quote(b []byte) string {
	var w strings.Builder
	bw := bufio.NewWriter(&w)
	for i := 0; i < len(b); i += 64 {
		if i > 0 {
			bw.WriteString(" +\n\t")
		}
		bw.WriteByte('"')
		for _, c := range b[i:min(i+64, len(b))] {
			if c >= 0x20 && c < 0x7F && c != '"' && c != '\\' {
				bw.WriteByte(c)
			} else {
				fmt.Fprintf(bw, `\x%02x`, c)
			}
		}
		bw.WriteByte('"')
	}
	if len(b) == 0 {
		bw.WriteString(`""`)
	}
	bw.Flush()
	return w.String()
}
