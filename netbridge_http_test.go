package weburl

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"io"
	"maps"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/net/http/httpguts"
)

// The end-to-end test of NetURL: every http and https URL of the WPT data
// and of the shared URL lists goes to a server on the loopback address,
// through net/http's client, twice: with the request's URL field set to
// NetURL(), and with http.NewRequest given NetURL().String(). The client's
// dialer only redirects the connection; the request target and the Host
// header are the URL's. The server reports what it saw, and a listener
// under it records each request head as it arrives, for the requests that
// Go's server rejects before any handler runs.

// e2eSampleEvery is the sample taken under the race detector and -short:
// every 16th URL of the shared lists (and every URL of ours, of WPT, and
// that NetURL cannot represent plainly), since some 48,000 requests over loopback take
// minutes on a small machine under -race.
const e2eSampleEvery = 16

// headRecorder remembers the last request head that a server read: its
// request line and Host header, as sent.
type headRecorder struct {
	mu         sync.Mutex
	line, host string
}

func (r *headRecorder) set(line, host string) {
	r.mu.Lock()
	r.line, r.host = line, host
	r.mu.Unlock()
}

func (r *headRecorder) get() (string, string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.line, r.host
}

// recordingListener hands out connections that copy each request head they
// read to rec. Requests here are GETs without bodies, so a head ends at
// each blank line.
type recordingListener struct {
	net.Listener
	rec *headRecorder
}

func (l recordingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &recordingConn{Conn: c, rec: l.rec}, nil
}

type recordingConn struct {
	net.Conn
	rec *headRecorder
	buf []byte
}

func (c *recordingConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	c.buf = append(c.buf, p[:n]...)
	for {
		i := bytes.Index(c.buf, []byte("\r\n\r\n"))
		if i < 0 {
			break
		}
		lines := strings.Split(string(c.buf[:i]), "\r\n")
		host := "(none)"
		for _, l := range lines[1:] {
			if v, ok := strings.CutPrefix(l, "Host: "); ok {
				host = v
			}
		}
		c.rec.set(lines[0], host)
		c.buf = c.buf[i+4:]
	}
	return n, err
}

// testCertificate makes a self-signed certificate for "weburl.test".
func testCertificate(t *testing.T) (tls.Certificate, *x509.CertPool) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		DNSNames:              []string{"weburl.test"},
		NotBefore:             time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC),
		NotAfter:              time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC),
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	leaf, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(leaf)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: leaf}, pool
}

// e2eOwnURLs are our cases for each rule of NetURL's documentation.
var e2eOwnURLs = []string{
	"https://example.com/a|b",               // a byte net/url escapes: Opaque
	"https://example.com/a^b?c|d",           // the query is sent as it is
	"https://example.com/100%",              // a lone '%': Go's server refuses it
	"http://example.com/a%zz/%2e%2E/b",      // "%2e%2E" is "..", "%zz" stays
	"https://example.com//a|b?q",            // "//" and '|': absolute form
	"https://example.com//a/b",              // "//" alone is fine
	"https://user:p%40ss@example.com/x",     // credentials: Authorization, not the target
	"https://a!b:c@example.com/",            // escaped differently by net/url
	"http://[::1]:8080/x?y",                 // IPv6 and a port
	"http://127.0.0.1:80/",                  // a default port is no port
	"https://example.com/?",                 // an empty query keeps its '?'
	"https://example.com/p?#f",              // the fragment is never sent
	"http://\"quoted\".example/",            // net/http sends an empty Host
	"http://a{b}.example/",                  // and String() does not parse
	"https://xn--bcher-kva.example/ü?ü=ü#ü", // all ASCII on the wire
	"http://EXAMPLE.com/a b/\\c/../d",       // as a browser writes it
}

