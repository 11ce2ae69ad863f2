package weburl

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/weburl/weburl/internal/alloctest"
)

// relForm is the form of a MakeRelative answer, numbered as its doc lists
// them.
func relForm(ref string) int {
	switch {
	case ref == "":
		return 1
	case ref[0] == '#':
		return 2
	case ref[0] == '?':
		return 3
	case strings.HasPrefix(ref, "//"):
		return 6
	case ref[0] == '/':
		return 5
	}
	return 4
}

// relCandidates enumerates every reference of the forms of MakeRelative's
// doc for base and target, written out from the forms' definitions and
// not from MakeRelative's construction: for form 4 each number of ".."
// from none to one more than base has segments, followed by each tail of
// target's segments, with and without "./", and the final "." and ".."
// spellings; for form 5 the path with and without "/."; form 6 the href
// without its scheme. Paths of more than maxSegs segments get no form 4
// candidates (their number grows with the square of the length).
func relCandidates(base, target *URL, maxSegs int) []string {
	var out []string
	add := func(s string) { out = append(out, s) }
	add("")
	if f, ok := target.Fragment(); ok {
		add("#" + f)
	}
	tail := ""
	if q, ok := target.Query(); ok {
		tail = "?" + q
	}
	if f, ok := target.Fragment(); ok {
		tail += "#" + f
	}
	if _, ok := target.Query(); ok {
		add(tail)
	}
	segs := target.PathSegments()
	bsegs := base.PathSegments()
	if len(segs) > 0 && len(segs) <= maxSegs && len(bsegs) <= maxSegs {
		for k := 0; k <= len(bsegs)+1; k++ {
			ups := strings.Repeat("../", k)
			for j := 0; j < len(segs); j++ {
				rest := strings.Join(segs[j:], "/")
				add(ups + rest + tail)
				add(ups + "./" + rest + tail)
			}
			if k == 0 {
				add("." + tail)
			} else {
				add(strings.Repeat("../", k-1) + ".." + tail)
			}
		}
	}
	if p := target.Pathname(); p != "" && !target.HasOpaquePath() {
		if !strings.HasPrefix(p, "//") {
			add(p + tail)
		}
		add("/." + p + tail)
	}
	if target.HostKind() != NoHost {
		add(target.Href()[len(target.Scheme())+1:])
	}
	return out
}

// checkMakeRelative asserts MakeRelative's property for base and target:
// its reference resolves against base to target, no candidate of the
// forms is shorter and resolves too, none as short of an earlier form
// resolves, and it answers false exactly when no candidate resolves.
func checkMakeRelative(t *testing.T, base, target *URL, maxSegs int) {
	t.Helper()
	ref, ok := base.MakeRelative(target)
	if ok {
		v, err := base.Parse(ref)
		if err != nil || v.Href() != target.Href() {
			t.Fatalf("MakeRelative(%q, %q) = %q, which resolves to %v, %v", base.Href(), target.Href(), ref, v, err)
		}
	}
	if base.Scheme() != target.Scheme() {
		if ok {
			t.Fatalf("MakeRelative(%q, %q) = %q across schemes", base.Href(), target.Href(), ref)
		}
		return
	}
	for _, c := range relCandidates(base, target, maxSegs) {
		if ok && (len(c) > len(ref) || len(c) == len(ref) && relForm(c) >= relForm(ref)) {
			continue
		}
		if v, err := base.Parse(c); err == nil && v.Href() == target.Href() {
			if ok {
				t.Fatalf("MakeRelative(%q, %q) = %q (form %d), but %q (form %d) resolves too", base.Href(), target.Href(), ref, relForm(ref), c, relForm(c))
			}
			t.Fatalf("MakeRelative(%q, %q) = false, but %q resolves", base.Href(), target.Href(), c)
		}
	}
}

