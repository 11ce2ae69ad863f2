package webhttp

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"golang.org/x/net/dns/dnsmessage"
	"golang.org/x/net/http2"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/ipspecial"
	"github.com/weburl/weburl/internal/quote/quotetest"
)

// registryVerdicts is every block of the IANA IPv4 and IPv6
// Special-Purpose Address Registries (CSV retrieved 2026-07-18) and of
// the policy's additions, with the verdict on its first and last address,
// written from the registries and the RFCs: a block whose "Globally
// Reachable" is False is denied, True allowed; N/A and blank rows take
// the verdict of the block around them; an address that carries an IPv4
// address is judged as the IPv4 addresses it carries (6to4's 2002:: holds
// 0.0.0.0, "this network"; Teredo's 2001:0:ffff:ffff:… holds the server
// 255.255.255.255, the limited broadcast).
var registryVerdicts = []struct {
	block       string
	first, last bool // denied
}{
	{"0.0.0.0/8", true, true},
	{"0.0.0.0/32", true, true},
	{"10.0.0.0/8", true, true},
	{"100.64.0.0/10", true, true},
	{"127.0.0.0/8", true, true},
	{"169.254.0.0/16", true, true},
	{"172.16.0.0/12", true, true},
	{"192.0.0.0/24", true, true},
	{"192.0.0.0/29", true, true},
	{"192.0.0.8/32", true, true},
	{"192.0.0.9/32", false, false},  // PCP anycast: True
	{"192.0.0.10/32", false, false}, // TURN anycast: True
	{"192.0.0.170/32", true, true},
	{"192.0.0.171/32", true, true},
	{"192.0.2.0/24", true, true},
	{"192.31.196.0/24", false, false}, // AS112-v4: True
	{"192.52.193.0/24", false, false}, // AMT: True
	{"192.88.99.0/24", false, false},  // deprecated, no values (RFC 7526), in no denied block
	{"192.88.99.2/32", true, true},    // 6a44 relay: False
	{"192.168.0.0/16", true, true},
	{"192.175.48.0/24", false, false}, // AS112 direct delegation: True
	{"198.18.0.0/15", true, true},
	{"198.51.100.0/24", true, true},
	{"203.0.113.0/24", true, true},
	{"240.0.0.0/4", true, true},
	{"255.255.255.255/32", true, true},
	{"224.0.0.0/4", true, true}, // multicast (RFC 5771), the policy's
	{"::1/128", true, true},
	{"::/128", true, true},
	{"::ffff:0:0/96", true, true},   // ::ffff:0.0.0.0 and ::ffff:255.255.255.255
	{"::/96", true, true},           // ::, and ::255.255.255.255
	{"::ffff:0:0:0/96", true, true}, // IPv4-translated (RFC 2765): 0.0.0.0 and 255.255.255.255
	{"64:ff9b::/96", true, true},    // 0.0.0.0 and 255.255.255.255 through NAT64
	{"64:ff9b:1::/48", true, true},
	{"100::/64", true, true},
	{"100:0:0:1::/64", true, true},
	{"2001::/23", true, true}, // 2001:: is Teredo with server 0.0.0.0
	{"2001::/32", true, true}, // Teredo: servers 0.0.0.0 and 255.255.255.255
	{"2001:1::1/128", false, false},
	{"2001:1::2/128", false, false},
	{"2001:1::3/128", false, false},
	{"2001:2::/48", true, true},
	{"2001:3::/32", false, false},
	{"2001:4:112::/48", false, false},
	{"2001:10::/28", true, true}, // deprecated ORCHID, no values, inside 2001::/23
	{"2001:20::/28", false, false},
	{"2001:30::/28", false, false},
	{"2001:db8::/32", true, true},
	{"2002::/16", true, true}, // 6to4 of 0.0.0.0 and of 255.255.255.255
	{"2620:4f:8000::/48", false, false},
	{"3fff::/20", true, true},
	{"5f00::/16", true, true},
	{"fc00::/7", true, true},
	{"fe80::/10", true, true},
	{"ff00::/8", true, true},  // multicast (RFC 4291), the policy's
	{"fec0::/10", true, true}, // site-local, deprecated (RFC 3879), the policy's
}

func lastAddr(p netip.Prefix) netip.Addr {
	b := p.Addr().AsSlice()
	for i := p.Bits(); i < len(b)*8; i++ {
		b[i/8] |= 0x80 >> (i % 8)
	}
	a, _ := netip.AddrFromSlice(b)
	return a
}

func TestGuardCheckRegistry(t *testing.T) {
	var g Guard
	for _, v := range registryVerdicts {
		p := netip.MustParsePrefix(v.block)
		for _, c := range []struct {
			a      netip.Addr
			denied bool
		}{{p.Addr(), v.first}, {lastAddr(p), v.last}} {
			err := g.Check(netip.AddrPortFrom(c.a, 443))
			if got := errors.Is(err, ErrDenied); got != c.denied {
				t.Errorf("%s (in %s): denied %v, want %v (%v)", c.a, p, got, c.denied, err)
			}
		}
	}
}

