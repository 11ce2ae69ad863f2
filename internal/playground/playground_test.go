package playground

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
)

// do sends one request to the handler, as the loopback server receives it.
func do(t testing.TB, h http.Handler, method, target, ctype, body string) *httptest.ResponseRecorder {
	t.Helper()
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req := httptest.NewRequest(method, target, r)
	req.Host = "127.0.0.1:8080"
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w
}

// post sends body as JSON, as the page's JSON.stringify writes it (no
// escapes of '<', '>' and '&').
func post(t testing.TB, h http.Handler, path string, body any) *httptest.ResponseRecorder {
	t.Helper()
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(body); err != nil {
		t.Fatal(err)
	}
	return do(t, h, "POST", path, "application/json", b.String())
}

func decode[T any](t *testing.T, w *httptest.ResponseRecorder) T {
	t.Helper()
	var v T
	if w.Code != http.StatusOK {
		t.Fatalf("status %d: %s", w.Code, w.Body)
	}
	if err := json.Unmarshal(w.Body.Bytes(), &v); err != nil {
		t.Fatalf("answer %q: %v", w.Body, err)
	}
	return v
}

func TestStaticFiles(t *testing.T) {
	h := Handler(Options{})
	for path, ctype := range map[string]string{
		"/":          "text/html; charset=utf-8",
		"/app.js":    "text/javascript; charset=utf-8",
		"/style.css": "text/css; charset=utf-8",
	} {
		w := do(t, h, "GET", path, "", "")
		if w.Code != 200 || w.Header().Get("Content-Type") != ctype || w.Body.Len() == 0 {
			t.Errorf("GET %s: %d %q, %d bytes", path, w.Code, w.Header().Get("Content-Type"), w.Body.Len())
		}
		// Scripts only the page's own; images only its own and the blob:
		// URLs its script makes (a data: URL's preview), never data: or
		// other sites.
		if csp := w.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self';") ||
			!strings.Contains(csp, "img-src 'self' blob:;") || !strings.Contains(csp, "connect-src 'self';") {
			t.Errorf("GET %s: Content-Security-Policy %q", path, csp)
		}
		if w.Header().Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("GET %s: no nosniff", path)
		}
	}
	// The page loads nothing from elsewhere: no absolute URL in src or
	// href attributes but links to read, and no inline script or style.
	w := do(t, h, "GET", "/", "", "")
	page := w.Body.String()
	for _, bad := range []string{"src=\"http", "<style", "style=", "<script>", "onclick", "onload", "stylesheet\" href=\"http"} {
		if strings.Contains(page, bad) {
			t.Errorf("index.html holds %q", bad)
		}
	}
}

