package webhttp

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"slices"
	"strconv"
	"syscall"
	"time"

	"github.com/weburl/weburl/internal/ipspecial"
	"github.com/weburl/weburl/internal/quote"
)

// A Guard decides which network addresses a client may connect to: a
// defence against server-side request forgery for a service that fetches
// URLs its users give it. The zero Guard is the default policy and is
// ready to use; a nil *Guard is the zero Guard.
//
// The policy denies every address the IANA IPv4 and IPv6 Special-Purpose
// Address Registries (RFC 6890 and its updates, as retrieved on
// 2026-07-18) mark not globally reachable: "this network" 0.0.0.0/8,
// loopback, private-use, shared address space 100.64.0.0/10, link-local
// (the cloud metadata service at 169.254.169.254), documentation,
// benchmarking, reserved, the unspecified address, unique-local and more;
// and multicast and the deprecated site-local fec0::/10. A block the
// registry marks globally reachable inside a denied one (192.0.0.9/32,
// 2001:3::/32) is allowed. An IPv6 address that carries an IPv4 address
// (IPv4-mapped, IPv4-compatible, IPv4-translated, NAT64 64:ff9b::/96,
// 6to4, and Teredo's server and client addresses) is denied exactly when
// an IPv4 address it carries is.
//
// A Guard judges the address a socket is about to connect to, after DNS:
// a name that resolves inside, a DNS rebinding name, an address written as
// "0x7f.1" or "2130706433", and a redirect to any of these are refused as
// a literal "127.0.0.1" is. Use Transport for an http.Client, Control for
// a net.Dialer of your own.
type Guard struct {
	Allow []netip.Prefix // allowed even where the policy denies (a test server, an internal API), unless Deny or Ports refuse it
	Deny  []netip.Prefix // denied in addition to the policy, and before Allow
	Ports []uint16       // when not empty, the only ports allowed

	// Resolver is the resolver of the dialer Transport sets; nil is
	// net.DefaultResolver. Control does not use it.
	Resolver *net.Resolver
}

// ErrDenied is the reason of every refusal of a Guard:
// errors.Is(err, webhttp.ErrDenied) reports whether a request failed
// because a Guard refused the address it would connect to.
var ErrDenied = errors.New("denied")

// A denial is ErrDenied with what denied the address.
type denial struct {
	kind   denialKind
	block  *ipspecial.Block // kindPolicy: the registry's block
	via    *ipspecial.Block // kindPolicy: the IPv6 block that carried an IPv4 address, or nil
	prefix netip.Prefix     // kindDeny
	port   uint16           // kindPort
	input  string           // kindNetwork: the network; kindAddress: the address; kindProxy: the proxy's host
}

type denialKind uint8

const (
	kindPolicy  denialKind = iota // a block of the registries
	kindDeny                      // a prefix of Guard.Deny
	kindPort                      // a port not in Guard.Ports
	kindNetwork                   // a network other than tcp4 and tcp6
	kindAddress                   // an address that is not an IP address and port
	kindProxy                     // a request that would go through a proxy
)

func (d *denial) Error() string {
	s := "denied: "
	switch d.kind {
	case kindPolicy:
		s += d.block.String()
		if d.via != nil {
			s += ", carried in " + d.via.String()
		}
	case kindDeny:
		s += "in Guard.Deny's " + d.prefix.String()
	case kindPort:
		s += "port " + strconv.Itoa(int(d.port)) + " is not in Guard.Ports"
	case kindNetwork:
		s += "network " + quote.String(d.input) + " is not tcp4 or tcp6"
	case kindAddress:
		s += quote.String(d.input) + " is not an IP address and port"
	case kindProxy:
		s += "the request would connect to the proxy " + quote.String(d.input) + ", not to its target"
	}
	return s
}

// Is reports whether target is ErrDenied.
func (d *denial) Is(target error) bool { return target == ErrDenied }

// Check returns nil if the Guard allows a connection to ap, or else an
// *Error with Op "dial", Addr ap, and an Err that wraps ErrDenied and
// names what denied it: a prefix of Deny, a port not in Ports, or the
// registry's block ("denied: 127.0.0.0/8 Loopback (RFC 1122)"). Deny is
// matched first, then Ports, then Allow, then the policy; Deny and Allow
// see an IPv4-mapped address, and a prefix written in the IPv4-mapped
// form (::ffff:10.0.0.0/104), as its IPv4 one, and Deny also the IPv4
// addresses an IPv6 address carries. An address's zone is ignored. Check
// allocates nothing when it allows ap.
func (g *Guard) Check(ap netip.AddrPort) error {
	if d := g.check(ap); d != nil {
		return &Error{Op: "dial", Addr: ap, Err: d}
	}
	return nil
}

func (g *Guard) check(ap netip.AddrPort) *denial {
	a := ap.Addr().WithZone("")
	if !a.IsValid() {
		return &denial{kind: kindAddress, input: ap.String()}
	}
	a = a.Unmap()
	var z Guard
	if g == nil {
		g = &z
	}
	if len(g.Deny) > 0 {
		carried, n := ipspecial.Carried(a)
		for _, p := range g.Deny {
			if q := unmapPrefix(p); q.Contains(a) || n > 0 && q.Contains(carried[0]) || n > 1 && q.Contains(carried[1]) {
				return &denial{kind: kindDeny, prefix: p}
			}
		}
	}
	if len(g.Ports) > 0 && !slices.Contains(g.Ports, ap.Port()) {
		return &denial{kind: kindPort, port: ap.Port()}
	}
	for _, p := range g.Allow {
		if unmapPrefix(p).Contains(a) {
			return nil
		}
	}
	if d, denied := ipspecial.Lookup(a); denied {
		return &denial{kind: kindPolicy, block: d.Block, via: d.Via}
	}
	return nil
}

