// Command gen writes the Public Suffix List table of package psl
// (table.go, nodes.bin and text.txt) from public_suffix_list.dat; "go
// generate" runs it in the package's folder.
//
// It reads the file named by -list, else public_suffix_list.dat in
// $WEBURL_PSL_DIR, else in ../shared/psl beside the module root (see that
// folder's README, which gives the list's revision). With -check it
// writes nothing and exits 1 if the files in the folder differ from what
// it would write: CI's test that the table is in sync with the list.
//
//	go generate ./internal/psl/
//	go run ./internal/psl/gen -check -o internal/psl
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"log"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/net/idna"

	"github.com/weburl/weburl/internal/shareddata"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("gen: ")
	listFlag := flag.String("list", "", "the Public Suffix List file (default public_suffix_list.dat in $WEBURL_PSL_DIR, else ../shared/psl beside the module root)")
	outFlag := flag.String("o", ".", "folder of package psl, where table.go, nodes.bin and text.txt go")
	check := flag.Bool("check", false, "compare with the files in -o instead of writing; exit 1 on a difference")
	flag.Parse()

	list, err := listFile(*listFlag)
	if err != nil {
		log.Fatal(err)
	}
	data, err := os.ReadFile(list)
	if err != nil {
		log.Fatal(err)
	}
	readme, _ := os.ReadFile(filepath.Join(filepath.Dir(list), "README.md"))
	files, err := generate(data, revisionOf(readme))
	if err != nil {
		log.Fatal(err)
	}
	stale := false
	for _, name := range slices.Sorted(maps.Keys(files)) {
		path := filepath.Join(*outFlag, name)
		if *check {
			old, err := os.ReadFile(path)
			if err != nil || !bytes.Equal(old, files[name]) {
				fmt.Fprintf(os.Stderr, "gen: %s is not in sync with %s; run go generate ./internal/psl/\n", path, list)
				stale = true
			}
			continue
		}
		if err := os.WriteFile(path, files[name], 0o644); err != nil {
			log.Fatal(err)
		}
	}
	if stale {
		os.Exit(1)
	}
}

func listFile(flagList string) (string, error) {
	if flagList != "" {
		return flagList, nil
	}
	dir, err := shareddata.Dir("WEBURL_PSL_DIR", "psl")
	if err != nil {
		return "", fmt.Errorf("%v; use -list", err)
	}
	return filepath.Join(dir, "public_suffix_list.dat"), nil
}

var revisionRE = regexp.MustCompile("revision\\s+`([0-9a-f]{40})`\\s+\\(([0-9-]+)\\)")

// revisionOf finds the list's git revision and date in the README beside
// it, for the generated file's comment.
func revisionOf(readme []byte) string {
	m := revisionRE.FindSubmatch(bytes.Join(bytes.Fields(readme), []byte(" ")))
	if m == nil {
		return "unknown revision"
	}
	return fmt.Sprintf("git revision %s (%s)", m[1], m[2])
}

// Node kinds, as package psl reads them.
const (
	kindInner     = 0 // only on the way to longer rules: not a rule itself
	kindRule      = 1 // a rule: the labels down to this node are a suffix
	kindException = 2 // an exception rule ("!"): the suffix is one label shorter
)

// A node is one label of the trie of rules, read from the right.
type node struct {
	label     string
	kind      int
	icann     bool // no rule ending here is in the private section
	wildcard  bool // "*." + the labels down to here is a rule
	ruled     bool // a rule ends here (a plain, wildcard or exception one)
	ruleICANN bool // the section of the rules that end here: ICANN or not
	children  []*node
	firstKid  int // index of the first child's record
}

func (n *node) child(label string) *node {
	for _, c := range n.children {
		if c.label == label {
			return c
		}
	}
	// A node starts out ICANN: rules in the private section clear it.
	c := &node{label: label, icann: true}
	n.children = append(n.children, c)
	return c
}

var validRule = regexp.MustCompile(`^[a-z0-9_!*\-.]+$`)

// Record layout: 8 bytes, big endian, of
//
//	text offset (20 bits) | label length (6) | ICANN (1) | kind (2) |
//	wildcard (1) | first child (16) | number of children (16)
//
// with 2 bits unused at the top. The children of a node are consecutive
// records, sorted by label, so that lookup is a binary search.
const (
	bitsOffset = 20
	bitsLength = 6
	bitsChild  = 16
)

