package urlpattern

import (
	"strings"
	"testing"

	"github.com/weburl/weburl"
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

func checkList(t testing.TB, patterns []*Pattern, urls []string) {
	t.Helper()
	l := NewList(patterns...)
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
		if gr != nil && gr.Pathname.String() != wr.Pathname.String() {
			t.Errorf("List.Match(%q): pathname groups %s, want %s", s, gr.Pathname.String(), wr.Pathname.String())
		}
		if ii := l.Index(u); ii != wi {
			t.Errorf("List.Index(%q) = %d, want %d", s, ii, wi)
		}
	}
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
	var buf [32]int32
	for _, c := range l.candidates(u, buf[:]) {
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
