package browsertest

import (
	"bytes"
	"image/png"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestWPTAttributes loads WPT cases into the page: weburl's column must be
// WPT's answer, the browser's column the browser's own new URL() (read
// apart from the page), and exactly the attributes where the two differ
// flagged. Chromium departs from WPT on some cases; the first of those
// must show flags and the note.
func TestWPTAttributes(t *testing.T) {
	s := start(t)
	ctx := s.tab(t)
	s.open(t, ctx, fragment("url", "https://example.com/"))
	cases := wptCases(t)
	departs := browserDepartures(t, ctx, cases)
	if len(departs) == 0 {
		t.Fatal("the browser agrees with every WPT case: no case to show a flagged difference with")
	}

	picked := []wptCase{}
	for _, c := range cases {
		// Cases the browser agrees with: one with credentials and a base,
		// one failure, one file URL.
		switch {
		case c.Input == "http://user:pass@foo:21/bar;par?b#c",
			c.Input == "http://[::1" && !c.HasBase,
			c.Input == "http://f:b/c",
			c.Input == "file:///w|m":
			picked = append(picked, c)
		}
	}
	picked = append(picked, departs[:min(4, len(departs))]...)
	for _, c := range departs {
		if c.Input == "file://localhost/test" {
			picked = append(picked, c) // the example, when this browser departs on it
		}
	}
	for _, c := range picked {
		t.Run(c.Input, func(t *testing.T) {
			ctx := s.tab(t)
			frag := fragment("url", c.Input)
			if c.HasBase {
				frag = fragment("url", c.Input, "base", c.Base)
			}
			s.open(t, ctx, frag)
			v := s.view(t, ctx)
			base := ""
			if c.HasBase {
				base = c.Base
			}
			b, parsed := browserURL(t, ctx, c.Input, base)
			var wantMismatch []string
			if c.Failure {
				if v.Weburl["failure"] == "" || !v.WeburlNone["href"] {
					t.Errorf("WPT says failure; weburl's column: failure %q, href %q", v.Weburl["failure"], v.Weburl["href"])
				}
				if parsed {
					wantMismatch = append(wantMismatch, "failure")
				}
			} else if v.WeburlNone["href"] {
				t.Errorf("weburl's column shows a failure %q; WPT says %q", v.Weburl["failure"], c.Want["href"])
			}
			if !parsed && v.Browser["failure"] == "" {
				t.Errorf("the browser's new URL() throws; the page shows no failure")
			}
			if !parsed && !c.Failure {
				wantMismatch = append(wantMismatch, "failure")
			}
			for _, a := range attrs {
				want, ok := c.Want[a]
				if ok && v.Weburl[a] != want {
					t.Errorf("data-weburl=%s: %q, WPT says %q", a, v.Weburl[a], want)
				}
				if parsed && (v.Browser[a] != b[a] || v.BrowserNone[a]) {
					t.Errorf("data-browser=%s: %q, the browser's new URL() says %q", a, v.Browser[a], b[a])
				}
				// weburl's value is WPT's (checked above) where WPT has one;
				// the flag must be where the browser's differs from it.
				wv, wnull := v.Weburl[a], v.WeburlNone[a]
				if wnull != !parsed || (parsed && !wnull && wv != b[a]) {
					wantMismatch = append(wantMismatch, a)
				}
			}
			slices.Sort(wantMismatch)
			got := slices.Sorted(slices.Values(v.Mismatch))
			got = slices.DeleteFunc(got, func(m string) bool { return m == "searchParams" })
			if !slices.Equal(got, wantMismatch) {
				t.Errorf("data-mismatch %q, want %q (browser: %v)", got, wantMismatch, b)
			}
			if v.NoteShown != (len(wantMismatch) > 0) {
				t.Errorf("the note that the browser departs from the standard is shown=%v with mismatches %q", v.NoteShown, wantMismatch)
			}
		})
	}
}

// TestValidation: the errors by the spec's name, their place marked in the
// input, the valid-URL-string verdict, and a failure on both sides.
func TestValidation(t *testing.T) {
	s := start(t)
	tests := []struct {
		input  string
		errors []string // name=text of each data-error
		marks  []string
		valid  string
	}{
		// path state: a space is not a URL code point (invalid-URL-unit).
		{"https://example.com/a b", []string{"invalid-URL-unit=invalid-URL-unit"}, []string{" "}, "false"},
		// authority state: "@" (invalid-credentials); credentials are never valid.
		{"https://user@example.com/", []string{"invalid-credentials=invalid-credentials"}, []string{"@"}, "false"},
		{"https://example.com/", nil, nil, "true"},
		// host parser: "[" without "]" (IPv6-unclosed); the parse fails.
		{"http://[::1", []string{"IPv6-unclosed=IPv6-unclosed"}, []string{"["}, "false"},
	}
	for _, tt := range tests {
		t.Run(tt.input, func(t *testing.T) {
			ctx := s.tab(t)
			s.open(t, ctx, fragment("url", tt.input))
			v := s.view(t, ctx)
			if !slices.Equal(v.Errors, tt.errors) {
				t.Errorf("data-error: %q, want %q", v.Errors, tt.errors)
			}
			if !slices.Equal(v.Marks, tt.marks) {
				t.Errorf("marks in the input: %q, want %q", v.Marks, tt.marks)
			}
			if v.Weburl["valid"] != tt.valid {
				t.Errorf("valid URL string: %q, want %q", v.Weburl["valid"], tt.valid)
			}
		})
	}

	t.Run("failure", func(t *testing.T) {
		ctx := s.tab(t)
		s.open(t, ctx, fragment("url", "http://[::1"))
		v := s.view(t, ctx)
		if v.Weburl["failure"] != "IPv6-unclosed" || v.Browser["failure"] == "" {
			t.Errorf("failures: weburl %q, browser %q; want IPv6-unclosed and the browser's message", v.Weburl["failure"], v.Browser["failure"])
		}
		if len(v.Mismatch) != 0 || v.NoteShown {
			t.Errorf("both fail, yet data-mismatch %q (note shown %v)", v.Mismatch, v.NoteShown)
		}
	})

	t.Run("keyboard", func(t *testing.T) {
		// Enter on an error's button selects its code point in the URL field.
		ctx := s.tab(t)
		s.open(t, ctx, fragment("url", "https://example.com/a b"))
		if err := chromedp.Do(ctx, chromedp.Focus("#errors button"), chromedp.KeyEvent(kb.Enter)); err != nil {
			t.Fatal(err)
		}
		sel, err := chromedp.Run(ctx, chromedp.Evaluate[[]any](
			`[document.activeElement.id, document.activeElement.selectionStart, document.activeElement.selectionEnd]`))
		if err != nil {
			t.Fatal(err)
		}
		if len(sel) != 3 || sel[0] != "url" || sel[1] != float64(21) || sel[2] != float64(22) {
			t.Errorf("after Enter on the error: focus and selection %v, want [url 21 22]", sel)
		}
		unlabelled, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](
			`[...document.querySelectorAll('input, select, textarea')].filter((e) => e.labels.length === 0).map((e) => e.id)`))
		if err != nil {
			t.Fatal(err)
		}
		if len(unlabelled) > 0 {
			t.Errorf("fields without a label: %q", unlabelled)
		}
	})
}

