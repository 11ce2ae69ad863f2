package weburl

import (
	"net/netip"
	"strings"
	"testing"

	"github.com/weburl/weburl/internal/psl"
	"golang.org/x/net/publicsuffix"
)

// pslHosts returns the hosts of the WPT data and the bench lists: the
// host of every URL that parses (input and base of urltestdata, the hrefs
// and new values of setters), the outputs and inputs of the host tests,
// and the host of every URL of the bench lists.
func pslHosts(t *testing.T) []string {
	seen := map[string]bool{}
	var hosts []string
	add := func(h string) {
		if !seen[h] {
			seen[h] = true
			hosts = append(hosts, h)
		}
	}
	addURL := func(s string) {
		if u, err := Parse(s); err == nil && u.Hostname() != "" {
			add(u.Hostname())
		}
	}
	for _, name := range []string{"urltestdata.tsv", "urltestdata-javascript-only.tsv"} {
		for _, c := range loadURLTests(t, name) {
			addURL(c.Input)
			if c.Base != nil {
				addURL(*c.Base)
				if u, err := ParseRef(c.Input, *c.Base); err == nil {
					add(u.Hostname())
				}
			}
			add(c.Hostname)
		}
	}
	for _, f := range loadWPT(t, "setters.tsv") {
		addURL(f[1].str())
		add(f[2].str())
		addURL(f[2].str())
	}
	for _, name := range []string{"toascii.tsv", "idnatestv2.tsv", "idnatestv2-removed.tsv"} {
		for _, c := range loadHostTests(t, name) {
			add(c.Input)
			if c.Output != nil {
				add(*c.Output)
			}
		}
	}
	for _, urls := range benchLists(t) {
		for _, s := range urls {
			addURL(s)
		}
	}
	return hosts
}

// refList is golang.org/x/net/publicsuffix, the reference internal/psl's
// table is held to.
func refList(domain string) (string, bool) { return publicsuffix.PublicSuffix(domain) }

// TestPublicSuffixSameAsXNet holds the answers of internal/psl, and of
// PublicSuffix and RegistrableDomain, equal to those of
// golang.org/x/net/publicsuffix, which embeds the same revision of the
// list, on every host of the WPT data and the bench lists: the suffixes
// and registrable domains always, the ICANN bool where x/net's is the
// prevailing rule's section (where it is not, the list file loaded by
// ParseSuffixList must give ours). internal/psl's own test does the same
// for the neighbourhood of every rule.
func TestPublicSuffixSameAsXNet(t *testing.T) {
	hosts := pslHosts(t)
	if len(hosts) < 1000 {
		t.Fatalf("only %d hosts", len(hosts))
	}
	loaded := sharedSuffixList(t)
	boolAgrees := func(h string, got, xnet bool) bool {
		if got == xnet {
			return true
		}
		if loaded == nil {
			return false
		}
		_, want := loaded.full.publicSuffix(h)
		return got == want
	}
	diffs := 0
	for _, h := range hosts {
		// The lists' own answers, on the string as it is (lowercase
		// ASCII for parsed hosts; anything for the raw test inputs).
		gotPS, gotICANN := psl.PublicSuffix(h)
		wantPS, wantICANN := publicsuffix.PublicSuffix(h)
		if gotPS != wantPS || gotICANN != wantICANN && !(isDomainForList(h) && boolAgrees(h, gotICANN, wantICANN)) {
			t.Errorf("psl.PublicSuffix(%q) = %q, %v; x/net says %q, %v", h, gotPS, gotICANN, wantPS, wantICANN)
			diffs++
		}
		gotE, gotErr := psl.EffectiveTLDPlusOne(h)
		wantE, wantErr := publicsuffix.EffectiveTLDPlusOne(h)
		if gotE != wantE || (gotErr == nil) != (wantErr == nil) {
			t.Errorf("psl.EffectiveTLDPlusOne(%q) = %q, %v; x/net says %q, %v", h, gotE, gotErr, wantE, wantErr)
			diffs++
		}
		// The exported functions, on the host as the host parser reads it.
		if p, kind, ok := parseHost(h); ok && kind == Domain {
			ps, icann := PublicSuffix(h)
			wps, wicann := publicSuffixOf(refList, p)
			rd, ok2 := RegistrableDomain(h)
			wrd, wok2 := registrableDomainOf(refList, p)
			d := strings.TrimSuffix(p, ".")
			if ps != wps || rd != wrd || ok2 != wok2 || icann != wicann && !(isDomainForList(d) && boolAgrees(d, icann, wicann)) {
				t.Errorf("%q: PublicSuffix %q, %v, RegistrableDomain %q, %v; with x/net's list %q, %v, %q, %v",
					h, ps, icann, rd, ok2, wps, wicann, wrd, wok2)
				diffs++
			}
		}
		if diffs > 20 {
			t.Fatal("too many differences")
		}
	}
	t.Logf("%d hosts", len(hosts))
}

// isDomainForList reports whether s is what a suffixList takes: a
// lowercase ASCII domain without a trailing dot, not an IP address.
func isDomainForList(s string) bool {
	if s == "" || strings.HasSuffix(s, ".") || strings.ToLower(s) != s {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	_, err := netip.ParseAddr(s)
	return err != nil
}

// The table names the revision x/net embeds: the same list, so the same
// answers. This fails when an x/net update changes its list, so that the
// table is regenerated from the new revision.
func TestPublicSuffixSameRevision(t *testing.T) {
	const rev = "d6c92f1bbb7433e5db7b8405c25d4035fb8ff376"
	if v := publicsuffix.List.String(); !strings.Contains(v, rev) {
		t.Errorf("x/net's list is %q; internal/psl's is %q", v, psl.Version)
	}
	if !strings.Contains(psl.Version, rev) {
		t.Errorf("internal/psl's list is %q; PublicSuffix's doc says %s", psl.Version, rev)
	}
}
