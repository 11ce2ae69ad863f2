package binsize

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// goCmd returns the go command that runs this test, to list and build
// packages with the same toolchain.
func goCmd(t *testing.T) string {
	t.Helper()
	goBin, err := exec.LookPath("go")
	if err != nil {
		// Only when the test binary runs outside the go command, with no
		// toolchain at hand; "go test" puts its own go first on PATH.
		t.Skipf("no go command to list and build packages with: %v", err)
	}
	return goBin
}

func run(t *testing.T, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = filepath.Join("..", "..") // the module root
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	out, err := cmd.Output()
	if err != nil {
		msg := ""
		if ee, ok := err.(*exec.ExitError); ok {
			msg = string(ee.Stderr)
		}
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, msg)
	}
	return string(out)
}

// heavy are the packages a program that parses URLs must not link.
var heavy = []string{"net/http", "crypto/tls"}

// TestNoNetHTTP: no library package of the module imports net/http or
// crypto/tls, directly or through another package (the Public Suffix List
// of golang.org/x/net/publicsuffix did, through net/http/cookiejar). The
// exceptions are webhttp, which is about net/http, robots (whose
// FromResponse reads an *http.Response: a crawler links net/http anyway),
// internal/playground,
// the server of weburl serve (internal: only the command links it), and
// the commands (package main: cmd/weburl, the generators), which are
// programs of their own and not linked into anyone's.
func TestNoNetHTTP(t *testing.T) {
	goBin := goCmd(t)
	out := run(t, goBin, "list", "-f", "{{.ImportPath}} {{.Name}} {{join .Deps \",\"}}", "./...")
	checked := 0
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 {
			t.Fatalf("go list: %q", line)
		}
		path, name := f[0], f[1]
		var deps []string
		if len(f) > 2 {
			deps = strings.Split(f[2], ",")
		}
		if name == "main" || strings.HasSuffix(path, "/webhttp") || strings.Contains(path, "/webhttp/") || strings.HasSuffix(path, "/robots") ||
			strings.HasSuffix(path, "/internal/playground") {
			continue
		}
		checked++
		for _, h := range heavy {
			if slices.Contains(deps, h) {
				t.Errorf("%s depends on %s; find the import with: go list -deps -f '{{.ImportPath}}: {{.Imports}}' %s", path, h, path)
			}
		}
	}
	if checked < 5 {
		t.Fatalf("only %d packages checked:\n%s", checked, out)
	}
	// The root package above all: a program that imports weburl.
	deps := strings.Fields(run(t, goBin, "list", "-deps", "-f", "{{.ImportPath}}", "github.com/weburl/weburl"))
	if !slices.Contains(deps, "github.com/weburl/weburl/internal/psl") {
		t.Errorf("weburl does not import internal/psl: the check above lists the wrong packages")
	}
}

// maxRatio bounds the size of ./parseonly over ./neturl, both built with
// -ldflags=-s -w: the floor. Measured: 2,105,506 against 1,732,770
// bytes (1.215) under Go 1.26.8, 2,093,216 against 1,720,480 (1.217) under
// Go 1.27.3; what is left over net/url's program is weburl's own code and
// the IDNA tables it needs (x/net/idna, x/text's norm and bidi). It was
// 1.36 and 1.44 while weburl imported encoding/json (for
// (*URL).UnmarshalJSON) and log/slog (for URL.LogValue), whose package
// initialization every program linked (217 KB and 37 KB under Go 1.27.3,
// 12 KB and 111 KB under Go 1.26.8), and while the query state reached
// the Encoding Standard's tables (internal/encoding, about 130 KB with
// its code) for Parser.Encoding whether it was set or not:
// TestLinkedOnlyWhenUsed keeps those out.
const maxRatio = 1.30