// Addresses and what denies them, from the registries and RFC 4291 (mapped
// and compatible), RFC 6052 (NAT64), RFC 8215 (local-use NAT64), RFC 3056
// (6to4) and RFC 4380 (Teredo).
var guardCases = []struct {
	addr string
	want string // the denial's message after "denied: ", or "" for allowed
}{
	{"8.8.8.8", ""},
	{"1.1.1.1", ""},
	{"2606:4700:4700::1111", ""},
	{"127.0.0.1", "127.0.0.0/8 Loopback (RFC 1122)"},
	{"0.0.0.0", `0.0.0.0/32 "This host on this network" (RFC 1122)`},
	{"169.254.169.254", "169.254.0.0/16 Link Local (RFC 3927)"},
	{"100.100.100.200", "100.64.0.0/10 Shared Address Space (RFC 6598)"},
	{"192.168.1.1", "192.168.0.0/16 Private-Use (RFC 1918)"},
	{"172.31.255.255", "172.16.0.0/12 Private-Use (RFC 1918)"},
	{"172.32.0.0", ""},
	{"192.0.0.9", ""},
	{"192.0.0.11", "192.0.0.0/24 IETF Protocol Assignments (RFC 6890)"},
	{"239.255.255.250", "224.0.0.0/4 Multicast (RFC 5771)"},
	{"::1", "::1/128 Loopback Address (RFC 4291)"},
	{"::", "::/128 Unspecified Address (RFC 4291)"},
	{"fe80::1%eth0", "fe80::/10 Link-Local Unicast (RFC 4291)"},
	{"fd00:ec2::254", "fc00::/7 Unique-Local (RFC 4193, RFC 8190)"},
	{"fec0::1", "fec0::/10 Site-Local (deprecated) (RFC 3879)"},
	{"ff02::1", "ff00::/8 Multicast (RFC 4291)"},
	{"::ffff:127.0.0.1", "127.0.0.0/8 Loopback (RFC 1122)"}, // Unmap: judged as IPv4 itself
	{"::ffff:8.8.8.8", ""},
	{"::127.0.0.1", "127.0.0.0/8 Loopback (RFC 1122), carried in ::/96 IPv4-compatible Address (deprecated) (RFC 4291)"},
	{"::169.254.169.254", "169.254.0.0/16 Link Local (RFC 3927), carried in ::/96 IPv4-compatible Address (deprecated) (RFC 4291)"},
	{"::8.8.8.8", ""},
	{"::ffff:0:7f00:1", "127.0.0.0/8 Loopback (RFC 1122), carried in ::ffff:0:0:0/96 IPv4-translated Address (obsolete) (RFC 2765)"},
	{"::ffff:0:a9fe:a9fe", "169.254.0.0/16 Link Local (RFC 3927), carried in ::ffff:0:0:0/96 IPv4-translated Address (obsolete) (RFC 2765)"},
	{"::ffff:0:808:808", ""},
	{"::2", `0.0.0.0/8 "This network" (RFC 791), carried in ::/96 IPv4-compatible Address (deprecated) (RFC 4291)`},
	{"64:ff9b::7f00:1", "127.0.0.0/8 Loopback (RFC 1122), carried in 64:ff9b::/96 IPv4-IPv6 Translat. (RFC 6052)"},
	{"64:ff9b::a9fe:a9fe", "169.254.0.0/16 Link Local (RFC 3927), carried in 64:ff9b::/96 IPv4-IPv6 Translat. (RFC 6052)"},
	{"64:ff9b::808:808", ""},
	{"64:ff9b:1::808:808", "64:ff9b:1::/48 IPv4-IPv6 Translat. (RFC 8215)"},
	{"2002:7f00:1::", "127.0.0.0/8 Loopback (RFC 1122), carried in 2002::/16 6to4 (RFC 3056)"},
	{"2002:a00:1:1::1", "10.0.0.0/8 Private-Use (RFC 1918), carried in 2002::/16 6to4 (RFC 3056)"},
	{"2002:808:808::1", ""},
	// Teredo, RFC 4380's layout: server 65.54.227.120 (public), client
	// ^0x3ffffdd2 = 192.0.2.45 (TEST-NET-1).
	{"2001:0:4136:e378:8000:63bf:3fff:fdd2", "192.0.2.0/24 Documentation (TEST-NET-1) (RFC 5737), carried in 2001::/32 TEREDO (RFC 4380, RFC 8190)"},
	{"2001:0:4136:e378:8000:63bf:f7f7:f7f7", ""}, // client 8.8.8.8
	{"2001:0:4136:e378:8000:63bf:80ff:fffe", "127.0.0.0/8 Loopback (RFC 1122), carried in 2001::/32 TEREDO (RFC 4380, RFC 8190)"},      // client 127.0.0.1
	{"2001:0:7f00:1:8000:63bf:f7f7:f7f7", "127.0.0.0/8 Loopback (RFC 1122), carried in 2001::/32 TEREDO (RFC 4380, RFC 8190)"},         // server 127.0.0.1
	{"2001:0:a9fe:a9fe:8000:63bf:f7f7:f7f7", "169.254.0.0/16 Link Local (RFC 3927), carried in 2001::/32 TEREDO (RFC 4380, RFC 8190)"}, // server 169.254.169.254
	{"2001:2::1", "2001:2::/48 Benchmarking (RFC 5180)"},
	{"2001:200::", ""}, // just past 2001::/23
	{"3fff:fff::1", "3fff::/20 Documentation (RFC 9637)"},
	{"3fff:1000::", ""},
}