// e2eURLs returns the http and https URLs to send, each once, sorted by
// origin so that each connection serves its host's URLs in a row; which of
// them are our own cases or WPT's, sent even in a sample; and how many
// came from where.
func e2eURLs(t *testing.T) ([]*URL, map[string]bool, string) {
	var hrefs []string
	always := map[string]bool{}
	for _, in := range e2eOwnURLs {
		u := MustParse(in)
		hrefs = append(hrefs, u.Href())
		always[u.Href()] = true
	}
	wpt := 0
	for _, c := range loadURLTests(t, "urltestdata.tsv") {
		if c.Failure || c.Protocol != "http:" && c.Protocol != "https:" {
			continue
		}
		hrefs = append(hrefs, c.Href)
		always[c.Href] = true
		wpt++
	}
	counts := fmt.Sprintf("ours %d, WPT %d", len(e2eOwnURLs), wpt)
	lists := benchLists(t)
	for _, name := range slices.Sorted(maps.Keys(lists)) {
		n := 0
		for _, line := range lists[name] {
			u, err := Parse(line)
			if err == nil && (u.Scheme() == "http" || u.Scheme() == "https") {
				hrefs = append(hrefs, u.Href())
				n++
			}
		}
		counts += fmt.Sprintf(", %s %d", name, n)
	}
	slices.Sort(hrefs)
	hrefs = slices.Compact(hrefs)
	var urls []*URL
	for _, h := range hrefs {
		u, err := Parse(h)
		if err != nil || u.Href() != h {
			t.Fatalf("href %q: %v, %v", h, u, err)
		}
		urls = append(urls, u)
	}
	slices.SortStableFunc(urls, func(a, b *URL) int {
		return strings.Compare(a.Protocol()+a.Host(), b.Protocol()+b.Host())
	})
	return urls, always, counts
}

// wantOnWire is the request target and Host header net/http sends for u,
// by the rules NetURL's documentation gives: the origin-form target, but
// for the absolute form of a path that starts with "//" and that net/url
// cannot hold; the host, but empty where httpguts.ValidHostHeader refuses
// it (net/http then sends an empty Host header).
func wantOnWire(u *URL) (target, host string) {
	target, host = u.RequestURI(), u.Host()
	if nu := u.NetURL(); strings.HasPrefix(nu.Opaque, "//") {
		target = nu.Scheme + ":" + nu.Opaque + strings.TrimPrefix(target, u.Pathname())
	}
	if !httpguts.ValidHostHeader(host) {
		host = ""
	}
	return target, host
}

