package weburl

import (
	"errors"
	"flag"
	"net/netip"
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/text/encoding/htmlindex"
)

// The fuzz targets check properties, not only that nothing panics. Their
// seeds are our own cases in testdata/fuzz and, when the WPT data is found,
// its inputs, added at run time (the data is never copied here).

// addWPTSeeds adds the inputs and bases of urltestdata.json as seeds.
func addWPTSeeds(f *testing.F, add func(input, base string)) {
	for _, c := range loadURLTests(f, "urltestdata.tsv") {
		base := ""
		if c.Base != nil {
			base = *c.Base
		}
		add(c.Input, base)
	}
}

// fuzzing reports whether the test binary fuzzes (-test.fuzz), rather
// than running the fuzz targets' seeds as tests.
func fuzzing() bool {
	f := flag.Lookup("test.fuzz")
	return f != nil && f.Value.String() != ""
}

// checkURL asserts what holds for every parsed URL.
func checkURL(t *testing.T, u *URL) {
	t.Helper()
	href := u.Href()
	// The serializer's output is ASCII without controls: no tab, CR or LF
	// can survive, and nothing outside the printable range.
	for i := 0; i < len(href); i++ {
		if c := href[i]; c < 0x20 || c > 0x7E {
			t.Fatalf("href %q holds byte %#x at %d", href, c, i)
		}
	}
	// Idempotence: the href parses to itself.
	v, err := Parse(href)
	if err != nil {
		t.Fatalf("href %q does not parse: %v", href, err)
	}
	if v.Href() != href {
		t.Fatalf("href %q parses to %q", href, v.Href())
	}
	if !v.Equal(u) || v.HostKind() != u.HostKind() || v.HasOpaquePath() != u.HasOpaquePath() {
		t.Fatalf("href %q: reparsed URL differs in kind", href)
	}
	// The record, serialized by the spec's URL serializer, is the href.
	if s := serializeRecord(u.Record()); s != href {
		t.Fatalf("Record serializes to %q, href is %q", s, href)
	}
	// The host never holds a forbidden host code point.
	host := u.Hostname()
	switch u.HostKind() {
	case IPv6:
		inner, ok := strings.CutPrefix(host, "[")
		inner, ok2 := strings.CutSuffix(inner, "]")
		if a, err := netip.ParseAddr(inner); !ok || !ok2 || err != nil || !a.Is6() || a.Zone() != "" {
			t.Fatalf("IPv6 host %q: %v", host, err)
		}
	case IPv4:
		if a, err := netip.ParseAddr(host); err != nil || !a.Is4() || a.String() != host {
			t.Fatalf("IPv4 host %q: %v", host, err)
		}
	default:
		for i := 0; i < len(host); i++ {
			if forbiddenHostClass.has(host[i]) {
				t.Fatalf("host %q holds forbidden host code point %q", host, host[i])
			}
			if u.HostKind() == Domain && forbiddenDomainClass.has(host[i]) {
				t.Fatalf("domain %q holds forbidden domain code point %q", host, host[i])
			}
		}
	}
	if (host == "") != (u.HostKind() == NoHost || u.HostKind() == Empty) {
		t.Fatalf("host %q of kind %v", host, u.HostKind())
	}
	if c := u.Clone(); c.Href() != href || c == u {
		t.Fatalf("Clone: %q", c.Href())
	}
	checkNetURLAgrees(t, u)
}

// serializeRecord is the spec's URL serializer, written against Record
// alone, so that it checks the offsets the getters use.
func serializeRecord(r Record) string {
	var b strings.Builder
	b.WriteString(r.Scheme + ":")
	if r.Host != nil {
		b.WriteString("//")
		if r.Username != "" || r.Password != "" {
			b.WriteString(r.Username)
			if r.Password != "" {
				b.WriteString(":" + r.Password)
			}
			b.WriteString("@")
		}
		b.WriteString(r.Host.Serialized)
		if r.Port != nil {
			b.WriteString(":" + strconv.Itoa(int(*r.Port)))
		}
	}
	if r.HasOpaquePath {
		b.WriteString(r.OpaquePath)
	} else {
		if r.Host == nil && len(r.Path) > 1 && r.Path[0] == "" {
			b.WriteString("/.")
		}
		for _, seg := range r.Path {
			b.WriteString("/" + seg)
		}
	}
	if r.Query != nil {
		b.WriteString("?" + *r.Query)
	}
	if r.Fragment != nil {
		b.WriteString("#" + *r.Fragment)
	}
	return b.String()
}