// TestParseOnlySize builds the two programs and compares their sizes,
// which are deterministic for one toolchain.
func TestParseOnlySize(t *testing.T) {
	if testing.Short() {
		t.Skip("builds two programs; -short leaves it out")
	}
	goBin := goCmd(t)
	dir := t.TempDir()
	size := map[string]int64{}
	for _, prog := range []string{"parseonly", "neturl"} {
		bin := filepath.Join(dir, prog)
		run(t, goBin, "build", "-trimpath", "-ldflags=-s -w", "-o", bin, "./internal/binsize/"+prog)
		fi, err := os.Stat(bin)
		if err != nil {
			t.Fatal(err)
		}
		size[prog] = fi.Size()
	}
	ratio := float64(size["parseonly"]) / float64(size["neturl"])
	t.Logf("%s: weburl.Parse program %d bytes, net/url.Parse program %d bytes: %.3f×",
		strings.TrimSpace(run(t, goBin, "env", "GOVERSION")), size["parseonly"], size["neturl"], ratio)
	if ratio > maxRatio {
		t.Errorf("a program that only calls weburl.Parse is %.3f× the size of one calling net/url.Parse (%d against %d bytes), over %.2f×",
			ratio, size["parseonly"], size["neturl"], maxRatio)
	}
	// The same program's packages: none of the heavy ones.
	deps := strings.Fields(run(t, goBin, "list", "-deps", "-f", "{{.ImportPath}}", "./internal/binsize/parseonly"))
	for _, h := range heavy {
		if slices.Contains(deps, h) {
			t.Errorf("./internal/binsize/parseonly links %s", h)
		}
	}
}

// unwanted are the packages whose code ./parseonly must not link, and
// why: the Encoding Standard's encoders are for a Parser with an
// Encoding, and encoding/json and log/slog come with package
// initialization that every program linking them pays for.
var unwanted = []string{
	"github.com/weburl/weburl/internal/encoding.",
	"encoding/json.",
	"log/slog.",
}

// symbols builds pkg with its symbol table and returns the names that go
// tool nm lists.
func symbols(t *testing.T, goBin, dir, pkg string) []string {
	t.Helper()
	bin := filepath.Join(dir, filepath.Base(pkg))
	run(t, goBin, "build", "-trimpath", "-o", bin, pkg)
	var names []string
	for _, line := range strings.Split(run(t, goBin, "tool", "nm", bin), "\n") {
		if f := strings.Fields(line); len(f) >= 3 {
			names = append(names, strings.Join(f[2:], " "))
		}
	}
	if len(names) < 1000 {
		t.Fatalf("go tool nm %s: only %d symbols", pkg, len(names))
	}
	return names
}

// linked returns the first symbol of names in package prefix pkgDot
// (functions, methods, variables), or "".
func linked(names []string, pkgDot string) string {
	for _, n := range names {
		if strings.HasPrefix(n, pkgDot) || strings.HasPrefix(n, "type:"+pkgDot) {
			return n
		}
	}
	return ""
}

// TestLinkedOnlyWhenUsed: a program that only calls weburl.Parse links
// none of the unwanted packages' code, though weburl imports
// internal/encoding (the linker drops what no call reaches), and a
// program whose Parser has an Encoding does link the encoders, so that
// the first check looks where the symbols would be.
func TestLinkedOnlyWhenUsed(t *testing.T) {
	if testing.Short() {
		t.Skip("builds two programs; -short leaves it out")
	}
	goBin := goCmd(t)
	dir := t.TempDir()
	parseOnly := symbols(t, goBin, dir, "./internal/binsize/parseonly")
	if linked(parseOnly, "github.com/weburl/weburl.") == "" {
		t.Fatal("./parseonly links no symbol of weburl: the names are not as this test expects")
	}
	for _, u := range unwanted {
		if s := linked(parseOnly, u); s != "" {
			t.Errorf("./internal/binsize/parseonly links %s (%s); find the call that reaches it with: go build -ldflags=-dumpdep ./internal/binsize/parseonly 2>&1 | grep -F %q", strings.TrimSuffix(u, "."), s, strings.TrimSuffix(u, "."))
		}
	}
	legacy := symbols(t, goBin, dir, "./internal/binsize/legacyparse")
	if s := linked(legacy, unwanted[0]); s == "" {
		t.Errorf("./internal/binsize/legacyparse, whose Parser has an Encoding, links no symbol of internal/encoding")
	}
}
