// Package robots reads robots.txt files as RFC 9309 (the Robots Exclusion
// Protocol) defines them and as Google's open-source matcher
// (github.com/google/robotstxt) answers where the RFC leaves a choice.
//
// A crawler fetches the robots.txt of a URL's origin ([URL]), reads the
// outcome ([FromResponse], or [Parse] on a body) and asks [Robots.Allowed]
// before each fetch:
//
//	r := robots.FromResponse(http.Get(robotsURL.Href()))
//	if r.Allowed("FooBot", u) { ... }
//
// # Groups and agents
//
// A group is one or more user-agent lines and the rules after them; the
// groups that name the same agent are merged. The agent given to
// [Robots.Allowed] is its product token, such as "Googlebot", not a whole
// User-Agent header: it is compared, ASCII case-insensitively and whole,
// with the token each user-agent line starts with (its letters, '-' and
// '_'), as Google's matcher compares them (so "Googlebot/2.1" matches no
// line; [ProductToken] takes the token from a header). An agent that no
// line names follows the groups of "*"; an agent that a line names never
// does, even where its group has no rules.
//
// # Matching
//
// Each rule is compared with the URL's path and query, in one
// percent-encoding form: bytes outside ASCII in a rule are percent-encoded
// one by one (UTF-8 as UTF-8; a byte of invalid UTF-8, such as Latin-1's
// "\xFF", as itself, "%FF", as Google does), and so are the bytes the URL Standard's parser encodes in a
// path (before the rule's first '?') or a special URL's query (after it);
// %xx escapes on both sides have their hex digits in upper case. Escapes
// are otherwise compared as written (a rule's %62 does not match a URL's
// "b"), as Google's matcher compares them. '*' in a rule matches any run
// of bytes, and '$' at its end anchors it at the end of the path and
// query. The longest matching rule wins, allow when an allow and a
// disallow rule of the same length match; an empty rule matches nothing.
// As Google does, an allow rule ending in "/index.htm" or "/index.html"
// also allows its directory ("/a/" for "/a/index.html"). /robots.txt is
// always allowed (RFC 9309 §2.2.2).
//
// Where Google's matcher answers otherwise, it is by design, found and
// counted by a differential against it (bench/robotsdiff): Google encodes
// only a rule's non-ASCII bytes and compares the URL as given, so its rule
// "/{a}" never matches the URL a browser fetches for it, "/%7Ba%7D", nor
// its "/%3F" the URL "/%3f"; RFC 9309 §2.2.2 asks for one encoding on
// both sides, and a weburl URL is always in the URL Standard's form. And
// Google's matcher leaves /robots.txt to its crawler; here it is allowed,
// as RFC 9309 says.
//
// Matching a rule costs time linear in the path and the rule (Google's
// matcher takes their product), and [Robots.Allowed] allocates nothing.
//
// # Parsing
//
// [Parse] never fails: lines it does not understand are skipped. It reads
// the first 500 KiB (RFC 9309 §2.5), skips a UTF-8 byte order mark (or the
// part of one that starts the file, as Google does), ends lines at LF, CR
// or CRLF, ignores what follows '#', and takes the keys Google takes: any
// key that starts with "user-agent", "allow", "disallow" or "sitemap",
// in any case, and the typos "useragent", "user agent", "dissallow",
// "dissalow", "disalow", "diasllow", "disallaw" and "site-map"; a line
// with no ':' whose key and value are separated by spaces or tabs. A line
// is read up to its 16,663rd byte (Google's 2083×8 bytes, less one), and
// up to a NUL byte.
//
// # Errors
//
// Only [URL] fails, with an [*Error] whose Err is [ErrScheme] for a URL
// that is not http or https:
//
//	_, err := robots.URL(u)
//	if errors.Is(err, robots.ErrScheme) { ... }
package robots

import (
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/ascii"
	"github.com/weburl/weburl/internal/swar"
)

// MaxSize is how many bytes of a robots.txt body Parse reads: 500 KiB, the
// least RFC 9309 §2.5 lets a crawler read.
const MaxSize = 500 << 10

// maxLine is how many bytes of a line Google's parser keeps: its buffer
// of 2083×8 bytes, one of them for the NUL.
const maxLine = 2083*8 - 1

// A Robots is a parsed robots.txt file. It is safe for concurrent use; the
// zero Robots, and a nil *Robots, allow everything.
type Robots struct {
	rules    []rule // every group's, in the file's order
	groups   []group
	agents   map[string][]int32 // lower-case product token: its groups, in order
	global   []int32            // the groups of "*"
	sitemaps []string
	all      int8 // 0: the rules; 1: everything allowed; -1: everything disallowed
}

