package webhttp_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/netip"
	"time"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/webhttp"
)

// A service that fetches its users' URLs gives its client a Guard's
// Transport: every connection, the first URL's and each redirect's, is
// judged on the address it is about to connect to, after DNS.
func ExampleGuard() {
	var guard webhttp.Guard // the zero Guard: the IANA registries' policy
	client := &http.Client{Transport: guard.Transport(nil), Timeout: 10 * time.Second}

	// "0x7f.1" is 127.0.0.1 to a browser, and to weburl.
	u, err := weburl.Parse("http://0x7f.1/admin")
	if err != nil {
		panic(err)
	}
	req, err := webhttp.NewRequest(context.Background(), "GET", u, nil)
	if err != nil {
		panic(err)
	}
	_, err = webhttp.Do(client, req)
	fmt.Println(err)
	fmt.Println(errors.Is(err, webhttp.ErrDenied))

	// Check judges an address without a connection.
	fmt.Println(guard.Check(netip.MustParseAddrPort("[::ffff:169.254.169.254]:80")))
	fmt.Println(guard.Check(netip.MustParseAddrPort("[2001:db8::1]:443")))
	fmt.Println(guard.Check(netip.MustParseAddrPort("93.184.215.14:443")))
	// Output:
	// Get "http://127.0.0.1/admin": webhttp: dial "127.0.0.1" → 127.0.0.1:80: denied: 127.0.0.0/8 Loopback (RFC 1122)
	// true
	// webhttp: dial → [::ffff:169.254.169.254]:80: denied: 169.254.0.0/16 Link Local (RFC 3927)
	// webhttp: dial → [2001:db8::1]:443: denied: 2001:db8::/32 Documentation (RFC 3849)
	// <nil>
}
