package weburlbeam

import (
	"bytes"
	"crypto/md5"
	"encoding/base64"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/passert"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/canon"
	"github.com/weburl/weburl/internal/urllists"
)

func init() {
	register.Function1x1(formatUnique)
	register.Function1x1(formatHostCount)
}

func formatUnique(u Unique) string       { return fmt.Sprintf("%s\t%s\t%d", u.Key, u.Href, u.Count) }
func formatHostCount(h HostCount) string { return fmt.Sprintf("%s\t%d", h.Host, h.Count) }

// benchFiles returns the paths of the shared URL lists
// (internal/urllists). Without them the test is skipped, or fails when
// WEBURL_BENCH_REQUIRED=1.
func benchFiles(t *testing.T) []string {
	dir, files, err := urllists.SharedFiles()
	if len(files) == 0 {
		if urllists.Required() {
			t.Fatalf("no URL lists in %s (WEBURL_BENCH_DIR): %v", dir, err)
		}
		t.Skipf("no URL lists in %s (set WEBURL_BENCH_DIR): %v", dir, err)
	}
	return files
}

// hashOf is passert.Hash's digest of a collection: MD5 of its elements
// sorted and concatenated, in base64.
func hashOf(xs []string) string {
	xs = slices.Clone(xs)
	slices.Sort(xs)
	h := md5.New()
	for _, x := range xs {
		h.Write([]byte(x))
	}
	return base64.StdEncoding.EncodeToString(h.Sum(nil))
}

// expected is what the steps make of the lists, computed without Beam
// by the plain calls of weburl and canon, one line after the other.
type expected struct {
	lines, blanks                int
	readFailures, parseFailures  []any
	hrefs, keyed, surts, uniques []string
	hosts                        []string
}

func expect(t *testing.T, files []string) expected {
	var e expected
	dedup := map[string]*Unique{}
	hosts := map[string]int{}
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range bytes.SplitAfter(b, []byte("\n")) {
			if len(line) == 0 {
				continue
			}
			e.lines++
			line = bytes.TrimSuffix(bytes.TrimSuffix(line, []byte("\n")), []byte("\r"))
			if i == 0 {
				line = bytes.TrimPrefix(line, []byte("\uFEFF"))
			}
			in := string(line)
			if strings.TrimLeft(in, " \t\f\r") == "" {
				e.blanks++
				continue
			}
			if why := notUTF8(in); why != "" {
				e.readFailures = append(e.readFailures, Failure{Step: "read", Input: in, Reason: why, Source: fmt.Sprintf("%s:%d", name, i+1)})
				continue
			}
			u, err := weburl.Parse(in)
			if err != nil {
				e.parseFailures = append(e.parseFailures, Failure{Step: "parse", Input: in, Reason: reason(err)})
				continue
			}
			href := u.Href()
			e.hrefs = append(e.hrefs, href)
			key := canon.Crawler().Key(u)
			e.keyed = append(e.keyed, key+"\t"+href)
			e.surts = append(e.surts, canon.SURT(u)+"\t"+href)
			if d := dedup[key]; d == nil {
				dedup[key] = &Unique{Key: key, Href: href, Count: 1}
			} else {
				d.Href = min(d.Href, href)
				d.Count++
			}
			hosts[site(u)]++
		}
	}
	for _, d := range dedup {
		e.uniques = append(e.uniques, formatUnique(*d))
	}
	for h, n := range hosts {
		e.hosts = append(e.hosts, formatHostCount(HostCount{Host: h, Count: n}))
	}
	return e
}

// TestBenchLists runs Parse, CanonicalKey, SURT, Dedup and Hosts over the
// shared URL lists (kasztp.txt, whose first line has a byte order mark,
// and node_files.txt, 91,424 lines in all) in one pipeline, and checks
// each output against the plain calls: the counts, a digest of every
// element, and each failure with its reason.
func TestBenchLists(t *testing.T) {
	files := benchFiles(t)
	e := expect(t, files)
	t.Logf("%d lines (%d blank): %d URLs, %d read and %d parse failures; %d canonical keys, %d sites",
		e.lines, e.blanks, len(e.hrefs), len(e.readFailures), len(e.parseFailures), len(e.uniques), len(e.hosts))

	// What is known of kasztp.txt: its first line parses once the byte
	// order mark is dropped, and its last line, "https://", fails.
	if strings.HasSuffix(files[0], "kasztp.txt") {
		if !slices.Contains(e.hrefs, "https://www.sec.gov/edgar.shtml") {
			t.Error("kasztp.txt's first line is not among the URLs")
		}
		if !slices.Contains(e.parseFailures, any(Failure{Step: "parse", Input: "https://", Reason: "host-missing at 8"})) {
			t.Errorf("kasztp.txt's last line is not among the failures: %v", e.parseFailures)
		}
	}

	p, s := beam.NewPipelineWithRoot()
	lines, readFailures := ReadURLs(s, Text, files...)
	hrefs, parseFailures := Parse(s, lines)
	passert.Hash(s, hrefs, "hrefs", hashOf(e.hrefs), len(e.hrefs))
	if len(e.readFailures) == 0 {
		passert.Empty(s, readFailures)
	} else {
		passert.Equals(s, readFailures, e.readFailures...)
	}
	if len(e.parseFailures) == 0 {
		passert.Empty(s, parseFailures)
	} else {
		passert.Equals(s, parseFailures, e.parseFailures...)
	}

	// The later steps read the hrefs, so they have no failures.
	keyed, keyFailures := CanonicalKey(s, canon.Crawler(), hrefs)
	passert.Hash(s, beam.ParDo(s, joinKV, keyed), "keys", hashOf(e.keyed), len(e.keyed))
	surts, surtFailures := SURT(s, hrefs)
	passert.Hash(s, beam.ParDo(s, joinKV, surts), "surts", hashOf(e.surts), len(e.surts))
	uniques, dedupFailures := Dedup(s, canon.Crawler(), hrefs)
	passert.Hash(s, beam.ParDo(s, formatUnique, uniques), "uniques", hashOf(e.uniques), len(e.uniques))
	counts, hostFailures := Hosts(s, hrefs)
	passert.Hash(s, beam.ParDo(s, formatHostCount, counts), "hosts", hashOf(e.hosts), len(e.hosts))
	passert.Empty(s, beam.Flatten(s, keyFailures, surtFailures, dedupFailures, hostFailures))
	ptest.RunAndValidate(t, p)
}
