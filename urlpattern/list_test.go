package urlpattern

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/alloctest"
	"github.com/weburl/weburl/internal/listhook"
)

// firstMatch is what a List must give: the first pattern in order whose
// Match accepts u.
func firstMatch(patterns []*Pattern, u *weburl.URL) (int, *Result) {
	for i, p := range patterns {
		if r := p.Match(u); r != nil {
			return i, r
		}
	}
	return -1, nil
}

// checkList holds the List of patterns equal to a loop of their Match on
// urls, and the List of their pathnames alone, as a router files them
// (every other component "*", one trie), too.
func checkList(t testing.TB, patterns []*Pattern, urls []string) {
	t.Helper()
	checkOneList(t, patterns, urls)
	var paths []*Pattern
	for _, p := range patterns {
		if q, err := NewInit(Init{Pathname: new(p.Pathname())}, Options{}); err == nil {
			paths = append(paths, q)
		}
	}
	checkOneList(t, paths, urls)
}

func checkOneList(t testing.TB, patterns []*Pattern, urls []string) {
	t.Helper()
	l := NewList(patterns...)
	// A pattern kept as its source compiles back to itself.
	for i, p := range patterns {
		if e := &l.entries[i]; e.simple && (l.patterns == nil || l.patterns[i] == nil) {
			q := e.source.compile()
			for c := range numComponents {
				if q.Component(c) != p.Component(c) || q.RegExp(c) != p.RegExp(c) {
					t.Errorf("pattern %d compiled again from its source: %v %q (%q), want %q (%q)", i, c, q.Component(c), q.RegExp(c), p.Component(c), p.RegExp(c))
				}
			}
		}
	}
	for _, s := range urls {
		u, err := weburl.Parse(s)
		if err != nil {
			continue
		}
		wi, wr := firstMatch(patterns, u)
		gi, gr := l.Match(u)
		if gi != wi || (gr == nil) != (wr == nil) {
			t.Errorf("List.Match(%q) = %d, want %d (the first pattern that matches)", s, gi, wi)
			continue
		}
		if !reflect.DeepEqual(gr, wr) {
			t.Errorf("List.Match(%q) = %d, %+v; the pattern's Match gives %+v", s, gi, gr, wr)
		}
		if ii := l.Index(u); ii != wi {
			t.Errorf("List.Index(%q) = %d, want %d", s, ii, wi)
		}
		// AppendMatch gives the Result's groups, one component after
		// the other; AppendNamedMatch those that have a name (not a
		// number: the standard numbers the others from 0), after what
		// dst holds.
		var all, named []Group
		if wr != nil {
			for c := Protocol; c <= Hash; c++ {
				for _, g := range wr.Component(c).Groups {
					all = append(all, g)
					if g.Name[0] < '0' || g.Name[0] > '9' {
						named = append(named, g)
					}
				}
			}
		}
		if ai, groups := l.AppendMatch(nil, u); ai != wi || !slices.Equal(groups, all) {
			t.Errorf("List.AppendMatch(%q) = %d, %v; want %d, %v", s, ai, groups, wi, all)
		}
		v := ComponentsOf(u)
		head := []Group{{Name: "kept"}}
		if ai, groups := l.AppendNamedMatch(slices.Clip(head), &v); ai != wi || !slices.Equal(groups, append(head, named...)) {
			t.Errorf("List.AppendNamedMatch(%q) = %d, %v; want %d, %v", s, ai, groups, wi, append(head, named...))
		}
		// SetNamedMatch hands over those that took part, in order.
		var took []Group
		for _, g := range named {
			if g.Matched {
				took = append(took, g)
			}
		}
		rec := &valueRecorder{}
		if si := l.SetNamedMatch(&v, rec); si != wi || !slices.Equal(rec.groups, took) {
			t.Errorf("List.SetNamedMatch(%q) = %d, handing over %v; want %d, %v", s, si, rec.groups, wi, took)
		}
		if si := l.SetNamedMatch(&v, nil); si != wi {
			t.Errorf("List.SetNamedMatch(%q, nil) = %d, want %d", s, si, wi)
		}
	}
}

// valueRecorder is a PathValueSetter that records what it is handed.
type valueRecorder struct{ groups []Group }

func (r *valueRecorder) SetPathValue(name, value string) {
	r.groups = append(r.groups, Group{Name: name, Value: value, Matched: true})
}

