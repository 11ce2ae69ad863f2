package playground

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// TestDataView: a data: URL's MIME type and body as the Fetch Standard's
// data: URL processor reads them, shown as text, or in a hex dump (and a
// preview for an image).
func TestDataView(t *testing.T) {
	h := Handler(Options{})
	text := func(s string) *string { return &s }
	tests := []struct {
		input string
		want  DataView
	}{
		// No type: text/plain;charset=US-ASCII (data: URL processor, step
		// 13), which the Encoding Standard reads as windows-1252.
		{"data:,hello%20world", DataView{MIMEType: "text/plain;charset=US-ASCII", Essence: "text/plain",
			Params: [][2]string{{"charset", "US-ASCII"}}, Encoding: "windows-1252", Length: 11, Shown: 11, Text: text("hello world")}},
		{"data:text/plain;charset=utf-8,caf%C3%A9", DataView{MIMEType: "text/plain;charset=utf-8", Essence: "text/plain",
			Params: [][2]string{{"charset", "utf-8"}}, Encoding: "UTF-8", Length: 5, Shown: 5, Text: text("café")}},
		// The same bytes under windows-1252 are "cafÃ©" in a browser: not
		// shown as UTF-8 text.
		{"data:,caf%C3%A9", DataView{MIMEType: "text/plain;charset=US-ASCII", Essence: "text/plain",
			Params: [][2]string{{"charset", "US-ASCII"}}, Encoding: "windows-1252", Length: 5, Shown: 5,
			Hex:       "00000000  63 61 66 c3 a9                                    |caf..|\n",
			HexReason: "the bytes are not ASCII and the charset is windows-1252"}},
		// UTF-16 reads even ASCII bytes as other characters.
		{"data:text/plain;charset=utf-16,hi", DataView{MIMEType: "text/plain;charset=utf-16", Essence: "text/plain",
			Params: [][2]string{{"charset", "utf-16"}}, Encoding: "UTF-16LE", Length: 2, Shown: 2,
			Hex:       "00000000  68 69                                             |hi|\n",
			HexReason: "the charset is UTF-16LE, whose bytes are not ASCII's"}},
		// iso-2022-kr is a label of the replacement encoding (the
		// Encoding Standard's table of names and labels), which decodes
		// any bytes to one U+FFFD.
		{"data:text/plain;charset=iso-2022-kr,hi", DataView{MIMEType: "text/plain;charset=iso-2022-kr", Essence: "text/plain",
			Params: [][2]string{{"charset", "iso-2022-kr"}}, Encoding: "replacement", Length: 2, Shown: 2,
			Hex:       "00000000  68 69                                             |hi|\n",
			HexReason: "the charset is replacement, whose bytes are not ASCII's"}},
		// JSON and XML MIME types are text (MIME Sniffing §4.6).
		{`data:application/ld+json,{"a":1}`, DataView{MIMEType: "application/ld+json", Essence: "application/ld+json",
			Params: [][2]string{}, Length: 7, Shown: 7, Text: text(`{"a":1}`)}},
		// The 8-byte PNG signature (PNG §5.2), base64 by RFC 4648.
		{"data:image/png;base64,iVBORw0KGgo=", DataView{MIMEType: "image/png", Essence: "image/png", Params: [][2]string{},
			Length: 8, Shown: 8, Hex: "00000000  89 50 4e 47 0d 0a 1a 0a                           |.PNG....|\n",
			HexReason: "the type is not text", Image: "iVBORw0KGgo="}},
		// SVG is an image and XML: text, hex and a preview.
		{"data:image/svg+xml,%3Csvg/%3E", DataView{MIMEType: "image/svg+xml", Essence: "image/svg+xml", Params: [][2]string{},
			Length: 6, Shown: 6, Text: text("<svg/>"), Hex: "00000000  3c 73 76 67 2f 3e                                 |<svg/>|\n",
			Image: "PHN2Zy8+"}},
		// Spaces before ";base64" and a type that does not parse (WPT's
		// data-urls.json): text/plain;charset=US-ASCII, and the base64 body.
		{"data:x/x/x;base64,YWI=", DataView{MIMEType: "text/plain;charset=US-ASCII", Essence: "text/plain",
			Params: [][2]string{{"charset", "US-ASCII"}}, Encoding: "windows-1252", Length: 2, Shown: 2, Text: text("ab")}},
		{"data:application/octet-stream,%00%FF", DataView{MIMEType: "application/octet-stream", Essence: "application/octet-stream",
			Params: [][2]string{}, Length: 2, Shown: 2, Hex: "00000000  00 ff                                             |..|\n",
			HexReason: "the type is not text"}},
	}
	for _, tt := range tests {
		a := decode[ParseAnswer](t, post(t, h, "/api/parse", request{URL: tt.input}))
		if a.Data == nil {
			t.Errorf("%q: no data: view (%s)", tt.input, a.Error)
			continue
		}
		if !reflect.DeepEqual(*a.Data, tt.want) {
			t.Errorf("%q:\n%s, want\n%s", tt.input, showData(*a.Data), showData(tt.want))
		}
	}
}

