package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
)

// list is one file of URLs, one a line, with the query strings found in it.
type list struct {
	name    string   // file name without .txt
	urls    []string // the lines, byte-order mark and line ends stripped
	queries []string // for each line with a '?', the text after it up to '#'
}

// benchDir is the folder the lists are read from when no files are given:
// $WEBURL_BENCH_DIR, or else shared/bench next to the weburl repository
// (../shared/bench from its root), found by walking up from the working
// directory to the go.mod of github.com/weburl/weburl.
func benchDir() (string, error) {
	if d := os.Getenv("WEBURL_BENCH_DIR"); d != "" {
		return d, nil
	}
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && modulePath(data) == "github.com/weburl/weburl" {
			return filepath.Join(dir, "..", "shared", "bench"), nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("WEBURL_BENCH_DIR is unset and no weburl repository root above the working directory")
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

// listFiles returns the files to read: args if any, else the *.txt files of
// benchDir in name order.
func listFiles(args []string) ([]string, error) {
	if len(args) > 0 {
		return args, nil
	}
	dir, err := benchDir()
	if err != nil {
		return nil, err
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no *.txt URL lists in %s (set WEBURL_BENCH_DIR or name files)", dir)
	}
	sort.Strings(files)
	return files, nil
}

// readList reads one file. A leading UTF-8 byte-order mark is dropped, as
// are "\r" before "\n" and empty lines; everything else is kept as it is,
// including lines that no parser accepts.
func readList(path string) (list, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return list{}, err
	}
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	l := list{name: strings.TrimSuffix(filepath.Base(path), ".txt")}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64<<10), 16<<20)
	for sc.Scan() {
		line := strings.TrimSuffix(sc.Text(), "\r")
		if line == "" {
			continue
		}
		l.urls = append(l.urls, line)
		if _, q, ok := strings.Cut(line, "?"); ok {
			q, _, _ = strings.Cut(q, "#")
			l.queries = append(l.queries, q)
		}
	}
	if err := sc.Err(); err != nil {
		return list{}, fmt.Errorf("%s: %w", path, err)
	}
	if len(l.urls) == 0 {
		return list{}, fmt.Errorf("%s: no URLs", path)
	}
	return l, nil
}

// readLists reads every file listFiles names.
func readLists(args []string) ([]list, error) {
	files, err := listFiles(args)
	if err != nil {
		return nil, err
	}
	var lists []list
	for _, f := range files {
		l, err := readList(f)
		if err != nil {
			return nil, err
		}
		lists = append(lists, l)
	}
	for _, l := range lists[:len(lists):len(lists)] {
		lists = append(lists, upperList(l))
	}
	// A long list read from a file (compare.sh passes ada-bench's) is not
	// made a second time.
	for _, long := range []struct {
		name string
		size int
	}{{"long-1k", 1 << 10}, {"long-4k", 4 << 10}} {
		if !slices.ContainsFunc(lists, func(l list) bool { return l.name == long.name }) {
			lists = append(lists, longList(long.name, long.size))
		}
	}
	return lists, nil
}

// newList makes a list of urls and finds their queries as readList does.
func newList(name string, urls []string) list {
	l := list{name: name, urls: urls}
	for _, line := range urls {
		if _, q, ok := strings.Cut(line, "?"); ok {
			q, _, _ = strings.Cut(q, "#")
			l.queries = append(l.queries, q)
		}
	}
	return l
}

// upperList is l with every URL's scheme and host in upper case
// ("HTTPS://WWW.EXAMPLE.COM/path"), which no parser may keep as it is: it
// times the work of input that is not canonical. Credentials, port, path,
// query and fragment stay as they were.
func upperList(l list) list {
	urls := make([]string, len(l.urls))
	for i, s := range l.urls {
		urls[i] = upperSchemeAndHost(s)
	}
	return newList(l.name+"-upper", urls)
}

// upperSchemeAndHost upper-cases s up to its first ':' and, after a "//",
// the host: from the last '@' of the authority (or its start) to its end.
func upperSchemeAndHost(s string) string {
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
	if rest := s[colon+1:]; strings.HasPrefix(rest, "//") {
		start := colon + 3
		end := start + strings.IndexAny(s[start:], "/?#\\")
		if end < start {
			end = len(s)
		}
		if at := strings.LastIndexByte(s[start:end], '@'); at >= 0 {
			start += at + 1
		}
		upper(start, end)
	}
	return string(b)
}

// longList makes 1000 canonical https URLs of size bytes or a few more:
// a host, path segments, then a query of key=value pairs, all of
// [a-z0-9_-], from a fixed pseudo-random sequence so that every run times
// the same input.
func longList(name string, size int) list {
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
	return newList(name, urls)
}
