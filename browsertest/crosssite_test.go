package browsertest

import (
	"context"
	"html/template"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/weburl/weburl/internal/playground"
)

// apiRequest is one request as the playground's server received it.
type apiRequest struct {
	Method, Path, Via, Site, Origin string
	Status                          int
}

// apiLog wraps the playground's handler and keeps every request it
// answered, with the status.
type apiLog struct {
	next http.Handler
	mu   sync.Mutex
	reqs []apiRequest
}

func (rc *apiLog) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
	rc.next.ServeHTTP(sw, r)
	rc.mu.Lock()
	rc.reqs = append(rc.reqs, apiRequest{r.Method, r.URL.Path, r.URL.Query().Get("via"), r.Header.Get("Sec-Fetch-Site"),
		r.Header.Get("Origin"), sw.status})
	rc.mu.Unlock()
}

func (rc *apiLog) all() []apiRequest {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return slices.Clone(rc.reqs)
}

type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	w.status = code
	w.ResponseWriter.WriteHeader(code)
}

// serveLoopback serves h on a new 127.0.0.1 port until the test ends.
func serveLoopback(t *testing.T, h http.Handler) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: h}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String()
}

// attackerPage is a page on another origin that tries every way a page has
// to make a browser ask the playground's API: fetch() by POST with JSON
// (a CORS request, preflighted), by POST and GET without CORS, a CORS GET,
// sendBeacon, an image, and a form posted into a frame. Each attempt names
// itself in the query (?via=), which the API does not read.
var attackerPage = template.Must(template.New("").Parse(`<!doctype html>
<title>another origin</title>
<iframe name="sink"></iframe>
<form id="form" method="post" action="{{.API}}parse?via=form" enctype="text/plain" target="sink">
<input name='{"url":"https://evil.example/","x":"' value='"}'>
</form>
<script>
window.results = {};
const api = {{.API}};
const body = '{"url":"https://evil.example/"}';
async function attempt(name, f) {
  try {
    const r = await f();
    results[name] = 'answered: ' + r.type + ' ' + r.status;
  } catch (e) {
    results[name] = 'failed: ' + e.message;
  }
}
(async () => {
  await attempt('cors-post', () => fetch(api + 'parse?via=cors-post', {method: 'POST', headers: {'Content-Type': 'application/json'}, body}));
  await attempt('no-cors-post', () => fetch(api + 'parse?via=no-cors-post', {method: 'POST', mode: 'no-cors', headers: {'Content-Type': 'text/plain'}, body}));
  await attempt('no-cors-get', () => fetch(api + 'pattern?via=no-cors-get&pattern=*', {mode: 'no-cors'}));
  await attempt('cors-get', () => fetch(api + 'parse?via=cors-get&url=x'));
  results.beacon = String(navigator.sendBeacon(api + 'parse?via=beacon', body));
  await new Promise((done) => { const i = new Image(); i.onload = i.onerror = done; i.src = api + 'parse?via=img&url=x'; });
  results.img = 'done';
  document.getElementById('form').submit();
  results.form = 'submitted';
  results.done = 'yes';
})();
</script>`))

