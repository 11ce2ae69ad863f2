package weburl

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/weburl/weburl/internal/ascii"
)

// Hosts that Display shows in Unicode, by the rule in its doc.
var displayUnicodeHosts = []string{
	"café.fr",
	"日本語.jp",         // Han
	"ひらがな.jp",        // Hiragana
	"カタカナ.jp",        // Katakana
	"ドメイン名例.jp",      // Katakana and Han: Japanese
	"google日本.jp",    // Latin and Han
	"日本1.jp",         // digits are Common
	"ラーメン.jp",        // U+30FC, a modifier letter of no script, is allowed
	"한국어.kr",         // Hangul
	"abc한국.kr",       // Latin and Hangul: Korean
	"中文ㄅ.tw",         // Han and Bopomofo: Chinese
	"ελληνικά.gr",    // Greek, not all lookalikes
	"пример.com",     // Cyrillic, not all lookalikes
	"аррӏе.рф",       // all lookalikes, under a Cyrillic TLD
	"аррӏе.ru",       // all lookalikes, under a country that writes Cyrillic
	"οκ.gr",          // all lookalikes, under Greece's TLD
	"ıspanak.com.tr", // dotless i under .tr
	"مثال.إختبار",    // Arabic
	"例え.テスト",         // Han, Hiragana, Katakana
	"日本語.jp.",        // a trailing dot
	"www.日本語.jp",
}

// Hosts that Display leaves in ASCII, and why.
var displayASCIIHosts = []string{
	"аpple.com",      // Cyrillic а with Latin: mixed scripts
	"аррӏе.com",      // all Cyrillic lookalikes under .com
	"οκ.com",         // all Greek lookalikes under .com
	"faß.de",         // ß is a deviation character
	"☕.example",      // a symbol
	"gıthub.com",     // dotless i outside .tr and .az
	"ɡoogle.com",     // Latin small script g
	"日本а.jp",         // Han with Cyrillic
	"한국ひ.kr",         // Hangul with Hiragana
	"x\u0338y.com",   // a combining overlay on a Latin letter
	"a\u02d0b.com",   // ː, a modifier letter of no script, looks like a colon
	"ok.日本а.jp",      // one unsafe label keeps the whole host ASCII
	"ελληνικά.аpple", // the TLD label is checked too
}

