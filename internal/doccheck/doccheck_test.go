package doccheck

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// block is one ```go block of a Markdown file.
type block struct {
	file string // relative to the repository's root
	line int    // of the block's first line of code
	code string
}

// blocks returns the Go blocks of README.md and docs/*.md under root.
func blocks(t *testing.T, root string) []block {
	files, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	files = append([]string{filepath.Join(root, "README.md")}, files...)
	var out []block
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, f)
		var cur *block
		var code strings.Builder
		for i, line := range strings.Split(string(data), "\n") {
			trimmed := strings.TrimSpace(line)
			switch {
			case cur == nil && trimmed == "```go":
				cur = &block{file: rel, line: i + 2}
				code.Reset()
			case cur != nil && trimmed == "```":
				cur.code = code.String()
				out = append(out, *cur)
				cur = nil
			case cur != nil:
				code.WriteString(line + "\n")
			}
		}
		if cur != nil {
			t.Errorf("%s:%d: a ```go block with no end", rel, cur.line)
		}
	}
	return out
}

// known are the packages a body block may use by name without importing
// them.
var known = map[string]string{
	"bufio": "bufio", "bytes": "bytes", "context": "context", "errors": "errors",
	"fmt": "fmt", "io": "io", "json": "encoding/json", "log": "log",
	"http": "net/http", "netip": "net/netip", "os": "os", "slices": "slices",
	"strings": "strings", "time": "time", "url": "net/url",
	"weburl": "github.com/weburl/weburl", "canon": "github.com/weburl/weburl/canon",
	"dataurl": "github.com/weburl/weburl/dataurl", "links": "github.com/weburl/weburl/links",
	"mimetype": "github.com/weburl/weburl/mimetype", "robots": "github.com/weburl/weburl/robots",
	"sitemap": "github.com/weburl/weburl/sitemap", "urlpattern": "github.com/weburl/weburl/urlpattern",
	"webhttp": "github.com/weburl/weburl/webhttp",
}

var (
	importLine = regexp.MustCompile(`^import\s+(?:\w+\s+)?"([^"]+)"\s*$`)
	importPath = regexp.MustCompile(`^\s*(?:\w+\s+)?"([^"]+)"\s*$`)
	useOf      = regexp.MustCompile(`(?:^|[^\w.])([a-z]\w*)\.[A-Z]`)
)

// bodyFile returns the file made of a body block: its imports, those it
// uses by name, and the rest as the body of a function.
func bodyFile(code string) string {
	lines := strings.Split(code, "\n")
	var imports []string
	i := 0
	for ; i < len(lines); i++ {
		l := strings.TrimSpace(lines[i])
		if m := importLine.FindStringSubmatch(l); m != nil {
			imports = append(imports, strings.TrimPrefix(l, "import "))
			continue
		}
		if l == "import (" {
			for i++; i < len(lines) && strings.TrimSpace(lines[i]) != ")"; i++ {
				if s := strings.TrimSpace(lines[i]); s != "" {
					imports = append(imports, s)
				}
			}
			continue
		}
		if l != "" {
			break
		}
	}
	body := strings.Join(lines[i:], "\n")
	have := map[string]bool{}
	for _, imp := range imports {
		if m := importPath.FindStringSubmatch(imp); m != nil {
			have[m[1]] = true
		}
	}
	for _, m := range useOf.FindAllStringSubmatch(body, -1) {
		if p, ok := known[m[1]]; ok && !have[p] {
			have[p] = true
			imports = append(imports, `"`+p+`"`)
		}
	}
	slices.Sort(imports)
	var b strings.Builder
	b.WriteString("package block\n\nimport (\n")
	for _, imp := range imports {
		b.WriteString("\t" + imp + "\n")
	}
	b.WriteString(")\n\nfunc block() error {\n")
	b.WriteString("//line block:1\n")
	b.WriteString(body)
	b.WriteString("\nreturn nil\n}\n")
	return b.String()
}

// wantOutput returns the lines of a file block's "// Output:" comment,
// and whether it has one.
func wantOutput(code string) (string, bool) {
	_, after, ok := strings.Cut(code, "// Output:")
	if !ok {
		return "", false
	}
	var b strings.Builder
	if first := strings.TrimSpace(strings.SplitN(after, "\n", 2)[0]); first != "" {
		b.WriteString(first + "\n") // "// Output: x" on one line
	}
	for _, l := range strings.Split(after, "\n")[1:] {
		l = strings.TrimSpace(l)
		if !strings.HasPrefix(l, "//") {
			break
		}
		b.WriteString(strings.TrimPrefix(strings.TrimPrefix(l, "//"), " ") + "\n")
	}
	return b.String(), true
}

// TestDocBlocks builds every Go block of README.md and docs/*.md (see the
// package doc for the rule) in a module of its own that requires this one
// by a replace, offline.
func TestDocBlocks(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the documentation's blocks with the go command")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command:", err)
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	sum, _ := os.ReadFile(filepath.Join(root, "go.sum"))
	dir := t.TempDir()
	gomod := strings.Replace(string(mod), "module github.com/weburl/weburl", "module doccheck", 1) +
		"\nrequire github.com/weburl/weburl v0.0.0\n\nreplace github.com/weburl/weburl => " + root + "\n"
	write(t, filepath.Join(dir, "go.mod"), gomod)
	write(t, filepath.Join(dir, "go.sum"), string(sum))

	where := map[string]block{} // package directory → its block
	var run []string
	n := 0
	for _, b := range blocks(t, root) {
		first, _, _ := strings.Cut(strings.TrimSpace(b.code), "\n")
		if strings.TrimSpace(first) == "// fragment" {
			continue
		}
		n++
		pkg := fmt.Sprintf("b%02d", n)
		src := b.code
		if strings.HasPrefix(strings.TrimSpace(b.code), "package ") {
			if _, ok := wantOutput(b.code); ok && strings.HasPrefix(strings.TrimSpace(b.code), "package main") {
				run = append(run, pkg)
			}
		} else {
			src = bodyFile(b.code)
		}
		// Positions in messages name the Markdown file and line.
		src = strings.Replace(src, "//line block:1\n", fmt.Sprintf("//line %s:%d\n", filepath.ToSlash(filepath.Join(root, b.file)), b.line), 1)
		if !strings.Contains(src, "//line ") {
			src = fmt.Sprintf("//line %s:%d\n", filepath.ToSlash(filepath.Join(root, b.file)), b.line) + src
		}
		write(t, filepath.Join(dir, pkg, "block.go"), src)
		where[pkg] = b
	}
	if n == 0 {
		t.Fatal("no Go block found: the test reads the wrong files")
	}
	env := append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off")
	cmd := exec.Command(goCmd, "build", "./...")
	cmd.Dir, cmd.Env = dir, env
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("the documentation's Go blocks do not build (%v); mark a block that is not meant to with \"// fragment\" on its first line:\n%s", err, out)
		return
	}
	for _, pkg := range run {
		want, _ := wantOutput(where[pkg].code)
		cmd := exec.Command(goCmd, "run", "./"+pkg)
		cmd.Dir, cmd.Env = dir, env
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			t.Errorf("%s:%d: the program fails: %v\n%s", where[pkg].file, where[pkg].line, err, stderr.String())
			continue
		}
		if got := stdout.String(); strings.TrimSpace(got) != strings.TrimSpace(want) {
			t.Errorf("%s:%d: the program prints\n%s\nwant (its Output comment)\n%s", where[pkg].file, where[pkg].line, got, want)
		}
	}
	t.Logf("%d blocks built, %d run", n, len(run))
}

func write(t *testing.T, name, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}
