package mimetype

import (
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/weburl/weburl/internal/wptdata"
)

// WPT's MIME type vectors (testdata/mimesniff, written by
// internal/cmd/wptextract from ../shared/wpt/mimesniff; CI checks that
// they are in sync), read as WPT's mimesniff/mime-types/parsing.any.js and
// charset-parameter.window.js read them.

func loadMIMETypes(t *testing.T, name string) []wptdata.Line {
	t.Helper()
	lines, err := wptdata.Read(filepath.Join("..", "testdata", "mimesniff", name))
	if err != nil {
		t.Fatal(err)
	}
	return lines
}

func TestWPTMIMETypes(t *testing.T) { runWPT(t, "mime-types.tsv", 74) }

func TestWPTGeneratedMIMETypes(t *testing.T) { runWPT(t, "generated-mime-types.tsv", 881) }

func runWPT(t *testing.T, file string, want int) {
	lines := loadMIMETypes(t, file)
	if len(lines) != want {
		t.Fatalf("%s: %d cases, want %d", file, len(lines), want)
	}
	headers, charsets := 0, 0
	for _, l := range lines {
		input, output := l.Fields[0].String(), l.Fields[1].Value
		where := func() string { return file + ":" + itoa(l.N) + " (" + l.Section + ")" }

		// Parse, then serialize: the output, or a failure.
		m, err := Parse(input)
		switch {
		case output == nil && err == nil:
			t.Errorf("%s: Parse(%q) = %q, want a failure", where(), input, m)
			continue
		case output == nil:
			if _, ok := err.(*Error); !ok || !strings.Contains(err.Error(), "mimetype: parse ") {
				t.Errorf("%s: Parse(%q): error %v is not an *Error naming the input", where(), input, err)
			}
		case err != nil:
			t.Errorf("%s: Parse(%q): %v, want %q", where(), input, err, *output)
			continue
		case m.String() != *output:
			t.Errorf("%s: Parse(%q) = %q, want %q", where(), input, m, *output)
			continue
		default:
			// The serialization parses back to itself.
			if m2, err := Parse(m.String()); err != nil || m2.String() != m.String() {
				t.Errorf("%s: Parse(%q) = %v, %v; not stable", where(), m.String(), m2, err)
			}
		}

		// charset-parameter.window.js: the document's encoding is the
		// charset's, or the fallback (UTF-8) where WPT gives null.
		if len(l.Fields) > 2 && l.Fields[2].Name == "encoding" {
			charsets++
			name, ok := m.Charset()
			if enc := l.Fields[2].Value; enc == nil && ok {
				t.Errorf("%s: Parse(%q).Charset() = %q, want none", where(), input, name)
			} else if enc != nil && (!ok || name != *enc) {
				t.Errorf("%s: Parse(%q).Charset() = %q, %v, want %q", where(), input, name, ok, *enc)
			}
		}

		// The Response half of parsing.any.js: the input as a
		// Content-Type header (Fetch's extract a MIME type), for inputs
		// that a header can hold whole: no leading or trailing HTTP
		// whitespace, no code point above U+00FF, no NUL, LF or CR. Nor
		// a "," outside quotes (x/x;,=x;bonus=x and x/x;x=,;bonus=x of
		// the generated file): Fetch's "get, decode, and split" reads
		// such a header as two values, of which the first wins, so only
		// the Blob half of the test, which is Parse, holds for them.
		header, ok := isomorphicEncode(input)
		if !ok || input != strings.Trim(input, " \t\n\r") || strings.ContainsAny(input, "\x00\n\r") {
			continue
		}
		if strings.Contains(input, ",") && !strings.Contains(input, `"`) {
			if e, err := Extract([]string{header}); (err == nil) != (output != nil) || output != nil && e.String() != "x/x" {
				t.Errorf("%s: Extract(%q) = %v, %v, want x/x (the part before the comma) or, where Parse fails, a failure", where(), header, e, err)
			}
			continue
		}
		headers++
		e, err := Extract([]string{header})
		switch {
		case output == nil && err == nil:
			t.Errorf("%s: Extract(%q) = %q, want a failure", where(), header, e)
		case output != nil && err != nil:
			t.Errorf("%s: Extract(%q): %v, want %q", where(), header, err, *output)
		case output != nil && e.String() != *output:
			t.Errorf("%s: Extract(%q) = %q, want %q", where(), header, e, *output)
		}
		// ParseBytes reads the header's bytes as Parse reads the string.
		b, err := ParseBytes([]byte(header))
		if (err == nil) != (output != nil) || output != nil && b.String() != *output {
			t.Errorf("%s: ParseBytes(%q) = %v, %v, want %v", where(), header, b, err, output)
		}
	}
	t.Logf("%s: %d cases, %d as headers, %d charsets", file, len(lines), headers, charsets)
}

// isomorphicEncode writes each code point of s as the byte of its value;
// ok is false when one is above U+00FF (or s is not UTF-8).
func isomorphicEncode(s string) (string, bool) {
	b := make([]byte, 0, len(s))
	for _, r := range s {
		if r > 0xFF || r == utf8.RuneError {
			return "", false
		}
		b = append(b, byte(r))
	}
	return string(b), true
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
