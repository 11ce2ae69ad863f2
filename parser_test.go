package weburl

import (
	"errors"
	"strings"
	"testing"
)

// fullRun is what the full parser gave: the URL, or nil and the reason of
// the failure; and its count of the work it did (parser.count).
type fullRun struct {
	url    *URL
	reason ValidationError
	work   int
}

// fullParse runs the full parser from the first byte, without the fast
// path or a resume point: the parse that every shortcut must equal.
func fullParse(input string, base *URL, opts *Parser) fullRun {
	if opts != nil && opts.Encoding != nil {
		useLegacyEncodings() // as (*Parser).Parse does: else the query is UTF-8
	}
	p := getParser()
	defer putParser(p)
	p.begin(input, base, opts, nil)
	if !p.run() {
		return fullRun{reason: p.errs.reason(), work: p.work}
	}
	u := p.output(nil, input)
	return fullRun{url: u, work: p.work}
}

// Cases written from the spec's steps, one or more per parser state; the
// expected hrefs are worked out by hand from url.bs.
var parseTests = []struct {
	state, input, base, want string
}{
	{"scheme start: not alpha, no base", "1http://x", "", ""},
	{"scheme: uppercase is lowered", "HtTp://x", "", "http://x/"},
	{"scheme: restart as no scheme", "a@b:c", "https://h/p", "https://h/a@b:c"},
	{"no scheme: opaque base, fragment only", "#frag", "mailto:x?y", "mailto:x?y#frag"},
	{"no scheme: opaque base, path", "p", "mailto:x", ""},
	{"special relative or authority: one slash", "http:/x", "http://h/a", "http://h/x"},
	{"special relative or authority: two slashes", "http://x/y", "http://h/a", "http://x/y"},
	{"path or authority: path", "sc:/a/b", "", "sc:/a/b"},
	{"path or authority: authority", "sc://h/a", "", "sc://h/a"},
	{"relative: query only keeps path", "?q", "https://h/a/b?old#f", "https://h/a/b?q"},
	{"relative: fragment keeps query", "#g", "https://h/a/b?old#f", "https://h/a/b?old#g"},
	{"relative: path replaces last segment", "c", "https://h/a/b?old", "https://h/a/c"},
	{"relative: empty input drops fragment", "", "https://h/a/b?q#f", "https://h/a/b?q"},
	{"relative slash: backslash in special", "\\\\x/y", "https://h/a", "https://x/y"},
	{"relative slash: path from root", "/z", "sc://h/a/b", "sc://h/z"},
	{"special authority slashes: missing", "https:h/p", "", "https://h/p"},
	{"special authority ignore slashes: many", "https:////h/p", "", "https://h/p"},
	{"authority: credentials", "https://u:p@h/", "", "https://u:p@h/"},
	{"authority: last @ wins", "https://a@b@c/", "", "https://a%40b@c/"},
	{"authority: second colon is encoded", "https://a:b:c@h/", "", "https://a:b%3Ac@h/"},
	{"authority: empty credentials vanish", "https://:@h/", "", "https://h/"},
	{"authority: @ without host", "https://u@/", "", ""},
	{"host: uppercase domain lowered", "https://EXAMPLE.Com/", "", "https://example.com/"},
	{"host: empty special", "https:///", "", ""},
	{"host: empty non-special", "sc:///p", "", "sc:///p"},
	{"host: port without host", "https://:80/", "", ""},
	{"port: default dropped", "https://h:443/", "", "https://h/"},
	{"port: leading zeros", "http://h:0081/", "", "http://h:81/"},
	{"port: out of range", "http://h:65536/", "", ""},
	{"port: invalid", "http://h:8x/", "", ""},
	{"port: empty", "http://h:/", "", "http://h/"},
	{"file: no slashes", "file:a/b", "", "file:///a/b"},
	{"file: base file, drive letter", "C|/x", "file:///D:/y", "file:///C:/x"},
	{"file: base query dropped by path", "z", "file:///a/b?q", "file:///a/z"},
	{"file slash: keeps base drive", "/x", "file:///C:/y", "file:///C:/x"},
	{"file host: localhost is empty", "file://LOCALHOST/p", "", "file:///p"},
	{"file host: drive letter", "file://C|/p", "", "file:///C:/p"},
	{"file host: a host", "file://server/share", "", "file://server/share"},
	{"path start: non-special query", "sc://h?q", "", "sc://h?q"},
	{"path: dot segments", "https://h/a/./b/../c", "", "https://h/a/c"},
	{"path: encoded dots", "https://h/a/%2e%2E/b/%2e", "", "https://h/b/"},
	{"path: trailing ..", "https://h/a/b/..", "", "https://h/a/"},
	{"path: encode set", "https://h/ \"<>`#", "", "https://h/%20%22%3C%3E%60#"},
	{"path: ^ { } are encoded", "https://h/^{}", "", "https://h/%5E%7B%7D"},
	{"path: shorten keeps file drive", "file:///C:/..", "", "file:///C:/"},
	{"path: null host and // path", "sc:/.//p", "", "sc:/.//p"},
	{"path: null host, .. makes //", "sc:/a/..//p", "", "sc:/.//p"},
	{"opaque path: spaces", "sc:a b c", "", "sc:a b c"},
	{"opaque path: space before ?", "sc:a ?q", "", "sc:a%20?q"},
	{"opaque path: space before #", "sc:a #f", "", "sc:a%20#f"},
	{"opaque path: C0 encoded", "sc:a\x01b", "", "sc:a%01b"},
	{"query: special encodes '", "https://h/?'\"", "", "https://h/?%27%22"},
	{"query: non-special keeps '", "sc://h/?'\"", "", "sc://h/?'%22"},
	{"query: non-ASCII", "https://h/?é", "", "https://h/?%C3%A9"},
	{"fragment: encode set", "https://h/#a b`<>", "", "https://h/#a%20b%60%3C%3E"},
	{"trim: C0 and space", "\x00 https://h/ \x1f", "", "https://h/"},
	{"tab and newline removed", "ht\ttp://h\n/p\r", "", "http://h/p"},
	{"invalid UTF-8 is U+FFFD", "https://h/\xff", "", "https://h/%EF%BF%BD"},
}

