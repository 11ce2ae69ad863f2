package weburl

import (
	"strings"
	"testing"

	"github.com/weburl/weburl/internal/alloctest"
)

// Expected hrefs worked out from the path percent-encode set (C0 controls,
// space " # < > ? ^ ` { } and above U+007E) plus '/', '%' and, in special
// URLs, '\', and from the path state's rules.
func TestAppendPathSegments(t *testing.T) {
	for _, c := range []struct {
		href string
		segs []string
		want string // "" when it fails
	}{
		{"https://h/", []string{"a"}, "https://h/a"},
		{"https://h", []string{"a", "b"}, "https://h/a/b"},
		{"https://h/a", []string{"b/c"}, "https://h/a/b%2Fc"},
		{"https://h/a", []string{`x\y`}, "https://h/a/x%5Cy"},
		{"foo://h/a", []string{`x\y`}, `foo://h/a/x\y`},
		{"https://h/a?q#f", []string{"b"}, "https://h/a/b?q#f"},
		// An empty last segment is replaced, as the root's is.
		{"https://h/a/", []string{"b"}, "https://h/a/b"},
		{"https://h/a/", []string{"b", "c"}, "https://h/a/b/c"},
		{"https://h/a/?q#f", []string{"b"}, "https://h/a/b?q#f"},
		{"https://h/a/", []string{""}, "https://h/a/"},
		{"https://h/a/", []string{"", "b"}, "https://h/a//b"},
		{"https://h/a//", []string{"b"}, "https://h/a//b"},
		{"https://h//", []string{"b"}, "https://h//b"},
		{"file:///C:/", []string{"b"}, "file:///C:/b"},
		{"foo://h/a/", []string{"b"}, "foo://h/a/b"},
		{"https://h/", []string{""}, "https://h/"},
		{"https://h/", []string{"", ""}, "https://h//"},
		{"https://h/a", []string{""}, "https://h/a/"},
		{"foo://h", []string{"a"}, "foo://h/a"},
		{"foo://h?q", []string{"a"}, "foo://h/a?q"},
		{"foo:/", []string{"", "x"}, "foo:/.//x"},
		{"foo:/a", []string{"b"}, "foo:/a/b"},
		{"https://h/", []string{"100%"}, "https://h/100%25"},
		{"https://h/", []string{"%2e"}, "https://h/%252e"},
		{"https://h/", []string{"%2E%2e"}, "https://h/%252E%252e"},
		{"https://h/", []string{".a", "a.", "..."}, "https://h/.a/a./..."},
		{"https://h/", []string{"a b?#"}, "https://h/a%20b%3F%23"},
		{"https://h/", []string{"^`{}|<>\""}, "https://h/%5E%60%7B%7D|%3C%3E%22"},
		{"https://h/", []string{":@!$&'()*+,;=[]~"}, "https://h/:@!$&'()*+,;=[]~"},
		{"https://h/", []string{"\t\n\x00\x7f"}, "https://h/%09%0A%00%7F"},
		{"https://h/", []string{"é"}, "https://h/%C3%A9"},
		{"https://h/", []string{"\xff"}, "https://h/%EF%BF%BD"},
		{"file:///", []string{"C|"}, "file:///C%7C"},
		{"file:///", []string{"C:"}, "file:///C:"},
		{"file:///a", []string{"C|"}, "file:///a/C|"},
		{"file://h/", []string{"C|", "x"}, "file://h/C%7C/x"},
		{"https://h/", []string{"C|"}, "https://h/C|"},
		{"https://h/", []string{"."}, ""},
		{"https://h/", []string{"a", ".."}, ""},
		{"foo://h/", []string{".."}, ""},
		{"mailto:x", []string{"a"}, ""},
		{"https://h/a", nil, "https://h/a"},
	} {
		u := MustParse(c.href)
		err := u.AppendPathSegments(c.segs...)
		switch {
		case c.want == "" && err == nil:
			t.Errorf("%q + %q = %q, want an error", c.href, c.segs, u.Href())
		case c.want == "" && u.Href() != c.href:
			t.Errorf("%q + %q failed (%v) but changed the URL to %q", c.href, c.segs, err, u.Href())
		case c.want != "" && (err != nil || u.Href() != c.want):
			t.Errorf("%q + %q = %q, %v; want %q", c.href, c.segs, u.Href(), err, c.want)
		}
		if c.want != "" && err == nil {
			checkURL(t, u)
		}
	}
}

