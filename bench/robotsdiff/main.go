// Command robotsdiff compares package robots with Google's matcher
// (github.com/google/robotstxt, through the driver bench/robots/build.sh
// builds) on generated robots.txt files and URLs: odd whitespace and line
// ends, byte order marks, key typos, '*' and '$' anywhere, escapes in
// either case, non-ASCII and invalid UTF-8, lines near Google's length
// limit, odd agents, empty groups, rules before any user-agent line. Each
// URL is parsed by weburl and Google is given its href. It prints every
// difference (the file quoted, the agent, the URL, both answers) and the
// counts.
//
//	ROBOTSTXT_DIR=/tmp/robotstxt bench/robots/build.sh
//	go -C bench run ./robotsdiff -cxx /tmp/robotstxt-bench -n 3000 -seed 1
package main

import (
	"bytes"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/robots"
)

func main() {
	cxx := flag.String("cxx", "/tmp/robotstxt-bench", "Google's matcher's driver (bench/robots/build.sh)")
	n := flag.Int("n", 2000, "robots.txt files generated")
	urls := flag.Int("urls", 40, "URLs checked per file")
	seed := flag.Uint64("seed", 1, "random seed")
	show := flag.Int("show", 20, "differences printed")
	flag.Parse()
	dir, err := os.MkdirTemp("", "robotsdiff")
	if err != nil {
		fatal(err)
	}
	defer os.RemoveAll(dir)
	rng := rand.New(rand.NewPCG(*seed, 0))
	checks, diffs, robotsTxt, encoded, shown := 0, 0, 0, 0, 0
	for f := 0; f < *n; f++ {
		body := genFile(rng)
		var list []*weburl.URL
		for len(list) < *urls {
			u, err := weburl.Parse(genURL(rng))
			if err != nil {
				continue
			}
			list = append(list, u)
		}
		r := robots.Parse(body)
		for _, agent := range pick(rng, queryAgents, 2) {
			want, err := google(*cxx, dir, body, agent, hrefs(list, false))
			if err != nil {
				fatal(err)
			}
			var escaped []bool // Google's answers on the file with ASCII escaped as the URL parser does
			for i, u := range list {
				checks++
				if got := r.Allowed(agent, u); got != want[i] {
					if got && u.Pathname() == "/robots.txt" {
						robotsTxt++ // RFC 9309 §2.2.2, which Google leaves to its crawler
						continue
					}
					if escaped == nil {
						if escaped, err = google(*cxx, dir, escapeASCII(body), agent, hrefs(list, true)); err != nil {
							fatal(err)
						}
					}
					if escaped[i] == got {
						encoded++ // rules compared in the URL parser's form: a documented departure
						continue
					}
					diffs++
					if shown < *show {
						shown++
						fmt.Printf("DIFF agent=%q url=%q ours=%v google=%v\nfile=%q\n\n", agent, u.Href(), got, want[i], body)
					}
				}
			}
		}
	}
	fmt.Printf("files %d, checks %d, differences %d\n", *n, checks, diffs)
	fmt.Printf("departures: %d of /robots.txt (allowed by RFC 9309 §2.2.2, not by Google's matcher), %d of one percent-encoding form (a rule's \"{\" matches the URL's %%7B, a URL's %%3f a rule's %%3F)\n", robotsTxt, encoded)
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "robotsdiff:", err)
	os.Exit(1)
}

// google runs the driver in -answers mode on body and list.
func google(cxx, dir string, body []byte, agent string, list []string) ([]bool, error) {
	rf, lf := filepath.Join(dir, "robots.txt"), filepath.Join(dir, "urls")
	var sb strings.Builder
	for _, u := range list {
		sb.WriteString(u)
		sb.WriteByte('\n')
	}
	if err := os.WriteFile(rf, body, 0o644); err != nil {
		return nil, err
	}
	if err := os.WriteFile(lf, []byte(sb.String()), 0o644); err != nil {
		return nil, err
	}
	out, err := exec.Command(cxx, "-agent", agent, "-answers", rf, lf).Output()
	if err != nil {
		return nil, fmt.Errorf("%s: %v", cxx, err)
	}
	lines := strings.Fields(string(out))
	if len(lines) != len(list) {
		return nil, fmt.Errorf("%s: %d answers for %d URLs", cxx, len(lines), len(list))
	}
	ans := make([]bool, len(lines))
	for i, l := range lines {
		ans[i] = l == "1"
	}
	return ans, nil
}

