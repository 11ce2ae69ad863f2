package errquote

import (
	"strings"
	"testing"
)

func TestQuote(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", `""`},
		{"text/html\t\"x", `"text/html\t\"x"`},
		{strings.Repeat("a", Max), `"` + strings.Repeat("a", Max) + `"`},
		{strings.Repeat("a", Max+5), `"` + strings.Repeat("a", Max) + `"… (5 more bytes)`},
		// é is two bytes: a cut inside it moves before it.
		{strings.Repeat("a", Max-1) + "é" + "b", `"` + strings.Repeat("a", Max-1) + `"… (3 more bytes)`},
	} {
		if got := Quote(c.in); got != c.want {
			t.Errorf("Quote(%.40q…) = %.60s…, want %.60s…", c.in, got, c.want)
		}
	}
}
