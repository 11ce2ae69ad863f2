package shareddata

import (
	"os"
	"path/filepath"
	"testing"
)

// Dir finds shared/NAME beside the repository from a folder inside it,
// takes the variable's folder first, and is not fooled by the go.mod of
// another module.
func TestDir(t *testing.T) {
	t.Setenv("WEBURL_SHAREDDATA_TEST", "")
	root, _ := filepath.Abs(filepath.Join("..", ".."))
	dir, err := Dir("WEBURL_SHAREDDATA_TEST", "x")
	if want := filepath.Join(root, "..", "shared", "x"); dir != want || err != nil {
		t.Errorf("Dir = %q, %v; want %q", dir, err, want)
	}
	t.Setenv("WEBURL_SHAREDDATA_TEST", "/y")
	if dir, err := Dir("WEBURL_SHAREDDATA_TEST", "x"); dir != "/y" || err != nil {
		t.Errorf("Dir with the variable set: %q, %v", dir, err)
	}
	t.Setenv("WEBURL_SHAREDDATA_TEST", "")
	other := t.TempDir()
	if err := os.WriteFile(filepath.Join(other, "go.mod"), []byte("module example.com/other\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(other)
	if dir, err := Dir("WEBURL_SHAREDDATA_TEST", "x"); err == nil {
		t.Errorf("Dir outside the repository: %q, no error", dir)
	}
}
