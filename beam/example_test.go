package weburlbeam_test

import (
	"context"
	"log"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"
	weburlbeam "github.com/weburl/weburl/beam"
	"github.com/weburl/weburl/canon"
)

// A crawler's frontier deduplicated: the URLs of many files, one per
// canonical key with its count, and every line that could not be used
// with the reason, in a file of its own. beamx.Run runs it on the runner
// that --runner names (Prism, in process, by default).
func Example() {
	beam.Init()
	p, s := beam.NewPipelineWithRoot()
	urls, readFailures := weburlbeam.ReadURLs(s, weburlbeam.Text, "frontier/*.txt.gz")
	uniques, dedupFailures := weburlbeam.Dedup(s, canon.Crawler(), urls)
	weburlbeam.WriteJSON(s, "out/unique.jsonl", uniques)
	weburlbeam.WriteJSON(s, "out/failures.jsonl", beam.Flatten(s, readFailures, dedupFailures))
	if err := beamx.Run(context.Background(), p); err != nil {
		log.Fatal(err)
	}
}

// The links of pages, counted per site: which registrable domains a set
// of pages links to, and how often.
func ExampleExtractLinks() {
	p, s := beam.NewPipelineWithRoot()
	pages, readFailures := weburlbeam.ReadPages(s, weburlbeam.JSONLines, "pages/*.jsonl")
	links, linkFailures := weburlbeam.ExtractLinks(s, pages)
	sites, siteFailures := weburlbeam.Hosts(s, weburlbeam.LinkURLs(s, links))
	weburlbeam.WriteJSON(s, "out/sites.jsonl", sites)
	weburlbeam.WriteJSON(s, "out/failures.jsonl", beam.Flatten(s, readFailures, linkFailures, siteFailures))
	_ = p // run with beamx.Run, as in the package example
}