// TestHostileRequests: the handler answers only what the page needs, with
// a JSON reason for everything else.
func TestHostileRequests(t *testing.T) {
	h := Handler(Options{})
	long := `{"url":"` + strings.Repeat("a", MaxBody) + `"}`
	tests := []struct {
		name, method, target, ctype, body, host string
		status                                  int
	}{
		{"unknown path", "GET", "/etc/passwd", "", "", "", 404},
		{"dot segments", "GET", "/api/../app.js", "", "", "", 307}, // ServeMux cleans the path by redirecting
		{"other file", "GET", "/page/index.html", "", "", "", 404},
		{"PUT", "PUT", "/api/parse", "application/json", `{}`, "", 405},
		{"DELETE page", "DELETE", "/", "", "", "", 405},
		{"no content type", "POST", "/api/parse", "", `{"url":"x"}`, "", 415},
		{"form body", "POST", "/api/parse", "application/x-www-form-urlencoded", `url=x`, "", 415},
		{"not JSON", "POST", "/api/parse", "application/json", `url=x`, "", 400},
		{"JSON array", "POST", "/api/parse", "application/json", `["x"]`, "", 400},
		{"unknown field", "POST", "/api/parse", "application/json", `{"url":"x","eval":"1"}`, "", 400},
		{"two values", "POST", "/api/parse", "application/json", `{"url":"x"}{"url":"y"}`, "", 400},
		{"number for a string", "POST", "/api/parse", "application/json", `{"url":1}`, "", 400},
		{"oversized", "POST", "/api/parse", "application/json", long, "", 413},
		{"empty body", "POST", "/api/parse", "application/json", ``, "", 400},
		{"unknown attribute", "POST", "/api/set", "application/json", `{"url":"http://x/","attr":"__proto__"}`, "", 400},
		{"setter on a failure", "POST", "/api/set", "application/json", `{"url":"http://[","attr":"href"}`, "", 400},
		{"setter with a bad base", "POST", "/api/set", "application/json", `{"url":"x","base":"y","attr":"href"}`, "", 400},
		{"rebinding", "POST", "/api/parse", "application/json", `{"url":"x"}`, "attacker.example", 421},
		{"rebinding to the page", "GET", "/", "", "", "attacker.example:8080", 421},
		{"localhost", "POST", "/api/parse", "application/json", `{"url":"x"}`, "localhost:8080", 200},
		{"IPv6 loopback", "POST", "/api/parse", "application/json", `{"url":"x"}`, "[::1]:8080", 200},
		{"GET", "GET", "/api/parse?url=x", "", "", "", 405},
		{"GET with a body", "GET", "/api/pattern", "application/json", `{"pattern":"*"}`, "", 405},
		{"HEAD", "HEAD", "/api/parse?url=x", "", "", "", 405},
		{"OPTIONS", "OPTIONS", "/api/parse", "", "", "", 405},
		{"text/plain (a form or no-cors fetch)", "POST", "/api/parse", "text/plain", `{"url":"x"}`, "", 415},
		{"multipart", "POST", "/api/parse", "multipart/form-data; boundary=x", "--x--", "", 415},
		{"invalid UTF-8", "POST", "/api/parse", "application/json", "{\"url\":\"http://\xFF\xFE/\xC0\"}", "", 200},
		{"NUL and controls", "POST", "/api/parse", "application/json", `{"url":"\u0000http://a\u0000b/\u001f","base":"\u0000"}`, "", 200},
		{"lone surrogate", "POST", "/api/parse", "application/json", `{"url":"http://a/\ud800"}`, "", 200},
		{"markup", "POST", "/api/parse", "application/json", `{"url":"a:\"><img src=x onerror=alert(1)>"}`, "", 200},
		{"long host", "POST", "/api/parse", "application/json", `{"url":"http://` + strings.Repeat("a.", 30000) + `/"}`, "", 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var r io.Reader
			if tt.body != "" {
				r = strings.NewReader(tt.body)
			}
			req := httptest.NewRequest(tt.method, tt.target, r)
			req.Host = "127.0.0.1:8080"
			if tt.host != "" {
				req.Host = tt.host
			}
			if tt.ctype != "" {
				req.Header.Set("Content-Type", tt.ctype)
			}
			w := httptest.NewRecorder()
			h.ServeHTTP(w, req)
			if w.Code != tt.status {
				t.Fatalf("status %d, want %d: %s", w.Code, tt.status, w.Body)
			}
			if tt.status == 405 && w.Header().Get("Allow") == "" {
				t.Errorf("405 without Allow")
			}
			if strings.HasPrefix(tt.target, "/api/") && tt.status != 421 && tt.status != 307 && tt.method != "HEAD" {
				if ct := w.Header().Get("Content-Type"); ct != "application/json; charset=utf-8" {
					t.Errorf("Content-Type %q", ct)
				}
				var v map[string]any
				if err := json.Unmarshal(w.Body.Bytes(), &v); err != nil {
					t.Errorf("answer is not a JSON object: %q", w.Body)
				}
				if tt.status != 200 && v["error"] == "" {
					t.Errorf("no reason in %q", w.Body)
				}
			}
			if strings.Contains(w.Body.String(), "<img") {
				t.Errorf("the answer holds markup unescaped: %q", w.Body)
			}
		})
	}
}

