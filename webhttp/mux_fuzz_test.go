package webhttp

import (
	"crypto/tls"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/weburl/weburl/urlpattern"
)

// FuzzServeMux routes random requests through a mux of testPatterns and
// checks each answer against a first-match loop over the patterns on the
// components of RequestURL(r) with the path in normal form (and, for a
// request without a Host, an empty hostname): the pattern that wins, 405
// with the methods of the patterns that match the URL, 404, 400 for a URL
// RequestURL refuses; the handler's Match and path values against the
// winning pattern's full match. A second target, its path spelt another
// way that is equal in normal form (unreserved bytes percent-encoded,
// escapes' hex in lower case), must route alike, with the same path
// values. It also holds read to the URL parser: when it reads a request
// without parsing, the components are the parsed URL's.
func FuzzServeMux(f *testing.F) {
	for _, c := range muxCases {
		f.Add(c.method, c.target, c.host, c.tls)
	}
	f.Add("GET", "/users/x%2", "EXAMPLE.com", false)
	f.Add("GET", "/users/%2e", "xn--a.example", true)
	f.Add("GET", "/a\\b", "1.2.3.4:80", false)
	f.Add("HEAD", "//users/me", "h:0443", true)
	f.Add("GET", "/users/m%65", "", false)
	f.Add("GET", "/n%61mes/caf%c3%a9%2fx", "h", false)
	// Static routes of tables whose patterns name no host (find's shortcut,
	// methodTable.exact), as they are and not.
	f.Add("POST", "/users", "", false)
	f.Add("PATCH", "/p?x=%41", "h:80", true)
	f.Add("PATCH", "/./p", "h", false)
	routes := make([]*route, len(testPatterns))
	for i, p := range testPatterns {
		routes[i], _ = newRoute(p)
	}
	var got *http.Request
	m := NewServeMux()
	for _, p := range testPatterns {
		m.HandleFunc(p, func(_ http.ResponseWriter, r *http.Request) { got = r })
	}
	newRequest := func(method, target, host string, isTLS bool) *http.Request {
		r := &http.Request{Method: method, Host: host, RequestURI: target, Header: http.Header{}, URL: &url.URL{Path: target}}
		if nu, err := url.ParseRequestURI(target); err == nil {
			r.URL = nu
		}
		if isTLS {
			r.TLS = &tls.ConnectionState{}
		}
		return r
	}
	f.Fuzz(func(t *testing.T, method, target, host string, isTLS bool) {
		if !isToken(method) {
			method = "GET"
		}
		r := newRequest(method, target, host, isTLS)
		u, err := RequestURL(r)
		checkFast(t, r)
		if host == "" && !strings.HasPrefix(target, "http") {
			// No Host: the URL read with a stand-in host, whose
			// hostname is then routed as "".
			r2 := *r
			r2.Host = noHost
			u, err = RequestURL(&r2)
		}

		// The first-match loop, on the components in normal form.
		want, wantStatus := -1, 404
		var allow []string
		var c urlpattern.Components
		if err != nil {
			wantStatus = 400
		} else {
			q, _ := u.Query()
			frag, _ := u.Fragment()
			// Each pattern's own matcher on the components as they are
			// (MatchComponents): ExecInit would canonicalize them as an
			// Init's, which strips a search's leading "?" and reads a
			// non-special URL's opaque host as a domain ("%" refused, "0"
			// read as 0.0.0.0).
			c = urlpattern.Components{u.Scheme(), u.Username(), u.Password(), u.Hostname(), u.Port(), plainNormalPath(u.Pathname()), q, frag}
			if c[urlpattern.Hostname] == noHost && host == "" {
				c[urlpattern.Hostname], c[urlpattern.Port] = "", ""
			}
			for i, rt := range routes {
				if rt.pat.MatchComponents(&c) == nil {
					continue
				}
				if rt.method() == "" || rt.method() == method || rt.method() == "GET" && method == "HEAD" {
					want, wantStatus = i, 200
					break
				}
				allow = append(allow, rt.method())
				if rt.method() == "GET" {
					allow = append(allow, "HEAD")
				}
			}
			if want < 0 && len(allow) > 0 {
				wantStatus = 405
			}
		}
		slices.Sort(allow)
		allow = slices.Compact(allow)
		if want >= 0 {
			allow = nil
		}

		got = nil
		w := httptest.NewRecorder()
		m.ServeHTTP(w, r)
		if w.Code != wantStatus || w.Header().Get("Allow") != strings.Join(allow, ", ") {
			t.Fatalf("%s %q (Host %q): %d Allow %q, the loop %d Allow %q", method, target, host, w.Code, w.Header().Get("Allow"), wantStatus, allow)
		}
		if _, pattern := m.Handler(r); want >= 0 && pattern != testPatterns[want] || want < 0 && pattern != "" {
			t.Fatalf("Handler(%s %q): pattern %q, the loop %d", method, target, pattern, want)
		}

		// The same path spelt another way routes alike.
		alt := respell(target)
		r2 := newRequest(method, alt, host, isTLS)
		w2 := httptest.NewRecorder()
		var values, altValues []string
		if want >= 0 {
			values = pathValues(got)
		}
		got2 := got
		got = nil
		m.ServeHTTP(w2, r2)
		if w2.Code != w.Code || w2.Header().Get("Allow") != w.Header().Get("Allow") {
			t.Fatalf("%s %q: %d Allow %q; %q: %d Allow %q", method, target, w.Code, w.Header().Get("Allow"), alt, w2.Code, w2.Header().Get("Allow"))
		}
		if want < 0 {
			return
		}
		if altValues = pathValues(got); got.Pattern != got2.Pattern || !slices.Equal(values, altValues) {
			t.Fatalf("%s %q: %q %q; %q: %q %q", method, target, got2.Pattern, values, alt, got.Pattern, altValues)
		}
		got = got2

		if got.Pattern != testPatterns[want] {
			t.Fatalf("%s %q: the handler of %q, the loop's is %q", method, target, got.Pattern, testPatterns[want])
		}
		res, wantRes := Match(got), routes[want].pat.MatchComponents(&c)
		if res == nil || wantRes == nil {
			t.Fatalf("%s %q: Match %v, the pattern's %v", method, target, res, wantRes)
		}
		for c := urlpattern.Protocol; c <= urlpattern.Hash; c++ {
			g, w := res.Component(c), wantRes.Component(c)
			if g.Input != w.Input || !slices.Equal(g.Groups, w.Groups) {
				t.Fatalf("%s %q: Match's %v is %q %v, the pattern's %q %v", method, target, c, g.Input, g.Groups, w.Input, w.Groups)
			}
			for _, grp := range w.Groups {
				if grp.Matched && (grp.Name[0] < '0' || grp.Name[0] > '9') {
					if v := got.PathValue(grp.Name); v != pathUnescape(grp.Value) {
						t.Fatalf("%s %q: PathValue(%q) = %q, want %q", method, target, grp.Name, v, pathUnescape(grp.Value))
					}
				}
			}
		}
		// The handler's r.URL is net/http's reading of the URL matched.
		if !strings.Contains(u.Pathname(), "%") && got.URL.Path != u.Pathname() {
			t.Fatalf("%s %q: the handler's path %q, the URL's %q", method, target, got.URL.Path, u.Pathname())
		}
	})
}