func TestNetHTTPEndToEnd(t *testing.T) {
	urls, always, counts := e2eURLs(t)
	sample := raceEnabled || testing.Short()

	rec := &headRecorder{}
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, r.RequestURI+"\n"+r.Host)
	})
	plain := httptest.NewUnstartedServer(handler)
	plain.Listener = recordingListener{plain.Listener, rec}
	plain.Start()
	defer plain.Close()
	cert, pool := testCertificate(t)
	secure := httptest.NewUnstartedServer(handler)
	secure.Listener = recordingListener{tls.NewListener(secure.Listener, &tls.Config{
		Certificates: []tls.Certificate{cert},
		NextProtos:   []string{"http/1.1"},
	}), rec}
	secure.Start() // TLS is in the listener, below the recorder
	defer secure.Close()

	var dialer net.Dialer
	clientTLS := &tls.Config{
		RootCAs:            pool,
		ServerName:         "weburl.test",
		NextProtos:         []string{"http/1.1"},
		ClientSessionCache: tls.NewLRUClientSessionCache(1),
		// The certificate's validity is checked at a fixed time, not the
		// clock's.
		Time: func() time.Time { return time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC) },
	}
	tr := &http.Transport{
		Proxy: nil, // never the environment's
		DialContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
			return dialer.DialContext(ctx, network, plain.Listener.Addr().String())
		},
		DialTLSContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
			c, err := dialer.DialContext(ctx, network, secure.Listener.Addr().String())
			if err != nil {
				return nil, err
			}
			tc := tls.Client(c, clientTLS)
			if err := tc.HandshakeContext(ctx); err != nil {
				c.Close()
				return nil, err
			}
			return tc, nil
		},
		MaxIdleConns:        8, // URLs come grouped by host: old connections can go
		MaxIdleConnsPerHost: 1,
		DisableCompression:  true,
	}
	defer tr.CloseIdleConnections()
	client := &http.Client{
		Transport:     tr,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}

	// send sends req and reports the target and Host the server saw: from
	// the handler, or from the wire when Go's server refused the request
	// with 400 (it does for a target that net/url cannot parse).
	send := func(req *http.Request) (target, host string, rejected bool, err error) {
		resp, err := client.Do(req)
		if err != nil {
			return "", "", false, err
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			return "", "", false, err
		}
		line, wireHost := rec.get()
		method, rest, _ := strings.Cut(line, " ")
		wireTarget, proto, _ := strings.Cut(rest, " ")
		if method != "GET" || proto != "HTTP/1.1" {
			return "", "", false, fmt.Errorf("request line %q", line)
		}
		if resp.StatusCode == http.StatusBadRequest {
			return wireTarget, wireHost, true, nil
		}
		if resp.StatusCode != http.StatusOK {
			return "", "", false, fmt.Errorf("status %s", resp.Status)
		}
		target, host, _ = strings.Cut(string(body), "\n")
		if target != wireTarget || host != wireHost {
			return "", "", false, fmt.Errorf("handler saw %q %q, the wire had %q %q", target, host, wireTarget, wireHost)
		}
		return target, host, false, nil
	}

	var sent, urlsSent, rejected, blankHost, absolute, stringRouteRefused int
	for i, u := range urls {
		nu := u.NetURL()
		plainForm := nu.Opaque == "" && httpguts.ValidHostHeader(u.Host())
		if sample && plainForm && !always[u.Href()] && i%e2eSampleEvery != 0 {
			continue
		}
		urlsSent++
		target, host := wantOnWire(u)
		if host != u.Host() {
			blankHost++
		}
		if target != u.RequestURI() {
			absolute++
		}
		// No deadline: a hung request is caught by go test's -timeout,
		// and no wall-clock limit can fail a slow, busy machine.
		ctx := context.Background()
		check := func(route string, req *http.Request) {
			t.Helper()
			gotTarget, gotHost, refused, err := send(req)
			sent++
			switch {
			case err != nil:
				t.Errorf("%s: %s: %v", u.Href(), route, err)
			case gotTarget != target || gotHost != host:
				t.Errorf("%s: %s: server saw target %q Host %q, want %q %q", u.Href(), route, gotTarget, gotHost, target, host)
			case refused:
				if _, err := url.ParseRequestURI(target); err == nil {
					t.Errorf("%s: %s: Go's server refused target %q, which net/url parses", u.Href(), route, target)
				}
				if route == "URL field" {
					rejected++
				}
			}
		}

		// The request's URL field set to NetURL().
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, "", nil)
		if err != nil {
			t.Fatal(err)
		}
		req.URL = nu
		if req.URL.RequestURI() != target && !strings.HasPrefix(nu.Opaque, "//") {
			t.Errorf("%s: NetURL().RequestURI() = %q, want %q", u.Href(), req.URL.RequestURI(), target)
		}
		check("URL field", req)

		// http.NewRequest given NetURL().String().
		req, err = http.NewRequestWithContext(ctx, http.MethodGet, nu.String(), nil)
		switch {
		case nu.Opaque == "":
			if err != nil {
				// Only a host that net/url's String() escapes, and then
				// cannot parse, may fail here.
				if (&url.URL{Host: u.Host()}).String() == "//"+u.Host() {
					t.Errorf("%s: NewRequest(%q): %v", u.Href(), nu.String(), err)
				}
				stringRouteRefused++
			} else if req.URL.RequestURI() != u.RequestURI() || req.Host != u.Host() {
				t.Errorf("%s: NewRequest(%q) has target %q Host %q", u.Href(), nu.String(), req.URL.RequestURI(), req.Host)
			} else {
				check("NewRequest", req)
			}
		case strings.HasPrefix(nu.Opaque, "/") && !strings.HasPrefix(nu.Opaque, "//"):
			// String() lacks the authority: no request can come of it.
			if err == nil && req.URL.Host != "" {
				t.Errorf("%s: NewRequest(%q) has host %q", u.Href(), nu.String(), req.URL.Host)
			}
			if err == nil {
				if _, err := client.Do(req); err == nil {
					t.Errorf("%s: NewRequest(%q) was sent", u.Href(), nu.String())
				}
			}
			stringRouteRefused++
		}
	}
	how := "every URL"
	if sample {
		how = fmt.Sprintf("a sample (race detector or -short): every %dth URL of the lists, and every one of ours, of WPT, and that NetURL cannot represent plainly", e2eSampleEvery)
	}
	t.Logf("sent %d requests for %d of %d http(s) URLs (%s; %s): %d targets Go's server refused (checked on the wire), "+
		"%d hosts net/http sends as an empty Host header, %d targets in absolute form, %d String() forms NewRequest cannot send",
		sent, urlsSent, len(urls), how, counts, rejected, blankHost, absolute, stringRouteRefused)
}
