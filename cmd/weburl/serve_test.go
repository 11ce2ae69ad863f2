package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestServe starts "weburl serve -addr 127.0.0.1:0", asks it for the page
// and a parse, is refused a GET and another site's POST, and stops it as an
// interrupt would.
func TestServe(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	var stderr bytes.Buffer
	code := make(chan int, 1)
	go func() {
		code <- serve(ctx, []string{"-addr", "127.0.0.1:0"}, pw, &stderr)
		pw.Close()
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatalf("no address printed: %v (stderr %q)", err, stderr.String())
	}
	addr, ok := strings.CutPrefix(strings.TrimSpace(line), "weburl playground: ")
	if !ok || !strings.HasPrefix(addr, "http://127.0.0.1:") {
		t.Fatalf("printed %q", line)
	}
	go io.Copy(io.Discard, pr)

	// One connection a request: a Transport's spare connection, dialed
	// and never used, would hold Shutdown for 5 s (net/http waits that
	// long for a new connection's first request).
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	resp, err := client.Get(addr)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !bytes.Contains(page, []byte("<title>weburl playground</title>")) {
		t.Errorf("GET /: %d %.80q", resp.StatusCode, page)
	}
	resp, err = client.Post(addr+"api/parse", "application/json", strings.NewReader(`{"url":"HTTPS://EXAMPLE.com/a/../b"}`))
	if err != nil {
		t.Fatal(err)
	}
	var answer struct{ Attributes struct{ Href string } }
	err = json.NewDecoder(resp.Body).Decode(&answer)
	resp.Body.Close()
	if err != nil || answer.Attributes.Href != "https://example.com/b" {
		t.Errorf("POST /api/parse: %v %+v", err, answer)
	}

	// Only the page's own questions: not by GET, not from another origin.
	resp, err = client.Get(addr + "api/parse?url=x")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("GET /api/parse: %d, want 405", resp.StatusCode)
	}
	req, _ := http.NewRequest("POST", addr+"api/parse", strings.NewReader(`{"url":"x"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", "https://evil.example")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	resp, err = client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Errorf("POST /api/parse from another site: %d, want 403", resp.StatusCode)
	}

	cancel()
	if c := <-code; c != exitOK {
		t.Errorf("exit status %d after the interrupt, want 0 (stderr %q)", c, stderr.String())
	}
}

func TestServeUsage(t *testing.T) {
	for _, args := range [][]string{{"extra"}, {"-addr", "no-port"}, {"-port", "1"}} {
		var stdout, stderr bytes.Buffer
		if c := serve(context.Background(), args, &stdout, &stderr); c != exitUsage {
			t.Errorf("serve %q: exit status %d, want %d (stderr %q)", args, c, exitUsage, stderr.String())
		}
	}
	var stdout, stderr bytes.Buffer
	if c := run([]string{"serve", "-h"}, nil, &stdout, &stderr); c != exitOK || !strings.Contains(stdout.String(), "-addr") {
		t.Errorf("serve -h: %d %q", c, stdout.String())
	}
}

func TestIsLoopback(t *testing.T) {
	for host, want := range map[string]bool{
		"127.0.0.1": true, "::1": true, "localhost": true, "127.1.2.3": true,
		"": false, "0.0.0.0": false, "::": false, "192.168.1.1": false, "example.com": false,
	} {
		if got := isLoopback(host); got != want {
			t.Errorf("isLoopback(%q) = %v, want %v", host, got, want)
		}
	}
}
