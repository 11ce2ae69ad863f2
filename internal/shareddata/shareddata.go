// Package shareddata finds the data that weburl's tests, benchmarks and
// generators read but the repository does not hold (the URL lists, the
// Public Suffix List, the Encoding Standard's files): a folder named by an
// environment variable, or else one under shared/ beside the repository.
package shareddata

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
)

// Dir returns the folder of one kind of shared data: $env, or else
// shared/name beside the weburl repository, found by walking up from the
// working directory to the go.mod of github.com/weburl/weburl. The folder
// may not exist.
func Dir(env, name string) (string, error) {
	if d := os.Getenv(env); d != "" {
		return d, nil
	}
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && modulePath(data) == "github.com/weburl/weburl" {
			return filepath.Join(dir, "..", "shared", name), nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New(env + " is unset and no weburl repository root above the working directory")
		}
		dir = parent
	}
}

// modulePath returns the module path a go.mod declares.
func modulePath(gomod []byte) string {
	for _, line := range strings.Split(string(gomod), "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "module "); ok {
			return strings.Trim(strings.TrimSpace(rest), `"`)
		}
	}
	return ""
}
