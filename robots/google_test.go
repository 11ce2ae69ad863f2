package robots

import (
	"strings"
	"testing"

	"github.com/weburl/weburl"
)

// A check is one answer of a robots.txt: whether agent may fetch url.
type check struct {
	agent, url string
	want       bool
}

// googleCases are the answers that the tests of Google's matcher
// (github.com/google/robotstxt, robots_test.cc) assert, in our own form: a
// robots.txt and what it answers. Google's matcher takes a URL string in
// escaped form; where its test gives one that is not (a raw "ツ"), the
// URL here is weburl's, which is always escaped, and the answer is
// Google's answer for the escaped form (noted).
var googleCases = []struct {
	name, body string
	checks     []check
}{
	{"system: empty file", "", []check{{"FooBot", "", true}, {"", "", true}}},
	{"system", "user-agent: FooBot\ndisallow: /\n", []check{{"", "", true}, {"FooBot", "", false}}},
	{"line syntax: correct", "user-agent: FooBot\ndisallow: /\n", []check{{"FooBot", "http://foo.bar/x/y", false}}},
	{"line syntax: unknown keys", "foo: FooBot\nbar: /\n", []check{{"FooBot", "http://foo.bar/x/y", true}}},
	{"line syntax: no colon", "user-agent FooBot\ndisallow /\n", []check{{"FooBot", "http://foo.bar/x/y", false}}},
	{"groups", "allow: /foo/bar/\n\nuser-agent: FooBot\ndisallow: /\nallow: /x/\nuser-agent: BarBot\ndisallow: /\nallow: /y/\n\n\nallow: /w/\nuser-agent: BazBot\n\nuser-agent: FooBot\nallow: /z/\ndisallow: /\n", []check{
		{"FooBot", "http://foo.bar/x/b", true}, {"FooBot", "http://foo.bar/z/d", true}, {"FooBot", "http://foo.bar/y/c", false},
		{"BarBot", "http://foo.bar/y/c", true}, {"BarBot", "http://foo.bar/w/a", true}, {"BarBot", "http://foo.bar/z/d", false},
		{"BazBot", "http://foo.bar/z/d", true},
		{"FooBot", "http://foo.bar/foo/bar/", false}, {"BarBot", "http://foo.bar/foo/bar/", false}, {"BazBot", "http://foo.bar/foo/bar/", false},
	}},
	{"groups: a sitemap line does not end a group", "User-agent: BarBot\nSitemap: https://foo.bar/sitemap\nUser-agent: *\nDisallow: /\n", []check{
		{"FooBot", "http://foo.bar/", false}, {"BarBot", "http://foo.bar/", false}}},
	{"groups: an unknown line does not end a group", "User-agent: FooBot\nInvalid-Unknown-Line: unknown\nUser-agent: *\nDisallow: /\n", []check{
		{"FooBot", "http://foo.bar/", false}, {"BarBot", "http://foo.bar/", false}}},
	{"key case: upper", "USER-AGENT: FooBot\nALLOW: /x/\nDISALLOW: /\n", []check{{"FooBot", "http://foo.bar/x/y", true}, {"FooBot", "http://foo.bar/a/b", false}}},
	{"key case: lower", "user-agent: FooBot\nallow: /x/\ndisallow: /\n", []check{{"FooBot", "http://foo.bar/x/y", true}, {"FooBot", "http://foo.bar/a/b", false}}},
	{"key case: mixed", "uSeR-aGeNt: FooBot\nAlLoW: /x/\ndIsAlLoW: /\n", []check{{"FooBot", "http://foo.bar/x/y", true}, {"FooBot", "http://foo.bar/a/b", false}}},
	{"agent case: upper", "User-Agent: FOO BAR\nAllow: /x/\nDisallow: /\n", []check{
		{"Foo", "http://foo.bar/x/y", true}, {"Foo", "http://foo.bar/a/b", false}, {"foo", "http://foo.bar/x/y", true}, {"foo", "http://foo.bar/a/b", false}}},
	{"agent case: lower", "User-Agent: foo bar\nAllow: /x/\nDisallow: /\n", []check{
		{"Foo", "http://foo.bar/x/y", true}, {"Foo", "http://foo.bar/a/b", false}, {"foo", "http://foo.bar/x/y", true}, {"foo", "http://foo.bar/a/b", false}}},
	{"agent case: mixed", "User-Agent: FoO bAr\nAllow: /x/\nDisallow: /\n", []check{
		{"Foo", "http://foo.bar/x/y", true}, {"Foo", "http://foo.bar/a/b", false}, {"foo", "http://foo.bar/x/y", true}, {"foo", "http://foo.bar/a/b", false}}},
	{"agent up to the first space", "User-Agent: *\nDisallow: /\nUser-Agent: Foo Bar\nAllow: /x/\nDisallow: /\n", []check{
		{"Foo", "http://foo.bar/x/y", true}, {"Foo Bar", "http://foo.bar/x/y", false}}},
	{"global group: empty file", "", []check{{"FooBot", "http://foo.bar/x/y", true}}},
	{"global group: secondary", "user-agent: *\nallow: /\nuser-agent: FooBot\ndisallow: /\n", []check{
		{"FooBot", "http://foo.bar/x/y", false}, {"BarBot", "http://foo.bar/x/y", true}}},
	{"global group: only specific groups", "user-agent: FooBot\nallow: /\nuser-agent: BarBot\ndisallow: /\nuser-agent: BazBot\ndisallow: /\n", []check{
		{"QuxBot", "http://foo.bar/x/y", true}}},
	{"values are case-sensitive: lower", "user-agent: FooBot\ndisallow: /x/\n", []check{{"FooBot", "http://foo.bar/x/y", false}}},
	{"values are case-sensitive: upper", "user-agent: FooBot\ndisallow: /X/\n", []check{{"FooBot", "http://foo.bar/x/y", true}}},
	{"longest match: disallow longer", "user-agent: FooBot\ndisallow: /x/page.html\nallow: /x/\n", []check{{"FooBot", "http://foo.bar/x/page.html", false}}},
	{"longest match: allow longer", "user-agent: FooBot\nallow: /x/page.html\ndisallow: /x/\n", []check{
		{"FooBot", "http://foo.bar/x/page.html", true}, {"FooBot", "http://foo.bar/x/", false}}},
	{"longest match: empty rules", "user-agent: FooBot\ndisallow: \nallow: \n", []check{{"FooBot", "http://foo.bar/x/page.html", true}}},
	{"longest match: a tie goes to allow", "user-agent: FooBot\ndisallow: /\nallow: /\n", []check{{"FooBot", "http://foo.bar/x/page.html", true}}},
	{"longest match: /x and /x/", "user-agent: FooBot\ndisallow: /x\nallow: /x/\n", []check{
		{"FooBot", "http://foo.bar/x", false}, {"FooBot", "http://foo.bar/x/", true}}},
	{"longest match: same rule", "user-agent: FooBot\ndisallow: /x/page.html\nallow: /x/page.html\n", []check{{"FooBot", "http://foo.bar/x/page.html", true}}},
	{"longest match: wildcard longer", "user-agent: FooBot\nallow: /page\ndisallow: /*.html\n", []check{
		{"FooBot", "http://foo.bar/page.html", false}, {"FooBot", "http://foo.bar/page", true}}},
	{"longest match: allow longer than wildcard", "user-agent: FooBot\nallow: /x/page.\ndisallow: /*.html\n", []check{
		{"FooBot", "http://foo.bar/x/page.html", true}, {"FooBot", "http://foo.bar/x/y.html", false}}},
	{"longest match: specific group only", "User-agent: *\nDisallow: /x/\nUser-agent: FooBot\nDisallow: /y/\n", []check{
		{"FooBot", "http://foo.bar/x/page", true}, {"FooBot", "http://foo.bar/y/page", false}}},
	{"encoding: query with a URL", "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar?qux=taz&baz=http://foo.bar?tar&par\n", []check{
		{"FooBot", "http://foo.bar/foo/bar?qux=taz&baz=http://foo.bar?tar&par", true}}},
	// Google's test gives "http://foo.bar/foo/bar/ツ" unescaped too, and
	// answers false; weburl's URL of it is the escaped one.
	{"encoding: non-ASCII rule", "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/ツ\n", []check{
		{"FooBot", "http://foo.bar/foo/bar/%E3%83%84", true}, {"FooBot", "http://foo.bar/foo/bar/ツ", true}}},
	{"encoding: escaped rule", "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%E3%83%84\n", []check{
		{"FooBot", "http://foo.bar/foo/bar/%E3%83%84", true}, {"FooBot", "http://foo.bar/foo/bar/ツ", true}}},
	{"encoding: escaped ASCII is not decoded", "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%62%61%7A\n", []check{
		{"FooBot", "http://foo.bar/foo/bar/baz", false}, {"FooBot", "http://foo.bar/foo/bar/%62%61%7A", true}}},
	{"special characters: *", "User-agent: FooBot\nDisallow: /foo/bar/quz\nAllow: /foo/*/qux\n", []check{
		{"FooBot", "http://foo.bar/foo/bar/quz", false}, {"FooBot", "http://foo.bar/foo/quz", true},
		{"FooBot", "http://foo.bar/foo//quz", true}, {"FooBot", "http://foo.bar/foo/bax/quz", true}}},
	{"special characters: $", "User-agent: FooBot\nDisallow: /foo/bar$\nAllow: /foo/bar/qux\n", []check{
		{"FooBot", "http://foo.bar/foo/bar", false}, {"FooBot", "http://foo.bar/foo/bar/qux", true},
		{"FooBot", "http://foo.bar/foo/bar/", true}, {"FooBot", "http://foo.bar/foo/bar/baz", true}}},
	{"special characters: #", "User-agent: FooBot\n# Disallow: /\nDisallow: /foo/quz#qux\nAllow: /\n", []check{
		{"FooBot", "http://foo.bar/foo/bar", true}, {"FooBot", "http://foo.bar/foo/quz", false}}},
	{"index.html is the directory", "User-Agent: *\nAllow: /allowed-slash/index.html\nDisallow: /\n", []check{
		{"foobot", "http://foo.com/allowed-slash/", true}, {"foobot", "http://foo.com/allowed-slash/index.htm", false},
		{"foobot", "http://foo.com/allowed-slash/index.html", true}, {"foobot", "http://foo.com/anyother-url", false}}},
	{"documentation: /fish", "user-agent: FooBot\ndisallow: /\nallow: /fish\n", []check{
		{"FooBot", "http://foo.bar/bar", false}, {"FooBot", "http://foo.bar/fish", true}, {"FooBot", "http://foo.bar/fish.html", true},
		{"FooBot", "http://foo.bar/fish/salmon.html", true}, {"FooBot", "http://foo.bar/fishheads", true},
		{"FooBot", "http://foo.bar/fishheads/yummy.html", true}, {"FooBot", "http://foo.bar/fish.html?id=anything", true},
		{"FooBot", "http://foo.bar/Fish.asp", false}, {"FooBot", "http://foo.bar/catfish", false}, {"FooBot", "http://foo.bar/?id=fish", false}}},
	{"documentation: /fish*", "user-agent: FooBot\ndisallow: /\nallow: /fish*\n", []check{
		{"FooBot", "http://foo.bar/bar", false}, {"FooBot", "http://foo.bar/fish", true}, {"FooBot", "http://foo.bar/fish.html", true},
		{"FooBot", "http://foo.bar/fish/salmon.html", true}, {"FooBot", "http://foo.bar/fishheads", true},
		{"FooBot", "http://foo.bar/fishheads/yummy.html", true}, {"FooBot", "http://foo.bar/fish.html?id=anything", true},
		{"FooBot", "http://foo.bar/Fish.bar", false}, {"FooBot", "http://foo.bar/catfish", false}, {"FooBot", "http://foo.bar/?id=fish", false}}},
	{"documentation: /fish/", "user-agent: FooBot\ndisallow: /\nallow: /fish/\n", []check{
		{"FooBot", "http://foo.bar/bar", false}, {"FooBot", "http://foo.bar/fish/", true}, {"FooBot", "http://foo.bar/fish/salmon", true},
		{"FooBot", "http://foo.bar/fish/?salmon", true}, {"FooBot", "http://foo.bar/fish/salmon.html", true},
		{"FooBot", "http://foo.bar/fish/?id=anything", true}, {"FooBot", "http://foo.bar/fish", false},
		{"FooBot", "http://foo.bar/fish.html", false}, {"FooBot", "http://foo.bar/Fish/Salmon.html", false}}},
	{"documentation: /*.php", "user-agent: FooBot\ndisallow: /\nallow: /*.php\n", []check{
		{"FooBot", "http://foo.bar/bar", false}, {"FooBot", "http://foo.bar/filename.php", true},
		{"FooBot", "http://foo.bar/folder/filename.php", true}, {"FooBot", "http://foo.bar/folder/filename.php?parameters", true},
		{"FooBot", "http://foo.bar//folder/any.php.file.html", true}, {"FooBot", "http://foo.bar/filename.php/", true},
		{"FooBot", "http://foo.bar/index?f=filename.php/", true}, {"FooBot", "http://foo.bar/php/", false},
		{"FooBot", "http://foo.bar/index?php", false}, {"FooBot", "http://foo.bar/windows.PHP", false}}},
	{"documentation: /*.php$", "user-agent: FooBot\ndisallow: /\nallow: /*.php$\n", []check{
		{"FooBot", "http://foo.bar/bar", false}, {"FooBot", "http://foo.bar/filename.php", true},
		{"FooBot", "http://foo.bar/folder/filename.php", true}, {"FooBot", "http://foo.bar/filename.php?parameters", false},
		{"FooBot", "http://foo.bar/filename.php/", false}, {"FooBot", "http://foo.bar/filename.php5", false},
		{"FooBot", "http://foo.bar/php/", false}, {"FooBot", "http://foo.bar/filename?php", false},
		{"FooBot", "http://foo.bar/aaaphpaaa", false}, {"FooBot", "http://foo.bar//windows.PHP", false}}},
	{"documentation: /fish*.php", "user-agent: FooBot\ndisallow: /\nallow: /fish*.php\n", []check{
		{"FooBot", "http://foo.bar/bar", false}, {"FooBot", "http://foo.bar/fish.php", true},
		{"FooBot", "http://foo.bar/fishheads/catfish.php?parameters", true}, {"FooBot", "http://foo.bar/Fish.PHP", false}}},
	{"documentation: order of precedence 1", "user-agent: FooBot\nallow: /p\ndisallow: /\n", []check{{"FooBot", "http://example.com/page", true}}},
	{"documentation: order of precedence 2", "user-agent: FooBot\nallow: /folder\ndisallow: /folder\n", []check{{"FooBot", "http://example.com/folder/page", true}}},
	{"documentation: order of precedence 3", "user-agent: FooBot\nallow: /page\ndisallow: /*.htm\n", []check{{"FooBot", "http://example.com/page.htm", false}}},
	{"documentation: order of precedence 4", "user-agent: FooBot\nallow: /$\ndisallow: /\n", []check{
		{"FooBot", "http://example.com/", true}, {"FooBot", "http://example.com/page.html", false}}},
	// ID_LinesNumbersAreCountedCorrectly and ID_UTF8ByteOrderMarkIsSkipped
	// count the directives Google's parser reports; here each file's
	// groups show them: foo's Allow ends its group, bar's Disallow is
	// bar's alone.
	{"lines: LF", "User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\nDisallow: /\n", linesChecks},
	{"lines: CRLF", "User-Agent: foo\r\nAllow: /some/path\r\nUser-Agent: bar\r\n\r\n\r\nDisallow: /\r\n", linesChecks},
	{"lines: CR", "User-Agent: foo\rAllow: /some/path\rUser-Agent: bar\r\r\rDisallow: /\r", linesChecks},
	{"lines: no final newline", "User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\nDisallow: /", linesChecks},
	{"lines: mixed", "User-Agent: foo\nAllow: /some/path\r\nUser-Agent: bar\n\r\n\nDisallow: /", linesChecks},
	{"BOM: whole", "\xEF\xBB\xBFUser-Agent: foo\nDisallow: /AnyValue\n", []check{{"foo", "http://a/AnyValue", false}}},
	{"BOM: two bytes", "\xEF\xBBUser-Agent: foo\nDisallow: /AnyValue\n", []check{{"foo", "http://a/AnyValue", false}}},
	{"BOM: one byte", "\xEFUser-Agent: foo\nDisallow: /AnyValue\n", []check{{"foo", "http://a/AnyValue", false}}},
	{"BOM: broken", "\xEF\x11\xBFUser-Agent: foo\nDisallow: /AnyValue\n", []check{{"foo", "http://a/AnyValue", true}}},
	{"BOM: in the middle", "User-Agent: foo\n\xEF\xBB\xBFDisallow: /AnyValue\n", []check{{"foo", "http://a/AnyValue", true}}},
}

