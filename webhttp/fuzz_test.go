package webhttp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/weburl/weburl"
)

// FuzzDoLocation follows a redirect to any Location (through a transport
// without a network) and checks what holds for every one: no panic; an
// error that is a *url.Error, with nothing more sent, exactly when the
// Location read byte by byte (bytewise, below) fails to parse or is not
// HTTP(S); else one more request whose target and Host are those of that
// URL (with the current fragment when the Location has none), without
// credentials, and whose URL ResponseURL gives back. The Location's field
// is "Location" or, for a status with its high bit set, "Location ", as
// net/http keeps a field written "Location : x".
func FuzzDoLocation(f *testing.F) {
	for _, seed := range []string{
		"/a|b", "/100%", `\\h\x`, "/caf\xc3\xa9?q=\xc3\xa9", "/\xff", "//h/p", "http:rel",
		"../a/./b/../c", "http://0x7f.1/", "http://[::1", "ftp://h/", "?q#f", "#", "",
		"https://u:p@h:8443//a|b?#", "javascript:alert(1)", " /t\tab\n ",
		"/caf\xe9?q=\xe9#\xe9", "http://u\xe9:p\xff@h/", "http://caf\xe9.example/", "h\xe9ttp://h/",
		"http://h:8\xe9/", "/%\xe2\x98\x83", "/\xed\xa0\x80", "#frag", "   ", "sc://\xe9/",
	} {
		f.Add(seed, uint8(2))
		f.Add(seed, uint8(0x80|2))
	}
	base := weburl.MustParse("http://example.com/dir/page?x#frag")
	f.Fuzz(func(t *testing.T, loc string, status uint8) {
		st := 300 + int(status&0x7f%10) // 300 to 309
		key := "Location"
		if status&0x80 != 0 {
			key = "Location "
		}
		var sent []*http.Request
		rt := roundTripFunc(func(req *http.Request) (*http.Response, error) {
			sent = append(sent, req)
			h := http.Header{}
			code := 200
			if len(sent) == 1 {
				h[key] = []string{loc}
				code = st
			}
			return &http.Response{StatusCode: code, Header: h, Body: io.NopCloser(strings.NewReader("")), Request: req}, nil
		})
		req, err := NewRequest(context.Background(), "GET", base, nil)
		if err != nil {
			t.Fatal(err)
		}
		if skipBytewise(loc) {
			return
		}
		want := bytewise(base, loc)
		followed := isRedirect(st) && want != nil
		resp, err := Do(&http.Client{Transport: rt}, req)
		if err != nil {
			var ue *url.Error
			if !errors.As(err, &ue) || len(sent) != 1 {
				t.Fatalf("Location %q: error %v after %d requests", loc, err, len(sent))
			}
			if followed {
				t.Fatalf("Location %q: %v, but it reads as %s", loc, err, want.Href())
			}
			return
		}
		if !followed {
			if len(sent) != 1 {
				t.Fatalf("status %d, Location %q: %d requests", st, loc, len(sent))
			}
			return
		}
		if len(sent) != 2 {
			t.Fatalf("Location %q: %d requests, want 2", loc, len(sent))
		}
		if _, ok := want.Fragment(); !ok {
			want.SetHash("#frag")
		}
		got := sent[1]
		target := got.URL.RequestURI()
		if strings.HasPrefix(target, "http") { // absolute form, for a "//" path
			target = target[strings.Index(target, "//")+2+len(got.URL.Host):]
		}
		if target != want.RequestURI() || got.Host != want.Host() {
			t.Errorf("Location %q: sent %q to %q, want %q to %q", loc, target, got.Host, want.RequestURI(), want.Host())
		}
		if got.URL.User != nil || got.Header.Get("Authorization") != "" {
			t.Errorf("Location %q: sent credentials, User %v, Authorization %q", loc, got.URL.User, got.Header.Get("Authorization"))
		}
		if r := ResponseURL(resp); r == nil || r.Href() != want.Href() {
			t.Errorf("Location %q: ResponseURL %v, want %s", loc, r, want.Href())
		}
	})
}