// TestValidationCap: an input of 1,500 errors lists the first 1,000,
// marked in the input, and says how many more there are.
func TestValidationCap(t *testing.T) {
	s := start(t)
	ctx := s.tab(t)
	s.open(t, ctx, fragment("url", "https://h/"+strings.Repeat(" a", 1500)))
	v := s.view(t, ctx)
	if len(v.Errors) != 1000 || len(v.Marks) != 1000 || v.Weburl["more-errors"] != "500" {
		t.Errorf("%d errors listed, %d marks, %q more; want 1000, 1000, 500", len(v.Errors), len(v.Marks), v.Weburl["more-errors"])
	}
}

// TestComponents: the diagram's pieces are the href's components as the
// URL serializer writes them, and the search params are the query's pairs.
func TestComponents(t *testing.T) {
	s := start(t)
	tests := []struct {
		input string
		want  map[string]string
	}{
		{"https://user:pw@example.com:8080/p/a?q=1&r=%20+x#h", map[string]string{
			"protocol": "https:", "username": "user", "password": "pw", "hostname": "example.com",
			"port": "8080", "pathname": "/p/a", "search": "?q=1&r=%20+x", "hash": "#h"}},
		// A path that starts with "//" and no host: the serializer writes
		// "/." before it (WPT: non-spec:/.//p), which is not the path's.
		{"non-spec:/.//p", map[string]string{"protocol": "non-spec:", "pathname": "//p"}},
		{"mailto:a@b?subject=x", map[string]string{"protocol": "mailto:", "pathname": "a@b", "search": "?subject=x"}},
	}
	for _, tt := range tests {
		t.Run(tt.input, func(t *testing.T) {
			ctx := s.tab(t)
			s.open(t, ctx, fragment("url", tt.input))
			v := s.view(t, ctx)
			if !mapsEqual(v.Components, tt.want) {
				t.Errorf("components %q, want %q", v.Components, tt.want)
			}
		})
	}
	t.Run("search params", func(t *testing.T) {
		ctx := s.tab(t)
		s.open(t, ctx, fragment("url", "https://example.com/?q=1&r=%20+x&q=%F0%9F%99%82&empty"))
		pairs, err := chromedp.Run(ctx, chromedp.Evaluate[[][]string](`[...document.querySelectorAll('#params tbody tr')].map((r) =>
		  [...r.querySelectorAll('[data-weburl]')].map((c) => c.textContent))`))
		if err != nil {
			t.Fatal(err)
		}
		// application/x-www-form-urlencoded parsing: '+' is a space, %XX a byte.
		want := [][]string{{"q", "1"}, {"r", "  x"}, {"q", "🙂"}, {"empty", ""}}
		if !slices.EqualFunc(pairs, want, slices.Equal) {
			t.Errorf("search params %q, want %q", pairs, want)
		}
	})
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// TestSite: origin, public suffix, registrable domain, Display(), the
// crawler key and the SURT, with expected values from the Public Suffix
// List, the URL Standard's rendering and the documented examples of
// package canon (README).
func TestSite(t *testing.T) {
	s := start(t)
	tests := []struct {
		input string
		want  map[string]string
		none  []string
	}{
		{"https://www.example.com/%7Ea/?b=2&utm_source=x&a=1#top", map[string]string{
			"host-kind": "domain", "origin-kind": "tuple", "public-suffix": "com",
			"registrable-domain": "example.com", "crawler-key": "https://example.com/~a/?a=1&b=2",
		}, nil},
		{"http://www.Example.com/a?b=2&a=1", map[string]string{"surt": "com,example)/a?a=1&b=2"}, nil},
		{"https://a.b.example.co.uk/", map[string]string{"public-suffix": "co.uk", "registrable-domain": "example.co.uk"}, nil},
		// URL rendering: UTF-8 of a letter is shown decoded; a Cyrillic "а"
		// among Latin letters keeps the host in Punycode.
		{"https://example.com/%E6%97%A5", map[string]string{"display": "https://example.com/日"}, nil},
		{"https://xn--pple-43d.com/", map[string]string{"display": "https://xn--pple-43d.com/"}, nil},
		// The IPv4 parser reads 0x7f.1 as 127.0.0.1: an IP address has no public suffix.
		{"http://0x7f.1/", map[string]string{"host-kind": "IPv4"}, []string{"public-suffix", "registrable-domain"}},
		{"data:,x", map[string]string{"origin-kind": "opaque"}, []string{"public-suffix"}},
	}
	for _, tt := range tests {
		t.Run(tt.input, func(t *testing.T) {
			ctx := s.tab(t)
			s.open(t, ctx, fragment("url", tt.input))
			v := s.view(t, ctx)
			for k, want := range tt.want {
				if v.Weburl[k] != want || v.WeburlNone[k] {
					t.Errorf("data-weburl=%s: %q (none %v), want %q", k, v.Weburl[k], v.WeburlNone[k], want)
				}
			}
			for _, k := range tt.none {
				if !v.WeburlNone[k] || v.Weburl[k] != "" {
					t.Errorf("data-weburl=%s: %q, want none", k, v.Weburl[k])
				}
			}
		})
	}
}

// TestSetters: WPT's setters_tests.json cases, weburl's href and error
// beside the browser's.
func TestSetters(t *testing.T) {
	s := start(t)
	tests := []struct {
		url, attr, value string
		href             string // WPT's expected href
		err              string // in weburl's error; "" for none
	}{
		{"http://example.net:8080/path", "port", "65536", "http://example.net:8080/path", "port-out-of-range"},
		{"http://example.net/path", "port", "8080stuff2", "http://example.net:8080/path", ""},
		{"https://example.net:4433", "port", "443", "https://example.net/", ""},
		{"http://example.net/home?lang=fr#nav", "hash", "#<\"'>", "http://example.net/home?lang=fr#%3C%22'%3E", ""},
	}
	for _, tt := range tests {
		t.Run(tt.attr+"="+tt.value, func(t *testing.T) {
			ctx := s.tab(t)
			s.open(t, ctx, fragment("url", tt.url, "attr", tt.attr, "value", tt.value))
			v := s.view(t, ctx)
			if v.Weburl["set-href"] != tt.href {
				t.Errorf("weburl's href after the setter %q, WPT says %q", v.Weburl["set-href"], tt.href)
			}
			if got := v.Weburl["set-error"]; tt.err == "" && got != "" || !strings.Contains(got, tt.err) {
				t.Errorf("weburl's setter error %q, want one naming %q", got, tt.err)
			}
			want, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => { const u = new URL(`+
				mustJSON(tt.url)+`); u[`+mustJSON(tt.attr)+`] = `+mustJSON(tt.value)+`; return u.href; })()`))
			if err != nil {
				t.Fatal(err)
			}
			if v.Browser["set-href"] != want {
				t.Errorf("the browser's href after the setter %q, the browser says %q", v.Browser["set-href"], want)
			}
			if flagged := slices.Contains(v.Mismatch, "set-href"); flagged != (want != tt.href) {
				t.Errorf("set-href flagged %v; browser %q, weburl %q", flagged, want, tt.href)
			}
		})
	}
}

// TestFragmentState: typing changes the fragment (form-encoded pairs), and
// the view follows; a link with the fragment reproduces it.
func TestFragmentState(t *testing.T) {
	s := start(t)
	ctx := s.tab(t)
	s.open(t, ctx, fragment("url", "https://a.example/", "base", ""))
	if err := chromedp.Do(ctx, chromedp.SendKeys("#url", "x y")); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, waitReady); err != nil {
		t.Fatal(err)
	}
	hash, err := chromedp.Run(ctx, chromedp.Evaluate[string](`location.hash`))
	if err != nil {
		t.Fatal(err)
	}
	if want := "#url=https%3A%2F%2Fa.example%2Fx+y"; hash != want {
		t.Errorf("fragment %q, want %q", hash, want)
	}
	v := s.view(t, ctx)
	if v.Weburl["href"] != "https://a.example/x%20y" {
		t.Errorf("href after typing %q", v.Weburl["href"])
	}
	ctx2 := s.tab(t)
	s.open(t, ctx2, strings.TrimPrefix(hash, "#"))
	if v2 := s.view(t, ctx2); v2.Weburl["href"] != v.Weburl["href"] {
		t.Errorf("the link shows %q, the page showed %q", v2.Weburl["href"], v.Weburl["href"])
	}
}

// TestHostileInput: input that is markup stays text everywhere the page
// shows it: no element is made from it and no script of it runs.
func TestHostileInput(t *testing.T) {
	s := start(t)
	const img = `"><img src=x onerror="window.pwned=1">`
	const script = `<script>window.pwned=1</script>`
	tests := [][]string{
		{"url", "a:" + img},                        // an opaque path keeps < > " as they are
		{"url", "https://example.com/" + script},   // percent-encoded in the href, raw in the marks
		{"url", "https://example.com/#" + script},  // a fragment
		{"url", "https://exa" + img + "mple.com/"}, // a failure: the input shown in the marks
		{"url", "https://example.com/?" + img + "=" + script},
		{"url", "a:x", "attr", "pathname", "value", img},
		{"url", "x", "base", "a:" + script},
		{"url", "https://example.com/", "pattern", "https://" + img + "/*"},
		{"url", script, "base", "https://example.com/", "attr", "hash", "value", script},
	}
	for _, pairs := range tests {
		t.Run(strings.Join(pairs, " "), func(t *testing.T) {
			ctx := s.tab(t)
			s.open(t, ctx, fragment(pairs...))
			got, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]any](`({
			  imgs: document.querySelectorAll('img').length,
			  scripts: document.querySelectorAll('script').length,
			  pwned: window.pwned === 1,
			  text: document.body.textContent.includes('<'),
			})`))
			if err != nil {
				t.Fatal(err)
			}
			if got["imgs"] != float64(0) || got["scripts"] != float64(1) || got["pwned"] != false {
				t.Errorf("input became markup: %v", got)
			}
			if got["text"] != true {
				t.Errorf("the input's '<' is not shown as text: %v", got)
			}
			if pairs[1] == "a:"+img {
				// The opaque-path state percent-encodes only the C0 control
				// set (and a space before ? or #): the href is the input,
				// and the page must show it character for character.
				v := s.view(t, ctx)
				if v.Weburl["href"] != "a:"+img || v.Browser["href"] != "a:"+img {
					t.Errorf("href shown as %q and %q, want the input as text", v.Weburl["href"], v.Browser["href"])
				}
			}
		})
	}
}

