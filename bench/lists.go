package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
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
	return lists, nil
}
