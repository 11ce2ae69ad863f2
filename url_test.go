package weburl

import (
	"encoding/json"
	"errors"
	"net/netip"
	"testing"
)

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

// Hosts of each kind, with the host serializer's output.
var hostTests = []struct {
	input, want string
	kind        HostKind
}{
	{"https://example.com/", "example.com", Domain},
	{"https://faß.example/", "xn--fa-hia.example", Domain},
	{"https://exa%6Dple.com/", "example.com", Domain},
	{"https://0/", "0.0.0.0", IPv4},
	{"https://0x7f.1/", "127.0.0.1", IPv4},
	{"https://0177.0.0.1/", "127.0.0.1", IPv4},
	{"https://2130706433/", "127.0.0.1", IPv4},
	{"https://127.1/", "127.0.0.1", IPv4},
	{"https://1.2.3.4./", "1.2.3.4", IPv4},
	{"https://0xffffffff/", "255.255.255.255", IPv4},
	{"https://[0:0::1]/", "[::1]", IPv6},
	{"https://[1:0:0:2:0:0:0:3]/", "[1:0:0:2::3]", IPv6},
	{"https://[::ffff:127.0.0.1]/", "[::ffff:7f00:1]", IPv6},
	{"https://[1:2:3:4:5:6:7:8]/", "[1:2:3:4:5:6:7:8]", IPv6},
	{"sc://EXAMPLE.com/", "EXAMPLE.com", Opaque},
	{"sc://faß/", "fa%C3%9F", Opaque},
	{"sc://0x7f.1/", "0x7f.1", Opaque},
	{"sc:///", "", Empty},
	{"file:///p", "", Empty},
	{"mailto:x", "", NoHost},
}

func TestHostKinds(t *testing.T) {
	for _, tt := range hostTests {
		u, err := Parse(tt.input)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.input, err)
			continue
		}
		if u.Hostname() != tt.want || u.HostKind() != tt.kind {
			t.Errorf("Parse(%q): host %q kind %v, want %q %v", tt.input, u.Hostname(), u.HostKind(), tt.want, tt.kind)
		}
	}
}

