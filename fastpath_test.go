package weburl

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"golang.org/x/text/encoding/htmlindex"

	"github.com/weburl/weburl/internal/canonical"
	"github.com/weburl/weburl/internal/urllists"
)

// fastScan returns what the fast path finds in s.
func fastScan(s string) (f fastResult) {
	f.scan(s)
	return f
}

// fastCanonical reports whether the fast path proves s its own href.
func fastCanonical(s string) bool {
	f := fastScan(s)
	return f.took && f.edit == 0
}

// checkFastPath fails t if the fast path takes input and the full parser
// does not give the same URL: the input, with the fast path's edits, as
// the href, and the same layout.
func checkFastPath(t *testing.T, input string) bool {
	t.Helper()
	f := fastScan(input)
	if !f.took {
		return false
	}
	if f.resume.state != noState {
		t.Errorf("%q: the fast path takes it and gives a resume point %+v", input, f.resume)
	}
	l, e := f.layout, f.edit
	want := input
	if e != 0 {
		want = string(applyFastEdit(nil, input, e, &l))
		if len(want) != fastHrefLen(input, e) {
			t.Errorf("%q: edit %b makes %q, of length %d, not %d", input, e, want, len(want), fastHrefLen(input, e))
		}
	}
	u := fullParse(input, nil, nil).url
	switch {
	case u == nil:
		t.Errorf("fast path took %q, which the parser rejects", input)
	case u.href != want:
		t.Errorf("fast path took %q as %q, which the parser makes %q", input, want, u.href)
	case u.layout != l:
		t.Errorf("%q: fast path layout %+v, parser %+v", input, l, u.layout)
	}
	if v, err := Parse(input); err != nil || v.href != want || v.layout != l {
		t.Errorf("Parse(%q) = %v, %v; the fast path gives %q", input, v, err, want)
	}
	return true
}

// withoutPath drops the path of s, a URL with "//": "https://h/p?q"
// becomes "https://h?q".
func withoutPath(s string) string {
	i := strings.Index(s, "//")
	if i < 0 {
		return s
	}
	j := strings.IndexByte(s[i+2:], '/')
	if j < 0 {
		return s
	}
	j += i + 2
	k := strings.IndexAny(s[j:], "?#")
	if k < 0 {
		return s[:j]
	}
	return s[:j] + s[j+k:]
}

