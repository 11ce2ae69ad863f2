package browsertest

import (
	"encoding/base64"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestQueryState: ?url=…&base=… opens a view as #url=… does; the address
// then holds it in the fragment. A fragment, the live state, wins over a
// query.
func TestQueryState(t *testing.T) {
	s := start(t)
	ctx := s.tab(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"?"+fragment("url", "../c d", "base", "https://example.org/a/b"))); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, waitReady); err != nil {
		t.Fatal(err)
	}
	v := s.view(t, ctx)
	// The path state percent-encodes the space; "../" resolves against the base's path.
	if v.Weburl["href"] != "https://example.org/c%20d" {
		t.Errorf("?url=../c d&base=…: href %q, want https://example.org/c%%20d", v.Weburl["href"])
	}
	loc, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[location.search, location.hash, document.getElementById('base').value]`))
	if err != nil {
		t.Fatal(err)
	}
	if loc[0] != "" || loc[1] != "#url=..%2Fc+d&base=https%3A%2F%2Fexample.org%2Fa%2Fb" || loc[2] != "https://example.org/a/b" {
		t.Errorf("search %q, hash %q, base field %q", loc[0], loc[1], loc[2])
	}

	ctx = s.tab(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"?url=https%3A%2F%2Fquery.example%2F#url=https%3A%2F%2Ffragment.example%2F")); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, waitReady); err != nil {
		t.Fatal(err)
	}
	if v := s.view(t, ctx); v.Weburl["href"] != "https://fragment.example/" {
		t.Errorf("a query and a fragment: href %q, want the fragment's", v.Weburl["href"])
	}
}

// neturlView reads the net/url column, the url.URL fields and the wire.
const neturlView = `(() => {
  const v = {neturl: {}, mismatch: [], netfield: {}, bridge: {}, wire: {}};
  for (const e of document.querySelectorAll('[data-neturl]')) v.neturl[e.dataset.neturl] = e.firstChild ? e.firstChild.textContent ?? '' : '';
  for (const e of document.querySelectorAll('[data-neturl-mismatch]')) v.mismatch.push(e.dataset.neturlMismatch);
  for (const e of document.querySelectorAll('[data-netfield]')) v.netfield[e.dataset.netfield] = e.textContent;
  for (const e of document.querySelectorAll('[data-bridge]')) v.bridge[e.dataset.bridge] = e.textContent;
  for (const e of document.querySelectorAll('[data-wire]')) v.wire[e.dataset.wire] = e.textContent;
  return v;
})()`

type neturlShown struct {
	NetURL   map[string]string `json:"neturl"`
	Mismatch []string          `json:"mismatch"`
	Netfield map[string]string `json:"netfield"`
	Bridge   map[string]string `json:"bridge"`
	Wire     map[string]string `json:"wire"`
}

// TestNetURLColumn: the net/url column and fields are Go's url.Parse's
// answers (as Go 1.26's net/url gives them), weburl's the URL Standard's
// (as Chromium's new URL() and Node's give them where they agree), and the
// wire is what net/http writes for each.
func TestNetURLColumn(t *testing.T) {
	s := start(t)
	ctx := s.tab(t)
	s.open(t, ctx, fragment("url", "HTTPS://user:pw@EXAMPLE.com:443/a/./b/../c|d?q#f"))
	v, err := chromedp.Run(ctx, chromedp.Evaluate[neturlShown](neturlView))
	if err != nil {
		t.Fatal(err)
	}
	// url.Parse keeps the host's case, the default port and the dot
	// segments, and escapes '|' in String() and EscapedPath().
	want := map[string]string{"href": "https://user:pw@EXAMPLE.com:443/a/./b/../c%7Cd?q#f", "origin": "", "protocol": "https:",
		"username": "user", "password": "pw", "host": "EXAMPLE.com:443", "hostname": "EXAMPLE.com", "port": "443",
		"pathname": "/a/./b/../c%7Cd", "search": "?q", "hash": "#f"}
	if !mapsEqual(v.NetURL, want) {
		t.Errorf("the net/url column %q, want %q", v.NetURL, want)
	}
	if got, want := strings.Join(v.Mismatch, " "), "href host hostname port pathname"; got != want {
		t.Errorf("net/url differs from weburl on %q, want %q", got, want)
	}
	for field, want := range map[string]string{"Host": "EXAMPLE.com:443", "Path": "/a/./b/../c|d", "String()": want["href"], "RequestURI()": "/a/./b/../c%7Cd?q"} {
		if v.Netfield[field] != want {
			t.Errorf("url.Parse's %s %q, want %q", field, v.Netfield[field], want)
		}
	}
	// NetURL: the path as in the href in Opaque, which net/http sends as it is.
	for field, want := range map[string]string{"Host": "example.com", "Opaque": "/a/c|d", "Path": "/a/c|d", "RequestURI()": "/a/c|d?q"} {
		if v.Bridge[field] != want {
			t.Errorf("NetURL's %s %q, want %q", field, v.Bridge[field], want)
		}
	}
	wire := map[string]string{
		"weburl.request-uri": "/a/c|d?q", "weburl.host": "example.com",
		"weburl.sent":        "GET /a/c|d?q HTTP/1.1\nHost: example.com\nAuthorization: Basic dXNlcjpwdw==",
		"neturl.request-uri": "/a/./b/../c%7Cd?q", "neturl.host": "EXAMPLE.com:443",
		"neturl.sent": "GET /a/./b/../c%7Cd?q HTTP/1.1\nHost: EXAMPLE.com:443\nAuthorization: Basic dXNlcjpwdw==",
	}
	if !mapsEqual(v.Wire, wire) {
		t.Errorf("the wire %q, want %q", v.Wire, wire)
	}

	// net/url refuses a '\' in the userinfo; the URL Standard reads it
	// as the path's start in a special URL.
	ctx = s.tab(t)
	s.open(t, ctx, fragment("url", `http://example.com\@evil.com/`))
	v, err = chromedp.Run(ctx, chromedp.Evaluate[neturlShown](neturlView))
	if err != nil {
		t.Fatal(err)
	}
	if f := v.NetURL["failure"]; f != `parse "http://example.com\\@evil.com/": net/url: invalid userinfo` {
		t.Errorf("net/url's failure %q", f)
	}
	if w := s.view(t, ctx); w.Weburl["href"] != "http://example.com/@evil.com/" || w.Weburl["hostname"] != "example.com" {
		t.Errorf("weburl's href %q, hostname %q", w.Weburl["href"], w.Weburl["hostname"])
	}
	if v.Wire["weburl.sent"] != "GET /@evil.com/ HTTP/1.1\nHost: example.com" || v.Wire["neturl.sent"] != "" {
		t.Errorf("the wire %q", v.Wire)
	}
}

