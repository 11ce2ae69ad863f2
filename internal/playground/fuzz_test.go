package playground

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// FuzzHandler sends what a page or anyone else could send: the fields of
// each endpoint, and a raw body. Every answer is 200 or a 4xx with a JSON
// reason, never a panic; a parsed URL's components lie in its href where
// its getters say.
func FuzzHandler(f *testing.F) {
	f.Add("https://user:pw@example.com:8080/p?q#h", "", "port", "99999", `{"url":"x"}`)
	f.Add("../a?b#c", "https://e.org/x/y", "hash", "", `{"url":1}`)
	f.Add("non-spec:/.//p", "", "pathname", "//x", `[]`)
	f.Add("file://localhost/C|/a", "", "host", "h:1", `{"url":"\ud800"}`)
	f.Add("a:\"><img onerror=x>", "a:b", "href", "<script>", `{"url":"x"}{}`)
	f.Add("http://[::1", "", "protocol", "file", "")
	f.Add("https://*.e.com/:id(\\d+)", "https://e.com", "search", "?a=1&a=2", `{"pattern":"(("}`)
	h := Handler(Options{})
	f.Fuzz(func(t *testing.T, input, base, attr, value, raw string) {
		w := post(t, h, "/api/parse", request{URL: input, Base: base})
		var a ParseAnswer
		if w.Code != http.StatusOK || json.Unmarshal(w.Body.Bytes(), &a) != nil {
			t.Fatalf("parse %q %q: %d %q", input, base, w.Code, w.Body)
		}
		if a.Attributes != nil {
			checkComponents(t, &a)
		}
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