var linesChecks = []check{
	{"foo", "http://a/x", true}, {"bar", "http://a/x", false}, {"bar", "http://a/some/path", false},
}

// rfcCases are the examples of RFC 9309 (§2.2.2, §2.2.3, §5) where
// Google's matcher gives the RFC's answer. Two rows of §2.2.3's table are
// not here: it says "/path/file-with-a-%2A.html" matches a path with a raw
// '*' and "/path/foo-%24" one with a raw '$', and §2.2.2's table decodes
// "%62%61%7A" to "baz"; Google's matcher compares escapes as written
// (googleCases, "escaped ASCII is not decoded"), and so does this package.
var rfcCases = []struct {
	name, body string
	checks     []check
}{
	{"§2.2.2 longest match", "user-agent: *\nallow: /example/page/\ndisallow: /example/page/disallowed.gif\n", []check{
		{"ExampleBot", "https://www.example.com/example/page/", true},
		{"ExampleBot", "https://www.example.com/example/page/allowed.gif", true},
		{"ExampleBot", "https://www.example.com/example/page/disallowed.gif", false}}},
	{"§2.2.2 encoding", "user-agent: *\ndisallow: /\nallow: /foo/bar?baz=quz\nallow: /foo/bar/ツ\nallow: /foo/baz/%E3%83%84\n", []check{
		{"ExampleBot", "https://www.example.com/foo/bar?baz=quz", true},
		{"ExampleBot", "https://www.example.com/foo/bar/%E3%83%84", true},
		{"ExampleBot", "https://www.example.com/foo/bar/ツ", true},
		{"ExampleBot", "https://www.example.com/foo/baz/ツ", true}}},
	{"§2.2.3 special characters", "user-agent: *\ndisallow: /\nallow: / # comment in line\nallow: /this/path/exactly$\nallow: /this/*/exactly\n", []check{
		{"ExampleBot", "https://www.example.com/anything", true}}},
	{"§2.2.3 $ and *", "user-agent: *\nallow: /this/path/exactly$\nallow: /this/*/exactly\ndisallow: /this/\n", []check{
		{"ExampleBot", "https://www.example.com/this/path/exactly", true},
		{"ExampleBot", "https://www.example.com/this/path/exactly/not", true}, // "/this/*/exactly" is a prefix
		{"ExampleBot", "https://www.example.com/this/any/exactly", true},
		{"ExampleBot", "https://www.example.com/this/", false}}},
	{"§2.2.1 user-agent case", "user-agent: ExampleBot\ndisallow: /foo\n", []check{
		{"examplebot", "https://www.example.com/foo", false}, {"EXAMPLEBOT", "https://www.example.com/foo", false}}},
	{"§2.2.1 merged groups", "user-agent: ExampleBot\ndisallow: /foo\ndisallow: /bar\n\nuser-agent: ExampleBot\ndisallow: /baz\n", []check{
		{"ExampleBot", "https://www.example.com/foo", false}, {"ExampleBot", "https://www.example.com/bar", false},
		{"ExampleBot", "https://www.example.com/baz", false}, {"ExampleBot", "https://www.example.com/qux", true}}},
	{"§5.1 simple example", "User-Agent: *\nDisallow: *.gif$\nDisallow: /example/\nAllow: /publications/\n\nUser-Agent: foobot\nDisallow:/\nAllow:/example/page.html\nAllow:/example/allowed.gif\n\nUser-Agent: barbot\nUser-Agent: bazbot\nDisallow: /example/page.html\n\nUser-Agent: quxbot\n", []check{
		{"foobot", "https://www.example.com/example/page.html", true},
		{"foobot", "https://www.example.com/example/allowed.gif", true},
		{"foobot", "https://www.example.com/other", false},
		{"barbot", "https://www.example.com/example/page.html", false},
		{"bazbot", "https://www.example.com/example/page.html", false},
		{"bazbot", "https://www.example.com/example/other.html", true},
		{"quxbot", "https://www.example.com/example/page.html", true},
		{"otherbot", "https://www.example.com/example/x", false},
		{"otherbot", "https://www.example.com/publications/x", true},
		{"otherbot", "https://www.example.com/a.gif", false}}},
	{"§2.2.2 /robots.txt is allowed", "user-agent: *\ndisallow: /\n", []check{
		{"ExampleBot", "https://www.example.com/robots.txt", true}, {"ExampleBot", "https://www.example.com/robots.txt.bak", false}}},
}

