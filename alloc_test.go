package weburl

import (
	"runtime/debug"
	"strconv"
	"testing"
	"unsafe"

	"github.com/weburl/weburl/internal/urllists"
)

// The URL's size, which newURLWithHref's arrays complete to the runtime's
// size classes.
func TestURLSize(t *testing.T) {
	if n := unsafe.Sizeof(URL{}); n != 48 {
		t.Errorf("a URL is %d bytes; newURLWithHref's sizes assume 48", n)
	}
}

// The layout holds no port: Port, PortNumber and the setters read it from
// the href. For every URL of the WPT data, after parsing and after each
// setter's tests, PortNumber agrees with the port attribute.
func TestPortFromHref(t *testing.T) {
	check := func(what string, u *URL, port string) {
		t.Helper()
		n, ok := u.PortNumber()
		want, err := strconv.Atoi(port)
		if port == "" {
			want, err = 0, nil
		}
		if err != nil || ok != (port != "") || n != want || u.Port() != port {
			t.Errorf("%s: Port %q, PortNumber %d, %v; the port attribute is %q", what, u.Port(), n, ok, port)
		}
		if v := u.portValue(); ok && v != int32(n) || !ok && v != -1 {
			t.Errorf("%s: portValue %d", what, v)
		}
	}
	for _, c := range loadURLTests(t, "urltestdata.tsv") {
		if c.Failure {
			continue
		}
		var u *URL
		var err error
		if c.Base != nil {
			u, err = ParseRef(c.Input, *c.Base)
		} else {
			u, err = Parse(c.Input)
		}
		if err != nil {
			continue // TestURLTestData reports it
		}
		check(c.Input, u, c.Port)
	}
	for _, f := range loadWPT(t, "setters.tsv") {
		u, err := Parse(f[1].str())
		if err != nil {
			continue
		}
		_ = setterMethods[f[0].str()](u, f[2].str())
		for _, kv := range f[3:] {
			if kv.name == "port" {
				check(f[0].str()+" "+f[2].str()+" on "+f[1].str(), u, kv.str())
			}
		}
	}
}

// listVariants returns the URL lists with, for each, its URLs with scheme
// and host in upper case and its URLs without their paths: inputs that
// are not their own href.
func listVariants(t *testing.T) map[string][]string {
	lists := benchLists(t)
	out := map[string][]string{}
	for name, list := range lists {
		var upper, noPath []string
		for _, s := range list {
			upper = append(upper, urllists.UpperSchemeAndHost(s))
			noPath = append(noPath, withoutPath(s))
		}
		out[name], out[name+"-upper"], out[name+"-nopath"] = list, upper, noPath
	}
	return out
}

// Parse makes one allocation per URL it accepts, on every list: the URL,
// holding its href when the href is not the input.
func TestParseAllocatesOnce(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's sync.Pool drops items at random; allocation counts are checked without -race")
	}
	// A garbage collection empties the parsers' pool, whose refill would
	// count: no collection while counting.
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	for name, list := range listVariants(t) {
		var accepted []string
		for _, s := range list {
			if CanParse(s) {
				accepted = append(accepted, s)
			}
		}
		n := testing.AllocsPerRun(1, func() {
			for _, s := range accepted {
				if _, err := Parse(s); err != nil {
					t.Fatal(err)
				}
			}
		})
		if int(n) > len(accepted) {
			t.Errorf("%s: Parse made %v allocations for %d URLs", name, n, len(accepted))
		}
	}
	// One URL at a time: the hosts that go through IDNA, and the rest.
	for _, s := range []string{
		"https://example.com/", "HTTPS://EXAMPLE.COM/A", "https://example.com",
		"https://user:pass@example.com:8080/a/../b?q=a b#f", "file:///C|/x",
		"https://münchen.de/", "https://xn--mnchen-3ya.de/", "https://ÉXAMPLE.com/é?é#é",
		"https://[::1]/", "https://0x7f.1/", "sc://Host/p", "mailto:A B",
	} {
		if n := testing.AllocsPerRun(10, func() { _, _ = Parse(s) }); n > 1 {
			t.Errorf("Parse(%q) made %v allocations, want 1", s, n)
		}
	}
}

// SetHref on a reused URL allocates nothing for input that is its own
// href, and one href for other input that the fast path takes.
func TestSetHrefReuseAllocatesNothing(t *testing.T) {
	var u URL
	for name, list := range benchLists(t) {
		var canonical []string
		for _, s := range list {
			if v, err := Parse(s); err == nil && v.Href() == s {
				canonical = append(canonical, s)
			}
		}
		n := testing.AllocsPerRun(1, func() {
			for _, s := range canonical {
				if err := u.SetHref(s); err != nil {
					t.Fatal(err)
				}
			}
		})
		if n != 0 {
			t.Errorf("%s: SetHref made %v allocations for %d canonical URLs, want 0", name, n, len(canonical))
		}
		for _, s := range canonical[:min(len(canonical), 1000)] {
			if err := u.SetHref(s); err != nil || u.Href() != s || unsafe.StringData(u.Href()) != unsafe.StringData(s) {
				t.Fatalf("SetHref(%q): %v, href %q is not the input", s, err, u.Href())
			}
		}
	}
	for _, s := range []string{"HTTPS://EXAMPLE.COM/A", "https://example.com?q"} {
		if n := testing.AllocsPerRun(10, func() { _ = u.SetHref(s) }); n > 1 {
			t.Errorf("SetHref(%q) made %v allocations, want 1", s, n)
		}
	}
}