func TestGuardCheck(t *testing.T) {
	var g Guard
	for _, c := range guardCases {
		a := netip.MustParseAddr(c.addr)
		err := g.Check(netip.AddrPortFrom(a, 80))
		if c.want == "" {
			if err != nil {
				t.Errorf("Check(%s) = %v, want nil", c.addr, err)
			}
			continue
		}
		want := "webhttp: dial → " + netip.AddrPortFrom(a, 80).String() + ": denied: " + c.want
		if err == nil || err.Error() != want || !errors.Is(err, ErrDenied) {
			t.Errorf("Check(%s) = %v\nwant %s", c.addr, err, want)
		}
		var e *Error
		if !errors.As(err, &e) || e.Op != "dial" || e.Addr != netip.AddrPortFrom(a, 80) {
			t.Errorf("Check(%s): %#v, want an *Error with Op dial and Addr", c.addr, e)
		}
	}
}

// The URL forms of issue 35, read by weburl as a browser reads them, are
// judged as the addresses they are.
func TestGuardURLForms(t *testing.T) {
	var g Guard
	for _, c := range []struct{ url, addr string }{
		{"http://0x7f.1/", "127.0.0.1:80"},
		{"http://2130706433/", "127.0.0.1:80"},
		{"http://[::ffff:127.0.0.1]/", "127.0.0.1:80"},
		{"http://0/", "0.0.0.0:80"},
		{"http://127.1.1.1:80@127.2.2.2:80/", "127.2.2.2:80"},
		{"http://0251.0376.0251.0376/", "169.254.169.254:80"},
		{"https://[::ffff:a9fe:a9fe]/", "169.254.169.254:443"},
		{"http://[64:ff9b::127.0.0.1]/", "[64:ff9b::7f00:1]:80"},
		{"http://[2002:7f00:1::]:8080/", "[2002:7f00:1::]:8080"},
	} {
		u := weburl.MustParse(c.url)
		ip, ok := u.Addr()
		port, _ := u.EffectivePort()
		if !ok {
			t.Fatalf("%s: no IP host", c.url)
		}
		ap := netip.AddrPortFrom(ip.Unmap(), uint16(port))
		if ap.String() != c.addr {
			t.Errorf("%s: address %s, want %s", c.url, ap, c.addr)
		}
		if err := g.Check(ap); !errors.Is(err, ErrDenied) {
			t.Errorf("%s: Check(%s) = %v, want a denial", c.url, ap, err)
		}
	}
}

func TestGuardAllowDenyPorts(t *testing.T) {
	g := Guard{
		Allow: []netip.Prefix{netip.MustParsePrefix("127.0.0.2/32"), netip.MustParsePrefix("10.0.0.0/8")},
		Deny:  []netip.Prefix{netip.MustParsePrefix("10.9.0.0/16"), netip.MustParsePrefix("203.0.0.0/8")},
		Ports: []uint16{80, 443},
	}
	for _, c := range []struct {
		ap   string
		want string
	}{
		{"127.0.0.2:80", ""},
		{"[::ffff:127.0.0.2]:443", ""}, // mapped: matched as its IPv4 address
		{"127.0.0.1:80", "127.0.0.0/8 Loopback (RFC 1122)"},
		{"10.1.2.3:443", ""},
		{"10.9.0.1:443", "in Guard.Deny's 10.9.0.0/16"},
		{"127.0.0.2:22", "port 22 is not in Guard.Ports"},
		{"8.8.8.8:8080", "port 8080 is not in Guard.Ports"},
		{"203.0.1.1:80", "in Guard.Deny's 203.0.0.0/8"},
		{"[64:ff9b::cb00:101]:80", "in Guard.Deny's 203.0.0.0/8"}, // NAT64 of 203.0.1.1
		{"[2002:cb00:101::1]:80", "in Guard.Deny's 203.0.0.0/8"},  // 6to4 of 203.0.1.1
		{"[64:ff9b::7f00:2]:80", "127.0.0.0/8 Loopback (RFC 1122), carried in 64:ff9b::/96 IPv4-IPv6 Translat. (RFC 6052)"},
	} {
		ap := netip.MustParseAddrPort(c.ap)
		err := g.Check(ap)
		if c.want == "" {
			if err != nil {
				t.Errorf("Check(%s) = %v", c.ap, err)
			}
		} else if err == nil || !strings.HasSuffix(err.Error(), ": denied: "+c.want) {
			t.Errorf("Check(%s) = %v, want denied: %s", c.ap, err, c.want)
		}
	}
	var nilGuard *Guard
	if err := nilGuard.Check(netip.MustParseAddrPort("127.0.0.1:80")); !errors.Is(err, ErrDenied) {
		t.Errorf("nil Guard: Check(127.0.0.1:80) = %v", err)
	}
	if err := nilGuard.Check(netip.AddrPort{}); !errors.Is(err, ErrDenied) {
		t.Errorf("Check(the zero AddrPort) = %v", err)
	}
}

func TestGuardControl(t *testing.T) {
	g := Guard{Allow: []netip.Prefix{netip.MustParsePrefix("127.0.0.2/32")}}
	for _, c := range []struct{ network, address, want string }{
		{"tcp4", "127.0.0.2:80", ""},
		{"tcp6", "[2606:4700::1111]:443", ""},
		{"tcp4", "127.0.0.1:80", `webhttp: dial → 127.0.0.1:80: denied: 127.0.0.0/8 Loopback (RFC 1122)`},
		{"udp4", "127.0.0.2:53", `webhttp: dial: denied: network "udp4" is not tcp4 or tcp6`},
		{"unix", "/run/x.sock", `webhttp: dial: denied: network "unix" is not tcp4 or tcp6`},
		{"tcp4", "example.com:80", `webhttp: dial: denied: "example.com:80" is not an IP address and port`},
	} {
		err := g.Control(c.network, c.address, nil)
		got := ""
		if err != nil {
			got = err.Error()
			if !errors.Is(err, ErrDenied) {
				t.Errorf("Control(%q, %q) = %v, not ErrDenied", c.network, c.address, err)
			}
		}
		if got != c.want {
			t.Errorf("Control(%q, %q) = %q, want %q", c.network, c.address, got, c.want)
		}
	}
}

