package dataurl

import (
	"bytes"
	"encoding/base64"
	"errors"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/wptdata"
)

// WPT's data: URL and forgiving-base64 vectors (testdata/fetch, written by
// internal/cmd/wptextract from ../shared/wpt/fetch; CI checks that they are
// in sync), read as WPT's fetch/data-urls/processing.any.js,
// base64.any.js and html/webappapis/atob/base64.any.js read them.

func loadFetch(t *testing.T, name string, want int) []wptdata.Line {
	t.Helper()
	lines, err := wptdata.Read(filepath.Join("..", "testdata", "fetch", name))
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) != want {
		t.Fatalf("%s: %d cases, want %d", name, len(lines), want)
	}
	return lines
}

// TestWPTDataURLs: fetch(input) fails exactly where the type is null;
// otherwise the response's Content-Type is the type and its body the
// bytes.
func TestWPTDataURLs(t *testing.T) {
	for _, l := range loadFetch(t, "data-urls.tsv", 78) {
		input, typ := l.Fields[0].String(), l.Fields[1].Value
		d, err := Parse(input)
		if typ == nil {
			if err == nil {
				t.Errorf("data-urls.tsv:%d: Parse(%q) = %q, %q; want a failure", l.N, input, d.MIMEType, d.Body)
			} else if e := (*Error)(nil); !errors.As(err, &e) {
				t.Errorf("data-urls.tsv:%d: Parse(%q): %v is not an *Error", l.N, input, err)
			}
			continue
		}
		body := l.Fields[2].String()
		switch {
		case err != nil:
			t.Errorf("data-urls.tsv:%d: Parse(%q): %v; want %q, %q", l.N, input, err, *typ, body)
		case d.MIMEType.String() != *typ || string(d.Body) != body:
			t.Errorf("data-urls.tsv:%d: Parse(%q) = %q, %q; want %q, %q", l.N, input, d.MIMEType, d.Body, *typ, body)
		}
	}
}

// TestWPTBase64: fetch("data:;base64," + input) and atob(input) fail
// exactly where the bytes are null, and give the bytes otherwise.
func TestWPTBase64(t *testing.T) {
	for _, l := range loadFetch(t, "base64.tsv", 80) {
		input, want := l.Fields[0].String(), l.Fields[1].Value
		got, err := DecodeBase64(input)
		switch {
		case want == nil && err == nil:
			t.Errorf("base64.tsv:%d: DecodeBase64(%q) = %q, want a failure", l.N, input, got)
		case want == nil && !strings.HasPrefix(err.Error(), "dataurl: forgiving-base64 decode "+strconv.Quote(input)+": "):
			t.Errorf("base64.tsv:%d: DecodeBase64(%q): %v does not name the input", l.N, input, err)
		case want != nil && err != nil:
			t.Errorf("base64.tsv:%d: DecodeBase64(%q): %v, want %q", l.N, input, err, *want)
		case want != nil && !bytes.Equal(got, []byte(*want)):
			t.Errorf("base64.tsv:%d: DecodeBase64(%q) = %q, want %q", l.N, input, got, *want)
		}

		d, err := Parse("data:;base64," + input)
		switch {
		case want == nil && err == nil:
			t.Errorf("base64.tsv:%d: Parse(data:;base64,%s) = %q, want a failure", l.N, input, d.Body)
		case want != nil && err != nil:
			t.Errorf("base64.tsv:%d: Parse(data:;base64,%s): %v, want %q", l.N, input, err, *want)
		case want != nil && (!bytes.Equal(d.Body, []byte(*want)) || d.MIMEType.String() != "text/plain;charset=US-ASCII"):
			t.Errorf("base64.tsv:%d: Parse(data:;base64,%s) = %q, %q; want text/plain;charset=US-ASCII, %q", l.N, input, d.MIMEType, d.Body, *want)
		}

		// Where encoding/base64 takes the input (padded, or without
		// padding: RawStdEncoding), it agrees.
		if std, err := base64.StdEncoding.DecodeString(input); err == nil && (want == nil || !bytes.Equal(std, []byte(*want))) {
			t.Errorf("base64.tsv:%d: %q: StdEncoding gives %q, WPT %v", l.N, input, std, want)
		}
	}
}

// The zero URL, nil, and a URL of another scheme are refused with an
// *Error; so is a data: URL without ",".
func TestProcessRefuses(t *testing.T) {
	http, _ := weburl.Parse("https://example.com/,x")
	noComma, _ := weburl.Parse("data:text/plain;base64")
	for _, c := range []struct {
		u    *weburl.URL
		want string
	}{
		{nil, "dataurl: process \"\": no URL (nil or the zero URL)"},
		{&weburl.URL{}, "dataurl: process \"\": no URL (nil or the zero URL)"},
		{http, `dataurl: process "https://example.com/,x": the scheme is "https", not "data"`},
		{noComma, `dataurl: process "data:text/plain;base64": no U+002C (,) follows the MIME type`},
	} {
		d, err := Process(c.u)
		if err == nil || err.Error() != c.want {
			t.Errorf("Process(%v) = %v, %v; want the error %s", c.u, d, err, c.want)
		}
	}
}
