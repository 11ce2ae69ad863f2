package main

import (
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/weburl/weburl/internal/urllists"
)

// list is one file of URLs, one a line, with the query strings found in it.
type list struct {
	name    string   // file name without .txt
	urls    []string // the lines, byte-order mark and line ends stripped
	queries []string // for each line with a '?', the text after it up to '#'
}

// listFiles returns the files to read: args if any, else the *.txt files of
// urllists.Dir() in name order.
func listFiles(args []string) ([]string, error) {
	if len(args) > 0 {
		return args, nil
	}
	dir, err := urllists.Dir()
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

// readList reads one file, as every reader of the lists does
// (urllists.Read).
func readList(path string) (list, error) {
	urls, err := urllists.Read(path)
	if err != nil {
		return list{}, err
	}
	return newList(urllists.Name(path), urls), nil
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
// (urllists.UpperSchemeAndHost), which no parser may keep as it is: it
// times the work of input that is not canonical.
func upperList(l list) list {
	urls := make([]string, len(l.urls))
	for i, s := range l.urls {
		urls[i] = urllists.UpperSchemeAndHost(s)
	}
	return newList(l.name+"-upper", urls)
}

// longList is urllists.Long(size) as a list.
func longList(name string, size int) list { return newList(name, urllists.Long(size)) }