func TestGuardCheckAllocs(t *testing.T) {
	g := Guard{Allow: []netip.Prefix{netip.MustParsePrefix("127.0.0.2/32")}, Deny: []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}, Ports: []uint16{80}}
	for _, s := range []string{"127.0.0.2:80", "8.8.8.8:80", "[2606:4700::1111]:80", "[2001:0:4136:e378:8000:63bf:f7f7:f7f7]:80", "[64:ff9b::808:808]:80"} {
		ap := netip.MustParseAddrPort(s)
		if n := testing.AllocsPerRun(100, func() {
			if g.Check(ap) != nil {
				t.Fatalf("Check(%s) denied", s)
			}
		}); n != 0 {
			t.Errorf("Check(%s): %v allocations, want 0", s, n)
		}
		if n := testing.AllocsPerRun(100, func() { _ = g.Control("tcp4", s, nil) }); n != 0 {
			t.Errorf("Control(%s): %v allocations, want 0", s, n)
		}
	}
}

// fakeDNS is a DNS server on 127.0.0.1 that answers A queries from a
// table: a name's answers are given in turn, the last one repeated.
type fakeDNS struct {
	conn    net.PacketConn
	mu      sync.Mutex
	answers map[string][]netip.Addr
	asked   map[string]int
}

func newFakeDNS(t *testing.T, answers map[string][]netip.Addr) *fakeDNS {
	t.Helper()
	c, err := net.ListenPacket("udp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	d := &fakeDNS{conn: c, answers: answers, asked: map[string]int{}}
	t.Cleanup(func() { c.Close() })
	go d.serve()
	return d
}

func (d *fakeDNS) serve() {
	buf := make([]byte, 1500)
	for {
		n, from, err := d.conn.ReadFrom(buf)
		if err != nil {
			return
		}
		var p dnsmessage.Parser
		h, err := p.Start(buf[:n])
		if err != nil {
			continue
		}
		q, err := p.Question()
		if err != nil {
			continue
		}
		b := dnsmessage.NewBuilder(nil, dnsmessage.Header{ID: h.ID, Response: true, Authoritative: true, RCode: dnsmessage.RCodeSuccess})
		b.EnableCompression()
		_ = b.StartQuestions()
		_ = b.Question(q)
		_ = b.StartAnswers()
		name := strings.TrimSuffix(q.Name.String(), ".")
		if q.Type == dnsmessage.TypeA {
			d.mu.Lock()
			list := d.answers[name]
			i := d.asked[name]
			d.asked[name]++
			d.mu.Unlock()
			if len(list) > 0 {
				a := list[min(i, len(list)-1)]
				_ = b.AResource(dnsmessage.ResourceHeader{Name: q.Name, Class: dnsmessage.ClassINET, TTL: 0}, dnsmessage.AResource{A: a.As4()})
			}
		}
		msg, err := b.Finish()
		if err == nil {
			_, _ = d.conn.WriteTo(msg, from)
		}
	}
}

func (d *fakeDNS) resolver() *net.Resolver {
	return &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, _, _ string) (net.Conn, error) {
		var nd net.Dialer
		return nd.DialContext(ctx, "udp4", d.conn.LocalAddr().String())
	}}
}

// listenOn starts a server on addr (a loopback address) and counts its
// requests.
func listenOn(t *testing.T, addr string, h http.Handler) (*httptest.Server, *atomic.Int64) {
	t.Helper()
	l, err := net.Listen("tcp4", addr)
	if err != nil {
		t.Skipf("cannot listen on %s: %v", addr, err)
	}
	var n atomic.Int64
	s := &httptest.Server{Listener: l, Config: &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		h.ServeHTTP(w, r)
	})}}
	s.Start()
	t.Cleanup(s.Close)
	return s, &n
}

// guardWorld is the loopback world of the end-to-end tests: an allowed
// server on 127.0.0.2 (Guard.Allow), a server on 127.0.0.1 that the
// Guard denies and that must never see a request, and a DNS server.
type guardWorld struct {
	allowed, denied *httptest.Server
	deniedHits      *atomic.Int64
	port            string // the denied server's port
	dns             *fakeDNS
	guard           Guard
}

func newGuardWorld(t *testing.T) *guardWorld {
	w := &guardWorld{}
	var deniedSrv *httptest.Server
	deniedSrv, w.deniedHits = listenOn(t, "127.0.0.1:0", http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		io.WriteString(rw, "inside")
	}))
	w.denied = deniedSrv
	w.port = deniedSrv.Listener.Addr().(*net.TCPAddr).AddrPort().String()[len("127.0.0.1:"):]
	w.allowed, _ = listenOn(t, "127.0.0.2:0", http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		if code := r.URL.Query().Get("code"); code != "" {
			rw.Header().Set("Location", r.URL.Query().Get("to"))
			var status int
			fmt.Sscan(code, &status)
			rw.WriteHeader(status)
			return
		}
		io.WriteString(rw, "outside")
	}))
	w.dns = newFakeDNS(t, map[string][]netip.Addr{
		"outside.test": {netip.MustParseAddr("127.0.0.2")},
		"inside.test":  {netip.MustParseAddr("127.0.0.1")},
		// nip.io's names answer the address they spell.
		"169.254.169.254.nip.io": {netip.MustParseAddr("169.254.169.254")},
		"meta.test":              {netip.MustParseAddr("169.254.169.254")},
		"private.test":           {netip.MustParseAddr("10.0.0.5")},
		"rebind.test":            {netip.MustParseAddr("127.0.0.2"), netip.MustParseAddr("127.0.0.1")},
	})
	w.guard = Guard{Allow: []netip.Prefix{netip.MustParsePrefix("127.0.0.2/32")}, Resolver: w.dns.resolver()}
	return w
}

