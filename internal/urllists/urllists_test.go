package urllists

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The upper-case lists change the scheme and the host only.
func TestUpperSchemeAndHost(t *testing.T) {
	for in, want := range map[string]string{
		"https://user:pw@www.example.com:8080/a/b?c=d#e": "HTTPS://user:pw@WWW.EXAMPLE.COM:8080/a/b?c=d#e",
		"http://example.com":                             "HTTP://EXAMPLE.COM",
		"http://a\\b":                                    "HTTP://A\\b",
		"file:///usr/lib":                                "FILE:///usr/lib",
		"mailto:someone@example.com":                     "MAILTO:someone@example.com",
		"https://example.com?q#f":                        "HTTPS://EXAMPLE.COM?q#f",
		"no scheme here":                                 "no scheme here",
	} {
		if got := UpperSchemeAndHost(in); got != want {
			t.Errorf("UpperSchemeAndHost(%q) = %q, want %q", in, got, want)
		}
	}
}

// The long lists are URLs of at least their size, of path segments and
// query pairs of [a-z0-9_-], the same on every run.
func TestLong(t *testing.T) {
	for _, size := range []int{1 << 10, 4 << 10} {
		urls := Long(size)
		if len(urls) != 1000 {
			t.Fatalf("%d: %d URLs", size, len(urls))
		}
		if again := Long(size); !slices.Equal(again, urls) {
			t.Errorf("%d: the list differs between runs", size)
		}
		for _, s := range urls {
			if len(s) < size || len(s) > size+40 {
				t.Errorf("%d: a URL of %d bytes", size, len(s))
			}
			rest, ok := strings.CutPrefix(s, "https://www.example"+s[19:20]+".com/")
			if !ok || strings.Trim(rest, "abcdefghijklmnopqrstuvwxyz0123456789_-/?=&") != "" || strings.Count(rest, "?") != 1 {
				t.Errorf("%d: %q is not https://www.exampleN.com/ and [a-z0-9_-/?=&] with one '?'", size, s)
			}
		}
	}
}

// Read drops a byte-order mark, "\r" and empty lines, and nothing else.
func TestRead(t *testing.T) {
	path := filepath.Join(t.TempDir(), "l.txt")
	if err := os.WriteFile(path, []byte("\ufeffhttps://a/\r\n\n x \nhttps://b/"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := Read(path)
	if want := []string{"https://a/", " x ", "https://b/"}; err != nil || !slices.Equal(got, want) {
		t.Errorf("Read = %q, %v; want %q", got, err, want)
	}
	if Name(path) != "l" {
		t.Errorf("Name(%q) = %q", path, Name(path))
	}
	empty := filepath.Join(t.TempDir(), "e.txt")
	if err := os.WriteFile(empty, []byte("\n\r\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Read(empty); err == nil || !strings.Contains(err.Error(), empty) {
		t.Errorf("Read of a list without URLs: %v, want an error naming it", err)
	}
}

// Dir finds shared/bench beside the repository from a folder inside it.
func TestDir(t *testing.T) {
	t.Setenv("WEBURL_BENCH_DIR", "")
	dir, err := Dir()
	if err != nil {
		t.Fatal(err)
	}
	root, _ := filepath.Abs(filepath.Join("..", ".."))
	if want := filepath.Join(root, "..", "shared", "bench"); dir != want {
		t.Errorf("Dir() = %q, want %q", dir, want)
	}
	t.Setenv("WEBURL_BENCH_DIR", "/x")
	if dir, err := Dir(); dir != "/x" || err != nil {
		t.Errorf("Dir() with WEBURL_BENCH_DIR=/x: %q, %v", dir, err)
	}
}