// dataShown is the data: URL section read back.
type dataShown struct {
	Hidden  bool              `json:"hidden"`
	Data    map[string]string `json:"data"`
	Visible map[string]bool   `json:"visible"`
	Img     *struct {
		Src           string  `json:"src"`
		Width         float64 `json:"width"`
		NaturalWidth  float64 `json:"naturalWidth"`
		NaturalHeight float64 `json:"naturalHeight"`
	} `json:"img"`
	Caption string `json:"caption"`
}

// readData reads the section; body[data-status] is "ready" only once the
// preview is drawn.
const readData = `(() => {
  const v = {hidden: document.getElementById('data').hidden, data: {}, visible: {}, img: null,
    caption: document.getElementById('data-caption').textContent};
  for (const e of document.querySelectorAll('[data-data]')) {
    v.data[e.dataset.data] = e.textContent;
    v.visible[e.dataset.data] = !e.hidden && !e.closest('[hidden]');
  }
  const img = document.querySelector('#data-figure img');
  if (img) v.img = {src: img.src, width: img.offsetWidth, naturalWidth: img.naturalWidth, naturalHeight: img.naturalHeight};
  return v;
})()`

// pngChecker is a 32×32 PNG of two colours (PNG's IHDR says 32 and 32).
const pngChecker = "iVBORw0KGgoAAAANSUhEUgAAACAAAAAgAQMAAABJtOi3AAAABlBMVEULXK3/0k2IuQRDAAAAGElEQVR42mJg+M/wnxiCSGXUNg8QAAD//+29P8GDa3LCAAAAAElFTkSuQmCC"

