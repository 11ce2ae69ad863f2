package weburlbeam

import (
	"context"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/weburl/weburl"
)

// Namespace is the namespace of the metrics that the transforms count:
// "<step>.failures" for each step, and the read step's "read.files",
// "read.lines" and "read.blank-lines".
const Namespace = "weburl"

// parseURL parses one URL of a step's input, or reports why it cannot
// and returns nil.
func parseURL(ctx context.Context, step string, failures beam.Counter, in string, fail func(Failure)) *weburl.URL {
	if why := notUTF8(in); why != "" {
		failures.Inc(ctx, 1)
		fail(Failure{Step: step, Input: in, Reason: why})
		return nil
	}
	u, err := weburl.Parse(in)
	if err != nil {
		failures.Inc(ctx, 1)
		fail(Failure{Step: step, Input: in, Reason: reason(err)})
		return nil
	}
	return u
}

// Parse parses each URL of urls, a PCollection<string>, as the URL
// Standard says (as new URL(input) does in a browser). It returns the
// hrefs of the URLs that parse, a PCollection<string>, and a
// PCollection<Failure> with the others: the input and the validation
// error that made the parse fail, or "not UTF-8" for a string that is not.
func Parse(s beam.Scope, urls beam.PCollection) (hrefs, failures beam.PCollection) {
	s = s.Scope("weburl.Parse")
	return beam.ParDo2(s, &parseFn{}, urls)
}

type parseFn struct {
	failures beam.Counter
}

func (f *parseFn) Setup() { f.failures = beam.NewCounter(Namespace, "parse.failures") }

func (f *parseFn) ProcessElement(ctx context.Context, in string, emit func(string), fail func(Failure)) {
	if u := parseURL(ctx, "parse", f.failures, in, fail); u != nil {
		emit(u.Href())
	}
}

// Ref is a URL reference and the base URL to resolve it against, as an
// <a href> and its document's URL.
type Ref struct {
	// Base is the absolute URL that Ref is relative to.
	Base string `json:"base"`
	// Ref is the reference as written: relative ("../a?b") or absolute.
	Ref string `json:"ref"`
}

// Resolve resolves each reference of refs, a PCollection<Ref>, against its
// base, as new URL(ref, base) does. It returns the hrefs, a
// PCollection<string>, and a PCollection<Failure> with the references that
// do not resolve: Input is the reference, Source the base, and a Reason
// that starts with "base: " tells that the base itself failed to parse.
func Resolve(s beam.Scope, refs beam.PCollection) (hrefs, failures beam.PCollection) {
	s = s.Scope("weburl.Resolve")
	return beam.ParDo2(s, &resolveFn{}, refs)
}

type resolveFn struct {
	failures beam.Counter
	// The last base, parsed: references come in runs with one base, as
	// the links of a page.
	base    string
	baseURL *weburl.URL
	baseErr error
}

func (f *resolveFn) Setup() { f.failures = beam.NewCounter(Namespace, "resolve.failures") }

func (f *resolveFn) ProcessElement(ctx context.Context, r Ref, emit func(string), fail func(Failure)) {
	failed := func(why string) {
		f.failures.Inc(ctx, 1)
		fail(Failure{Step: "resolve", Input: r.Ref, Reason: why, Source: r.Base})
	}
	if why := notUTF8(r.Ref); why != "" {
		failed(why)
		return
	}
	if f.baseURL == nil && f.baseErr == nil || r.Base != f.base {
		f.base = r.Base
		f.baseURL, f.baseErr = nil, nil
		if why := notUTF8(r.Base); why != "" {
			f.baseErr = errString("base: " + why)
		} else if f.baseURL, f.baseErr = weburl.Parse(r.Base); f.baseErr != nil {
			f.baseErr = errString("base: " + reason(f.baseErr))
		}
	}
	if f.baseErr != nil {
		failed(f.baseErr.Error())
		return
	}
	u, err := f.baseURL.Parse(r.Ref)
	if err != nil {
		failed(reason(err))
		return
	}
	emit(u.Href())
}

// ResolveAgainst resolves each reference of refs, a PCollection<string>,
// against one base URL. It returns the hrefs and the failures as Resolve
// does; when base does not parse, every reference fails with the base's
// reason.
func ResolveAgainst(s beam.Scope, base string, refs beam.PCollection) (hrefs, failures beam.PCollection) {
	s = s.Scope("weburl.ResolveAgainst")
	return beam.ParDo2(s, &resolveAgainstFn{Base: base}, refs)
}

type resolveAgainstFn struct {
	Base string `json:"base"`

	r resolveFn
}

func (f *resolveAgainstFn) Setup() { f.r.Setup() }

func (f *resolveAgainstFn) ProcessElement(ctx context.Context, ref string, emit func(string), fail func(Failure)) {
	f.r.ProcessElement(ctx, Ref{Base: f.Base, Ref: ref}, emit, fail)
}

// errString is an error that is its message.
type errString string

func (e errString) Error() string { return string(e) }
