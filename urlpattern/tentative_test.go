package urlpattern

import (
	"encoding/json"
	"testing"
)

// WPT's tentative files: generate and compareComponent.

// patternFromJSON builds the pattern a tentative row gives: a constructor
// string or an init.
func patternFromJSON(t *testing.T, raw json.RawMessage) *Pattern {
	t.Helper()
	var s string
	if json.Unmarshal(raw, &s) == nil {
		p, err := New(s, Options{})
		if err != nil {
			t.Fatalf("New(%q): %v", s, err)
		}
		return p
	}
	var m map[string]string
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	a := wptArg{Kind: "init", Init: map[string]*string{}}
	for k, v := range m {
		a.Init[k] = new(v)
	}
	p, err := NewInit(a.init(), Options{})
	if err != nil {
		t.Fatalf("NewInit(%v): %v", m, err)
	}
	return p
}

func componentByName(name string) Component {
	for c := range numComponents {
		if c.String() == name {
			return c
		}
	}
	return -1
}

func TestWPTGenerate(t *testing.T) {
	type row struct {
		Pattern   json.RawMessage   `json:"pattern"`
		Component string            `json:"component"`
		Groups    map[string]string `json:"groups"`
		Expected  *string           `json:"expected"`
	}
	rows := readJSONLines[row](t, "generate.jsonl")
	for i, r := range rows {
		p := patternFromJSON(t, r.Pattern)
		got, err := p.Generate(componentByName(r.Component), r.Groups)
		switch {
		case r.Expected == nil && err == nil:
			t.Errorf("row %d: %s Generate(%s, %v) = %q, want an error", i+1, r.Pattern, r.Component, r.Groups, got)
		case r.Expected != nil && err != nil:
			t.Errorf("row %d: %s Generate(%s, %v): %v, want %q", i+1, r.Pattern, r.Component, r.Groups, err, *r.Expected)
		case r.Expected != nil && got != *r.Expected:
			t.Errorf("row %d: %s Generate(%s, %v) = %q, want %q", i+1, r.Pattern, r.Component, r.Groups, got, *r.Expected)
		}
	}
	t.Logf("WPT generate: %d rows", len(rows))
}

func TestWPTCompareComponent(t *testing.T) {
	type row struct {
		Component string          `json:"component"`
		Left      json.RawMessage `json:"left"`
		Right     json.RawMessage `json:"right"`
		Expected  int             `json:"expected"`
	}
	rows := readJSONLines[row](t, "compare.jsonl")
	for i, r := range rows {
		a, b := patternFromJSON(t, r.Left), patternFromJSON(t, r.Right)
		c := componentByName(r.Component)
		if got := CompareComponent(c, a, b); got != r.Expected {
			t.Errorf("row %d: CompareComponent(%s, %s, %s) = %d, want %d", i+1, r.Component, r.Left, r.Right, got, r.Expected)
		}
		if got := CompareComponent(c, b, a); got != -r.Expected {
			t.Errorf("row %d: swapped: CompareComponent(%s, %s, %s) = %d, want %d", i+1, r.Component, r.Right, r.Left, got, -r.Expected)
		}
	}
	t.Logf("WPT compareComponent: %d rows", len(rows))
}