// A public suffix from the list's private section is shown too: the
// bool of weburl.PublicSuffix says ICANN, not whether there is one.
func TestParseAnswerPrivateSuffix(t *testing.T) {
	h := Handler(Options{})
	a := decode[ParseAnswer](t, post(t, h, "/api/parse", request{URL: "https://whatwg.github.io/"}))
	if a.PublicSuffix == nil || *a.PublicSuffix != "github.io" || a.RegistrableDomain == nil || *a.RegistrableDomain != "whatwg.github.io" {
		t.Errorf("public suffix %v, registrable domain %v; want github.io, whatwg.github.io", a.PublicSuffix, a.RegistrableDomain)
	}
}

func TestParseAnswer(t *testing.T) {
	h := Handler(Options{})
	a := decode[ParseAnswer](t, post(t, h, "/api/parse", request{URL: "https://user:pw@www.example.co.uk:8080/a/./b/../c?q=1&r=+#top"}))
	// The serializer's output, by the spec's steps.
	want := Attributes{Href: "https://user:pw@www.example.co.uk:8080/a/c?q=1&r=+#top", Origin: "https://www.example.co.uk:8080",
		Protocol: "https:", Username: "user", Password: "pw", Host: "www.example.co.uk:8080", Hostname: "www.example.co.uk",
		Port: "8080", Pathname: "/a/c", Search: "?q=1&r=+", Hash: "#top"}
	if a.Attributes == nil || *a.Attributes != want {
		t.Fatalf("attributes %+v, want %+v", a.Attributes, want)
	}
	comps := []Component{{"protocol", 0, 6}, {"username", 8, 12}, {"password", 13, 15}, {"hostname", 16, 33},
		{"port", 34, 38}, {"pathname", 38, 42}, {"search", 42, 50}, {"hash", 50, 54}}
	if !reflect.DeepEqual(a.Components, comps) {
		t.Errorf("components %v, want %v", a.Components, comps)
	}
	if !reflect.DeepEqual(a.SearchParams, [][2]string{{"q", "1"}, {"r", " "}}) {
		t.Errorf("search params %q", a.SearchParams)
	}
	if a.Valid || len(a.ValidationErrors) != 1 || a.ValidationErrors[0].Name != "invalid-credentials" {
		t.Errorf("valid %v, errors %v; want invalid, invalid-credentials", a.Valid, a.ValidationErrors)
	}
	if a.PublicSuffix == nil || *a.PublicSuffix != "co.uk" || a.RegistrableDomain == nil || *a.RegistrableDomain != "example.co.uk" {
		t.Errorf("public suffix %v, registrable domain %v", a.PublicSuffix, a.RegistrableDomain)
	}
	// canon.Crawler drops the credentials, www., the fragment and sorts
	// the query, each pair keeping its bytes (package canon's documented
	// profile).
	if a.CrawlerKey != "https://example.co.uk:8080/a/c?q=1&r=+" || a.HostKind != "domain" || a.OpaqueOrigin {
		t.Errorf("crawler key %q, host kind %q, opaque origin %v", a.CrawlerKey, a.HostKind, a.OpaqueOrigin)
	}
}