// Canonical inputs the fast path must take, and inputs it must leave to
// the full parser, each for a reason the comment gives.
var fastPathCases = []struct {
	input string
	fast  bool
}{
	{"https://example.com/", true},
	{"https://example.com/a/b.html?q=1&r=%20#frag", true},
	{"http://example.com:8080/", true},
	{"http://example.com:0/", true},
	{"ws://example.com:443/", true}, // 443 is not ws's default
	{"https://192.168.0.1/", true},
	{"https://0.0.0.0/", true},
	{"file:///home/user/a.go", true},
	{"file:///C:/Windows/", true},
	{"file://host/share/a", true},
	{"file:////x", true},
	{"mailto:someone@example.com", true},
	{"javascript:void(0)", true},
	{"blob:https://example.com/uuid", true},
	{"sc:", true},
	{"sc:?q#f", true},
	{"https://example.com/%zz/%2/a%", true}, // '%' stays as it is
	{"https://example.com/..a/.b/a.", true},
	{"https://example.com/?a'b", false},     // ' is encoded in special queries
	{"sc:a?a'b", true},                      // but not in other queries
	{"https://example.com/#a#b", true},      // '#' in a fragment stays
	{"https://ex{a}mple.com/", true},        // not a forbidden domain code point
	{"https://xn--nxasmq6b.example/", true}, // ASCII: only lowercased
	{"https://example.com./", true},         // trailing dot
	{"HTTPS://example.com/", true},          // upper-case scheme: lowercased
	{"https://Example.com/", true},          // upper-case host: lowercased
	{"HTTPS://WWW.EXAMPLE.COM/A?B#C", true}, // but not the path, query, fragment
	{"MAILTO:x", true},
	{"Sc:A", true},
	{"https://example.com", true},       // no path: "/" is added
	{"https://example.com?q", true},     // before the query too
	{"https://example.com#f", true},     // and the fragment
	{"https://example.com:8080", true},  // after the port
	{"HTTP://EXAMPLE.COM:8080?Q", true}, // all three edits
	{"HTTPS://EXAMPLE.COM:443", false},  // default port
	{"https://EXAMPLE.0X/", false},      // ends in a number: 0X
	{"https://EXAMPLE.1/", false},
	{"https://1.2.3.4", true},
	{"https://localhost", true},
	{"file://", true},            // "file:///"
	{"file://?q", true},          // "file:///?q"
	{"file://LOCALHOST/", false}, // made empty
	{"file://LocalHost", false},
	{"file://HOST/C:/x", false},
	{"https://ex%41mple.com", false},
	{"https://EXAMPLE.com\\x", false}, // backslash after the host
	{"https://example.com ", false},
	{"https://", false},
	{"https://?x", false},
	{"https://example.com:443/", false},   // default port
	{"https://example.com:/", false},      // empty port
	{"https://example.com:080/", false},   // leading zero
	{"https://example.com:65536/", false}, // out of range
	{"https://example.com:99999999999/", false},
	{"https://user@example.com/", false}, // credentials
	{"https://example.com/a/./b", false}, // dot segments
	{"https://example.com/a/../b", false},
	{"https://example.com/a/%2e%2E/b", false},
	{"https://example.com/a/.%2e", false},
	{"https://example.com/.", false},
	{"https://example.com/a\\b", true}, // backslash: "/a/b"
	{"https://example.com/a\\b\\?c\\#d\\", true},
	{"https://example.com/a\\..\\b", false}, // dot segments, '\\' ending them
	{"https://example.com/a\\.", false},
	{"https://example.com/a\\%2E/b", false},
	{"https://example.com/a/.%2e\\b", false},
	{"https://example.com/a\\b c", false},
	{"https://example.com/a\\b^", false},
	{"https://example.com/a\\b/./", false},
	{"https://example.com/a\\..b\\.c", true},
	{"file:///a\\b", false}, // file's drive letters: the parser's
	{"HTTPS://EXAMPLE.COM/A\\B", true},
	{"https://example.com/a b", false}, // space
	{"https://example.com/a^b", false}, // in the path set
	{"https://example.com/é", false},   // non-ASCII
	{"https://example.com/#a b", false},
	{"https://example.com/#a`b", false},
	{"https://1.2.3/", false}, // an IPv4 address the parser rewrites
	{"https://1.2.3.04/", false},
	{"https://1.2.3.256/", false},
	{"https://0x7f.1/", false},
	{"https://a.0x/", false}, // ends in a number: 0x
	{"https://a.09/", false},
	{"https://a.b9/", true}, // not a number
	{"https://%41.com/", false},
	{"https:/example.com/", false},
	{"https:example.com/", false},
	{"https:///example.com/", false},
	{"file://localhost/a", false},
	{"file:///C|/a", false},
	{"file://host/C:/a", false},
	{"file:///C:", true},
	{"file://h?x", true}, // "file://h/?x"
	{"file://h:80/", false},
	{"sc://host/path", false}, // an opaque host: the parser's
	{"sc:/path", false},
	{"sc:a b", false},
	{" https://example.com/", false},
	{"https://example.com/ ", false},
	{"https://example.com/\t", false},
	{"https://exa\tmple.com/", false},
	{"", false},
	{"a", false},
	{":", false},
	{"1http://a/", false},
	// The eight-byte scans: inputs shorter than a word, bytes outside
	// the fast ranges of the host and path scans, stops and dot
	// segments on either side of a word's end.
	{"ws://a/", true},
	{"ws://a", true},
	{"ws://A", true},
	{"wss://a/b", true},
	{"https://example.com/a!b=c]d|e", true},
	{"https://example.com/@user/a[1]/B@[", true},
	{"https://example.com/a_b~c/_/~", true},
	{"https://example.com/aaaaaaaaaaa!/./", false},
	{"https://exa_mple.com/", true},
	{"https://www.EXAMPLE.com/", true},
	{"https://www.example.cOm", true},
	{"https://a.b.c.d.e.f.g.h.i.j.k.com/./", false},
	{"https://a.b.c.d.e.f.g.h.i.j.k.com/a/", true},
	{"https://example.com/aaaaaaaaaaaaaa/.", false},
	{"https://example.com/aaaaaaaaaaaaaaa/..", false},
	{"https://example.com/aaaaaaaaaaaaaaaa/%2e", false},
	{"https://example.com/aaaaaaaaaaaaaaa/.a?/./", true},
	{"https://example.com/aaaaaaaaaaaaaaaa^", false},
	{"https://example.com/aaaaaaaaaaaaaaa{", false},
	{"https://example.com/aaaaaaaaaaaaaa`", false},
	{"https://example.com/aaaaaaaaaaaaaa\\a", true},
	{"http://1.2.3.4:8080/", true},
	{"http://1.2.3.4.5/", false},
	{"http://example.com.1/", false},
	{"http://example.com.a1/", true},
}

