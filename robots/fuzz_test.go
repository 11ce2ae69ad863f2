package robots

import (
	"strings"
	"testing"

	"github.com/weburl/weburl"
)

// refMatch is the plain matcher that match is held to: the set of path
// offsets that each prefix of pattern can reach, byte by byte (time
// O(len(path)×len(pattern))), as RFC 9309 §2.2.3 reads.
func refMatch(path, pattern string) bool {
	reach := make([]bool, len(path)+1)
	reach[0] = true
	for i := 0; i < len(pattern); i++ {
		c := pattern[i]
		if c == '$' && i == len(pattern)-1 {
			return reach[len(path)]
		}
		next := make([]bool, len(path)+1)
		for j, ok := range reach {
			switch {
			case !ok:
			case c == '*':
				for k := j; k <= len(path); k++ {
					next[k] = true
				}
			case j < len(path) && path[j] == c:
				next[j+1] = true
			}
		}
		reach = next
	}
	for _, ok := range reach {
		if ok {
			return true
		}
	}
	return false
}

// refAllowed is the longest-match rule on patterns already escaped, with
// Google's index.html rule.
func refAllowed(path string, allow, disallow []string) bool {
	a, d := 0, 0
	for _, p := range allow {
		if p == "" {
			continue
		}
		if refMatch(path, p) {
			a = max(a, len(p))
		} else if i := strings.LastIndex(p, "/"); i >= 0 && strings.HasPrefix(p[i:], "/index.htm") {
			// Google: an allow rule of a directory's index.htm(l)
			// allows the directory.
			if q := p[:i+1] + "$"; refMatch(path, q) {
				a = max(a, len(q))
			}
		}
	}
	for _, p := range disallow {
		if p != "" && len(p) > d && refMatch(path, p) {
			d = len(p)
		}
	}
	return d <= a
}

// fuzzAlphabet keeps a rule to bytes that need no escaping and make
// matches likely.
func fuzzAlphabet(s string) string {
	return strings.Map(func(r rune) rune {
		if strings.ContainsRune("/xy*$?.=index.htm", r) {
			return r
		}
		return -1
	}, s)
}

func FuzzRobots(f *testing.F) {
	f.Add([]byte("user-agent: FooBot\ndisallow: /x*y$\nallow: /x\n"), "xyy")
	f.Add([]byte("/x*\n*y\n$\n/**x$\n"), "x/x?y")
	f.Add([]byte("/index.html\n/\n/x/index.htm\n"), "x/")
	f.Add([]byte("\xEF\xBB\xBFUser-agent FooBot\rDisalow /\r\nSitemap: x\ncrawl-delay: 1.5"), "robots.txt")
	for _, tc := range googleCases {
		f.Add([]byte(tc.body), strings.TrimPrefix(tc.checks[0].url, "http://foo.bar/"))
	}
	f.Fuzz(func(t *testing.T, body []byte, path string) {
		u, err := weburl.Parse("http://h/" + path)
		if err != nil {
			return
		}
		// Any body: no panic.
		r := Parse(body)
		for _, agent := range []string{"FooBot", "", "*", strings.Repeat("a", 70)} {
			r.Allowed(agent, u)
			r.CrawlDelay(agent)
		}
		r.Sitemaps()

		// Its lines as rules of one group: Allowed agrees with the plain
		// matcher, and match with refMatch on each rule.
		var allow, disallow []string
		text := "user-agent: *\n"
		for i, line := range strings.Split(string(body), "\n") {
			p := fuzzAlphabet(line)
			if i%2 == 0 {
				allow = append(allow, p)
				text += "allow: " + p + "\n"
			} else {
				disallow = append(disallow, p)
				text += "disallow: " + p + "\n"
			}
		}
		pq := pathQuery(u)
		for _, p := range append(allow, disallow...) {
			if got, want := match(pq, p), refMatch(pq, p); got != want {
				t.Fatalf("match(%q, %q) = %v, want %v", pq, p, got, want)
			}
		}
		want := refAllowed(pq, allow, disallow) || u.Pathname() == "/robots.txt"
		if got := Parse([]byte(text)).Allowed("FooBot", u); got != want {
			t.Fatalf("Allowed(%q) = %v, want %v\n%s", u.Href(), got, want, text)
		}
	})
}
