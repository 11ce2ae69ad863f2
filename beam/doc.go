// Package weburlbeam holds Apache Beam transforms that parse, resolve,
// canonicalize, deduplicate and count URLs with weburl, and extract the
// links of HTML pages and the URLs of sitemaps, for pipelines that run on Beam's Go SDK: on the
// local Prism runner, or on Flink, Spark or Dataflow.
//
// Import it as
//
//	import weburlbeam "github.com/weburl/weburl/beam"
//
// It lives in a module of its own so that weburl's users never download
// Beam.
//
// # Elements
//
// URLs travel as strings: a PCollection<string> holds one URL an element,
// as written (the input of Parse) or as an href (the output of Parse,
// Resolve and the rest). A transform that takes URLs parses each one
// again: an href is weburl's canonical serialization, which the parser's
// fast path recognizes in one pass. References with their bases are Ref
// values, HTML pages are Page values, and the results that are more than
// a string are small structs (Unique, HostCount, Link) that Beam encodes
// with its schema coder.
//
// # Failures
//
// Every transform returns, beside its output, a PCollection<Failure>: the
// elements it could not use, each with the step, the input and the
// reason. Nothing is dropped silently and bad input never stops the
// pipeline: a line that is not UTF-8, a URL that does not parse, a page
// that is not HTML, a file that cannot be read all become a Failure.
// Flatten the failures of the steps into one collection to write them
// out (WriteJSON).
//
// # Steps
//
//   - Parse: URLs as written to hrefs.
//   - Resolve, ResolveAgainst: references against their base URL.
//   - CanonicalKey: KV<key, href> with a canon.Profile's key.
//   - SURT, SURTWith: KV<SURT key, href>, the key of CDX indexes.
//   - Dedup: one Unique per canonical key, with a deterministic
//     representative (the smallest href, in byte order) and the count.
//   - ExtractLinks: the links of HTML pages, with the links package;
//     LinkURLs, their hrefs.
//   - ParseSitemaps: the URLs of fetched sitemaps (and the sitemaps of
//     an index), with the sitemap package.
//   - Hosts: how many URLs each registrable domain has (the host when
//     there is none, as for an IP address).
//
// ReadURLs, ReadRefs and ReadPages read text or JSON-lines files through
// Beam's file systems, turning unreadable files and bad lines into
// failures; WriteLines, WriteSharded and WriteJSON write results. The
// command urlpipe (beam/cmd/urlpipe) runs each step over files.
//
// The package registers its DoFns, functions and element types with Beam
// at initialization, as distributed runners need.
package weburlbeam
