package canon

import (
	"regexp"
	"strings"

	"github.com/weburl/weburl/internal/swar"
)

// A sessionParam is a query parameter that carries a session ID, as the
// Internet Archive's surt library strips them (its IAURLCanonicalizer's
// _RES_QUERY_SESSIONID): a name, compared ASCII case-insensitively, and a
// value of a fixed shape. SURT and Profile.DropSessionIDs read this one
// table.
type sessionParam struct {
	name    string          // lowercase, up to the '=' or the letters after it
	letters int             // letters between name and '=' (ASP's ASPSESSIONIDxxxxxxxx)
	value   func(byte) bool // the class of the value's bytes
	n       int             // the value's length; 0: any, not empty, up to the next '&'
	then    string          // the name of a pair that must follow ("cftoken" after "cfid")
}

// sessionParams are Java servlets' jsessionid, PHP's PHPSESSID and the
// generic sid (32 letters and digits each), classic ASP's
// ASPSESSIONIDxxxxxxxx (24 letters), and ColdFusion's CFID with the
// CFTOKEN right after it, in the order the library removes them.
var sessionParams = []sessionParam{
	{name: "jsessionid", value: isAlnum, n: 32},
	{name: "phpsessid", value: isAlnum, n: 32},
	{name: "sid", value: isAlnum, n: 32},
	{name: "aspsessionid", letters: 8, value: isLetter, n: 24},
	{name: "cfid", then: "cftoken"},
}

func isLetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

func isAlnum(c byte) bool { return isLetter(c) || '0' <= c && c <= '9' }

// hasPrefixFold reports whether s[i:] starts with the lowercase prefix,
// ASCII case-insensitively.
func hasPrefixFold(s string, i int, prefix string) bool {
	return len(s)-i >= len(prefix) && swar.EqualLower(s[i:i+len(prefix)], prefix)
}

// match returns the end of the session ID that starts at q[i:], or -1.
// A session ID ends at a '&' or the end of q. amp(j) is the offset of the
// first '&' at or after j, or len(q).
func (sp sessionParam) match(q string, i int, amp func(int) int) int {
	if !hasPrefixFold(q, i, sp.name) {
		return -1
	}
	j := i + len(sp.name)
	for k := 0; k < sp.letters; k, j = k+1, j+1 {
		if j == len(q) || !isLetter(q[j]) {
			return -1
		}
	}
	if j == len(q) || q[j] != '=' {
		return -1
	}
	j++
	if sp.then != "" {
		// name=value&then=value, both values not empty.
		a := amp(j)
		if a == j || a == len(q) || !hasPrefixFold(q, a+1, sp.then+"=") {
			return -1
		}
		j = a + 1 + len(sp.then) + 1
		if e := amp(j); e > j {
			return e
		}
		return -1
	}
	if len(q)-j < sp.n {
		return -1
	}
	for k := j; k < j+sp.n; k++ {
		if !sp.value(q[k]) {
			return -1
		}
	}
	if j += sp.n; j < len(q) && q[j] != '&' {
		return -1
	}
	return j
}

// surtStripSessionIDs removes session IDs from a query as the surt
// library does: for each parameter in turn, the last place where its
// session ID starts, anywhere before a newline (so "xsid=…" holds one),
// and ends at a '&' with no newline after it, or at the end, loses it and
// the '&' after it. A '&' before it stays.
func surtStripSessionIDs(q string) string {
	var next []int32 // next[j]: the first '&' at or after j, made when needed
	amp := func(j int) int {
		if next == nil {
			next = make([]int32, len(q)+1)
			next[len(q)] = int32(len(q))
			for k := len(q) - 1; k >= 0; k-- {
				if q[k] == '&' {
					next[k] = int32(k)
				} else {
					next[k] = next[k+1]
				}
			}
		}
		return int(next[min(j, len(q))])
	}
	for _, sp := range sessionParams {
		// The library's "^(.*)" before a session ID and "&(.*)$" after it
		// take no newline (a query holds one where %0A was decoded): a
		// session ID after a newline, or with one after its '&', stays.
		start, lastNL := len(q)-1, strings.LastIndexByte(q, '\n')
		if nl := strings.IndexByte(q, '\n'); nl >= 0 {
			start = nl
		}
		for i := start; i >= 0; i-- {
			end := sp.match(q, i, amp)
			if end < 0 {
				continue
			}
			if end < len(q) {
				if lastNL > end {
					continue
				}
				end++ // the '&' after it
			}
			q = q[:i] + q[end:]
			next = nil
			break
		}
	}
	return q
}

