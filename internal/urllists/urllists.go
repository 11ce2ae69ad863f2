// Package urllists reads the URL lists that weburl's tests and benchmarks
// share (the root package's tests, the bench module, the beam module), and
// makes the lists derived from them: one loader, so that every reader of
// a list sees the same lines, and the same derived inputs.
//
// The lists are files of URLs, one a line, in $WEBURL_BENCH_DIR or else in
// shared/bench beside the weburl repository (../shared/bench from its
// root). They are data, not part of the repository.
package urllists

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/weburl/weburl/internal/shareddata"
)

// Shared names the lists the tests read from Dir: the two that are always
// there on a development machine and in CI.
var Shared = []string{"kasztp.txt", "node_files.txt"}

// Required reports whether a test must fail, not fall back or skip, when
// the shared lists are missing: WEBURL_BENCH_REQUIRED=1, as CI sets it.
func Required() bool { return os.Getenv("WEBURL_BENCH_REQUIRED") == "1" }

// Dir returns the folder of the lists: $WEBURL_BENCH_DIR, or else
// shared/bench beside the weburl repository.
func Dir() (string, error) { return shareddata.Dir("WEBURL_BENCH_DIR", "bench") }

// SharedFiles returns the folder Dir names and the paths of the Shared
// lists found in it, in Shared's order.
func SharedFiles() (dir string, files []string, err error) {
	if dir, err = Dir(); err != nil {
		return "", nil, err
	}
	for _, name := range Shared {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			files = append(files, filepath.Join(dir, name))
		}
	}
	return dir, files, nil
}

// Read reads one list: a leading UTF-8 byte-order mark is dropped, as are
// "\r" before "\n" and empty lines; everything else is kept as it is,
// including lines that no parser accepts.
func Read(path string) ([]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	var urls []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64<<10), 16<<20)
	for sc.Scan() {
		if line := strings.TrimSuffix(sc.Text(), "\r"); line != "" {
			urls = append(urls, line)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(urls) == 0 {
		return nil, fmt.Errorf("%s: no URLs", path)
	}
	return urls, nil
}

// Name is a list's name: its file name without ".txt".
func Name(path string) string { return strings.TrimSuffix(filepath.Base(path), ".txt") }

// UpperSchemeAndHost upper-cases s up to its first ':' and, after a "//",
// the host: from the last '@' of the authority (or its start) to its end
// ("HTTPS://WWW.EXAMPLE.COM/path"), which no parser may keep as it is. It
// makes the "-upper" lists. Credentials, port, path, query and fragment
// stay as they were.
func UpperSchemeAndHost(s string) string {
	colon := strings.IndexByte(s, ':')
	if colon < 0 {
		return s
	}
	b := []byte(s)
	upper := func(from, to int) {
		for i := from; i < to; i++ {
			if 'a' <= b[i] && b[i] <= 'z' {
				b[i] -= 'a' - 'A'
			}
		}
	}
	upper(0, colon)
	if strings.HasPrefix(s[colon+1:], "//") {
		start := colon + 3
		end := len(s)
		if i := strings.IndexAny(s[start:], "/?#\\"); i >= 0 {
			end = start + i
		}
		if at := strings.LastIndexByte(s[start:end], '@'); at >= 0 {
			start += at + 1
		}
		upper(start, end)
	}
	return string(b)
}

// Long makes the "long-1k" and "long-4k" lists: 1000 canonical https URLs
// of size bytes or a few more, a host, path segments up to two thirds of
// size, then a query of key=value pairs, all of [a-z0-9_-], from a fixed
// pseudo-random sequence so that every run times the same input.
// bench/ada/driver.cpp makes the same lists by the same rules.
func Long(size int) []string {
	const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789_-"
	x := uint64(0x9E3779B97F4A7C15) // xorshift64 state
	next := func(n int) int {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		return int(x % uint64(n))
	}
	word := func(b []byte) []byte {
		for n := 3 + next(10); n > 0; n-- {
			b = append(b, alphabet[next(len(alphabet))])
		}
		return b
	}
	urls := make([]string, 1000)
	for i := range urls {
		b := append(make([]byte, 0, size+32), "https://www.example"...)
		b = append(b, byte('0'+i%10))
		b = append(b, ".com"...)
		for len(b) < size*2/3 {
			b = append(b, '/')
			b = word(b)
		}
		for sep := byte('?'); len(b) < size; sep = '&' {
			b = append(b, sep)
			b = word(b)
			b = append(b, '=')
			b = word(b)
		}
		urls[i] = string(b)
	}
	return urls
}