// TestPhone: at a phone's width nothing makes the page scroll sideways.
func TestPhone(t *testing.T) {
	s := start(t)
	ctx := s.tab(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844)); err != nil {
		t.Fatal(err)
	}
	s.open(t, ctx, fragment("url", "https://user:pw@www.example.co.uk:8080/a/very/long/path/that/goes/on/and/on/and/on?with=a&long=query&string=that&goes=on#and-a-fragment"))
	w, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`[document.documentElement.scrollWidth, document.documentElement.clientWidth]`))
	if err != nil {
		t.Fatal(err)
	}
	if w[0] > w[1] {
		wide, _ := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll('body *')].filter((e) =>
		  e.getBoundingClientRect().right > document.documentElement.clientWidth).map((e) => e.tagName + '#' + e.id + '.' + e.className)`))
		t.Errorf("page is %v px wide in a %v px viewport; too wide: %q", w[0], w[1], wide)
	}
	if path := os.Getenv("WEBURL_PLAYGROUND_PHONE_SCREENSHOT"); path != "" {
		b, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestScreenshot takes the README's screenshot: set
// WEBURL_PLAYGROUND_SCREENSHOT=../docs/playground.png to write it.
func TestScreenshot(t *testing.T) {
	s := start(t)
	ctx := s.tab(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1100, 900)); err != nil {
		t.Fatal(err)
	}
	s.open(t, ctx, fragment("url", "file://localhost/C|/a b?q=1&lang=en#top", "attr", "search", "value", "?page=2",
		"pattern", "file://*/:drive/*"))
	b, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("the screenshot is not a PNG: %v", err)
	}
	if w := img.Bounds().Dx(); w != 1100 {
		t.Errorf("screenshot %d px wide, want the viewport's 1100", w)
	}
	if path := os.Getenv("WEBURL_PLAYGROUND_SCREENSHOT"); path != "" {
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestPattern: URLPattern's groups, weburl's beside the browser's own
// URLPattern, with values from the URL Pattern Standard.
func TestPattern(t *testing.T) {
	s := start(t)
	tests := []struct {
		pattern, url, base string
		match              string
		groups             map[string]string // "component.name" to value; absent from the map: not shown
		undefined          []string          // groups that took no part in the match
	}{
		{`https://*.example.com/books/:id(\d+)`, "https://shop.example.com/books/42", "", "true",
			map[string]string{"hostname.0": "shop", "pathname.id": "42"}, nil},
		{"https://example.com/books/:id{/:rest}?", "https://example.com/books/7", "", "true",
			map[string]string{"pathname.id": "7"}, []string{"pathname.rest"}},
		{"https://example.com/:a/*", "../x/y/z", "https://example.com/q/r", "true",
			map[string]string{"pathname.a": "x", "pathname.0": "y/z"}, nil},
		{"https://example.com/books/:id", "https://example.com/films/1", "", "false", nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.pattern, func(t *testing.T) {
			ctx := s.tab(t)
			s.open(t, ctx, fragment("pattern", tt.pattern, "url", tt.url, "base", tt.base))
			v := s.view(t, ctx)
			if v.Weburl["pattern-match"] != tt.match || v.Browser["pattern-match"] != tt.match {
				t.Errorf("matches: weburl %q, browser %q, want %q (errors %q, %q)", v.Weburl["pattern-match"],
					v.Browser["pattern-match"], tt.match, v.Weburl["pattern-error"], v.Browser["pattern-error"])
			}
			for k, want := range tt.groups {
				if v.Groups[k] != want || v.GroupsNone[k] {
					t.Errorf("data-group %s: %q, want %q", k, v.Groups[k], want)
				}
				if v.BrowserGroups[k] != want {
					t.Errorf("data-browser-group %s: %q, want %q", k, v.BrowserGroups[k], want)
				}
			}
			for _, k := range tt.undefined {
				if _, ok := v.Groups[k]; !ok || !v.GroupsNone[k] || !v.BrowserGroupsNone[k] {
					t.Errorf("group %s: weburl %q, browser %q; want undefined on both sides", k, v.Groups[k], v.BrowserGroups[k])
				}
			}
			// Every group where the two sides differ is flagged, and only those.
			var want []string
			for k, wv := range v.Groups {
				if bv, ok := v.BrowserGroups[k]; !ok || bv != wv || v.GroupsNone[k] != v.BrowserGroupsNone[k] {
					want = append(want, k)
				}
			}
			for k := range v.BrowserGroups {
				if _, ok := v.Groups[k]; !ok {
					want = append(want, k)
				}
			}
			slices.Sort(want)
			var got []string
			for _, m := range v.Mismatch {
				if strings.Contains(m, ".") {
					got = append(got, m)
				}
			}
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Errorf("flagged groups %q, want %q", got, want)
			}
		})
	}
	t.Run("error", func(t *testing.T) {
		ctx := s.tab(t)
		s.open(t, ctx, fragment("pattern", "https://example.com/((", "url", "https://example.com/"))
		v := s.view(t, ctx)
		if v.Weburl["pattern-error"] == "" || v.Browser["pattern-error"] == "" || !v.WeburlNone["pattern-match"] {
			t.Errorf("an unbalanced group: weburl %q, browser %q; want both to throw", v.Weburl["pattern-error"], v.Browser["pattern-error"])
		}
	})
}
