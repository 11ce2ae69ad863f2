package weburl

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/idna"
	"golang.org/x/text/encoding/htmlindex"
)

// The web-platform-tests URL data, in our extract (testdata/wpt, written
// by internal/cmd/wptextract; CI checks it against WPT's files). Each line
// is one case: tab-separated fields, each null, a Go-quoted string, a bare
// word (true, false), or name= and one of those.

//go:generate go run ./internal/cmd/wptextract

// wptField is one field of a line: its name (for name=value fields) and
// its value, nil for null.
type wptField struct {
	name  string
	value *string
}

// str returns the field's value; null reads as "".
func (f wptField) str() string {
	if f.value == nil {
		return ""
	}
	return *f.value
}

// loadWPT reads testdata/wpt/name into its lines of fields.
func loadWPT(t testing.TB, name string) [][]wptField {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "wpt", name))
	if err != nil {
		t.Fatal(err)
	}
	var lines [][]wptField
	for n, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		var fields []wptField
		for _, raw := range strings.Split(line, "\t") {
			var f wptField
			if name, value, ok := strings.Cut(raw, "="); ok && !strings.HasPrefix(raw, `"`) {
				f.name, raw = name, value
			}
			switch {
			case raw == "null":
			case !strings.HasPrefix(raw, `"`): // a bare word: true, false
				f.value = &raw
			default:
				v, err := strconv.Unquote(raw)
				if err != nil {
					t.Fatalf("%s:%d: %q: %v", name, n+1, raw, err)
				}
				f.value = &v
			}
			fields = append(fields, f)
		}
		lines = append(lines, fields)
	}
	if len(lines) == 0 {
		t.Fatalf("%s: no cases", name)
	}
	return lines
}

// urlTestCase is a case of urltestdata.
type urlTestCase struct {
	Input        string
	Base         *string
	Failure      bool
	Href         string
	Origin       *string
	Protocol     string
	Username     string
	Password     string
	Host         string
	Hostname     string
	Port         string
	Pathname     string
	Search       string
	Hash         string
	SearchParams *string
}

func loadURLTests(t testing.TB, name string) []urlTestCase {
	t.Helper()
	var cases []urlTestCase
	for _, f := range loadWPT(t, name) {
		c := urlTestCase{Input: f[0].str(), Base: f[1].value, Failure: f[2].str() == "true"}
		if !c.Failure {
			if len(f) != 15 {
				t.Fatalf("%s: %q: %d fields", name, c.Input, len(f))
			}
			c.Href, c.Origin, c.Protocol = f[3].str(), f[4].value, f[5].str()
			c.Username, c.Password, c.Host = f[6].str(), f[7].str(), f[8].str()
			c.Hostname, c.Port, c.Pathname = f[9].str(), f[10].str(), f[11].str()
			c.Search, c.Hash, c.SearchParams = f[12].str(), f[13].str(), f[14].value
		}
		cases = append(cases, c)
	}
	return cases
}

// percentEncodingCase is a case of percent-encoding: the expected query
// by encoding label.
type percentEncodingCase struct {
	Input  string
	Output map[string]string
}

func loadPercentEncodingTests(t testing.TB) []percentEncodingCase {
	var cases []percentEncodingCase
	for _, f := range loadWPT(t, "percent-encoding.tsv") {
		c := percentEncodingCase{Input: f[0].str(), Output: map[string]string{}}
		for _, kv := range f[1:] {
			c.Output[kv.name] = kv.str()
		}
		cases = append(cases, c)
	}
	return cases
}

// formCase is a case of urlencoded-parser-data: the pairs of an input.
type formCase struct {
	Input  string
	Output [][2]string
}

func loadFormTests(t testing.TB) []formCase {
	var cases []formCase
	for _, f := range loadWPT(t, "urlencoded.tsv") {
		c := formCase{Input: f[0].str(), Output: [][2]string{}}
		for i := 1; i+1 < len(f); i += 2 {
			c.Output = append(c.Output, [2]string{f[i].str(), f[i+1].str()})
		}
		cases = append(cases, c)
	}
	return cases
}

// attributes returns the eleven attributes WPT compares, by name.
func attributes(u *URL) map[string]string {
	return map[string]string{
		"href": u.Href(), "origin": u.Origin().String(), "protocol": u.Protocol(),
		"username": u.Username(), "password": u.Password(), "host": u.Host(),
		"hostname": u.Hostname(), "port": u.Port(), "pathname": u.Pathname(),
		"search": u.Search(), "hash": u.Hash(),
	}
}

