package weburl

import (
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"
)

// securityRow is a row of the table in SECURITY.md.
type securityRow struct {
	input, base       string
	href, failure     string // one of the two is set
	host              string
	netHost           string
	netError, hasBase bool
}

// readSecurityTable reads the differential table of SECURITY.md, so that
// the page and the test cannot drift apart.
func readSecurityTable(t *testing.T) []securityRow {
	data, err := os.ReadFile("SECURITY.md")
	if err != nil {
		t.Fatal(err)
	}
	unquote := func(cell string) string {
		s, err := strconv.Unquote(strings.Trim(cell, "`"))
		if err != nil {
			t.Fatalf("cell %s: %v", cell, err)
		}
		return s
	}
	var rows []securityRow
	inTable := false
	for line := range strings.Lines(string(data)) {
		line = strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, "| input |"):
			inTable = true
			continue
		case !inTable || strings.HasPrefix(line, "| ---"):
			continue
		case !strings.HasPrefix(line, "|"):
			inTable = false
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|") // no cell holds a "|"
		if len(cells) != 6 {
			t.Fatalf("row %q has %d cells", line, len(cells))
		}
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		r := securityRow{input: unquote(cells[0])}
		if cells[1] != "" {
			r.base, r.hasBase = unquote(cells[1]), true
		}
		if name, ok := strings.CutPrefix(cells[2], "failure: "); ok {
			r.failure = strings.Trim(name, "`")
		} else {
			r.href = unquote(cells[2])
		}
		r.host = strings.Trim(cells[3], "`")
		if cells[4] == "error" {
			r.netError = true
		} else {
			r.netHost = strings.Trim(cells[4], "`")
		}
		rows = append(rows, r)
	}
	if len(rows) < 20 {
		t.Fatalf("read %d rows from SECURITY.md", len(rows))
	}
	return rows
}

func TestSecurityTable(t *testing.T) {
	for _, r := range readSecurityTable(t) {
		// weburl's answer.
		var u *URL
		var err error
		if r.hasBase {
			u, err = ParseRef(r.input, r.base)
		} else {
			u, err = Parse(r.input)
		}
		switch {
		case r.failure != "":
			var pe *Error
			if err == nil {
				t.Errorf("weburl: %q = %q, want failure %s", r.input, u.Href(), r.failure)
			} else if !asError(err, &pe) || string(nameOf(pe)) != r.failure {
				t.Errorf("weburl: %q: %v, want %s", r.input, err, r.failure)
			}
		case err != nil:
			t.Errorf("weburl: %q: %v", r.input, err)
		case u.Href() != r.href || u.Hostname() != r.host:
			t.Errorf("weburl: %q = %q host %q, want %q host %q", r.input, u.Href(), u.Hostname(), r.href, r.host)
		}
		// net/url's answer, as net/http would see it.
		var nu *url.URL
		if r.hasBase {
			var b *url.URL
			if b, err = url.Parse(r.base); err == nil {
				nu, err = b.Parse(r.input)
			}
		} else {
			nu, err = url.Parse(r.input)
		}
		switch {
		case r.netError && err == nil:
			t.Errorf("net/url: %q parses, host %q; the table says error", r.input, nu.Hostname())
		case !r.netError && err != nil:
			t.Errorf("net/url: %q: %v; the table says host %q", r.input, err, r.netHost)
		case !r.netError && nu.Hostname() != r.netHost:
			t.Errorf("net/url: %q host %q; the table says %q", r.input, nu.Hostname(), r.netHost)
		}
	}
}

func asError(err error, pe **Error) bool {
	e, ok := err.(*Error)
	*pe = e
	return ok
}

// checkNetURLAgrees asserts SECURITY.md's promise: net/url reads the href of
// an http, https, ws or wss URL with the same host and port, or fails.
func checkNetURLAgrees(t *testing.T, u *URL) {
	t.Helper()
	switch u.Scheme() {
	case "http", "https", "ws", "wss":
	default:
		return
	}
	nu, err := url.Parse(u.Href())
	if err != nil {
		return // failing closed is fine
	}
	if host := strings.TrimSuffix(strings.TrimPrefix(u.Hostname(), "["), "]"); nu.Hostname() != host || nu.Port() != u.Port() {
		t.Fatalf("href %q: net/url sees host %q port %q, weburl %q %q", u.Href(), nu.Hostname(), nu.Port(), host, u.Port())
	}
}
