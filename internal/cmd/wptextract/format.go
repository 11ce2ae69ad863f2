package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The format of testdata/wpt: after two comment lines (the source and the
// columns), one case per line, fields separated by tabs. A field is null,
// a Go-quoted string, or name=value with value null or quoted; strconv's
// quoting escapes tabs and newlines, so a line is always one case.

// A converter turns one WPT file into one of ours.
type converter struct {
	from, to string
	columns  string
	convert  func(data []byte, b *strings.Builder) error
}

var converters = []converter{
	{"urltestdata.json", "urltestdata.tsv", urlColumns, convertURLTests},
	{"urltestdata-javascript-only.json", "urltestdata-javascript-only.tsv", urlColumns, convertURLTests},
	{"setters_tests.json", "setters.tsv", "attribute href new_value then expected as name=value", convertSetters},
	{"toascii.json", "toascii.tsv", "input output (null: failure)", convertHosts},
	{"IdnaTestV2.json", "idnatestv2.tsv", "input output (null: failure)", convertHosts},
	{"IdnaTestV2-removed.json", "idnatestv2-removed.tsv", "input output (null: failure)", convertHosts},
	{"percent-encoding.json", "percent-encoding.tsv", "input then encoding=output", convertPercentEncoding},
	{"urlencoded-parser-data.json", "urlencoded.tsv", "input then name value of each pair", convertURLEncoded},
}

var urlAttributes = []string{"href", "origin", "protocol", "username", "password",
	"host", "hostname", "port", "pathname", "search", "hash"}

const urlColumns = "input base failure then, unless failure, href origin protocol username password host hostname port pathname search hash searchParams (origin and searchParams null where WPT gives none)"

// quote writes s as a Go string literal that strconv.Unquote reads back,
// by a fixed rule, so that the files are the same whatever Go release
// writes them (strconv.Quote escapes by the toolchain's Unicode tables:
// Go 1.26 and 1.27 disagree on U+1CD7D, U+13461, ...). ASCII is quoted as
// strconv quotes it; a non-ASCII code point is written as it is when it
// is in rawRanges and escaped (\u or \U) otherwise; an invalid UTF-8 byte
// is \x.
func quote(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r >= utf8.RuneSelf && n > 1 && inRawRanges(r) {
			b.WriteString(s[i : i+n])
		} else {
			q := strconv.QuoteToASCII(s[i : i+n])
			b.WriteString(q[1 : len(q)-1])
		}
		i += n
	}
	b.WriteByte('"')
	return b.String()
}

// rawRanges are the code points quote writes as they are: the letters of
// scripts a reader of the tests meets most, without combining marks,
// invisible or format characters, or right-to-left scripts, which make a
// line hard to read. A fixed list, not Unicode's tables.
var rawRanges = [][2]rune{
	{0x00A1, 0x00AC}, // Latin-1 punctuation and signs (U+00AD, the soft hyphen, is invisible)
	{0x00AE, 0x024F}, // Latin-1 letters, Latin Extended-A and -B
	{0x0370, 0x052F}, // Greek, Cyrillic
	{0x1E00, 0x1EFF}, // Latin Extended Additional
	{0x3041, 0x30FF}, // Hiragana, Katakana
	{0x4E00, 0x9FFF}, // CJK Unified Ideographs
	{0xAC00, 0xD7A3}, // Hangul syllables
}

func inRawRanges(r rune) bool {
	for _, rg := range rawRanges {
		if rg[0] <= r && r <= rg[1] {
			return true
		}
	}
	return false
}

// field writes a tab and a quoted string, or null for nil.
func field(b *strings.Builder, s *string) {
	b.WriteByte('\t')
	if s == nil {
		b.WriteString("null")
		return
	}
	b.WriteString(quote(*s))
}