// bytewise parses loc against base reading each byte that is not part of
// valid UTF-8 as one unit that percent-encodes to itself, the reading
// browsers give a Location, in a way of its own: each such byte b becomes
// the private-use code point U+F700+b, which every state percent-encodes
// as it does any code point above U+007E and which UTS #46 disallows in a
// domain as it does U+FFFD; the encodings of those code points in the href
// ("%EF%9E%80" to "%EF%9F%BF") are then turned into "%b". It returns nil
// when the URL fails to parse or is not an HTTP(S) URL.
func bytewise(base *weburl.URL, loc string) *weburl.URL {
	// The parser's first step, removing ASCII tabs and newlines, comes
	// before the bytes are read as UTF-8, as in Chromium, which strips
	// them from the bytes: "\xdb\n\x8f" is U+06CF.
	loc = strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(loc)
	var b strings.Builder
	for i := 0; i < len(loc); {
		r, n := utf8.DecodeRuneInString(loc[i:])
		if r == utf8.RuneError && n == 1 {
			b.WriteRune(0xF700 + rune(loc[i]))
		} else {
			b.WriteString(loc[i : i+n])
		}
		i += n
	}
	u, err := base.Parse(b.String())
	if err != nil || u.Scheme() != "http" && u.Scheme() != "https" {
		return nil
	}
	href := u.Href()
	var out strings.Builder
	for i := 0; i < len(href); i++ {
		if c, ok := placeholder(href[i:]); ok {
			fmt.Fprintf(&out, "%%%02X", c)
			i += 8
			continue
		}
		out.WriteByte(href[i])
	}
	v, err := weburl.Parse(out.String())
	if err != nil {
		panic("the bytewise href does not parse: " + out.String())
	}
	return v
}

// placeholder reports whether s starts with the percent-encoded UTF-8 of
// U+F780 to U+F7FF, and the byte it stands for.
func placeholder(s string) (byte, bool) {
	if len(s) < 9 || s[0] != '%' || s[3] != '%' || s[6] != '%' {
		return 0, false
	}
	var v [3]uint64
	for j := range v {
		x, err := strconv.ParseUint(s[3*j+1:3*j+3], 16, 8)
		if err != nil || s[3*j+1] >= 'a' || s[3*j+2] >= 'a' { // the serializer writes upper case
			return 0, false
		}
		v[j] = x
	}
	if v[0] != 0xEF || v[1] != 0x9E && v[1] != 0x9F || v[2] < 0x80 || v[2] > 0xBF {
		return 0, false
	}
	return byte((v[1]&0x3F)<<6 | v[2]&0x3F - 0x700), true
}

// skipBytewise reports whether loc holds the placeholders of bytewise, or
// an encoding of one, which it would take for a byte.
func skipBytewise(loc string) bool {
	for _, r := range loc {
		if r >= 0xF780 && r <= 0xF7FF {
			return true
		}
	}
	u := strings.ToUpper(loc)
	return strings.Contains(u, "%EF%9E") || strings.Contains(u, "%EF%9F")
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(req *http.Request) (*http.Response, error) { return f(req) }

// The reference reading of FuzzDoLocation gives WPT's and Chromium's
// answers.
func TestBytewise(t *testing.T) {
	base := weburl.MustParse("http://h/dir/page")
	for _, tc := range []struct{ loc, want string }{
		{"/caf\xe9?q=\xe9#\xe9", "http://h/caf%E9?q=%E9#%E9"},
		{"top.txt?\xff", "http://h/dir/top.txt?%FF"},
		{"top.txt?%\xe2\x98\x83", "http://h/dir/top.txt?%%E2%98%83"},
		{"http://u\xe9:p\xff@x/", "http://u%E9:p%FF@x/"},
		{"/\xed\xa0\x80", "http://h/%ED%A0%80"},
		{"http://caf\xe9.example/", ""}, // U+FFFD, or the byte, in a domain fails
		{"ftp://x/\xe9", ""},
	} {
		got := ""
		if u := bytewise(base, tc.loc); u != nil {
			got = u.Href()
		}
		if got != tc.want {
			t.Errorf("bytewise(%q) = %q, want %q", tc.loc, got, tc.want)
		}
	}
}
