package webhttp

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/dataurl"
	"github.com/weburl/weburl/internal/alloctest"
	"github.com/weburl/weburl/internal/wptdata"
)

// noNetwork is a RoundTripper, cookie jar and CheckRedirect that count
// their calls: a data: URL must reach none of them.
type noNetwork struct{ calls int }

func (n *noNetwork) RoundTrip(*http.Request) (*http.Response, error) {
	n.calls++
	return nil, errors.New("no network in this test")
}
func (n *noNetwork) SetCookies(*url.URL, []*http.Cookie) { n.calls++ }
func (n *noNetwork) Cookies(*url.URL) []*http.Cookie     { n.calls++; return nil }

func (n *noNetwork) client() *http.Client {
	return &http.Client{Transport: n, Jar: n, CheckRedirect: func(*http.Request, []*http.Request) error {
		n.calls++
		return nil
	}}
}

// closeCounter is a request body that counts its Close calls.
type closeCounter struct {
	io.Reader
	closed int
}

func (c *closeCounter) Close() error { c.closed++; return nil }

// A data: URL, with any method, is answered as Fetch's scheme fetch
// answers it, without a network. The expected responses are those of
// Node 20's fetch() (undici, which follows Fetch's steps) for the same URL
// and method: status 200, status text "OK", one header, Content-Type.
func TestDoDataURL(t *testing.T) {
	forEachEntry(t, func(t *testing.T, do doFunc) {
		for _, tc := range []struct {
			url, method, body string // body: the request's
			typ, want         string
		}{
			{"data:,hi", "GET", "", "text/plain;charset=US-ASCII", "hi"},
			{"data:text/html;charset=x;base64,aGk=", "POST", "x", "text/html;charset=x", "hi"},
			{"data:,hi", "PUT", "x", "text/plain;charset=US-ASCII", "hi"},
			{`data:x/y;a="b",z`, "DELETE", "", "x/y;a=b", "z"},
			{"data:image/png;base64,iVBORw0KGgo=", "GET", "", "image/png", "\x89PNG\r\n\x1a\n"},
			// The processor reads the URL without its fragment.
			{"data:,a%20b#frag", "GET", "", "text/plain;charset=US-ASCII", "a b"},
			// A parameter without "=" is skipped; the body is bytes,
			// percent-decoded, never read as text.
			{"data:text/html;;x/y,%FF%00", "GET", "", "text/html", "\xff\x00"},
			// A type that does not parse is text/plain;charset=US-ASCII.
			{"data:/html,x", "PATCH", "", "text/plain;charset=US-ASCII", "x"},
			// The empty method is GET, as net/http reads it.
			{"data:,", "", "", "text/plain;charset=US-ASCII", ""},
		} {
			var n noNetwork
			u := weburl.MustParse(tc.url)
			var rb *closeCounter
			var body io.Reader
			if tc.body != "" {
				rb = &closeCounter{Reader: strings.NewReader(tc.body)}
				body = rb
			}
			req, err := NewRequest(context.Background(), tc.method, u, body)
			if err != nil {
				t.Fatalf("NewRequest(%s %s): %v", tc.method, tc.url, err)
			}
			resp, err := do(n.client(), req)
			if err != nil {
				t.Errorf("%s %s: %v", tc.method, tc.url, err)
				continue
			}
			got, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != 200 || resp.Status != "200 OK" || len(resp.Header) != 1 || resp.Header.Get("Content-Type") != tc.typ || string(got) != tc.want {
				t.Errorf("%s %s: %q %v %q, want \"200 OK\", Content-Type %q only, %q", tc.method, tc.url, resp.Status, resp.Header, got, tc.typ, tc.want)
			}
			if resp.ContentLength != int64(len(tc.want)) {
				t.Errorf("%s %s: ContentLength %d, want %d", tc.method, tc.url, resp.ContentLength, len(tc.want))
			}
			if r := ResponseURL(resp); r == nil || r.Href() != u.Href() {
				t.Errorf("%s %s: ResponseURL %v, want the URL itself", tc.method, tc.url, r)
			}
			if n.calls != 0 {
				t.Errorf("%s %s: %d calls of the Transport, Jar or CheckRedirect, want none", tc.method, tc.url, n.calls)
			}
			if rb != nil && rb.closed != 1 {
				t.Errorf("%s %s: the request body was closed %d times, want once", tc.method, tc.url, rb.closed)
			}
		}
	})
}