func TestList(t *testing.T) {
	sources := []string{
		"https://api.example.com/repos/:owner/:repo",
		"https://api.example.com/repos/:owner/:repo/issues",
		"https://api.example.com/repos/:owner/:repo/issues/:number(\\d+)",
		"https://api.example.com/repos/:owner/:repo/*",
		"https://api.example.com/users/:user",
		"https://api.example.com/users/:user?",
		"https://*.example.com/docs/*",
		"http{s}?://example.com/:a.:b",
		"https://api.example.com/",
		"https://api.example.com/files/:path+",
		"https://api.example.com/users/me",
		// A segment wildcard without a name: numbered, so not named.
		"https://api.example.com/tags/([^\\/]+?)/:tag",
		// Whole components of a named "(.*)": named groups.
		"https://:h(.*)/named",
		"https://api.example.com/q?:q(.*)",
		"*://*/*",
	}
	var patterns []*Pattern
	for _, s := range sources {
		patterns = append(patterns, MustNew(s, Options{}))
	}
	urls := []string{
		"https://api.example.com/repos/a/b",
		"https://api.example.com/repos/a/b/",
		"https://api.example.com/repos/a/b/issues",
		"https://api.example.com/repos/a/b/issues/12",
		"https://api.example.com/repos/a/b/issues/x",
		"https://api.example.com/users/me",
		"https://api.example.com/users",
		"https://api.example.com/users/",
		"https://www.example.com/docs/a/b",
		"http://example.com/x.y",
		"https://api.example.com/",
		"https://api.example.com/files/a/b/c",
		"https://other.test/x",
		"https://api.example.com/repos/a",
		"https://api.example.com:8443/repos/a/b",
		"https://api.example.com/repos//b",
		"https://api.example.com/tags/a/b",
		"https://www.example.com/named",
		"https://api.example.com/q?x=1",
	}
	checkList(t, patterns, urls)
	// Without the catch-all, some URLs match nothing.
	checkList(t, patterns[:len(patterns)-1], urls)

	l := NewList(patterns...)
	u := weburl.MustParse("https://api.example.com/repos/weburl/weburl/issues/7")
	i, r := l.Match(u)
	if i != 2 || r.Pathname.String() != "owner=weburl repo=weburl number=7" {
		t.Errorf("Match = %d %v, want 2 owner=weburl repo=weburl number=7", i, r)
	}
	// The index narrows: for this URL it offers none of the patterns whose
	// path segments rule it out.
	v := components(u)
	var cands []int32
	for _, r := range l.roots {
		if r.key.matches(v[Protocol], v[Hostname]) {
			cands = r.node.walkRoot(v[Pathname], split(v[Pathname], l.depth+1, nil), cands)
		}
	}
	for _, c := range cands {
		if strings.Contains(sources[c], "/users/") || strings.Contains(sources[c], "/files/") || strings.HasSuffix(sources[c], ".com/") {
			t.Errorf("candidate %d (%s) for %s", c, sources[c], u)
		}
	}
}

func TestListZero(t *testing.T) {
	var l List
	if i, r := l.Match(weburl.MustParse("https://a/")); i != -1 || r != nil {
		t.Errorf("zero List: Match = %d %v", i, r)
	}
	var nl *List
	if i, _ := nl.Match(weburl.MustParse("https://a/")); i != -1 || nl.Len() != 0 {
		t.Errorf("nil List: Match = %d", i)
	}
	l2 := NewList(nil, &Pattern{}, MustNew("https://a/", Options{}))
	if i, _ := l2.Match(weburl.MustParse("https://a/")); i != 2 {
		t.Errorf("nil and zero patterns: Match = %d, want 2", i)
	}
	if i, _ := l2.Match(&weburl.URL{}); i != -1 {
		t.Errorf("zero URL: Match = %d, want -1", i)
	}
}

var listFuzzPieces = []string{"/", "a", "b", ":x", ":y", "*", "?", "+", "{", "}", "(\\d+)", ".", "-"}

// FuzzList holds List.Match equal to a loop over the patterns.
func FuzzList(f *testing.F) {
	f.Add("https://h/a/:x\nhttps://h/a/b\n*://*/:x*", "https://h/a/b")
	f.Add("https://h/{a/:x}?\nhttps://h/*", "https://h/a")
	f.Fuzz(func(t *testing.T, patterns, url string) {
		if len(patterns) > 512 || len(url) > 128 {
			return
		}
		var ps []*Pattern
		for _, s := range strings.Split(patterns, "\n") {
			if p, err := New(s, Options{}); err == nil {
				ps = append(ps, p)
			} else if p, err := NewWithBase(s, "https://h/", Options{}); err == nil {
				ps = append(ps, p)
			}
		}
		checkList(t, ps, []string{url, "https://h/" + url, "https://h/a/" + url})
	})
}

func TestListRandom(t *testing.T) {
	r := newRand()
	for range 300 {
		var ps []*Pattern
		for range 8 {
			s := "https://h/" + randomString(r, listFuzzPieces, 6)
			if r.IntN(4) == 0 {
				s = "https://g/" + randomString(r, listFuzzPieces, 4)
			}
			if p, err := New(s, Options{IgnoreCase: r.IntN(8) == 0}); err == nil {
				ps = append(ps, p)
			}
		}
		var urls []string
		for range 10 {
			urls = append(urls, "https://h/"+randomString(r, []string{"a", "b", "/", "1", ".", "-"}, 8))
		}
		checkList(t, ps, urls)
	}
}