// pathValues lists the path values of groupNames a handler got.
func pathValues(r *http.Request) []string {
	var vs []string
	for _, n := range groupNames {
		vs = append(vs, r.PathValue(n))
	}
	return vs
}

// respell writes the path of an origin-form target another way with the
// same normal form: every third unreserved byte percent-encoded (in
// lower-case hex), and the hex digits of its escapes in lower case.
func respell(target string) string {
	if !strings.HasPrefix(target, "/") {
		return target
	}
	// The URL parser removes tabs and newlines first: respell the bytes it
	// reads, or "%2\ne" (an escape of '.' once the newline is gone) would
	// be respelt "%2\n%65", which is no escape at all.
	target = strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(target)
	var b strings.Builder
	for i := 0; i < len(target); i++ {
		c := target[i]
		switch {
		case c == '?' || c == '#':
			b.WriteString(target[i:])
			return b.String()
		case c == '%' && i+2 < len(target) && isHexDigit(target[i+1]) && isHexDigit(target[i+2]):
			b.WriteString(strings.ToLower(target[i : i+3]))
			i += 2
		case isUnreserved(c) && i%3 == 0:
			fmt.Fprintf(&b, "%%%02x", c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func isHexDigit(c byte) bool { return strings.IndexByte("0123456789abcdefABCDEF", c) >= 0 }

// plainNormalPath is RFC 3986's percent-encoding normal form written
// plainly, the fuzz target's reference for normalPath: each escape
// decoded, and written back as "%XX" in upper case unless it is
// unreserved.
func plainNormalPath(path string) string {
	var b strings.Builder
	for i := 0; i < len(path); i++ {
		if path[i] == '%' && i+2 < len(path) && isHexDigit(path[i+1]) && isHexDigit(path[i+2]) {
			var d byte
			fmt.Sscanf(path[i+1:i+3], "%x", &d)
			if strings.IndexByte("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~", d) >= 0 {
				b.WriteByte(d)
			} else {
				fmt.Fprintf(&b, "%%%02X", d)
			}
			i += 2
			continue
		}
		b.WriteByte(path[i])
	}
	return b.String()
}

// readFast reads the request of scheme, host and target as the mux
// does, and reports whether read read it without parsing (it sets
// ru.host only then).
func readFast(scheme, host, target string) (ru routedURL, fast bool) {
	r := &http.Request{Method: "GET", Host: host, RequestURI: target, URL: &url.URL{}}
	if scheme == "https" {
		r.TLS = &tls.ConnectionState{}
	}
	_, err := read(r, &Proxy{}, &ru, nil)
	return ru, err == nil && ru.host != ""
}

// checkFast checks that read, where it reads r's target and host without
// parsing, gives the components of the parsed URL (for a request without
// a host, the URL read with noHost, and the hostname ""); and that a
// path it calls plain is its own normal form and net/url's escaping of
// itself, which the mux then takes without a look.
func checkFast(t *testing.T, r *http.Request) {
	var ru routedURL
	if _, err := read(r, &Proxy{}, &ru, nil); err != nil || ru.host == "" {
		return
	}
	r2 := *r
	if r.Host == "" {
		r2.Host = noHost
	}
	u, err := RequestURL(&r2)
	if err != nil {
		t.Fatalf("read reads %q (Host %q) without parsing, which RequestURL refuses: %v", r.RequestURI, r.Host, err)
	}
	q, _ := u.Query()
	frag, _ := u.Fragment()
	want := urlpattern.Components{u.Scheme(), u.Username(), u.Password(), u.Hostname(), u.Port(), u.Pathname(), q, frag}
	if r.Host == "" {
		want[urlpattern.Hostname], want[urlpattern.Port] = "", ""
	}
	got := ru.v
	got[urlpattern.Pathname] = ru.path // ru.v's is in normal form
	if got != want || ru.href() != u.Href() {
		t.Fatalf("read(%q, Host %q) = %q (href %q), the parser's %q (href %q)", r.RequestURI, r.Host, got, ru.href(), want, u.Href())
	}
	if ru.plain && (strings.Contains(ru.path, "%") || (&url.URL{Path: ru.path}).EscapedPath() != ru.path) {
		t.Fatalf("read calls %q plain, which net/url escapes as %q", ru.path, (&url.URL{Path: ru.path}).EscapedPath())
	}
	if ru.unescaped && strings.Contains(strings.Join(got[:], ""), "%") {
		t.Fatalf("read calls %q unescaped", got)
	}
}

// TestReadFast: targets and hosts that the parser leaves as they are,
// which read reads without parsing, and those it changes, which read
// must leave to the parser.
func TestReadFast(t *testing.T) {
	for _, tc := range []struct {
		host, target string
		fast         bool
	}{
		{"example.com", "/a/b?c=d", true},
		{"", "/a?b", true},  // no host: the hostname "", without a look
		{noHost, "/", true}, // the stand-in host readParsed gives the parser such a request with
		{"example.com:8080", "/", true},
		{"a-c.example.", "/x", true},
		{"a_b.example", "/x", false}, // '_': the shared domain scan leaves it to the parser
		{"example.com", "/a|b%zz%2e.x/..x/.../", true},
		{"EXAMPLE.com", "/", false},    // lowercased
		{"example.com:80", "/", false}, // default port dropped
		{"example.com:080", "/", false},
		{"example.com:", "/", false},
		{"127.0.0.1", "/", true}, // IPv4 in dotted decimal: as the parser writes it
		{"127.0.0.01", "/", false},
		{"127.1", "/", false},
		{"example.com:0", "/", true},
		{"a.0x1", "/", false},
		{"xn--nxasmq6b.example", "/", true}, // Punycode: the parser keeps an ASCII label
		{"a.xn--nxasmq6b", "/", true},
		{"[::1]", "/", false},
		{"example.com", "/a/./b", false},
		{"example.com", "/a/%2E%2e", false},
		{"example.com", "/a\\b", false},
		{"example.com", "/a b", false},
		{"example.com", "/caf\u00e9", false},
		{"example.com", "/a^b", false},
		{"example.com", "/?q='", false},
		{"example.com", "/?q=a\u00e9", false},
		{"example.com", "/#", false},
		{"example.com", "*", false},
		{"example.com", "http://example.com/", false},
		// Dot segments at each offset of the words the scan reads, and
		// "%2e" across their ends; a byte to encode before the last word.
		{"example.com", "/abcdefg/.", false},
		{"example.com", "/abcdefgh/..", false},
		{"example.com", "/abcdef/%2e/x", false},
		{"example.com", "/abcdefghijklmn/%2E%2e", false},
		{"example.com", "/abcdefghijklmno/.%2e?q", false},
		{"example.com", "/abcdefghijklmnop/x/..", false},
		{"example.com", "/abcdefghijklmnop/x/...", true},
		{"example.com", "/abcdefg.h/x.html", true},
		{"example.com", "/a/b.c/%2f/x%2e", true},
		{"example.com", "/abcdefghijklmno|", true},
		{"example.com", "/abcdefghijklmno^", false},
		{"example.com", "/abcdefgh?q=1|2", true},
		{"example.com", "/abcdefgh^ijklmnopqrstuvw", false},
		{"example.com", "/abcdefghijklmno^pqrstuvwxyz0123", false},
		{"example.com", "/abcdefgh?q=1\"2", false},
		// Hosts shorter and longer than a word; numbers in a last label.
		{"a", "/", true},
		{"abcdefghijklm.example", "/", true},
		{"abcdefghijklm.exampl1", "/", true},
		{"abcdefghijklm.9", "/", false},
		{"a1.example.", "/", true},
		{"a.1b", "/", true}, // "1b" is no IPv4 number
		{"a.0x1b", "/", false},
		{"a.09", "/", false},
		{"a.b1", "/", true},
		{"taxonomy.example", "/", true},
		{"example.com:65535", "/", true},
		{"example.com:65536", "/", false},
	} {
		if _, got := readFast("http", tc.host, tc.target); got != tc.fast {
			t.Errorf("read(%q, Host %q) without parsing: %v, want %v", tc.target, tc.host, got, tc.fast)
		}
		checkFast(t, &http.Request{Method: "GET", Host: tc.host, RequestURI: tc.target, URL: &url.URL{}})
	}
}

// TestReadFastRandom holds read to the parser on random
// hosts and targets of the bytes the scans look at, of every length up to
// a few words: checkFast fails when a target it reads without parsing
// has other components than the parsed URL. Targets of only letters and
// slashes, with a lower-case host, must be read without parsing.
func TestReadFastRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(27, 3))
	targetBytes := []string{"/", "/", "a", "b", ".", "%", "2", "e", "E", "?", "|", "^", "#", "\\", " ", "\xc3\xa9", "x", "0"}
	hostBytes := []string{"a", "b", ".", "x", "n", "-", "-", "1", "0", "_", ":", "8", "A", "[", "@", "%"}
	pick := func(alphabet []string, n int) string {
		var b strings.Builder
		for range n {
			b.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		return b.String()
	}
	rounds := 20000
	if testing.Short() {
		rounds = 4000
	}
	for range rounds {
		host := pick(hostBytes, r.IntN(20))
		target := "/" + pick(targetBytes, r.IntN(26))
		checkFast(t, &http.Request{Method: "GET", Host: host, RequestURI: target, URL: &url.URL{}})

		plain := "/" + pick([]string{"a", "b", "/"}, r.IntN(26))
		if ru, ok := readFast("https", "api.example.com", plain); !ok || !ru.plain || !ru.unescaped {
			t.Fatalf("read(%q) without parsing %v, plain %v, unescaped %v: a target of letters and slashes is read, plain and unescaped", plain, ok, ru.plain, ru.unescaped)
		}
	}
}

// TestSameTarget holds sameTarget's shortcut for a plain path to the
// comparison with net/http's EscapedPath that it stands for, on the URL
// net/http reads from random targets and the pathname the mux matched.
func TestSameTarget(t *testing.T) {
	r := rand.New(rand.NewPCG(27, 4))
	alphabet := []string{"/", "a", "B", "-", "~", ".", "%41", "%2F", "%zz", "|", "!", "*", "(", ";", "=", "?", "%20", "\xc3\xa9"}
	for range 20000 {
		var b strings.Builder
		b.WriteString("/")
		for range r.IntN(12) {
			b.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		target := b.String()
		nu, err := url.ParseRequestURI(target)
		if err != nil {
			continue
		}
		req := &http.Request{Method: "GET", Host: "h", RequestURI: target, URL: nu}
		u, err := RequestURL(req)
		if err != nil {
			continue
		}
		q, hasQuery := u.Query()
		for _, path := range []string{u.Pathname(), nu.Path, target} {
			ru := routedURL{hasQuery: hasQuery, path: path}
			ru.v[urlpattern.Pathname], ru.v[urlpattern.Search] = normalPath(path), q
			want := nu.Opaque == "" && nu.Fragment == "" && nu.EscapedPath() == path && nu.RawQuery == q &&
				(nu.ForceQuery || nu.RawQuery != "") == hasQuery
			if got := ru.sameTarget(nu); got != want {
				t.Fatalf("target %q, pathname %q: sameTarget %v, EscapedPath %q gives %v", target, path, got, nu.EscapedPath(), want)
			}
		}
		// As the mux reads it: plain where read proves it.
		var ru routedURL
		if _, err := read(req, &Proxy{}, &ru, nil); err != nil {
			t.Fatalf("read(%q): %v", target, err)
		}
		want := nu.Opaque == "" && nu.Fragment == "" && nu.EscapedPath() == u.Pathname() && nu.RawQuery == q &&
			(nu.ForceQuery || nu.RawQuery != "") == hasQuery
		if got := ru.sameTarget(nu); got != want {
			t.Fatalf("target %q read by the mux (plain %v): sameTarget %v, EscapedPath %q gives %v", target, ru.plain, got, nu.EscapedPath(), want)
		}
		// read's shortcut (sameURL): never where sameTarget says no,
		// and taken for a plain path with no RawPath and no ForceQuery.
		if ru.sameURL && !want || want && ru.plain && nu.RawPath == "" && !nu.ForceQuery && !ru.sameURL {
			t.Fatalf("target %q read by the mux (plain %v): sameURL %v, sameTarget %v", target, ru.plain, ru.sameURL, want)
		}
		// On a URL that differs from net/http's reading in one field.
		for _, change := range []func(*url.URL){
			func(u *url.URL) { u.Opaque = "o" },
			func(u *url.URL) { u.Fragment = "f" },
			func(u *url.URL) { u.RawPath = "%2F" + u.Path[1:] }, // another encoding of Path
			func(u *url.URL) { u.RawPath = "" },                 // Path then escapes to EscapedPath
			func(u *url.URL) { u.ForceQuery = !u.ForceQuery },
			func(u *url.URL) { u.Path += "x" },
			func(u *url.URL) { u.Path = strings.Clone(u.Path) }, // equal, other bytes
			func(u *url.URL) { u.Path = otherLast(u.Path) },
			func(u *url.URL) { u.RawQuery += "x" },
			func(u *url.URL) { u.RawQuery = otherLast(u.RawQuery) },
		} {
			nu2 := *nu
			change(&nu2)
			req2 := *req
			req2.URL = &nu2
			var ru2 routedURL
			if _, err := read(&req2, &Proxy{}, &ru2, nil); err != nil {
				t.Fatalf("read(%q): %v", target, err)
			}
			if want := ru2.sameTarget(&nu2); ru2.sameURL && !want {
				t.Fatalf("target %q, URL %#v: sameURL, but sameTarget says no", target, nu2)
			}
		}
	}
}

// otherLast returns s with another last byte: a string of the same
// length, not equal to s; "" for "".
func otherLast(s string) string {
	if s == "" {
		return s
	}
	if s[len(s)-1] == 'q' {
		return s[:len(s)-1] + "r"
	}
	return s[:len(s)-1] + "q"
}

// TestPathUnescape: pathUnescape is url.PathUnescape, or the value as it
// is where its escapes are invalid.
func TestPathUnescape(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", ""}, {"abc", "abc"}, {"a%2Fb", "a/b"}, {"caf%C3%A9", "caf\u00e9"}, {"%zz", "%zz"}, {"a%2", "a%2"}, {"a+b", "a+b"},
	} {
		if got := pathUnescape(tc.in); got != tc.want {
			t.Errorf("pathUnescape(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