// Failures and the validation error that the spec names for each.
var failureTests = []struct{ input, reason string }{
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
		if e.Err.Name() != tt.reason || e.Input != tt.input {
			t.Errorf("Parse(%q): reason %q input %q, want %q", tt.input, e.Err.Name(), e.Input, tt.reason)
		}
		var ve ValidationError
		if !errors.As(err, &ve) || ve.Name() != tt.reason {
			t.Errorf("Parse(%q): errors.As ValidationError gave %q", tt.input, ve.Name())
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
	if _, ok := findWPTDir(); ok {
		for _, c := range loadURLTests(t, "urltestdata.json") {
			inputs = append(inputs, [2]string{c.Input, deref(c.Base)})
		}
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

func TestRecord(t *testing.T) {
	u := MustParse("https://u:p@[::1]:8080/a/b?#")
	r := u.Record()
	if r.Scheme != "https" || r.Username != "u" || r.Password != "p" {
		t.Errorf("scheme, username, password: %+v", r)
	}
	if r.Host == nil || r.Host.Kind != IPv6 || r.Host.Addr != netip.MustParseAddr("::1") {
		t.Errorf("host %+v", r.Host)
	}
	if r.Port == nil || *r.Port != 8080 {
		t.Errorf("port %v", r.Port)
	}
	if len(r.Path) != 2 || r.Path[0] != "a" || r.Path[1] != "b" || r.HasOpaquePath {
		t.Errorf("path %q", r.Path)
	}
	if r.Query == nil || *r.Query != "" || r.Fragment == nil || *r.Fragment != "" {
		t.Errorf("empty query and fragment must be non-nil: %v %v", r.Query, r.Fragment)
	}
	r = MustParse("mailto:x@y").Record()
	if r.Host != nil || r.Port != nil || r.Query != nil || r.Fragment != nil || !r.HasOpaquePath || r.OpaquePath != "x@y" {
		t.Errorf("null components: %+v", r)
	}
	if r := MustParse("http://10.0.0.1/").Record(); r.Host.Addr != netip.MustParseAddr("10.0.0.1") {
		t.Errorf("IPv4 addr %v", r.Host.Addr)
	}
}

func TestParseResolvesWithoutChangingBase(t *testing.T) {
	base := MustParse("https://h/a/b?q#f")
	v, err := base.Parse("../c")
	if err != nil || v.Href() != "https://h/c" || base.Href() != "https://h/a/b?q#f" {
		t.Errorf("got %v, %v; base %q", v, err, base.Href())
	}
}

func TestSetHrefFailureLeavesURL(t *testing.T) {
	u := MustParse("https://h/p")
	if err := u.SetHref("https://[x"); err == nil {
		t.Error("SetHref of an invalid URL returned nil")
	}
	if u.Href() != "https://h/p" {
		t.Errorf("href changed to %q", u.Href())
	}
}

func TestSetterRules(t *testing.T) {
	tests := []struct {
		href, attr, value, want string
	}{
		{"https://h/", "protocol", "sc", "https://h/"},        // special to non-special: ignored
		{"sc://h/", "protocol", "https", "sc://h/"},           // and back
		{"https://u@h/", "protocol", "file", "https://u@h/"},  // file with credentials
		{"http://h:443/", "protocol", "https", "https://h/"},  // port becomes default
		{"file:///p", "username", "u", "file:///p"},           // file cannot have one
		{"https://h/", "username", "a b", "https://a%20b@h/"}, // encoded
		{"https://u:p@h/", "password", "", "https://u@h/"},    // empty password
		{"https://h:1/", "host", "x:2", "https://x:2/"},       // host and port
		{"https://h:1/", "hostname", "x:2", "https://h:1/"},   // hostname with port: fails
		{"https://h:1/", "host", "x:99999", "https://x:1/"},   // host committed, port not
		{"https://h/", "port", "8080abc", "https://h:8080/"},  // leading digits
		{"https://h:1/", "port", "", "https://h/"},            // empty: null
		{"sc:/p", "host", "h", "sc://h/p"},                    // null host becomes a host
		{"mailto:x", "pathname", "y", "mailto:x"},             // opaque: ignored
		{"https://h/p?q#f", "pathname", "a?b#c", "https://h/a%3Fb%23c?q#f"},
		{"https://h/p?q#f", "search", "", "https://h/p#f"},
		{"https://h/p?q#f", "search", "??x y", "https://h/p??x%20y#f"},
		{"https://h/p?q#f", "hash", "", "https://h/p?q"},
		{"https://h/p", "hash", "##x", "https://h/p##x"},
	}
	for _, tt := range tests {
		u := MustParse(tt.href)
		setterMethods[tt.attr](u, tt.value)
		if u.Href() != tt.want {
			t.Errorf("set %s of %q to %q: %q, want %q", tt.attr, tt.href, tt.value, u.Href(), tt.want)
		}
	}
}

func TestMarshalling(t *testing.T) {
	u := MustParse("https://h/a?b#c")
	data, err := json.Marshal(struct{ U *URL }{u})
	if err != nil || string(data) != `{"U":"https://h/a?b#c"}` {
		t.Fatalf("json: %s, %v", data, err)
	}
	var back struct{ U *URL }
	if err := json.Unmarshal(data, &back); err != nil || back.U.Href() != u.Href() {
		t.Fatalf("json back: %v, %v", back.U, err)
	}
	if err := json.Unmarshal([]byte(`{"U":"nope"}`), &back); err == nil {
		t.Error("unmarshalling an invalid URL succeeded")
	}
	var v URL
	if err := v.UnmarshalText([]byte("HTTP://X")); err != nil || v.String() != "http://x/" {
		t.Errorf("text: %q, %v", v.String(), err)
	}
}

func TestCloneIsIndependent(t *testing.T) {
	u := MustParse("https://h/p")
	c := u.Clone()
	c.SetPathname("/other")
	if u.Href() != "https://h/p" || c.Href() != "https://h/other" {
		t.Errorf("u %q, clone %q", u.Href(), c.Href())
	}
}

func TestOrigin(t *testing.T) {
	tests := map[string]string{
		"https://h:443/p":       "https://h",
		"http://h:8080/":        "http://h:8080",
		"ftp://h/":              "ftp://h",
		"blob:https://h:1/uuid": "https://h:1",
		"blob:ftp://h/uuid":     "null",
		"blob:not a url":        "null",
		"file:///p":             "null",
		"sc://h/":               "null",
		"wss://[::1]:9/":        "wss://[::1]:9",
	}
	for in, want := range tests {
		if got := MustParse(in).Origin().String(); got != want {
			t.Errorf("Origin(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestRedacted(t *testing.T) {
	if got := MustParse("https://u:secret@h/").Redacted(); got != "https://u:xxxxx@h/" {
		t.Errorf("got %q", got)
	}
	if got := MustParse("https://u@h/").Redacted(); got != "https://u@h/" {
		t.Errorf("got %q", got)
	}
}
