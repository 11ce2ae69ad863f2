// Command urlpipe runs one of weburl's Beam transforms over files: a
// pipeline that reads URLs (or references, or pages), runs the step and
// writes the results and, apart, the failures.
//
// Usage:
//
//	urlpipe --step STEP --input PATTERN [--input PATTERN ...] --output FILE
//	        [--format text|json|html] [--output_format text|json]
//	        [--shards N] [--failures FILE] [--profile crawler|whatwg] [--base URL]
//	        [Beam's flags: --runner, --endpoint, --environment_type, ...]
//
// The steps:
//
//	parse     URLs to hrefs
//	resolve   references against a base: --base URL, or "base<TAB>ref"
//	          lines (JSON: {"base": ..., "ref": ...})
//	canon     (canonical key, href) under --profile
//	surt      (SURT key, href), the Internet Archive's CDX key
//	dedup     one line per canonical key under --profile: the count, the
//	          key and the smallest href
//	hosts     the count of URLs per registrable domain (the host when
//	          there is none)
//	links     the links of HTML pages: JSON lines {"url", "content_type",
//	          "html" or "body" (base64)}, or --format html, one page a file
//
// Input patterns are globs of Beam's file systems (local paths, gs://...);
// files ending in .gz are decompressed. With --format text (the default
// but for links) a line is one URL; with json a line is a JSON string or
// an object with "url" or "href". Every JSON output of a URL step has an
// "href" (links: a "url"), so it can be the next step's json input.
//
// Text output, one element a line, tab-separated: the href (parse,
// resolve); key, href (canon, surt); count, key, href (dedup); count,
// host (hosts); page, URL, tag, attribute (links). The order of the lines
// is the runner's. --shards N writes N files, "out-00000-of-0000N.txt" and
// on, in parallel, for large outputs on a distributed runner.
//
// Failures (a line that is not UTF-8, a URL that does not parse, a page
// that is not HTML, a file that cannot be read) do not stop the
// pipeline: they are written as JSON lines {"step", "input", "reason",
// "source"} to --failures, by default the output's name with
// ".failures.jsonl" added. The summary on standard error gives the
// counts; the exit status is 0 when the pipeline ran, failures or not, 1
// when it could not run or an --input pattern matched no file (it says
// so: a typo in a pattern would otherwise look like an empty input), 2
// for bad flags.
//
// The pipeline runs on Prism, Beam's local runner, in this process unless
// --runner says otherwise (flink, spark, dataflow, universal; see the
// module's README for the commands).
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/metrics"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"
	weburlbeam "github.com/weburl/weburl/beam"
	"github.com/weburl/weburl/canon"
)

// patterns is a flag that may be given more than once.
type patterns []string

func (p *patterns) String() string     { return strings.Join(*p, ",") }
func (p *patterns) Set(v string) error { *p = append(*p, v); return nil }

var (
	step         = flag.String("step", "", "the step: parse, resolve, canon, surt, dedup, hosts or links")
	inputs       patterns
	format       = flag.String("format", "", "input format: text (one URL a line; the default), json (JSON lines; the default for links) or html (links: one page a file)")
	output       = flag.String("output", "", "the file to write the results to")
	outputFormat = flag.String("output_format", "text", "output format: text (tab-separated) or json (JSON lines)")
	failures     = flag.String("failures", "", `the file to write the failures to, as JSON lines (default: the output's name + ".failures.jsonl")`)
	profile      = flag.String("profile", "crawler", "canon and dedup: the canonical form, crawler (canon.Crawler) or whatwg (the href)")
	base         = flag.String("base", "", "resolve: the base URL of every line; without it a text line is base<TAB>ref")
	shards       = flag.Int("shards", 1, `write the output in this many files, each by its own worker: "out-00000-of-00004.txt"...`)
)

func init() {
	flag.Var(&inputs, "input", "a glob of the files to read (may be repeated)")
}

func main() {
	flag.Usage = func() { usage(flag.CommandLine.Output()) }
	flag.Parse()
	// On a distributed runner the workers run this binary too: Init
	// makes them workers and does not return.
	beam.Init()
	if msg := check(); msg != "" {
		fmt.Fprintln(os.Stderr, "urlpipe:", msg)
		flag.Usage()
		os.Exit(2)
	}
	if *failures == "" {
		*failures = *output + ".failures.jsonl"
	}

	p, s := beam.NewPipelineWithRoot()
	build(s)
	start := time.Now()
	res, err := beamx.RunWithMetrics(context.Background(), p)
	elapsed := time.Since(start)
	if err != nil {
		fmt.Fprintln(os.Stderr, "urlpipe:", err)
		os.Exit(1)
	}
	os.Exit(summary(os.Stderr, counters(res), elapsed))
}