func (w *guardWorld) allowedPort() string {
	return w.allowed.Listener.Addr().(*net.TCPAddr).AddrPort().String()[len("127.0.0.2:"):]
}

func (w *guardWorld) client() *http.Client {
	return &http.Client{Transport: w.guard.Transport(&http.Transport{DisableKeepAlives: true})}
}

func TestGuardTransportNames(t *testing.T) {
	w := newGuardWorld(t)
	c := w.client()
	p := w.allowedPort()
	get := func(u string) (string, error) {
		resp, err := c.Get(u)
		if err != nil {
			return "", err
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		return string(b), err
	}
	for _, u := range []string{"http://outside.test:" + p + "/", "http://127.0.0.2:" + p + "/"} {
		if body, err := get(u); err != nil || body != "outside" {
			t.Errorf("GET %s = %q, %v", u, body, err)
		}
	}
	for _, c := range []struct{ url, want string }{
		{"http://inside.test:" + w.port + "/", `webhttp: dial "inside.test" → 127.0.0.1:` + w.port + `: denied: 127.0.0.0/8 Loopback (RFC 1122)`},
		{"http://meta.test/latest/meta-data/", `webhttp: dial "meta.test" → 169.254.169.254:80: denied: 169.254.0.0/16 Link Local (RFC 3927)`},
		{"http://169.254.169.254.nip.io/", `webhttp: dial "169.254.169.254.nip.io" → 169.254.169.254:80: denied: 169.254.0.0/16 Link Local (RFC 3927)`},
		{"http://private.test/", `webhttp: dial "private.test" → 10.0.0.5:80: denied: 10.0.0.0/8 Private-Use (RFC 1918)`},
		{"http://127.0.0.1:" + w.port + "/", `webhttp: dial "127.0.0.1" → 127.0.0.1:` + w.port + `: denied: 127.0.0.0/8 Loopback (RFC 1122)`},
		{"http://[::1]:" + w.port + "/", `webhttp: dial "::1" → [::1]:` + w.port + `: denied: ::1/128 Loopback Address (RFC 4291)`},
		{"https://inside.test:" + w.port + "/", `webhttp: dial "inside.test" → 127.0.0.1:` + w.port + `: denied: 127.0.0.0/8 Loopback (RFC 1122)`},
	} {
		_, err := get(c.url)
		var e *Error
		if !errors.Is(err, ErrDenied) || !errors.As(err, &e) || e.Error() != c.want {
			t.Errorf("GET %s: %v\nwant %s", c.url, err, c.want)
		}
	}
	if n := w.deniedHits.Load(); n != 0 {
		t.Errorf("the denied server had %d requests", n)
	}
}

// A rebinding name answers an allowed address, then 127.0.0.1: the Guard
// judges each connection's address, so the second is refused.
func TestGuardTransportRebinding(t *testing.T) {
	w := newGuardWorld(t)
	c := w.client()
	u := "http://rebind.test:" + w.allowedPort() + "/"
	resp, err := c.Get(u)
	if err != nil {
		t.Fatalf("first GET %s: %v", u, err)
	}
	resp.Body.Close()
	_, err = c.Get(u)
	if !errors.Is(err, ErrDenied) || !strings.Contains(err.Error(), `dial "rebind.test" → 127.0.0.1:`) {
		t.Errorf("second GET %s: %v, want a denial of 127.0.0.1", u, err)
	}
	if n := w.deniedHits.Load(); n != 0 {
		t.Errorf("the denied server had %d requests", n)
	}
}

// A redirect to a denied address is refused as the first URL is, by
// net/http's Client and by Do, for each redirect status.
func TestGuardTransportRedirects(t *testing.T) {
	w := newGuardWorld(t)
	c := w.client()
	base := "http://127.0.0.2:" + w.allowedPort() + "/?code="
	targets := []string{
		"http://127.0.0.1:" + w.port + "/",
		"http://inside.test:" + w.port + "/",
		"http://[::ffff:127.0.0.1]:" + w.port + "/",
	}
	for _, code := range []int{301, 302, 303, 307, 308} {
		for _, to := range targets {
			start := fmt.Sprintf("%s%d&to=%s", base, code, url.QueryEscape(to))
			// net/http's Client.
			resp, err := c.Get(start)
			if err == nil {
				resp.Body.Close()
			}
			var ue *url.Error
			if !errors.Is(err, ErrDenied) || !errors.As(err, &ue) || ue.URL != to {
				t.Errorf("Client.Get %d to %s: %v, want a denial naming the hop", code, to, err)
			}
			// Do.
			req, err := NewRequest(context.Background(), "GET", weburl.MustParse(start), nil)
			if err != nil {
				t.Fatal(err)
			}
			resp, err = Do(c, req)
			if err == nil {
				resp.Body.Close()
			}
			if !errors.Is(err, ErrDenied) || !strings.Contains(err.Error(), "127.0.0.1:"+w.port) {
				t.Errorf("Do %d to %s: %v, want a denial", code, to, err)
			}
		}
		// Do reads "0x7f.1" as 127.0.0.1, as a browser does, with no DNS.
		to := "http://0x7f.1:" + w.port + "/"
		req, _ := NewRequest(context.Background(), "GET", weburl.MustParse(fmt.Sprintf("%s%d&to=%s", base, code, url.QueryEscape(to))), nil)
		resp, err := Do(c, req)
		if err == nil {
			resp.Body.Close()
		}
		want := `webhttp: dial "127.0.0.1" → 127.0.0.1:` + w.port + `: denied: 127.0.0.0/8 Loopback (RFC 1122)`
		var ue *url.Error
		if !errors.Is(err, ErrDenied) || !strings.Contains(err.Error(), want) || !errors.As(err, &ue) || ue.URL != "http://127.0.0.1:"+w.port+"/" {
			t.Errorf("Do %d to %s: %v, want %s from the hop http://127.0.0.1:%s/", code, to, err, want, w.port)
		}
	}
	if n := w.deniedHits.Load(); n != 0 {
		t.Errorf("the denied server had %d requests", n)
	}
}

func TestGuardTransportProxy(t *testing.T) {
	w := newGuardWorld(t)
	proxyURL, _ := url.Parse("http://127.0.0.2:" + w.allowedPort())
	c := &http.Client{Transport: w.guard.Transport(&http.Transport{Proxy: http.ProxyURL(proxyURL)})}
	_, err := c.Get("http://outside.test/")
	if !errors.Is(err, ErrDenied) || !strings.Contains(err.Error(), `denied: the request would connect to the proxy "127.0.0.2:`) {
		t.Errorf("GET through a proxy: %v, want a denial", err)
	}
	// nil base: DefaultTransport's settings without its proxy.
	if tr := w.guard.Transport(nil); tr.Proxy != nil || tr.TLSHandshakeTimeout == 0 || tr.DialContext == nil {
		t.Errorf("Transport(nil): Proxy set %v, TLSHandshakeTimeout %v", tr.Proxy != nil, tr.TLSHandshakeTimeout)
	}
}

// Transport copies the Guard: a later change to the Guard changes nothing.
func TestGuardTransportCopies(t *testing.T) {
	w := newGuardWorld(t)
	c := w.client()
	w.guard.Allow[0] = netip.MustParsePrefix("8.8.8.8/32")
	u := "http://127.0.0.2:" + w.allowedPort() + "/"
	resp, err := c.Get(u)
	if err != nil {
		t.Fatalf("GET %s after the Guard changed: %v", u, err)
	}
	resp.Body.Close()
}

// refDenied is the policy as a plain loop over the table's blocks, written
// from the package doc of internal/ipspecial rather than from its code:
// the IPv4 addresses an IPv6 address carries are judged instead of it, and
// otherwise the longest block with a verdict that holds the address
// decides.
func refDenied(a netip.Addr) (denied bool, block netip.Prefix) {
	a = a.WithZone("").Unmap()
	b := a.As16()
	var carried []netip.Addr
	v4 := func(x []byte) netip.Addr { return netip.AddrFrom4([4]byte(x)) }
	switch {
	case a.Is4():
	case netip.MustParsePrefix("::/96").Contains(a) && a != netip.IPv6Unspecified() && a != netip.IPv6Loopback():
		carried = []netip.Addr{v4(b[12:])}
	case netip.MustParsePrefix("::ffff:0:0:0/96").Contains(a), netip.MustParsePrefix("64:ff9b::/96").Contains(a):
		carried = []netip.Addr{v4(b[12:])}
	case netip.MustParsePrefix("2002::/16").Contains(a):
		carried = []netip.Addr{v4(b[2:6])}
	case netip.MustParsePrefix("2001::/32").Contains(a):
		client := [4]byte{^b[12], ^b[13], ^b[14], ^b[15]}
		carried = []netip.Addr{v4(b[4:8]), netip.AddrFrom4(client)}
	}
	if carried != nil {
		for _, c := range carried {
			if d, p := refDenied(c); d {
				return d, p
			}
		}
		return false, netip.Prefix{}
	}
	best := -1
	for _, blk := range ipspecial.Blocks() {
		if (blk.Global == ipspecial.True || blk.Global == ipspecial.False) && blk.Prefix.Contains(a) && blk.Prefix.Bits() > best {
			best = blk.Prefix.Bits()
			denied, block = blk.Global == ipspecial.False, blk.Prefix
		}
	}
	return denied, block
}

// FuzzGuardCheck holds Check to refDenied on any address.
func FuzzGuardCheck(f *testing.F) {
	for _, c := range guardCases {
		f.Add(netip.MustParseAddr(c.addr).WithZone("").AsSlice(), uint8(255))
	}
	for _, v := range registryVerdicts {
		p := netip.MustParsePrefix(v.block)
		f.Add(p.Addr().AsSlice(), uint8(255))
		f.Add(lastAddr(p).AsSlice(), uint8(255))
	}
	blocks := ipspecial.Blocks()
	var g Guard
	f.Fuzz(func(t *testing.T, b []byte, in uint8) {
		a, ok := netip.AddrFromSlice(b)
		if !ok {
			return
		}
		// in < len(blocks): the address with the prefix of that block, so
		// that the fuzzer explores inside each block.
		if int(in) < len(blocks) && blocks[in].Prefix.Addr().BitLen() == a.BitLen() {
			p := blocks[in].Prefix
			pb, ab := p.Addr().AsSlice(), a.AsSlice()
			for i := range p.Bits() {
				m := byte(0x80) >> (i % 8)
				ab[i/8] = ab[i/8]&^m | pb[i/8]&m
			}
			a, _ = netip.AddrFromSlice(ab)
		}
		err := g.Check(netip.AddrPortFrom(a, 80))
		want, block := refDenied(a)
		if errors.Is(err, ErrDenied) != want {
			t.Fatalf("Check(%s) = %v, want denied %v (%s)", a, err, want, block)
		}
		if want && !strings.Contains(err.Error(), "denied: "+block.String()+" ") {
			t.Fatalf("Check(%s) = %v, want the block %s", a, err, block)
		}
	})
}

// BenchmarkGuardGET measures a GET to a loopback server (127.0.0.2, in
// Guard.Allow) through a Guard's Transport and through the same Transport
// unguarded (dialing with DefaultTransport's net.Dialer settings, as the
// Guard's does), interleaved in batches of 100 so that both see the same
// machine: guarded-ns/op and plain-ns/op are wall time per GET, and
// guarded-cpu-ns/op and plain-cpu-ns/op the process's CPU time (client and
// server) per GET. "keepalive" reuses connections (the Guard judges a
// connection, not a request); "dial" opens one per GET.
func BenchmarkGuardGET(b *testing.B) {
	for _, mode := range []string{"keepalive", "dial"} {
		b.Run(mode, func(b *testing.B) {
			srv, _ := listenOnB(b, "127.0.0.2:0")
			base := &http.Transport{DisableKeepAlives: mode == "dial", MaxIdleConnsPerHost: 4}
			g := Guard{Allow: []netip.Prefix{netip.MustParsePrefix("127.0.0.2/32")}}
			guarded := &http.Client{Transport: g.Transport(base)}
			// The unguarded Transport dials as DefaultTransport does, as the
			// guarded one does but for Control.
			pt := base.Clone()
			pt.DialContext = (&net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second}).DialContext
			plain := &http.Client{Transport: pt}
			u := srv.URL + "/"
			get := func(c *http.Client) {
				resp, err := c.Get(u)
				if err != nil {
					b.Fatal(err)
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			}
			get(guarded)
			get(plain)
			var wall, cpu [2]time.Duration
			b.ReportAllocs()
			b.ResetTimer()
			const batch = 100
			for done := 0; done < b.N; done += batch {
				n := min(batch, b.N-done)
				for i, c := range []*http.Client{guarded, plain} {
					if done/batch%2 == 1 {
						c = []*http.Client{plain, guarded}[i]
						i = 1 - i
					}
					w0, c0 := time.Now(), cpuTime()
					for range n {
						get(c)
					}
					wall[i] += time.Since(w0)
					cpu[i] += cpuTime() - c0
				}
			}
			b.StopTimer()
			b.ReportMetric(float64(wall[0])/float64(b.N), "guarded-ns/op")
			b.ReportMetric(float64(wall[1])/float64(b.N), "plain-ns/op")
			b.ReportMetric(float64(cpu[0])/float64(b.N), "guarded-cpu-ns/op")
			b.ReportMetric(float64(cpu[1])/float64(b.N), "plain-cpu-ns/op")
		})
	}
}

// BenchmarkGuardCheck measures Check on an allowed IPv4 and IPv6 address
// and on a denied one.
func BenchmarkGuardCheck(b *testing.B) {
	var g Guard
	for _, s := range []string{"93.184.215.14:443", "[2606:4700::1111]:443", "[2001:0:4136:e378:8000:63bf:f7f7:f7f7]:443", "127.0.0.1:80"} {
		ap := netip.MustParseAddrPort(s)
		b.Run(s, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = g.Check(ap)
			}
		})
	}
}

