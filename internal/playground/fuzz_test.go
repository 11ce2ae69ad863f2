package playground

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

// FuzzHandler sends what a page or anyone else could send: the fields of
// each endpoint, a raw body, and the Sec-Fetch-Site and Origin headers.
// A request the page's own origin did not make is 403 and does no work;
// every other answer is 200 or a 4xx with a JSON reason, never a panic; a
// parsed URL's components lie in its href where its getters say, a data:
// URL's body is no longer than the URL, and what net/http sends is a GET
// request line and a Host header.
func FuzzHandler(f *testing.F) {
	f.Add("https://user:pw@example.com:8080/p?q#h", "", "port", "99999", `{"url":"x"}`, "", "")
	f.Add("../a?b#c", "https://e.org/x/y", "hash", "", `{"url":1}`, "same-origin", "http://127.0.0.1:8080")
	f.Add("non-spec:/.//p", "", "pathname", "//x", `[]`, "cross-site", "https://evil.example")
	f.Add("file://localhost/C|/a", "", "host", "h:1", `{"url":"\ud800"}`, "same-site", "http://127.0.0.1:9999")
	f.Add("a:\"><img onerror=x>", "a:b", "href", "<script>", `{"url":"x"}{}`, "none", "null")
	f.Add("http://[::1", "", "protocol", "file", "", "", "http://127.0.0.1:8080/")
	f.Add("https://*.e.com/:id(\\d+)", "https://e.com", "search", "?a=1&a=2", `{"pattern":"(("}`, "", "")
	f.Add("data:image/png;base64,iVBORw0KGgo=", "", "", "", `{"url":"data:,%FF"}`, "", "")
	f.Add("http://h//a|b", "", "", "", "", "", "")
	var steps atomic.Int64
	h := Handler(Options{Step: func(context.Context, string) { steps.Add(1) }})
	f.Fuzz(func(t *testing.T, input, base, attr, value, raw, site, origin string) {
		// The oracle of the same-origin rule, written apart from the
		// handler's: the page is http://127.0.0.1:8080.
		allowed := (site == "" || site == "same-origin" || site == "none") && (origin == "" || origin == "http://127.0.0.1:8080")
		send := func(path, ctype, body string) *httptest.ResponseRecorder {
			req := httptest.NewRequest("POST", path, strings.NewReader(body))
			req.Host = "127.0.0.1:8080"
			req.Header.Set("Content-Type", ctype)
			if site != "" {
				req.Header["Sec-Fetch-Site"] = []string{site}
			}
			if origin != "" {
				req.Header["Origin"] = []string{origin}
			}
			w := httptest.NewRecorder()
			before := steps.Load()
			h.ServeHTTP(w, req)
			if !allowed && (w.Code != http.StatusForbidden || steps.Load() != before) {
				t.Fatalf("Sec-Fetch-Site %q, Origin %q: %d after %d steps, want 403 and none", site, origin, w.Code, steps.Load()-before)
			}
			if allowed && w.Code == http.StatusForbidden {
				t.Fatalf("Sec-Fetch-Site %q, Origin %q: refused: %s", site, origin, w.Body)
			}
			return w
		}
		parsed := send("/api/parse", "application/json", mustMarshal(t, request{URL: input, Base: base}))
		send("/api/set", "application/json", mustMarshal(t, request{URL: input, Base: base, Attr: attr, Value: value}))
		send("/api/pattern", "application/json", mustMarshal(t, request{Pattern: value, URL: input, Base: base}))
		send("/api/parse", "application/json", raw)
		if !allowed {
			return
		}
		var a ParseAnswer
		if parsed.Code != http.StatusOK || json.Unmarshal(parsed.Body.Bytes(), &a) != nil {
			t.Fatalf("parse %q %q: %d %q", input, base, parsed.Code, parsed.Body)
		}
		if a.Attributes != nil {
			checkComponents(t, &a)
			checkData(t, &a)
		}
		checkWire(t, &a)
		for _, e := range a.ValidationErrors {
			if e.Start < 0 || e.End < e.Start || e.End > utf16Len(a.Input) {
				t.Errorf("%q: error %+v outside the input", input, e)
			}
		}
		checkAnswer(t, post(t, h, "/api/set", request{URL: input, Base: base, Attr: attr, Value: value}))
		checkAnswer(t, post(t, h, "/api/pattern", request{Pattern: value, URL: input, Base: base}))
		checkAnswer(t, do(t, h, "POST", "/api/parse", "application/json", raw))
	})
}