// The doc's examples, and the cases where forms meet: answers worked out
// from the URL Standard's relative state, path state and file state.
func TestMakeRelativeTable(t *testing.T) {
	for _, c := range []struct {
		base, target, ref string
		ok                bool
	}{
		{"https://h/a/b.html", "https://h/a/c.png", "c.png", true},
		{"https://h/a/b/", "https://h/a/b/c.png", "c.png", true},
		{"https://h/a/b/", "https://h/a/d/c.png", "../d/c.png", true},
		{"https://h/a/b.html?c=d", "https://h/a/b.html?e=f", "?e=f", true},
		{"https://h/a/b?q#x", "https://h/a/b?q", "", true},
		{"https://h/a/b?q", "https://h/a/b?q#f", "#f", true},
		{"https://h/a/b?q", "https://h/a/b?q#", "#", true},
		{"https://h/a/b", "https://h/a/b?", "?", true},
		{"https://h/a/b?x", "https://h/a/b", "b", true},
		{"https://h/x/y", "https://h/x/", ".", true},
		{"https://h/a/b/c", "https://h/a/", "..", true},
		{"https://h/a/b/c/d", "https://h/a/b/", "..", true},
		{"https://h/a/b/c/d/e", "https://h/a/b/", "../..", true},
		{"https://h/a/b/c/d", "https://h/a/", "/a/", true},
		{"https://h/a/b/c", "https://h/", "/", true},
		{"https://h/a/b/", "https://h/a/b", "../b", true},
		{"https://h/x/c", "https://h/x/a:b", "./a:b", true},
		{"https://h/x/c", "https://h/x/1:b", "1:b", true},
		{"https://h/x/c", "https://h/x/a@b:c", "a@b:c", true},
		{"https://h/c", "https://h/a:b", "/a:b", true},
		{"https://h/y", "https://h//x", ".//x", true},
		{"https://h/a/y", "https://h//x", "..//x", true},
		{"https://h/a/b/y", "https://h//x", "/.//x", true},
		{"https://u@h/a", "https://h/b", "//h/b", true},
		{"https://h/a", "https://u:p@h/a", "//u:p@h/a", true},
		{"https://h/a", "https://h:8080/a", "//h:8080/a", true},
		{"https://h/a", "https://g/a", "//g/a", true},
		{"https://h/a", "http://h/a", "", false},
		{"foo://h/a", "foo://h", "//h", true},
		{"foo://h", "foo://h", "", true},
		{"foo://h/a", "foo:/a", "", false},
		{"foo:/a/b", "foo:/.//x", "..//x", true},
		{"foo:/b", "foo:/.//x", ".//x", true},
		{"foo:/a/b", "foo:/c", "/c", true},
		{"mailto:a#x", "mailto:a#y", "#y", true},
		{"mailto:a#x", "mailto:a", "", false},
		{"mailto:a", "mailto:b", "", false},
		{"foo://h/a", "foo:b", "", false},
		{"file:///C:/a/b", "file:///x", "///x", true},
		{"file:///C:/a/b", "file:///C:/x", "../x", true},
		{"file:///C:/b", "file:///C:/", ".", true},
		{"file:///C:/a/b", "file:///C:/", "..", true},
		{"file:///a/b", "file:///C:/x", "/C:/x", true},
		{"file:///a/b", "file:///a/C|/x", "./C|/x", true},
		{"file:///b", "file:///C|x", "C|x", true},
		{"file://h/a", "file:///a", "///a", true},
		{"file:///a", "file://h/a", "//h/a", true},
	} {
		b, tg := MustParse(c.base), MustParse(c.target)
		ref, ok := b.MakeRelative(tg)
		if ref != c.ref || ok != c.ok {
			t.Errorf("MustParse(%q).MakeRelative(%q) = %q, %v; want %q, %v", c.base, c.target, ref, ok, c.ref, c.ok)
		}
		checkMakeRelative(t, b, tg, 64)
	}
}

func TestMakeRelativeZero(t *testing.T) {
	u := MustParse("https://h/a")
	var zero URL
	for _, c := range [][2]*URL{{nil, u}, {u, nil}, {nil, nil}, {&zero, u}, {u, &zero}, {&zero, &zero}} {
		if ref, ok := c[0].MakeRelative(c[1]); ok || ref != "" {
			t.Errorf("MakeRelative(%v, %v) = %q, %v", c[0], c[1], ref, ok)
		}
	}
}