// Fetch's main fetch gives a response to HEAD or CONNECT no body (Node
// 20's fetch: HEAD data:,hi is 200 with the Content-Type and ""); its
// ContentLength is what a GET reads, as for net/http's HEAD responses.
func TestDoDataURLHead(t *testing.T) {
	forEachEntry(t, func(t *testing.T, do doFunc) {
		for _, method := range []string{"HEAD", "CONNECT"} {
			var n noNetwork
			req, err := NewRequest(context.Background(), method, weburl.MustParse("data:text/css,a{}"), nil)
			if err != nil {
				t.Fatal(err)
			}
			resp, err := do(n.client(), req)
			if err != nil {
				t.Fatalf("%s: %v", method, err)
			}
			got, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "text/css" || len(got) != 0 || resp.ContentLength != 3 {
				t.Errorf("%s: %d %v %q ContentLength %d, want 200 text/css, no body, ContentLength 3", method, resp.StatusCode, resp.Header, got, resp.ContentLength)
			}
		}
	})
}

// A data: URL that the processor refuses is an error naming the URL, a
// *url.Error around the *dataurl.Error (Node 20's fetch rejects the same
// URLs: "failed to fetch the data URL").
func TestDoDataURLErrors(t *testing.T) {
	forEachEntry(t, func(t *testing.T, do doFunc) {
		for _, tc := range []struct{ url, reason string }{
			{"data:text/plain", "no U+002C (,) follows the MIME type"},
			{"data:;base64,%", "the body does not decode as forgiving base64"},
			{"data:;base64,aGk", ""}, // decodes: "hi"
			{"data:;base64,a", "the body does not decode as forgiving base64"},
		} {
			var n noNetwork
			u := weburl.MustParse(tc.url)
			rb := &closeCounter{Reader: strings.NewReader("x")}
			req, err := NewRequest(context.Background(), "POST", u, rb)
			if err != nil {
				t.Fatal(err)
			}
			resp, err := do(n.client(), req)
			if tc.reason == "" {
				if err != nil {
					t.Errorf("%s: %v", tc.url, err)
				} else {
					resp.Body.Close()
				}
				continue
			}
			var ue *url.Error
			var de *dataurl.Error
			if err == nil || resp != nil || !errors.As(err, &ue) || !errors.As(err, &de) {
				t.Errorf("%s: %v, %v; want a *url.Error wrapping a *dataurl.Error", tc.url, resp, err)
				continue
			}
			if ue.Op != "Post" || ue.URL != tc.url || !strings.Contains(err.Error(), strconv.Quote(tc.url)) || !strings.Contains(err.Error(), tc.reason) {
				t.Errorf("%s: %q (Op %q, URL %q), want it to name the URL and say %q", tc.url, err, ue.Op, ue.URL, tc.reason)
			}
			if n.calls != 0 || rb.closed != 1 {
				t.Errorf("%s: %d calls of the Transport, Jar or CheckRedirect, the body closed %d times; want none and once", tc.url, n.calls, rb.closed)
			}
		}

		// A canceled fetch is a network error (scheme fetch, step 1).
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		req, _ := NewRequest(ctx, "GET", weburl.MustParse("data:,x"), nil)
		if resp, err := do(nil, req); !errors.Is(err, context.Canceled) {
			t.Errorf("a canceled context: %v, %v; want context.Canceled", resp, err)
		}
	})
}