func TestPopPathSegment(t *testing.T) {
	for _, c := range []struct {
		href, seg string
		ok        bool
		after     string
	}{
		{"https://h/a/b", "b", true, "https://h/a"},
		{"https://h/a", "a", true, "https://h/"},
		{"https://h/", "", false, "https://h/"},
		{"https://h/a/", "", true, "https://h/a"},
		{"https://h//", "", true, "https://h/"},
		{"https://h/a%2Fb?q#f", "a%2Fb", true, "https://h/?q#f"},
		{"foo://h", "", false, "foo://h"},
		{"foo://h/", "", false, "foo://h/"},
		{"foo://h/a", "a", true, "foo://h/"},
		{"foo:/.//x", "x", true, "foo:/"},
		{"foo:/.//x/y", "y", true, "foo:/.//x"},
		{"file:///C:/", "", true, "file:///C:"},
		{"file:///C:", "C:", true, "file:///"},
		{"file:///a/C|/b", "b", true, "file:///a/C|"},
		{"mailto:x", "", false, "mailto:x"},
	} {
		u := MustParse(c.href)
		seg, ok := u.PopPathSegment()
		if seg != c.seg || ok != c.ok || u.Href() != c.after {
			t.Errorf("pop %q = %q, %v, leaving %q; want %q, %v, leaving %q", c.href, seg, ok, u.Href(), c.seg, c.ok, c.after)
		}
	}
}

func TestPathSegmentsZeroAndNil(t *testing.T) {
	var zero URL
	if err := zero.AppendPathSegments("a"); err == nil || zero.Href() != "" {
		t.Errorf("zero URL: %v, %q", err, zero.Href())
	}
	if s, ok := zero.PopPathSegment(); ok || s != "" {
		t.Errorf("zero URL pop: %q, %v", s, ok)
	}
	var nilURL *URL
	if err := nilURL.AppendPathSegments("a"); err == nil {
		t.Error("nil *URL: no error")
	}
	if s, ok := nilURL.PopPathSegment(); ok || s != "" {
		t.Errorf("nil *URL pop: %q, %v", s, ok)
	}
}

// checkAppendPop asserts that appending seg to u and popping gives seg back
// encoded (PercentDecode undoes the encoding, with U+FFFD for each invalid
// byte) and u back, its empty path become "/".
func checkAppendPop(t *testing.T, u *URL, seg string) {
	t.Helper()
	before := u.Href()
	emptyLastBefore := u.Pathname() == "" || strings.HasSuffix(u.Pathname(), "/")
	v := u.Clone()
	if err := v.AppendPathSegments(seg); err != nil {
		if seg == "." || seg == ".." || u.HasOpaquePath() {
			if v.Href() != before {
				t.Fatalf("%q + %q failed and changed it to %q", before, seg, v.Href())
			}
			return
		}
		t.Fatalf("%q + %q: %v", before, seg, err)
	}
	if u.HasOpaquePath() || seg == "." || seg == ".." {
		t.Fatalf("%q + %q = %q, want an error", before, seg, v.Href())
	}
	checkURL(t, v)
	segs := v.PathSegments()
	enc := segs[len(segs)-1]
	if got, want := PercentDecode(enc), string([]rune(seg)); got != want {
		t.Fatalf("%q + %q: last segment %q decodes to %q", before, seg, enc, got)
	}
	if enc == "" && emptyLastBefore {
		// The empty segment replaced the empty last one: nothing changed
		// but an empty path, now the root.
		if v.Href() != u.Href() && !(u.Pathname() == "" && v.Pathname() == "/") {
			t.Fatalf("%q + %q = %q", before, seg, v.Href())
		}
		return
	}
	got, ok := v.PopPathSegment()
	if !ok || got != enc {
		t.Fatalf("%q + %q: pop %q, %v; the segment is %q", before, seg, got, ok, enc)
	}
	after := v.Href()
	if p := u.Pathname(); p == "" || len(p) > 1 && strings.HasSuffix(p, "/") {
		// An empty path comes back as the root; an empty last segment,
		// replaced by the append, does not come back.
		w := u.Clone()
		if p == "" {
			p = "/"
		} else {
			p = p[:len(p)-1]
		}
		if w.SetPathname(p) != nil {
			t.Fatal("SetPathname")
		}
		before = w.Href()
	}
	if after != before {
		t.Fatalf("%q + %q, popped: %q", u.Href(), seg, after)
	}
}