func mustMarshal(t *testing.T, v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// checkData: a data: URL has a view, and its body is no longer than the
// href; what the page shows of it is within MaxDataShown.
func checkData(t *testing.T, a *ParseAnswer) {
	t.Helper()
	isData := a.Attributes.Protocol == "data:"
	if d := a.Data; (d != nil) != isData {
		t.Fatalf("%q: data view %+v for protocol %q", a.Input, d, a.Attributes.Protocol)
	} else if d != nil && d.Error == "" {
		if d.Length > len(a.Attributes.Href) || d.Shown > min(d.Length, MaxDataShown) || (d.Text == nil && d.Hex == "" && d.Shown > 0) {
			t.Errorf("%q: body of %d bytes, %d shown, text %v, %d bytes of hex", a.Input, d.Length, d.Shown, d.Text != nil, len(d.Hex))
		}
	}
}

// checkWire: net/http's request head, where it sends one, starts with a
// GET request line and the Host header; weburl's side is there exactly
// when weburl parsed the input.
func checkWire(t *testing.T, a *ParseAnswer) {
	t.Helper()
	if a.Wire == nil {
		if !a.BaseFailure {
			t.Fatalf("%q: no wire", a.Input)
		}
		return
	}
	if (a.Wire.Weburl != nil) != (a.Attributes != nil) || (a.Wire.NetURL != nil) != (a.NetURL.Error == "") {
		t.Fatalf("%q: wire %+v for weburl %v, net/url %q", a.Input, a.Wire, a.Attributes != nil, a.NetURL.Error)
	}
	for _, side := range []*WireSide{a.Wire.Weburl, a.Wire.NetURL} {
		if side == nil || side.Refused != "" {
			continue
		}
		if len(side.Lines) < 2 || !strings.HasPrefix(side.Lines[0], "GET ") || !strings.HasSuffix(side.Lines[0], " HTTP/1.1") ||
			!strings.HasPrefix(side.Lines[1], "Host: ") {
			t.Errorf("%q: request head %q", a.Input, side.Lines)
		}
	}
	if w := a.Wire.Weburl; w != nil && w.Refused == "" && a.Attributes.Protocol != "http:" && a.Attributes.Protocol != "https:" {
		t.Errorf("%q: net/http sends %q for a %s URL", a.Input, w.Lines, a.Attributes.Protocol)
	}
}

// checkAnswer: 200 or 400 (a request the endpoint cannot answer), as JSON.
func checkAnswer(t *testing.T, w interface {
	Result() *http.Response
}) {
	t.Helper()
	r := w.Result()
	var v map[string]any
	if err := json.NewDecoder(r.Body).Decode(&v); err != nil {
		t.Fatalf("status %d, not a JSON object: %v", r.StatusCode, err)
	}
	if r.StatusCode != http.StatusOK && (r.StatusCode != http.StatusBadRequest || v["error"] == "") {
		t.Fatalf("status %d: %v", r.StatusCode, v)
	}
}

// checkComponents: each component is where the getter says, in order.
func checkComponents(t *testing.T, a *ParseAnswer) {
	t.Helper()
	at := a.Attributes
	if len(a.Components) == 0 {
		t.Fatalf("%q: no components for %q", a.Input, at.Href)
	}
	want := map[string]string{"protocol": at.Protocol, "username": at.Username, "password": at.Password,
		"hostname": at.Hostname, "port": at.Port, "pathname": at.Pathname}
	end := 0
	for _, c := range a.Components {
		if c.Start < end || c.End < c.Start || c.End > len(at.Href) {
			t.Fatalf("%q: component %+v out of place in %q", a.Input, c, at.Href)
		}
		end = c.End
		text := at.Href[c.Start:c.End]
		switch c.Name {
		case "search", "hash":
			// The getters give "" for an empty query or fragment ("a?").
			prefix := map[string]string{"search": "?", "hash": "#"}[c.Name]
			got := map[string]string{"search": at.Search, "hash": at.Hash}[c.Name]
			if text != got && !(got == "" && text == prefix) {
				t.Errorf("%q: %s is %q in the href, %q by its getter", a.Input, c.Name, text, got)
			}
		default:
			if text != want[c.Name] {
				t.Errorf("%q: %s is %q in the href, %q by its getter", a.Input, c.Name, text, want[c.Name])
			}
		}
	}
	if !strings.HasSuffix(at.Href, at.Hash) || end != len(at.Href) {
		t.Errorf("%q: components end at %d of %q", a.Input, end, at.Href)
	}
}
