package psl

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/net/idna"
	"golang.org/x/net/publicsuffix"
)

// names returns every name of the table's trie: the labels from the root
// down to each record, joined right to left, with the record.
func names() map[string]record {
	out := map[string]record{}
	var walk func(lo, hi int, suffix string)
	walk = func(lo, hi int, suffix string) {
		for i := lo; i < hi; i++ {
			r := rec(i)
			name := r.label()
			if suffix != "" {
				name += "." + suffix
			}
			out[name] = r
			walk(r.firstChild(), r.firstChild()+r.numChildren(), name)
		}
	}
	walk(0, numTop, "")
	return out
}

// listRules reads the rules of the Public Suffix List file when it is at
// hand ($WEBURL_PSL_DIR or ../shared/psl beside the module root), in
// their ASCII form, so that a rule the table lost is tested too.
func listRules(t *testing.T) []string {
	dir := os.Getenv("WEBURL_PSL_DIR")
	if dir == "" {
		dir = filepath.Join("..", "..", "..", "shared", "psl")
	}
	f, err := os.Open(filepath.Join(dir, "public_suffix_list.dat"))
	if err != nil {
		if os.Getenv("WEBURL_PSL_REQUIRED") == "1" {
			t.Fatal(err)
		}
		t.Logf("no list file, the table's own names only: %v", err)
		return nil
	}
	defer f.Close()
	var rules []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		s := strings.TrimSpace(sc.Text())
		if s == "" || strings.HasPrefix(s, "//") {
			continue
		}
		a, err := idna.ToASCII(s)
		if err != nil {
			t.Fatalf("rule %q: %v", s, err)
		}
		rules = append(rules, a)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rules
}

// edgeCases are domains around every rule: the rule's name, with one and
// two labels before it (which a wildcard takes or leaves), with the
// exception label alone, and with a trailing dot; plus every name of the
// trie, so that inner nodes, which are no rule, are asked too.
func edgeCases(t *testing.T) []string {
	seen := map[string]bool{}
	var out []string
	add := func(d string) {
		if !seen[d] {
			seen[d] = true
			out = append(out, d)
		}
	}
	around := func(name string) {
		for _, d := range []string{name, "a." + name, "b.a." + name, "www." + name, name + ".", "a." + name + ".", "a.." + name, "." + name} {
			add(d)
		}
	}
	for name := range names() {
		around(name)
	}
	for _, rule := range listRules(t) {
		rule = strings.TrimPrefix(strings.TrimPrefix(rule, "!"), "*.")
		around(rule)
		if i := strings.IndexByte(rule, '.'); i >= 0 {
			around(rule[i+1:])
		}
	}
	for _, d := range []string{"", ".", "..", "a", "com", "a.b", "localhost", "example", "xn--p1ai", "a.xn--p1ai",
		"1.2.3.4", "::1", "fe80::1%eth0", "[::1]", "1.2.3", "01.2.3.4", "256.1.1.1", "1.2.3.4.com",
		"www.ck", "a.www.ck", "ck", "other.ck", "a.other.ck", "city.kobe.jp", "a.city.kobe.jp", "b.kobe.jp", "kobe.jp",
		"github.io", "a.github.io", "s3.amazonaws.com", "a.b.compute.amazonaws.com", "com.", "example.com..", "COM", "Example.COM"} {
		add(d)
	}
	return out
}

// TestSameAsXNet holds the table's answers equal to x/net/publicsuffix's,
// which embeds the same revision of the list.
func TestSameAsXNet(t *testing.T) {
	cases := edgeCases(t)
	if len(cases) < 5*len(names()) {
		t.Fatalf("only %d cases for %d names", len(cases), len(names()))
	}
	diffs := 0
	for _, d := range cases {
		gotPS, gotICANN := PublicSuffix(d)
		wantPS, wantICANN := publicsuffix.PublicSuffix(d)
		if gotPS != wantPS || gotICANN != wantICANN {
			t.Errorf("PublicSuffix(%q) = %q, %v; x/net says %q, %v", d, gotPS, gotICANN, wantPS, wantICANN)
			diffs++
		}
		gotE, gotErr := EffectiveTLDPlusOne(d)
		wantE, wantErr := publicsuffix.EffectiveTLDPlusOne(d)
		if gotE != wantE || (gotErr == nil) != (wantErr == nil) {
			t.Errorf("EffectiveTLDPlusOne(%q) = %q, %v; x/net says %q, %v", d, gotE, gotErr, wantE, wantErr)
			diffs++
		}
		if diffs > 20 {
			t.Fatal("too many differences")
		}
	}
	t.Logf("%d domains", len(cases))
}

// TestKnownAnswers checks answers the list's own rules give, written
// from the list: a plain rule, a private rule, a wildcard, its exception,
// and the default rule.
func TestKnownAnswers(t *testing.T) {
	for _, c := range []struct {
		domain, suffix string
		icann          bool
		etld1          string
	}{
		{"www.example.co.uk", "co.uk", true, "example.co.uk"},
		{"foo.github.io", "github.io", false, "foo.github.io"},
		{"a.b.kawasaki.jp", "b.kawasaki.jp", true, "a.b.kawasaki.jp"},   // *.kawasaki.jp
		{"a.city.kawasaki.jp", "kawasaki.jp", true, "city.kawasaki.jp"}, // !city.kawasaki.jp
		{"a.cromulent", "cromulent", false, "a.cromulent"},              // the rule "*"
		{"xn--85x722f.xn--55qx5d.cn", "xn--55qx5d.cn", true, "xn--85x722f.xn--55qx5d.cn"},
	} {
		ps, icann := PublicSuffix(c.domain)
		e, err := EffectiveTLDPlusOne(c.domain)
		if ps != c.suffix || icann != c.icann || e != c.etld1 || err != nil {
			t.Errorf("%q: suffix %q, %v, eTLD+1 %q, %v; want %q, %v, %q", c.domain, ps, icann, e, err, c.suffix, c.icann, c.etld1)
		}
	}
	if !strings.Contains(Version, "d6c92f1bbb7433e5db7b8405c25d4035fb8ff376") {
		t.Errorf("Version = %q, not the revision x/net v0.62.0 embeds", Version)
	}
}

// TestNoAllocs: a lookup reads the table in place.
func TestNoAllocs(t *testing.T) {
	n := testing.AllocsPerRun(100, func() {
		PublicSuffix("www.example.co.uk")
		PublicSuffix("a.b.kawasaki.jp")
	})
	if n != 0 {
		t.Errorf("%v allocations per lookup", n)
	}
}

func BenchmarkPublicSuffix(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		PublicSuffix("www.example.co.uk")
	}
}

// FuzzPublicSuffix compares both functions with x/net's on any string.
func FuzzPublicSuffix(f *testing.F) {
	for _, s := range []string{"www.example.co.uk", "a.b.kawasaki.jp", "a.city.kawasaki.jp", "foo.github.io",
		"x.www.ck", "cromulent", "a..com", "com.", "1.2.3.4", "::1", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, d string) {
		ps, icann := PublicSuffix(d)
		wps, wicann := publicsuffix.PublicSuffix(d)
		if ps != wps || icann != wicann {
			t.Errorf("PublicSuffix(%q) = %q, %v; x/net says %q, %v", d, ps, icann, wps, wicann)
		}
		e, err := EffectiveTLDPlusOne(d)
		we, werr := publicsuffix.EffectiveTLDPlusOne(d)
		if e != we || (err == nil) != (werr == nil) {
			t.Errorf("EffectiveTLDPlusOne(%q) = %q, %v; x/net says %q, %v", d, e, err, we, werr)
		}
	})
}