func TestDisplayHost(t *testing.T) {
	for _, h := range displayUnicodeHosts {
		u := MustParse("https://" + h + "/")
		if got, want := u.Display(), "https://"+h+"/"; got != want {
			t.Errorf("%s: Display() = %q, want %q", h, got, want)
		}
	}
	for _, h := range displayASCIIHosts {
		u, err := Parse("https://" + h + "/")
		if err != nil {
			t.Errorf("%s: %v", h, err)
			continue
		}
		if !strings.Contains(u.Hostname(), "xn--") {
			t.Fatalf("%s: host %q is not an IDN", h, u.Hostname())
		}
		if got := u.Display(); got != u.Href() {
			t.Errorf("%s: Display() = %q, want the ASCII %q", h, got, u.Href())
		}
	}
	// The well-known Punycode forms, to be sure the ASCII is what a browser shows.
	for in, want := range map[string]string{
		"https://аpple.com/": "https://xn--pple-43d.com/",
		"https://аррӏе.com/": "https://xn--80ak6aa92e.com/",
		"https://faß.de/":    "https://xn--fa-hia.de/",
		"https://☕.example/": "https://xn--53h.example/",
	} {
		if got := MustParse(in).Display(); got != want {
			t.Errorf("Display(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestDisplay(t *testing.T) {
	tests := []struct{ in, want string }{
		// No credentials.
		{"https://user:pass@example.com/", "https://example.com/"},
		{"https://examplecorp.com@attacker.example/", "https://attacker.example/"},
		{"https://u@h:8080/p", "https://h:8080/p"},
		// Decoded: UTF-8 of code points that are not ASCII, in the path,
		// the query and the fragment.
		{"https://example.com/caf%C3%A9", "https://example.com/café"},
		{"https://example.com/caf%c3%a9", "https://example.com/café"},
		{"https://example.com/日本?q=日本#日本", "https://example.com/日本?q=日本#日本"},
		{"https://example.com/%F0%9F%98%80", "https://example.com/😀"},
		{"https://example.com/%C3%A9%CC%81", "https://example.com/é\u0301"}, // a mark on a decoded letter
		{"mailto:%E6%97%A5@example.com", "mailto:日@example.com"},
		{"file:///C:/%E6%97%A5", "file:///C:/日"},
		// Kept: encoded ASCII, whatever it is.
		{"https://example.com/a%2Fb%3Fc%23d%25e", "https://example.com/a%2Fb%3Fc%23d%25e"},
		{"https://example.com/%2E%2E%2E/%5C/%3A/%41/a%20b", "https://example.com/%2E%2E%2E/%5C/%3A/%41/a%20b"},
		{"https://example.com/?a=%26%3D#%00", "https://example.com/?a=%26%3D#%00"},
		// Kept: not UTF-8.
		{"https://example.com/%C3%28/%C3/%E6%97/%FF/%ED%A0%80", "https://example.com/%C3%28/%C3/%E6%97/%FF/%ED%A0%80"},
		// Kept: invisible or misleading code points.
		{"https://example.com/%C2%85", "https://example.com/%C2%85"},                 // a C1 control
		{"https://example.com/a%E2%80%AEb", "https://example.com/a%E2%80%AEb"},       // RIGHT-TO-LEFT OVERRIDE
		{"https://example.com/a%E2%81%A6b", "https://example.com/a%E2%81%A6b"},       // LEFT-TO-RIGHT ISOLATE
		{"https://example.com/a%E2%80%8Bb", "https://example.com/a%E2%80%8Bb"},       // ZERO WIDTH SPACE
		{"https://example.com/a%C2%A0b", "https://example.com/a%C2%A0b"},             // NO-BREAK SPACE
		{"https://example.com/a%E3%80%80b", "https://example.com/a%E3%80%80b"},       // IDEOGRAPHIC SPACE
		{"https://example.com/a%C2%ADb", "https://example.com/a%C2%ADb"},             // SOFT HYPHEN
		{"https://example.com/a%EF%B8%8F", "https://example.com/a%EF%B8%8F"},         // a variation selector
		{"https://example.com/a%E3%85%A4b", "https://example.com/a%E3%85%A4b"},       // HANGUL FILLER
		{"https://example.com/a%E2%A0%80b", "https://example.com/a%E2%A0%80b"},       // BRAILLE PATTERN BLANK
		{"https://example.com/a%EF%BF%BDb", "https://example.com/a%EF%BF%BDb"},       // U+FFFD
		{"https://example.com/a%EE%80%80b", "https://example.com/a%EE%80%80b"},       // private use
		{"https://example.com/a%F0%9F%94%92b", "https://example.com/a%F0%9F%94%92b"}, // 🔒
		{"https://example.com/a%EF%BC%8Fb", "https://example.com/a%EF%BC%8Fb"},       // FULLWIDTH SOLIDUS
		{"https://example.com/a%E2%88%95b", "https://example.com/a%E2%88%95b"},       // DIVISION SLASH
		{"https://example.com/e%CC%81", "https://example.com/e%CC%81"},               // a mark on a plain "e"
		{"https://example.com/%CC%81", "https://example.com/%CC%81"},                 // a mark on "/"
		// Hosts other than domains, as serialized.
		{"http://[::1]:8080/%E6%97%A5", "http://[::1]:8080/日"},
		{"http://0x7f.1/", "http://127.0.0.1/"},
		{"sc://%E6%97%A5/x", "sc://%E6%97%A5/x"}, // an opaque host
		{"sc:///x", "sc:///x"},
		{"web+demo:/.//not-a-host/", "web+demo:/.//not-a-host/"}, // "/." keeps the path a path
		{"data:,%E6%97%A5%20x", "data:,日%20x"},
	}
	for _, c := range tests {
		u := MustParse(c.in)
		if got := u.Display(); got != c.want {
			t.Errorf("Display(%q) = %q, want %q", c.in, got, c.want)
		}
		checkDisplayReparses(t, u)
	}
	for _, h := range append(displayUnicodeHosts, displayASCIIHosts...) {
		checkDisplayReparses(t, MustParse("https://u:p@"+h+":1/%E6%97%A5?%C3%A9#%F0%9F%98%80"))
	}
}

// checkDisplayReparses checks what Display promises: its output parses to
// the URL without credentials, up to the case of percent-encoded bytes.
func checkDisplayReparses(t *testing.T, u *URL) {
	t.Helper()
	d := u.Display()
	v, err := Parse(d)
	if err != nil {
		t.Fatalf("Display of %q is %q, which does not parse: %v", u.Href(), d, err)
	}
	want := u.Clone()
	if u.Username() != "" || u.Password() != "" {
		if err := want.SetUsername(""); err != nil {
			t.Fatal(err)
		}
		if err := want.SetPassword(""); err != nil {
			t.Fatal(err)
		}
	}
	if upperPercentHex(v.Href()) != upperPercentHex(want.Href()) {
		t.Fatalf("Display of %q is %q, which parses to %q", u.Href(), d, v.Href())
	}
	if v.Hostname() != u.Hostname() || v.HostKind() != u.HostKind() {
		t.Fatalf("Display of %q is %q, whose host is %q", u.Href(), d, v.Hostname())
	}
}

// upperPercentHex uppercases the hex digits of percent-encoded bytes.
func upperPercentHex(s string) string {
	b := []byte(s)
	for i := 0; i+2 < len(b); i++ {
		if b[i] == '%' && ascii.IsHex(b[i+1]) && ascii.IsHex(b[i+2]) {
			b[i+1], b[i+2] = upper(b[i+1]), upper(b[i+2])
		}
	}
	return string(b)
}

func upper(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

func TestDisplayElided(t *testing.T) {
	tests := []struct {
		in    string
		width int
		want  string
	}{
		// Display: "https://www.examplecorp.com.evil.com/path/to/page?q=1",
		// 53 runes; the registrable domain is evil.com.
		{"https://u@www.examplecorp.com.evil.com/path/to/page?q=1", 100, "https://www.examplecorp.com.evil.com/path/to/page?q=1"},
		{"https://u@www.examplecorp.com.evil.com/path/to/page?q=1", 53, "https://www.examplecorp.com.evil.com/path/to/page?q=1"},
		{"https://u@www.examplecorp.com.evil.com/path/to/page?q=1", 52, "https://www.examplecorp.com.evil.com/path/to/page?q…"},
		{"https://u@www.examplecorp.com.evil.com/path/to/page?q=1", 38, "https://www.examplecorp.com.evil.com/…"},
		{"https://u@www.examplecorp.com.evil.com/path/to/page?q=1", 37, "https://www.examplecorp.com.evil.com…"},
		{"https://u@www.examplecorp.com.evil.com/path/to/page?q=1", 36, "https://…examplecorp.com.evil.com…"},
		{"https://u@www.examplecorp.com.evil.com/path/to/page?q=1", 30, "https://…com.evil.com…"},
		{"https://u@www.examplecorp.com.evil.com/path/to/page?q=1", 21, "https://…evil.com…"}, // 18 runes
		{"https://u@www.examplecorp.com.evil.com/path/to/page?q=1", 10, "https://…evil.com…"}, // too long: never shorter
		{"https://u@www.examplecorp.com.evil.com/path/to/page?q=1", 0, "https://…evil.com…"},
		{"https://u@www.examplecorp.com.evil.com/path/to/page?q=1", -1, "https://…evil.com…"},
		// No path to elide.
		{"https://a.b.example.com", 24, "https://a.b.example.com/"},
		{"https://a.b.example.com", 23, "https://…b.example.com…"},
		// The port stays.
		{"https://a.b.example.com:8443/p", 30, "https://a.b.example.com:8443/p"},
		{"https://a.b.example.com:8443/p", 29, "https://a.b.example.com:8443…"},
		{"https://a.b.example.com:8443/p", 28, "https://…b.example.com:8443…"},
		{"https://a.b.example.com:8443/p", 27, "https://…example.com:8443…"},
		{"https://a.b.example.com:8443/p", 10, "https://…example.com:8443…"},
		// Hosts without a registrable domain are kept whole.
		{"http://192.168.0.1/very/long/path", 20, "http://192.168.0.1/…"},
		{"http://192.168.0.1/very/long/path", 10, "http://192.168.0.1…"},
		{"http://a.b.localhost/x/y", 5, "http://…b.localhost…"}, // "*" makes b.localhost registrable
		{"http://github.io/x/y", 5, "http://github.io…"},
		{"http://[::1]/x/y", 5, "http://[::1]…"},
		// Unicode: the registrable domain is kept in its displayed form.
		{"https://www.sub.日本語.jp/x", 20, "https://…sub.日本語.jp…"},
		{"https://www.sub.日本語.jp/x", 19, "https://…日本語.jp…"},
		{"https://www.sub.日本語.jp/x", 5, "https://…日本語.jp…"},
		{"https://www.sub.xn--80ak6aa92e.com/x", 32, "https://…sub.xn--80ak6aa92e.com…"},
		{"https://www.sub.xn--80ak6aa92e.com/x", 31, "https://…xn--80ak6aa92e.com…"},
		// Null and empty hosts: only the right end goes.
		{"mailto:someone@example.com", 10, "mailto:so…"},
		{"mailto:someone@example.com", 3, "mailto:…"},
		{"file:///home/me/notes.txt", 15, "file:///home/m…"},
		// Not inside a percent-encoded byte.
		{"https://h.com/a%2Fb", 17, "https://h.com/a…"},
		{"https://h.com/a%2Fb", 18, "https://h.com/a…"},
		{"https://h.com/a%2Fbc", 19, "https://h.com/a%2F…"},
		{"https://h.com/日本語/x", 17, "https://h.com/日本…"},
		// A trailing dot is part of the last label.
		{"https://www.example.com./x", 20, "https://…example.com.…"},
	}
	for _, c := range tests {
		if got := MustParse(c.in).DisplayElided(c.width); got != c.want {
			t.Errorf("DisplayElided(%q, %d) = %q, want %q", c.in, c.width, got, c.want)
		}
	}
}

// checkElided checks DisplayElided's promises for u at every width up to
// a little past Display's length; past maxElidedWidths widths, at the
// narrowest and the widest of them and at widths spread between, so that
// a long URL (FuzzDisplay's of 23,000 runes) costs a bounded number of
// calls, each linear in the URL, and not one per rune.
func checkElided(t *testing.T, u *URL) {
	t.Helper()
	full := u.Display()
	n := utf8.RuneCountInString(full)
	least := utf8.RuneCountInString(u.DisplayElided(0))
	// The registrable domain shows in ASCII or, when all the host's labels
	// may, in Unicode.
	var rd []string
	if u.HostKind() == Domain {
		if r, ok := registrableDomainOf(listPSL, u.Hostname()); ok {
			rd = []string{r, displayHost(r, Domain)}
		}
	}
	for w := range n + 2 {
		if edge := maxElidedWidths / 4; n+2 > maxElidedWidths && w >= edge && w < n+2-edge && (w-edge)%((n+2)/(maxElidedWidths/2)) != 0 {
			continue
		}
		e := u.DisplayElided(w)
		got := utf8.RuneCountInString(e)
		switch {
		case w >= n && e != full:
			t.Fatalf("DisplayElided(%q, %d) = %q, want Display's %q", u.Href(), w, e, full)
		case got > max(w, least):
			t.Fatalf("DisplayElided(%q, %d) = %q: %d runes", u.Href(), w, e, got)
		case !strings.HasPrefix(e, u.Protocol()):
			t.Fatalf("DisplayElided(%q, %d) = %q lost the scheme", u.Href(), w, e)
		}
		if rd != nil && !strings.Contains(e, rd[0]) && !strings.Contains(e, rd[1]) {
			t.Fatalf("DisplayElided(%q, %d) = %q lost the registrable domain %q", u.Href(), w, e, rd[0])
		}
	}
}

// maxElidedWidths is about how many widths checkElided tries at most.
const maxElidedWidths = 512

func TestDisplayElidedWidths(t *testing.T) {
	for _, in := range []string{
		"https://u:p@www.examplecorp.com.evil.com/path/to/page?q=1#f",
		"https://a.b.c.d.example.co.uk:8443/%E6%97%A5/x",
		"https://www.sub.日本語.jp/x",
		"http://192.168.0.1/very/long/path",
		"mailto:someone@example.com",
		"data:,",
		"https://example.com",
		"https://www.example.com./x",
		"sc://opaque.host.example.com/x",
	} {
		checkElided(t, MustParse(in))
	}
}

func TestDisplayZeroURL(t *testing.T) {
	var u URL
	if d, e, f := u.Display(), u.DisplayElided(3), u.DisplayElided(-1); d != "" || e != "" || f != "" {
		t.Errorf("zero URL: Display %q, DisplayElided %q", d, e)
	}
	if o := u.Origin(); !o.IsOpaque() || o.String() != "null" {
		t.Errorf("zero URL: origin %v", o)
	}
}