// objects decodes the objects of a WPT array, skipping its strings, which
// are comments.
func objects(data []byte) ([]map[string]json.RawMessage, error) {
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, err
	}
	var out []map[string]json.RawMessage
	for _, r := range raw {
		if bytes.HasPrefix(bytes.TrimSpace(r), []byte(`"`)) {
			continue
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(r, &m); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}

// str decodes m[key]: nil when it is missing or null.
func str(m map[string]json.RawMessage, key string) (*string, error) {
	r, ok := m[key]
	if !ok {
		return nil, nil
	}
	var s *string
	err := json.Unmarshal(r, &s)
	return s, err
}

// mustStr is str for a key that must be a string.
func mustStr(m map[string]json.RawMessage, key string) (string, error) {
	s, err := str(m, key)
	if err == nil && s == nil {
		err = fmt.Errorf("no %q in %v", key, m)
	}
	if err != nil {
		return "", err
	}
	return *s, nil
}

func convertURLTests(data []byte, b *strings.Builder) error {
	objs, err := objects(data)
	if err != nil {
		return err
	}
	for _, m := range objs {
		input, err := mustStr(m, "input")
		if err != nil {
			return err
		}
		base, err := str(m, "base")
		if err != nil {
			return err
		}
		b.WriteString(quote(input))
		field(b, base)
		var failure bool
		if r, ok := m["failure"]; ok {
			if err := json.Unmarshal(r, &failure); err != nil {
				return err
			}
		}
		b.WriteString("\t" + strconv.FormatBool(failure))
		if !failure {
			for _, attr := range urlAttributes {
				v, err := str(m, attr)
				if err != nil {
					return err
				}
				if v == nil && attr != "origin" {
					return fmt.Errorf("%q: no %s", input, attr)
				}
				field(b, v)
			}
			sp, err := str(m, "searchParams")
			if err != nil {
				return err
			}
			field(b, sp)
		}
		b.WriteByte('\n')
	}
	return nil
}

// orderedKeys returns the keys of a JSON object in the order written.
func orderedKeys(data []byte) ([]string, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	var keys []string
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, err
		}
		keys = append(keys, t.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return nil, err
		}
	}
	return keys, nil
}

func convertSetters(data []byte, b *strings.Builder) error {
	keys, err := orderedKeys(data)
	if err != nil {
		return err
	}
	var all map[string]json.RawMessage
	if err := json.Unmarshal(data, &all); err != nil {
		return err
	}
	for _, attr := range keys {
		if attr == "comment" {
			continue
		}
		var cases []struct {
			Href     string            `json:"href"`
			NewValue string            `json:"new_value"`
			Expected map[string]string `json:"expected"`
		}
		if err := json.Unmarshal(all[attr], &cases); err != nil {
			return fmt.Errorf("%s: %v", attr, err)
		}
		for _, c := range cases {
			b.WriteString(quote(attr))
			field(b, &c.Href)
			field(b, &c.NewValue)
			for _, k := range slices.Sorted(maps.Keys(c.Expected)) {
				b.WriteString("\t" + k + "=" + quote(c.Expected[k]))
			}
			b.WriteByte('\n')
		}
	}
	return nil
}

// convertHosts writes input and output; WPT's missing output means the
// input itself, written out here.
func convertHosts(data []byte, b *strings.Builder) error {
	objs, err := objects(data)
	if err != nil {
		return err
	}
	for _, m := range objs {
		input, err := mustStr(m, "input")
		if err != nil {
			return err
		}
		out := &input
		if _, ok := m["output"]; ok {
			if out, err = str(m, "output"); err != nil {
				return err
			}
		}
		b.WriteString(quote(input))
		field(b, out)
		b.WriteByte('\n')
	}
	return nil
}

func convertPercentEncoding(data []byte, b *strings.Builder) error {
	objs, err := objects(data)
	if err != nil {
		return err
	}
	for _, m := range objs {
		input, err := mustStr(m, "input")
		if err != nil {
			return err
		}
		var out map[string]string
		if err := json.Unmarshal(m["output"], &out); err != nil {
			return err
		}
		b.WriteString(quote(input))
		for _, label := range slices.Sorted(maps.Keys(out)) {
			b.WriteString("\t" + label + "=" + quote(out[label]))
		}
		b.WriteByte('\n')
	}
	return nil
}

func convertURLEncoded(data []byte, b *strings.Builder) error {
	objs, err := objects(data)
	if err != nil {
		return err
	}
	for _, m := range objs {
		input, err := mustStr(m, "input")
		if err != nil {
			return err
		}
		var pairs [][2]string
		if err := json.Unmarshal(m["output"], &pairs); err != nil {
			return err
		}
		b.WriteString(quote(input))
		for _, p := range pairs {
			field(b, &p[0])
			field(b, &p[1])
		}
		b.WriteByte('\n')
	}
	return nil
}