func listenOnB(b *testing.B, addr string) (*httptest.Server, error) {
	l, err := net.Listen("tcp4", addr)
	if err != nil {
		b.Skipf("cannot listen on %s: %v", addr, err)
	}
	s := &httptest.Server{Listener: l, Config: &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "outside")
	})}}
	s.Start()
	b.Cleanup(s.Close)
	return s, nil
}

// cpuTime is the process's user and system CPU time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// A Guard's refusals quote at most 1 KiB of what they name.
func TestGuardErrorMessagesBounded(t *testing.T) {
	long := quotetest.Long(t)
	var g Guard
	quotetest.Check(t, "Control: network", g.Control(long, "127.0.0.1:80", nil), 1, "")
	quotetest.Check(t, "Control: address", g.Control("tcp4", long+":80", nil), 1, "")
	w := newGuardWorld(t)
	proxy := &url.URL{Scheme: "http", Host: long}
	c := &http.Client{Transport: w.guard.Transport(&http.Transport{Proxy: http.ProxyURL(proxy)})}
	_, err := c.Get("http://outside.test/")
	quotetest.Check(t, "proxy", err, 1, "")
}

// A prefix of Allow or Deny written in its IPv4-mapped form
// (::ffff:10.0.0.0/104, as an IPv6-only configuration lists IPv4 ranges)
// holds the IPv4 addresses it maps, as Check's doc says it sees a mapped
// address as its IPv4 address: a Deny that missed them would let the
// addresses it names through.
func TestGuardMappedPrefixes(t *testing.T) {
	g := Guard{
		Allow: []netip.Prefix{netip.MustParsePrefix("::ffff:127.0.0.2/128")},
		Deny:  []netip.Prefix{netip.MustParsePrefix("::ffff:8.8.0.0/112")},
	}
	for _, c := range []struct {
		ap     string
		denied bool
	}{
		{"8.8.8.8:80", true},
		{"[::ffff:8.8.8.8]:80", true},
		{"[64:ff9b::808:808]:80", true}, // NAT64 of 8.8.8.8
		{"8.9.8.8:80", false},
		{"127.0.0.2:80", false},
		{"[::ffff:127.0.0.2]:80", false},
		{"127.0.0.3:80", true}, // the policy: loopback
	} {
		if err := g.Check(netip.MustParseAddrPort(c.ap)); (err != nil) != c.denied {
			t.Errorf("Check(%s) = %v, want denied %v", c.ap, err, c.denied)
		}
	}
}

