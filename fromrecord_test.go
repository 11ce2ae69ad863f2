package weburl

import (
	"errors"
	"net/netip"
	"strings"
	"testing"

	"github.com/weburl/weburl/internal/alloctest"
)

// checkFromRecord asserts the round trip FromRecord(u.Record()) == u.
func checkFromRecord(t *testing.T, u *URL) {
	t.Helper()
	v, err := FromRecord(u.Record())
	if err != nil {
		t.Fatalf("FromRecord(MustParse(%q).Record()): %v", u.Href(), err)
	}
	if v.Href() != u.Href() || v.HostKind() != u.HostKind() || v.HasOpaquePath() != u.HasOpaquePath() {
		t.Fatalf("FromRecord(MustParse(%q).Record()) = %q", u.Href(), v.Href())
	}
}

// TestFromRecordRoundTrip: every URL of the WPT data and of the bench
// lists comes back from its record.
func TestFromRecordRoundTrip(t *testing.T) {
	hrefs, _ := wptHrefs(t)
	lists := benchLists(t)
	for _, urls := range lists {
		hrefs = append(hrefs, urls...)
	}
	// The floor says the data was read: WPT's vectors in testdata alone
	// give over 500 valid URLs, the shared lists tens of thousands more.
	floor := 1000
	if _, ok := lists["fallback"]; ok {
		floor = 500
	}
	n := 0
	for _, h := range hrefs {
		if u, err := Parse(h); err == nil {
			checkFromRecord(t, u)
			n++
		}
	}
	if n < floor {
		t.Fatalf("only %d URLs, want at least %d", n, floor)
	}
	t.Logf("%d URLs", n)
}

func strp(s string) *string { return &s }

func portp(p uint16) *uint16 { return &p }

// TestFromRecordBuilt: records written by hand give the href the URL
// serializer writes for them.
func TestFromRecordBuilt(t *testing.T) {
	for _, c := range []struct {
		r    Record
		want string
	}{
		{Record{Scheme: "https", Host: &Host{Kind: Domain, Serialized: "example.com"}, Path: []string{"a%20b", ""}, Query: strp(""), Fragment: strp("f")},
			"https://example.com/a%20b/?#f"},
		{Record{Scheme: "https", Username: "u", Password: "p%40", Host: &Host{Kind: Domain, Serialized: "xn--fa-hia.de"}, Port: portp(8443), Path: []string{""}},
			"https://u:p%40@xn--fa-hia.de:8443/"},
		{Record{Scheme: "http", Password: "p", Host: &Host{Kind: IPv4, Serialized: "127.0.0.1", Addr: netip.MustParseAddr("127.0.0.1")}, Path: []string{""}},
			"http://:p@127.0.0.1/"},
		{Record{Scheme: "sc", Host: &Host{Kind: IPv6, Serialized: "[::1]", Addr: netip.MustParseAddr("::1")}},
			"sc://[::1]"},
		{Record{Scheme: "sc", Host: &Host{Kind: Opaque, Serialized: "EX%zz"}, Path: []string{"a\\b"}},
			"sc://EX%zz/a\\b"},
		{Record{Scheme: "sc", Host: &Host{Kind: Empty}, Query: strp("q")}, "sc://?q"},
		{Record{Scheme: "sc", Path: []string{"", "x"}}, "sc:/.//x"},
		{Record{Scheme: "sc", Path: []string{""}}, "sc:/"},
		{Record{Scheme: "mailto", HasOpaquePath: true, OpaquePath: "a b@c"}, "mailto:a b@c"},
		{Record{Scheme: "sc", HasOpaquePath: true}, "sc:"},
		{Record{Scheme: "file", Host: &Host{Kind: Empty}, Path: []string{"C:", "x"}}, "file:///C:/x"},
		{Record{Scheme: "file", Host: &Host{Kind: Empty}, Path: []string{"a", "C|"}}, "file:///a/C|"},
		{Record{Scheme: "file", Host: &Host{Kind: Domain, Serialized: "server"}, Path: []string{"", "x"}}, "file://server//x"},
		{Record{Scheme: "ws", Host: &Host{Kind: Domain, Serialized: "h"}, Port: portp(443), Path: []string{""}}, "ws://h:443/"},
	} {
		u, err := FromRecord(c.r)
		if err != nil || u.Href() != c.want {
			t.Errorf("FromRecord(%+v) = %v, %v; want %q", c.r, u, err, c.want)
			continue
		}
		checkURL(t, u)
	}
}

