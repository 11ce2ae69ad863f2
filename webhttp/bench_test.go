package webhttp

import (
	"context"
	"net/http"
	"testing"

	"github.com/weburl/weburl"
)

// chainTransport answers /end with a 200 and any other path with a 302
// to /end, without a network.
type chainTransport struct{}

func (c chainTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	p := req.URL.Path
	if req.URL.Opaque != "" {
		p = req.URL.Opaque
	}
	if p == "/end" {
		return &http.Response{StatusCode: 200, Header: http.Header{}, Body: http.NoBody, Request: req}, nil
	}
	return &http.Response{StatusCode: 302, Header: http.Header{"Location": {"/end"}}, Body: http.NoBody, Request: req}, nil
}

func BenchmarkNewRequest(b *testing.B) {
	u := weburl.MustParse("https://example.com/a/b?c=d")
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := NewRequest(ctx, "GET", u, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// One redirect, followed by Do and by an http.Client on a Transport.
func BenchmarkRedirect(b *testing.B) {
	u := weburl.MustParse("https://example.com/start")
	ctx := context.Background()
	for _, e := range []struct {
		name string
		do   func(*http.Request) (*http.Response, error)
	}{
		{"Do", func(req *http.Request) (*http.Response, error) {
			return Do(&http.Client{Transport: chainTransport{}}, req)
		}},
		{"Transport", (&http.Client{Transport: &Transport{Base: chainTransport{}}}).Do},
	} {
		b.Run(e.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				req, _ := NewRequest(ctx, "GET", u, nil)
				resp, err := e.do(req)
				if err != nil || resp.StatusCode != 200 {
					b.Fatal(resp, err)
				}
			}
		})
	}
}