// A group is the rules of a run of user-agent lines: Robots.rules[start:end]
// (a group's rules follow one another in the file).
type group struct {
	start, end int32
	delay      time.Duration
	hasDelay   bool
}

// A rule is an allow or disallow line's pattern, percent-encoded as Parse
// encodes it.
type rule struct {
	pattern string
	// index is, for an allow rule ending in "/index.htm…", the length of
	// its directory, which the rule allows exactly ("/a/" for
	// "/a/index.html", Google's "/a/$"); 0 for other rules.
	index int32
	allow bool
}

// Parse reads a robots.txt body. It never fails: what it does not
// understand it skips. It reads at most [MaxSize] bytes of body.
func Parse(body []byte) *Robots {
	if len(body) > MaxSize {
		body = body[:MaxSize]
	}
	// One allocation for the rules of most files: a rule line has some
	// 16 bytes or more.
	p := parser{r: &Robots{agents: map[string][]int32{}, rules: make([]rule, 0, len(body)/16)}, text: string(body), cur: -1}
	p.parse()
	return p.r
}

// parser is Parse's state: Google's RobotsMatcher state, kept per group
// instead of per agent.
type parser struct {
	r    *Robots
	text string
	// cur is the group that rules go to, -1 before any user-agent line.
	cur int32
	// sawRule is set when a rule is read: a user-agent line after it
	// starts a new group.
	sawRule bool
}

func (p *parser) parse() {
	s := p.text
	// Google skips the longest prefix of the file that is a prefix of the
	// UTF-8 BOM.
	for i := 0; i < 3 && i < len(s) && s[0] == "\xEF\xBB\xBF"[i]; i++ {
		s = s[1:]
	}
	for {
		// Two IndexByte scans: strings.IndexAny goes a byte at a time.
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			i = len(s)
		}
		if j := strings.IndexByte(s[:i], '\r'); j >= 0 {
			i = j
		}
		if i == len(s) {
			p.line(s)
			return
		}
		p.line(s[:i])
		if s[i] == '\r' && i+1 < len(s) && s[i+1] == '\n' {
			i++
		}
		s = s[i+1:]
	}
}

// line reads one line, as Google's GetKeyAndValueFrom splits it.
func (p *parser) line(l string) {
	if len(l) > maxLine {
		l = l[:maxLine]
	}
	if i := strings.IndexByte(l, 0); i >= 0 {
		l = l[:i] // Google's parser reads a line as a C string
	}
	if i := strings.IndexByte(l, '#'); i >= 0 {
		l = l[:i]
	}
	l = trimSpace(l)
	if l == "" {
		return
	}
	key, value, ok := strings.Cut(l, ":")
	if !ok {
		// A missing colon: exactly two runs of non-whitespace, split by
		// spaces or tabs.
		i := strings.IndexAny(l, " \t")
		if i < 0 {
			return
		}
		key, value = l[:i], strings.TrimLeft(l[i:], " \t")
		if strings.ContainsAny(value, " \t") {
			return
		}
	}
	key = trimSpace(key)
	if key == "" {
		return
	}
	value = trimSpace(value)
	// Google's keys, in its order; each starts with a different letter.
	switch key[0] | 0x20 {
	case 'u':
		if hasPrefixFold(key, "user-agent") || hasPrefixFold(key, "useragent") || hasPrefixFold(key, "user agent") {
			p.userAgent(value)
		}
	case 'a':
		if hasPrefixFold(key, "allow") {
			p.rule(value, true)
		}
	case 'd':
		if hasPrefixFold(key, "disallow") || hasPrefixFold(key, "dissallow") || hasPrefixFold(key, "dissalow") ||
			hasPrefixFold(key, "disalow") || hasPrefixFold(key, "diasllow") || hasPrefixFold(key, "disallaw") {
			p.rule(value, false)
		}
	case 's':
		if hasPrefixFold(key, "sitemap") || hasPrefixFold(key, "site-map") {
			p.r.sitemaps = append(p.r.sitemaps, value)
		}
	case 'c':
		if swar.EqualLower(key, "crawl-delay") {
			p.crawlDelay(value)
		}
	}
}

