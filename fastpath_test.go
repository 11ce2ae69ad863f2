package weburl

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"golang.org/x/text/encoding/htmlindex"
)

// slowParse runs the full parser alone, without the fast path.
func slowParse(input string, base *URL) (*URL, bool) {
	p := getParser()
	defer putParser(p)
	p.init(input, base, nil)
	if !p.run() {
		return nil, false
	}
	u := &URL{}
	p.result(u, input)
	return u, true
}

// checkFastPath fails t if the fast path takes input and the full parser
// does not give the same URL: the input as the href, and the same layout.
func checkFastPath(t *testing.T, input string) bool {
	t.Helper()
	var l layout
	if !fastParse(input, &l) {
		return false
	}
	u, ok := slowParse(input, nil)
	switch {
	case !ok:
		t.Errorf("fast path took %q, which the parser rejects", input)
	case u.href != input:
		t.Errorf("fast path took %q, which the parser makes %q", input, u.href)
	case u.layout != l:
		t.Errorf("%q: fast path layout %+v, parser %+v", input, l, u.layout)
	}
	return true
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
	{"HTTPS://example.com/", false},         // upper-case scheme
	{"https://Example.com/", false},         // upper-case host
	{"https://example.com", false},          // no path
	{"https://example.com?q", false},        // no path before the query
	{"https://example.com:443/", false},     // default port
	{"https://example.com:/", false},        // empty port
	{"https://example.com:080/", false},     // leading zero
	{"https://example.com:65536/", false},   // out of range
	{"https://example.com:99999999999/", false},
	{"https://user@example.com/", false}, // credentials
	{"https://example.com/a/./b", false}, // dot segments
	{"https://example.com/a/../b", false},
	{"https://example.com/a/%2e%2E/b", false},
	{"https://example.com/a/.%2e", false},
	{"https://example.com/.", false},
	{"https://example.com/a\\b", false}, // backslash
	{"https://example.com/a b", false},  // space
	{"https://example.com/a^b", false},  // in the path set
	{"https://example.com/é", false},    // non-ASCII
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
	{"file://", false},
	{"file://h?x", false},
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
	for _, label := range []string{"windows-1252", "shift_jis", "euc-jp", "iso-2022-jp", "gbk", "gb18030", "big5", "euc-kr", "x-user-defined", "utf-16le", "koi8-r"} {
		enc, err := htmlindex.Get(label)
		if err != nil {
			t.Fatal(err)
		}
		for _, in := range inputs {
			var l layout
			if !fastParse(in, &l) {
				continue
			}
			p := getParser()
			p.init(in, nil, &Parser{Encoding: enc})
			ok := p.run()
			var u URL
			if ok {
				p.result(&u, in)
			}
			putParser(p)
			if !ok || u.href != in {
				t.Errorf("%s: the fast path takes %q, the full parser gives %q (%v)", label, in, u.href, ok)
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
		inputs = append(inputs, list...)
	}
	fast := 0
	for _, in := range inputs {
		if checkFastPath(t, in) {
			fast++
		}
		// What the parser makes canonical, the fast path may take too.
		if u, ok := slowParse(in, nil); ok {
			checkFastPath(t, u.href)
		}
	}
	t.Logf("%d inputs (lists: %s), %d taken by the fast path", len(inputs), strings.Join(slices.Sorted(maps.Keys(lists)), ", "), fast)
}