// wptHrefs returns the href of every URL of urltestdata that parses: the
// results, and the bases.
func wptHrefs(t testing.TB) (hrefs []string, pairs [][2]string) {
	seen := map[string]bool{}
	add := func(s string) {
		if !seen[s] {
			seen[s] = true
			hrefs = append(hrefs, s)
		}
	}
	for _, name := range []string{"urltestdata.tsv", "urltestdata-javascript-only.tsv"} {
		for _, c := range loadURLTests(t, name) {
			if c.Base == nil {
				if u, err := Parse(c.Input); err == nil {
					add(u.Href())
				}
				continue
			}
			b, err := Parse(*c.Base)
			if err != nil {
				continue
			}
			add(b.Href())
			if u, err := b.Parse(c.Input); err == nil {
				add(u.Href())
				pairs = append(pairs, [2]string{b.Href(), u.Href()})
			}
		}
	}
	return hrefs, pairs
}

// TestMakeRelativeWPT checks the property on WPT's pairs of base and
// result, both ways, and on each href against the next twenty of the same
// scheme (five under the race detector).
func TestMakeRelativeWPT(t *testing.T) {
	next := 20
	if raceEnabled {
		next = 5
	}
	hrefs, pairs := wptHrefs(t)
	if len(hrefs) < 500 || len(pairs) < 250 {
		t.Fatalf("only %d hrefs, %d pairs", len(hrefs), len(pairs))
	}
	n := 0
	for _, p := range pairs {
		b, tg := MustParse(p[0]), MustParse(p[1])
		checkMakeRelative(t, b, tg, 32)
		checkMakeRelative(t, tg, b, 32)
		n += 2
	}
	byScheme := map[string][]*URL{}
	for _, h := range hrefs {
		u := MustParse(h)
		byScheme[u.Scheme()] = append(byScheme[u.Scheme()], u)
	}
	for _, us := range byScheme {
		for i, b := range us {
			for j := i + 1; j < len(us) && j <= i+next; j++ {
				checkMakeRelative(t, b, us[j], 32)
				checkMakeRelative(t, us[j], b, 32)
				n += 2
			}
		}
	}
	t.Logf("%d pairs", n)
}

// relVariants are URLs near u that MakeRelative must reach from it: other
// fragments, queries, last segments, directories, and segments that need
// "./".
func relVariants(u *URL) []*URL {
	var out []*URL
	try := func(ref string) {
		if v, err := u.Parse(ref); err == nil {
			out = append(out, v)
		}
	}
	for _, ref := range []string{"", "#", "#f", "?", "?q", "?q#f", ".", "..", "../..", "x", "./a:b", "../x/y", "/", "/x", ".//x", "//other.example/x", "#" + u.Pathname()} {
		try(ref)
	}
	return out
}

// TestMakeRelativeBenchLists checks the property on the bench lists: every
// 8th URL against the next one taken and against its variants; every
// 128th with -short and under the race detector.
func TestMakeRelativeBenchLists(t *testing.T) {
	step := 8
	if testing.Short() || raceEnabled {
		step = 128
	}
	n := 0
	for name, urls := range benchLists(t) {
		var prev *URL
		for i := 0; i < len(urls); i += step {
			u, err := Parse(urls[i])
			if err != nil {
				continue
			}
			if prev != nil {
				checkMakeRelative(t, prev, u, 16)
				n++
			}
			for _, v := range relVariants(u) {
				checkMakeRelative(t, u, v, 16)
				n++
			}
			prev = u
		}
		t.Logf("%s: %d pairs so far", name, n)
	}
}