// mayEndInANumber, the fast path's first look at a host, is true for every
// host that ends in a number: every string of up to four bytes of digits,
// hex letters, 'x', '.' and others, and the hosts of the WPT data.
func TestMayEndInANumber(t *testing.T) {
	check := func(host string) {
		if host != "" && canonical.EndsInANumber(host) && !canonical.MayEndInANumber(host) {
			t.Errorf("canonical.MayEndInANumber(%q) is false; the host ends in a number", host)
		}
	}
	const alphabet = "019afAFxXg.-"
	var gen func(prefix string, n int)
	gen = func(prefix string, n int) {
		check(prefix)
		if n == 0 {
			return
		}
		for i := 0; i < len(alphabet); i++ {
			gen(prefix+alphabet[i:i+1], n-1)
		}
	}
	gen("", 4)
	for _, name := range []string{"toascii.tsv", "idnatestv2.tsv"} {
		for _, c := range loadHostTests(t, name) {
			check(c.Input)
			if c.Output != nil {
				check(*c.Output)
			}
		}
	}
	if canonical.MayEndInANumber("example.com") || canonical.MayEndInANumber("a.org") {
		t.Error("canonical.MayEndInANumber lets common hosts through to EndsInANumber")
	}
}

func TestFastPathCases(t *testing.T) {
	for _, c := range fastPathCases {
		if got := checkFastPath(t, c.input); got != c.fast {
			t.Errorf("fast path took %q: %v, want %v", c.input, got, c.fast)
		}
	}
}

// The fast path serves a Parser with an encoding of the Encoding Standard:
// what it takes is ASCII, which the full parser's percent-encode after
// encoding leaves as it is in every one of them.
func TestFastPathWithEncodings(t *testing.T) {
	inputs := []string{"https://example.com/?q=abc~!$&'()*+,;=:@/?%zz\\^`{|}"}
	for _, c := range fastPathCases {
		inputs = append(inputs, c.input)
	}
	useLegacyEncodings() // as (*Parser).Parse does before such a parse
	for _, label := range []string{"windows-1252", "shift_jis", "euc-jp", "iso-2022-jp", "gbk", "gb18030", "big5", "euc-kr", "x-user-defined", "utf-16le", "koi8-r"} {
		enc, err := htmlindex.Get(label)
		if err != nil {
			t.Fatal(err)
		}
		for _, in := range inputs {
			if !fastCanonical(in) {
				continue
			}
			if u := fullParse(in, nil, &Parser{Encoding: enc}).url; u == nil || u.href != in {
				t.Errorf("%s: the fast path takes %q, the full parser gives %v", label, in, u)
			}
		}
	}
}

// TestFastPathMatchesParser runs every input of the WPT data and of the
// URL lists through both paths: whatever the fast path takes, the full
// parser must serialize to the input itself with the same layout.
func TestFastPathMatchesParser(t *testing.T) {
	var inputs []string
	for _, c := range loadURLTests(t, "urltestdata.tsv") {
		inputs = append(inputs, c.Input, c.Href)
		if c.Base != nil {
			inputs = append(inputs, *c.Base)
		}
	}
	for _, f := range loadWPT(t, "setters.tsv") {
		inputs = append(inputs, f[1].str())
		for _, kv := range f[3:] {
			if kv.name == "href" {
				inputs = append(inputs, kv.str())
			}
		}
	}
	for _, name := range []string{"toascii.tsv", "idnatestv2.tsv"} {
		for _, c := range loadHostTests(t, name) {
			inputs = append(inputs, "https://"+c.Input+"/x")
			if c.Output != nil {
				inputs = append(inputs, "https://"+*c.Output+"/x")
			}
		}
	}
	lists := benchLists(t)
	for _, list := range lists {
		for i, in := range list {
			inputs = append(inputs, in)
			if i%3 == 0 { // the edits, on a third of the lists
				inputs = append(inputs, urllists.UpperSchemeAndHost(in), withoutPath(in), urllists.UpperSchemeAndHost(withoutPath(in)))
			}
		}
	}
	fast := 0
	for _, in := range inputs {
		if checkFastPath(t, in) {
			fast++
		}
		// What the parser makes canonical, the fast path may take too.
		if u := fullParse(in, nil, nil).url; u != nil {
			checkFastPath(t, u.href)
		}
	}
	t.Logf("%d inputs (lists: %s), %d taken by the fast path", len(inputs), strings.Join(slices.Sorted(maps.Keys(lists)), ", "), fast)
}

