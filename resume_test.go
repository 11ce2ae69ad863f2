package weburl

import (
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/encoding/htmlindex"

	"github.com/weburl/weburl/internal/urllists"
)

// resumedParse runs the full parser from where fastScan stopped, if it
// gives a resume point; resumed says whether it did.
func resumedParse(input string, base *URL, opts *Parser) (u *URL, reason ValidationError, ok, resumed bool) {
	f := fastScan(input)
	if f.took {
		return nil, ValidationError{}, false, false
	}
	if opts != nil && opts.Encoding != nil {
		useLegacyEncodings() // as (*Parser).Parse does
	}
	p := getParser()
	defer putParser(p)
	if !p.resume(input, base, opts, &f) {
		return nil, ValidationError{}, false, false
	}
	if !p.run() {
		return nil, p.errs.reason(), false, true
	}
	return p.output(nil, input), ValidationError{}, true, true
}

// checkResume fails t if the parse resumed where the fast path stopped
// differs from the parse from the first byte: href, layout, success and
// the reason of a failure. It reports whether the parse resumed.
func checkResume(t *testing.T, input string, opts *Parser) bool {
	return checkResumeRef(t, input, nil, opts)
}

// checkResumeRef is checkResume against a base (nil for none), which
// changes nothing for input with a scheme and, if special, "//".
func checkResumeRef(t *testing.T, input string, base *URL, opts *Parser) bool {
	t.Helper()
	got, gotErr, gotOK, resumed := resumedParse(input, base, opts)
	if !resumed {
		return false
	}
	full := fullParse(input, base, opts)
	want, wantErr, wantOK := full.url, full.reason, full.url != nil
	switch {
	case gotOK != wantOK || gotErr != wantErr:
		t.Errorf("%q: resumed parse ok %v (%v), from the start %v (%v)", input, gotOK, gotErr, wantOK, wantErr)
	case !gotOK:
	case got.href != want.href || got.layout != want.layout:
		t.Errorf("%q: resumed parse %q %+v, from the start %q %+v", input, got.href, got.layout, want.href, want.layout)
	}
	if u, err := opts.Parse(input, base); (err == nil) != wantOK || err == nil && (u.href != want.href || u.layout != want.layout) {
		t.Errorf("%q: Parse gives %v, %v; from the start %v", input, u, err, want)
	}
	return true
}

// Where the fast path stops, the state of the spec's parser there and the
// byte it reads next, worked out from the spec's states.
func TestResumePoints(t *testing.T) {
	for _, c := range []struct {
		input string
		state state
		at    int
	}{
		{"https://example.com/a b", pathState, 21},
		{"HTTPS://EXAMPLE.COM/a/b?q=é", queryState, 26},
		{"https://example.com/a?q#f g", fragmentState, 25},
		{"https://example.com/a/./b", pathState, 22},       // the segment after the '/' before "."
		{"https://example.com/a/%2E%2e/b", pathState, 22},  // likewise for "%2E%2e"
		{"https://example.com\\a", pathStartState, 19},     // '\' ends the authority
		{"http://example.com:8080\\a", pathStartState, 23}, // and the port
		{"https://example.com?q=\"", pathStartState, 19},   // the path start state adds the '/'
		{"file://host/C|/x", pathStartState, 11},           // a drive letter after a host
		{"file:///C|\\x", pathState, 10},                   // within the first segment, a drive letter
		{"mailto:a b", opaquePathState, 8},
		{"sc:x?é", queryState, 5},
		// No resume point: the scheme or the authority is not the fast
		// path's.
		{"https://ex ample.com/", noState, 0},
		{"https://example.com:8080x/", noState, 0},
		{"https://user@example.com/ ", noState, 0},
		{"https://example.com:443/a b", noState, 0},
		{"sc://host/a b", noState, 0},
		{"https:example.com/", noState, 0},
	} {
		f := fastScan(c.input)
		if f.took {
			t.Errorf("%q: the fast path takes it (%b)", c.input, f.edit)
			continue
		}
		r := f.resume
		if r.state != c.state || r.state != noState && r.at != c.at {
			t.Errorf("%q: resume point %d at %d, want %d at %d", c.input, r.state, r.at, c.state, c.at)
		}
		if c.state != noState && !checkResume(t, c.input, &Parser{}) {
			t.Errorf("%q: the parse does not resume", c.input)
		}
	}
}

// resumeEdits are what the test inserts into inputs to stop the fast path
// in every state it can resume in: bytes to percent-encode, dot segments,
// backslashes, drive letters, and bytes that the spec's first steps
// remove or trim.
var resumeEdits = []string{" ", "é", "\xff", "\\", "/./", "/../", "/.", "/..", "/%2e", "/%2E%2e/", ".",
	"<", "'", "\"", "`", "{", "^", "|", "C|", "/C:", "/C|\\", "?", "#", "\x00", "\x7f", "\t", "\n", "%", "%zz", "\U0001F600"}

// resumeVariants returns in with each edit inserted at a few places: the
// end, before the query, before the fragment, after the authority, and
// in the middle of the path.
func resumeVariants(in string, edits []string) []string {
	at := []int{len(in)}
	if i := strings.IndexByte(in, '?'); i >= 0 {
		at = append(at, i, i+1)
	}
	if i := strings.IndexByte(in, '#'); i >= 0 {
		at = append(at, i, i+1)
	}
	if i := strings.Index(in, "//"); i >= 0 {
		if j := strings.IndexAny(in[i+2:], "/?#"); j >= 0 {
			at = append(at, i+2+j, i+2+j+(len(in)-i-2-j)/2)
		}
	}
	var out []string
	for _, e := range edits {
		for _, k := range at {
			out = append(out, in[:k]+e+in[k:])
		}
	}
	return out
}

