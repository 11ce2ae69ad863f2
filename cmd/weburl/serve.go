package main

import (
	"context"
	"errors"
	"flag"
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
)

// runServe is "weburl serve": the playground page until interrupted.
func runServe(args []string, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return serve(ctx, args, stdout, stderr)
}

// serve listens where -addr says, prints the page's address, and serves
// until ctx is done.
func serve(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("weburl serve", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	addr := fs.String("addr", "127.0.0.1:8080", "listen on `host:port`; a host other than loopback lets other machines in")
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprintln(stdout, "usage: weburl serve [-addr 127.0.0.1:8080]")
		fmt.Fprintln(stdout, "Serves the playground: a URL as weburl parses it beside your browser's new URL().")
		fmt.Fprintln(stdout)
		fs.SetOutput(stdout)
		fs.PrintDefaults()
		return exitOK
	}
	if err == nil && fs.NArg() > 0 {
		err = fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if err != nil {
		fmt.Fprintf(stderr, "weburl serve: %v\n", err)
		fmt.Fprintln(stderr, "run weburl serve -h for help")
		return exitUsage
	}
	host, _, err := net.SplitHostPort(*addr)
	if err != nil {
		fmt.Fprintf(stderr, "weburl serve: -addr %q: %v\n", *addr, err)
		return exitUsage
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "weburl serve: %v\n", err)
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