// TestValidationOffsets: the page indexes the input in UTF-16 code units;
// the answer gives both the byte offset and that range.
func TestValidationOffsets(t *testing.T) {
	h := Handler(Options{})
	tests := []struct {
		input string
		want  []ValidationError
	}{
		// "é" is 2 bytes, 1 unit; "🙂" 4 bytes, 2 units. The space is
		// invalid-URL-unit (path state).
		{"https://e.com/é b", []ValidationError{{"invalid-URL-unit", 16, 15, 16}}},
		{"https://e.com/🙂 b", []ValidationError{{"invalid-URL-unit", 18, 16, 17}}},
		// At the end of the input the range is empty: "http://[::1" has
		// its IPv6-unclosed at the host's start.
		{"http://[::1", []ValidationError{{"IPv6-unclosed", 7, 7, 8}}},
	}
	for _, tt := range tests {
		a := decode[ParseAnswer](t, post(t, h, "/api/parse", request{URL: tt.input}))
		if !reflect.DeepEqual(a.ValidationErrors, tt.want) {
			t.Errorf("%q: %v, want %v", tt.input, a.ValidationErrors, tt.want)
		}
	}
	// "https://x/%" ends in a "%" without two hex digits
	// (invalid-URL-unit at the "%"), "http://" in a missing host
	// (host-missing at the end: an empty range).
	for input, want := range map[string]ValidationError{
		"https://x/%": {"invalid-URL-unit", 10, 10, 11},
		"http://":     {"host-missing", 7, 7, 7},
	} {
		a := decode[ParseAnswer](t, post(t, h, "/api/parse", request{URL: input}))
		if len(a.ValidationErrors) == 0 || a.ValidationErrors[len(a.ValidationErrors)-1] != want {
			t.Errorf("%q: %v, want %v last", input, a.ValidationErrors, want)
		}
	}
}

// utf16Len is the length of s in UTF-16 code units, as JavaScript's
// length of the string a browser makes of s: a byte that is not UTF-8
// counts as one (U+FFFD).
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n++
		if r > 0xFFFF {
			n++
		}
	}
	return n
}

// TestUTF16Prefix: the table gives utf16Len of every prefix.
func TestUTF16Prefix(t *testing.T) {
	for _, s := range []string{"", "abc", "é🙂a", "\xff\xfe", "a\xe2\x82", "\xef\xbf\xbd🙂\xc0", "\xf0\x9f\x99"} {
		units := utf16Prefix(s)
		for i := 0; i <= len(s); i++ {
			if int(units[i]) != utf16Len(s[:i]) {
				t.Errorf("%q[:%d]: %d units, want %d", s, i, units[i], utf16Len(s[:i]))
			}
		}
	}
}

// TestValidationCap: an answer lists the first MaxValidationErrors errors
// and counts them all. Each space in a path is invalid-URL-unit (path
// state).
func TestValidationCap(t *testing.T) {
	h := Handler(Options{})
	input := "https://h/" + strings.Repeat(" a", 1500)
	a := decode[ParseAnswer](t, post(t, h, "/api/parse", request{URL: input}))
	if len(a.ValidationErrors) != MaxValidationErrors || a.ValidationCount != 1500 {
		t.Fatalf("%d errors listed of %d, want %d of 1500", len(a.ValidationErrors), a.ValidationCount, MaxValidationErrors)
	}
	if last := a.ValidationErrors[MaxValidationErrors-1]; last.Name != "invalid-URL-unit" || last.Offset != 10+2*(MaxValidationErrors-1) {
		t.Errorf("the last listed: %+v", last)
	}
	s := decode[SetAnswer](t, post(t, h, "/api/set", request{URL: "https://h/", Attr: "pathname", Value: strings.Repeat(" ", 1200)}))
	if len(s.ValidationErrors) != MaxValidationErrors || s.ValidationCount != 1200 {
		t.Errorf("setter: %d errors listed of %d", len(s.ValidationErrors), s.ValidationCount)
	}
}

