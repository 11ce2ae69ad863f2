package browsertest

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/weburl/weburl/internal/playground"
)

// chromiumFlags are the flags that run Chromium here: headless, no
// sandbox (containers), and nothing that reaches the network on its own.
var chromiumFlags = []string{"headless", "no-sandbox", "disable-gpu", "disable-quic",
	"no-first-run", "disable-background-networking", "disable-component-update", "disable-sync",
	"disable-dev-shm-usage", "hide-scrollbars"}

// chromiumPath finds the browser: $WEBURL_CHROMIUM, or chromium (Debian's
// package), chromium-browser, google-chrome on $PATH.
func chromiumPath() string {
	if p := os.Getenv("WEBURL_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// session is one Chromium and one in-process playground server, shared by
// the tests of a run: starting a browser is the slow part.
type session struct {
	browser context.Context // the browser's first tab; new tabs derive from it
	base    string          // "http://127.0.0.1:PORT/"
	err     error
}

var (
	once   sync.Once
	shared session
	stop   []func()
)

func TestMain(m *testing.M) {
	code := m.Run()
	for i := len(stop) - 1; i >= 0; i-- {
		stop[i]()
	}
	os.Exit(code)
}

// start returns the shared session, or skips the test when there is no
// Chromium and WEBURL_BROWSER_REQUIRED is not 1.
func start(t *testing.T) *session {
	t.Helper()
	path := chromiumPath()
	if path == "" {
		if os.Getenv("WEBURL_BROWSER_REQUIRED") == "1" {
			t.Fatal("WEBURL_BROWSER_REQUIRED=1 but no Chromium: install Debian's chromium package or set WEBURL_CHROMIUM")
		}
		t.Skip("skipped: no Chromium on $PATH (apt-get install chromium, or set WEBURL_CHROMIUM); " +
			"WEBURL_BROWSER_REQUIRED=1 makes this a failure")
	}
	once.Do(func() {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			shared.err = err
			return
		}
		srv := playground.NewServer(playground.Handler(playground.Options{}))
		go srv.Serve(ln)
		stop = append(stop, func() { srv.Close() })
		shared.base = "http://" + ln.Addr().String() + "/"

		dir, err := os.MkdirTemp("", "weburl-chromium-")
		if err != nil {
			shared.err = err
			return
		}
		stop = append(stop, func() { os.RemoveAll(dir) })
		opts := []chromedp.ExecAllocatorOption{chromedp.ExecPath(path), chromedp.UserDataDir(dir),
			chromedp.WindowSize(1100, 900)}
		for _, f := range chromiumFlags {
			opts = append(opts, chromedp.Flag(f, true))
		}
		alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		browser, cancelBrowser := chromedp.NewContext(alloc)
		stop = append(stop, cancelAlloc, cancelBrowser)
		// The first Do starts the browser.
		shared.err = chromedp.Do(browser, chromedp.Navigate("about:blank"))
		shared.browser = browser
	})
	if shared.err != nil {
		t.Fatalf("starting Chromium (%s) and the playground: %v", path, shared.err)
	}
	return &shared
}

// tab opens a new tab, closed at the end of the test.
func (s *session) tab(t *testing.T) context.Context {
	ctx, cancel := chromedp.NewContext(s.browser)
	t.Cleanup(cancel)
	return ctx
}

// fragment writes the page's state as form-encoded pairs, in the order given.
func fragment(pairs ...string) string {
	var b strings.Builder
	for i := 0; i+1 < len(pairs); i += 2 {
		if b.Len() > 0 {
			b.WriteByte('&')
		}
		b.WriteString(url.QueryEscape(pairs[i]) + "=" + url.QueryEscape(pairs[i+1]))
	}
	return b.String()
}

// waitReady waits until the page has shown the current state. There is no
// time limit here: go test's -timeout catches a hang.
var waitReady = chromedp.Poll[bool](`document.body.dataset.status === 'ready'`, chromedp.WithPollingTimeout(0))

// open loads the page with the fragment and waits until it is shown.
func (s *session) open(t *testing.T, ctx context.Context, frag string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"#"+frag)); err != nil {
		t.Fatalf("loading #%s: %v", frag, err)
	}
	if _, err := chromedp.Run(ctx, waitReady); err != nil {
		t.Fatalf("waiting for #%s: %v", frag, err)
	}
}

// view is the page's DOM contract read back: every data-weburl,
// data-browser, data-mismatch, data-error, data-group and
// data-browser-group element, with its text.
type view struct {
	Weburl            map[string]string `json:"weburl"`
	WeburlNone        map[string]bool   `json:"weburlNone"` // the value is null (shown as none)
	Browser           map[string]string `json:"browser"`
	BrowserNone       map[string]bool   `json:"browserNone"`
	Mismatch          []string          `json:"mismatch"`
	Errors            []string          `json:"errors"`
	Groups            map[string]string `json:"groups"` // by "component.name"
	GroupsNone        map[string]bool   `json:"groupsNone"`
	BrowserGroups     map[string]string `json:"browserGroups"`
	BrowserGroupsNone map[string]bool   `json:"browserGroupsNone"`
	Components        map[string]string `json:"components"`
	Marks             []string          `json:"marks"`
	NoteShown         bool              `json:"noteShown"`
}

