package webhttp

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/weburl/weburl"
)

// FuzzDoLocation follows a redirect to any Location (through a transport
// without a network) and checks what holds for every one: no panic; an
// error that is a *url.Error, with nothing more sent; or one more request
// whose target and Host are those of the Location parsed against the
// current URL (with its fragment when the Location has none), and whose
// URL ResponseURL gives back.
func FuzzDoLocation(f *testing.F) {
	for _, seed := range []string{
		"/a|b", "/100%", `\\h\x`, "/caf\xc3\xa9?q=\xc3\xa9", "/\xff", "//h/p", "http:rel",
		"../a/./b/../c", "http://0x7f.1/", "http://[::1", "ftp://h/", "?q#f", "#", "",
		"https://u:p@h:8443//a|b?#", "javascript:alert(1)", " /t\tab\n ",
	} {
		f.Add(seed, uint8(2))
	}
	base := weburl.MustParse("http://example.com/dir/page?x#frag")
	f.Fuzz(func(t *testing.T, loc string, status uint8) {
		st := 300 + int(status%10) // 300 to 309
		var sent []*http.Request
		rt := roundTripFunc(func(req *http.Request) (*http.Response, error) {
			sent = append(sent, req)
			h := http.Header{}
			code := 200
			if len(sent) == 1 {
				h["Location"] = []string{loc}
				code = st
			}
			return &http.Response{StatusCode: code, Header: h, Body: io.NopCloser(strings.NewReader("")), Request: req}, nil
		})
		req, err := NewRequest(context.Background(), "GET", base, nil)
		if err != nil {
			t.Fatal(err)
		}
		resp, err := Do(&http.Client{Transport: rt}, req)
		if err != nil {
			var ue *url.Error
			if !errors.As(err, &ue) || len(sent) != 1 {
				t.Fatalf("Location %q: error %v after %d requests", loc, err, len(sent))
			}
			return
		}
		if !isRedirect(st) || loc == "" {
			if len(sent) != 1 {
				t.Fatalf("status %d, Location %q: %d requests", st, loc, len(sent))
			}
			return
		}
		want, perr := base.Parse(loc)
		if perr != nil || len(sent) != 2 {
			t.Fatalf("Location %q: followed (%d requests) but does not parse: %v", loc, len(sent), perr)
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
		if r := ResponseURL(resp); r == nil || r.Href() != want.Href() {
			t.Errorf("Location %q: ResponseURL %v, want %s", loc, r, want.Href())
		}
	})
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(req *http.Request) (*http.Response, error) { return f(req) }
