package weburl

import (
	"strings"
	"testing"

	"github.com/weburl/weburl/internal/urllists"
)

// lateEdit inserts "é" into s before its fragment, or at its end: the
// last byte of the query (or of the path) that the parser must
// percent-encode, after a prefix that is already canonical.
func lateEdit(s string) string {
	if i := strings.IndexByte(s, '#'); i >= 0 {
		return s[:i] + "é" + s[i:]
	}
	return s + "é"
}

// heavyEdit replaces each 'e' after the authority of s with "é": a path
// and query with many code points to percent-encode.
func heavyEdit(s string) string {
	i := strings.Index(s, "//")
	if i < 0 {
		return s
	}
	j := strings.IndexAny(s[i+2:], "/?#")
	if j < 0 {
		return s
	}
	j += i + 2
	return s[:j] + strings.ReplaceAll(s[j:], "e", "é")
}

// longLate returns n canonical https URLs of about size bytes, path
// segments and query pairs of [a-z0-9], each with "é" at its end.
func longLate(n, size int) []string {
	urls := make([]string, n)
	x := uint32(2463534242)
	for i := range urls {
		b := []byte("https://www.example.com")
		for len(b) < size*2/3 {
			b = append(b, '/')
			for k := 3 + int(x%9); k > 0; k-- {
				x ^= x << 13
				x ^= x >> 17
				x ^= x << 5
				b = append(b, "abcdefghijklmnopqrstuvwxyz0123456789"[x%36])
			}
		}
		for sep := byte('?'); len(b) < size; sep = '&' {
			b = append(b, sep, 'k', '=')
			for k := 3 + int(x%9); k > 0; k-- {
				x ^= x << 13
				x ^= x >> 17
				x ^= x << 5
				b = append(b, "abcdefghijklmnopqrstuvwxyz0123456789"[x%36])
			}
		}
		urls[i] = string(b) + "é"
	}
	return urls
}

// BenchmarkParseNotCanonical times Parse plus Href on input that the fast
// path does not take as it is: the lists with the scheme and host in upper
// case, the lists with one byte to percent-encode at the end of the query
// or path ("late"), the lists with every 'e' of path, query and fragment
// made "é" ("heavy"), and URLs of 1 KiB with that byte at the end. One op is
// the whole list.
func BenchmarkParseNotCanonical(b *testing.B) {
	lists := map[string][]string{"long-1k-late": longLate(1000, 1<<10)}
	for name, urls := range benchLists(b) {
		upper := make([]string, len(urls))
		late := make([]string, len(urls))
		heavy := make([]string, len(urls))
		for i, s := range urls {
			upper[i], late[i], heavy[i] = urllists.UpperSchemeAndHost(s), lateEdit(s), heavyEdit(s)
		}
		lists[name+"-upper"], lists[name+"-late"], lists[name+"-heavy"] = upper, late, heavy
	}
	for name, urls := range lists {
		b.Run(name, func(b *testing.B) { benchParseHref(b, urls) })
	}
}
