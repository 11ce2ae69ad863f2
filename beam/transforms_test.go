package weburlbeam

import (
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/passert"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/weburl/weburl/canon"
)

// The tests run their pipelines on Prism, Beam's local runner, in this
// process (ptest's default; -runner=direct picks the older direct runner).
func TestMain(m *testing.M) {
	ptest.Main(m)
}

func init() {
	register.Function2x1(joinKV)
}

// joinKV writes a KV<string, string> as "key\tvalue", for passert.
func joinKV(k, v string) string { return k + "\t" + v }

func strs(xs ...string) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}

func TestParse(t *testing.T) {
	p, s := beam.NewPipelineWithRoot()
	in := beam.Create(s, strs(
		"https://EXAMPLE.com/a/../b",
		"http://example.com:80/x y",
		"not a url",
		"https://exa mple.com/",
		"https://example.com/\xff",
		"mailto:Someone@Example.com",
	)...)
	hrefs, failures := Parse(s, in)
	passert.Equals(s, hrefs, strs(
		"https://example.com/b",
		"http://example.com/x%20y",
		"mailto:Someone@Example.com",
	)...)
	passert.Equals(s, failures,
		Failure{Step: "parse", Input: "not a url", Reason: "missing-scheme-non-relative-URL at 0"},
		Failure{Step: "parse", Input: "https://exa mple.com/", Reason: "domain-to-ASCII at 8"},
		Failure{Step: "parse", Input: "https://example.com/\xff", Reason: "not UTF-8: byte 0xff at offset 20"},
	)
	ptest.RunAndValidate(t, p)
}

func TestResolve(t *testing.T) {
	p, s := beam.NewPipelineWithRoot()
	refs := beam.Create(s,
		Ref{Base: "https://example.com/a/b?q", Ref: "../c#f"},
		Ref{Base: "https://example.com/a/b?q", Ref: "//other.org"},
		Ref{Base: "https://example.com/a/b?q", Ref: "?z"},
		Ref{Base: "https://example.com/a/b?q", Ref: "http://[::1"},
		Ref{Base: "not a base", Ref: "x"},
		Ref{Base: "mailto:a@b", Ref: "x"},
		Ref{Base: "https://example.com/", Ref: "\xc3("},
	)
	hrefs, failures := Resolve(s, refs)
	passert.Equals(s, hrefs, strs(
		"https://example.com/c#f",
		"https://other.org/",
		"https://example.com/a/b?z",
	)...)
	passert.Equals(s, failures,
		Failure{Step: "resolve", Input: "http://[::1", Reason: "IPv6-unclosed at 7", Source: "https://example.com/a/b?q"},
		Failure{Step: "resolve", Input: "x", Reason: "base: missing-scheme-non-relative-URL at 0", Source: "not a base"},
		Failure{Step: "resolve", Input: "x", Reason: "missing-scheme-non-relative-URL at 0", Source: "mailto:a@b"},
		Failure{Step: "resolve", Input: "\xc3(", Reason: "not UTF-8: byte 0xc3 at offset 0", Source: "https://example.com/"},
	)
	ptest.RunAndValidate(t, p)
}

func TestResolveAgainst(t *testing.T) {
	p, s := beam.NewPipelineWithRoot()
	refs := beam.Create(s, strs("a", "/b?c", "https://x.org/", "http://[")...)
	hrefs, failures := ResolveAgainst(s, "https://example.com/dir/page", refs)
	passert.Equals(s, hrefs, strs("https://example.com/dir/a", "https://example.com/b?c", "https://x.org/")...)
	passert.Equals(s, failures, Failure{Step: "resolve", Input: "http://[", Reason: "IPv6-unclosed at 7", Source: "https://example.com/dir/page"})

	// A base that does not parse fails every reference, with its reason.
	_, failures = ResolveAgainst(s, "//no-scheme", beam.Create(s, strs("a", "b")...))
	passert.Equals(s, failures,
		Failure{Step: "resolve", Input: "a", Reason: "base: missing-scheme-non-relative-URL at 0", Source: "//no-scheme"},
		Failure{Step: "resolve", Input: "b", Reason: "base: missing-scheme-non-relative-URL at 0", Source: "//no-scheme"},
	)
	ptest.RunAndValidate(t, p)
}

var canonInput = strs(
	"https://www.Example.com/a?utm_source=x&b=2&a=1#top",
	"https://example.com/a?a=1&b=2",
	"http://EXAMPLE.com:80/%7Euser/",
	"ftp://example.com/file",
	"mailto:Someone@Example.com",
	"nope",
)

