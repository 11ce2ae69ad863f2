package weburl

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// wptDir returns the folder of the web-platform-tests URL data: the
// environment variable WEBURL_WPT_DIR, or ../shared/wpt. Without it the
// test is skipped, unless WEBURL_WPT_REQUIRED=1 makes that a failure.
func wptDir(t testing.TB) string {
	t.Helper()
	dir := os.Getenv("WEBURL_WPT_DIR")
	if dir == "" {
		dir = filepath.Join("..", "shared", "wpt")
	}
	if _, err := os.Stat(filepath.Join(dir, "urltestdata.json")); err != nil {
		msg := "web-platform-tests URL data not found in " + dir +
			": set WEBURL_WPT_DIR to a copy of WPT's url/resources folder"
		if os.Getenv("WEBURL_WPT_REQUIRED") == "1" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	return dir
}

func loadWPT(t testing.TB, name string, v any) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(wptDir(t), name))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// urlTestCase is one object of urltestdata.json.
type urlTestCase struct {
	Input        string         `json:"input"`
	Base         *string        `json:"base"`
	Failure      bool           `json:"failure"`
	Href         string         `json:"href"`
	Origin       *string        `json:"origin"`
	Protocol     string         `json:"protocol"`
	Username     string         `json:"username"`
	Password     string         `json:"password"`
	Host         string         `json:"host"`
	Hostname     string         `json:"hostname"`
	Port         string         `json:"port"`
	Pathname     string         `json:"pathname"`
	Search       string         `json:"search"`
	Hash         string         `json:"hash"`
	SearchParams *string        `json:"searchParams"`
	Extra        map[string]any `json:"-"`
	raw          map[string]any
}

func loadURLTests(t testing.TB, name string) []urlTestCase {
	var raw []json.RawMessage
	loadWPT(t, name, &raw)
	var cases []urlTestCase
	for _, r := range raw {
		if len(r) > 0 && r[0] == '"' {
			continue // a comment
		}
		var c urlTestCase
		if err := json.Unmarshal(r, &c); err != nil {
			t.Fatal(err)
		}
		cases = append(cases, c)
	}
	return cases
}

// attributes returns the eleven attributes WPT compares, by name.
func attributes(u *URL) map[string]string {
	return map[string]string{
		"href": u.Href(), "origin": u.Origin(), "protocol": u.Protocol(),
		"username": u.Username(), "password": u.Password(), "host": u.Host(),
		"hostname": u.Hostname(), "port": u.Port(), "pathname": u.Pathname(),
		"search": u.Search(), "hash": u.Hash(),
	}
}

func runURLTestData(t *testing.T, name string) {
	cases := loadURLTests(t, name)
	passed := 0
	for _, c := range cases {
		ok := t.Run("", func(t *testing.T) {
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

func TestWPTURLTestData(t *testing.T) { runURLTestData(t, "urltestdata.json") }

func TestWPTURLTestDataJavaScriptOnly(t *testing.T) {
	runURLTestData(t, "urltestdata-javascript-only.json")
}