// TestDataFailures: where fetch() of a data: URL is a network error, the
// view gives the processor's reason; other schemes have no view.
func TestDataFailures(t *testing.T) {
	h := Handler(Options{})
	for input, want := range map[string]string{
		"data:text/plain":          "no U+002C (,) follows the MIME type", // step 7
		"data:;base64,a":           "remainder of 1",                      // forgiving-base64, step 3
		"data:;base64,YQ==%3D%3D=": "does not decode as forgiving base64", // '=' left after the padding
	} {
		a := decode[ParseAnswer](t, post(t, h, "/api/parse", request{URL: input}))
		if a.Data == nil || !strings.Contains(a.Data.Error, want) || a.Data.MIMEType != "" || a.Data.Length != 0 {
			t.Errorf("%q: %+v, want an error naming %q", input, a.Data, want)
		}
	}
	a := decode[ParseAnswer](t, post(t, h, "/api/parse", request{URL: "https://example.com/data:,x"}))
	if a.Data != nil {
		t.Errorf("an https URL has a data: view: %+v", a.Data)
	}
}

// TestDataCap: the page gets the first MaxDataShown bytes of a body, cut
// before a code point, and its whole length.
func TestDataCap(t *testing.T) {
	h := Handler(Options{})
	long := strings.Repeat("a", MaxDataShown-1) + "é" + strings.Repeat("b", 1000)
	a := decode[ParseAnswer](t, post(t, h, "/api/parse", request{URL: "data:text/plain;charset=utf-8," + long}))
	if d := a.Data; d == nil || d.Length != len(long) || d.Shown != MaxDataShown-1 || d.Text == nil ||
		*d.Text != long[:MaxDataShown-1] || d.Hex != "" {
		t.Errorf("a long text body: %+v", d)
	}
	bin := "data:application/octet-stream," + strings.Repeat("%00", 3*MaxDataShown)
	a = decode[ParseAnswer](t, post(t, h, "/api/parse", request{URL: bin}))
	// encoding/hex's Dump writes 16 bytes a line.
	if d := a.Data; d == nil || d.Length != 3*MaxDataShown || d.Shown != MaxDataShown || strings.Count(d.Hex, "\n") != MaxDataShown/16 {
		t.Errorf("a long binary body: length %d, shown %d, %d hex lines", d.Length, d.Shown, strings.Count(d.Hex, "\n"))
	}
}

func showData(d DataView) string {
	text := "<nil>"
	if d.Text != nil {
		text = *d.Text
	}
	return strings.ReplaceAll(strings.TrimSpace(strings.Join([]string{"error " + d.Error, "type " + d.MIMEType, fmt.Sprint(d.Params),
		fmt.Sprint("length ", d.Length, " shown ", d.Shown),
		"essence " + d.Essence, "encoding " + d.Encoding, "text " + text, "hex " + d.Hex, "reason " + d.HexReason,
		"image " + d.Image}, "; ")), "\n", `\n`)
}