// parseBoth parses with and without a validation-error callback: the two
// paths must agree, and the callback's offsets must lie in the input.
func parseBoth(t *testing.T, input string, base *URL) (*URL, error) {
	t.Helper()
	u, err := (&Parser{}).Parse(input, base)
	var names []string
	p := Parser{OnValidationError: func(e ValidationError) {
		if e.Offset() < 0 || e.Offset() > len(input) {
			t.Fatalf("%q: %s at offset %d, outside the input", input, e.Name(), e.Offset())
		}
		names = append(names, string(e.Name()))
	}}
	u2, err2 := p.Parse(input, base)
	if (err == nil) != (err2 == nil) {
		t.Fatalf("%q: error %v without callback, %v with", input, err, err2)
	}
	if err != nil {
		var pe *Error
		if !errors.As(err, &pe) || nameOf(pe) == "" || err.Error() != err2.Error() {
			t.Fatalf("%q: error %v / %v", input, err, err2)
		}
		if len(names) == 0 || names[len(names)-1] != string(nameOf(pe)) {
			t.Fatalf("%q: failure %s is not the last reported error %q", input, nameOf(pe), names)
		}
		if IsValidURLString(input, base) {
			t.Fatalf("%q fails to parse but is a valid URL string", input)
		}
		return nil, err
	}
	if u.Href() != u2.Href() {
		t.Fatalf("%q: %q without callback, %q with", input, u.Href(), u2.Href())
	}
	if IsValidURLString(input, base) && len(names) > 0 {
		t.Fatalf("%q is a valid URL string, but the parser reports %q", input, names)
	}
	return u, nil
}

func FuzzParse(f *testing.F) {
	addWPTSeeds(f, func(input, base string) { f.Add(input) })
	f.Fuzz(func(t *testing.T, input string) {
		u, err := parseBoth(t, input, nil)
		if CanParse(input) != (err == nil) {
			t.Fatalf("CanParse(%q) = %v, Parse error %v", input, !(err == nil), err)
		}
		if err == nil {
			checkURL(t, u)
		}
	})
}

func FuzzParseRef(f *testing.F) {
	addWPTSeeds(f, func(input, base string) {
		if base != "" {
			f.Add(input, base)
		}
	})
	f.Fuzz(func(t *testing.T, input, base string) {
		b, err := Parse(base)
		if err != nil {
			if _, err := ParseRef(input, base); err == nil {
				t.Fatalf("ParseRef(%q, %q) succeeded with a base that fails", input, base)
			}
			return
		}
		baseHref := b.Href()
		u, err := parseBoth(t, input, b)
		if CanParseRef(input, base) != (err == nil) {
			t.Fatalf("CanParseRef(%q, %q) disagrees with Parse (%v)", input, base, err)
		}
		v, err2 := ParseRef(input, base)
		if (err == nil) != (err2 == nil) || err == nil && v.Href() != u.Href() {
			t.Fatalf("ParseRef(%q, %q) = %v, %v; (*URL).Parse %v, %v", input, base, v, err2, u, err)
		}
		if err == nil {
			checkURL(t, u)
		}
		if b.Href() != baseHref {
			t.Fatalf("the base changed from %q to %q", baseHref, b.Href())
		}
	})
}

