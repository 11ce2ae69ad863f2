package browsertest

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/textproto"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/webhttp"
)

// recorder is a loopback HTTP/1.1 server that records each request line
// (and body) byte for byte and answers by its handler, raw: a Location
// header may hold any byte. It is this module's own small copy of webhttp's
// raw test server, which a module outside webhttp cannot import.
type recorder struct {
	ln   net.Listener
	host string // "127.0.0.1:port"
	mu   sync.Mutex
	log  []string // "METHOD target", then " body" and " [Authorization]" when sent
	open map[net.Conn]bool
	wg   sync.WaitGroup
}

func newRecorder(t *testing.T, answer func(r *recorder, method, target string) string) *recorder {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	r := &recorder{ln: ln, host: ln.Addr().String(), open: map[net.Conn]bool{}}
	r.wg.Add(1)
	go func() {
		defer r.wg.Done()
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			r.mu.Lock()
			r.open[c] = true
			r.mu.Unlock()
			r.wg.Add(1)
			go func() {
				defer r.wg.Done()
				defer func() {
					r.mu.Lock()
					delete(r.open, c)
					r.mu.Unlock()
					c.Close()
				}()
				br := bufio.NewReader(c)
				line, err := br.ReadString('\n')
				if err != nil {
					return
				}
				h, err := textproto.NewReader(br).ReadMIMEHeader()
				if err != nil {
					return
				}
				method, target, _ := strings.Cut(strings.TrimSuffix(strings.TrimSuffix(line, "\r\n"), " HTTP/1.1"), " ")
				entry := method + " " + target
				if n, _ := strconv.Atoi(h.Get("Content-Length")); n > 0 {
					body := make([]byte, n)
					if _, err := io.ReadFull(br, body); err != nil {
						return
					}
					entry += " " + string(body)
				}
				if _, ok := h["Authorization"]; ok {
					entry += " [Authorization]"
				}
				if target != "/favicon.ico" {
					r.mu.Lock()
					r.log = append(r.log, entry)
					r.mu.Unlock()
				}
				io.WriteString(c, answer(r, method, target))
			}()
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		// A connection the browser opened ahead and never used would
		// keep its reader waiting.
		r.mu.Lock()
		for c := range r.open {
			c.Close()
		}
		r.mu.Unlock()
		r.wg.Wait()
	})
	return r
}

// take returns the requests recorded since the last take.
func (r *recorder) take() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	l := r.log
	r.log = nil
	return l
}

// seen counts the requests for target recorded since the last take.
func (r *recorder) seen(target string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	for _, e := range r.log {
		if f := strings.Fields(e); len(f) > 1 && f[1] == target {
			n++
		}
	}
	return n
}

// rawResponse writes a whole response: status, header lines, an HTML body
// (so that a navigation shows a page), never stored by the browser.
func rawResponse(status int, header ...string) string {
	body := "<!doctype html><title>page</title>"
	var b strings.Builder
	fmt.Fprintf(&b, "HTTP/1.1 %d %s\r\n", status, http.StatusText(status))
	for _, h := range header {
		b.WriteString(h + "\r\n")
	}
	fmt.Fprintf(&b, "Content-Type: text/html\r\nCache-Control: no-store\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s", len(body), body)
	return b.String()
}

// outcome is what one client did with a case: the requests the server
// saw, and the final status and URL, or an error.
type outcome struct {
	Requests []string
	Status   int
	URL      string // the final URL, relative to the server; fetch()'s has no fragment
	Err      bool
}

func (o outcome) String() string {
	b, _ := json.Marshal(o)
	return string(b)
}

// redirectCase is a redirect from /r/NAME (started with the fragment
// #start, or start when set) with header lines. fetch is the Fetch
// Standard's answer, written from HTTP-redirect fetch and the URL
// Standard, and webhttp.Do's; nav and api are Chromium's, for a navigation
// and for fetch() (its URL without the fragment), where it departs from
// the standard (nil where it does not); do is Do's where net/http's limits
// (the package doc) keep it from the standard's.
type redirectCase struct {
	name     string
	status   int // 302 when 0
	header   []string
	start    string
	method   string // for fetch() and Do; a navigation is a GET
	fetch    outcome
	nav, api *outcome
	do       *outcome
}