// TestListSegmentWords holds a walk, which finds each segment's end and
// head a word at a time, equal to a loop of Match on paths whose segments
// end before, at and after eight bytes from their start and from the
// path's end, with literal segments of those lengths, some of them the
// prefix of another, and wildcards; and paths longer than 64 bytes.
func TestListSegmentWords(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	var lits []string
	for _, n := range []int{0, 1, 6, 7, 8, 9, 15, 16, 17} {
		lits = append(lits, strings.Repeat("a", n), strings.Repeat("a", max(n-1, 0))+"b")
	}
	seg := func() string {
		if r.IntN(3) == 0 {
			return pickOne(r, ":x", ":y", "*", "")
		}
		return lits[r.IntN(len(lits))]
	}
	for range 300 {
		var ps []*Pattern
		for range 6 {
			s := "https://h"
			for range 1 + r.IntN(4) {
				s += "/" + seg()
			}
			if p, err := New(strings.ReplaceAll(s, "/:x/:x", "/:x/:z"), Options{}); err == nil {
				ps = append(ps, p)
			}
		}
		var urls []string
		for range 10 {
			s := "https://h"
			for range 1 + r.IntN(5) {
				s += "/" + lits[r.IntN(len(lits))]
			}
			urls = append(urls, s, s+"/", s+"/"+strings.Repeat("c", r.IntN(70)))
		}
		checkList(t, ps, urls)
	}
}

// TestListChains holds the walk past chains of nodes with one literal
// child and nothing else (pathNode.skipTo) equal to a loop of Match:
// Lists of one to three patterns, most of whose paths share their first
// segments, as long as a word with their slashes or longer, on paths
// that follow them, end in them, or differ from them in their last byte,
// the slash after them or their length.
func TestListChains(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	lits := []string{"", "a", "ab", "abc", "abcd", "abcde", "abcdef", "abcdefg", "abcdefgh", "abcdefghi", "b", "abd", "abcdeg"}
	for range 2000 {
		prefix := ""
		for range 1 + r.IntN(3) {
			prefix += "/" + lits[r.IntN(len(lits))]
		}
		var ps []*Pattern
		for range 1 + r.IntN(3) {
			s := "https://h" + prefix
			switch r.IntN(4) {
			case 0:
				s += "/:x"
			case 1:
				s += "/" + lits[r.IntN(len(lits))]
			case 2:
				s += "/*"
			}
			if p, err := New(s, Options{}); err == nil {
				ps = append(ps, p)
			}
		}
		var urls []string
		for range 8 {
			s := "https://h" + prefix
			switch r.IntN(4) {
			case 0:
				s = s[:len(s)-1] // the last byte, or the slash, dropped
			case 1:
				s += lits[r.IntN(len(lits))] // the last segment longer
			}
			urls = append(urls, s, s+"/", s+"/"+lits[r.IntN(len(lits))], s+"/"+lits[r.IntN(len(lits))]+"/z")
		}
		checkList(t, ps, urls)
	}
}

// TestListRuns holds the walk down runs of nodes that have only a
// wildcard (the loop of runs in descend) equal to a loop of Match: runs that end in a
// pattern, in literal children or in more wildcards, on paths whose
// segments are empty, short, a word long or longer, and end before the
// run does or after it.
func TestListRuns(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	sources := [][]string{
		{"https://h/:a/:b/:c/:d/:e"},
		{"https://h/:a/:b/:c/:d/:e", "https://h/:a/:b/:c/:d/:e/:f/:g"},
		{"https://h/x/:a/:b/:c/y", "https://h/x/:a/:b/:c/:d", "https://h/x/:a/:b/:c/*"},
		{"https://h/:a/:b/:c", "https://h/:a/:b/:c/d", "https://h/*"},
		{"https://h/x/:a/:b/:c/:d/:e/:f/:g/:h/:i/:j"},
		// A run longer than the count a node keeps (255).
		{"https://h" + longRun(300)},
	}
	for _, ss := range sources {
		var ps []*Pattern
		for _, s := range ss {
			ps = append(ps, MustNew(s, Options{}))
		}
		urls := []string{"https://h" + strings.Repeat("/a", 299), "https://h" + strings.Repeat("/a", 300), "https://h" + strings.Repeat("/a", 301)}
		for range 300 {
			s := "https://h"
			if r.IntN(2) == 0 {
				s += "/x"
			}
			for range r.IntN(12) {
				s += "/" + strings.Repeat(pickOne(r, "a", "y", "d"), pickOne(r, 0, 1, 1, 2, 7, 8, 9, 16, 17, 70))
			}
			urls = append(urls, s)
		}
		checkList(t, ps, urls)
	}
}

