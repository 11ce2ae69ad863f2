// Package wptdata reads the files that internal/cmd/wptextract writes
// under testdata/fetch and testdata/mimesniff, for the tests of mimetype
// and dataurl: after two comment lines (the source and the columns), one
// case a line, fields separated by tabs, each null, a Go-quoted string, or
// name= and one of those. A later comment line names the section of the
// cases after it.
package wptdata

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

// A Field is one field of a line: its name (for a name=value field) and
// its value, nil for null.
type Field struct {
	Name  string
	Value *string
}

// String returns the field's value; null reads as "".
func (f Field) String() string {
	if f.Value == nil {
		return ""
	}
	return *f.Value
}

// A Line is one case: its fields, its line number and its section.
type Line struct {
	Fields  []Field
	N       int    // the line number in the file, from 1
	Section string // the last comment line's text before it, after the header
}

// Read reads the file at path.
func Read(path string) ([]Line, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var lines []Line
	section := ""
	for n, text := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		if strings.HasPrefix(text, "#") {
			if n >= 2 {
				section = strings.TrimSpace(strings.TrimPrefix(text, "#"))
			}
			continue
		}
		l := Line{N: n + 1, Section: section}
		for _, raw := range strings.Split(text, "\t") {
			var f Field
			if name, value, ok := strings.Cut(raw, "="); ok && !strings.HasPrefix(raw, `"`) {
				f.Name, raw = name, value
			}
			if raw != "null" {
				v, err := strconv.Unquote(raw)
				if err != nil {
					return nil, fmt.Errorf("%s:%d: %q: %v", path, n+1, raw, err)
				}
				f.Value = &v
			}
			l.Fields = append(l.Fields, f)
		}
		lines = append(lines, l)
	}
	if len(lines) == 0 {
		return nil, fmt.Errorf("%s: no cases", path)
	}
	return lines, nil
}
