package main

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// trurl's habits, held to trurl 0.16's documented answers: the examples
// of its manual (trurl.md) and the cases of its tests.json, with trurl's
// own command lines (Go's flags take trurl's two dashes too). Where trurl
// guesses a scheme ("localhost"), the case gives one; where the URL
// Standard or this command departs from trurl, the case says so, and the
// manual's "Compared with trurl" says why.
func TestTrurlExamples(t *testing.T) {
	for _, c := range []struct {
		args []string
		out  string
		code int
		note string // where the case is not trurl's as it stands
	}{
		// trurl.md, EXAMPLES and URL COMPONENTS.
		{args: []string{"--url", "https://curl.se", "--set", "host=example.com"}, out: "https://example.com/\n"},
		{args: []string{"--url", "https://curl.se/we/are.html", "--redirect", "here.html"}, out: "https://curl.se/we/here.html\n"},
		{args: []string{"--url", "https://curl.se/we/are.html", "--redirect", "../here.html"}, out: "https://curl.se/here.html\n"},
		{args: []string{"--url", "https://curl.se/we/../are.html", "--set", "port=8080"}, out: "https://curl.se:8080/are.html\n"},
		{args: []string{"--url", "https://curl.se/we/are.html", "--get", "{path}"}, out: "/we/are.html\n"},
		{args: []string{"--url", "https://curl.se/we/are.html", "--get", "{default:port}"}, out: "443\n"},
		{args: []string{"--url", "https://curl.se/hello", "--append", "path=you"}, out: "https://curl.se/hello/you\n"},
		{args: []string{"--url", "https://curl.se?name=hello", "--append", "query=search=string"}, out: "https://curl.se/?name=hello&search=string\n"},
		{args: []string{"https://curl.se?search=hey&utm_source=tracker", "--qtrim", "utm_*"}, out: "https://curl.se/?search=hey\n"},
		{args: []string{"https://example.com?a12=hej&a23=moo&b12=foo", "--qtrim", "a*"}, out: "https://example.com/?b12=foo\n"},
		{args: []string{"https://example.com?a=home&here=now&thisthen", "-g", "{query:a}"}, out: "home\n"},
		{args: []string{"https://example.com?b=a&c=b&a=c", "--sort-query"}, out: "https://example.com/?a=c&b=a&c=b\n",
			note: "trurl.md prints it without the path's /, which its own normalization adds"},
		{args: []string{"http://alpha/?one=real&two=fake&three=alsoreal", "--sort-query"}, out: "http://alpha/?one=real&three=alsoreal&two=fake\n"},
		{args: []string{"https://odd/", "-g", "{scheme}"}, out: "https\n"},
		{args: []string{"https://user%3a%40:secret@odd/", "-g", "{user}"}, out: "user:@\n"},
		{args: []string{"https://user:secr%65t@odd/", "-g", "{password}"}, out: "secret\n"},
		{args: []string{"sftp://user:pwd;giraffe@odd", "-g", "{password}"}, out: "pwd;giraffe\n"},
		{args: []string{"http://horse?elephant", "-g", "{query}"}, out: "elephant\n"},
		{args: []string{"http://horse#elephant", "-g", "{fragment}"}, out: "elephant\n"},
		{args: []string{"http://twelve/three?hello", "--append", "path=four"}, out: "http://twelve/three/four?hello\n"},
		{args: []string{"http://hej/one/../two/../three/./four"}, out: "http://hej/three/four\n"},
		{args: []string{"http://hello", "-s", "path=pony"}, out: "http://hello/pony\n"},
		{args: []string{"http://hello", "-s", "path=/pony"}, out: "http://hello/pony\n"},
		{args: []string{"http:/a:80"}, out: "http://a/\n"},
		{args: []string{"http://[2001:9b1:0:0:0:0:7b97:364b]/"}, out: "http://[2001:9b1::7b97:364b]/\n"},
		{args: []string{"http://646464646/"}, out: "http://38.136.68.134/\n"},
		{args: []string{"http://246.646/"}, out: "http://246.0.2.134/\n"},
		{args: []string{"http://0x14.0xb3022/"}, out: "http://20.11.48.34/\n"},

		// tests.json.
		{args: []string{"-shost=moo", "-sscheme=http", "ftp://x/"}, out: "http://moo/\n",
			note: "trurl makes a URL of -s values alone; here they change one"},
		{args: []string{"-s", "host=moo", "-s", "scheme=http", "ftp://x/"}, out: "http://moo/\n", note: "as above"},
		{args: []string{"--url", "https://curl.se/we/are.html", "-g{path}"}, out: "/we/are.html\n"},
		{args: []string{"--url", "https://curl.se/we/are.html", "--get", "{:scheme}"}, out: "https\n"},
		{args: []string{"--url", "https://curl.se:55/we/are.html", "--get", "{url:port}"}, out: "55\n"},
		{args: []string{"--url", "https://hello@curl.se/we/are.html", "--get", "{user}"}, out: "hello\n"},
		{args: []string{"--url", "https://hello:secret@curl.se/we/are.html", "--get", "{password}"}, out: "secret\n"},
		{args: []string{"--url", "https://curl.se/we/are.html", "--get", "{host}"}, out: "curl.se\n"},
		{args: []string{"--url", "https://10.1/we/are.html", "--get", "{host}"}, out: "10.0.0.1\n"},
		{args: []string{"--url", "https://[fe80::0000:20c:29ff:fe9c:409b]:8080/we/are.html", "--get", "{host}"}, out: "[fe80::20c:29ff:fe9c:409b]\n"},
		{args: []string{"--url", "https://curl.se/we/are.html?user=many#more", "--get", "{query}"}, out: "user=many\n"},
		{args: []string{"--url", "https://curl.se/we/are.html?user=many#more", "--get", "{fragment}"}, out: "more\n"},
		{args: []string{"https://example.com?utm_source=tra%20cker&address%20=home&here=now&thisthen", "-g", "{query:utm_source}"}, out: "tra cker\n"},
		{args: []string{"https://example.com?utm_source=tra%20cker&address%20=home&here=now&thisthen", "-g", "{:query:utm_source}"}, out: "tra%20cker\n",
			note: "trurl writes the value encoded anew, tra+cker; here it is as the query writes it"},
		{args: []string{"https://example.com?utm_source=tra%20cker&address%20=home&here=now&thisthen", "-g", "{:query:utm_}"}, out: "\n"},
		{args: []string{"https://example.com?utm_source=tra%20cker&address%20=home&here=now&thisthen", "-g", "{:query:UTM_SOURCE}"}, out: "\n"},
		{args: []string{"https://hej?a=b&a=c&a=d&b=a", "-g", "{query-all:a}"}, out: "b c d\n"},
		{args: []string{"-g", "{query:}", "http://localhost/?=bar"}, out: "bar\n"},
		{args: []string{"http://localhost", "-g", `\{{scheme}\[`}, out: "{http[\n"},
		{args: []string{"http://localhost", "-g", `\\[`}, out: `\[` + "\n"},
		{args: []string{"-g", `{query:b}\t{query-all:a}\n{:query:b}\t{:query-all:a}`, "https://example.org/foo?a=1&b=%23&a=%26#hello"}, out: "#\t1 &\n%23\t1 %26\n"},
		{args: []string{"--urlencode", "-g", `{query:b}\t{query-all:a}\n{:query:b}\t{:query-all:a}`, "https://example.org/foo?a=1&b=%23&a=%26#hello"}, out: "%23\t1 %26\n%23\t1 %26\n"},
		{args: []string{"https://räksmörgås.se", "-g", "{default:puny:url}"}, out: "https://xn--rksmrgs-5wao1o.se:443/\n"},
		{args: []string{"https://räksmörgås.se", "-g", "{puny:url}"}, out: "https://xn--rksmrgs-5wao1o.se/\n"},
		{args: []string{"https://räksmörgås.se", "-g", "{puny:host}"}, out: "xn--rksmrgs-5wao1o.se\n"},
		{args: []string{"--url", "http://xn--rksmrgs-5wao1o/", "-g", "{idn:host}"}, out: "räksmörgås\n"},
		{args: []string{"http://example.com:8080/", "--get", "port: {port}, default:port: {default:port}"}, out: "port: 8080, default:port: 8080\n"},
		{args: []string{"imap://example.com/", "--get", "port: {port}, default:port: {default:port}"}, out: "port: , default:port: \n",
			note: "trurl knows libcurl's default ports (imap 143); the URL Standard's special schemes alone have one"},
		{args: []string{"http://example.org/%18", "--get", "{path}"}, out: "/\x18\n"},
		{args: []string{"https://example.com/?", "--get", "{must:query}"}, out: "\n"},
		{args: []string{"https://example.com/?a=1&b=2&c=3", "--qtrim", "b", "--get", "{query}"}, out: "a=1&c=3\n"},
		{args: []string{"--url", "https://curl.se/we/are.html?*=moo&user=many#more", "--qtrim", `\*`}, out: "https://curl.se/we/are.html?user=many#more\n"},
		{args: []string{"sftp://us%65r:pwd;giraffe@odd", "--get", "{password}"}, out: "pwd;giraffe\n", note: "trurl's [password]: brackets are text here"},
		{args: []string{"sftp://us%65r:pwd;giraffe@odd", "--get", "{:password}"}, out: "pwd%3Bgiraffe\n",
			note: "trurl writes pwd%3bgiraffe; the URL Standard's percent-encode writes upper-case hex"},
		{args: []string{"--url", "HTTPS://example.com"}, out: "https://example.com/\n"},

		// trurl fails these: a must: the URL lacks (trurl's status 10),
		// and usage errors (3 and 4).
		{args: []string{"https://example.com/", "--get", "{must:query}"}, code: exitFailed},
		{args: []string{"https://example.com/", "--get", "{must:fragment}"}, code: exitFailed},
		{args: []string{"--url"}, code: exitUsage},
		{args: []string{"url", "--redirect"}, code: exitUsage},
		{args: []string{"url", "--get"}, code: exitUsage},
		{args: []string{"sftp://odd", "--get", "{port}", "--get", "{port}"}, code: exitUsage},
		{args: []string{"url", "--json", "--get", "{port}"}, code: exitUsage},
		{args: []string{"url", "--get", "{port}", "--json"}, code: exitUsage},
		// trurl prints a decode problem as nothing, with a warning; here
		// the input fails, saying to print it encoded.
		{args: []string{"https://curl.se?name=mr%00smith", "--get", "{query}"}, code: exitFailed, note: "trurl: an empty line and status 0"},
		{args: []string{"https://curl.se?name=mr%00smith", "--get", "{query:name}"}, code: exitFailed, note: "trurl: mr.smith"},
		{args: []string{"https://curl.se?name=mr%00smith", "--get", "{strict:query}"}, code: exitFailed},
	} {
		code, out, errOut := runCmd(t, "", c.args...)
		if code != c.code || out != c.out {
			t.Errorf("%q (%s): status %d, stdout %q; want %d, %q; stderr %q", c.args, c.note, code, out, c.code, c.out, errOut)
		}
	}
}

