package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
)

// The URL Pattern data: WPT's urlpattern/resources files, from the
// urlpattern folder of the WPT copy, written to urlpattern/testdata as
// JSON lines: after two comment lines (the source and the fields), one
// case a line, each argument tagged with its kind, so that the test can
// say which argument shapes Go's API expresses. Expected values are
// WPT's as written; the test fills in the absent ones as WPT's harness
// does.

// upArg is one argument of a constructor, test or exec call.
type upArg struct {
	Kind       string             `json:"kind"` // "string", "init", "options", or "other" (a value of another JSON type)
	String     *string            `json:"string,omitempty"`
	Init       map[string]*string `json:"init,omitempty"` // a null value is kept: a member WPT sets to null
	IgnoreCase *bool              `json:"ignoreCase,omitempty"`
	Other      json.RawMessage    `json:"other,omitempty"`
}

type upComponentResult struct {
	Input  string             `json:"input"`
	Groups map[string]*string `json:"groups"`
}

type upCase struct {
	Pattern      []upArg                      `json:"pattern"`
	Error        bool                         `json:"error,omitempty"`
	ExpectedObj  map[string]string            `json:"expected_obj,omitempty"`
	ExactlyEmpty []string                     `json:"exactly_empty_components,omitempty"`
	Inputs       []upArg                      `json:"inputs,omitempty"`
	HasInputs    bool                         `json:"has_inputs"`
	MatchKind    string                       `json:"match_kind,omitempty"` // "", "null", "error", "result"
	Match        map[string]upComponentResult `json:"match,omitempty"`
	MatchInputs  []upArg                      `json:"match_inputs,omitempty"` // the result's inputs, where WPT gives them
}

var adaSync = regexp.MustCompile(`synced into the public ada-url/ada repository on (\d{4}-\d{2}-\d{2}) \(ada ` + "`tests/wpt/`" + `, commit (\w+)\)`)

// writeURLPattern extracts (or, with check, compares) the URL Pattern
// files into out; it returns how many files are stale.
func writeURLPattern(src, out string, check bool) int {
	dir := filepath.Join(src, "urlpattern")
	m, err := readmeMatch(dir, adaSync, "no sync date and commit")
	if err != nil {
		fail(err)
	}
	files, err := convertFiles(dir, "urlpattern/resources", fmt.Sprintf("%s, ada %s", m[1], m[2]), []converter{
		{"urlpatterntestdata.json", "urlpatterntestdata.jsonl",
			"pattern (arguments) error expected_obj exactly_empty_components has_inputs inputs (arguments) match_kind (null, error, result) match", convertURLPatternTests},
		{"urlpattern-generate-test-data.json", "generate.jsonl", "pattern (argument) component groups expected (null: an error)", convertPlainLines},
		{"urlpattern-compare-test-data.json", "compare.jsonl", "component left right (arguments) expected", convertPlainLines},
	})
	if err != nil {
		fail(err)
	}
	return writeFiles(files, dir, out, check)
}

// convertArg tags one argument; an object is an init where JavaScript
// reads a URLPatternInit (the first argument) and options elsewhere.
func convertArg(r json.RawMessage, initPosition bool) (upArg, error) {
	r = bytes.TrimSpace(r)
	switch {
	case bytes.HasPrefix(r, []byte(`"`)):
		var s string
		err := json.Unmarshal(r, &s)
		return upArg{Kind: "string", String: &s}, err
	case bytes.HasPrefix(r, []byte(`{`)):
		var m map[string]json.RawMessage
		if err := json.Unmarshal(r, &m); err != nil {
			return upArg{}, err
		}
		if !initPosition {
			a := upArg{Kind: "options"}
			if v, ok := m["ignoreCase"]; ok {
				var b bool
				if err := json.Unmarshal(v, &b); err != nil {
					return upArg{}, err
				}
				a.IgnoreCase = &b
			}
			return a, nil
		}
		init := map[string]*string{}
		for k, v := range m {
			if !initMembers[k] {
				continue // not a URLPatternInit member: JavaScript ignores it
			}
			var s *string
			if err := json.Unmarshal(v, &s); err != nil {
				return upArg{}, fmt.Errorf("init member %s: %v", k, err)
			}
			init[k] = s
		}
		return upArg{Kind: "init", Init: init}, nil
	}
	return upArg{Kind: "other", Other: r}, nil
}

var initMembers = map[string]bool{"protocol": true, "username": true, "password": true, "hostname": true,
	"port": true, "pathname": true, "search": true, "hash": true, "baseURL": true}

// convertArgs tags a list of arguments; inits says whether every object
// is an init (the inputs of exec) or only the first (the constructor's).
func convertArgs(rs []json.RawMessage, allInits bool) ([]upArg, error) {
	out := []upArg{}
	for i, r := range rs {
		a, err := convertArg(r, allInits || i == 0)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, nil
}

func convertURLPatternTests(data []byte, b *strings.Builder) error {
	objs, err := objects(data)
	if err != nil {
		return err
	}
	for _, m := range objs {
		var c upCase
		var pattern []json.RawMessage
		if err := json.Unmarshal(m["pattern"], &pattern); err != nil {
			return err
		}
		if c.Pattern, err = convertArgs(pattern, false); err != nil {
			return err
		}
		if r, ok := m["expected_obj"]; ok {
			if bytes.Equal(bytes.TrimSpace(r), []byte(`"error"`)) {
				c.Error = true
			} else if err := json.Unmarshal(r, &c.ExpectedObj); err != nil {
				return err
			}
		}
		if r, ok := m["exactly_empty_components"]; ok {
			if err := json.Unmarshal(r, &c.ExactlyEmpty); err != nil {
				return err
			}
		}
		if r, ok := m["inputs"]; ok {
			c.HasInputs = true
			var inputs []json.RawMessage
			if err := json.Unmarshal(r, &inputs); err != nil {
				return err
			}
			if c.Inputs, err = convertArgs(inputs, true); err != nil {
				return err
			}
		}
		if r, ok := m["expected_match"]; ok {
			switch t := bytes.TrimSpace(r); {
			case bytes.Equal(t, []byte("null")):
				c.MatchKind = "null"
			case bytes.Equal(t, []byte(`"error"`)):
				c.MatchKind = "error"
			default:
				c.MatchKind = "result"
				var res map[string]json.RawMessage
				if err := json.Unmarshal(r, &res); err != nil {
					return err
				}
				c.Match = map[string]upComponentResult{}
				for k, v := range res {
					if k == "inputs" {
						var inputs []json.RawMessage
						if err := json.Unmarshal(v, &inputs); err != nil {
							return err
						}
						if c.MatchInputs, err = convertArgs(inputs, true); err != nil {
							return err
						}
						continue
					}
					var cr upComponentResult
					if err := json.Unmarshal(v, &cr); err != nil {
						return fmt.Errorf("expected_match.%s: %v", k, err)
					}
					c.Match[k] = cr
				}
			}
		}
		line, err := json.Marshal(c)
		if err != nil {
			return err
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	return nil
}

// convertPlainLines writes each object of a tentative file as a compact
// line, keys sorted.
func convertPlainLines(data []byte, b *strings.Builder) error {
	objs, err := objects(data)
	if err != nil {
		return err
	}
	for _, m := range objs {
		line, err := json.Marshal(m)
		if err != nil {
			return err
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	return nil
}