// TestResumeMatchesParser holds the parse resumed where the fast path
// stopped to the parse from the first byte, on the WPT inputs and the URL
// lists (a sample of them without -short) as they are, with scheme and
// host in upper case, and with each of resumeEdits in several places;
// against bases of each kind; and with encodings of the Encoding
// Standard, whose queries resume at their start.
func TestResumeMatchesParser(t *testing.T) {
	var inputs []string
	for _, c := range loadURLTests(t, "urltestdata.tsv") {
		inputs = append(inputs, c.Input)
		inputs = append(inputs, resumeVariants(c.Input, resumeEdits)...)
	}
	for _, c := range fastPathCases {
		inputs = append(inputs, resumeVariants(c.input, resumeEdits)...)
	}
	step := 7
	if testing.Short() || raceEnabled {
		step = 97 // a sample of the lists: the race detector is slow
	}
	for _, list := range benchLists(t) {
		for i, in := range list {
			inputs = append(inputs, in)
			if i%step == 0 {
				inputs = append(inputs, resumeVariants(in, resumeEdits)...)
				inputs = append(inputs, resumeVariants(urllists.UpperSchemeAndHost(in), resumeEdits[:4])...)
			}
		}
	}
	states := map[state]int{}
	for _, in := range inputs {
		if checkResume(t, in, &Parser{}) {
			states[fastScan(in).resume.state]++
		}
	}
	// The parse with a validation-error callback takes every code point
	// one at a time, as the spec's steps do: the runs and the resume
	// points of the parse without one must give the same href.
	listen := &Parser{OnValidationError: func(ValidationError) {}}
	for i, in := range inputs {
		if i%5 != 0 {
			continue
		}
		u, err := Parse(in)
		v, err2 := listen.Parse(in, nil)
		if (err == nil) != (err2 == nil) || err == nil && (u.href != v.href || u.layout != v.layout) {
			t.Errorf("%q: %v, %v without a callback; %v, %v with one", in, u, err, v, err2)
		}
	}
	t.Logf("%d inputs, resumed in (state: count) %v", len(inputs), states)
	for _, st := range []state{pathStartState, pathState, opaquePathState, queryState, fragmentState} {
		if states[st] == 0 {
			t.Errorf("no input resumed in state %d", st)
		}
	}
	for _, b := range []string{"https://h/a/b?q#f", "file:///C:/x/y", "sc:opaque", "sc://h/p"} {
		base := MustParse(b)
		for i, in := range inputs {
			if i%13 == 0 {
				checkResumeRef(t, in, base, &Parser{})
			}
		}
	}
	for _, label := range []string{"windows-1252", "iso-2022-jp", "shift_jis", "utf-16le"} {
		enc, err := htmlindex.Get(label)
		if err != nil {
			t.Fatal(err)
		}
		opts := &Parser{Encoding: enc}
		for i, in := range inputs {
			if i%11 == 0 || strings.Contains(in, "?") && i%3 == 0 {
				checkResume(t, in, opts)
			}
		}
	}
}

// TestAppendEncodedUntil holds the run-copying encoder to the spec's UTF-8
// percent-encode, one code point at a time (a byte that is not UTF-8 reads
// as U+FFFD), for every set, the zero set included, which holds no ASCII
// but every non-ASCII code point: an ASCII byte is encoded as the set's
// table says, every other code point always.
func TestAppendEncodedUntil(t *testing.T) {
	spec := func(s string, set EncodeSet) string {
		var b strings.Builder
		for _, r := range s { // U+FFFD for each byte that is not UTF-8
			if r < utf8.RuneSelf && !set.has(byte(r)) {
				b.WriteRune(r)
				continue
			}
			for _, c := range []byte(string(r)) {
				b.WriteString("%" + strings.ToUpper(hex2(c)))
			}
		}
		return b.String()
	}
	inputs := []string{"", "abc", "a b", "/p?q#f", "café 😀", "\xff\xfe", "\xe2\x82", "\xed\xa0\x80x",
		"a\x00b\x1f\x7f", strings.Repeat("plain-", 9) + "é" + strings.Repeat("x", 17) + "{}|^`<>\"'"}
	for _, set := range []EncodeSet{0, C0ControlSet, FragmentSet, QuerySet, SpecialQuerySet, PathSet, UserinfoSet, ComponentSet, FormURLEncodedSet} {
		for _, in := range inputs {
			if got, want := string(appendEncoded(nil, in, set)), spec(in, set); got != want {
				t.Errorf("appendEncoded(%q, %d) = %q, want %q", in, set, got, want)
			}
			// Stopping at '/' and '#' is encoding the part before them.
			end := strings.IndexAny(in, "/#")
			if end < 0 {
				end = len(in)
			}
			got, n := appendEncodedUntil(nil, in, set, authorityEndClass)
			if cut := in[:end]; n != end || string(got) != spec(cut, set) {
				t.Errorf("appendEncodedUntil(%q, %d) = %q, %d; want %q, %d", in, set, got, n, spec(cut, set), end)
			}
		}
	}
}

func hex2(c byte) string { return string("0123456789abcdef"[c>>4]) + string("0123456789abcdef"[c&15]) }