func runURLTestData(t *testing.T, name string) {
	cases := loadURLTests(t, name)
	passed := 0
	for _, c := range cases {
		ok := t.Run(c.Input, func(t *testing.T) {
			var base *URL
			if c.Base != nil {
				b, err := Parse(*c.Base)
				if err != nil {
					t.Fatalf("base %q does not parse: %v", *c.Base, err)
				}
				base = b
			}
			u, err := (&Parser{}).Parse(c.Input, base)
			if c.Failure {
				if err == nil {
					t.Fatalf("Parse(%q, %v) = %q, want failure", c.Input, c.Base, u.Href())
				}
				if c.Base == nil {
					// What fails alone fails as a base, and as a new href.
					if _, err := ParseRef("x", c.Input); err == nil {
						t.Errorf("ParseRef(\"x\", %q) succeeded, want failure", c.Input)
					}
					v := MustParse("https://example.org/p?q#f")
					if err := v.SetHref(c.Input); err == nil || v.Href() != "https://example.org/p?q#f" {
						t.Errorf("SetHref(%q): err %v, href %q", c.Input, err, v.Href())
					}
				}
				return
			}
			if err != nil {
				t.Fatalf("Parse(%q, %v): %v", c.Input, c.Base, err)
			}
			want := map[string]string{
				"href": c.Href, "protocol": c.Protocol, "username": c.Username,
				"password": c.Password, "host": c.Host, "hostname": c.Hostname,
				"port": c.Port, "pathname": c.Pathname, "search": c.Search, "hash": c.Hash,
			}
			if c.Origin != nil {
				want["origin"] = *c.Origin
			}
			got := attributes(u)
			for k, w := range want {
				if got[k] != w {
					t.Errorf("Parse(%q, %v).%s = %q, want %q", c.Input, deref(c.Base), k, got[k], w)
				}
			}
		})
		if ok {
			passed++
		}
	}
	t.Logf("%s: %d of %d cases pass", name, passed, len(cases))
}

func deref(s *string) string {
	if s == nil {
		return "<nil>"
	}
	return *s
}

func TestWPTURLTestData(t *testing.T) { runURLTestData(t, "urltestdata.tsv") }

func TestWPTURLTestDataJavaScriptOnly(t *testing.T) {
	runURLTestData(t, "urltestdata-javascript-only.tsv")
}

// setterMethods maps an attribute name of setters_tests.json to its setter.
var setterMethods = map[string]func(*URL, string) error{
	"protocol": (*URL).SetProtocol,
	"username": (*URL).SetUsername,
	"password": (*URL).SetPassword,
	"host":     (*URL).SetHost,
	"hostname": (*URL).SetHostname,
	"port":     (*URL).SetPort,
	"pathname": (*URL).SetPathname,
	"search":   (*URL).SetSearch,
	"hash":     (*URL).SetHash,
	"href":     (*URL).SetHref,
}

func TestWPTSetters(t *testing.T) {
	total, passed, failed := 0, 0, 0
	for _, f := range loadWPT(t, "setters.tsv") {
		attr, href, value := f[0].str(), f[1].str(), f[2].str()
		set := setterMethods[attr]
		if set == nil {
			t.Errorf("no setter for %q", attr)
			continue
		}
		total++
		ok := t.Run(attr+"/"+href+"/"+value, func(t *testing.T) {
			u, err := Parse(href)
			if err != nil {
				t.Fatalf("Parse(%q): %v", href, err)
			}
			before := u.Href()
			err = set(u, value)
			// An error means u is as it was, but for a host setter whose
			// host was set and port was not.
			if err != nil {
				failed++
				var e *Error
				if !errors.As(err, &e) || e.Op != "set "+attr || e.Input != value {
					t.Errorf("set %s of %q to %q: error %#v", attr, href, value, err)
				} else if u.Href() != before && !errors.Is(err, ErrPortNotSet) {
					t.Errorf("set %s of %q to %q: %v, yet the href changed to %q", attr, href, value, err, u.Href())
				}
			}
			got := attributes(u)
			for _, kv := range f[3:] {
				if got[kv.name] != kv.str() {
					t.Errorf("set %s of %q to %q: %s = %q, want %q", attr, href, value, kv.name, got[kv.name], kv.str())
				}
			}
			// After any setter the href still parses to itself.
			if v, err := Parse(u.Href()); err != nil || v.Href() != u.Href() {
				t.Errorf("set %s of %q to %q: href %q does not reparse to itself", attr, href, value, u.Href())
			}
		})
		if ok {
			passed++
		}
	}
	t.Logf("setters: %d of %d cases pass; %d setters returned an error", passed, total, failed)
}

// hostTestCase is a case of toascii, IdnaTestV2 and IdnaTestV2-removed:
// an output of nil means failure.
type hostTestCase struct {
	Input  string
	Output *string
}

func loadHostTests(t testing.TB, name string) []hostTestCase {
	var cases []hostTestCase
	for _, f := range loadWPT(t, name) {
		cases = append(cases, hostTestCase{Input: f[0].str(), Output: f[1].value})
	}
	return cases
}