// TestFromRecordErrors: each record the parser never gives is an *Error
// naming its field, with the reason; every case of FromRecord's doc.
func TestFromRecordErrors(t *testing.T) {
	dom := func(s string) *Host { return &Host{Kind: Domain, Serialized: s} }
	http := func(f func(r *Record)) Record {
		r := Record{Scheme: "http", Host: dom("h"), Path: []string{"a"}}
		f(&r)
		return r
	}
	for _, c := range []struct {
		r      Record
		field  string
		reason string    // a part of the Reason
		name   ErrorName // the validation error, if any
	}{
		{Record{}, "Scheme", "not a scheme", ""},
		{http(func(r *Record) { r.Scheme = "1http" }), "Scheme", "not a scheme", ""},
		{http(func(r *Record) { r.Scheme = "ht tp" }), "Scheme", "not a scheme", ""},
		{http(func(r *Record) { r.Scheme = "HTTP" }), "Scheme", "not lowercase", ""},
		{http(func(r *Record) { r.Host = nil }), "Host", "a special URL has a host", HostMissing},
		{http(func(r *Record) { r.Host = &Host{Kind: Empty} }), "Host", "empty host", HostMissing},
		{Record{Scheme: "file", Path: []string{""}}, "Host", "file URL's host is the empty host", ""},
		{http(func(r *Record) { r.Host = &Host{Kind: NoHost} }), "Host", "Kind NoHost", ""},
		{http(func(r *Record) { r.Host = &Host{Kind: 9, Serialized: "h"} }), "Host", "unknown Kind", ""},
		{http(func(r *Record) { r.Host = &Host{Kind: Empty, Serialized: "h"} }), "Host", "Kind Empty with a Serialized", ""},
		{http(func(r *Record) { r.Host = dom("") }), "Host", "empty Serialized", ""},
		{http(func(r *Record) { r.Host = dom("[::1") }), "Host", "not a host", IPv6Unclosed},
		{http(func(r *Record) { r.Host = dom("a b") }), "Host", "not a host", DomainToASCII},
		{http(func(r *Record) { r.Host = dom("a/b") }), "Host", "not a host", DomainToASCII},
		{http(func(r *Record) { r.Host = dom("h:80") }), "Host", "not a host", DomainToASCII},
		{http(func(r *Record) { r.Host = dom("1.2.3.256") }), "Host", "not a host", IPv4OutOfRangePart},
		{Record{Scheme: "sc", Host: &Host{Kind: Opaque, Serialized: "a<b"}}, "Host", "not a host", HostInvalidCodePoint},
		{http(func(r *Record) { r.Host = dom("EXAMPLE.com") }), "Host", `serializer's output "example.com"`, ""},
		{http(func(r *Record) { r.Host = dom("%41.com") }), "Host", `serializer's output "a.com"`, ""},
		{http(func(r *Record) { r.Host = dom("faß.de") }), "Host", `serializer's output "xn--fa-hia.de"`, ""},
		{http(func(r *Record) { r.Host = dom("0x7f.1") }), "Host", `serializer's output "127.0.0.1"`, ""},
		{http(func(r *Record) { r.Host = &Host{Kind: IPv6, Serialized: "[::0:1]"} }), "Host", `serializer's output "[::1]"`, ""},
		{Record{Scheme: "sc", Host: &Host{Kind: Opaque, Serialized: "é"}}, "Host", `serializer's output "%C3%A9"`, ""},
		{Record{Scheme: "file", Host: dom("localhost"), Path: []string{""}}, "Host", `"localhost" is the empty host`, ""},
		{http(func(r *Record) { r.Host = dom("127.0.0.1") }), "Host", "Kind domain, but the host parser makes it IPv4", ""},
		{Record{Scheme: "sc", Host: &Host{Kind: IPv4, Serialized: "1.2.3.4"}}, "Host", "Kind IPv4, but the host parser makes it opaque", ""},
		{http(func(r *Record) { r.Host = &Host{Kind: IPv4, Serialized: "1.2.3.4"} }), "Host", "Addr invalid IP is not the address", ""},
		{http(func(r *Record) {
			r.Host = &Host{Kind: IPv4, Serialized: "1.2.3.4", Addr: netip.MustParseAddr("1.2.3.5")}
		}), "Host", "Addr 1.2.3.5 is not the address", ""},
		{http(func(r *Record) { r.Host.Addr = netip.MustParseAddr("1.2.3.5") }), "Host", "Addr 1.2.3.5 is not the address", ""},
		{Record{Scheme: "sc", Username: "u", Path: []string{""}}, "Username", "cannot have a username", ""},
		{Record{Scheme: "sc", Host: &Host{Kind: Empty}, Password: "p"}, "Password", "cannot have a username", ""},
		{Record{Scheme: "file", Host: dom("h"), Username: "u", Path: []string{""}}, "Username", "scheme file", ""},
		{Record{Scheme: "file", Host: &Host{Kind: Empty}, Port: portp(1), Path: []string{""}}, "Port", "cannot have", ""},
		{Record{Scheme: "sc", Port: portp(1), Path: []string{""}}, "Port", "no host", ""},
		{http(func(r *Record) { r.Port = portp(80) }), "Port", "default port of http", ""},
		{Record{Scheme: "wss", Host: dom("h"), Port: portp(443), Path: []string{""}}, "Port", "default port of wss", ""},
		{Record{Scheme: "ftp", Host: dom("h"), Port: portp(21), Path: []string{""}}, "Port", "default port of ftp", ""},
		{http(func(r *Record) { r.Username = "a b" }), "Username", "userinfo percent-encode set", ""},
		{http(func(r *Record) { r.Username = "a:b" }), "Username", "holds ':' at byte 1", ""},
		{http(func(r *Record) { r.Password = "a@b" }), "Password", "holds '@' at byte 1", ""},
		{http(func(r *Record) { r.Password = "é" }), "Password", `holds 'é' at byte 0`, ""},
		{Record{Scheme: "sc", Host: &Host{Kind: Opaque, Serialized: "h"}, HasOpaquePath: true, OpaquePath: "x"}, "OpaquePath", "opaque path with a host", ""},
		{Record{Scheme: "https", HasOpaquePath: true, OpaquePath: "x"}, "Host", "a special URL has a host", HostMissing},
		{Record{Scheme: "file", Host: &Host{Kind: Empty}, HasOpaquePath: true, OpaquePath: "x"}, "OpaquePath", "in a special URL", ""},
		{Record{Scheme: "sc", HasOpaquePath: true, OpaquePath: "/x"}, "OpaquePath", "starts with '/'", ""},
		{Record{Scheme: "sc", HasOpaquePath: true, OpaquePath: "a?b"}, "OpaquePath", "holds '?' at byte 1", ""},
		{Record{Scheme: "sc", HasOpaquePath: true, OpaquePath: "a#b"}, "OpaquePath", "holds '#' at byte 1", ""},
		{Record{Scheme: "sc", HasOpaquePath: true, OpaquePath: "a "}, "OpaquePath", "ends with a space", ""},
		{Record{Scheme: "sc", HasOpaquePath: true, OpaquePath: "a ", Query: strp("")}, "OpaquePath", "ends with a space", ""},
		{Record{Scheme: "sc", HasOpaquePath: true, OpaquePath: "\x7f"}, "OpaquePath", "C0 control percent-encode set", ""},
		{Record{Scheme: "sc", HasOpaquePath: true, OpaquePath: "\xff"}, "OpaquePath", "invalid UTF-8", ""},
		{Record{Scheme: "sc", HasOpaquePath: true, Path: []string{"a"}}, "Path", "beside an opaque path", ""},
		{Record{Scheme: "sc", OpaquePath: "x", Path: []string{"a"}}, "OpaquePath", "HasOpaquePath is false", ""},
		{http(func(r *Record) { r.Path = nil }), "Path", "path of a special URL has a segment", ""},
		{Record{Scheme: "sc"}, "Path", "would read as an opaque path", ""},
		{http(func(r *Record) { r.Path = []string{"a", "b/c"} }), "Path[1]", "holds '/' at byte 1", ""},
		{http(func(r *Record) { r.Path = []string{`b\c`} }), "Path[0]", `holds '\' at byte 1`, ""},
		{http(func(r *Record) { r.Path = []string{"b?c"} }), "Path[0]", "holds '?' at byte 1", ""},
		{http(func(r *Record) { r.Path = []string{"#"} }), "Path[0]", "holds '#' at byte 0", ""},
		{http(func(r *Record) { r.Path = []string{"a", "."} }), "Path[1]", "dot segment", ""},
		{http(func(r *Record) { r.Path = []string{".."} }), "Path[0]", "dot segment", ""},
		{http(func(r *Record) { r.Path = []string{"%2e"} }), "Path[0]", "dot segment", ""},
		{http(func(r *Record) { r.Path = []string{".%2E"} }), "Path[0]", "dot segment", ""},
		{http(func(r *Record) { r.Path = []string{"%2E%2e"} }), "Path[0]", "dot segment", ""},
		{Record{Scheme: "sc", Path: []string{"%2e."}}, "Path[0]", "dot segment", ""},
		{Record{Scheme: "file", Host: &Host{Kind: Empty}, Path: []string{"C|"}}, "Path[0]", "Windows drive letter", ""},
		{http(func(r *Record) { r.Path = []string{"a b"} }), "Path[0]", "path percent-encode set", ""},
		{http(func(r *Record) { r.Path = []string{"{"} }), "Path[0]", "holds '{' at byte 0", ""},
		{http(func(r *Record) { r.Query = strp("a#b") }), "Query", "holds '#' at byte 1", ""},
		{http(func(r *Record) { r.Query = strp("'") }), "Query", "special-query percent-encode set", ""},
		{http(func(r *Record) { r.Query = strp("a b") }), "Query", "holds ' ' at byte 1", ""},
		{http(func(r *Record) { r.Fragment = strp("a`b") }), "Fragment", "fragment percent-encode set", ""},
		{http(func(r *Record) { r.Fragment = strp("\t") }), "Fragment", `holds '\t' at byte 0`, ""},
	} {
		u, err := FromRecord(c.r)
		var e *Error
		switch {
		case err == nil:
			t.Errorf("FromRecord(%+v) = %q, want an error on %s", c.r, u.Href(), c.field)
		case !errors.As(err, &e) || e.Op != "from record" || e.Field != c.field || !strings.Contains(e.Err.Error(), c.reason):
			t.Errorf("FromRecord(%+v): %v; want field %s, reason with %q", c.r, err, c.field, c.reason)
		case nameOf(e) != c.name:
			t.Errorf("FromRecord(%+v): %v; want validation error %q", c.r, err, c.name)
		case u != nil:
			t.Errorf("FromRecord(%+v) returned a URL with its error", c.r)
		}
		// Each error is needed: the record's serialization does not
		// parse back to it.
		if v, err := Parse(serializeRecord(c.r)); err == nil {
			if _, same := recordDiff(v.Record(), c.r); same {
				t.Errorf("%+v: %q parses back to the record", c.r, serializeRecord(c.r))
			}
		}
	}
	// The one case left beside a Record{Scheme: "sc"} with a valid port:
	// an IP address is its own Kind's: a zero Addr on an IPv6 host fails.
	if _, err := FromRecord(Record{Scheme: "sc", Host: &Host{Kind: IPv6, Serialized: "[::1]"}}); err == nil {
		t.Error("IPv6 host without its Addr: no error")
	}
}