// dropSessionPairs removes the pairs of a query that are session IDs: a
// pair that a sessionParam without a then matches whole, from its start;
// and, where the query holds both a name=value pair and a then=value pair
// of a sessionParam with a then (CFID and CFTOKEN, values not empty),
// every such pair of the two names. The other pairs keep their bytes and
// their order.
//
// The rule looks at which pairs the query holds, not at their order, so
// that removing pairs or sorting the rest (Profile.SortQuery) cannot make
// a new session ID: SURT's "CFID right before CFTOKEN" would, since
// "CFID=a&x&CFTOKEN=b" sorts to "x&CFID=a&CFTOKEN=b", and a key must not
// change when its profile is applied again.
func dropSessionPairs(q string) string {
	var pairs []string
	var both []bool // per sessionParam with a then: the query holds both names
	dropped := false
	for _, sp := range sessionParams {
		if sp.then == "" {
			continue
		}
		var hasName, hasThen bool
		for pair := range strings.SplitSeq(q, "&") {
			hasName = hasName || isSessionPair(pair, sp.name)
			hasThen = hasThen || isSessionPair(pair, sp.then)
		}
		both = append(both, hasName && hasThen)
		dropped = dropped || hasName && hasThen
	}
	for pair := range strings.SplitSeq(q, "&") {
		whole := func(int) int { return len(pair) } // a pair holds no '&'
		drop, k := false, 0
		for _, sp := range sessionParams {
			if sp.then == "" {
				drop = sp.match(pair, 0, whole) == len(pair)
			} else {
				drop = both[k] && (isSessionPair(pair, sp.name) || isSessionPair(pair, sp.then))
				k++
			}
			if drop {
				break
			}
		}
		if drop {
			dropped = true
			continue
		}
		pairs = append(pairs, pair)
	}
	if !dropped {
		return q
	}
	return strings.Join(pairs, "&")
}

// isSessionPair reports whether pair is name=value, the name compared
// ASCII case-insensitively (name is lowercase), the value not empty.
func isSessionPair(pair, name string) bool {
	return len(pair) > len(name)+1 && pair[len(name)] == '=' && hasPrefixFold(pair, 0, name)
}

// pathSessionIDs match ASP.NET's cookieless session IDs in a path, the
// surt library's _RES_PATH_SESSIONID, which SURT and
// Profile.DropSessionIDs both apply: group 2 is removed.
var pathSessionIDs = []*regexp.Regexp{
	regexp.MustCompile(`(?i)^(.*/)(\((?:[a-z]\([0-9a-z]{24}\))+\)/)([^?]+\.aspx.*)$`),
	regexp.MustCompile(`(?i)^(.*/)(\([0-9a-z]{24}\)/)([^?]+\.aspx.*)$`),
}

// stripPathSessionIDs removes ASP.NET session IDs from a path whose
// lowercase form holds ".aspx".
func stripPathSessionIDs(path string) string {
	for _, re := range pathSessionIDs {
		if m := re.FindStringSubmatch(path); m != nil {
			path = m[1] + m[3]
		}
	}
	return path
}

// dropServletSessionIDs removes a Java servlet's session ID from a path:
// the ";jsessionid=…" path parameter, up to the next ';' or '/', that the
// Servlet specification's URL rewriting adds to a path ("/cart;jsessionid=
// 1A2B3C"), in any segment and any case.
func dropServletSessionIDs(path string) string {
	const param = ";jsessionid="
	var b strings.Builder
	rest := path
	for {
		i := indexFold(rest, param)
		if i < 0 {
			break
		}
		j := i + len(param)
		for j < len(rest) && rest[j] != ';' && rest[j] != '/' {
			j++
		}
		b.WriteString(rest[:i])
		rest = rest[j:]
	}
	if b.Len() == 0 && len(rest) == len(path) {
		return path
	}
	b.WriteString(rest)
	return b.String()
}

// indexFold returns the offset of the first match of the lowercase sub in
// s, ASCII case-insensitively, or -1.
func indexFold(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if hasPrefixFold(s, i, sub) {
			return i
		}
	}
	return -1
}
