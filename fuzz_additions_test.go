package weburl

import (
	"strings"
	"testing"
)

// The fuzz targets of issue 28's additions (MakeRelative, FromRecord, the
// path-segment methods, ParseSuffixList); seeds are the tables' cases and,
// where the WPT data is found, its URLs.

// FuzzMakeRelative holds MakeRelative to its property on any two URLs: the
// reference resolves to target, and no candidate of the doc's forms that
// is shorter (or as short and of an earlier form) resolves too.
func FuzzMakeRelative(f *testing.F) {
	for _, s := range [][2]string{
		{"https://h/a/b", "https://h/a/c"}, {"https://h/x/c", "https://h/x/a:b"}, {"https://h/y", "https://h//x"},
		{"file:///C:/a/b", "file:///x"}, {"file:///a/b", "file:///a/C|/x"}, {"foo:/a/b", "foo:/.//x"},
		{"mailto:a#x", "mailto:a#y"}, {"foo://h/a", "foo://h"}, {"https://u@h/a?q#f", "https://h/a?q"},
	} {
		f.Add(s[0], s[1])
	}
	_, pairs := wptHrefs(f)
	for i, p := range pairs {
		if i%4 == 0 {
			f.Add(p[0], p[1])
		}
	}
	f.Fuzz(func(t *testing.T, base, target string) {
		b, err := Parse(base)
		if err != nil {
			return
		}
		// The target resolved against the base, so that the two share
		// more than chance gives.
		tg, err := b.Parse(target)
		if err != nil {
			return
		}
		checkMakeRelative(t, b, tg, 16)
		checkMakeRelative(t, tg, b, 16)
	})
}

// FuzzPathSegments appends a segment and pops it: the pop gives it back
// encoded, and the URL back; then two segments split from it come back
// in reverse order.
func FuzzPathSegments(f *testing.F) {
	for _, h := range []string{"https://h/", "https://h/a?q#f", "foo://h", "foo:/", "file:///", "file:///C:/a", "mailto:x"} {
		for _, s := range segmentSamples {
			f.Add(h, s)
		}
	}
	f.Fuzz(func(t *testing.T, href, seg string) {
		u, err := Parse(href)
		if err != nil {
			return
		}
		checkAppendPop(t, u, seg)
		a, b, _ := strings.Cut(seg, "=")
		if a == "." || a == ".." || b == "." || b == ".." || u.HasOpaquePath() {
			return
		}
		v := u.Clone()
		if err := v.AppendPathSegments(a, b); err != nil {
			t.Fatalf("%q + %q, %q: %v", href, a, b, err)
		}
		segs := v.PathSegments()
		if len(segs) < 2 {
			t.Fatalf("%q + %q, %q = %q", href, a, b, v.Href())
		}
		want := segs[len(segs)-2:]
		if s, ok := v.PopPathSegment(); !ok && want[1] != "" || s != want[1] {
			t.Fatalf("%q: pop %q, %v; want %q", v.Href(), s, ok, want[1])
		}
	})
}
