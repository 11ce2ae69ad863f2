package weburlbeam

import (
	"context"
	"fmt"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/weburl/weburl/urlpattern"
)

func init() {
	register.DoFn4x0[context.Context, string, func(string), func(Failure)](&matchFn{})
}

// Match keeps the URLs of urls, a PCollection<string>, that any of the
// URL patterns matches (the URL Pattern Standard's constructor strings,
// such as "https://*.example.com/docs/*"): a crawl scope. It returns the
// matching inputs as they were given, a PCollection<string>, and a
// PCollection<Failure> with the URLs that do not parse; a URL that no
// pattern matches is dropped. The patterns are checked when the pipeline
// is built: a bad one is an error naming it (a *urlpattern.Error), and
// no transform is added. Each worker builds the patterns once, into a
// urlpattern.List, so that a URL does not try every pattern.
func Match(s beam.Scope, urls beam.PCollection, patterns ...string) (matched, failures beam.PCollection, err error) {
	for i, p := range patterns {
		if _, err := urlpattern.New(p, urlpattern.Options{}); err != nil {
			return beam.PCollection{}, beam.PCollection{}, fmt.Errorf("weburlbeam.Match: pattern %d: %w", i+1, err)
		}
	}
	s = s.Scope("weburl.Match")
	matched, failures = beam.ParDo2(s, &matchFn{Patterns: patterns}, urls)
	return matched, failures, nil
}

type matchFn struct {
	Patterns []string `json:"patterns"`

	list     *urlpattern.List
	failures beam.Counter
	dropped  beam.Counter
}

func (f *matchFn) Setup() error {
	f.failures = beam.NewCounter(Namespace, "match.failures")
	f.dropped = beam.NewCounter(Namespace, "match.unmatched")
	ps := make([]*urlpattern.Pattern, len(f.Patterns))
	for i, s := range f.Patterns {
		p, err := urlpattern.New(s, urlpattern.Options{})
		if err != nil {
			return err // checked by Match; only a changed pattern list gets here
		}
		ps[i] = p
	}
	f.list = urlpattern.NewList(ps...)
	return nil
}

func (f *matchFn) ProcessElement(ctx context.Context, in string, emit func(string), fail func(Failure)) {
	u := parseURL(ctx, "match", f.failures, in, fail)
	if u == nil {
		return
	}
	if f.list.Index(u) >= 0 {
		emit(in)
		return
	}
	f.dropped.Inc(ctx, 1)
}
