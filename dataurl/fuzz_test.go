package dataurl

import (
	"bytes"
	"encoding/base64"
	"path/filepath"
	"strings"
	"testing"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/wptdata"
	"github.com/weburl/weburl/mimetype"
)

func addWPTSeeds(f *testing.F, prefix string) {
	for _, name := range []string{"data-urls.tsv", "base64.tsv"} {
		lines, err := wptdata.Read(filepath.Join("..", "testdata", "fetch", name))
		if err != nil {
			f.Fatal(err)
		}
		for _, l := range lines {
			in := l.Fields[0].String()
			if name == "base64.tsv" {
				in = prefix + in
			}
			f.Add(in)
		}
	}
}

// FuzzProcess: Parse never panics; what it returns has a MIME type that
// serializes and parses back, and a body no longer than the URL's
// serialization (percent-decoding and base64 only shrink it), which is at
// most 9 bytes per input byte.
func FuzzProcess(f *testing.F) {
	addWPTSeeds(f, "data:;base64,")
	f.Fuzz(func(t *testing.T, s string) {
		d, err := Parse(s)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "dataurl: ") {
				t.Fatalf("Parse(%q): %v", s, err)
			}
			return
		}
		u, err := weburl.Parse(s)
		if err != nil {
			t.Fatalf("Parse(%q) succeeds where weburl.Parse fails: %v", s, err)
		}
		if len(d.Body) > len(u.Href()) {
			t.Fatalf("Parse(%q): %d bytes of body from a URL of %d", s, len(d.Body), len(u.Href()))
		}
		typ := d.MIMEType.String()
		if m, err := mimetype.Parse(typ); err != nil || m.String() != typ {
			t.Fatalf("Parse(%q): MIME type %q does not parse back: %v, %v", s, typ, m, err)
		}
	})
}

// FuzzDecodeBase64: DecodeBase64 agrees with encoding/base64 on every
// input that StdEncoding (or RawStdEncoding, without padding) takes once
// ASCII whitespace is removed; and whatever DecodeBase64 takes,
// RawStdEncoding takes once whitespace and padding are removed.
func FuzzDecodeBase64(f *testing.F) {
	addWPTSeeds(f, "")
	f.Add("YWJjZGVmZ2hp YWJj\n")
	f.Fuzz(func(t *testing.T, s string) {
		got, err := DecodeBase64(s)
		clean := strings.Map(func(r rune) rune {
			if strings.ContainsRune("\t\n\f\r ", r) {
				return -1
			}
			return r
		}, s)
		for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding} {
			if want, errStd := enc.DecodeString(clean); errStd == nil && (err != nil || !bytes.Equal(got, want)) {
				t.Fatalf("DecodeBase64(%q) = %q, %v; encoding/base64 gives %q", s, got, err, want)
			}
		}
		if err != nil {
			return
		}
		unpadded := clean
		if len(clean)%4 == 0 {
			unpadded = strings.TrimSuffix(strings.TrimSuffix(clean, "="), "=")
		}
		want, errRaw := base64.RawStdEncoding.DecodeString(unpadded)
		if errRaw != nil || !bytes.Equal(got, want) {
			t.Fatalf("DecodeBase64(%q) = %q; RawStdEncoding of %q gives %q, %v", s, got, unpadded, want, errRaw)
		}
	})
}
