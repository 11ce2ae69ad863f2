package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
)

// The data: URL and MIME type data: the fetch and mimesniff folders of the
// WPT copy (WPT's fetch/data-urls/resources and mimesniff/mime-types/
// resources), written to testdata/fetch and testdata/mimesniff in the
// format of testdata/wpt: one case a line, tab-separated fields, each null
// or a string quoted by quote. A body, a byte sequence in WPT, is written
// as a quoted string of those bytes.

// rustURLCopy finds the rust-url commit and month that a README says its
// copies come from.
var rustURLCopy = regexp.MustCompile(`servo/rust-url.*?\(commit (\w+), (\w+ \d{4})\)`)

// writeFetch extracts (or, with check, compares) both folders into
// fetch and mimesniff under root; it returns how many files are stale.
func writeFetch(src, root string, check bool) int {
	stale := 0
	for _, d := range []struct {
		dir, wptPath string
		files        []converter
	}{
		{"fetch", "fetch/data-urls/resources", []converter{
			{"data-urls.json", "data-urls.tsv", "input type body (type null: a failure, with no body)", convertDataURLs},
			{"base64.json", "base64.tsv", "input bytes (null: a failure)", convertBase64},
		}},
		{"mimesniff", "mimesniff/mime-types/resources", []converter{
			{"mime-types.json", "mime-types.tsv", "input output (null: a failure), then encoding= (null: none) where WPT gives navigable; a comment line before a section names it", convertMIMETypes},
			{"generated-mime-types.json", "generated-mime-types.tsv", "input output (null: a failure)", convertMIMETypes},
		}},
	} {
		dir := filepath.Join(src, d.dir)
		m, err := readmeMatch(dir, rustURLCopy, "no rust-url commit and date")
		if err != nil {
			fail(err)
		}
		files, err := convertFiles(dir, d.wptPath, fmt.Sprintf("rust-url's copy, commit %s, %s", m[1], m[2]), d.files)
		if err != nil {
			fail(err)
		}
		stale += writeFiles(files, dir, filepath.Join(root, d.dir), check)
	}
	return stale
}

// byteString decodes a WPT byte sequence (an array of numbers 0–255) into
// a string of those bytes.
func byteString(r json.RawMessage) (string, error) {
	var nums []int
	if err := json.Unmarshal(r, &nums); err != nil {
		return "", err
	}
	b := make([]byte, len(nums))
	for i, n := range nums {
		if n < 0 || n > 255 {
			return "", fmt.Errorf("byte %d out of range in %s", n, r)
		}
		b[i] = byte(n)
	}
	return string(b), nil
}

// convertDataURLs writes [input, type, body] as input, type, body and
// [input, null] as input, null.
func convertDataURLs(data []byte, b *strings.Builder) error {
	var entries [][]json.RawMessage
	if err := json.Unmarshal(data, &entries); err != nil {
		return err
	}
	for _, e := range entries {
		var input string
		var typ *string
		if len(e) < 2 || json.Unmarshal(e[0], &input) != nil || json.Unmarshal(e[1], &typ) != nil {
			return fmt.Errorf("entry %s is not [input, type, body] or [input, null]", bytes.Join(rawStrings(e), []byte(", ")))
		}
		b.WriteString(quote(input))
		field(b, typ)
		switch {
		case typ == nil && len(e) == 2:
		case typ != nil && len(e) == 3:
			body, err := byteString(e[2])
			if err != nil {
				return fmt.Errorf("%q: %v", input, err)
			}
			field(b, &body)
		default:
			return fmt.Errorf("%q: %d fields", input, len(e))
		}
		b.WriteByte('\n')
	}
	return nil
}

// convertBase64 writes [input, bytes] as input, bytes and [input, null] as
// input, null.
func convertBase64(data []byte, b *strings.Builder) error {
	var entries [][]json.RawMessage
	if err := json.Unmarshal(data, &entries); err != nil {
		return err
	}
	for _, e := range entries {
		var input string
		if len(e) != 2 || json.Unmarshal(e[0], &input) != nil {
			return fmt.Errorf("entry %s is not [input, bytes]", bytes.Join(rawStrings(e), []byte(", ")))
		}
		b.WriteString(quote(input))
		if string(bytes.TrimSpace(e[1])) == "null" {
			field(b, nil)
		} else {
			out, err := byteString(e[1])
			if err != nil {
				return fmt.Errorf("%q: %v", input, err)
			}
			field(b, &out)
		}
		b.WriteByte('\n')
	}
	return nil
}

// convertMIMETypes writes {input, output} as input, output, with
// encoding=... after it where the entry has navigable; a string (a section
// heading) is written as a comment line.
func convertMIMETypes(data []byte, b *strings.Builder) error {
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return err
	}
	for _, r := range raw {
		var heading string
		if json.Unmarshal(r, &heading) == nil {
			b.WriteString("# " + strings.ReplaceAll(heading, "\n", " ") + "\n")
			continue
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(r, &m); err != nil {
			return err
		}
		input, err := mustStr(m, "input")
		if err != nil {
			return err
		}
		if _, ok := m["output"]; !ok {
			return fmt.Errorf("%q: no output", input)
		}
		output, err := str(m, "output")
		if err != nil {
			return err
		}
		b.WriteString(quote(input))
		field(b, output)
		if _, ok := m["navigable"]; ok {
			enc, err := str(m, "encoding")
			if err != nil {
				return err
			}
			b.WriteString("\tencoding=")
			if enc == nil {
				b.WriteString("null")
			} else {
				b.WriteString(quote(*enc))
			}
		}
		b.WriteByte('\n')
	}
	return nil
}

func rawStrings(e []json.RawMessage) [][]byte {
	out := make([][]byte, len(e))
	for i, r := range e {
		out[i] = r
	}
	return out
}