// trimSpace is s without the ASCII whitespace (absl's: space, \t, \n, \v,
// \f, \r) around it.
func trimSpace(s string) string {
	for len(s) > 0 && isSpace(s[0]) {
		s = s[1:]
	}
	for len(s) > 0 && isSpace(s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	return s
}

func isSpace(c byte) bool { return c == ' ' || '\t' <= c && c <= '\r' }

// hasPrefixFold reports whether s starts with lower, ASCII
// case-insensitively.
func hasPrefixFold(s, lower string) bool {
	return len(s) >= len(lower) && swar.EqualLower(s[:len(lower)], lower)
}

func (p *parser) userAgent(value string) {
	if p.cur < 0 || p.sawRule {
		n := int32(len(p.r.rules))
		p.r.groups = append(p.r.groups, group{start: n, end: n})
		p.cur = int32(len(p.r.groups) - 1)
		p.sawRule = false
	}
	// Google: "*" alone or before whitespace is the global agent.
	if value != "" && value[0] == '*' && (len(value) == 1 || isSpace(value[1])) {
		p.r.global = appendGroup(p.r.global, p.cur)
		return
	}
	token := ProductToken(value)
	var buf [64]byte
	if len(token) <= len(buf) {
		// The common case, an agent seen before, allocates nothing.
		b := swar.AppendLower(buf[:0], token)
		if gs, ok := p.r.agents[string(b)]; ok {
			p.r.agents[string(b)] = appendGroup(gs, p.cur)
			return
		}
	}
	token = swar.ToLower(token)
	p.r.agents[token] = appendGroup(p.r.agents[token], p.cur)
}

// appendGroup adds g to a list of groups unless it ends it already (an
// agent named twice in one group).
func appendGroup(list []int32, g int32) []int32 {
	if len(list) > 0 && list[len(list)-1] == g {
		return list
	}
	return append(list, g)
}

func (p *parser) rule(value string, allow bool) {
	if p.cur < 0 {
		return // a rule before any user-agent line
	}
	p.sawRule = true
	if value == "" {
		return // an empty rule matches nothing (priority 0 in Google's)
	}
	r := rule{pattern: escapePattern(value), allow: allow}
	if allow {
		// Google: "/a/index.htm…" also allows "/a/" exactly.
		if i := strings.LastIndexByte(r.pattern, '/'); i >= 0 && strings.HasPrefix(r.pattern[i:], "/index.htm") {
			r.index = int32(i + 1)
		}
	}
	p.r.rules = append(p.r.rules, r)
	p.r.groups[p.cur].end = int32(len(p.r.rules))
}

// crawlDelay reads a Crawl-delay line (no part of RFC 9309, and ignored by
// Google): a non-negative decimal number of seconds; the group's first
// such line counts.
func (p *parser) crawlDelay(value string) {
	if p.cur < 0 {
		return
	}
	g := &p.r.groups[p.cur]
	if g.hasDelay || value == "" || (value[0] < '0' || value[0] > '9') && value[0] != '.' {
		return
	}
	f, err := strconv.ParseFloat(value, 64)
	if err != nil || f > float64(1<<62)/float64(time.Second) {
		return
	}
	g.delay, g.hasDelay = time.Duration(f*float64(time.Second)), true
}

// ProductToken returns the product token that userAgent starts with: its
// leading ASCII letters, '-' and '_', as Google's matcher takes it from a
// user-agent line. ProductToken("Googlebot/2.1 (+http://…)") is
// "Googlebot".
func ProductToken(userAgent string) string {
	for i := 0; i < len(userAgent); i++ {
		c := userAgent[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '-' || c == '_') {
			return userAgent[:i]
		}
	}
	return userAgent
}

// groupsOf returns the groups that apply to userAgent: those that name it,
// else those of "*".
func (r *Robots) groupsOf(userAgent string) []int32 {
	var buf [64]byte
	if len(userAgent) <= len(buf) {
		b := swar.AppendLower(buf[:0], userAgent)
		if gs, ok := r.agents[string(b)]; ok { // no allocation: a map index by string(bytes)
			return gs
		}
		return r.global
	}
	for token, gs := range r.agents {
		if swar.EqualLower(userAgent, token) {
			return gs
		}
	}
	return r.global
}

// Allowed reports whether userAgent, a product token such as "FooBot", may
// fetch u by r's rules. A nil u is the path "/". It allocates nothing.
func (r *Robots) Allowed(userAgent string, u *weburl.URL) bool {
	if r == nil || r.all > 0 {
		return true
	}
	path := "/"
	if u != nil {
		path = pathQuery(u)
		if u.Pathname() == "/robots.txt" {
			return true // RFC 9309 §2.2.2: /robots.txt is implicitly allowed
		}
	}
	if r.all < 0 {
		return false
	}
	gs := r.groupsOf(userAgent)
	if len(gs) == 0 {
		return true
	}
	var bp *[]byte
	if needsNormalizing(path) {
		bp = bufPool.Get().(*[]byte)
		*bp = normalizePath((*bp)[:0], path)
		path = bytesString(*bp)
	}
	allowed := r.decide(gs, path)
	if bp != nil {
		bufPool.Put(bp)
	}
	return allowed
}

// decide applies the longest-match rule of RFC 9309 §2.2.2 to path with
// the rules of groups gs.
func (r *Robots) decide(gs []int32, path string) bool {
	allow, disallow := 0, 0 // the longest match of each kind
	var second byte         // the byte after path's '/', or none (0: no pattern byte is NUL)
	if len(path) > 1 {
		second = path[1]
	}
	for _, g := range gs {
		rules := r.rules[r.groups[g].start:r.groups[g].end]
		for i := range rules {
			rl := &rules[i]
			n := len(rl.pattern)
			// Most rules start with '/' and a literal byte: one that is not
			// path's second byte is no match, and costs no call (nor is
			// the rule's index pattern, unless that is "/$").
			if n > 1 && rl.pattern[0] == '/' && rl.pattern[1] != second && rl.pattern[1] != '*' && rl.pattern[1] != '$' && rl.index != 1 {
				continue
			}
			if rl.allow {
				// The index pattern is shorter than the rule's: a rule that
				// cannot win cannot win by it either.
				if n <= allow {
					continue
				}
				if match(path, rl.pattern) {
					allow = n
				} else if rl.index > 0 && matchAnchored(path, rl.pattern[:rl.index]) {
					allow = int(rl.index) + 1 // the length of Google's pattern, with its '$'
				}
			} else if n > disallow && match(path, rl.pattern) {
				disallow = n
			}
		}
	}
	return disallow <= allow
}

// pathQuery returns u's path and query (what Google's GetPathParamsQuery
// takes from a URL string), without its fragment, a substring of its href.
func pathQuery(u *weburl.URL) string {
	href := u.Href()
	end := len(href)
	if f, ok := u.Fragment(); ok {
		end -= len(f) + 1
	}
	start := end - len(u.Pathname())
	if q, ok := u.Query(); ok {
		start -= len(q) + 1
	}
	return href[start:end]
}

// bufPool holds the buffers of paths that Allowed normalizes.
var bufPool = sync.Pool{New: func() any { b := make([]byte, 0, 256); return &b }}

// needsNormalizing reports whether path is not in the form rules are in:
// it does not start with '/', or it has a %xx escape with a lower-case hex
// digit.
func needsNormalizing(path string) bool {
	return path == "" || path[0] != '/' || hasLowerEscape(path)
}

// hasLowerEscape reports whether s has a %xx escape with a lower-case hex
// digit.
func hasLowerEscape(path string) bool {
	for i := strings.IndexByte(path, '%'); i >= 0; {
		if i+2 < len(path) && ascii.IsHex(path[i+1]) && ascii.IsHex(path[i+2]) &&
			(isLowerHex(path[i+1]) || isLowerHex(path[i+2])) {
			return true
		}
		j := strings.IndexByte(path[i+1:], '%')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return false
}

func isLowerHex(c byte) bool { return 'a' <= c && c <= 'f' }

// normalizePath appends path to b, a '/' before it when it has none (as
// Google's GetPathParamsQuery adds one), the hex digits of its escapes in
// upper case.
func normalizePath(b []byte, path string) []byte {
	if path == "" || path[0] != '/' {
		b = append(b, '/')
	}
	for i := 0; i < len(path); i++ {
		c := path[i]
		b = append(b, c)
		if c == '%' && i+2 < len(path) && ascii.IsHex(path[i+1]) && ascii.IsHex(path[i+2]) {
			b = append(b, toUpperHex(path[i+1]), toUpperHex(path[i+2]))
			i += 2
		}
	}
	return b
}

func toUpperHex(c byte) byte {
	if isLowerHex(c) {
		return c - ('a' - 'A')
	}
	return c
}

// CrawlDelay returns the Crawl-delay of the groups that apply to
// userAgent (the first in the file), and whether they have one. RFC 9309
// does not define Crawl-delay and Google ignores it; other crawlers read
// it as seconds between fetches, which may have a fraction ("0.5").
func (r *Robots) CrawlDelay(userAgent string) (time.Duration, bool) {
	if r == nil {
		return 0, false
	}
	for _, g := range r.groupsOf(userAgent) {
		if r.groups[g].hasDelay {
			return r.groups[g].delay, true
		}
	}
	return 0, false
}

// Sitemaps returns the values of the Sitemap lines, in the file's order,
// as written (spaces around them trimmed): RFC 9309 §2.2.4 has them
// outside the groups. Resolve each against the robots.txt URL with
// weburl.ParseRef. The caller may change the slice returned.
func (r *Robots) Sitemaps() []string {
	if r == nil || len(r.sitemaps) == 0 {
		return nil
	}
	return append([]string(nil), r.sitemaps...)
}