// trurl's -json params: its manual's example and the cases of
// tests.json, each "params" as trurl writes it.
func TestTrurlJSONParams(t *testing.T) {
	type kv = map[string]string
	for _, c := range []struct {
		args []string
		href string
		want []kv // nil: no params
	}{
		{[]string{"https://fake.host/search?q=answers&user=me#frag"}, "https://fake.host/search?q=answers&user=me#frag",
			[]kv{{"key": "q", "value": "answers"}, {"key": "user", "value": "me"}}},
		{[]string{"https://example.com?utm=tra%20cker&address%20=home&here=now&thisthen"}, "https://example.com/?utm=tra%20cker&address%20=home&here=now&thisthen",
			[]kv{{"key": "utm", "value": "tra cker"}, {"key": "address ", "value": "home"}, {"key": "here", "value": "now"}, {"key": "thisthen", "value": ""}}},
		{[]string{"ftp://smith:secret@example.com:33/path?search=me#where"}, "ftp://smith:secret@example.com:33/path?search=me#where",
			[]kv{{"key": "search", "value": "me"}}},
		{[]string{"http://example.com"}, "http://example.com/", nil},
		{[]string{"https://curl.se/?&&&"}, "https://curl.se/?&&&", []kv{}},
		{[]string{"--trim", "query=f*", "http://localhost?foo&bar=ar"}, "http://localhost/?bar=ar", []kv{{"key": "bar", "value": "ar"}}},
		{[]string{"https://example.com?search=hello&utm_source=tracker&utm_block&testing", "--trim", "query=utm_*"}, "https://example.com/?search=hello&testing",
			[]kv{{"key": "search", "value": "hello"}, {"key": "testing", "value": ""}}},
		{[]string{"http://example.org/?a=1&b=&c=2"}, "http://example.org/?a=1&b=&c=2",
			[]kv{{"key": "a", "value": "1"}, {"key": "b", "value": ""}, {"key": "c", "value": "2"}}},
		{[]string{"http://example.com/?q=mr%00smith", "--urlencode"}, "http://example.com/?q=mr%00smith", []kv{{"key": "q", "value": "mr\x00smith"}}},
		{[]string{"-s", "query=a&b&a%26b", "http://localhost"}, "http://localhost/?a&b&a%26b",
			[]kv{{"key": "a", "value": ""}, {"key": "b", "value": ""}, {"key": "a&b", "value": ""}}},
	} {
		code, out, errOut := runCmd(t, "", append([]string{"--json"}, c.args...)...)
		var got struct {
			Href   string `json:"href"`
			Params []kv   `json:"params"`
		}
		if err := json.Unmarshal([]byte(out), &got); err != nil || code != 0 {
			t.Fatalf("%q: status %d, %v; stdout %q, stderr %q", c.args, code, err, out, errOut)
		}
		if got.Href != c.href || !reflect.DeepEqual(got.Params, c.want) {
			t.Errorf("%q: href %q, params %v; want %q, %v", c.args, got.Href, got.Params, c.href, c.want)
		}
		if has := strings.Contains(out, `"params":`); has != (c.want != nil) {
			t.Errorf("%q: params there: %v, want %v: %s", c.args, has, c.want != nil, out)
		}
	}
}

