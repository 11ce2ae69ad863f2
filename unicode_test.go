package weburl

import (
	"testing"

	"golang.org/x/net/idna"
)

// requireUnicode17 skips a test that needs x/net/idna's Unicode 17 tables,
// which it uses only when built with Go 1.27 or later. CI runs these tests
// with GOTOOLCHAIN=go1.27.3.
func requireUnicode17(t *testing.T) {
	t.Helper()
	if idna.UnicodeVersion < "17" {
		t.Skipf("x/net/idna has Unicode %s tables with this Go; IdnaTestV2 needs 17: run with GOTOOLCHAIN=go1.27.3", idna.UnicodeVersion)
	}
}

// unicode16Changes are the toascii.json inputs whose answer changed with
// UTS #46 for Unicode 16: U+1E9E now maps to U+00DF instead of "ss",
// U+180E and U+206B are now ignored, and U+04C0, U+2183 and U+2F868 became
// valid. x/net/idna's Unicode 15 tables, used before Go 1.27, give the old
// answers, so these cases are skipped there (and run under Go 1.27).
var unicode16Changes = map[string]bool{
	"ẞ.com": true, "ẞ.foo.com": true,
	"look\u180eout.net": true, "look\u206bout.net": true,
	"Ӏ.com": true, "Ↄ.com": true, "\U0002F868.com": true,
}

// UnicodeVersion is the version of the tables that decide IDNA mapping:
// the one case the package doc gives comes out as that version says.
func TestUnicodeVersion(t *testing.T) {
	if UnicodeVersion != idna.UnicodeVersion {
		t.Fatalf("UnicodeVersion %q, x/net/idna %q", UnicodeVersion, idna.UnicodeVersion)
	}
	want := "https://xn--zca.de/" // U+1E9E maps to U+00DF from Unicode 16
	if UnicodeVersion < "16" {
		want = "https://ss.de/"
	}
	if got := MustParse("https://ẞ.de/").Href(); got != want {
		t.Errorf("Unicode %s: %q, want %q", UnicodeVersion, got, want)
	}
}
