// Package ipspecial is the address policy of webhttp's Guard: the IANA
// IPv4 and IPv6 Special-Purpose Address Registries (RFC 6890 and its
// updates) as retrieved on 2026-07-18 (Revision), every block whose
// "Globally Reachable" is False denied, plus multicast (224.0.0.0/4,
// ff00::/8) and the deprecated site-local fec0::/10. A block the registry
// marks globally reachable inside a denied one (192.0.0.9/32 in
// 192.0.0.0/24, 2001:3::/32 in 2001::/23) is allowed: the most specific
// block with a verdict decides. A block without one (the registry's N/A
// or blank: Teredo, 6to4, the deprecated 6to4 relay anycast and ORCHID
// blocks) takes the verdict of the block around it, or none.
//
// An IPv6 address that carries an IPv4 address is judged as that IPv4
// address: IPv4-mapped ::ffff:a.b.c.d, IPv4-compatible ::a.b.c.d (but
// :: and ::1, the unspecified and loopback addresses), IPv4-translated
// ::ffff:0:a.b.c.d (RFC 2765's stateless translation), NAT64
// 64:ff9b::/96 (RFC 6052), 6to4 2002:aabb:ccdd::/48 (RFC 3056) and
// Teredo 2001::/32 (RFC 4380), which carries two: its server's, in bits
// 32 to 63, and its client's, complemented, in the last 32 bits. Both are
// judged, because a connection to a Teredo address sends packets to both:
// a relay or peer sends its first packets (bubbles) to the client's
// mapped address and through the server the address names (RFC 4380,
// section 5), so a server address inside would be reached too.
//
// table.go is generated from registry.txt by ./gen.
package ipspecial

import (
	"encoding/binary"
	"net/netip"
)

//go:generate go run ./gen

// Reach is a block's "Globally Reachable" in the registry.
type Reach uint8

// The values of the registry's "Globally Reachable" column.
const (
	False Reach = iota // not globally reachable: denied
	True               // globally reachable: allowed, even inside a denied block
	NA                 // N/A: the registry gives no verdict (6to4, Teredo)
	Blank              // left blank: a deprecated block (RFC 7526 removed its values)
)

// A Block is one row of the table.
type Block struct {
	Prefix netip.Prefix
	Global Reach
	Policy bool   // not a row of the registries: denied by weburl's policy
	Name   string // the registry's name of the block
	RFC    string // the RFCs the registry cites, such as "RFC 1122"
}

// String returns the block as a denial names it: "127.0.0.0/8 Loopback
// (RFC 1122)".
func (b *Block) String() string {
	return b.Prefix.String() + " " + b.Name + " (" + b.RFC + ")"
}

// Blocks returns every block of the table, in registry order: the table
// itself, which the caller must not change.
func Blocks() []Block { return blocks[:] }

// A Denial is why an address is denied: Block, the block that denies it,
// and Via, the IPv6 block whose address carried the IPv4 address Block
// holds (nil for an address judged as it is).
type Denial struct {
	Block *Block
	Via   *Block
}

// entry4 is a block with a verdict, as a value and mask.
type entry4 struct {
	addr, mask uint32
	block      uint8 // index in blocks
}

// entry6 is an IPv6 block with a verdict, as values and masks.
type entry6 struct {
	hi, lo, mhi, mlo uint64
	block            uint8
}

// Lookup returns the block that denies a, and true; or false when a is
// allowed. An address with a zone is judged without it. It allocates
// nothing.
func Lookup(a netip.Addr) (Denial, bool) {
	if a.Is4() {
		b := a.As4()
		return lookup4(binary.BigEndian.Uint32(b[:]))
	}
	if !a.Is6() {
		return Denial{}, false
	}
	hi, lo := halves(a)
	if carrier, v4s, n := carried(hi, lo); n > 0 {
		for _, u := range v4s[:n] {
			if d, denied := lookup4(u); denied {
				d.Via = carrier
				return d, true
			}
		}
		return Denial{}, false
	}
	for i := range v6 {
		e := &v6[i]
		if hi&e.mhi == e.hi && lo&e.mlo == e.lo {
			blk := &blocks[e.block]
			return Denial{Block: blk}, blk.Global == False
		}
	}
	return Denial{}, false
}

// Carried returns the IPv4 addresses an IPv6 address a carries (see the
// package doc), n of them: none, one, or two for Teredo (the server's,
// then the client's).
func Carried(a netip.Addr) (v4s [2]netip.Addr, n int) {
	if !a.Is6() {
		return v4s, 0
	}
	_, us, n := carried(halves(a))
	for i, u := range us[:n] {
		var b [4]byte
		binary.BigEndian.PutUint32(b[:], u)
		v4s[i] = netip.AddrFrom4(b)
	}
	return v4s, n
}

func halves(a netip.Addr) (hi, lo uint64) {
	b := a.As16()
	return binary.BigEndian.Uint64(b[:8]), binary.BigEndian.Uint64(b[8:])
}

// carried returns the block of an IPv6 address that carries IPv4
// addresses, and those addresses.
func carried(hi, lo uint64) (carrier *Block, v4s [2]uint32, n int) {
	switch {
	case hi == 0 && lo>>32 == 0xffff:
		return mappedBlock, [2]uint32{uint32(lo)}, 1
	case hi == 0 && lo>>32 == 0 && lo > 1:
		// Not :: and ::1, the unspecified and loopback addresses.
		return compatBlock, [2]uint32{uint32(lo)}, 1
	case hi == 0 && lo>>32 == 0xffff_0000:
		// SIIT's IPv4-translated ::ffff:0:a.b.c.d (RFC 2765, section 2.1):
		// a stateless translator that still uses it reaches a.b.c.d.
		return translatedBlock, [2]uint32{uint32(lo)}, 1
	case hi == nat64Hi && lo>>32 == 0:
		return nat64Block, [2]uint32{uint32(lo)}, 1
	case hi>>48 == 0x2002:
		// 6to4: the IPv4 address is bits 16 to 47 (RFC 3056, section 2).
		return sixToFourBlock, [2]uint32{uint32(hi >> 16)}, 1
	case hi>>32 == 0x20010000:
		// Teredo: the server in bits 32 to 63, the client complemented in
		// the last 32 bits (RFC 4380, section 4).
		return teredoBlock, [2]uint32{uint32(hi), ^uint32(lo)}, 2
	}
	return nil, v4s, 0
}

func lookup4(u uint32) (Denial, bool) {
	for i := range v4 {
		e := &v4[i]
		if u&e.mask == e.addr {
			blk := &blocks[e.block]
			return Denial{Block: blk}, blk.Global == False
		}
	}
	return Denial{}, false
}

// nat64Hi is the first 64 bits of 64:ff9b::/96.
const nat64Hi = 0x0064ff9b_00000000