// trurl's --verify: the first input that fails ends the run, and what
// came before it is printed (tests.json: "--verify --json ftp://example.org
// ” git://curl.se/", with a URL that does not parse for trurl's empty one,
// which is a blank input here).
func TestVerify(t *testing.T) {
	code, out, errOut := runCmd(t, "", "--verify", "--json", "ftp://example.org", "http://[", "git://curl.se/")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != exitFailed || len(lines) != 2 || !strings.Contains(lines[0], `"href":"ftp://example.org/"`) ||
		!strings.Contains(lines[1], `"error":`) || strings.Contains(out, "curl.se") {
		t.Errorf("status %d, stdout %q", code, out)
	}
	if errOut != "weburl: argument 2: parse \"http://[\": IPv6-unclosed\n" {
		t.Errorf("stderr %q", errOut)
	}
	// From standard input, and -url-file: nothing after the failing line
	// is read. Without -verify, the run goes on.
	stdin := "https://a.example/\nnope\nhttps://b.example/\n"
	if code, out, _ := runCmd(t, stdin, "-verify", "-url-file", "-", "-url-file", "/nonexistent"); code != exitFailed || out != "https://a.example/\n" {
		t.Errorf("-verify on stdin: status %d, stdout %q", code, out)
	}
	if code, out, _ := runCmd(t, stdin); code != exitFailed || out != "https://a.example/\nhttps://b.example/\n" {
		t.Errorf("without -verify: status %d, stdout %q", code, out)
	}
	// A -get that fails the input counts, as a parse does.
	if code, out, _ := runCmd(t, "", "-verify", "-get", "{must:query}", "https://a/?x", "https://b/", "https://c/?y"); code != exitFailed || out != "x\n" {
		t.Errorf("-verify with must: status %d, stdout %q", code, out)
	}
}

