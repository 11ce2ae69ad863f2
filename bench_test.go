package weburl

import (
	"net/url"
	"strconv"
	"testing"

	"golang.org/x/text/encoding/htmlindex"

	"github.com/weburl/weburl/internal/urllists"
)

// fallbackURLs is the list benchmarks use when the shared lists are absent.
var fallbackURLs = []string{
	"https://www.example.com/",
	"https://example.org/path/to/page.html?q=search+terms&lang=en#top",
	"http://user:pass@example.net:8080/a/b/../c?x=1",
	"https://sub.domain.example.co.uk/index.php?id=42&sort=asc",
	"file:///home/user/projects/weburl/url.go",
	"https://EXAMPLE.com/Mixed/Case/Path",
	"http://192.168.0.1/admin",
	"https://[2001:db8::1]:8443/api/v1/items",
	"mailto:someone@example.com",
	"https://example.com/with%20space/and%2Fslash",
}

// benchLists returns the URL lists to benchmark by name: the shared
// lists (internal/urllists), or our own small list, which fails the test
// instead when WEBURL_BENCH_REQUIRED=1.
func benchLists(tb testing.TB) map[string][]string {
	lists := map[string][]string{}
	dir, files, err := urllists.SharedFiles()
	for _, f := range files {
		urls, err := urllists.Read(f)
		if err != nil {
			tb.Fatal(err)
		}
		lists[urllists.Name(f)] = urls
	}
	if len(lists) == 0 {
		if urllists.Required() {
			tb.Fatalf("no URL lists in %s (WEBURL_BENCH_DIR): %v", dir, err)
		}
		// Say so where go test -v shows it: the figures and the
		// end-to-end tests cover only this small list.
		tb.Logf("no URL lists in %s: using the built-in list of %d URLs (set WEBURL_BENCH_DIR to the directory of kasztp.txt and node_files.txt for the full data)", dir, len(fallbackURLs))
		lists["fallback"] = fallbackURLs
	}
	return lists
}

func totalBytes(urls []string) int64 {
	n := 0
	for _, u := range urls {
		n += len(u)
	}
	return int64(n)
}

// BenchmarkParse compares Parse plus Href with net/url.Parse on the same
// lists; one op is the whole list, and the allocs are per list too.
func BenchmarkParse(b *testing.B) {
	for name, urls := range benchLists(b) {
		b.Run("weburl/"+name, func(b *testing.B) { benchParseHref(b, urls) })
		b.Run("net-url/"+name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(totalBytes(urls))
			for b.Loop() {
				for _, s := range urls {
					_, _ = url.Parse(s)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(urls)), "ns/url")
		})
		// The cost of listening: every code point is checked and the strict
		// ToASCII run is made for each host.
		b.Run("validate/"+name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(totalBytes(urls))
			errs := 0
			p := Parser{OnValidationError: func(ValidationError) { errs++ }}
			for b.Loop() {
				for _, s := range urls {
					_, _ = p.Parse(s, nil)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(urls)), "ns/url")
			b.ReportMetric(float64(errs)/float64(b.N*len(urls)), "errors/url")
		})
		b.Run("canparse/"+name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(totalBytes(urls))
			for b.Loop() {
				for _, s := range urls {
					_ = CanParse(s)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(urls)), "ns/url")
		})
	}
}

// BenchmarkParseLong times Parse plus Href on the long canonical lists
// beside the floor of one pass over the same bytes, a byte-class table
// loop (tableLoop): the cost of the path and query scans of the fast path.
func BenchmarkParseLong(b *testing.B) {
	for _, size := range []int{1 << 10, 4 << 10} {
		urls := urllists.Long(size)
		name := "long-" + strconv.Itoa(size>>10) + "k"
		b.Run("weburl/"+name, func(b *testing.B) { benchParseHref(b, urls) })
		b.Run("table-loop/"+name, func(b *testing.B) {
			b.SetBytes(totalBytes(urls))
			n := 0
			for b.Loop() {
				for _, s := range urls {
					n += tableLoop(s)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(urls)), "ns/url")
			if n == 0 {
				b.Fatal("no bytes scanned")
			}
		})
	}
}

// tableLoop returns the length of the run of s that has no byte of the
// C0 control percent-encode set, one byte, one table load and one branch
// per step: the plainest byte-class scan, the floor of a parse's one pass.
func tableLoop(s string) int {
	i := 0
	for i < len(s) && !charClass(C0ControlSet).has(s[i]) {
		i++
	}
	return i
}

// BenchmarkParseFull runs the full parser on the lists, without the fast
// path: the cost of input that is not already canonical.
func BenchmarkParseFull(b *testing.B) {
	for name, urls := range benchLists(b) {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(totalBytes(urls))
			for b.Loop() {
				for _, s := range urls {
					if u := fullParse(s, nil, nil).url; u != nil {
						_ = u.Href()
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(urls)), "ns/url")
		})
	}
}

// BenchmarkParseEncoding parses one URL with a query, with no encoding (the
// nil Parser.Encoding, UTF-8) and with legacy encodings, where the query
// goes through "percent-encode after encoding". One op is one parse.
func BenchmarkParseEncoding(b *testing.B) {
	const ascii = "https://example.com/search?q=weburl&lang=en&page=2#top"
	for _, c := range []struct{ label, kind, input string }{
		{"", "ascii", ascii},
		{"", "text", "https://example.com/search?q=caf\u00e9+cr\u00e8me&lang=fr#top"},
		{"windows-1252", "ascii", ascii},
		{"windows-1252", "text", "https://example.com/search?q=caf\u00e9+cr\u00e8me&lang=fr&x=\u20ac\u6f22#top"},
		{"shift_jis", "text", "https://example.jp/search?q=\u691c\u7d22\u30c6\u30b9\u30c8&page=2&x=\U0001F600#top"},
		{"gb18030", "text", "https://example.cn/search?q=\u4e2d\u6587\u641c\u7d22&page=2&x=\U0001F600#top"},
		{"iso-2022-jp", "text", "https://example.jp/search?q=\u691c\u7d22\u30c6\u30b9\u30c8&page=2&x=\u00a5\U0001F600#top"},
	} {
		var p Parser
		name := "nil"
		if c.label != "" {
			enc, err := htmlindex.Get(c.label)
			if err != nil {
				b.Fatal(err)
			}
			p.Encoding, name = enc, c.label
		}
		b.Run(name+"/"+c.kind, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(c.input)))
			for b.Loop() {
				if _, err := p.Parse(c.input, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// benchParseHref times Parse and Href over urls, one op the whole list,
// and reports ns per URL.
func benchParseHref(b *testing.B, urls []string) {
	b.ReportAllocs()
	b.SetBytes(totalBytes(urls))
	for b.Loop() {
		for _, s := range urls {
			if u, err := Parse(s); err == nil {
				_ = u.Href()
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(urls)), "ns/url")
}
