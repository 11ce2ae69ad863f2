package noderef

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Run sends each query as a JSON line and reads one answer a line, in
// order, from a ref.js that doubles a number and echoes a string, HTML
// characters unescaped; a short answer count is an error.
func TestRun(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("no node")
	}
	type q struct {
		N int    `json:"n"`
		S string `json:"s"`
	}
	dir := t.TempDir()
	script := `const rl = require("readline").createInterface({input: process.stdin});
let n = 0;
rl.on("line", l => { const q = JSON.parse(l); if (q.s !== "stop") console.log(JSON.stringify({n: 2*q.n, s: q.s, raw: l})); });`
	if err := os.WriteFile(filepath.Join(dir, "ref.js"), []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	type a struct {
		N   int    `json:"n"`
		S   string `json:"s"`
		Raw string `json:"raw"`
	}
	got, err := Run[q, a]([]q{{1, "<a>"}, {2, "é"}, {3, ""}})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 || got[0].N != 2 || got[1].N != 4 || got[2].N != 6 || got[0].S != "<a>" || got[1].S != "é" || !strings.Contains(got[0].Raw, `"<a>"`) {
		t.Errorf("%+v", got)
	}
	if _, err := Run[q, a]([]q{{1, "x"}, {2, "stop"}}); err == nil || !strings.Contains(err.Error(), "answered 1 of 2") {
		t.Errorf("a missing answer: %v", err)
	}
}