// longRun returns n segments of ":name", each of another name.
func longRun(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "/:g%d", i)
	}
	return b.String()
}

func pickOne[T any](r *rand.Rand, xs ...T) T { return xs[r.IntN(len(xs))] }

// TestListShortcuts holds the List's shortcuts equal to a loop of Match:
// literal protocols and hostnames that the index compares, more host keys
// than it scans one by one, pathnames of whole segments whose groups are
// the path's segments (with literal segments whose hashes collide), "*"
// and literal components checked without their matchers, next to
// patterns that need their own matchers; URLs with credentials, ports,
// queries, fragments and opaque paths.
func TestListShortcuts(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
	// "abcdefgh1" and "abcdefgh2" have the same segHash, as "ab" and
	// "ax" do not.
	segs := []string{"abcdefgh1", "abcdefgh2", "abcd", "axcd", "a", "b", "c", "d", "e", "", ":x", ":y", "*", ":z(\\d+)", "{:w}?", "a.:v"}
	hosts := []string{"h", "g", "h0", "h1", "h2", "h3", "h4", "h5", "h6", "h7", "h8"}
	var urls []string
	for range 200 {
		s := pick("https", "http", "mailto", "ws") + "://"
		if r.IntN(6) == 0 {
			s += pick("u", "u:p", ":p") + "@"
		}
		s += pick("h", "h", "h", pick(hosts...)) + pick("", "", ":8080", ":443")
		if r.IntN(10) == 0 {
			s += strings.Repeat("/a", 20)
		}
		for range r.IntN(5) {
			s += "/" + pick("abcdefgh1", "abcdefgh2", "abcdefgh", "abcd", "axcd", "a", "b", "c", "d", "e", "", "12", "a.b", "A", "%0A")
		}
		s += pick("", "", "?q=1", "?", "?a\u2028")
		s += pick("", "", "#f", "#")
		urls = append(urls, s, "mailto:"+pick("a", "x@h"))
	}
	rounds := 200
	if testing.Short() {
		rounds = 50
	}
	for range rounds {
		var ps []*Pattern
		for range 1 + r.IntN(30) {
			var path string
			for k := range r.IntN(5) {
				// Group names differ: ":x" becomes ":g0x", ":g1x"...
				path += "/" + strings.Replace(pick(segs...), ":", fmt.Sprintf(":g%d", k), 1)
			}
			if r.IntN(20) == 0 {
				// Deeper than the segments split on the stack.
				path = ""
				for k := range 20 {
					path += "/" + pick("a", fmt.Sprintf(":d%d", k))
				}
			}
			if path == "" || r.IntN(8) == 0 {
				path += pick("", "/*", "*", "/:rest+")
			}
			in := Init{
				Protocol: new(pick("https", "https", "https", "https", "http", "*", "http{s}?", "mailto")),
				Hostname: new("h"),
				Pathname: new(path),
			}
			if r.IntN(3) == 0 {
				in.Hostname = new(pick(append(hosts, "*", "{h}?", "*.h")...))
			}
			if r.IntN(3) == 0 {
				in.Username = new(pick("*", "u", ""))
				in.Password = new(pick("*", "p", ""))
			}
			if r.IntN(2) == 0 {
				in.Port = new(pick("", "8080", "*", "(\\d+)"))
			}
			if r.IntN(2) == 0 {
				in.Search = new(pick("", "q=1", "*", ":q"))
			}
			if r.IntN(2) == 0 {
				in.Hash = new(pick("", "f", "*"))
			}
			p, err := NewInit(in, Options{IgnoreCase: r.IntN(10) == 0})
			if err != nil {
				t.Fatalf("%+v: %v", in, err)
			}
			ps = append(ps, p)
		}
		checkList(t, ps, urls)
		if t.Failed() {
			for i, p := range ps {
				t.Logf("pattern %d: %s", i, fmt.Sprint(p.Protocol(), "://", p.Hostname(), p.Pathname(), "?", p.Search()))
			}
			return
		}
	}
}

// TestSegHead checks a segment's head against its bytes, for every
// segment of paths shorter and longer than a word, where a word from the
// segment's start would and would not read past the path's end.
func TestSegHead(t *testing.T) {
	for _, path := range []string{"", "/", "/a", "/abc/de", "/abcdefgh/ij", "/0123456789/abcdefghijk/x/", "/\xff\x00/\x80"} {
		for i := 0; i <= len(path); i++ {
			for j := i; j <= len(path); j++ {
				var want uint64
				for k := min(j, i+8) - 1; k >= i; k-- {
					want = want<<8 | uint64(path[k])
				}
				if got := segHead(path, int32(i), int32(j)); got != want {
					t.Errorf("segHead(%q, %d, %d) = %#x, want %#x (%q)", path, i, j, got, want, path[i:j])
				}
			}
		}
	}
}

