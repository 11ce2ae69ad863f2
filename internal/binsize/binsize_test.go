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
// exceptions are webhttp, which is about net/http, internal/playground,
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
		if name == "main" || strings.HasSuffix(path, "/webhttp") || strings.Contains(path, "/webhttp/") ||
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
// -ldflags=-s -w. The floor is 1.3; weburl's own code and its IDNA
// tables (x/net/idna, x/text's norm and bidi) come to about 1.26 (Go
// 1.26.8 and 1.27.3), and the rest is encoding/json and log/slog, which
// weburl imports for (*URL).UnmarshalJSON and URL.LogValue: both link the
// packages' init work, 217 KB and 37 KB under Go 1.27.3. Until those
// imports go this bound guards against any further growth.
const maxRatio = 1.45

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