// A base configured by golang.org/x/net/http2's ConfigureTransports holds
// its HTTP/2 connections in a pool of its own that TLSNextProto feeds and
// that a clone shares: a guarded request that dialed an allowed address
// could be sent on a connection base dialed, unguarded, to an address
// inside, under the same host and port. Here base reaches shared.test at
// 127.0.0.1 (an internal route) and the Guard's DNS answers 127.0.0.2.
func TestGuardTransportSharedHTTP2Pool(t *testing.T) {
	tlsOn := func(addr, body string) (*httptest.Server, *atomic.Int64) {
		l, err := net.Listen("tcp4", addr)
		if err != nil {
			t.Skipf("cannot listen on %s: %v", addr, err)
		}
		var n atomic.Int64
		s := &httptest.Server{Listener: l, EnableHTTP2: true, Config: &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			n.Add(1)
			io.WriteString(w, body)
		})}}
		s.StartTLS()
		t.Cleanup(s.Close)
		return s, &n
	}
	inside, insideHits := tlsOn("127.0.0.1:0", "inside")
	port := inside.Listener.Addr().(*net.TCPAddr).Port
	tlsOn("127.0.0.2:"+strconv.Itoa(port), "outside")

	base := &http.Transport{
		TLSClientConfig: &tls.Config{InsecureSkipVerify: true},
		DialContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
			var d net.Dialer
			return d.DialContext(ctx, network, inside.Listener.Addr().String())
		},
	}
	//lint:ignore SA1019 the deprecated configuration is the one whose pool a clone shared.
	if _, err := http2.ConfigureTransports(base); err != nil {
		t.Fatal(err)
	}
	url := "https://shared.test:" + strconv.Itoa(port) + "/"
	get := func(rt http.RoundTripper) string {
		t.Helper()
		resp, err := (&http.Client{Transport: rt}).Get(url)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		if resp.ProtoMajor != 2 {
			t.Fatalf("GET %s: %s, want HTTP/2", url, resp.Proto)
		}
		return string(b)
	}
	if got := get(base); got != "inside" {
		t.Fatalf("base: %q", got)
	}
	dns := newFakeDNS(t, map[string][]netip.Addr{"shared.test": {netip.MustParseAddr("127.0.0.2")}})
	g := Guard{Allow: []netip.Prefix{netip.MustParsePrefix("127.0.0.2/32")}, Resolver: dns.resolver()}
	before := insideHits.Load()
	if got := get(g.Transport(base)); got != "outside" {
		t.Errorf("guarded GET %s = %q, want the allowed server's %q", url, got, "outside")
	}
	if n := insideHits.Load() - before; n != 0 {
		t.Errorf("the server inside saw %d guarded requests", n)
	}
	// An empty TLSNextProto turns HTTP/2 off, and stays so.
	off := &http.Transport{TLSNextProto: map[string]func(string, *tls.Conn) http.RoundTripper{}}
	if tp := g.Transport(off).TLSNextProto; tp == nil || len(tp) != 0 {
		t.Errorf("Transport(base with HTTP/2 off).TLSNextProto = %v, want empty", tp)
	}
}