// TestSegHashCollision checks the collision that TestListShortcuts relies on.
func TestSegHashCollision(t *testing.T) {
	hash := func(s string) uint32 { return segHash(segHead(s, 0, int32(len(s))), len(s)) }
	if hash("abcdefgh1") != hash("abcdefgh2") || hash("ab") == hash("ax") {
		t.Errorf("segHash: abcdefgh1 %x, abcdefgh2 %x, ab %x, ax %x", hash("abcdefgh1"), hash("abcdefgh2"), hash("ab"), hash("ax"))
	}
}

// TestConcurrentUse matches from many goroutines at once, with regexp
// groups and without; -race checks it.
func TestConcurrentUse(t *testing.T) {
	p := MustNew("https://h/{:a}+{:b}*{-:c}?*x", Options{})
	l := NewList(p, MustNew("https://h/:id(\\d+)", Options{}))
	big := "https://h/" + strings.Repeat("a", 1<<16) + "x"
	done := make(chan bool)
	for range 8 {
		go func() {
			ok := p.Test(big) && p.Exec("https://h/ax") != nil
			i, _ := l.Match(weburl.MustParse("https://h/42"))
			done <- ok && i == 1
		}()
	}
	for range 8 {
		if !<-done {
			t.Error("a concurrent match failed")
		}
	}
}

// TestListCheck: a simple entry's checks equal the components' matchers
// on strings that no parsed URL holds (a line terminator for "*").
func TestListCheck(t *testing.T) {
	p := MustNew("https://h/a?*#x", Options{})
	l := NewList(p)
	e := &l.entries[0]
	if !e.simple {
		t.Fatal("https://h/a?*#x: not simple")
	}
	for _, search := range []string{"", "q", "%0A", "%E2%80%A8", "\u2027"} {
		for _, hash := range []string{"x", "X", ""} {
			v := [numComponents]string{"https", "", "", "h", "", "/a", search, hash}
			if got, want := e.check(&v), p.test(v); got != want {
				t.Errorf("search %q, hash %q: check %v, the matchers %v", search, hash, got, want)
			}
		}
	}
}

// A List takes "*" to match every component of a URL, for no component of
// a parsed URL holds a line terminator, which "*" does not match: the
// parser removes CR and LF, percent-encodes U+2028 and U+2029, or fails.
func TestListLineTerminators(t *testing.T) {
	p := MustNew("*://*:*@*:*/*?*#*", Options{})
	l := NewList(p)
	for _, in := range []string{
		"https://h/a\r\nb?c\nd#e\rf", "https://h/\u2028?\u2029#\u2028", "sc://h\u2028/x", "sc:\u2029",
		"https://u\u2028:p\u2029@h/", "sc://\u2028@h/", "https://\u2028/", "sc://h:1\n2/",
	} {
		u, err := weburl.Parse(in)
		if err != nil {
			continue
		}
		v := components(u)
		for c, s := range v {
			if strings.ContainsAny(s, "\n\r\u2028\u2029") {
				t.Errorf("%q: component %v is %q", in, Component(c), s)
			}
		}
		if p.Matches(u) != (l.Index(u) == 0) {
			t.Errorf("%q: the pattern and the List differ", in)
		}
	}
}

// TestSplit holds split to strings.SplitN on every path of up to 18
// bytes of '/' and 'a' that starts with '/' (the slashes are found eight
// bytes at a time, with the last word read where it ends), at every limit
// up to 7.
func TestSplit(t *testing.T) {
	var paths []string
	var grow func(p string)
	grow = func(p string) {
		paths = append(paths, p)
		if len(p) < 18 {
			grow(p + "/")
			grow(p + "a")
		}
	}
	grow("/")
	for _, p := range paths {
		for limit := 1; limit <= 7; limit++ {
			want := strings.SplitN(p[1:], "/", limit)
			segs := split(p, limit, make([]pathSegment, 0, 1))
			var got []string
			for _, s := range segs {
				seg := p[s.start:s.end]
				got = append(got, seg)
			}
			if !slices.Equal(got, want) {
				t.Fatalf("split(%q, %d) = %q, want %q", p, limit, got, want)
			}
		}
	}
}

// TestListLiteralPaths: many literal paths in the table of a List's
// literal paths, of few lengths and with shared prefixes and ends (and
// patterns of segment wildcards that match them too), against the loop,
// on those paths, paths one byte off, and paths of other lengths.
func TestListLiteralPaths(t *testing.T) {
	var sources, urls []string
	for i := range 300 {
		path := fmt.Sprintf("/doc/%03d/x.html", i)
		if i%3 == 0 {
			path = fmt.Sprintf("/%03d", i)
		}
		sources = append(sources, "https://h"+path)
		urls = append(urls, "https://h"+path, "https://h"+path+"x", "https://h"+path[:len(path)-1], "https://g"+path)
		if i%50 == 0 {
			sources = append(sources, "https://h/doc/:n/x.html", "https://h/:n")
		}
	}
	sources = append(sources, "*://*/*")
	var ps []*Pattern
	for _, s := range sources {
		ps = append(ps, MustNew(s, Options{}))
	}
	urls = append(urls, "https://h/", "https://h/doc", "https://h/doc//x.html", "mailto:x")
	checkList(t, ps, urls)
	checkList(t, ps[:len(ps)-1], urls)
}