var queryAgents = []string{"FooBot", "foobot", "BarBot", "Foo", "Foo_Bot", "Foo-Bot", "Bot", "Googlebot", "x",
	"", "*", "Foo Bot", "FooBot/1.0", "F\xC3\xB6\xC3\xB6", long, strings.ToUpper(long)}

// long is an agent longer than the 64 bytes package robots looks up
// without allocating.
var long = strings.Repeat("LongBot_", 9)

func pick(rng *rand.Rand, from []string, k int) []string {
	out := make([]string, k)
	for i := range out {
		out[i] = from[rng.IntN(len(from))]
	}
	return out
}

func one(rng *rand.Rand, from []string) string { return from[rng.IntN(len(from))] }

var (
	eols   = []string{"\n", "\n", "\n", "\r\n", "\r", "\n\r", "\r\r\n", " \n", "\t\n", "\v\n", "\f\n"}
	boms   = []string{"", "", "", "\xEF\xBB\xBF", "\xEF", "\xEF\xBB", "\xEF\xBB\xBF\xEF\xBB\xBF", "\xBB\xBF", " \xEF\xBB\xBF"}
	uaKeys = []string{"user-agent", "User-Agent", "USER-AGENT", "useragent", "user agent", "User Agent", "user-agents", "user-agentx",
		"user_agent", "user-agnet", "user -agent", "user\tagent", "user  agent", "UserAgent"}
	allowKeys    = []string{"allow", "Allow", "ALLOW", "allows", "allowed", "alow", "allow-", "Allow\t"}
	disallowKeys = []string{"disallow", "Disallow", "DISALLOW", "disalow", "dissallow", "dissalow", "diasllow", "disallaw", "dis-allow",
		"disallowed", "Disallow ", "disallows", "disalloww", "disallw"}
	otherKeys = []string{"sitemap", "site-map", "Sitemap", "crawl-delay", "foo", "host", "noindex", "#user-agent", "", " ", "clean-param"}
	seps      = []string{": ", ":", " : ", ":\t", "\t:\t", "  :  ", " ", "\t", " \t ", "::", ": :", ":\v", "\f:", "=", ": \xC2\xA0"}
	agents    = []string{"*", "*", "FooBot", "foobot", "FOOBOT", "BarBot", "FooBot/1.0", "Foo Bar", "Foo_Bot", "Foo-Bot", "fooBot*",
		"F\xC3\xB6\xC3\xB6", "", "Foo\tBot", "*Bot", "* ", "*\t", "*x", "**", "Foo:Bot", "Foo#Bot", "Googlebot", "googlebot-news", "x", "Bot",
		"FooBot FooBot", " FooBot", long, long + "/2", "FooBot\xff", "\xffFooBot", "Foo.Bot", "FooBot;", "Foo*", "-", "_"}
)

// pieces of paths, in rules and URLs alike.
var pieces = []string{"/", "/", "/a", "/b", "/a/", "a", "b", "c", "x", "*", "*", "$", "$", "?", "?", "=", "&", "%", "%2", "%2f", "%2F",
	"%aa", "%AA", "%Aa", "%zz", "%20", "%e3%83%84", "%E3%83%84", "%7e", "~", "%61", "\xC3\xA4", "\xE3\x83\x84", "\xff", "\xC3", "\x80",
	" ", "\t", "index.html", "index.htm", "/index.html", "/index.htm", "/index", ".php", ".", "..", "/./", "/../", "\\", "|", "^", "`",
	"{", "}", "<", ">", "\"", "'", "[", "]", "@", ":", ";", "+", ",", "!", "(", ")", "#", "\x01", "\x7f", "%00", "robots.txt", "/robots.txt",
	"//", "A", "B", "%2A", "%24", "%3f", "%3F", "%23"}

func genPattern(rng *rand.Rand, max int) string {
	var sb strings.Builder
	if rng.IntN(5) > 0 {
		sb.WriteByte('/')
	}
	for k := rng.IntN(max + 1); k > 0; k-- {
		sb.WriteString(one(rng, pieces))
	}
	return sb.String()
}