// checkHostParse parses "https://" + input + "/x" and checks it against
// the expected output (nil: failure).
func checkHostParse(t *testing.T, file string, c hostTestCase) bool {
	u, err := Parse("https://" + c.Input + "/x")
	if c.Output == nil {
		if err == nil {
			t.Errorf("%s: %q: got host %q, want failure", file, c.Input, u.Host())
			return false
		}
		return true
	}
	if err != nil {
		t.Errorf("%s: %q: %v, want %q", file, c.Input, err, *c.Output)
		return false
	}
	want := *c.Output
	if u.Host() != want || u.Hostname() != want || u.Pathname() != "/x" || u.Href() != "https://"+want+"/x" {
		t.Errorf("%s: %q: host %q hostname %q pathname %q href %q, want host %q",
			file, c.Input, u.Host(), u.Hostname(), u.Pathname(), u.Href(), want)
		return false
	}
	return true
}

func TestWPTToASCII(t *testing.T) {
	cases := loadHostTests(t, "toascii.tsv")
	passed := 0
	skipped := 0
	for _, c := range cases {
		if unicode16Changes[c.Input] && idna.UnicodeVersion < "16" {
			skipped++ // see unicode16Changes
			continue
		}
		ok := checkHostParse(t, "toascii", c)
		for _, set := range []struct {
			name string
			fn   func(*URL, string) error
		}{{"host", (*URL).SetHost}, {"hostname", (*URL).SetHostname}} {
			u := MustParse("https://x/x")
			err := set.fn(u, c.Input)
			want := "x"
			if c.Output != nil {
				want = *c.Output
			}
			if (err == nil) != (c.Output != nil) {
				ok = false
				t.Errorf("toascii: Set%s(%q): error %v, want one only on failure", set.name, c.Input, err)
			}
			got := u.Host()
			if set.name == "hostname" {
				got = u.Hostname()
			}
			if got != want {
				ok = false
				t.Errorf("toascii: Set%s(%q): %q, want %q", set.name, c.Input, got, want)
			}
		}
		if ok {
			passed++
		}
	}
	t.Logf("toascii: %d of %d cases pass, %d skipped for Unicode %s tables", passed, len(cases), skipped, idna.UnicodeVersion)
}

func runIDNATests(t *testing.T, file string) {
	cases := loadHostTests(t, file)
	passed, total := 0, 0
	for _, c := range cases {
		if c.Input == "" {
			continue // the file's README: an empty input is skipped
		}
		total++
		if checkHostParse(t, file, c) {
			passed++
		}
	}
	t.Logf("%s: %d of %d cases pass", file, passed, total)
}

func TestWPTIdnaTestV2(t *testing.T) {
	requireUnicode17(t)
	runIDNATests(t, "idnatestv2.tsv")
}

func TestWPTIdnaTestV2Removed(t *testing.T) {
	requireUnicode17(t)
	runIDNATests(t, "idnatestv2-removed.tsv")
}

func TestWPTPercentEncodingUTF8(t *testing.T) {
	passed, total := 0, 0
	for _, c := range loadPercentEncodingTests(t) {
		total++
		u, err := Parse("https://doesnotmatter.invalid/?" + c.Input + "#" + c.Input)
		if err != nil {
			t.Errorf("%q: %v", c.Input, err)
			continue
		}
		want := c.Output["utf-8"]
		if u.Search() != "?"+want || u.Hash() != "#"+want {
			t.Errorf("%q: search %q hash %q, want %q", c.Input, u.Search(), u.Hash(), want)
			continue
		}
		passed++
	}
	t.Logf("percent-encoding (utf-8): %d of %d cases pass", passed, total)
}

// TestWPTPercentEncodingLegacy runs the other columns of
// percent-encoding.json: the query of a special URL in a legacy HTML
// document's encoding, as htmlindex.Get gives it. Every case must pass.
func TestWPTPercentEncodingLegacy(t *testing.T) {
	passed, total := 0, 0
	for _, c := range loadPercentEncodingTests(t) {
		for label, want := range c.Output {
			if label == "utf-8" {
				continue
			}
			total++
			enc, err := htmlindex.Get(label)
			if err != nil {
				t.Errorf("encoding %q: %v", label, err)
				continue
			}
			u, err := (&Parser{Encoding: enc}).Parse("https://doesnotmatter.invalid/?"+c.Input+"#"+c.Input, nil)
			if err != nil {
				t.Errorf("%s %q: %v", label, c.Input, err)
				continue
			}
			if u.Search() != "?"+want || u.Hash() != "#"+c.Output["utf-8"] {
				t.Errorf("%s %q: search %q hash %q, want %q", label, c.Input, u.Search(), u.Hash(), want)
				continue
			}
			passed++
		}
	}
	t.Logf("percent-encoding (legacy encodings): %d of %d cases pass", passed, total)
}