func TestParseStates(t *testing.T) {
	for _, tt := range parseTests {
		var u *URL
		var err error
		if tt.base == "" {
			u, err = Parse(tt.input)
		} else {
			u, err = ParseRef(tt.input, tt.base)
		}
		if tt.want == "" {
			if err == nil {
				t.Errorf("%s: Parse(%q) = %q, want failure", tt.state, tt.input, u.Href())
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: Parse(%q): %v", tt.state, tt.input, err)
			continue
		}
		if u.Href() != tt.want {
			t.Errorf("%s: Parse(%q, %q) = %q, want %q", tt.state, tt.input, tt.base, u.Href(), tt.want)
		}
	}
}

// Failures and the validation error that the spec names for each.
var failureTests = []struct {
	input  string
	reason ErrorName
}{
	{"http://[::1", IPv6Unclosed},
	{"http://[:1]", IPv6InvalidCompression},
	{"http://[1:2:3:4:5:6:7:8:9]", IPv6TooManyPieces},
	{"http://[1::1::1]", IPv6MultipleCompression},
	{"http://[1:2:3!:4]", IPv6InvalidCodePoint},
	{"http://[1:2:3]", IPv6TooFewPieces},
	{"http://[1:1:1:1:1:1:1:127.0.0.1]", IPv4InIPv6TooManyPieces},
	{"http://[ffff::127.00.0.1]", IPv4InIPv6InvalidCodePoint},
	{"http://[ffff::127.0.0.4000]", IPv4InIPv6OutOfRangePart},
	{"http://[ffff::127.0.0]", IPv4InIPv6TooFewParts},
	{"http://1.2.3.4.5/", IPv4TooManyParts},
	{"http://test.42/", IPv4NonNumericPart},
	{"http://255.255.4000.1/", IPv4OutOfRangePart},
	{"sc://exa[mple/", HostInvalidCodePoint},
	{"http://ex ample/", DomainToASCII},
	{"http://exa%23mple/", DomainToASCII},
	{"💩", MissingSchemeNonRelativeURL},
	{"https://#f", HostMissing},
	{"https://h:70000/", PortOutOfRange},
	{"https://h:7z/", PortInvalid},
}

func TestFailureReasons(t *testing.T) {
	for _, tt := range failureTests {
		_, err := Parse(tt.input)
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("Parse(%q): error %v, want *Error", tt.input, err)
			continue
		}
		if nameOf(e) != tt.reason || e.Input != tt.input {
			t.Errorf("Parse(%q): reason %q input %q, want %q", tt.input, nameOf(e), e.Input, tt.reason)
		}
		if e.Err != tt.reason {
			t.Errorf("Parse(%q): Err %v, want the ErrorName %q itself", tt.input, e.Err, tt.reason)
		}
	}
}

