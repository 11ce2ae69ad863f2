package weburlbeam

import (
	"context"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
)

// Beam's workers find DoFns, functions and element types by name, so
// every one is registered here, at initialization; the register package
// also gives them calls without reflection.
func init() {
	for _, t := range []any{Failure{}, Ref{}, Unique{}, HostCount{}, Page{}, Link{}, SitemapURL{}, group{}} {
		beam.RegisterType(reflect.TypeOf(t))
	}

	register.DoFn4x0[context.Context, string, func(string), func(Failure)](&parseFn{})
	register.DoFn4x0[context.Context, Ref, func(string), func(Failure)](&resolveFn{})
	register.DoFn4x0[context.Context, string, func(string), func(Failure)](&resolveAgainstFn{})
	register.DoFn4x0[context.Context, string, func(string, string), func(Failure)](&keyFn{})
	register.DoFn4x0[context.Context, string, func(string, string), func(Failure)](&surtFn{})
	register.DoFn4x0[context.Context, string, func(string), func(Failure)](&siteFn{})
	register.DoFn4x0[context.Context, Page, func(Link), func(Failure)](&linksFn{})
	register.DoFn4x0[context.Context, Page, func(SitemapURL), func(Failure)](&sitemapFn{})
	register.DoFn4x0[context.Context, string, func(string), func(Failure)](&expandFn{})
	register.DoFn4x0[context.Context, string, func(string), func(Failure)](&readURLsFn{})
	register.DoFn4x0[context.Context, string, func(Ref), func(Failure)](&readRefsFn{})
	register.DoFn4x0[context.Context, string, func(Page), func(Failure)](&readPagesFn{})
	register.DoFn3x1[context.Context, []byte, func(*string) bool, error](&writeFn{})
	register.DoFn1x2[string, int, string](&shardFn{})
	register.DoFn3x1[context.Context, int, func(*string) bool, error](&writeShardFn{})

	register.Combiner2[group, string](&dedupFn{})
	register.Function2x1(toUnique)
	register.Function2x1(toHostCount)
	register.Function1x1(linkURL)
	register.Function1x2(toJSON)

	register.Emitter1[string]()
	register.Emitter1[Failure]()
	register.Emitter1[Ref]()
	register.Emitter1[Page]()
	register.Emitter1[Link]()
	register.Emitter1[SitemapURL]()
	register.Emitter2[string, string]()
	register.Iter1[string]()
}
