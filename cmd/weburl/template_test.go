package main

import (
	"slices"
	"strings"
	"testing"
)

// trurl's names print decoded, the URL API's as the API returns them, and
// ":" or url: (or -urlencode) prints trurl's as in the href.
func TestDecodedAndEncodedFields(t *testing.T) {
	const u = "https://us%20er:p%40ss@example.com/a%20b/%C3%A9?q=%26x+y#f%20g"
	for _, c := range []struct{ tmpl, want string }{
		{"{user}|{:user}|{url:user}|{username}", "us er|us%20er|us%20er|us%20er"},
		{"{password}|{:password}", "p@ss|p%40ss"},
		{"{path}|{:path}|{pathname}", "/a b/é|/a%20b/%C3%A9|/a%20b/%C3%A9"},
		{"{query}|{:query}|{search}", "q=&x+y|q=%26x+y|?q=%26x+y"}, // trurl's {query}: no "+" as a space
		{"{fragment}|{:fragment}|{hash}", "f g|f%20g|#f%20g"},
		{"{host}|{:host}|{hostname}", "example.com|example.com|example.com"},
	} {
		if code, out, errOut := runCmd(t, "", "-get", c.tmpl, u); code != 0 || out != c.want+"\n" {
			t.Errorf("-get %q: status %d, stdout %q, want %q; stderr %q", c.tmpl, code, out, c.want, errOut)
		}
	}
	if _, out, _ := runCmd(t, "", "-urlencode", "-get", "{user}|{path}|{query:q}", u); out != "us%20er|/a%20b/%C3%A9|%26x+y\n" {
		t.Errorf("-urlencode: %q", out)
	}
	// An opaque host keeps its escapes in the href; trurl's {host} decodes
	// them. Decoding gives bytes, UTF-8 or not.
	if _, out, _ := runCmd(t, "", "-get", "{host} {:host} {path}", "sc://a%20b/%FF"); out != "a b a%20b /\xff\n" {
		t.Errorf("opaque host: %q", out)
	}
}

// A decoded field that would hold NUL, LF or CR fails its input, naming
// the field and the encoded form to use; the run goes on.
func TestDecodedFieldCannotBreakLines(t *testing.T) {
	code, out, errOut := runCmd(t, "", "-get", "{path}", "https://e.com/a%0Ab", "https://e.com/ok")
	want := "weburl: argument 1: get {path} \"https://e.com/a%0Ab\": decoded, the path holds %0A, which a line of output cannot show: {:path} prints it encoded\n"
	if code != exitFailed || out != "/ok\n" || errOut != want {
		t.Errorf("status %d, stdout %q, stderr %q; want %q", code, out, errOut, want)
	}
	for _, c := range []struct{ tmpl, in string }{
		{"{query:a}", "https://e.com/?a=x%0Dy"},
		{"{query-all:a}", "https://e.com/?a=1&a=%00"},
		{"{fragment}", "https://e.com/#%00"},
		{"{user}", "https://%0A@e.com/"},
	} {
		if code, _, errOut := runCmd(t, "", "-get", c.tmpl, c.in); code != exitFailed || !strings.Contains(errOut, "{:"+strings.Trim(c.tmpl, "{}")+"} prints it encoded") {
			t.Errorf("-get %q %s: status %d, stderr %q", c.tmpl, c.in, code, errOut)
		}
	}
	// Encoded, they print; other controls decode as they are.
	if code, out, _ := runCmd(t, "", "-get", "{:path} {:query:a}", "https://e.com/a%0Ab?a=x%0Dy"); code != 0 || out != "/a%0Ab x%0Dy\n" {
		t.Errorf("encoded: status %d, stdout %q", code, out)
	}
	if code, out, _ := runCmd(t, "", "-get", "{path}", "https://e.com/a%09b%7F"); code != 0 || out != "/a\tb\x7f\n" {
		t.Errorf("a tab: status %d, stdout %q", code, out)
	}
}

