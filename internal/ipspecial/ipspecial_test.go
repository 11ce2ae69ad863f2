package ipspecial

import (
	"net/netip"
	"os"
	"strings"
	"testing"
)

// The package doc names the revision that registry.txt (and so table.go)
// holds.
func TestRevisionInDoc(t *testing.T) {
	src, err := os.ReadFile("ipspecial.go")
	if err != nil {
		t.Fatal(err)
	}
	reg, err := os.ReadFile("registry.txt")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(reg), "\nrevision\t"+Revision+"\n") {
		t.Errorf("registry.txt's revision is not %s", Revision)
	}
	if doc := string(src[:strings.Index(string(src), "package ipspecial")]); !strings.Contains(strings.Join(strings.Fields(strings.ReplaceAll(doc, "//", "")), " "), "retrieved on "+Revision) {
		t.Errorf("the package doc does not say the registries were retrieved on %s", Revision)
	}
}

func TestLookup(t *testing.T) {
	for _, c := range []struct {
		addr, block, via string // block "" for allowed
	}{
		{"127.0.0.1", "127.0.0.0/8 Loopback (RFC 1122)", ""},
		{"192.0.0.9", "", ""},
		{"192.0.0.8", "192.0.0.8/32 IPv4 dummy address (RFC 7600)", ""},
		{"192.88.99.1", "", ""},
		{"2001:10::1", "2001::/23 IETF Protocol Assignments (RFC 2928)", ""},
		{"::ffff:10.0.0.1", "10.0.0.0/8 Private-Use (RFC 1918)", "::ffff:0.0.0.0/96 IPv4-mapped Address (RFC 4291)"},
		{"2002:c000:0201::", "192.0.2.0/24 Documentation (TEST-NET-1) (RFC 5737)", "2002::/16 6to4 (RFC 3056)"},
		{"fe80::1%lo", "fe80::/10 Link-Local Unicast (RFC 4291)", ""},
		{"2a00:1450::1", "", ""},
	} {
		d, denied := Lookup(netip.MustParseAddr(c.addr))
		if denied != (c.block != "") {
			t.Errorf("Lookup(%s): denied %v", c.addr, denied)
			continue
		}
		if !denied {
			continue
		}
		if d.Block.String() != c.block {
			t.Errorf("Lookup(%s): %s, want %s", c.addr, d.Block, c.block)
		}
		if via := ""; d.Via != nil && d.Via.String() != c.via || d.Via == nil && c.via != via {
			t.Errorf("Lookup(%s): via %v, want %q", c.addr, d.Via, c.via)
		}
	}
	if n := testing.AllocsPerRun(100, func() { Lookup(netip.MustParseAddr("2001:0:4136:e378:8000:63bf:3fff:fdd2")) }); n != 0 {
		t.Errorf("Lookup: %v allocations", n)
	}
	if _, denied := Lookup(netip.Addr{}); denied {
		t.Error("Lookup(the zero Addr) denied: Guard refuses it before Lookup")
	}
}