// TestNewListLinear: a List of n host patterns and n literal paths costs
// allocations linear in n (the literal paths' candidates are worked out
// per root only for a few roots, not for every root and path).
func TestNewListLinear(t *testing.T) {
	build := func(n int) uint64 {
		var ps []*Pattern
		for i := range n {
			path := fmt.Sprintf("/api/v%d", i)
			p, err := NewInit(Init{Pathname: &path}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			ps = append(ps, MustNew(fmt.Sprintf("https://t%d.example.com/*", i), Options{}), p)
		}
		return alloctest.Bytes(func() { NewList(ps...) })
	}
	small, large := build(500), build(1000)
	if large > 3*small {
		t.Errorf("NewList of 2×1000 patterns allocates %d bytes, of 2×500 %d: more than linear", large, small)
	}
}

// A List keeps no compiled pattern of a simple entry, only its source:
// the pattern compiled again from it is the pattern given, for every
// WPT pattern a List decides alone.
func TestListPatternSource(t *testing.T) {
	cases := readJSONLines[wptCase](t, "urlpatterntestdata.jsonl")
	kept := 0
	for i, c := range cases {
		p, call, ok, err := construct(c.Pattern)
		if !ok || err != nil {
			continue
		}
		l := NewList(p)
		if got := l.Pattern(0); got != p {
			t.Errorf("row %d: %s: Pattern(0) is not the pattern given while it is kept", i+1, call)
		}
		if l.patterns != nil {
			continue // kept compiled
		}
		e := &l.entries[0]
		kept++
		q := e.source.compile()
		for comp := range numComponents {
			if got, want := q.Component(comp), p.Component(comp); got != want {
				t.Errorf("row %d: %s: compiled again, %v = %q, want %q (protocol %q)", i+1, call, comp, got, want, p.Protocol())
			}
			if got, want := q.RegExp(comp), p.RegExp(comp); got != want {
				t.Errorf("row %d: %s: compiled again, %v's regexp = %q, want %q", i+1, call, comp, got, want)
			}
		}
		if !slices.Equal(q.names, p.names) {
			t.Errorf("row %d: %s: compiled again, names %q, want %q", i+1, call, q.names, p.names)
		}
	}
	if kept < 50 {
		t.Errorf("%d WPT patterns kept as a source, want at least 50", kept)
	}
}

// A pattern that nothing else keeps is compiled again by Pattern.
func TestListPatternDropped(t *testing.T) {
	l := func() *List {
		return NewList(MustNew("https://example.com/users/:id", Options{}), MustNew("https://example.com/(\\d+)", Options{}))
	}()
	runtime.GC()
	runtime.GC()
	if l.patterns[0] != nil {
		t.Fatal("the List keeps the compiled pattern of a simple entry")
	}
	p := l.Pattern(0)
	if p == nil || p.Pathname() != "/users/:id" || p.Hostname() != "example.com" || p.Protocol() != "https" {
		t.Fatalf("Pattern(0) = %v, want https://example.com/users/:id", p)
	}
	if r := p.Exec("https://example.com/users/7"); r == nil || r.Pathname.Groups[0].Value != "7" {
		t.Errorf("Pattern(0).Exec = %v", r)
	}
	if q := l.Pattern(1); q == nil || q.Pathname() != "/(\\d+)" {
		t.Errorf("Pattern(1) = %v, want the regexp pattern, kept", q)
	}
}

// A hostname that the constructor string read as an IPv6 address by an
// escape (`*:\[`, the hostname "[") has a pattern string that does not
// compile ("[" alone is no IPv6 pattern): the List keeps such a pattern
// compiled, and Pattern gives it back once the caller has dropped it
// (FuzzList found Pattern panicking on it).
func TestListPatternIPv6Escape(t *testing.T) {
	for _, s := range []string{`*:\[`, `https://[\:\:1]/a`} {
		l := func() *List { return NewList(MustNew(s, Options{})) }()
		runtime.GC()
		runtime.GC()
		p := l.Pattern(0)
		want := MustNew(s, Options{})
		if p == nil || p.Hostname() != want.Hostname() || p.RegExp(Hostname) != want.RegExp(Hostname) {
			t.Errorf("%s: Pattern(0) = %v, want the pattern's hostname %q", s, p, want.Hostname())
		}
	}
}

// TestListPatternSplitFixed: a pattern whose empty group with a modifier
// splits a path's text in two (found by FuzzList) is given back by
// Pattern after a collection, not compiled again from its pattern string,
// which canonicalizes the dot segment it spells away. So is one whose
// text between two wildcards canonicalizes to "" (its pattern string
// "/**." reads the second '*' as a modifier), which no List keeps as its
// source: its entry is not simple.
func TestListPatternSplitFixed(t *testing.T) {
	for _, s := range []string{"https://h/{}*.", "https://h/a/{}?..", "https://h/x{}+/./y", "https://h/*%41/..*."} {
		l := func() *List { return NewList(MustNew(s, Options{})) }()
		runtime.GC()
		runtime.GC()
		p := l.Pattern(0)
		want := MustNew(s, Options{})
		if p == nil {
			t.Errorf("%s: Pattern(0) = nil", s)
		} else if p.Pathname() != want.Pathname() || p.RegExp(Pathname) != want.RegExp(Pathname) {
			t.Errorf("%s: Pattern(0) has the pathname %q (%q), want %q (%q)", s, p.Pathname(), p.RegExp(Pathname), want.Pathname(), want.RegExp(Pathname))
		}
	}
}

// TestAppendNamedMatchAllocs: a match with room in dst allocates nothing
// whatever the List's depth, on either side of the smaller segment
// buffer a shallow List splits into (fewSegments), and with a path of
// many more segments than the List is deep; its groups are the path's.
func TestAppendNamedMatchAllocs(t *testing.T) {
	for _, depth := range []int{1, fewSegments - 1, fewSegments, fewSegments + 1, 20} {
		var pat, path strings.Builder
		for k := range depth {
			fmt.Fprintf(&pat, "/:g%d", k)
			fmt.Fprintf(&path, "/s%d", k)
		}
		deep := path.String() + strings.Repeat("/x", 40)
		l := NewList(MustNew("https://h"+pat.String()+"/*", Options{}), MustNew("https://h"+pat.String(), Options{}))
		for _, tc := range []struct {
			path  string
			index int
		}{{path.String(), 1}, {deep, 0}} {
			c := Components{"https", "", "", "h", "", tc.path, "", ""}
			dst := make([]Group, 0, depth)
			i, groups := l.AppendNamedMatch(dst, &c)
			if i != tc.index || len(groups) != depth || groups[depth-1].Value != fmt.Sprintf("s%d", depth-1) {
				t.Fatalf("depth %d, %q: %d, %v; want %d and %d groups, the last s%d", depth, tc.path, i, groups, tc.index, depth, depth-1)
			}
			if n := testing.AllocsPerRun(100, func() { l.AppendNamedMatch(dst, &c) }); n != 0 {
				t.Errorf("depth %d, %q: %v allocations, want 0", depth, tc.path, n)
			}
		}
	}
}

// TestListLiteralWinner: a literal path whose first candidate is a simple
// entry with no literal to compare and no named group has its answer
// beside it in the table (exactPath.win), and AppendNamedMatch returns it
// without the candidates; the other literal paths do not, and the List
// still gives what the loop gives, for URLs of another host, scheme,
// query or path too.
func TestListLiteralWinner(t *testing.T) {
	// Protocol https, hostname h, the other components "*" unless given.
	sources := []struct{ path, search, hash string }{
		{"/a", "*", "*"},          // 0: the winner of /a
		{"/:x", "*", "*"},         // 1: first candidate of /b, with a named group
		{"/b", "*", "*"},          // 2
		{"/c", "q=1", "*"},        // 3: a query to compare
		{"/c", "*", "*"},          // 4
		{"/d/e", "*", "*"},        // 5: the winner of /d/e
		{"/d/e", "", "*"},         // 6
		{"/f/:y/g", "*", "*"},     // 7
		{"/f/z/g", "*", "*"},      // 8: after a pattern with a group that matches it too
		{"/{h}?/i", "*", "*"},     // 9: not an exact pathname
		{"/i", "*", "*"},          // 10
		{"/j/:y(\\d+)", "*", "*"}, // 11
		{"/j/1", "*", "*"},        // 12: after a regexp group
		{"/k", "*", "f"},          // 13: a hash to compare
	}
	var ps []*Pattern
	for _, s := range sources {
		ps = append(ps, mustInit(t, Init{Protocol: new("https"), Hostname: new("h"), Pathname: new(s.path), Search: new(s.search), Hash: new(s.hash)}))
	}
	l := NewList(ps...)
	want := map[string]int32{"/a": 0, "/b": -1, "/c": -1, "/d/e": 5, "/f/z/g": -1, "/i": -1, "/j/1": -1, "/k": -1}
	for path, w := range want {
		if x := l.literalPath(path); x == nil || x.win != w {
			t.Errorf("literalPath(%q) = %v; want the path's, win %d", path, x, w)
		}
	}
	var urls []string
	for path := range want {
		for _, pre := range []string{"https://h", "http://h", "https://g", "https://h:8443", "https://u@h"} {
			for _, post := range []string{"", "?q=1", "?q=2", "#f", "?"} {
				urls = append(urls, pre+path+post, pre+path+"/"+post, pre+path+"x"+post)
			}
		}
	}
	checkList(t, ps, urls)
	// With a second host key, the candidates are those of two tries.
	checkList(t, append(ps, MustNew("*://*/*", Options{})), urls)
	if x := NewList(append(ps, MustNew("*://*/*", Options{}))...).literalPath("/a"); x == nil || x.win != -1 {
		t.Errorf("literalPath(/a) of two host keys: %v, want win -1", x)
	}
}

func mustInit(t testing.TB, in Init) *Pattern {
	t.Helper()
	p, err := NewInit(in, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// matchLiteral answers a static route's path from what NewList worked
// out, and says nothing (-1) of any other: a path with a group, or one
// spelt otherwise than the literal.
func TestMatchLiteral(t *testing.T) {
	route := func(path string) *Pattern { return pathPattern(t, path, Options{}) }
	routes := NewList(route("/users/me"), route("/users/:id"), route("/static/app.js"))
	for _, tt := range []struct {
		path string
		want int
	}{
		{"/static/app.js", 2}, {"/users/me", 0}, {"/users/42", -1}, {"/static/%61pp.js", -1}, {"/nothing", -1},
	} {
		if got := matchLiteral(routes, "https", "example.com", tt.path); got != tt.want {
			t.Errorf("matchLiteral(%q) = %d, want %d", tt.path, got, tt.want)
		}
	}
	// "*" for the protocol and hostname, which no URL has: the answer
	// holds for every URL only when no pattern names them.
	if got := matchLiteral(routes, "*", "*", "/users/me"); got != 0 {
		t.Errorf(`matchLiteral("*", "*", "/users/me") = %d, want 0`, got)
	}
	protocol, hostname, pathname := "https", "example.com", "/users/me"
	host, err := NewInit(Init{Protocol: &protocol, Hostname: &hostname, Pathname: &pathname}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	hosts := NewList(host)
	if got := matchLiteral(hosts, "https", "example.com", "/users/me"); got != 0 {
		t.Errorf("a host's matchLiteral = %d, want 0", got)
	}
	if got := matchLiteral(hosts, "*", "*", "/users/me"); got != -1 {
		t.Errorf(`a host's matchLiteral("*", "*") = %d, want -1`, got)
	}
	var nilList *List
	if got := matchLiteral(nilList, "https", "example.com", "/users/me"); got != -1 {
		t.Errorf("a nil List's matchLiteral = %d, want -1", got)
	}
}

// TestListDropSources: a List whose sources are dropped matches as
// before, keeps the patterns its index does not decide, and gives no
// other pattern back.
func TestListDropSources(t *testing.T) {
	var ps []*Pattern
	for _, s := range []string{"/users/:id", "/files/:name(\\d+)", "/a/*", "https://h/x", "https://h:443/y"} {
		p, err := NewWithBase(s, "https://h", Options{})
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
	}
	l := NewList(ps...)
	listhook.DropSources(l)
	for i, p := range ps {
		got := l.Pattern(i)
		if simple := l.entries[i].simple; simple && got != nil || !simple && got != p {
			t.Errorf("Pattern(%d) of %q (simple %v) = %v after DropSources", i, p.Pathname(), simple, got)
		}
	}
	for _, href := range []string{"https://h/users/7", "https://h/files/12", "https://h/files/x", "https://h/a/b/c", "https://h/x", "https://h/y"} {
		u, err := weburl.Parse(href)
		if err != nil {
			t.Fatal(err)
		}
		want := -1
		for i, p := range ps {
			if p.Test(href) {
				want = i
				break
			}
		}
		c := ComponentsOf(u)
		if got := l.SetNamedMatch(&c, nil); got != want {
			t.Errorf("%s: SetNamedMatch = %d after DropSources, want %d", href, got, want)
		}
		// The values, from the pathname's names that the List keeps.
		got := pathValues{}
		l.SetNamedMatch(&c, got)
		wantValues := pathValues{}
		if want >= 0 {
			for _, g := range ps[want].Exec(href).Pathname.Groups {
				if isGroupName(g.Name) && g.Matched {
					wantValues[g.Name] = g.Value
				}
			}
		}
		if !maps.Equal(got, wantValues) {
			t.Errorf("%s: SetNamedMatch's values after DropSources %v, want %v", href, got, wantValues)
		}
	}
}

// pathValues is a PathValueSetter that keeps the values.
type pathValues map[string]string

func (v pathValues) SetPathValue(name, value string) { v[name] = value }