func FuzzSetters(f *testing.F) {
	// As a test, every setter takes every WPT input. Fuzzing takes each
	// input with the setters in turn (it mutates attr itself): the
	// 11,000 seeds' baseline alone would outlast CI's 15 s of fuzzing.
	all, k := !fuzzing(), 0
	addWPTSeeds(f, func(input, base string) {
		if base != "" {
			return
		}
		for a := range uint8(len(attributeNames)) {
			if all || int(a) == k%len(attributeNames) {
				f.Add("https://user:pass@example.com:8080/a/b?c=d#e", a, input)
				f.Add("foo://h/p", a, input)
			}
		}
		k++
	})
	f.Fuzz(func(t *testing.T, href string, attr uint8, value string) {
		u, err := Parse(href)
		if err != nil {
			return
		}
		a := Attribute(attr % uint8(len(attributeNames)))
		before := u.Href()
		plain := u.Clone()
		plainErr := setterMethods[a.String()](plain, value)

		var names []string
		p := Parser{OnValidationError: func(e ValidationError) {
			if e.Offset() < 0 || e.Offset() > len(value) {
				t.Fatalf("Set(%s, %q): %s at %d, outside the value", a, value, e.Name(), e.Offset())
			}
			names = append(names, string(e.Name()))
		}}
		err = p.Set(u, a, value)
		if u.Href() != plain.Href() {
			t.Fatalf("Set(%s, %q) on %q: %q with Parser.Set, %q with the method", a, value, before, u.Href(), plain.Href())
		}
		if (err == nil) != (plainErr == nil) || err != nil && err.Error() != plainErr.Error() {
			t.Fatalf("Set(%s, %q) on %q: %v with Parser.Set, %v with the method", a, value, before, err, plainErr)
		}
		// An error means u is as it was, but for a host setter's host.
		var e *Error
		if err != nil && (!errors.As(err, &e) || e.Op != "set "+a.String() || e.Input != value ||
			u.Href() != before && !errors.Is(err, ErrPortNotSet)) {
			t.Fatalf("Set(%s, %q) on %q: %v, and the href is %q", a, value, before, err, u.Href())
		}
		if err != nil && a == AttrHref && u.Href() != before {
			t.Fatalf("a failed href setter changed %q to %q", before, u.Href())
		}
		checkURL(t, u)
		// The URL's SearchParams follow its query.
		if q, _ := u.Query(); !slices.Equal(u.SearchParams().list, ParseForm(q)) {
			t.Fatalf("SearchParams %q, query %q", u.SearchParams().String(), q)
		}
	})
}

func FuzzNetURL(f *testing.F) {
	addWPTSeeds(f, func(input, base string) { f.Add(input, base) })
	for _, in := range e2eOwnURLs {
		f.Add(in, "")
	}
	f.Fuzz(func(t *testing.T, input, base string) {
		var u *URL
		var err error
		if base == "" {
			u, err = Parse(input)
		} else {
			u, err = ParseRef(input, base)
		}
		if err != nil {
			return
		}
		// String() is the href but where NetURL's documentation says; an
		// http(s) request carries RequestURI() and Host(); FromNetURL
		// gives the href back but where its documentation says.
		checkNetURL(t, u)
		// Any string as username and password: FromNetURL gives them
		// back with the same bytes (checkNetURL).
		if c := u.Clone(); c.SetUsername(base) == nil && c.SetPassword(input) == nil {
			checkNetURL(t, c)
		}
		nu := u.NetURL()
		if u.Scheme() == "http" || u.Scheme() == "https" {
			target, host := wantOnWire(u)
			if nu.Opaque == "" || !strings.HasPrefix(nu.Opaque, "//") {
				if nu.RequestURI() != target {
					t.Fatalf("%q: NetURL().RequestURI() = %q, want %q", u.Href(), nu.RequestURI(), target)
				}
			}
			if nu.Host != u.Host() || host != "" && host != u.Host() {
				t.Fatalf("%q: NetURL().Host = %q", u.Href(), nu.Host)
			}
			// A host with { } or ` is escaped by String(), which
			// net/url then cannot parse: a documented difference, found
			// by this target whatever else differs ("http://`/#").
			if nu.Opaque == "" && !strings.ContainsAny(u.Hostname(), "{}`") {
				v, err := url.Parse(nu.String())
				if err != nil || v.RequestURI() != u.RequestURI() || v.Host != u.Host() {
					t.Fatalf("%q: url.Parse(%q) = %v, %v", u.Href(), nu.String(), v, err)
				}
			}
		}
		// The other methods of the bridge do not panic, and JoinPath's
		// result parses to itself.
		u.Addr()
		u.EffectivePort()
		j := u.JoinPath("a", "..", "b/")
		checkURL(t, j)
		if u.RequestURI() == "" && !u.HasOpaquePath() {
			t.Fatalf("%q: empty RequestURI", u.Href())
		}
	})
}