func TestErrorMessage(t *testing.T) {
	_, err := Parse("http://[::1")
	if got, want := err.Error(), `weburl: parse "http://[::1": IPv6-unclosed`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	_, err = ParseRef("x", "nope")
	if got, want := err.Error(), `weburl: parse base "nope": missing-scheme-non-relative-URL`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	_, err = ParseRef("http://a b", "https://h/")
	if got, want := err.Error(), `weburl: parse "http://a b" against "https://h/": domain-to-ASCII`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	// A relative reference: the spec's name, and how to resolve it.
	_, err = Parse("/a/b")
	if got, want := err.Error(), `weburl: parse "/a/b": missing-scheme-non-relative-URL (no scheme: a relative reference needs a base URL, resolve it with base.Parse(ref))`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	// Against a base with an opaque path only a fragment resolves.
	_, err = ParseRef("x", "mailto:a@b")
	if got, want := err.Error(), `weburl: parse "x" against "mailto:a@b": missing-scheme-non-relative-URL (the base has an opaque path: only a fragment (#...) resolves against it)`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// TestErrorMessageBounded: a huge bad input makes a short message, which
// says how much it left out; Input keeps the input whole.
func TestErrorMessageBounded(t *testing.T) {
	// 1,022 ASCII bytes, then é (2 bytes) ends at 1,024; then ü straddles
	// the limit and is left out whole, with the rest.
	input := "http://[" + strings.Repeat("a", 1014) + "é" + "ü" + strings.Repeat("b", 100000)
	_, err := Parse(input)
	var pe *Error
	if !errors.As(err, &pe) || pe.Input != input {
		t.Fatalf("Input not kept whole: %v", err)
	}
	want := `weburl: parse "http://[` + strings.Repeat("a", 1014) + `é"… (100002 more bytes): ` + string(nameOf(pe))
	if got := err.Error(); got != want {
		t.Errorf("got %.200q…, want %.200q…", got, want)
	}
	if got := err.Error(); len(got) > 1200 {
		t.Errorf("message of %d bytes for an input of %d", len(got), len(input))
	}
	// The base is bounded too.
	base := "sc:" + strings.Repeat("x", 5000)
	_, err = ParseRef("y", base)
	want = `weburl: parse "y" against "sc:` + strings.Repeat("x", 1021) + `"… (3979 more bytes): missing-scheme-non-relative-URL`
	if got := err.Error(); !strings.HasPrefix(got, want) {
		t.Errorf("got %.1100q, want prefix %.1100q", got, want)
	}
	// At the limit nothing is left out.
	exact := "x" + strings.Repeat("y", 1023)
	_, err = Parse(exact)
	if got := err.Error(); !strings.HasPrefix(got, `weburl: parse "`+exact+`": `) {
		t.Errorf("got %.1100q", got)
	}
}

// TestIdempotence checks the spec's promise that a URL's href parses back
// to the same URL, on every WPT input that parses and on our own cases.
func TestIdempotence(t *testing.T) {
	var inputs [][2]string
	for _, tt := range parseTests {
		inputs = append(inputs, [2]string{tt.input, tt.base})
	}
	for _, tt := range hostTests {
		inputs = append(inputs, [2]string{tt.input, ""})
	}
	for _, c := range loadURLTests(t, "urltestdata.tsv") {
		inputs = append(inputs, [2]string{c.Input, deref(c.Base)})
	}
	checked := 0
	for _, in := range inputs {
		var u *URL
		var err error
		if in[1] == "" || in[1] == "<nil>" {
			u, err = Parse(in[0])
		} else {
			u, err = ParseRef(in[0], in[1])
		}
		if err != nil {
			continue
		}
		checked++
		v, err := Parse(u.Href())
		if err != nil || v.Href() != u.Href() || v.layout != u.layout {
			t.Errorf("Parse(%q) = %q, which reparses to %v, %v", in[0], u.Href(), v, err)
		}
	}
	if checked < 50 {
		t.Errorf("only %d URLs checked", checked)
	}
}

func TestCanParseAllocatesNothing(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's sync.Pool drops items at random; allocation counts are checked without -race")
	}
	base := "https://example.com/a/b"
	n := testing.AllocsPerRun(100, func() {
		if !CanParse("https://user@EXAMPLE.com:8080/a/../b?q=1#f") || CanParse("http://[::1") ||
			!CanParseRef("../c?d", base) || CanParseRef("x", "nope") {
			t.Fatal("wrong answer")
		}
		// Canonical input (the fast path), and hosts longer than Go's
		// 32-byte buffer for temporary strings, as a domain and as IPv4.
		if !CanParse("https://example.com/a?b#c") ||
			!CanParse("https://A-LONG-HOST-NAME-OF-MORE-THAN-32-BYTES.example.com/x") ||
			!CanParse("https://0x7f.000000000000000000000000000000000000001/") {
			t.Fatal("wrong answer")
		}
	})
	if n != 0 {
		t.Errorf("CanParse allocated %v times, want 0", n)
	}
}