func generate(data []byte, revision string) (map[string][]byte, error) {
	root := &node{}
	icann, rules := false, 0
	for line := range strings.Lines(string(data)) {
		s := strings.TrimSpace(line)
		switch {
		case strings.Contains(s, "===BEGIN ICANN DOMAINS==="):
			icann = true
			continue
		case strings.Contains(s, "===END ICANN DOMAINS==="):
			icann = false
			continue
		case s == "" || strings.HasPrefix(s, "//"):
			continue
		}
		// Labels are matched against the ASCII form of a host.
		s, err := idna.ToASCII(s)
		if err != nil {
			return nil, fmt.Errorf("rule %q: %v", line, err)
		}
		if !validRule.MatchString(s) {
			return nil, fmt.Errorf("rule %q: not a rule of [a-z0-9_-] labels", s)
		}
		rules++
		kind, wildcard := kindRule, false
		if r, ok := strings.CutPrefix(s, "*."); ok {
			s, kind, wildcard = r, kindInner, true
		} else if r, ok := strings.CutPrefix(s, "!"); ok {
			s, kind = r, kindException
		}
		if strings.ContainsAny(s, "*!") {
			return nil, fmt.Errorf("rule %q: a wildcard or exception mark not at its start", s)
		}
		labels := strings.Split(s, ".")
		n := root
		for i := len(labels) - 1; i >= 0; i-- {
			n = n.child(labels[i])
		}
		// The record has one ICANN bit for the rules that end at it,
		// which PublicSuffixICANN reads: they must share a section.
		if n.ruled && n.ruleICANN != icann {
			return nil, fmt.Errorf("rule %q: %s has rules in both the ICANN and the private section, which a record cannot tell apart", line, s)
		}
		n.ruled, n.ruleICANN = true, icann
		if kind != kindInner {
			n.kind = kind
		}
		n.wildcard = n.wildcard || wildcard
		n.icann = n.icann && icann
	}

	// Records in breadth-first order: the root's children first, and the
	// children of each node together.
	var order []*node
	queue := []*node{root}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		slices.SortFunc(n.children, func(a, b *node) int { return strings.Compare(a.label, b.label) })
		n.firstKid = len(order)
		order = append(order, n.children...)
		queue = append(queue, n.children...)
	}

	// The text: each label once, and a label that is part of a longer one
	// read from there.
	seen := map[string]bool{}
	var labels []string
	for _, n := range order {
		if !seen[n.label] {
			seen[n.label] = true
			labels = append(labels, n.label)
		}
	}
	slices.SortFunc(labels, func(a, b string) int {
		if len(a) != len(b) {
			return len(b) - len(a)
		}
		return strings.Compare(a, b)
	})
	var text strings.Builder
	offset := map[string]int{}
	for _, l := range labels {
		if i := strings.Index(text.String(), l); i >= 0 {
			offset[l] = i
			continue
		}
		offset[l] = text.Len()
		text.WriteString(l)
	}

	if text.Len() >= 1<<bitsOffset || len(order) >= 1<<bitsChild {
		return nil, fmt.Errorf("table too large for its record: %d bytes of text, %d nodes", text.Len(), len(order))
	}
	var recs []byte
	for _, n := range order {
		if len(n.label) >= 1<<bitsLength {
			return nil, fmt.Errorf("label %q longer than a record holds", n.label)
		}
		r := uint64(offset[n.label])
		r = r<<bitsLength | uint64(len(n.label))
		r <<= 1
		if n.icann {
			r |= 1
		}
		r = r<<2 | uint64(n.kind)
		r <<= 1
		if n.wildcard {
			r |= 1
		}
		first := 0
		if len(n.children) > 0 {
			first = n.firstKid
		}
		r = r<<bitsChild | uint64(first)
		r = r<<bitsChild | uint64(len(n.children))
		for sh := 56; sh >= 0; sh -= 8 {
			recs = append(recs, byte(r>>sh))
		}
	}

	var src bytes.Buffer
	fmt.Fprintf(&src, `// Code generated by go run ./gen; DO NOT EDIT.

package psl

import _ "embed"

// Version is the Public Suffix List this table holds: publicsuffix.org's
// public_suffix_list.dat at %s.
const Version = %q

// numTop is the number of records of the list's last labels (the root's
// children), which come first.
const numTop = %d

// The table: %d rules, %d records of 8 bytes, %d bytes of label text.
var (
	//go:embed nodes.bin
	nodes string
	//go:embed text.txt
	text string
)
`, revision, "publicsuffix.org's public_suffix_list.dat, "+revision, len(root.children), rules, len(order), text.Len())
	out, err := format.Source(src.Bytes())
	if err != nil {
		return nil, err
	}
	return map[string][]byte{
		"table.go":  out,
		"nodes.bin": recs,
		"text.txt":  []byte(text.String()),
	}, nil
}
