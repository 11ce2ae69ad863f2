package psl

import (
	"net/netip"
	"strings"
	"testing"

	"golang.org/x/net/publicsuffix"

	"github.com/weburl/weburl/internal/psl/psltest"
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

// edgeCases are domains around every rule and every name of the trie
// (psltest.Neighbourhood), so that inner nodes, which are no rule, are
// asked too; and domains of every kind.
func edgeCases(t *testing.T) []string {
	var around []string
	for name := range names() {
		around = append(around, name)
	}
	for rule := range psltest.Rules(t) {
		around = append(around, rule)
	}
	return append(psltest.Neighbourhood(around), "", ".", "..", "a", "com", "a.b", "localhost", "example", "xn--p1ai", "a.xn--p1ai",
		"1.2.3.4", "::1", "fe80::1%eth0", "[::1]", "1.2.3", "01.2.3.4", "256.1.1.1", "1.2.3.4.com",
		"www.ck", "a.www.ck", "ck", "other.ck", "a.other.ck", "city.kobe.jp", "a.city.kobe.jp", "b.kobe.jp", "kobe.jp",
		"github.io", "a.github.io", "s3.amazonaws.com", "a.b.compute.amazonaws.com", "com.", "example.com..", "COM", "Example.COM")
}

// TestSameAsXNet holds the table's answers equal to x/net/publicsuffix's,
// which embeds the same revision of the list: the suffix always, the
// ICANN bool where x/net's is the prevailing rule's section, which the
// formal algorithm on the list file's rules gives.
func TestSameAsXNet(t *testing.T) {
	cases := edgeCases(t)
	if len(cases) < 5*len(names()) {
		t.Fatalf("only %d cases for %d names", len(cases), len(names()))
	}
	rules := psltest.Rules(t)
	if rules == nil {
		t.Log("no list file: the ICANN bool is compared with x/net's only where x/net's is the formal one, which needs the file; suffixes only")
	}
	diffs, xnetBool := 0, 0
	for _, d := range cases {
		gotPS, gotICANN := PublicSuffix(d)
		wantPS, wantICANN := publicsuffix.PublicSuffix(d)
		if gotPS != wantPS {
			t.Errorf("PublicSuffix(%q) = %q, %v; x/net says %q, %v", d, gotPS, gotICANN, wantPS, wantICANN)
			diffs++
		}
		if rules != nil && !strings.HasSuffix(d, ".") && d != "" && !isIP(d) {
			ps, icann := psltest.FormalSuffix(rules, d, false)
			if ps != gotPS || icann != gotICANN {
				t.Errorf("PublicSuffix(%q) = %q, %v; the formal algorithm says %q, %v", d, gotPS, gotICANN, ps, icann)
				diffs++
			}
			if wantICANN != icann {
				xnetBool++
			}
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
	t.Logf("%d domains; x/net's ICANN bool is not the prevailing rule's section for %d", len(cases), xnetBool)
}

func isIP(s string) bool {
	_, err := netip.ParseAddr(s)
	return err == nil
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

// TestPublicSuffixICANN: with the private section left out, a domain whose
// prevailing rule is ICANN keeps its answer, one whose rule is private
// gets a suffix of fewer labels, and an answer that is not ICANN is the
// full list's too; and the known answers.
// The root package's suffix list tests compare it with a list loaded from
// the file with the private section left out, rule for rule.
func TestPublicSuffixICANN(t *testing.T) {
	rules := psltest.Rules(t)
	for _, d := range edgeCases(t) {
		full, fullICANN := PublicSuffix(d)
		ps, icann := PublicSuffixICANN(d)
		if rules != nil && !strings.HasSuffix(d, ".") && d != "" && !isIP(d) {
			if wps, wicann := psltest.FormalSuffix(rules, d, true); ps != wps || icann != wicann {
				t.Errorf("PublicSuffixICANN(%q) = %q, %v; the formal algorithm on the ICANN rules says %q, %v", d, ps, icann, wps, wicann)
			}
		}
		switch {
		case fullICANN && (ps != full || !icann):
			t.Errorf("%q: %q, %v; the full list's answer is ICANN: %q", d, ps, icann, full)
		case !fullICANN && ps != full && !strings.HasSuffix(full, "."+ps):
			t.Errorf("%q: %q, %v; not whole labels of the full list's private %q", d, ps, icann, full)
		case !icann && ps != full:
			t.Errorf("%q: %q, %v; not ICANN, but the full list says %q", d, ps, icann, full)
		}
	}
	for _, c := range []struct {
		domain, suffix string
		icann          bool
	}{
		{"foo.github.io", "io", true},
		{"www.example.co.uk", "co.uk", true},
		{"a.city.kawasaki.jp", "kawasaki.jp", true},
		{"a.b.kawasaki.jp", "b.kawasaki.jp", true},
		{"x.s3.amazonaws.com", "com", true},
		{"a.cromulent", "cromulent", false},
	} {
		if ps, icann := PublicSuffixICANN(c.domain); ps != c.suffix || icann != c.icann {
			t.Errorf("PublicSuffixICANN(%q) = %q, %v; want %q, %v", c.domain, ps, icann, c.suffix, c.icann)
		}
	}
}

// TestNoAllocs: a lookup reads the table in place.
func TestNoAllocs(t *testing.T) {
	n := testing.AllocsPerRun(100, func() {
		PublicSuffix("www.example.co.uk")
		PublicSuffix("a.b.kawasaki.jp")
		PublicSuffixICANN("foo.github.io")
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

// FuzzPublicSuffix compares both functions with x/net's on any string (the
// ICANN bool with the formal algorithm's, on a lowercase domain, when the
// list file is at hand).
func FuzzPublicSuffix(f *testing.F) {
	for _, s := range []string{"www.example.co.uk", "a.b.kawasaki.jp", "a.city.kawasaki.jp", "foo.github.io",
		"x.www.ck", "cromulent", "a..com", "com.", "1.2.3.4", "::1", ""} {
		f.Add(s)
	}
	rules := psltest.Rules(f)
	f.Fuzz(func(t *testing.T, d string) {
		ps, icann := PublicSuffix(d)
		wps, wicann := publicsuffix.PublicSuffix(d)
		if ps != wps {
			t.Errorf("PublicSuffix(%q) = %q, %v; x/net says %q, %v", d, ps, icann, wps, wicann)
		}
		if rules != nil && !strings.HasSuffix(d, ".") && d != "" && !isIP(d) && strings.ToLower(d) == d {
			if fps, ficann := psltest.FormalSuffix(rules, d, false); fps != ps || ficann != icann {
				t.Errorf("PublicSuffix(%q) = %q, %v; the formal algorithm says %q, %v", d, ps, icann, fps, ficann)
			}
			if ips, iicann := PublicSuffixICANN(d); icann && (ips != ps || !iicann) {
				t.Errorf("PublicSuffixICANN(%q) = %q, %v; PublicSuffix says %q, ICANN", d, ips, iicann, ps)
			}
		}
		e, err := EffectiveTLDPlusOne(d)
		we, werr := publicsuffix.EffectiveTLDPlusOne(d)
		if e != we || (err == nil) != (werr == nil) {
			t.Errorf("EffectiveTLDPlusOne(%q) = %q, %v; x/net says %q, %v", d, e, err, we, werr)
		}
	})
}
