package weburlbeam

import (
	"errors"
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/weburl/weburl"
)

// Failure is an element that a step could not use, and why.
type Failure struct {
	// Step names the step that failed: "read", "parse", "resolve",
	// "canon", "surt", "dedup", "hosts", "links" or "sitemap".
	Step string `json:"step"`
	// Input is the element as the step got it: the URL or reference as
	// written, the page's URL, a line of a file, or a file's name.
	Input string `json:"input"`
	// Reason says why: the URL Standard's validation error that made a
	// parse fail with its byte offset in Input ("missing-scheme-non-relative-URL at 0"),
	// "not UTF-8: ...", "not HTML: ...", or the error of a read.
	Reason string `json:"reason"`
	// Source says where Input came from, when that helps to find it: the
	// file and line it was read from ("urls.txt:12"), the base URL a
	// reference was resolved against, or the page and element of a link
	// ("https://example.com/ a href").
	Source string `json:"source,omitempty"`
}

// String writes the failure on one line, for logs.
func (f Failure) String() string {
	s := fmt.Sprintf("%s: %q: %s", f.Step, f.Input, f.Reason)
	if f.Source != "" {
		s += " (" + f.Source + ")"
	}
	return s
}

// reason is the Reason of a failed parse: the validation error and its
// offset, and whether it was the base that failed.
func reason(err error) string {
	var e *weburl.Error
	if errors.As(err, &e) {
		name, ok := e.Err.(weburl.ErrorName)
		if !ok {
			return err.Error()
		}
		r := string(name) + " at " + strconv.Itoa(e.Offset)
		if e.Op == "parse base" {
			return "base: " + r
		}
		return r
	}
	return err.Error()
}

// notUTF8 says where s stops being UTF-8, or "" when it is UTF-8 all
// through.
func notUTF8(s string) string {
	if utf8.ValidString(s) {
		return ""
	}
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			return fmt.Sprintf("not UTF-8: byte 0x%02x at offset %d", s[i], i)
		}
		i += n
	}
	return "not UTF-8"
}