func TestParseFailures(t *testing.T) {
	h := Handler(Options{})
	a := decode[ParseAnswer](t, post(t, h, "/api/parse", request{URL: "http://[::1"}))
	if a.Attributes != nil || a.Failure != "IPv6-unclosed" || !strings.Contains(a.Error, "IPv6-unclosed") || a.BaseFailure {
		t.Errorf("%+v", a)
	}
	a = decode[ParseAnswer](t, post(t, h, "/api/parse", request{URL: "x", Base: "not a URL"}))
	if a.Attributes != nil || !a.BaseFailure || a.Failure != "missing-scheme-non-relative-URL" {
		t.Errorf("a base that fails: %+v", a)
	}
	// Relative to a base, as curl would send it: no Origin, no
	// Sec-Fetch-Site.
	a = decode[ParseAnswer](t, do(t, h, "POST", "/api/parse", "application/json", `{"url":"../c","base":"https://e.org/a/b"}`))
	if a.Attributes == nil || a.Attributes.Href != "https://e.org/c" {
		t.Errorf("with a base: %+v", a.Attributes)
	}
}

func TestSet(t *testing.T) {
	h := Handler(Options{})
	// WPT setters_tests.json: port 65536 is not applied; 8080stuff2 sets 8080.
	a := decode[SetAnswer](t, post(t, h, "/api/set", request{URL: "http://example.net:8080/path", Attr: "port", Value: "65536"}))
	if a.Before != "http://example.net:8080/path" || a.Href != a.Before || a.Failure != "port-out-of-range" || a.Error == "" {
		t.Errorf("port 65536: %+v", a)
	}
	a = decode[SetAnswer](t, post(t, h, "/api/set", request{URL: "http://example.net/path", Attr: "port", Value: "8080stuff2"}))
	if a.Href != "http://example.net:8080/path" || a.Error != "" {
		t.Errorf("port 8080stuff2: %+v", a)
	}
	a = decode[SetAnswer](t, post(t, h, "/api/set", request{URL: "../x", Base: "https://e.org/a/b", Attr: "hash", Value: "a b"}))
	if a.Before != "https://e.org/x" || a.Href != "https://e.org/x#a%20b" || len(a.ValidationErrors) != 1 || a.ValidationErrors[0].Offset != 1 {
		t.Errorf("hash against a base: %+v", a)
	}
}

func TestPattern(t *testing.T) {
	h := Handler(Options{})
	// The URL Pattern Standard: ":id" is a named group of the segment,
	// "*" in the hostname the unnamed group 0; an optional group that took
	// no part is undefined (Matched false).
	a := decode[PatternAnswer](t, post(t, h, "/api/pattern", request{
		Pattern: "https://*.example.com/books/:id{/:rest}?", URL: "https://shop.example.com/books/42"}))
	if !a.Match || a.Error != "" {
		t.Fatalf("%+v", a)
	}
	if g := a.Result["hostname"].Groups; !reflect.DeepEqual(g, []Group{{"0", "shop", true}}) {
		t.Errorf("hostname groups %+v", g)
	}
	if g := a.Result["pathname"].Groups; !reflect.DeepEqual(g, []Group{{"id", "42", true}, {"rest", "", false}}) {
		t.Errorf("pathname groups %+v", g)
	}
	if in := a.Result["pathname"].Input; in != "/books/42" {
		t.Errorf("pathname input %q", in)
	}
	a = decode[PatternAnswer](t, post(t, h, "/api/pattern", request{Pattern: "/b/:x", URL: "https://e.com/b/1"}))
	if a.Error == "" || a.Match {
		t.Errorf("a relative pattern without a base: %+v, want the constructor's error", a)
	}
	a = decode[PatternAnswer](t, post(t, h, "/api/pattern", request{Pattern: "https://e.com/b/:x", URL: "../2", Base: "https://e.com/b/c/d"}))
	if !a.Match || a.Result["pathname"].Groups[0].Value != "2" {
		t.Errorf("exec against a base: %+v", a)
	}
	a = decode[PatternAnswer](t, post(t, h, "/api/pattern", request{Pattern: "https://e.com/b/:x", URL: "https://e.com/c"}))
	if a.Match || a.Result != nil || a.Error != "" {
		t.Errorf("no match: %+v", a)
	}
}