var segmentSamples = []string{"a", "", "b/c", `x\y`, "100%", "%2e", "%2E%2E", ".", "..", "...", " ", "?", "#", "C|", "C:", "é", "\xff\xfe", "a b", "^`{}", "\t"}

// TestAppendPopRoundTrip: for every URL of the WPT data and the bench lists
// (every 16th; 128th under -short and the race detector), each sample
// segment appended and popped comes back.
func TestAppendPopRoundTrip(t *testing.T) {
	hrefs, _ := wptHrefs(t)
	step := 16
	if testing.Short() || raceEnabled {
		step = 128
	}
	for _, urls := range benchLists(t) {
		for i := 0; i < len(urls); i += step {
			hrefs = append(hrefs, urls[i])
		}
	}
	n := 0
	for _, h := range hrefs {
		u, err := Parse(h)
		if err != nil {
			continue
		}
		for _, s := range segmentSamples {
			checkAppendPop(t, u, s)
			n++
		}
	}
	t.Logf("%d appends and pops", n)
}

// TestPathSegmentsHuge: 100k segments in one call and a 1 MiB segment,
// with allocated bytes per byte of href the same at half the size.
func TestPathSegmentsHuge(t *testing.T) {
	if testing.Short() {
		t.Skip("1 MiB inputs; skipped with -short")
	}
	var per [2]float64
	for i, n := range []int{50_000, 100_000} {
		segs := make([]string, n)
		for j := range segs {
			segs[j] = "a/é"
		}
		u := MustParse("https://h/")
		allocs := alloctest.Bytes(func() {
			if err := u.AppendPathSegments(segs...); err != nil {
				t.Fatal(err)
			}
		})
		if got := len(u.PathSegments()); got != n {
			t.Fatalf("%d segments, want %d", got, n)
		}
		per[i] = float64(allocs) / float64(len(u.Href()))
		pops := 0
		popAllocs := alloctest.Bytes(func() {
			for range 10 {
				if s, ok := u.PopPathSegment(); ok && s == "a%2F%C3%A9" {
					pops++
				}
			}
		})
		if pops != 10 || popAllocs > uint64(40*len(u.Href())) {
			t.Errorf("%d pops of 10, %d bytes for an href of %d", pops, popAllocs, len(u.Href()))
		}
	}
	if per[1] > 1.5*per[0] || per[1] > 32 {
		t.Errorf("allocated bytes per href byte: %.1f at 100k segments, %.1f at 50k", per[1], per[0])
	}
	big := strings.Repeat("/\xff", 1<<19)
	u := MustParse("https://h/x")
	if err := u.AppendPathSegments(big); err != nil {
		t.Fatal(err)
	}
	if s, ok := u.PopPathSegment(); !ok || PercentDecode(s) != string([]rune(big)) {
		t.Error("1 MiB segment did not come back")
	}
	if u.Href() != "https://h/x" {
		t.Errorf("after the pop: %.40q", u.Href())
	}
}