func TestParseKeepsCanonicalInput(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's sync.Pool drops items at random; allocation counts are checked without -race")
	}
	in := "https://example.com/a?b#c"
	n := testing.AllocsPerRun(100, func() { _, _ = Parse(in) })
	if n > 1 {
		t.Errorf("Parse of a canonical URL allocated %v times, want 1 (the URL)", n)
	}
}

func TestParseResolvesWithoutChangingBase(t *testing.T) {
	base := MustParse("https://h/a/b?q#f")
	v, err := base.Parse("../c")
	if err != nil || v.Href() != "https://h/c" || base.Href() != "https://h/a/b?q#f" {
		t.Errorf("got %v, %v; base %q", v, err, base.Href())
	}
}

// An href must fit 32-bit offsets; with the limit lowered, every way to
// make a longer one fails with HrefTooLong and changes nothing.
func TestHrefTooLong(t *testing.T) {
	defer func(n int) { maxHrefLen = n }(maxHrefLen)
	maxHrefLen = 40
	long := "https://example.com/" + strings.Repeat("a", 30) // canonical: the fast path's
	for _, in := range []string{long, long + " ", "https://EXAMPLE.com/" + strings.Repeat("a", 30)} {
		_, err := Parse(in)
		var e *Error
		if !errors.As(err, &e) || nameOf(e) != HrefTooLong {
			t.Errorf("Parse(%q): %v, want %s", in, err, HrefTooLong)
		}
		if CanParse(in) {
			t.Errorf("CanParse(%q) = true", in)
		}
	}
	u := MustParse("https://example.com/")
	if err := u.SetHref(long); err == nil || u.Href() != "https://example.com/" {
		t.Errorf("SetHref: %v, href %q", err, u.Href())
	}
	if err := u.SetPathname(strings.Repeat("b", 30)); err == nil {
		t.Error("SetPathname: a path that makes the href too long was accepted")
	}
	if err := u.SetUsername(strings.Repeat("c", 30)); err == nil {
		t.Error("SetUsername: a username that makes the href too long was accepted")
	}
	u.SearchParams().Append("d", strings.Repeat("e", 30))
	if u.Href() != "https://example.com/" {
		t.Errorf("setters made %q", u.Href())
	}
	if err := (&Parser{}).Set(u, AttrUsername, strings.Repeat("c", 30)); err == nil {
		t.Error("a username that makes the href too long was accepted")
	}
}

// indexTabOrNewline reads eight bytes at a time; every length, position
// and low byte must give the first byte below 0x0E.
func TestIndexTabOrNewline(t *testing.T) {
	for n := 0; n < 40; n++ {
		for pos := 0; pos <= n; pos++ {
			for _, c := range []byte{'\t', '\n', '\r', 0x00, 0x0D, 0x0E, 0x7F, 0x80, 0xFF, ' '} {
				b := []byte(strings.Repeat("a", n))
				if pos < n {
					b[pos] = c
				}
				s := string(b)
				want := len(s)
				if pos < n && c < 0x0E {
					want = pos
				}
				if got := indexTabOrNewline(s); got != want {
					t.Fatalf("indexTabOrNewline(%q) = %d, want %d", s, got, want)
				}
			}
		}
	}
}
