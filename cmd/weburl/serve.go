package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/weburl/weburl/internal/playground"
	"github.com/weburl/weburl/internal/quote"
)

const serveUsage = "[-addr 127.0.0.1:8080]"

const serveHelp = `
weburl serve serves the playground until interrupted: one page that shows a
URL as weburl parses it beside the visiting browser's own new URL() and Go's
net/url, every attribute with each difference flagged, the validation errors
marked in the input, the search params, the *url.URL of url.Parse and of
weburl's NetURL, the request net/http sends for each (request line, Host,
Authorization), a data: URL's MIME type and body (text, or a hex dump and a
preview of an image; the first 4,096 bytes shown), origin, public suffix,
registrable domain, Display, the canon.Crawler key and the SURT, any setter
with its new href and error, and a URLPattern tester with weburl's groups
beside the browser's. The view lives in the page's fragment
(#url=...&base=...), so a link reproduces it; /?url=...&base=... opens one
too, as a search keyword of a browser writes it.

	$ weburl serve
	weburl playground: http://127.0.0.1:8080/

The page and its script are embedded in the command and load nothing from
elsewhere. The server answers only the page's own questions: by POST, from
the page's own origin (a request that another site's page makes, by fetch, a
form or an image, is refused), to a Host header on loopback, four at a time,
each within 5 seconds. -addr with a host other than loopback lets other
machines in, and weburl serve says so on standard error. The exit status is 0
after an interrupt, 1 when it cannot listen, 2 for bad usage.
`

// runServe is "weburl serve": the playground page until interrupted.
func runServe(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return serve(ctx, args, stdout, stderr)
}

// serve listens where -addr says, prints the page's address, and serves
// until ctx is done.
func serve(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlags("weburl serve")
	addr := fs.String("addr", "127.0.0.1:8080", "listen on `host:port`; a host other than loopback lets other machines in")
	err := fs.Parse(args)
	if err != nil {
		err = flagError(err, args)
	}
	if err == nil && fs.NArg() > 0 {
		err = fmt.Errorf("unexpected argument %s", quote.String(fs.Arg(0)))
	}
	if code, done := commandLineDone(fs, err, []string{"weburl serve " + serveUsage}, serveHelp, stdout, stderr); done {
		return code
	}
	host, _, err := net.SplitHostPort(*addr)
	if err != nil {
		fmt.Fprintf(stderr, "weburl serve: -addr %s: %s\n", quote.String(*addr), cutInputs(err.Error(), *addr))
		return exitUsage
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "weburl serve: %s\n", cutInputs(err.Error(), *addr, host))
		return exitFailed
	}
	loopback := isLoopback(host)
	if !loopback {
		fmt.Fprintf(stderr, "weburl serve: %s is not a loopback address: any machine that reaches it can use the playground\n", *addr)
	}
	srv := playground.NewServer(playground.Handler(playground.Options{AnyHost: !loopback}))
	fmt.Fprintf(stdout, "weburl playground: http://%s/\n", ln.Addr())

	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err = <-done:
	case <-ctx.Done():
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		err = srv.Shutdown(shutdown)
		if serveErr := <-done; !errors.Is(serveErr, http.ErrServerClosed) && err == nil {
			err = serveErr
		}
	}
	if err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(stderr, "weburl serve: %v\n", err)
		return exitFailed
	}
	return exitOK
}

// isLoopback reports whether a listening host reaches only this machine;
// an empty host listens everywhere.
func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