// TestDataURLView: a data: URL's MIME type and body as the Fetch
// Standard's processor reads them, and an image drawn from the bytes weburl
// decoded (a blob: URL, which the page's CSP allows); the body equals what
// Chromium's own fetch() of the URL gives.
func TestDataURLView(t *testing.T) {
	s := start(t)
	t.Run("image", func(t *testing.T) {
		ctx := s.tab(t)
		input := "data:image/png;base64," + pngChecker
		s.open(t, ctx, fragment("url", input))
		v, err := chromedp.Run(ctx, chromedp.Evaluate[dataShown](readData))
		if err != nil {
			t.Fatal(err)
		}
		body, _ := base64.StdEncoding.DecodeString(pngChecker)
		if v.Hidden || v.Data["mime-type"] != "image/png" || v.Data["length"] != "99" || len(body) != 99 {
			t.Errorf("section hidden %v, type %q, length %q", v.Hidden, v.Data["mime-type"], v.Data["length"])
		}
		// encoding/hex's Dump: offset, 16 bytes, the bytes as ASCII.
		if first, _, _ := strings.Cut(v.Data["hex"], "\n"); first != "00000000  89 50 4e 47 0d 0a 1a 0a  00 00 00 0d 49 48 44 52  |.PNG........IHDR|" || !v.Visible["hex"] {
			t.Errorf("hex dump's first line %q (shown %v)", first, v.Visible["hex"])
		}
		if v.Visible["text"] || !v.Visible["mime-type"] {
			t.Errorf("visible: %v", v.Visible)
		}
		if v.Img == nil || !strings.HasPrefix(v.Img.Src, "blob:") || v.Img.NaturalWidth != 32 || v.Img.NaturalHeight != 32 {
			t.Fatalf("preview %+v, want a 32×32 image from a blob: URL", v.Img)
		}
		if !strings.Contains(v.Caption, "99 bytes") || !strings.Contains(v.Caption, "drawn 4×") || v.Img.Width != 128 {
			t.Errorf("caption %q, width %v", v.Caption, v.Img.Width)
		}
		// Chromium's own reading, in a page without the playground's CSP.
		blank := s.tab(t)
		got, err := chromedp.Run(blank, chromedp.Evaluate[[]string](`fetch(`+mustJSON(input)+`).then(async (r) =>
		  [r.headers.get('content-type'), btoa(String.fromCharCode(...new Uint8Array(await r.arrayBuffer())))])`, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatal(err)
		}
		if got[0] != "image/png" || got[1] != pngChecker {
			t.Errorf("Chromium's fetch: %q, body %q; weburl: image/png, %q", got[0], got[1], pngChecker)
		}
	})
	t.Run("text", func(t *testing.T) {
		ctx := s.tab(t)
		s.open(t, ctx, fragment("url", "data:,hello,%20world!"))
		v, err := chromedp.Run(ctx, chromedp.Evaluate[dataShown](readData))
		if err != nil {
			t.Fatal(err)
		}
		// No type: text/plain;charset=US-ASCII (Fetch), whose label the
		// Encoding Standard maps to windows-1252.
		want := map[string]string{"mime-type": "text/plain;charset=US-ASCII", "encoding": "windows-1252", "length": "13", "text": "hello, world!"}
		for k, w := range want {
			if v.Data[k] != w || !v.Visible[k] {
				t.Errorf("data-data=%s: %q (shown %v), want %q", k, v.Data[k], v.Visible[k], w)
			}
		}
		if v.Visible["hex"] || v.Img != nil || v.Visible["error"] {
			t.Errorf("a text body shows hex %v, an image %v, an error %v", v.Visible["hex"], v.Img != nil, v.Visible["error"])
		}
	})
	t.Run("failure", func(t *testing.T) {
		ctx := s.tab(t)
		s.open(t, ctx, fragment("url", "data:text/plain"))
		v, err := chromedp.Run(ctx, chromedp.Evaluate[dataShown](readData))
		if err != nil {
			t.Fatal(err)
		}
		// The processor's step 7: no "," is a failure, a network error in fetch().
		if !v.Visible["error"] || !strings.Contains(v.Data["error"], "no U+002C (,) follows the MIME type") || v.Visible["mime-type"] {
			t.Errorf("error %q (shown %v), type shown %v", v.Data["error"], v.Visible["error"], v.Visible["mime-type"])
		}
	})
	t.Run("not data", func(t *testing.T) {
		ctx := s.tab(t)
		s.open(t, ctx, fragment("url", "https://example.com/data:,x"))
		v, err := chromedp.Run(ctx, chromedp.Evaluate[dataShown](readData))
		if err != nil {
			t.Fatal(err)
		}
		if !v.Hidden || v.Img != nil {
			t.Errorf("an https URL shows the data: section (hidden %v, image %v)", v.Hidden, v.Img != nil)
		}
	})
}

// TestDataURLHostile: a body that is markup stays text, and an SVG image
// with scripts is drawn as an image, where no script runs.
func TestDataURLHostile(t *testing.T) {
	s := start(t)
	for _, input := range []string{
		`data:text/html,<script>window.pwned=1</script><img src=x onerror="window.pwned=1">`,
		`data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" onload="top.pwned=1"><script>top.pwned=1</script></svg>`,
		`data:image/svg+xml;base64,` + base64.StdEncoding.EncodeToString([]byte(`<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:top.pwned=1"/></foreignObject></svg>`)),
	} {
		t.Run(input[:20], func(t *testing.T) {
			ctx := s.tab(t)
			s.open(t, ctx, fragment("url", input))
			v, err := chromedp.Run(ctx, chromedp.Evaluate[dataShown](readData))
			if err != nil {
				t.Fatal(err)
			}
			got, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]any](`({pwned: window.pwned === 1,
			  scripts: document.querySelectorAll('script').length, iframes: document.querySelectorAll('iframe').length,
			  imgs: [...document.querySelectorAll('img')].map((i) => i.src.slice(0, 5))})`))
			if err != nil {
				t.Fatal(err)
			}
			if got["pwned"] != false || got["scripts"] != float64(1) || got["iframes"] != float64(0) {
				t.Errorf("the body ran or became markup: %v", got)
			}
			if imgs := got["imgs"].([]any); len(imgs) > 1 || len(imgs) == 1 && imgs[0] != "blob:" {
				t.Errorf("images %v: want at most the blob: preview", imgs)
			}
			if !strings.Contains(v.Data["text"], "<script>") && !strings.Contains(v.Data["hex"], "<svg") {
				t.Errorf("the markup is not shown as text: text %q", v.Data["text"])
			}
		})
	}
}