// A "sc" URL (not special) takes a port that is some special scheme's
// default, and an opaque host that looks like an IPv4 address.
func TestFromRecordNotSpecial(t *testing.T) {
	u, err := FromRecord(Record{Scheme: "sc", Host: &Host{Kind: Opaque, Serialized: "1.2.3.4"}, Port: portp(80)})
	if err != nil || u.Href() != "sc://1.2.3.4:80" || u.HostKind() != Opaque {
		t.Errorf("%v, %v", u, err)
	}
}

// TestFromRecordHuge: a record of 100k segments, and one of a 1 MiB
// segment, in allocated bytes linear in the href; a 1 MiB bad field is an
// error whose message is cut.
func TestFromRecordHuge(t *testing.T) {
	if testing.Short() {
		t.Skip("1 MiB inputs; skipped with -short")
	}
	var per [2]float64
	for i, n := range []int{50_000, 100_000} {
		r := MustParse("https://h/" + strings.Repeat("a%2F/", n) + "?q").Record()
		var u *URL
		var err error
		allocs := alloctest.Bytes(func() { u, err = FromRecord(r) })
		if err != nil || len(u.PathSegments()) != n+1 {
			t.Fatal(err)
		}
		per[i] = float64(allocs) / float64(len(u.Href()))
	}
	if per[1] > 1.5*per[0] || per[1] > 32 {
		t.Errorf("allocated bytes per href byte: %.1f at 100k segments, %.1f at 50k", per[1], per[0])
	}
	big := strings.Repeat("%C3%A9", 1<<18)
	if u, err := FromRecord(Record{Scheme: "sc", Host: &Host{Kind: Opaque, Serialized: big}, Path: []string{big}, Query: &big, Fragment: &big}); err != nil || len(u.Href()) < 4*len(big) {
		t.Fatal(err)
	}
	bad := strings.Repeat("é", 1<<19)
	_, err := FromRecord(Record{Scheme: "sc", Path: []string{"a", bad}})
	if err == nil || len(err.Error()) > 2<<10 || !strings.Contains(err.Error(), "more bytes") {
		t.Errorf("1 MiB segment: %.200v", err)
	}
}

// A record whose href would be longer than a URL can hold fails with
// HrefTooLong (the limit lowered here, as the parser's tests do).
func TestFromRecordHrefTooLong(t *testing.T) {
	defer func(n int) { maxHrefLen = n }(maxHrefLen)
	maxHrefLen = 64
	_, err := FromRecord(Record{Scheme: "sc", Path: []string{strings.Repeat("a", 100)}})
	var e *Error
	if !errors.As(err, &e) || e.Op != "from record" || !errors.Is(err, HrefTooLong) {
		t.Errorf("%v", err)
	}
}