func TestCanonicalKey(t *testing.T) {
	p, s := beam.NewPipelineWithRoot()
	keyed, failures := CanonicalKey(s, canon.Crawler(), beam.Create(s, canonInput...))
	passert.Equals(s, beam.ParDo(s, joinKV, keyed), strs(
		"https://example.com/a?a=1&b=2\thttps://www.example.com/a?utm_source=x&b=2&a=1#top",
		"https://example.com/a?a=1&b=2\thttps://example.com/a?a=1&b=2",
		"http://example.com/~user/\thttp://example.com/%7Euser/",
		"ftp://example.com/file\tftp://example.com/file",
		"mailto:Someone@Example.com\tmailto:Someone@Example.com",
	)...)
	passert.Equals(s, failures, Failure{Step: "canon", Input: "nope", Reason: "missing-scheme-non-relative-URL at 0"})

	// The WHATWG profile keys a URL by its href.
	keyed, _ = CanonicalKey(s, canon.WHATWG(), beam.Create(s, strs("HTTP://A.com:80/./b")...))
	passert.Equals(s, beam.ParDo(s, joinKV, keyed), "http://a.com/b\thttp://a.com/b")
	ptest.RunAndValidate(t, p)
}

func TestSURT(t *testing.T) {
	p, s := beam.NewPipelineWithRoot()
	in := beam.Create(s, strs("http://www.Example.com/a/?b=2&a=1#f", "https://sub.example.co.uk:8443/X", "mailto:Me@x", "http://192.168.1.254/", "x:")...)
	keyed, failures := SURT(s, in)
	passert.Equals(s, beam.ParDo(s, joinKV, keyed), strs(
		"com,example)/a?a=1&b=2\thttp://www.example.com/a/?b=2&a=1#f",
		"uk,co,example,sub:8443)/x\thttps://sub.example.co.uk:8443/X",
		"mailto:me@x\tmailto:Me@x",
		"254,1,168,192)/\thttp://192.168.1.254/",
		"x:\tx:",
	)...)
	passert.Empty(s, failures)

	keyed, failures = SURTWith(s, canon.SURTOptions{WithScheme: true, KeepWWW: true}, beam.Create(s, strs("http://www.Example.com/a", ":")...))
	passert.Equals(s, beam.ParDo(s, joinKV, keyed), "http://(com,example,www)/a\thttp://www.example.com/a")
	passert.Equals(s, failures, Failure{Step: "surt", Input: ":", Reason: "missing-scheme-non-relative-URL at 0"})
	ptest.RunAndValidate(t, p)
}

func TestDedup(t *testing.T) {
	p, s := beam.NewPipelineWithRoot()
	in := beam.Create(s, append(canonInput, strs(
		"https://example.com/a?b=2&a=1&utm_medium=y",
		"http://example.com/~user/",
		"https://example.com/a?a=1&b=2",
		"https://example.com/\xfe",
	)...)...)
	uniques, failures := Dedup(s, canon.Crawler(), in)
	passert.Equals(s, uniques,
		// Four inputs, among them the same href twice; the smallest href
		// stands for them.
		Unique{Key: "https://example.com/a?a=1&b=2", Href: "https://example.com/a?a=1&b=2", Count: 4},
		Unique{Key: "http://example.com/~user/", Href: "http://example.com/%7Euser/", Count: 2},
		Unique{Key: "ftp://example.com/file", Href: "ftp://example.com/file", Count: 1},
		Unique{Key: "mailto:Someone@Example.com", Href: "mailto:Someone@Example.com", Count: 1},
	)
	passert.Equals(s, failures,
		Failure{Step: "dedup", Input: "nope", Reason: "missing-scheme-non-relative-URL at 0"},
		Failure{Step: "dedup", Input: "https://example.com/\xfe", Reason: "not UTF-8: byte 0xfe at offset 20"},
	)

	// Under the WHATWG profile only equal hrefs are one.
	uniques, _ = Dedup(s, canon.WHATWG(), beam.Create(s, strs("https://a.com", "https://A.com/", "https://a.com/#x")...))
	passert.Equals(s, uniques,
		Unique{Key: "https://a.com/", Href: "https://a.com/", Count: 2},
		Unique{Key: "https://a.com/#x", Href: "https://a.com/#x", Count: 1},
	)
	ptest.RunAndValidate(t, p)
}

func TestHosts(t *testing.T) {
	p, s := beam.NewPipelineWithRoot()
	in := beam.Create(s, strs(
		"https://www.example.co.uk/",
		"https://shop.example.co.uk/a",
		"http://example.co.uk:8080/",
		"https://user.github.io/x",
		"https://other.github.io/",
		"https://github.io/",
		"http://192.0.2.1/",
		"http://[2001:db8::1]/",
		"http://localhost:3000/",
		"file:///etc/hosts",
		"mailto:a@b",
		"https://EXAMPLE.com",
		"https://a.b.example.com",
		"https:// x",
	)...)
	counts, failures := Hosts(s, in)
	passert.Equals(s, counts,
		HostCount{Host: "example.co.uk", Count: 3},
		HostCount{Host: "user.github.io", Count: 1},
		HostCount{Host: "other.github.io", Count: 1},
		HostCount{Host: "github.io", Count: 1},
		HostCount{Host: "192.0.2.1", Count: 1},
		HostCount{Host: "[2001:db8::1]", Count: 1},
		HostCount{Host: "localhost", Count: 1},
		HostCount{Host: "", Count: 2},
		HostCount{Host: "example.com", Count: 2},
	)
	passert.Equals(s, failures, Failure{Step: "hosts", Input: "https:// x", Reason: "domain-to-ASCII at 8"})
	ptest.RunAndValidate(t, p)
}