// genURL builds a URL from a seeded source: schemes with a host, without
// one, special and file, hosts and credentials that differ, and segments
// that need care (empty, ':', drive letters, dots that are not dot
// segments).
func genURL(r *rand.Rand) string {
	segs := []string{"", "a", "b", "c", "a:b", "C:", "C|", "D:", ".x", "..x", "%2", "%2e%2", "é", "a b", "1:x", "?", "#"}
	schemes := []string{"https://", "https://u:p@", "http://", "file://", "file:///", "foo://", "foo:", "foo:/"}
	hosts := []string{"h", "g", "h:8080", ""}
	var b strings.Builder
	s := schemes[r.IntN(len(schemes))]
	b.WriteString(s)
	if strings.HasSuffix(s, "//") || strings.HasSuffix(s, "@") {
		b.WriteString(hosts[r.IntN(len(hosts))])
	}
	for range r.IntN(5) {
		if !strings.HasSuffix(b.String(), "/") || r.IntN(2) == 0 {
			b.WriteByte('/')
		}
		b.WriteString(segs[r.IntN(len(segs))])
	}
	if r.IntN(3) == 0 {
		b.WriteString("?q" + segs[r.IntN(len(segs))])
	}
	if r.IntN(3) == 0 {
		b.WriteString("#f" + segs[r.IntN(len(segs))])
	}
	return b.String()
}

// TestMakeRelativeGenerated checks the property on seeded random pairs.
func TestMakeRelativeGenerated(t *testing.T) {
	r := rand.New(rand.NewPCG(28, 1))
	count := 5000
	if testing.Short() || raceEnabled {
		count = 500
	}
	n := 0
	for range count {
		b, err1 := Parse(genURL(r))
		tg, err2 := Parse(genURL(r))
		if err1 != nil || err2 != nil {
			continue
		}
		checkMakeRelative(t, b, tg, 16)
		for _, v := range relVariants(b) {
			checkMakeRelative(t, b, v, 16)
		}
		n++
	}
	if n < count/2 {
		t.Fatalf("only %d of %d pairs parse", n, count)
	}
}

// TestMakeRelativeHuge: 100k segments and a 1 MiB segment, without
// panicking, with answers that resolve, and with work that grows linearly
// (allocated bytes at doubling sizes).
func TestMakeRelativeHuge(t *testing.T) {
	if testing.Short() {
		t.Skip("1 MiB inputs; skipped with -short")
	}
	mk := func(n int) (*URL, *URL) {
		path := strings.Repeat("/a", n)
		return MustParse("https://h" + path + "/x"), MustParse("https://h" + path + "/y/" + strings.Repeat("\xff", 1<<10))
	}
	var bytesPer [2]float64
	for i, n := range []int{50_000, 100_000} {
		b, tg := mk(n)
		var ref string
		allocs := alloctest.Bytes(func() { ref, _ = b.MakeRelative(tg) })
		if !strings.HasPrefix(ref, "y/") {
			t.Fatalf("%d segments: %.40q", n, ref)
		}
		v, err := b.Parse(ref)
		if err != nil || v.Href() != tg.Href() {
			t.Fatal("huge reference does not resolve")
		}
		bytesPer[i] = float64(allocs) / float64(len(tg.Href()))
	}
	if bytesPer[1] > 1.5*bytesPer[0] || bytesPer[1] > 64 {
		t.Errorf("allocated bytes per href byte: %.1f at 100k segments, %.1f at 50k", bytesPer[1], bytesPer[0])
	}
	seg := strings.Repeat("é", 1<<19)
	b := MustParse("https://h/" + seg + "/a")
	tg := MustParse("https://h/" + seg + "/b?" + seg)
	if ref, ok := b.MakeRelative(tg); !ok || ref[0] != 'b' {
		t.Errorf("1 MiB segment: %.20q, %v", ref, ok)
	}
	if ref, ok := tg.MakeRelative(b); !ok || ref != "a" {
		t.Errorf("1 MiB segment, back: %.20q, %v", ref, ok)
	}
}

// BenchmarkMakeRelative: each URL of the bench lists against the next; one
// op is the whole list.
func BenchmarkMakeRelative(b *testing.B) {
	for name, urls := range benchLists(b) {
		var us []*URL
		for _, s := range urls {
			if u, err := Parse(s); err == nil {
				us = append(us, u)
			}
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for i := 1; i < len(us); i++ {
					us[i-1].MakeRelative(us[i])
				}
			}
		})
	}
}
