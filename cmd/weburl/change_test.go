package main

import (
	"strings"
	"testing"
)

// Expected values: trurl's manual where trurl and the URL Standard agree
// (marked "trurl"), else the URL Standard's setters and encoders, as a
// browser's URL and URLSearchParams give them.
func TestChanges(t *testing.T) {
	for _, c := range []struct {
		in   string
		args []string
		want string
	}{
		// -set with the names -get uses.
		{"https://example.com/a?q#f", []string{"-set", "scheme=http"}, "http://example.com/a?q#f"},
		{"https://example.com/a?q#f", []string{"-set", "path=/x y"}, "https://example.com/x%20y?q#f"},
		{"https://example.com/a?q#f", []string{"-set", "user=me"}, "https://me@example.com/a?q#f"},
		{"https://example.com/a?q#f", []string{"-set", "query=a=1"}, "https://example.com/a?a=1#f"},
		{"https://example.com/a?q#f", []string{"-set", "fragment=top"}, "https://example.com/a?q#top"},
		// The component without its delimiter: a leading ? or # is data.
		// trurl encodes it (?%3felephant); in a URL Standard query and
		// fragment, ? and # stay as they are (url.search = "??x").
		{"http://horse/?elephant", []string{"-set", "query=?elephant"}, "http://horse/??elephant"},
		{"http://horse/#elephant", []string{"-set", "fragment=#zebra"}, "http://horse/##zebra"},
		// An empty value removes the component (trurl), where search=
		// and hash= of the URL API do the same.
		{"https://example.com/a?q#f", []string{"-set", "query=", "-set", "fragment="}, "https://example.com/a"},
		{"https://example.com/a?q#f", []string{"-set", "search=", "-set", "hash="}, "https://example.com/a"},

		// -append path=SEGMENT: one segment, encoded as
		// encodeURIComponent encodes (trurl: "URL encodes").
		{"https://curl.se/hello", []string{"-append", "path=you"}, "https://curl.se/hello/you"}, // trurl
		{"https://example.com/dir/", []string{"-append", "path=x"}, "https://example.com/dir/x"},
		{"https://example.com/a?q#f", []string{"-append", "path=b/c d%?#\\"}, "https://example.com/a/b%2Fc%20d%25%3F%23%5C?q#f"},
		{"https://example.com/a", []string{"-append", "path=b", "-append", "path=c"}, "https://example.com/a/b/c"},
		{"https://example.com/a/b", []string{"-append", "path=.."}, "https://example.com/a/"}, // a dot segment, in the URL Standard
		{"sc://h", []string{"-append", "path=x"}, "sc://h/x"},

		// -append query=NAME=VALUE: as URLSearchParams.append writes it.
		{"http://host/?name=hello", []string{"-append", "query=search=life"}, "http://host/?name=hello&search=life"}, // trurl
		{"https://example.com/", []string{"-append", "query=a b=c d&e=f"}, "https://example.com/?a+b=c+d%26e%3Df"},
		{"https://example.com/?x=%20", []string{"-append", "query=é=1"}, "https://example.com/?x=%20&%C3%A9=1"}, // the other pairs keep their bytes
		{"https://example.com/?", []string{"-append", "query=flag"}, "https://example.com/?flag"},               // no "=": the name alone
		{"https://example.com/#f", []string{"-append", "query=a=", "-append", "query=b=2"}, "https://example.com/?a=&b=2#f"},

		// -trim query=GLOB, on the names as form data reads them,
		// without ASCII case (trurl's --qtrim).
		{"https://curl.se/?search=hey&utm_source=tracker", []string{"-trim", "query=utm_*"}, "https://curl.se/?search=hey"}, // trurl
		{"https://example.com/?a12=hej&a23=moo&b12=foo", []string{"-trim", "query=a*"}, "https://example.com/?b12=foo"},     // trurl
		{"https://example.com/?UTM_Medium=x&utm%5Fsource=y&k=%20+1#f", []string{"-trim", "query=utm_*"}, "https://example.com/?k=%20+1#f"},
		{"https://example.com/?a*=1&ab=2", []string{"-trim", "query=a\\*"}, "https://example.com/?ab=2"},
		{"https://example.com/?x_id=1&id=2&x_idx=3", []string{"-trim", "query=*_id"}, "https://example.com/?id=2&x_idx=3"},
		{"https://example.com/?utm_a=1#f", []string{"-trim", "query=utm_*"}, "https://example.com/#f"}, // no pair left: no "?"
		{"https://example.com/?fbclid=1&utm_a=2&q=3", []string{"-trim", "query=utm_*", "-trim", "query=fbclid"}, "https://example.com/?q=3"},
		// -trim before -append: an appended pair stays (trurl's order).
		{"https://example.com/?utm_a=1", []string{"-append", "query=utm_b=2", "-trim", "query=utm_*"}, "https://example.com/?utm_b=2"},

		// -query-strip-empty: empty pairs, and a "?" with nothing after.
		{"https://example.com/?a=1&&b=&=&c#f", []string{"-query-strip-empty"}, "https://example.com/?a=1&b=&c#f"},
		{"https://example.com/?&", []string{"-query-strip-empty"}, "https://example.com/"},
		{"https://example.com/?#f", []string{"-query-strip-empty"}, "https://example.com/#f"},
		{"https://example.com/?=v", []string{"-query-strip-empty"}, "https://example.com/?=v"},

		// Then the profile.
		{"https://example.com/?b=2&utm_x=1&a=1", []string{"-sort-query", "-trim", "query=utm_*"}, "https://example.com/?a=1&b=2"},
	} {
		args := append(append([]string{}, c.args...), c.in)
		code, out, errOut := runCmd(t, "", args...)
		if code != 0 || out != c.want+"\n" {
			t.Errorf("%q %s: status %d, stdout %q, want %q; stderr %q", c.args, c.in, code, out, c.want, errOut)
		}
	}
}

