package weburlbeam

import (
	"context"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/weburl/weburl/canon"
)

// CanonicalKey keys each URL of urls, a PCollection<string>, by its
// canonical form under profile (canon.Profile.Key): it returns a
// PCollection<KV<string, string>> of (key, href), ready for GroupByKey or
// a join, and a PCollection<Failure> with the URLs that do not parse.
func CanonicalKey(s beam.Scope, profile canon.Profile, urls beam.PCollection) (keyed, failures beam.PCollection) {
	s = s.Scope("weburl.CanonicalKey")
	return beam.ParDo2(s, &keyFn{Profile: profile, Step: "canon"}, urls)
}

type keyFn struct {
	Profile canon.Profile `json:"profile"`
	// Step names the step in failures: "canon", or "dedup".
	Step string `json:"step"`

	failures beam.Counter
}

func (f *keyFn) Setup() { f.failures = beam.NewCounter(Namespace, f.Step+".failures") }

func (f *keyFn) ProcessElement(ctx context.Context, in string, emit func(string, string), fail func(Failure)) {
	if u := parseURL(ctx, f.Step, f.failures, in, fail); u != nil {
		emit(f.Profile.Key(u), u.Href())
	}
}

// SURT keys each URL of urls, a PCollection<string>, by its Sort-friendly
// URI Reordering Transform with the Internet Archive's default options
// (canon.SURT), the key of CDX indexes. It returns a
// PCollection<KV<string, string>> of (SURT, href) and a
// PCollection<Failure> with the URLs that do not parse.
func SURT(s beam.Scope, urls beam.PCollection) (keyed, failures beam.PCollection) {
	return SURTWith(s, canon.SURTOptions{}, urls)
}

// SURTWith is SURT with options (canon.SURTWith).
func SURTWith(s beam.Scope, o canon.SURTOptions, urls beam.PCollection) (keyed, failures beam.PCollection) {
	s = s.Scope("weburl.SURT")
	return beam.ParDo2(s, &surtFn{Options: o}, urls)
}

type surtFn struct {
	Options canon.SURTOptions `json:"options"`

	failures beam.Counter
}

func (f *surtFn) Setup() { f.failures = beam.NewCounter(Namespace, "surt.failures") }

func (f *surtFn) ProcessElement(ctx context.Context, in string, emit func(string, string), fail func(Failure)) {
	if u := parseURL(ctx, "surt", f.failures, in, fail); u != nil {
		emit(canon.SURTWith(u, f.Options), u.Href())
	}
}

// Unique is one canonical URL of Dedup's output.
type Unique struct {
	// Key is the canonical key (canon.Profile.Key) that the URLs share.
	Key string `json:"key"`
	// Href is the representative: the smallest href, in byte order, of
	// the URLs with this key, so that every run picks the same one
	// whatever the order the runner met them in.
	Href string `json:"href"`
	// Count is how many URLs of the input have this key, duplicates
	// included.
	Count int `json:"count"`
}

// Dedup groups the URLs of urls, a PCollection<string>, by their canonical
// key under profile and returns one Unique per key, a PCollection<Unique>,
// with the smallest href of the group and the group's size, and a
// PCollection<Failure> with the URLs that do not parse. Counting and the
// choice of the representative are associative, so runners combine them
// before the shuffle.
func Dedup(s beam.Scope, profile canon.Profile, urls beam.PCollection) (uniques, failures beam.PCollection) {
	s = s.Scope("weburl.Dedup")
	keyed, failures := beam.ParDo2(s, &keyFn{Profile: profile, Step: "dedup"}, urls)
	groups := beam.CombinePerKey(s, &dedupFn{}, keyed)
	return beam.ParDo(s, toUnique, groups), failures
}

// group is what Dedup knows of a key while it combines: the smallest
// href and the count.
type group struct {
	Href  string
	Count int
}

// dedupFn combines the hrefs of one key into a group.
type dedupFn struct{}

func (dedupFn) CreateAccumulator() group { return group{} }

func (dedupFn) AddInput(g group, href string) group {
	return dedupFn{}.MergeAccumulators(g, group{Href: href, Count: 1})
}

func (dedupFn) MergeAccumulators(a, b group) group {
	switch {
	case a.Count == 0:
		return b
	case b.Count == 0:
		return a
	}
	a.Href = min(a.Href, b.Href)
	a.Count += b.Count
	return a
}

func toUnique(key string, g group) Unique { return Unique{Key: key, Href: g.Href, Count: g.Count} }
