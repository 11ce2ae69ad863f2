package weburlbeam

import (
	"errors"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/passert"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/weburl/weburl/urlpattern"
)

func TestMatch(t *testing.T) {
	p, s := beam.NewPipelineWithRoot()
	in := beam.Create(s, strs(
		"https://docs.example.com/guide/intro",
		"https://example.com/docs/a",
		"https://example.com/blog/a",
		"HTTPS://WWW.EXAMPLE.COM/docs/x?y",
		"http://docs.example.com/guide",
		"not a url",
	)...)
	matched, failures, err := Match(s, in, "https://*.example.com/docs/*", "https://docs.example.com/guide/*", "https://example.com/docs/:page")
	if err != nil {
		t.Fatal(err)
	}
	passert.Equals(s, matched, strs(
		"https://docs.example.com/guide/intro",
		"https://example.com/docs/a",
		"HTTPS://WWW.EXAMPLE.COM/docs/x?y",
	)...)
	passert.Equals(s, failures,
		Failure{Step: "match", Input: "not a url", Reason: "missing-scheme-non-relative-URL at 0"},
	)
	ptest.RunAndValidate(t, p)
}

func TestMatchBadPattern(t *testing.T) {
	_, s := beam.NewPipelineWithRoot()
	in := beam.Create(s, strs("https://example.com/")...)
	_, _, err := Match(s, in, "https://example.com/*", "https://example.com/:id(")
	var e *urlpattern.Error
	if !errors.As(err, &e) || e.Offset != 23 {
		t.Errorf("Match with a bad pattern: %v, want a *urlpattern.Error at offset 23", err)
	}
}
