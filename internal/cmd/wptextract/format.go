package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
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

// field writes a tab and a quoted string, or null for nil.
func field(b *strings.Builder, s *string) {
	b.WriteByte('\t')
	if s == nil {
		b.WriteString("null")
		return
	}
	b.WriteString(strconv.Quote(*s))
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
		b.WriteString(strconv.Quote(input))
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
			b.WriteString(strconv.Quote(attr))
			field(b, &c.Href)
			field(b, &c.NewValue)
			for _, k := range slices.Sorted(maps.Keys(c.Expected)) {
				b.WriteString("\t" + k + "=" + strconv.Quote(c.Expected[k]))
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
		b.WriteString(strconv.Quote(input))
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
		b.WriteString(strconv.Quote(input))
		for _, label := range slices.Sorted(maps.Keys(out)) {
			b.WriteString("\t" + label + "=" + strconv.Quote(out[label]))
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
		b.WriteString(strconv.Quote(input))
		for _, p := range pairs {
			field(b, &p[0])
			field(b, &p[1])
		}
		b.WriteByte('\n')
	}
	return nil
}
