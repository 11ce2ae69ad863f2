package mimetype

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/weburl/weburl/internal/swar"
	"github.com/weburl/weburl/internal/wptdata"
)

// FuzzParse: what parses serializes to a string that parses back to
// itself; the record holds what the standard says it holds (lowercase
// HTTP tokens, values of quoted-string token code points, no name twice);
// ParseBytes agrees with Parse on ASCII.
func FuzzParse(f *testing.F) {
	for _, name := range []string{"mime-types.tsv", "generated-mime-types.tsv"} {
		lines, err := wptdata.Read(filepath.Join("..", "testdata", "mimesniff", name))
		if err != nil {
			f.Fatal(err)
		}
		for _, l := range lines {
			f.Add(l.Fields[0].String())
		}
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := Parse(s)
		if isASCII(s) {
			b, errB := ParseBytes([]byte(s))
			if (err == nil) != (errB == nil) || err == nil && b.String() != m.String() {
				t.Fatalf("Parse(%q) = %v, %v; ParseBytes = %v, %v", s, m, err, b, errB)
			}
		}
		if err != nil {
			if !strings.HasPrefix(err.Error(), "mimetype: parse ") {
				t.Fatalf("Parse(%q): %v", s, err)
			}
			return
		}
		out := m.String()
		m2, err := Parse(out)
		if err != nil || m2.String() != out {
			t.Fatalf("Parse(%q) = %q; Parse of that = %v, %v", s, out, m2, err)
		}
		if m.Essence() != m.Type()+"/"+m.Subtype() || !isToken(m.Type()) || !isToken(m.Subtype()) || swar.ToLower(m.Essence()) != m.Essence() {
			t.Fatalf("Parse(%q): type %q subtype %q essence %q", s, m.Type(), m.Subtype(), m.Essence())
		}
		seen := map[string]bool{}
		for k, v := range m.Params() {
			if k == "" || !isToken(k) || swar.ToLower(k) != k || seen[k] || firstNotQuotedStringToken(v) >= 0 {
				t.Fatalf("Parse(%q): parameter %q=%q", s, k, v)
			}
			seen[k] = true
			if got, ok := m2.Param(k); !ok || got != v {
				t.Fatalf("Parse(%q): %q=%q, but %q after a round trip", s, k, v, got)
			}
		}
		if len(out) > 2*len(s)+2 {
			t.Fatalf("Parse(%q) = %q: longer than twice the input", s, out)
		}
		// A copy is independent: a change to it, replacing the first
		// parameter's value or adding one, leaves m as it was.
		for k := range m.Params() {
			c := m
			if c.SetParam(k, "changed") != nil || m.String() != out {
				t.Fatalf("Parse(%q): SetParam on a copy changed it to %q", s, m)
			}
			break
		}
		c := m
		if c.SetParam("added", "x") != nil || m.String() != out {
			t.Fatalf("Parse(%q): SetParam on a copy changed it to %q", s, m)
		}
	})
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