func FuzzSearchParams(f *testing.F) {
	for _, s := range []string{"", "a=b&c=d", "a+b=%20c&&=&x", "%zz=%F0%9F%98%80;é", "b=1&a=2&b=0"} {
		f.Add(s, "name", "value", uint8(0))
	}
	f.Fuzz(func(t *testing.T, query, name, value string, op uint8) {
		sp := NewSearchParams(query)
		checkPairsRoundTrip(t, sp)
		// Names and values given to the API are scalar value strings; an
		// invalid byte becomes U+FFFD, as it does in weburl's parser.
		name, value = string([]rune(name)), string([]rune(value))
		switch op % 5 {
		case 0:
			sp.Append(name, value)
		case 1:
			sp.Set(name, value)
		case 2:
			sp.Delete(name)
		case 3:
			sp.DeleteValue(name, value)
		case 4:
			sp.Sort()
		}
		checkPairsRoundTrip(t, sp)
		// The same edit through a URL keeps the URL's query in step.
		u := MustParse("https://example.com/p?" + sp.String())
		q := u.SearchParams()
		q.Append(name, value)
		q.Sort()
		checkURL(t, u)
		if got, _ := u.Query(); got != q.String() {
			t.Fatalf("query %q, SearchParams %q", got, q.String())
		}
	})
}

// checkPairsRoundTrip asserts that String parses back to the same pairs and
// holds no raw tab, CR or LF.
func checkPairsRoundTrip(t *testing.T, sp *SearchParams) {
	t.Helper()
	s := sp.String()
	if strings.ContainsAny(s, "\t\r\n") {
		t.Fatalf("String() = %q holds a tab or newline", s)
	}
	if back := ParseForm(s); !slices.Equal(back, sp.list) {
		t.Fatalf("String() = %q parses to %q, want %q", s, back, sp.list)
	}
}

func FuzzHost(f *testing.F) {
	for _, s := range []string{"example.com", "EXAMPLE.com.", "0x7f.1", "[::1]", "[::ffff:1.2.3.4]",
		"xn--nxasmq6b", "bücher.de", "①.②.③.④", "a%2eb", "%zz", "", "[", "1.2.3.4.5"} {
		f.Add(s, true)
		f.Add(s, false)
	}
	f.Fuzz(func(t *testing.T, input string, special bool) {
		var e reporter
		out, kind, ok := hostParser{errs: &e}.appendHost(nil, input, !special)
		if !ok {
			if e.last == "" {
				t.Fatalf("host %q failed without a reason", input)
			}
			return
		}
		host := string(out)
		// The host serializer's output parses to itself.
		again, kind2, ok := hostParser{errs: &reporter{}}.appendHost(nil, host, !special)
		if !ok || string(again) != host || kind2 != kind {
			t.Fatalf("host %q serializes to %q (%v), which parses to %q (%v, %v)", input, host, kind, again, kind2, ok)
		}
		for i := 0; i < len(host); i++ {
			if c := host[i]; c < 0x20 || c > 0x7E {
				t.Fatalf("host %q holds byte %#x", host, c)
			}
			if kind != IPv6 && forbiddenHostClass.has(host[i]) {
				t.Fatalf("host %q holds a forbidden host code point", host)
			}
		}
		if (kind == Empty) != (host == "") {
			t.Fatalf("host %q has kind %v", host, kind)
		}
		if special && kind == Opaque {
			t.Fatalf("special host %q is opaque", host)
		}
	})
}