func TestChangeErrors(t *testing.T) {
	// A URL with an opaque path has no segments: that input fails.
	code, out, errOut := runCmd(t, "", "-append", "path=x", "mailto:a@example.com", "https://example.com/")
	if code != 1 || out != "https://example.com/x\n" || !strings.Contains(errOut, "argument 1: append path \"mailto:a@example.com\": the URL has an opaque path") {
		t.Errorf("status %d, stdout %q, stderr %q", code, out, errOut)
	}
	for _, args := range [][]string{
		{"-append", "host=x"}, {"-append", "path"}, {"-trim", "path=x"}, {"-trim", "query=a\\"}, {"-set", "nope=1"},
	} {
		code, out, errOut := runCmd(t, "", append(args, "https://example.com/")...)
		if code != 2 || out != "" || !strings.Contains(errOut, args[0]) {
			t.Errorf("%q: status %d, stdout %q, stderr %q; want a usage error naming the flag", args, code, out, errOut)
		}
	}
}

// {idn:host} and {puny:host}, as trurl has them: the URL Standard writes
// a domain in ASCII, so puny is the host; idn is domain to Unicode.
func TestIDNFields(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"https://xn--fa-hia.de/", "faß.de xn--fa-hia.de"}, // DomainToUnicode's own example
		{"https://faß.de/", "faß.de xn--fa-hia.de"},
		{"https://EXAMPLE.com/", "example.com example.com"},
		{"https://[::1]/", "[::1] [::1]"},
		{"https://0x7f.1/", "127.0.0.1 127.0.0.1"},
		{"sc://xn--fa-hia.de/", "xn--fa-hia.de xn--fa-hia.de"}, // an opaque host is no domain: left alone
		{"mailto:a@example.com", " "},
	} {
		code, out, errOut := runCmd(t, "", "-get", "{idn:host} {puny:hostname}", c.in)
		if code != 0 || out != c.want+"\n" {
			t.Errorf("%s: status %d, stdout %q, want %q; stderr %q", c.in, code, out, c.want, errOut)
		}
	}
	if code, _, _ := runCmd(t, "", "-get", "{idn:path}", "https://a/"); code != 2 {
		t.Errorf("{idn:path}: status %d, want 2", code)
	}
}

func TestGlobMatch(t *testing.T) {
	for _, c := range []struct {
		glob, name string
		want       bool
	}{
		{"utm_*", "utm_source", true}, {"utm_*", "UTM_", true}, {"utm_*", "utm", false},
		{"*", "", true}, {"", "", true}, {"a", "", false}, {"", "a", false},
		{"a*b*c", "axxbyyc", true}, {"a*b*c", "axxbyy", false}, {"*a", "bba", true}, {"*a", "ab", false},
		{"a*b", "ab", true}, {"**", "x", true}, {`\*`, "*", true}, {`\*`, "x", false}, {`a\*b`, "a*b", true},
		{`\a`, "A", true}, {"ß", "ß", true}, {"é*", "É", false}, // ASCII case only
	} {
		if got := globMatch(c.glob, c.name); got != c.want {
			t.Errorf("globMatch(%q, %q) = %v, want %v", c.glob, c.name, got, c.want)
		}
	}
}
