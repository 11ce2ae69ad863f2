// Package psltest is for tests only: the one reader of the shared Public
// Suffix List file for the tests of internal/psl and of the root package,
// the list's formal algorithm on the rules it reads, and the domains
// around each rule that those tests ask both tables about.
//
// The file is public_suffix_list.dat in $WEBURL_PSL_DIR, or else in
// shared/psl beside the weburl repository: data, not part of the
// repository. Without it the tests that need it log so and go on, unless
// WEBURL_PSL_REQUIRED=1 (as CI sets it), which makes them fail.
package psltest

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"golang.org/x/net/idna"

	"github.com/weburl/weburl/internal/shareddata"
)

// Required reports whether a test must fail, not go on without the list,
// when the file is missing: WEBURL_PSL_REQUIRED=1.
func Required() bool { return os.Getenv("WEBURL_PSL_REQUIRED") == "1" }

// Data returns the bytes of the list file, or nil when it is missing
// (which fails t when Required). Any other error reading it fails t.
func Data(t testing.TB) []byte {
	t.Helper()
	data, err := read()
	if !missing(t, err) {
		return data
	}
	return nil
}

// read reads the list file.
func read() ([]byte, error) {
	dir, err := shareddata.Dir("WEBURL_PSL_DIR", "psl")
	if err != nil {
		return nil, err
	}
	return os.ReadFile(filepath.Join(dir, "public_suffix_list.dat"))
}

// missing reports whether err says the file is not there, a failure of t
// when Required; any other error fails t.
func missing(t testing.TB, err error) bool {
	t.Helper()
	switch {
	case err == nil:
		return false
	case !errors.Is(err, fs.ErrNotExist) || Required():
		t.Fatal(err)
	}
	t.Logf("no Public Suffix List file: %v", err)
	return true
}

var rules struct {
	once  sync.Once
	rules map[string]bool
	err   error
}

// Rules returns the rules of the list file in their ASCII form (x/net's
// idna.ToASCII), each with whether it is in the ICANN section: read here
// line by line, by neither of the parsers under test. It is nil when the
// file is missing (see Data). The file is read once.
func Rules(t testing.TB) map[string]bool {
	t.Helper()
	rules.once.Do(func() { rules.rules, rules.err = readRules() })
	if missing(t, rules.err) {
		return nil
	}
	return rules.rules
}

func readRules() (map[string]bool, error) {
	data, err := read()
	if err != nil {
		return nil, err
	}
	rules := map[string]bool{}
	icann := false
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		s := strings.TrimSpace(sc.Text())
		switch s {
		case "// ===BEGIN ICANN DOMAINS===":
			icann = true
		case "// ===END ICANN DOMAINS===":
			icann = false
		}
		if s == "" || strings.HasPrefix(s, "//") {
			continue
		}
		a, err := idna.ToASCII(s)
		if err != nil {
			return nil, fmt.Errorf("rule %q: %v", s, err)
		}
		rules[a] = icann
	}
	return rules, sc.Err()
}

// FormalSuffix is the list's formal algorithm as publicsuffix.org writes
// it, on rules (from Rules): each suffix of domain's labels is looked up
// as a rule, as an exception and under a wildcard; the first exception
// found prevails, else the longest rule, else "*". icann is the
// prevailing rule's section, false for "*". With icannOnly, the rules
// outside the ICANN section are left out.
func FormalSuffix(rules map[string]bool, domain string, icannOnly bool) (suffix string, icann bool) {
	labels := strings.Split(domain, ".")
	best, bestICANN := 0, false
	for i := len(labels) - 1; i >= 0; i-- {
		n := len(labels) - i
		suffix := strings.Join(labels[i:], ".")
		if ic, ok := rules["!"+suffix]; ok && (ic || !icannOnly) {
			return strings.Join(labels[i+1:], "."), ic
		}
		wild := "*"
		if n > 1 {
			wild = "*." + strings.Join(labels[i+1:], ".")
		}
		for _, r := range []string{wild, suffix} {
			if ic, ok := rules[r]; ok && (ic || !icannOnly) && n >= best {
				best, bestICANN = n, ic
			}
		}
	}
	if best == 0 {
		return labels[len(labels)-1], false
	}
	return strings.Join(labels[len(labels)-best:], "."), bestICANN
}

// Neighbourhood returns the domains around each of names (rules, with
// their "!" or "*." dropped, or names of a table's trie) and around its
// parent: the name, with one and two labels before it (which a wildcard
// takes or leaves), with "www.", with a trailing dot, and with an empty
// label before and after it; each once, so that wildcards, exceptions and
// inner nodes are all met.
func Neighbourhood(names []string) []string {
	seen := map[string]bool{}
	var out []string
	around := func(name string) {
		for _, d := range []string{name, "a." + name, "b.a." + name, "www." + name, name + ".", "a." + name + ".", "a.." + name, "." + name} {
			if !seen[d] {
				seen[d] = true
				out = append(out, d)
			}
		}
	}
	for _, name := range names {
		name = strings.TrimPrefix(strings.TrimPrefix(name, "!"), "*.")
		around(name)
		if i := strings.IndexByte(name, '.'); i >= 0 {
			around(name[i+1:])
		}
	}
	return out
}