// unmapPrefix returns a prefix within ::ffff:0:0/96 as the IPv4 prefix it
// maps (::ffff:10.0.0.0/104 is 10.0.0.0/8), since Check unmaps the address
// it matches; any other prefix as it is.
func unmapPrefix(p netip.Prefix) netip.Prefix {
	if a := p.Addr(); a.Is4In6() && p.Bits() >= 96 {
		return netip.PrefixFrom(a.Unmap(), p.Bits()-96)
	}
	return p
}

// Control is a net.Dialer's Control function that refuses a connection
// the Guard does not allow (see Check), and every network but tcp4 and
// tcp6: it runs after DNS, on the address the socket is about to connect
// to. Its refusal is an *Error as Check's; the Dialer wraps it in a
// *net.OpError.
func (g *Guard) Control(network, address string, _ syscall.RawConn) error {
	if network != "tcp4" && network != "tcp6" {
		return &Error{Op: "dial", Err: &denial{kind: kindNetwork, input: network}}
	}
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return &Error{Op: "dial", Err: &denial{kind: kindAddress, input: address}}
	}
	return g.Check(ap)
}

// Transport returns a clone of base (nil: a clone of
// http.DefaultTransport, without its proxy) that connects only where the
// Guard allows: its DialContext is a net.Dialer (with DefaultTransport's
// timeout and keep-alive, 30 s each, and the Guard's Resolver) whose
// Control is the Guard's, and DialTLSContext is unset so that TLS is
// dialed through it too. base's TLS configuration, timeouts, HTTP/2 and
// connection pool settings are kept; its own dial functions are not
// used, nor its TLSNextProto: the HTTP/2 that golang.org/x/net/http2's
// ConfigureTransports puts there shares its connections with base (whose
// connections the Guard did not dial), so the Transport speaks net/http's
// own HTTP/2 instead (set base.HTTP2 to configure it); an empty
// TLSNextProto, which turns HTTP/2 off, is kept. The Guard is copied: a later change to it does not change the
// Transport.
//
// A refusal is an *Error whose URL is the host as the request gave it,
// before DNS, and Addr the address it resolved to:
//
//	webhttp: dial "inside.example" → 10.0.0.5:80: denied: 10.0.0.0/8 Private-Use (RFC 1918)
//
// Each request dials anew (or reuses a connection dialed under the same
// Guard), so a redirect to a denied address is refused as the first URL
// is, by Do and by net/http's Client alike.
//
// A proxy would be dialed instead of the request's target, and the Guard
// cannot judge the target behind it: when base.Proxy names a proxy for a
// request, the request fails with an error wrapping ErrDenied.
func (g *Guard) Transport(base *http.Transport) *http.Transport {
	var t *http.Transport
	switch dt, ok := http.DefaultTransport.(*http.Transport); {
	case base != nil:
		t = base.Clone()
	case ok:
		t = dt.Clone()
		t.Proxy = nil
	default:
		t = &http.Transport{ForceAttemptHTTP2: true, MaxIdleConns: 100, IdleConnTimeout: 90 * time.Second,
			TLSHandshakeTimeout: 10 * time.Second, ExpectContinueTimeout: time.Second}
	}
	var gc Guard
	if g != nil {
		gc = Guard{Allow: slices.Clone(g.Allow), Deny: slices.Clone(g.Deny), Ports: slices.Clone(g.Ports), Resolver: g.Resolver}
	}
	d := &net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second, Control: gc.Control, Resolver: gc.Resolver}
	t.DialContext = func(ctx context.Context, network, address string) (net.Conn, error) {
		c, err := d.DialContext(ctx, network, address)
		var e *Error
		if err != nil && errors.As(err, &e) && e.Op == "dial" {
			// Name the host as the request gave it: Control saw only the
			// address it resolved to.
			if e.URL == "" {
				host, _, splitErr := net.SplitHostPort(address)
				if splitErr != nil {
					host = address
				}
				e.URL = host
			}
			return nil, e
		}
		return c, err
	}
	t.DialTLSContext = nil
	if len(t.TLSNextProto) > 0 {
		// golang.org/x/net/http2's ConfigureTransports (before Go 1.27)
		// puts a connection pool of its own in TLSNextProto, which a clone
		// shares with base: a request dialed here could be sent on a
		// connection base dialed, unguarded, to the same host and port.
		// net/http's own HTTP/2 keeps a pool per Transport.
		t.TLSNextProto = nil
		t.ForceAttemptHTTP2 = true
	}
	//lint:ignore SA1019 a base's DialTLS would dial TLS around the Guard's dialer.
	t.DialTLS = nil
	if proxy := t.Proxy; proxy != nil {
		t.Proxy = func(req *http.Request) (*url.URL, error) {
			u, err := proxy(req)
			if err != nil || u == nil {
				return u, err
			}
			return nil, &Error{Op: "dial", URL: req.URL.Host, Err: &denial{kind: kindProxy, input: u.Host}}
		}
	}
	return t
}