const readView = `(() => {
  const v = {weburl: {}, weburlNone: {}, browser: {}, browserNone: {}, mismatch: [], errors: [],
    groups: {}, groupsNone: {}, browserGroups: {}, browserGroupsNone: {}, components: {}, marks: []};
  for (const e of document.querySelectorAll('[data-weburl]')) {
    v.weburl[e.dataset.weburl] = e.textContent;
    v.weburlNone[e.dataset.weburl] = e.classList.contains('none');
  }
  for (const e of document.querySelectorAll('[data-browser]')) {
    v.browser[e.dataset.browser] = e.textContent;
    v.browserNone[e.dataset.browser] = e.classList.contains('none');
  }
  for (const e of document.querySelectorAll('[data-mismatch]')) v.mismatch.push(e.dataset.mismatch);
  for (const e of document.querySelectorAll('[data-error]')) v.errors.push(e.dataset.error + '=' + e.textContent);
  // Groups by component and name: "hostname.0", "pathname.id".
  const key = (e, name) => e.closest('tr').dataset.component + '.' + name;
  for (const e of document.querySelectorAll('[data-group]')) {
    v.groups[key(e, e.dataset.group)] = e.textContent;
    v.groupsNone[key(e, e.dataset.group)] = e.classList.contains('none');
  }
  for (const e of document.querySelectorAll('[data-browser-group]')) {
    v.browserGroups[key(e, e.dataset.browserGroup)] = e.textContent;
    v.browserGroupsNone[key(e, e.dataset.browserGroup)] = e.classList.contains('none');
  }
  for (const e of document.querySelectorAll('#diagram [data-component]')) v.components[e.dataset.component] = e.querySelector('code').textContent;
  for (const e of document.querySelectorAll('#marks mark')) v.marks.push(e.textContent);
  v.noteShown = !document.getElementById('mismatch-note').hidden;
  return v;
})()`

func (s *session) view(t *testing.T, ctx context.Context) view {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[view](readView))
	if err != nil {
		t.Fatalf("reading the page: %v", err)
	}
	return v
}

// attrs are the URL class's attributes in the spec's order.
var attrs = []string{"href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"}

// browserURL is the browser's own new URL(input, base), evaluated apart
// from the page's script: a second reading to check the page against.
func browserURL(t *testing.T, ctx context.Context, input, base string) (map[string]string, bool) {
	t.Helper()
	in, _ := json.Marshal(input)
	b, _ := json.Marshal(base)
	expr := fmt.Sprintf(`(() => { try { const u = %s === '' ? new URL(%s) : new URL(%s, %s);
	  return Object.fromEntries(%s.map((a) => [a, u[a]])); } catch (e) { return null; } })()`,
		b, in, in, b, mustJSON(attrs))
	m, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]string](expr))
	if err != nil {
		t.Fatalf("new URL(%q, %q) in the browser: %v", input, base, err)
	}
	return m, m != nil
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// wptCase is a case of WPT's urltestdata.json from the repository's
// extract (testdata/wpt/urltestdata.tsv).
type wptCase struct {
	Input, Base string
	HasBase     bool
	Failure     bool
	Want        map[string]string // the attributes; origin absent where WPT gives none
}

func wptCases(t *testing.T) []wptCase {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "testdata", "wpt", "urltestdata.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []wptCase
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || line == "" {
			continue
		}
		fields := strings.Split(line, "\t")
		val := func(i int) (string, bool) {
			if fields[i] == "null" {
				return "", false
			}
			s, err := strconv.Unquote(fields[i])
			if err != nil {
				t.Fatalf("urltestdata.tsv: %q: %v", line, err)
			}
			return s, true
		}
		var c wptCase
		c.Input, _ = val(0)
		c.Base, c.HasBase = val(1)
		c.Failure = fields[2] == "true"
		if !c.Failure {
			c.Want = map[string]string{}
			for i, a := range attrs {
				if v, ok := val(3 + i); ok {
					c.Want[a] = v
				}
			}
		}
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(cases) < 800 {
		t.Fatalf("urltestdata.tsv has %d cases, want WPT's 891", len(cases))
	}
	return cases
}

// browserDepartures evaluates every WPT case with the browser's own new
// URL() in one call and returns the cases where it gives another answer
// than WPT's (a failure where WPT has none or the other way round, or any
// attribute but origin).
func browserDepartures(t *testing.T, ctx context.Context, cases []wptCase) []wptCase {
	t.Helper()
	type in struct {
		Input, Base string
		HasBase     bool
	}
	ins := make([]in, len(cases))
	for i, c := range cases {
		ins[i] = in{c.Input, c.Base, c.HasBase}
	}
	expr := fmt.Sprintf(`%s.map((c) => { try { const u = c.HasBase ? new URL(c.Input, c.Base) : new URL(c.Input);
	  return Object.fromEntries(%s.map((a) => [a, u[a]])); } catch (e) { return null; } })`, mustJSON(ins), mustJSON(attrs))
	got, err := chromedp.Run(ctx, chromedp.Evaluate[[]map[string]string](expr))
	if err != nil {
		t.Fatal(err)
	}
	var out []wptCase
	butOrigin := 0 // departures in other attributes than origin, or failure
	for i, c := range cases {
		g := got[i]
		differs := (g == nil) != c.Failure
		other := differs
		for _, a := range attrs {
			if want, ok := c.Want[a]; ok && g != nil && g[a] != want {
				differs = true
				other = other || a != "origin"
			}
		}
		if differs {
			out = append(out, c)
		}
		if other {
			butOrigin++
		}
	}
	t.Logf("this browser departs from WPT's urltestdata.json on %d of %d cases (%d not counting origin)", len(out), len(cases), butOrigin)
	return out
}