func runChecks(t *testing.T, name, body string, checks []check) {
	t.Helper()
	r := Parse([]byte(body))
	for _, c := range checks {
		var u *weburl.URL
		if c.url != "" {
			var err error
			if u, err = weburl.Parse(c.url); err != nil {
				t.Fatal(err)
			}
		}
		if got := r.Allowed(c.agent, u); got != c.want {
			t.Errorf("%s: Allowed(%q, %q) = %v, want %v\n%s", name, c.agent, c.url, got, c.want, body)
		}
	}
}

func TestGoogleCases(t *testing.T) {
	for _, tc := range googleCases {
		runChecks(t, tc.name, tc.body, tc.checks)
	}
}

func TestRFCCases(t *testing.T) {
	for _, tc := range rfcCases {
		runChecks(t, tc.name, tc.body, tc.checks)
	}
}

// TestLineTooLong is Google's GoogleOnly_LineTooLong: a line is read up to
// its 16,663rd byte.
func TestLineTooLong(t *testing.T) {
	const maxLen = 2083 * 8
	long := "/x/" + strings.Repeat("a", maxLen-len("/x/")-len("disallow: ")+1-len("/x/"))
	body := "user-agent: FooBot\ndisallow: " + long + "/qux\n"
	runChecks(t, "line too long", body, []check{
		{"FooBot", "http://foo.bar/fux", true},
		{"FooBot", "http://foo.bar" + long + "/fux", false},
	})
	longA := "/x/" + strings.Repeat("a", maxLen-len("/x/")-len("allow: ")+1-len("/x/"))
	longB := "/x/" + strings.Repeat("b", len(longA)-len("/x/"))
	body = "user-agent: FooBot\ndisallow: /\nallow: " + longA + "/qux\nallow: " + longB + "/qux\n"
	runChecks(t, "line too long 2", body, []check{
		{"FooBot", "http://foo.bar/", false},
		{"FooBot", "http://foo.bar" + longA + "/qux", true},
		{"FooBot", "http://foo.bar" + longB + "/fux", true},
	})
}