// TestFastPathWordEdges puts each dot segment, each way to almost be one,
// and each byte that ends or changes the path at every offset of the
// path's eight-byte words, in the middle and at the end of a path and
// before a query: the path scan tests a word at a time, and a dot
// segment's '/' may be the last byte of the word before.
func TestFastPathWordEdges(t *testing.T) {
	segments := []string{".", "..", "%2e", "%2E", ".%2e", "%2e.", "%2e%2e", ".a", "a.", "...", "%2f", "%", "%2", "x.y", "a%2eb"}
	stops := []string{"?q", "#f", "\\x", " ", "\"", "\x7f", "\u00e9", "^", "|"}
	tails := []string{"", "/", "/z", "?q", "#f"}
	n := 0
	for pad := range 17 {
		prefix := "https://h.example/" + strings.Repeat("a", pad)
		for _, seg := range segments {
			for _, tail := range tails {
				for _, in := range []string{prefix + "/" + seg + tail, "https://h.example/" + seg + "/" + strings.Repeat("b", pad) + tail} {
					checkFastPath(t, in)
					checkResume(t, in, &Parser{})
					n++
				}
			}
		}
		for _, stop := range stops {
			for _, in := range []string{prefix + stop + "/x", prefix + "/.." + stop} {
				checkFastPath(t, in)
				checkResume(t, in, &Parser{})
				n++
			}
		}
	}
	if n == 0 {
		t.Fatal("no inputs")
	}
}

// TestCanParseMatchesParse holds CanParse and CanParseRef, which stop
// reading at the path, to what Parse and ParseRef decide: on every input of
// the WPT data and of the URL lists (as they are, with scheme and host in
// upper case, and without their paths), on every prefix of the WPT inputs
// (which ends them anywhere in the scheme or the authority), against the
// WPT bases and a few bases of each kind.
func TestCanParseMatchesParse(t *testing.T) {
	var inputs, wptInputs, wptBases []string
	bases := []string{"https://h/a/b?q#f", "file:///C:/x/y", "file://host/p", "sc:opaque", "sc://h/p", "sc:/p", "about:blank", "http://EXAMPLE.com"}
	for _, c := range loadURLTests(t, "urltestdata.tsv") {
		for i := range len(c.Input) + 1 {
			inputs = append(inputs, c.Input[:i])
		}
		wptInputs = append(wptInputs, c.Input)
		if c.Base != nil {
			wptBases = append(wptBases, *c.Base)
			checkCanParseRef(t, c.Input, *c.Base)
		}
	}
	for _, list := range benchLists(t) {
		for _, in := range list {
			inputs = append(inputs, in, urllists.UpperSchemeAndHost(in), withoutPath(in))
		}
	}
	for i, in := range inputs {
		_, err := Parse(in)
		if CanParse(in) != (err == nil) {
			t.Errorf("CanParse(%q) = %v, Parse error %v", in, err != nil, err)
		}
		if i%20 == 0 || len(in) < 20 { // the lists' URLs have schemes: a sample
			for _, b := range bases {
				checkCanParseRef(t, in, b)
			}
		}
	}
	slices.Sort(wptBases)
	for _, b := range slices.Compact(wptBases) {
		for _, in := range wptInputs {
			checkCanParseRef(t, in, b)
		}
	}
}

func checkCanParseRef(t *testing.T, input, base string) {
	t.Helper()
	_, err := ParseRef(input, base)
	if CanParseRef(input, base) != (err == nil) {
		t.Errorf("CanParseRef(%q, %q) = %v, ParseRef error %v", input, base, err != nil, err)
	}
}

// BenchmarkFastScan times the fast path's scan alone, without the URL's
// allocation, on the lists; one op is one URL.
func BenchmarkFastScan(b *testing.B) {
	for name, urls := range benchLists(b) {
		b.Run(name, func(b *testing.B) {
			n := 0
			for i := 0; b.Loop(); i++ {
				if i == len(urls) {
					i = 0
				}
				if f := fastScan(urls[i]); f.took && f.edit == 0 {
					n++
				}
			}
		})
	}
}