// usage writes the help: each of urlpipe's flags with its default.
func usage(w io.Writer) {
	fmt.Fprintf(w, "usage: urlpipe --step STEP --input PATTERN --output FILE [flags]\n\nurlpipe's flags:\n")
	for _, name := range []string{"step", "input", "format", "output", "output_format", "shards", "failures", "profile", "base"} {
		f := flag.Lookup(name)
		def := " (no default)"
		switch {
		case name == "step" || name == "input" || name == "output":
			def = " (needed)"
		case name == "format":
			def = " (default text, json for --step links)"
		case name == "failures":
			def = "" // the usage says it
		case f.DefValue != "":
			def = " (default " + f.DefValue + ")"
		}
		fmt.Fprintf(w, "  --%s\n\t%s%s\n", f.Name, f.Usage, def)
	}
	fmt.Fprintf(w, "\nand Beam's: --runner (default prism, in this process), --endpoint, --environment_type, --job_name, ...\n")
}

// check says what is wrong with the flags, or "".
func check() string {
	switch {
	case *step == "":
		return "--step is needed"
	case len(inputs) == 0:
		return "--input is needed"
	case *output == "":
		return "--output is needed"
	case *outputFormat != "text" && *outputFormat != "json":
		return "--output_format is text or json"
	case *profile != "crawler" && *profile != "whatwg":
		return "--profile is crawler or whatwg"
	case *base != "" && *step != "resolve":
		return "--base is for --step resolve"
	}
	if *format == "" {
		*format = "text"
		if *step == "links" {
			*format = "json"
		}
	}
	switch *step {
	case "parse", "resolve", "canon", "surt", "dedup", "hosts":
		if *format != "text" && *format != "json" {
			return "--format is text or json for --step " + *step
		}
	case "links":
		if *format != "json" && *format != "html" {
			return "--format is json or html for --step links"
		}
	default:
		return fmt.Sprintf("unknown --step %q", *step)
	}
	return ""
}

// build adds the reading, the step and the writing to s.
func build(s beam.Scope) {
	prof := canon.Crawler()
	if *profile == "whatwg" {
		prof = canon.WHATWG()
	}
	var out, readFailures, stepFailures beam.PCollection
	if *step == "links" {
		var pages beam.PCollection
		pages, readFailures = weburlbeam.ReadPages(s, weburlbeam.Format(*format), inputs...)
		out, stepFailures = weburlbeam.ExtractLinks(s, pages)
	} else if *step == "resolve" && *base == "" {
		var refs beam.PCollection
		refs, readFailures = weburlbeam.ReadRefs(s, weburlbeam.Format(*format), inputs...)
		out, stepFailures = weburlbeam.Resolve(s, refs)
	} else {
		var urls beam.PCollection
		urls, readFailures = weburlbeam.ReadURLs(s, weburlbeam.Format(*format), inputs...)
		switch *step {
		case "parse":
			out, stepFailures = weburlbeam.Parse(s, urls)
		case "resolve":
			out, stepFailures = weburlbeam.ResolveAgainst(s, *base, urls)
		case "canon":
			out, stepFailures = weburlbeam.CanonicalKey(s, prof, urls)
		case "surt":
			out, stepFailures = weburlbeam.SURT(s, urls)
		case "dedup":
			out, stepFailures = weburlbeam.Dedup(s, prof, urls)
		case "hosts":
			out, stepFailures = weburlbeam.Hosts(s, urls)
		}
	}
	weburlbeam.WriteSharded(s, *output, *shards, beam.ParDo(s, formatterFor(*step, *outputFormat == "json"), out))
	weburlbeam.WriteJSON(s, *failures, beam.Flatten(s, readFailures, stepFailures))
}

// counters are the counters of a run, by namespace and name.
func counters(res beam.PipelineResult) map[string]int64 {
	counts := map[string]int64{}
	if res != nil {
		for _, c := range res.Metrics().AllMetrics().Counters() {
			counts[c.Key.Namespace+"/"+c.Key.Name] += committedOrAttempted(c)
		}
	}
	return counts
}

// summary writes the counts of the run to w and returns the exit status:
// 1 when an --input pattern matched no file (a typo would otherwise look
// like an empty input), else 0, failures or not.
func summary(w io.Writer, counts map[string]int64, elapsed time.Duration) int {
	var names []string
	for name := range counts {
		names = append(names, name)
	}
	sort.Strings(names)
	fmt.Fprintf(w, "urlpipe: --step %s: %.3fs\n", *step, elapsed.Seconds())
	for _, name := range names {
		fmt.Fprintf(w, "  %-28s %d\n", name, counts[name])
	}
	if n := counts["urlpipe/output"]; n > 0 && elapsed > 0 {
		fmt.Fprintf(w, "  %-28s %.0f\n", "output per second", float64(n)/elapsed.Seconds())
	}
	fmt.Fprintf(w, "  results in %s, failures in %s\n", *output, *failures)
	if n := counts[weburlbeam.Namespace+"/read.unmatched-patterns"]; n > 0 {
		fmt.Fprintf(w, "urlpipe: %d of the --input patterns match no file (counted in read.failures; each is a failure in %s)\n", n, *failures)
		return 1
	}
	return 0
}

func committedOrAttempted(c metrics.CounterResult) int64 {
	if c.Committed != 0 {
		return c.Committed
	}
	return c.Attempted
}