func TestFieldModifiers(t *testing.T) {
	for _, c := range []struct{ tmpl, in, want string }{
		{"{default:port}", "http://e.com/", "80"},
		{"{default:port}", "wss://e.com:8443/", "8443"},
		{"{default:port}", "file:///x", ""},
		{"{default:url}", "https://u:p@e.com/p?q#f", "https://u:p@e.com:443/p?q#f"},
		{"{default:url}", "https://e.com:8443/", "https://e.com:8443/"},
		{"{default:url}", "https://e.com/p?#", "https://e.com:443/p?#"}, // an empty query and fragment stay
		{"{idn:url}", "https://xn--fa-hia.de/?#", "https://faß.de/?#"},
		{"{default:url}", "mailto:a@b", "mailto:a@b"}, // no host: the href
		{"{idn:url}", "https://xn--fa-hia.de/x", "https://faß.de/x"},
		{"{idn:default:url}", "http://xn--fa-hia.de/", "http://faß.de:80/"},
		{"{idn:hostname} {puny:hostname}", "https://faß.de/", "faß.de xn--fa-hia.de"},
		{"{must:user}", "https://u@e.com/", "u"},
		{"{must:default:port}", "https://e.com/", "443"},
		{"{must:query:a}", "https://e.com/?a=", ""},
		{"{strict:path}", "https://e.com/%41", "/A"},
		{"{:query-all:a}", "https://e.com/?a=1+2&%61=%33&a", "1+2 %33 "},
		{"{query:a:b}", "https://e.com/?a:b=c", "c"}, // the key is the rest, ":" and all
	} {
		if code, out, errOut := runCmd(t, "", "-get", c.tmpl, c.in); code != 0 || out != c.want+"\n" {
			t.Errorf("-get %q %s: status %d, stdout %q, want %q; stderr %q", c.tmpl, c.in, code, out, c.want, errOut)
		}
	}
	for _, c := range []struct{ tmpl, in, why string }{
		{"{must:user}", "https://e.com/", "the URL has no user"},
		{"{must:port}", "https://e.com:443/", "the URL has no port"},
		{"{must:host}", "file:///x", "the URL has no host"},
		{"{must:query:a}", "https://e.com/?b", `the query has no pair named "a"`},
		{"{must:query:a}", "https://e.com/", "the URL has no query"},
		{"{must:fragment}", "https://e.com/", "the URL has no fragment"},
	} {
		if code, _, errOut := runCmd(t, "", "-get", c.tmpl, c.in); code != exitFailed || !strings.Contains(errOut, c.why) {
			t.Errorf("-get %q %s: status %d, stderr %q; want %q", c.tmpl, c.in, code, errOut, c.why)
		}
	}
	for _, c := range []struct{ tmpl, why string }{
		{"{options}", "no options component"},
		{"{zoneid}", "no zone IDs"},
		{"{puny:idn:host}", "exclude each other"},
		{"{idn:path}", "apply to host, hostname and url only"},
		{"{default:host}", "applies to port and url only"},
		{"{idn:query:a}", "takes url:, strict: and must: only"},
		{"{nope:host}", "unknown modifier nope:"},
		{"{:}", "unknown field {:}"},
		{"{}", "unknown field {}"},
	} {
		if code, _, errOut := runCmd(t, "", "-get", c.tmpl, "https://e.com/"); code != exitUsage || !strings.Contains(errOut, c.why) {
			t.Errorf("-get %q: status %d, stderr %q; want a usage error with %q", c.tmpl, code, errOut, c.why)
		}
	}
}

// trurl's backslash sequences, and "{{" and "}}".
func TestTemplateEscapes(t *testing.T) {
	for _, c := range []struct{ tmpl, want string }{
		{`{host}\t{port}\n`, "e.com\t8080\n"},
		{`\r\\\{\[`, "\r\\{["},
		{`\x\`, `\x\`}, // any other backslash is itself
		{`{{{host}}}`, "{e.com}"},
		{`\{host}}`, "{host}"}, // a "}" alone is still an error, unlike trurl's
	} {
		if code, out, errOut := runCmd(t, "", "-get", c.tmpl, "https://e.com:8080/"); code != 0 || out != c.want+"\n" {
			t.Errorf("-get %q: status %d, stdout %q, want %q; stderr %q", c.tmpl, code, out, c.want, errOut)
		}
	}
}

// Joined short flags are split; flags that start with a short flag's
// letter, and flag values, are left alone.
func TestSplitJoined(t *testing.T) {
	var o options
	var raw rawFlags
	fs := newFlagSet(&o, &raw)
	for _, c := range []struct{ in, want []string }{
		{[]string{"-g{path}", "-shost=x", "-apath=y", "-fFILE"}, []string{"-g", "{path}", "-s", "host=x", "-a", "path=y", "-f", "FILE"}},
		{[]string{"-surt", "-sort-query", "-set", "host=x", "-s", "port=1"}, []string{"-surt", "-sort-query", "-set", "host=x", "-s", "port=1"}},
		{[]string{"-get", "-sfoo", "-g=-a", "--get", "-ax"}, []string{"-get", "-sfoo", "-g=-a", "--get", "-ax"}},
		{[]string{"--", "-g{path}"}, []string{"--", "-g{path}"}},
		{[]string{"--g{path}", "-", "-x", "-json", "-gx"}, []string{"--g{path}", "-", "-x", "-json", "-g", "x"}},
		{[]string{"-g"}, []string{"-g"}},
	} {
		if got := splitJoined(fs, c.in); !slices.Equal(got, c.want) {
			t.Errorf("splitJoined(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	// Each short flag is its long flag.
	for short, long := range map[string]string{"g": "get", "s": "set", "a": "append", "f": "url-file", "v": "version"} {
		if f := fs.Lookup(short); f == nil || !strings.Contains(f.Usage, "-"+long) {
			t.Errorf("-%s: %v, want short for -%s", short, f, long)
		}
	}
	if code, out, _ := runCmd(t, "", "-v"); code != 0 || !strings.HasPrefix(out, "weburl ") {
		t.Errorf("-v: status %d, stdout %q", code, out)
	}
}
