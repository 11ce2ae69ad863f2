package robots

import (
	"testing"

	"github.com/weburl/weburl"
)

// diffCases are inputs on which package robots once answered otherwise
// than Google's matcher (found by bench/robotsdiff); want is Google's
// answer (its driver given the URL's href).
var diffCases = []struct {
	name, body, agent, url string
	want                   bool
}{
	{"invalid UTF-8 in a rule is escaped byte by byte", "user agent : Googlebot\rdisallow: /\xff", "Googlebot", "http://a/%FF", false},
	{"invalid UTF-8 in a rule is not U+FFFD", "user agent : Googlebot\rdisallow: /\xff", "Googlebot", "http://a/%EF%BF%BD", true},
	{"invalid UTF-8 beside valid, path and query", "user-agent: Googlebot\ndisallow: /\xc3\xa4\xff\xc3?\xff\n", "Googlebot", "http://a/%C3%A4%FF%C3?%FF", false},
}

func TestDiffCases(t *testing.T) {
	for _, c := range diffCases {
		u, err := weburl.Parse(c.url)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := Parse([]byte(c.body)).Allowed(c.agent, u); got != c.want {
			t.Errorf("%s: Allowed(%q, %q) on %q = %v, Google's matcher answers %v", c.name, c.agent, c.url, c.body, got, c.want)
		}
	}
}