// FuzzFastPath checks that the fast path takes only input that the full
// parser serializes to itself, with the same layout.
func FuzzFastPath(f *testing.F) {
	for _, c := range fastPathCases {
		f.Add(c.input)
	}
	addWPTSeeds(f, func(input, base string) { f.Add(input) })
	f.Fuzz(func(t *testing.T, input string) {
		checkFastPath(t, input)
		if u := fullParse(input, nil, nil).url; u != nil {
			checkFastPath(t, u.href)
		}
	})
}

func FuzzDisplay(f *testing.F) {
	for _, h := range append(displayUnicodeHosts, displayASCIIHosts...) {
		f.Add("https://u:p@" + h + ":1/%E6%97%A5?%C3%A9#%F0%9F%98%80")
	}
	f.Add("https://example.com/%C3%A9%CC%81/e%CC%81/%C3%28/%2F/%E2%80%AE")
	f.Add("web+demo:/.//not-a-host/%E6%97%A5")
	addWPTSeeds(f, func(input, base string) { f.Add(input) })
	f.Fuzz(func(t *testing.T, input string) {
		u, err := Parse(input)
		if err != nil {
			return
		}
		checkDisplayReparses(t, u)
		checkElided(t, u)
	})
}

// FuzzResume holds the resumed parse to the parse from the first byte on
// any input, with no encoding or with one whose query resumes at its
// start.
func FuzzResume(f *testing.F) {
	// As a test, each case with each of six edits at each of its cuts;
	// fuzzing takes one of those in turn, so that the baseline fits in
	// CI's 15 s of fuzzing.
	all := !fuzzing()
	for k, c := range fastPathCases {
		for i, v := range resumeVariants(c.input, resumeEdits[:6]) {
			if all || i == k%6 {
				f.Add(v, false)
			}
		}
	}
	addWPTSeeds(f, func(input, base string) { f.Add(input, false) })
	enc, err := htmlindex.Get("iso-2022-jp")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, input string, encoded bool) {
		opts := &Parser{}
		if encoded {
			opts.Encoding = enc
		}
		checkResume(t, input, opts)
	})
}

// The fuzz targets of FromFilePath and FilePath: both round trips, in both
// styles, on any OS. Seeds are the cases of filepath_test.go.

// FuzzFilePathPOSIX: a POSIX path goes to a file URL whose href reparses
// to itself and back to the path made canonical as path.Clean does (with a
// final "/" kept); a canonical path comes back byte for byte; the input
// read as a URL gives a path or an *Error, never a panic.
func FuzzFilePathPOSIX(f *testing.F) {
	for _, c := range fromPOSIX {
		f.Add(c.path)
	}
	for _, c := range toPOSIX {
		f.Add(c.href)
	}
	f.Fuzz(func(t *testing.T, p string) {
		u, err := FromFilePath(p, POSIXPath)
		bad := strings.IndexByte(p, 0) >= 0 || !strings.HasPrefix(p, "/")
		if err != nil {
			checkFilePathError(t, err, "from file path", p)
			if !bad {
				t.Fatalf("FromFilePath(%q, POSIXPath): %v", p, err)
			}
		} else {
			if bad {
				t.Fatalf("FromFilePath(%q, POSIXPath) = %s; want an error", p, u.Href())
			}
			want := path.Clean(p)
			if strings.HasSuffix(p, "/") && want != "/" {
				want += "/"
			}
			checkFileURL(t, u, p, want, POSIXPath)
		}
		// A canonical path made of p's names comes back as it is.
		var names []string
		for name := range strings.SplitSeq(strings.ReplaceAll(p, "\x00", ""), "/") {
			if name != "" && name != "." && name != ".." {
				names = append(names, name)
			}
		}
		q := "/" + strings.Join(names, "/")
		if u, err := FromFilePath(q, POSIXPath); err != nil {
			t.Fatalf("FromFilePath(%q, POSIXPath): %v", q, err)
		} else {
			checkFileURL(t, u, q, q, POSIXPath)
		}
		checkURLToPath(t, p, POSIXPath)
	})
}