// A request net/http made (http.NewRequest of a data: URL) is read with
// weburl.FromNetURL and answered the same way.
func TestDoDataURLNetHTTPRequest(t *testing.T) {
	forEachEntry(t, func(t *testing.T, do doFunc) {
		req, err := http.NewRequest("GET", "data:text/plain;charset=utf-8,caf%C3%A9", nil)
		if err != nil {
			t.Fatal(err)
		}
		var n noNetwork
		resp, err := do(n.client(), req)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(resp.Body)
		if resp.Header.Get("Content-Type") != "text/plain;charset=utf-8" || string(got) != "café" || n.calls != 0 {
			t.Errorf("%v %q, %d calls; want text/plain;charset=utf-8, café, none", resp.Header, got, n.calls)
		}
	})
}

// Every data: URL of WPT's fetch/data-urls vectors (testdata/fetch) goes
// through NewRequest and Do as processing.any.js fetches it: a failure
// exactly where the type is null, else 200, that Content-Type and the
// bytes. Inputs that are no URL fail at weburl.Parse, before webhttp.
func TestDoWPTDataURLs(t *testing.T) {
	lines, err := wptdata.Read(filepath.Join("..", "testdata", "fetch", "data-urls.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) != 78 {
		t.Fatalf("data-urls.tsv: %d cases, want 78", len(lines))
	}
	var n noNetwork
	c := n.client()
	for _, l := range lines {
		input, typ := l.Fields[0].String(), l.Fields[1].Value
		u, err := weburl.Parse(input)
		if err != nil {
			if typ != nil {
				t.Errorf("data-urls.tsv:%d: %q does not parse: %v", l.N, input, err)
			}
			continue
		}
		req, err := NewRequest(context.Background(), "GET", u, nil)
		if err != nil {
			t.Errorf("data-urls.tsv:%d: NewRequest(%q): %v", l.N, input, err)
			continue
		}
		resp, err := Do(c, req)
		if typ == nil {
			if err == nil {
				resp.Body.Close()
				t.Errorf("data-urls.tsv:%d: Do(%q) = %s, want a failure", l.N, input, resp.Status)
			}
			continue
		}
		if err != nil {
			t.Errorf("data-urls.tsv:%d: Do(%q): %v", l.N, input, err)
			continue
		}
		got, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if want := l.Fields[2].String(); resp.StatusCode != 200 || resp.Header.Get("Content-Type") != *typ || !bytes.Equal(got, []byte(want)) {
			t.Errorf("data-urls.tsv:%d: Do(%q) = %d %q %q, want 200 %q %q", l.N, input, resp.StatusCode, resp.Header.Get("Content-Type"), got, *typ, want)
		}
	}
	if n.calls != 0 {
		t.Errorf("%d calls of the Transport, Jar or CheckRedirect, want none", n.calls)
	}
}

// A redirect to a data: URL is a network error (HTTP-redirect fetch, step
// 6: the location URL's scheme is no HTTP(S) scheme), whatever the status
// and method, and nothing is sent after the redirect; CheckRedirect cannot
// turn a hop into a data: URL either. A data: URL fetched first through
// the same client sends nothing.
func TestDoRedirectToDataURL(t *testing.T) {
	forEachEntry(t, func(t *testing.T, do doFunc) {
		s := listen(t)
		answer := make(chan string, 1)
		s.serve(func(*rawRequest) string { return <-answer })
		c := newClient(t)
		for _, tc := range []struct {
			status      int
			method, loc string
		}{
			{302, "GET", "data:,x"},
			{301, "POST", "DATA:text/html,<script>alert(1)</script>"},
			{307, "PUT", "data:image/png;base64,iVBORw0KGgo="},
			{303, "DELETE", " data:,x"}, // the URL parser strips leading spaces
		} {
			answer <- response(tc.status, "redirect body", "Location: "+tc.loc)
			before := len(s.requests())
			req, _ := NewRequest(context.Background(), tc.method, weburl.MustParse(s.url("/start")), strings.NewReader("b"))
			resp, err := do(c, req)
			if err == nil {
				resp.Body.Close()
				t.Errorf("%d to %q: followed", tc.status, tc.loc)
				continue
			}
			var we *Error
			if !errors.As(err, &we) || we.Op != "redirect" || we.URL != strings.TrimSpace(tc.loc) || !errors.Is(err, ErrNotHTTP) {
				t.Errorf("%d to %q: %v; want an *Error naming the Location, ErrNotHTTP", tc.status, tc.loc, err)
			}
			if got := len(s.requests()) - before; got != 1 {
				t.Errorf("%d to %q: %d requests, want 1", tc.status, tc.loc, got)
			}
		}

		before := len(s.requests())
		resp, body := getWith(t, do, c, "data:,direct")
		if body != "direct" || resp.StatusCode != 200 || len(s.requests()) != before {
			t.Errorf("data:,direct through the loopback client: %d %q, %d requests; want 200 \"direct\", none", resp.StatusCode, body, len(s.requests())-before)
		}

		// CheckRedirect's change of the next hop to a data: URL (Do
		// only: a Transport's Client sees no redirect).
		if isTransport(t) {
			return
		}
		answer <- redirect(302, "/next")
		before = len(s.requests())
		cc := *c
		cc.CheckRedirect = func(next *http.Request, _ []*http.Request) error {
			next.URL = &url.URL{Scheme: "data", Opaque: ",x"}
			return nil
		}
		req, _ := NewRequest(context.Background(), "GET", weburl.MustParse(s.url("/start")), nil)
		if resp, err := do(&cc, req); !errors.Is(err, ErrNotHTTP) {
			t.Errorf("CheckRedirect to data:,x: %v, %v; want an error", resp, err)
		}
		if got := len(s.requests()) - before; got != 1 {
			t.Errorf("CheckRedirect to data:,x: %d requests, want 1", got)
		}

	})
}

// A data: URL costs memory linear in its length through Do, on the shapes
// that stress the processor (1 MiB of base64, of escapes, of ';' in the
// type, of whitespace in a base64 body): allocated bytes are counted at
// two sizes, one double the other, never timed.
func TestDoDataURLLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("1 MiB data: URLs; skipped with -short")
	}
	for _, tc := range []struct {
		name string
		make func(n int) string
	}{
		{"base64", func(n int) string { return "data:;base64," + strings.Repeat("QUJD", n/4) }},
		{"escapes", func(n int) string { return "data:," + strings.Repeat("%41", n/3) }},
		{"semicolons", func(n int) string { return "data:text/plain" + strings.Repeat(";", n) + ",x" }},
		{"spaced base64", func(n int) string { return "data:;base64," + strings.Repeat("QU%20JD", n/6) }},
	} {
		var per [2]float64
		for i, n := range []int{512 << 10, 1 << 20} {
			u := weburl.MustParse(tc.make(n))
			req, err := NewRequest(context.Background(), "GET", u, nil)
			if err != nil {
				t.Fatal(err)
			}
			var resp *http.Response
			b := alloctest.Bytes(func() { resp, err = Do(nil, req) })
			if err != nil {
				t.Fatalf("%s at %d bytes: %v", tc.name, n, err)
			}
			if resp.ContentLength > int64(len(u.Href())) {
				t.Errorf("%s at %d bytes: a body of %d bytes, longer than the URL", tc.name, n, resp.ContentLength)
			}
			per[i] = float64(b) / float64(n)
		}
		// Linear: as many bytes per input byte at twice the size, with
		// room for the runtime's noise; bounded: the processor's copies
		// (the URL without its fragment, the decoded body) and no more.
		if per[1] > 1.25*per[0]+1 || per[1] > 8 {
			t.Errorf("%s: %.1f bytes allocated per URL byte at 512 KiB, %.1f at 1 MiB", tc.name, per[0], per[1])
		}
		t.Logf("%s: %.1f bytes allocated per URL byte at 1 MiB", tc.name, per[1])
	}
}