// TestCrossSite: pages on other origins (another port of 127.0.0.1, which
// is same-site, and localhost on that port, which is cross-site) try to
// drive the playground's API in Chromium. Every request of theirs that
// reaches the server is refused with 403 before any work (the handler's
// steps are counted); a JSON POST never gets past its preflight; the
// attacker's script reads no answer. The page's own requests still work.
func TestCrossSite(t *testing.T) {
	s := start(t)
	var work atomic.Int64
	rec := &apiLog{next: playground.Handler(playground.Options{Step: func(context.Context, string) { work.Add(1) }})}
	pg := "http://" + serveLoopback(t, rec) + "/"

	evil := serveLoopback(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		attackerPage.Execute(w, map[string]string{"API": pg + "api/"})
	}))
	_, port, _ := net.SplitHostPort(evil)
	vias := []string{"cors-post", "no-cors-post", "no-cors-get", "cors-get", "beacon", "img", "form"}
	for _, origin := range []string{"http://" + evil, "http://localhost:" + port} {
		t.Run(origin, func(t *testing.T) {
			site := "same-site"
			if strings.Contains(origin, "localhost") {
				site = "cross-site"
			}
			before := len(rec.all())
			ctx := s.tab(t)
			if err := chromedp.Do(ctx, chromedp.Navigate(origin+"/")); err != nil {
				t.Fatal(err)
			}
			results, err := chromedp.Run(ctx, chromedp.Poll[map[string]string](`window.results && window.results.done && window.results`,
				chromedp.WithPollingTimeout(0)))
			if err != nil {
				t.Fatal(err)
			}
			// The beacon and the form are sent after the script ends:
			// wait until the server has seen a request of each way (go
			// test's -timeout catches a browser that never sends one).
			var got []apiRequest
			for {
				got = rec.all()[before:]
				if seenAll(got, vias[1:]) && seenVia(got, "cors-post", "OPTIONS") {
					break
				}
				time.Sleep(20 * time.Millisecond)
			}
			for _, r := range got {
				if r.Status != http.StatusForbidden || r.Site != site {
					t.Errorf("%s %s?via=%s (Sec-Fetch-Site %q, Origin %q): %d, want 403 for a %s request", r.Method, r.Path, r.Via, r.Site, r.Origin, r.Status, site)
				}
			}
			if seenVia(got, "cors-post", "POST") {
				t.Errorf("the JSON POST was sent after its preflight: %+v", got)
			}
			for _, name := range []string{"cors-post", "cors-get"} {
				if !strings.HasPrefix(results[name], "failed") {
					t.Errorf("%s: the other origin's script read %q; want a failed fetch", name, results[name])
				}
			}
			if n := work.Load(); n != 0 {
				t.Errorf("the API worked %d steps for another origin's page", n)
			}
			t.Logf("%d requests reached the server: %v; the attacker page saw %v", len(got), got, results)
		})
	}

	t.Run("the page itself", func(t *testing.T) {
		before := len(rec.all())
		ctx := s.tab(t)
		if err := chromedp.Do(ctx, chromedp.Navigate(pg+"#"+fragment("url", "HTTPS://EXAMPLE.com/a/../b", "pattern", "https://*.com/*"))); err != nil {
			t.Fatal(err)
		}
		if _, err := chromedp.Run(ctx, waitReady); err != nil {
			t.Fatal(err)
		}
		v := s.view(t, ctx)
		if v.Weburl["href"] != "https://example.com/b" || v.Weburl["pattern-match"] != "true" {
			t.Errorf("the page shows href %q, pattern match %q", v.Weburl["href"], v.Weburl["pattern-match"])
		}
		var api []apiRequest
		for _, r := range rec.all()[before:] {
			if strings.HasPrefix(r.Path, "/api/") {
				api = append(api, r)
			}
		}
		if len(api) != 2 {
			t.Errorf("the page's API requests: %+v, want /api/parse and /api/pattern", api)
		}
		for _, r := range api {
			if r.Method != "POST" || r.Status != 200 || r.Site != "same-origin" || r.Origin != strings.TrimSuffix(pg, "/") {
				t.Errorf("the page's request %+v: want POST, 200, same-origin, Origin %s", r, strings.TrimSuffix(pg, "/"))
			}
		}
		if work.Load() == 0 {
			t.Errorf("the page's requests did no work")
		}
	})
}

func seenVia(got []apiRequest, via, method string) bool {
	return slices.ContainsFunc(got, func(r apiRequest) bool { return r.Via == via && r.Method == method })
}

func seenAll(got []apiRequest, vias []string) bool {
	for _, v := range vias {
		if !slices.ContainsFunc(got, func(r apiRequest) bool { return r.Via == v }) {
			return false
		}
	}
	return true
}
