package canonical_test

import (
	"strings"
	"testing"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/canonical"
)

// checkAuthority holds Authority to the URL parser: where it says that
// the parser leaves host as it is, the parser gives that hostname and
// port and writes host back unchanged; and EndsInANumber to the host
// parser's choice between an IPv4 address and a domain.
func checkAuthority(t *testing.T, host string) {
	t.Helper()
	u, err := weburl.Parse("http://" + host + "/")
	hostname, port, ok := canonical.Authority(host, 80)
	if ok {
		if err != nil {
			t.Fatalf("Authority(%q) = %q, %q, true; the parser refuses it: %v", host, hostname, port, err)
		}
		if u.Host() != host || u.Hostname() != hostname || u.Port() != port {
			t.Fatalf("Authority(%q) = %q, %q, true; the parser gives host %q, hostname %q, port %q", host, hostname, port, u.Host(), u.Hostname(), u.Port())
		}
	}
	name, _, _ := strings.Cut(host, ":")
	if err != nil || name == "" || strings.ContainsAny(name, "[]%") || strings.ToLower(name) != name || !isPrintableASCII(name) {
		return // the checker reads the host after domain to ASCII, tabs and newlines removed: a printable ASCII host in lower case is one
	}
	if ends := canonical.MayEndInANumber(name) && canonical.EndsInANumber(name); ends != (u.HostKind() == weburl.IPv4) {
		t.Fatalf("EndsInANumber(%q) = %v; the parser reads it as a host of kind %v", name, ends, u.HostKind())
	}
}

// TestAuthorityMatchesParser: hosts the parser keeps and those it
// rewrites, with the outcome each must have (from the URL Standard's host
// parser: an IPv4 address is written in dotted decimal, a default port is
// dropped, upper case lowered).
func TestAuthorityMatchesParser(t *testing.T) {
	for _, tc := range []struct {
		host string
		ok   bool
	}{
		{"example.com", true},
		{"example.com:8080", true},
		{"example.com:0", true},
		{"example.com:80", false},
		{"example.com:080", false},
		{"example.com:", false},
		{"example.com:65536", false},
		{"Example.com", false},
		{"127.0.0.1", true},
		{"127.0.0.1:81", true},
		{"127.0.0.01", false},
		{"127.1", false},
		{"0x7f.0.0.1", false},
		{"a.1b", true},
		{"a.0x1b", false},
		{"a.09", false},
		{"1.2.3.4.", false},
		{"xn--nxasmq6b.example", true},
		{"a_b.example", false},
		{"[::1]", false},
		{"", false},
	} {
		if _, _, ok := canonical.Authority(tc.host, 80); ok != tc.ok {
			t.Errorf("Authority(%q) ok = %v, want %v", tc.host, ok, tc.ok)
		}
		checkAuthority(t, tc.host)
	}
	// Every host of up to four bytes from an alphabet of what matters.
	const alphabet = "09afxX.-:_"
	var b []byte
	var gen func(n int)
	gen = func(n int) {
		checkAuthority(t, string(b))
		if n == 0 {
			return
		}
		for i := range len(alphabet) {
			b = append(b, alphabet[i])
			gen(n - 1)
			b = b[:len(b)-1]
		}
	}
	gen(4)
}

// FuzzAuthority holds Authority and EndsInANumber to the URL parser.
func FuzzAuthority(f *testing.F) {
	for _, s := range []string{"example.com:8080", "127.0.0.1", "a.0x1b", "1.2.3.4.", "a.09:1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, host string) {
		if strings.ContainsAny(host, "/?#\\@") {
			return // not an authority alone
		}
		checkAuthority(t, host)
	})
}

func isPrintableASCII(s string) bool {
	for i := range len(s) {
		if s[i] <= ' ' || s[i] >= 0x7f {
			return false
		}
	}
	return true
}