// FuzzFilePathWindows: a Windows path goes to a file URL or an *Error; the
// URL's href reparses to itself, its path goes to the same URL again; a
// drive or UNC path made of p's names comes back byte for byte; the input
// read as a URL gives a path or an *Error, never a panic.
func FuzzFilePathWindows(f *testing.F) {
	for _, c := range fromWindows {
		f.Add(c.path)
	}
	for _, c := range fromErrors {
		f.Add(c.path)
	}
	for _, c := range toWindows {
		f.Add(c.href)
	}
	f.Fuzz(func(t *testing.T, p string) {
		if u, err := FromFilePath(p, WindowsPath); err != nil {
			checkFilePathError(t, err, "from file path", p)
		} else {
			checkURL(t, u)
			back, err := u.FilePath(WindowsPath)
			if err != nil {
				t.Fatalf("FromFilePath(%q, WindowsPath) = %s, whose FilePath fails: %v", p, u.Href(), err)
			}
			if v, err := FromFilePath(back, WindowsPath); err != nil || v.Href() != u.Href() {
				t.Fatalf("FromFilePath(%q, WindowsPath) = %s, whose FilePath %q goes to %v, %v", p, u.Href(), back, v, err)
			}
		}
		var names []string
		for _, name := range strings.FieldsFunc(strings.ReplaceAll(p, "\x00", ""), func(r rune) bool { return r == '\\' || r == '/' }) {
			if name != "." && name != ".." {
				names = append(names, name)
			}
		}
		root := `C:\`
		if len(p)%2 == 1 {
			root = `\\server\share\`
		}
		q := root + strings.Join(names, `\`)
		if u, err := FromFilePath(q, WindowsPath); err != nil {
			t.Fatalf("FromFilePath(%q, WindowsPath): %v", q, err)
		} else {
			checkFileURL(t, u, q, q, WindowsPath)
		}
		checkURLToPath(t, p, WindowsPath)
	})
}

// checkFilePathError asserts that err is an *Error of op on input, with a
// reason.
func checkFilePathError(t *testing.T, err error, op, input string) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) || e.Op != op || e.Input != input || e.Err.Error() == "" {
		t.Fatalf("%s %q: %#v is not an *Error with the input and a reason", op, input, err)
	}
}

// checkFileURL asserts that u, FromFilePath's URL for p, is a file URL
// whose href reparses to itself and whose FilePath is want.
func checkFileURL(t *testing.T, u *URL, p, want string, style PathStyle) {
	t.Helper()
	checkURL(t, u)
	if u.Scheme() != "file" || u.href[u.pathEnd():] != "" {
		t.Fatalf("FromFilePath(%q, %v) = %s", p, style, u.Href())
	}
	back, err := u.FilePath(style)
	if err != nil || back != want {
		t.Fatalf("FromFilePath(%q, %v) = %s, whose FilePath is %q, %v; want %q", p, style, u.Href(), back, err, want)
	}
}

// checkURLToPath reads s as a URL: its FilePath is a path or an *Error, and
// a path goes back to a file URL whose path is the same.
func checkURLToPath(t *testing.T, s string, style PathStyle) {
	t.Helper()
	u, err := Parse(s)
	if err != nil {
		return
	}
	p, err := u.FilePath(style)
	if err != nil {
		checkFilePathError(t, err, "file path", u.Href())
		return
	}
	if u.Scheme() != "file" || strings.IndexByte(p, 0) >= 0 {
		t.Fatalf("%s.FilePath(%v) = %q", u.Href(), style, p)
	}
	v, err := FromFilePath(p, style)
	if err != nil {
		t.Fatalf("%s.FilePath(%v) = %q, which FromFilePath fails: %v", u.Href(), style, p, err)
	}
	q, err := v.FilePath(style)
	if err != nil {
		t.Fatalf("%s.FilePath(%v) = %q, which goes to %s, whose FilePath fails: %v", u.Href(), style, p, v.Href(), err)
	}
	if r, err := FromFilePath(q, style); err != nil || r.Href() != v.Href() {
		t.Fatalf("%s.FilePath(%v) = %q, which goes to %s and %q and to %v, %v", u.Href(), style, p, v.Href(), q, r, err)
	}
}
