package weburlbeam

import (
	"context"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/transforms/stats"
	"github.com/weburl/weburl"
)

// HostCount is one line of Hosts' output.
type HostCount struct {
	// Host is a registrable domain ("example.co.uk" for
	// "www.example.co.uk"), or the host itself when it has none: an IP
	// address ("192.0.2.1", "[2001:db8::1]"), a public suffix, a name
	// without a known public suffix ("localhost"). It is "" for the URLs
	// without a host, as "mailto:a@b" and "file:///etc/hosts".
	Host string `json:"host"`
	// Count is how many URLs of the input have it, duplicates included
	// (run Dedup first to count distinct URLs).
	Count int `json:"count"`
}

// site is what Hosts counts by: the registrable domain of u's host, or
// the host when it has none.
func site(u *weburl.URL) string {
	host := u.Hostname()
	if domain, ok := weburl.RegistrableDomain(host); ok {
		return domain
	}
	return host
}

// Hosts counts the URLs of urls, a PCollection<string>, per registrable
// domain (weburl.RegistrableDomain of the host, with the Public Suffix
// List that weburl embeds), so that "a.example.com" and
// "b.example.com" count as one site. It returns a PCollection<HostCount>
// and a PCollection<Failure> with the URLs that do not parse.
func Hosts(s beam.Scope, urls beam.PCollection) (counts, failures beam.PCollection) {
	s = s.Scope("weburl.Hosts")
	sites, failures := beam.ParDo2(s, &siteFn{}, urls)
	counted := stats.Count(s, sites)
	return beam.ParDo(s, toHostCount, counted), failures
}

type siteFn struct {
	failures beam.Counter
}

func (f *siteFn) Setup() { f.failures = beam.NewCounter(Namespace, "hosts.failures") }

func (f *siteFn) ProcessElement(ctx context.Context, in string, emit func(string), fail func(Failure)) {
	if u := parseURL(ctx, "hosts", f.failures, in, fail); u != nil {
		emit(site(u))
	}
}

func toHostCount(host string, n int) HostCount { return HostCount{Host: host, Count: n} }
