package main

import (
	"bytes"
	"encoding/json"
	"testing"
)

func TestRunDisplay(t *testing.T) {
	var out, errOut bytes.Buffer
	code := run([]string{"-display", "https://u:p@xn--wgv71a119e.jp/%E6%97%A5", "https://xn--pple-43d.com/%2F"}, nil, &out, &errOut)
	if code != 0 {
		t.Fatalf("exit status %d: %s", code, errOut.String())
	}
	if want := "https://日本語.jp/日\nhttps://xn--pple-43d.com/%2F\n"; out.String() != want {
		t.Errorf("stdout %q, want %q", out.String(), want)
	}
}

// The host's public suffix and registrable domain in -json: null for hosts
// that have none (IP addresses, opaque hosts, public suffixes themselves).
func TestRunJSONSuffixes(t *testing.T) {
	tests := []struct {
		in               string
		suffix, domain   any // string or nil
		display          string
		displayRequested bool
	}{
		{"https://www.example.co.uk./", "co.uk.", "example.co.uk.", "", false},
		{"https://github.io/", "github.io", nil, "", false},
		{"http://127.0.0.1/", nil, nil, "", false},
		{"sc://example.com/", nil, nil, "", false}, // an opaque host
		{"data:,x", nil, nil, "", false},
		{"https://u@xn--wgv71a119e.jp/", "jp", "xn--wgv71a119e.jp", "https://日本語.jp/", true},
	}
	for _, c := range tests {
		var out, errOut bytes.Buffer
		args := []string{"-json", c.in}
		if c.displayRequested {
			args = []string{"-json", "-display", c.in}
		}
		if code := run(args, nil, &out, &errOut); code != 0 {
			t.Fatalf("%q: exit status %d: %s", c.in, code, errOut.String())
		}
		var got map[string]any
		if err := json.Unmarshal(out.Bytes(), &got); err != nil {
			t.Fatal(err)
		}
		if got["publicSuffix"] != c.suffix || got["registrableDomain"] != c.domain {
			t.Errorf("%q: publicSuffix %v, registrableDomain %v; want %v, %v", c.in, got["publicSuffix"], got["registrableDomain"], c.suffix, c.domain)
		}
		if d, _ := got["display"].(string); d != c.display {
			t.Errorf("%q: display %q, want %q", c.in, d, c.display)
		}
	}
}