// -url takes its place among the URL arguments, is never standard input,
// and is named in messages by its own count.
func TestURLFlag(t *testing.T) {
	code, out, errOut := runCmd(t, "https://stdin.example/\n", "https://a.example/", "-url", "https://b.example/", "-", "--url=http://[", "-url", "-")
	if want := "https://a.example/\nhttps://b.example/\nhttps://stdin.example/\n"; out != want || code != exitFailed {
		t.Errorf("status %d, stdout %q, want %q", code, out, want)
	}
	for _, want := range []string{"weburl: -url 2: parse \"http://[\": IPv6-unclosed\n", "weburl: -url 3: parse \"-\": "} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr %q lacks %q", errOut, want)
		}
	}
	// With -url alone, standard input is not read.
	if _, out, _ := runCmd(t, "https://stdin.example/\n", "-url", "https://a.example/"); out != "https://a.example/\n" {
		t.Errorf("-url alone: %q", out)
	}
}

// -redirect: each input is the base of the reference; a chain; the
// reference read as UTF-8 whatever -encoding says; failures name both.
func TestRedirect(t *testing.T) {
	for _, c := range []struct {
		args []string
		out  string
	}{
		// RFC 3986 §5.4's examples, base http://a/b/c/d;p?q, which the
		// URL Standard resolves alike.
		{[]string{"-redirect", "g", "http://a/b/c/d;p?q"}, "http://a/b/c/g\n"},
		{[]string{"-redirect", "../../g", "http://a/b/c/d;p?q"}, "http://a/g\n"},
		{[]string{"-redirect", "?y", "http://a/b/c/d;p?q"}, "http://a/b/c/d;p?y\n"},
		{[]string{"-redirect", "#s", "http://a/b/c/d;p?q"}, "http://a/b/c/d;p?q#s\n"},
		{[]string{"-redirect", "//g", "http://a/b/c/d;p?q"}, "http://g/\n"},
		// A chain: each against the one before.
		{[]string{"-redirect", "/x/y", "-redirect", "z", "https://e.com/a"}, "https://e.com/x/z\n"},
		// -base first, then the redirect, then the changes.
		{[]string{"-base", "https://e.com/d/", "-redirect", "../r?a=1", "-set", "hash=h", "p/q"}, "https://e.com/d/r?a=1#h\n"},
		// Fetch parses a Location in UTF-8: é is %C3%A9 even with a
		// windows-1252 -encoding, which still encodes the input's query.
		{[]string{"-encoding", "latin1", "-redirect", "?q=é", "https://e.com/?q=é"}, "https://e.com/?q=%C3%A9\n"},
		{[]string{"-encoding", "latin1", "https://e.com/?q=é"}, "https://e.com/?q=%E9\n"},
	} {
		if code, out, errOut := runCmd(t, "", c.args...); code != 0 || out != c.out {
			t.Errorf("%q: status %d, stdout %q, want %q; stderr %q", c.args, code, out, c.out, errOut)
		}
	}
	code, _, errOut := runCmd(t, "", "-redirect", "http://[", "https://e.com/")
	if want := "weburl: argument 1: -redirect: parse \"http://[\" against \"https://e.com/\": IPv6-unclosed\n"; code != exitFailed || errOut != want {
		t.Errorf("status %d, stderr %q, want %q", code, errOut, want)
	}
	if code, _, _ := runCmd(t, "", "-redirect", "x", "-validate", "https://e.com/"); code != exitUsage {
		t.Errorf("-redirect -validate: status %d, want %d", code, exitUsage)
	}
}
