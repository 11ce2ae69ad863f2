// Package headless runs a tool's queries in headless Chromium: a page
// whose script reads the queries as JSON, answers each, and writes the
// answers as JSON into <pre id="out">, which --dump-dom prints.
package headless

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"time"
)

// ErrHung is Run's error when Chromium has not answered in time: a crash
// of its renderer leaves --dump-dom waiting for ever.
var ErrHung = errors.New("no answer in time")

var outPre = regexp.MustCompile(`(?s)<pre id="out">(.*?)</pre>`)

// Run runs page, an HTML page with one %s where the queries go as a
// JavaScript value, in chromium with a fresh profile (no earlier run's
// state and no network in the answers), and returns the answers, one per
// query. flags are added to Chromium's; a run longer than timeout ends
// with ErrHung.
func Run[Q, A any](chromium, page string, queries []Q, timeout time.Duration, flags ...string) ([]A, error) {
	js, err := json.Marshal(queries) // escapes <, > and &: safe in a script
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "headless")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "page.html")
	if err := os.WriteFile(path, []byte(fmt.Sprintf(page, js)), 0o644); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	args := append([]string{"--headless", "--no-sandbox", "--disable-gpu",
		"--disable-quic", "--no-first-run", "--disable-background-networking",
		"--disable-component-update", "--disable-sync",
		"--user-data-dir=" + filepath.Join(dir, "profile")}, flags...)
	cmd := exec.CommandContext(ctx, chromium, append(args, "--dump-dom", "file://"+path)...)
	// The renderers, killed with the browser, may hold its output a moment.
	cmd.WaitDelay = 5 * time.Second
	out, err := cmd.Output()
	if ctx.Err() != nil {
		return nil, fmt.Errorf("%s on %d queries: %w", chromium, len(queries), ErrHung)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", chromium, err)
	}
	m := outPre.FindSubmatch(out)
	if m == nil {
		return nil, fmt.Errorf("%s: no answers in the page", chromium)
	}
	var answers []A
	if err := json.Unmarshal([]byte(html.UnescapeString(string(m[1]))), &answers); err != nil {
		return nil, err
	}
	if len(answers) != len(queries) {
		return nil, fmt.Errorf("%s answered %d of %d queries", chromium, len(answers), len(queries))
	}
	return answers, nil
}