// A base's own dial functions would connect around the Guard: the
// Transport dials with its own dialer, for http and https alike.
func TestGuardTransportBaseDialers(t *testing.T) {
	w := newGuardWorld(t)
	var called atomic.Int64
	dial := func(context.Context, string, string) (net.Conn, error) {
		called.Add(1)
		return nil, errors.New("base's dialer")
	}
	base := &http.Transport{DialContext: dial, DialTLSContext: dial}
	//lint:ignore SA1019 a base may still set the deprecated DialTLS.
	base.DialTLS = func(string, string) (net.Conn, error) { return dial(context.Background(), "", "") }
	c := &http.Client{Transport: w.guard.Transport(base)}
	for _, u := range []string{"http://127.0.0.1:" + w.port + "/", "https://127.0.0.1:" + w.port + "/", "https://inside.test:" + w.port + "/"} {
		resp, err := c.Get(u)
		if err == nil {
			resp.Body.Close()
		}
		if !errors.Is(err, ErrDenied) {
			t.Errorf("GET %s: %v, want a denial", u, err)
		}
	}
	resp, err := c.Get("http://outside.test:" + w.allowedPort() + "/")
	if err != nil {
		t.Fatalf("GET outside.test: %v", err)
	}
	resp.Body.Close()
	if n := called.Load(); n != 0 {
		t.Errorf("base's dial functions were called %d times", n)
	}
}