func genLine(rng *rand.Rand) string {
	var key, value string
	switch k := rng.IntN(20); {
	case k < 5:
		key, value = one(rng, uaKeys), one(rng, agents)
	case k < 10:
		key, value = one(rng, allowKeys), genPattern(rng, 5)
	case k < 17:
		key, value = one(rng, disallowKeys), genPattern(rng, 5)
	case k < 18:
		key, value = one(rng, otherKeys), genPattern(rng, 3)
	case k < 19:
		return one(rng, []string{"", " ", "\t", "# comment", "  # x: y", "\x00", "disallow: /\x00", "user-agent: *\x00FooBot", ":", ": /a"})
	default:
		// a line near Google's 16,663-byte limit
		key = one(rng, disallowKeys)
		n := 16663 - len(key) - 2 + rng.IntN(9) - 4
		var sb strings.Builder
		sb.WriteByte('/')
		for sb.Len() < n {
			sb.WriteString(one(rng, []string{"a", "b", "*", "%2f", "\xC3\xA4", "$", "?"}))
		}
		value = sb.String()[:n]
	}
	line := key + one(rng, seps) + value
	if rng.IntN(8) == 0 {
		line = one(rng, []string{" ", "\t", "  ", "\v"}) + line
	}
	if rng.IntN(8) == 0 {
		line += one(rng, []string{" ", "\t", " # c", "#", "# x\xff", " \xC2\xA0"})
	}
	return line
}

func genFile(rng *rand.Rand) []byte {
	var b bytes.Buffer
	b.WriteString(one(rng, boms))
	eol := one(rng, eols)
	mixed := rng.IntN(4) == 0
	for k := rng.IntN(14); k > 0; k-- {
		if mixed {
			eol = one(rng, eols)
		}
		b.WriteString(genLine(rng))
		b.WriteString(eol)
	}
	if rng.IntN(3) == 0 {
		b.Truncate(max(0, b.Len()-len(eol))) // no final line end
	}
	return b.Bytes()
}

var hosts = []string{"http://example.com", "https://example.com", "http://example.com:8080", "http://user:pw@example.com", "HTTP://EXAMPLE.COM",
	"http://ex%41mple.com", "https://\xC3\xA4.example", "http://[::1]", "http://1.2.3.4"}

func genURL(rng *rand.Rand) string {
	s := one(rng, hosts)
	switch rng.IntN(12) {
	case 0:
		return s
	case 1:
		return s + one(rng, []string{"/robots.txt", "/robots.txt?x", "/ROBOTS.TXT", "/robots.txt/", "/a/robots.txt", "/%72obots.txt"})
	}
	p := genPattern(rng, 7)
	if p == "" || p[0] != '/' {
		p = "/" + p
	}
	p = strings.ReplaceAll(p, "*", one(rng, []string{"", "x", "*", "/a/"}))
	p = strings.ReplaceAll(p, "$", one(rng, []string{"", "$", "z"}))
	if rng.IntN(4) == 0 {
		p += "#" + genPattern(rng, 2)
	}
	return s + p
}

// hrefs returns the hrefs of list, with the hex digits of their %xx
// escapes in upper case if upper.
func hrefs(list []*weburl.URL, upper bool) []string {
	out := make([]string, len(list))
	for i, u := range list {
		h := []byte(u.Href())
		for j := 0; upper && j+2 < len(h); j++ {
			if h[j] == '%' && isHex(h[j+1]) && isHex(h[j+2]) {
				h[j+1], h[j+2] = bytes.ToUpper(h[j+1 : j+2])[0], bytes.ToUpper(h[j+2 : j+3])[0]
			}
		}
		out[i] = string(h)
	}
	return out
}

func isHex(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }

// escapeASCII returns body with the ASCII bytes that the URL Standard's
// parser escapes in a path and a query alike, and that mean nothing to a
// robots.txt line, escaped: the form package robots compares rules in,
// given to Google's matcher, tells a difference of that form from others.
func escapeASCII(body []byte) []byte {
	var b bytes.Buffer
	for _, c := range body {
		if c == '"' || c == '<' || c == '>' || c == 0x7F || c < 0x20 && c != 0 && (c < '\t' || c > '\r') ||
			c == '`' || c == '{' || c == '}' || c == '^' {
			fmt.Fprintf(&b, "%%%02X", c)
		} else {
			b.WriteByte(c)
		}
	}
	return b.Bytes()
}