// TestSitemaps is Google's ID_NonStandardLineExample_Sitemap: Sitemap
// lines belong to no group.
func TestSitemaps(t *testing.T) {
	const loc = "http://foo.bar/sitemap.xml"
	for _, body := range []string{
		"User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\nSitemap: " + loc + "\n",
		"Sitemap: " + loc + "\nUser-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\n",
	} {
		got := Parse([]byte(body)).Sitemaps()
		if len(got) != 1 || got[0] != loc {
			t.Errorf("Sitemaps() = %q, want [%q]\n%s", got, loc, body)
		}
	}
	got := Parse([]byte("site-map: /a\nSITEMAP:  https://x/b.xml  # c\nsitemaps: c\n")).Sitemaps()
	if want := []string{"/a", "https://x/b.xml", "c"}; strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("Sitemaps() = %q, want %q", got, want)
	}
}

// TestEscapePattern holds Google's TestMaybeEscapePattern, and the bytes
// the URL parser encodes in a path and a query.
func TestEscapePattern(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"http://www.example.com", "http://www.example.com"},
		{"/a/b/c", "/a/b/c"},
		{"á", "%C3%A1"},
		{"%aa", "%AA"},
		{"/a%2fb%zz%a", "/a%2Fb%zz%a"},
		{"/a b\"<>`{}^?c d'`{}", "/a%20b%22%3C%3E%60%7B%7D%5E?c%20d%27`{}"},
		{"/*.php$", "/*.php$"},
	} {
		if got := escapePattern(tc.in); got != tc.want {
			t.Errorf("escapePattern(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestPathQuery holds the URLs of Google's TestGetPathParamsQuery that are
// absolute URLs (the others are not URLs a weburl.URL can be).
func TestPathQuery(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"http://www.example.com", "/"},
		{"http://www.example.com/", "/"},
		{"http://www.example.com/a", "/a"},
		{"http://www.example.com/a/", "/a/"},
		{"http://www.example.com/a/b?c=http://d.e/", "/a/b?c=http://d.e/"},
		{"http://www.example.com/a/b?c=d&e=f#fragment", "/a/b?c=d&e=f"},
		{"http://example.com/a;b#c", "/a;b"},
		{"http://example.com?a", "/?a"},
		{"http://example.com/a?#", "/a?"},
	} {
		u, err := weburl.Parse(tc.in)
		if err != nil {
			t.Fatal(err)
		}
		if got := pathQuery(u); got != tc.want {
			t.Errorf("pathQuery(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
