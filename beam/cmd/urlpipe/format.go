package main

import (
	"context"
	"fmt"
	"strconv"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	weburlbeam "github.com/weburl/weburl/beam"
)

// The formatters write one output element as one line of text or JSON,
// and count the lines.

var outputs = beam.NewCounter("urlpipe", "output")

// hrefFn formats the hrefs of parse and resolve.
type hrefFn struct{ JSON bool }

func (f *hrefFn) ProcessElement(ctx context.Context, href string) string {
	outputs.Inc(ctx, 1)
	if f.JSON {
		return `{"href":` + quote(href) + `}`
	}
	return href
}

// keyedFn formats the (key, href) pairs of canon and surt.
type keyedFn struct{ JSON bool }

func (f *keyedFn) ProcessElement(ctx context.Context, key, href string) string {
	outputs.Inc(ctx, 1)
	if f.JSON {
		return `{"key":` + quote(key) + `,"href":` + quote(href) + `}`
	}
	return key + "\t" + href
}

// uniqueFn formats dedup's groups.
type uniqueFn struct{ JSON bool }

func (f *uniqueFn) ProcessElement(ctx context.Context, u weburlbeam.Unique) (string, error) {
	outputs.Inc(ctx, 1)
	if f.JSON {
		return marshal(u)
	}
	return strconv.Itoa(u.Count) + "\t" + u.Key + "\t" + u.Href, nil
}

// hostFn formats the counts of hosts.
type hostFn struct{ JSON bool }

func (f *hostFn) ProcessElement(ctx context.Context, h weburlbeam.HostCount) (string, error) {
	outputs.Inc(ctx, 1)
	if f.JSON {
		return marshal(h)
	}
	return strconv.Itoa(h.Count) + "\t" + h.Host, nil
}

// linkFn formats the links of pages.
type linkFn struct{ JSON bool }

func (f *linkFn) ProcessElement(ctx context.Context, l weburlbeam.Link) (string, error) {
	outputs.Inc(ctx, 1)
	if f.JSON {
		return marshal(l)
	}
	return l.Page + "\t" + l.URL + "\t" + l.Tag + "\t" + l.Attr, nil
}

func marshal(v any) (string, error) { return weburlbeam.JSONLine(v) }

// quote writes s as a JSON string.
func quote(s string) string {
	q, _ := weburlbeam.JSONLine(s)
	return q
}

// formatterFor is the formatter of a step's output.
func formatterFor(step string, asJSON bool) any {
	switch step {
	case "parse", "resolve":
		return &hrefFn{JSON: asJSON}
	case "canon", "surt":
		return &keyedFn{JSON: asJSON}
	case "dedup":
		return &uniqueFn{JSON: asJSON}
	case "hosts":
		return &hostFn{JSON: asJSON}
	case "links":
		return &linkFn{JSON: asJSON}
	}
	panic(fmt.Sprintf("no formatter for step %q", step))
}

func init() {
	register.DoFn2x1[context.Context, string, string](&hrefFn{})
	register.DoFn3x1[context.Context, string, string, string](&keyedFn{})
	register.DoFn2x2[context.Context, weburlbeam.Unique, string, error](&uniqueFn{})
	register.DoFn2x2[context.Context, weburlbeam.HostCount, string, error](&hostFn{})
	register.DoFn2x2[context.Context, weburlbeam.Link, string, error](&linkFn{})
}