func reqs(n int, line string) []string {
	l := make([]string, n)
	for i := range l {
		l[i] = line
	}
	return l
}

// TestRedirectsAgainstChromium follows each redirect with headless
// Chromium (a navigation, and fetch() from a page of the same origin) and
// with webhttp.Do, from a loopback server of its own, and holds Do to the
// Fetch Standard's answer and Chromium to its own recorded answers: every
// departure webhttp's package doc lists is one of these cases, and a
// Chromium that changes fails the test.
func TestRedirectsAgainstChromium(t *testing.T) {
	s := start(t)
	loop := func(first string, n int) []string { return reqs(n, "GET "+first) }
	cases := []redirectCase{
		// '|' is in no percent-encode set of the URL Standard.
		{name: "pipe", header: []string{"Location: /a|b"},
			fetch: outcome{[]string{"GET /r/pipe", "GET /a|b"}, 200, "/a|b#start", false},
			nav:   &outcome{[]string{"GET /r/pipe", "GET /a%7Cb"}, 200, "/a%7Cb#start", false},
			api:   &outcome{[]string{"GET /r/pipe", "GET /a%7Cb"}, 200, "/a%7Cb", false}},
		// A byte that is not part of valid UTF-8 is percent-encoded as
		// itself; UTF-8 as UTF-8.
		{name: "latin1", header: []string{"Location: /caf\xe9?q=\xe9#\xe9"},
			fetch: outcome{[]string{"GET /r/latin1", "GET /caf%E9?q=%E9"}, 200, "/caf%E9?q=%E9#%E9", false}},
		{name: "utf8", header: []string{"Location: /caf\xc3\xa9?q=\xc3\xa9"},
			fetch: outcome{[]string{"GET /r/utf8", "GET /caf%C3%A9?q=%C3%A9"}, 200, "/caf%C3%A9?q=%C3%A9#start", false}},
		{name: "percent-utf8", header: []string{"Location: /top.txt?%\xe2\x98\x83\xff"},
			fetch: outcome{[]string{"GET /r/percent-utf8", "GET /top.txt?%%E2%98%83%FF"}, 200, "/top.txt?%%E2%98%83%FF#start", false}},
		// A lone '%' stays; '\' is '/'; dot segments go; a query alone
		// keeps the path.
		{name: "lone-percent", header: []string{"Location: /100%"},
			fetch: outcome{[]string{"GET /r/lone-percent", "GET /100%"}, 200, "/100%#start", false}},
		{name: "backslash", header: []string{`Location: \\HOST\x\..\y`},
			fetch: outcome{[]string{"GET /r/backslash", "GET /y"}, 200, "/y#start", false}},
		{name: "dots", header: []string{"Location: ../a/./b/../c"},
			fetch: outcome{[]string{"GET /r/dots", "GET /a/c"}, 200, "/a/c#start", false}},
		{name: "query", header: []string{"Location: ?q"},
			fetch: outcome{[]string{"GET /r/query", "GET /r/query?q"}, 200, "/r/query?q#start", false}},
		// Fragments: kept from the request when the Location has none,
		// an empty one included; the Location's wins.
		{name: "inherit", header: []string{"Location: /nf"},
			fetch: outcome{[]string{"GET /r/inherit", "GET /nf"}, 200, "/nf#start", false}},
		{name: "own-empty", header: []string{"Location: /ef#"},
			fetch: outcome{[]string{"GET /r/own-empty", "GET /ef"}, 200, "/ef#", false}},
		{name: "inherit-empty", header: []string{"Location: /nf"}, start: "#",
			fetch: outcome{[]string{"GET /r/inherit-empty", "GET /nf"}, 200, "/nf#", false},
			nav:   &outcome{[]string{"GET /r/inherit-empty", "GET /nf"}, 200, "/nf", false}},
		// A Location of only a fragment, or an empty one, is the same URL
		// again: too many redirects. Chromium returns the 3xx for an empty
		// one, and a navigation gives up a redirect sooner.
		{name: "only-fragment", header: []string{"Location: #frag"},
			fetch: outcome{loop("/r/only-fragment", 21), 0, "", true},
			nav:   &outcome{loop("/r/only-fragment", 20), 0, "", true}},
		{name: "once-only-fragment", header: []string{"Location: #frag"},
			fetch: outcome{loop("/r/once-only-fragment", 2), 200, "/r/once-only-fragment#frag", false}},
		{name: "empty", header: []string{"Location:"},
			fetch: outcome{loop("/r/empty", 21), 0, "", true},
			nav:   &outcome{[]string{"GET /r/empty"}, 302, "/r/empty#start", false},
			api:   &outcome{[]string{"GET /r/empty"}, 302, "/r/empty", false}},
		{name: "blank", header: []string{"Location:   "},
			fetch: outcome{loop("/r/blank", 21), 0, "", true},
			nav:   &outcome{[]string{"GET /r/blank"}, 302, "/r/blank#start", false},
			api:   &outcome{[]string{"GET /r/blank"}, 302, "/r/blank", false}},
		{name: "once-empty", header: []string{"Location:"},
			fetch: outcome{loop("/r/once-empty", 2), 200, "/r/once-empty#start", false},
			nav:   &outcome{[]string{"GET /r/once-empty"}, 302, "/r/once-empty#start", false},
			api:   &outcome{[]string{"GET /r/once-empty"}, 302, "/r/once-empty", false}},
		// Credentials in a Location are never sent (the server sees no
		// Authorization: checked below); a navigation drops them from its
		// URL, and fetch() fails where Fetch follows (the same origin).
		{name: "credentials", header: []string{"Location: http://user:pass@HOST/in"},
			fetch: outcome{[]string{"GET /r/credentials", "GET /in"}, 200, "http://user:pass@HOST/in#start", false},
			nav:   &outcome{[]string{"GET /r/credentials", "GET /in"}, 200, "/in#start", false},
			api:   &outcome{[]string{"GET /r/credentials"}, 0, "", true}},
		// Two Location fields: one allowed; Chromium takes two equal ones.
		{name: "two-equal", header: []string{"Location: /two", "Location: /two"},
			fetch: outcome{[]string{"GET /r/two-equal"}, 0, "", true},
			nav:   &outcome{[]string{"GET /r/two-equal", "GET /two"}, 200, "/two#start", false},
			api:   &outcome{[]string{"GET /r/two-equal", "GET /two"}, 200, "/two", false}},
		{name: "two-different", header: []string{"Location: /two", "Location: /other"},
			fetch: outcome{[]string{"GET /r/two-different"}, 0, "", true}},
		// A space before the colon: still Location.
		{name: "space-colon", header: []string{"Location : /sc"},
			fetch: outcome{[]string{"GET /r/space-colon", "GET /sc"}, 200, "/sc#start", false}},
		// net/http's reader refuses these responses; Chromium follows,
		// as Fetch does the first two (header values that hold a
		// control byte), and ends a line at a bare CR or LF.
		{name: "vt", header: []string{"Location: /v\vt"},
			fetch: outcome{[]string{"GET /r/vt", "GET /v%0Bt"}, 200, "/v%0Bt#start", false},
			do:    &outcome{[]string{"GET /r/vt"}, 0, "", true}},
		{name: "del", header: []string{"Location: /d\x7fl"},
			fetch: outcome{[]string{"GET /r/del", "GET /d%7Fl"}, 200, "/d%7Fl#start", false},
			do:    &outcome{[]string{"GET /r/del"}, 0, "", true}},
		{name: "bare-cr", header: []string{"Location: /c\rr"},
			fetch: outcome{[]string{"GET /r/bare-cr"}, 0, "", true},
			nav:   &outcome{[]string{"GET /r/bare-cr", "GET /c"}, 200, "/c#start", false},
			api:   &outcome{[]string{"GET /r/bare-cr", "GET /c"}, 200, "/c", false}},
		{name: "bare-lf", header: []string{"Location: /l\nf"},
			fetch: outcome{[]string{"GET /r/bare-lf"}, 0, "", true},
			nav:   &outcome{[]string{"GET /r/bare-lf", "GET /l"}, 200, "/l#start", false},
			api:   &outcome{[]string{"GET /r/bare-lf", "GET /l"}, 200, "/l", false}},
		// A path starting with "//": origin form from Chromium (with '|'
		// encoded), absolute form from net/http over HTTP/1.1.
		{name: "double-slash", header: []string{"Location: http://HOST//100%"},
			fetch: outcome{[]string{"GET /r/double-slash", "GET //100%"}, 200, "//100%#start", false},
			do:    &outcome{[]string{"GET /r/double-slash", "GET http://HOST//100%"}, 200, "//100%#start", false}},
		// Methods and bodies: 301 and 302 turn a POST into a GET, 303 all
		// but GET and HEAD; 307 and 308 keep them.
		{status: 301, name: "m-301-post", method: "POST", header: []string{"Location: /m"},
			fetch: outcome{[]string{"POST /r/m-301-post body", "GET /m"}, 200, "/m#start", false}},
		{status: 302, name: "m-302-put", method: "PUT", header: []string{"Location: /m"},
			fetch: outcome{[]string{"PUT /r/m-302-put body", "PUT /m body"}, 200, "/m#start", false}},
		{status: 303, name: "m-303-put", method: "PUT", header: []string{"Location: /m"},
			fetch: outcome{[]string{"PUT /r/m-303-put body", "GET /m"}, 200, "/m#start", false}},
		{status: 307, name: "m-307-post", method: "POST", header: []string{"Location: /m"},
			fetch: outcome{[]string{"POST /r/m-307-post body", "POST /m body"}, 200, "/m#start", false}},
		{status: 308, name: "m-308-delete", method: "DELETE", header: []string{"Location: /m"},
			fetch: outcome{[]string{"DELETE /r/m-308-delete body", "DELETE /m body"}, 200, "/m#start", false}},
	}
	srv := newRecorder(t, func(r *recorder, method, target string) string {
		for _, c := range cases {
			if target != "/r/"+c.name || strings.HasPrefix(c.name, "once-") && r.seen(target) > 1 {
				continue
			}
			status := c.status
			if status == 0 {
				status = 302
			}
			h := make([]string, len(c.header))
			for i, l := range c.header {
				h[i] = strings.ReplaceAll(l, "HOST", r.host)
			}
			return rawResponse(status, h...)
		}
		return rawResponse(200)
	})
	host := srv.host
	// withHost writes the server's address for HOST.
	withHost := func(o outcome) outcome {
		o.Requests = slices.Clone(o.Requests)
		for i := range o.Requests {
			o.Requests[i] = strings.ReplaceAll(o.Requests[i], "HOST", host)
		}
		o.URL = strings.ReplaceAll(o.URL, "HOST", host)
		return o
	}
	ctx := s.tab(t)
	base := "http://" + host
	rel := func(u string) string { return strings.TrimPrefix(u, base) }
	for _, c := range cases {
		startURL := base + "/r/" + c.name + "#start"
		if c.start != "" {
			startURL = base + "/r/" + c.name + c.start
		}
		c.fetch = withHost(c.fetch)
		if c.do != nil {
			*c.do = withHost(*c.do)
		}

		// webhttp.Do.
		srv.take()
		var body io.Reader
		if c.method != "" {
			body = strings.NewReader("body")
		}
		method := c.method
		if method == "" {
			method = "GET"
		}
		var got outcome
		req, err := webhttp.NewRequest(context.Background(), method, weburl.MustParse(startURL), body)
		if err != nil {
			t.Fatal(err)
		}
		if resp, err := webhttp.Do(nil, req); err != nil {
			got.Err = true
		} else {
			resp.Body.Close()
			got.Status, got.URL = resp.StatusCode, rel(webhttp.ResponseURL(resp).Href())
		}
		got.Requests = srv.take()
		want := c.fetch
		if c.do != nil {
			want = *c.do
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: webhttp.Do %v, want %v", c.name, got, want)
		}

		// fetch() from a page of the same origin.
		if err := chromedp.Do(ctx, chromedp.Navigate(base+"/page")); err != nil {
			t.Fatalf("loading the page: %v", err)
		}
		srv.take()
		init := "{}"
		if c.method != "" {
			init = fmt.Sprintf(`{method: %q, body: "body"}`, c.method)
		}
		type result struct {
			URL    string `json:"url"`
			Status int    `json:"status"`
			Err    string `json:"err"`
		}
		expr := fmt.Sprintf(`fetch(%s, %s).then((r) => ({url: r.url, status: r.status}), (e) => ({err: String(e)}))`, mustJSON(startURL), init)
		res, err := chromedp.Run(ctx, chromedp.Evaluate[result](expr, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatalf("%s: fetch(): %v", c.name, err)
		}
		got = outcome{Requests: srv.take(), Status: res.Status, URL: rel(res.URL), Err: res.Err != ""}
		want = c.fetch
		if f := strings.IndexByte(want.URL, '#'); f >= 0 {
			want.URL = want.URL[:f]
		}
		if c.api != nil {
			want = *c.api
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: Chromium's fetch() %v, want %v", c.name, got, want)
		}

		// A navigation (GET only).
		if c.method != "" {
			continue
		}
		srv.take()
		resp, err := chromedp.Run(ctx, chromedp.NavigateResponse(startURL))
		got = outcome{Err: err != nil}
		if err == nil {
			loc, err := chromedp.Run(ctx, chromedp.Location())
			if err != nil {
				t.Fatal(err)
			}
			got.Status, got.URL = int(resp.Status), rel(loc)
		} else if !errors.As(err, new(*chromedp.LoadError)) {
			t.Fatalf("%s: navigating: %v", c.name, err)
		}
		got.Requests = srv.take()
		want = c.fetch
		if c.nav != nil {
			want = *c.nav
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: Chromium's navigation %v, want %v", c.name, got, want)
		}
	}
}

// The redirect limit: fetch() and Do follow 20 redirects and fail at the
// 21st; a navigation in Chromium fails at the 20th.
func TestRedirectLimitAgainstChromium(t *testing.T) {
	s := start(t)
	srv := newRecorder(t, func(r *recorder, method, target string) string {
		f := strings.Split(target, "/") // /n/END/I
		if len(f) == 4 && f[1] == "n" {
			end, _ := strconv.Atoi(f[2])
			i, _ := strconv.Atoi(f[3])
			if i < end {
				return rawResponse(302, "Location: /n/"+f[2]+"/"+strconv.Itoa(i+1))
			}
		}
		return rawResponse(200)
	})
	ctx := s.tab(t)
	base := "http://" + srv.host
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/page")); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		end          int // redirects before a 200
		nav, api, do bool
	}{
		{19, true, true, true},
		{20, false, true, true},
		{21, false, false, false},
	} {
		u := fmt.Sprintf("%s/n/%d/0", base, tc.end)
		srv.take()
		req, _ := webhttp.NewRequest(context.Background(), "GET", weburl.MustParse(u), nil)
		resp, doErr := webhttp.Do(nil, req)
		if doErr == nil {
			resp.Body.Close()
		}
		doN := len(srv.take())
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`fetch(%q).then(() => true, () => false)`, u), chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatal(err)
		}
		apiN := len(srv.take())
		_, navErr := chromedp.Run(ctx, chromedp.NavigateResponse(u))
		navN := len(srv.take())
		// Success after every request; failure after the first response
		// over the limit.
		count := func(ok bool, limit int) int {
			if ok {
				return tc.end + 1
			}
			return limit + 1
		}
		if (doErr == nil) != tc.do || doN != count(tc.do, 20) {
			t.Errorf("%d redirects: webhttp.Do %v after %d requests, want success %v after %d", tc.end, doErr, doN, tc.do, count(tc.do, 20))
		}
		if ok != tc.api || apiN != count(tc.api, 20) {
			t.Errorf("%d redirects: fetch() %v after %d requests, want success %v after %d", tc.end, ok, apiN, tc.api, count(tc.api, 20))
		}
		if (navErr == nil) != tc.nav || navN != count(tc.nav, 19) {
			t.Errorf("%d redirects: a navigation %v after %d requests, want success %v after %d", tc.end, navErr, navN, tc.nav, count(tc.nav, 19))
		}
		if err := chromedp.Do(ctx, chromedp.Navigate(base+"/page")); err != nil {
			t.Fatal(err)
		}
	}
}
