package weburl

import (
	"bytes"
	"errors"
	"maps"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/iotest"

	"golang.org/x/net/publicsuffix"

	"github.com/weburl/weburl/internal/psl/psltest"
)

var shared struct {
	once sync.Once
	list *SuffixList
	err  error
}

// sharedSuffixList returns the shared list file (psltest.Data) loaded by
// ParseSuffixList, or nil without the file.
func sharedSuffixList(t testing.TB) *SuffixList {
	t.Helper()
	data := psltest.Data(t)
	if data == nil {
		return nil
	}
	shared.once.Do(func() { shared.list, shared.err = ParseSuffixList(bytes.NewReader(data)) })
	if shared.err != nil {
		t.Fatal(shared.err)
	}
	return shared.list
}

// ruleNeighbourhood returns the domains around every rule
// (psltest.Neighbourhood) and a few of every kind of answer.
func ruleNeighbourhood(rules map[string]bool) []string {
	return append(psltest.Neighbourhood(slices.Collect(maps.Keys(rules))),
		"a", "com", "localhost", "example.cromulent", "example.za", "a.b.za", "a.dualstack.us-east-1.amazonaws.com")
}

// TestSuffixListSharedFile loads the shared list file both ways, as the
// built-in table (generated from it) and by ParseSuffixList, and holds the
// two equal on every rule's neighbourhood and every host of the WPT data
// and the bench lists, whole and ICANN-only; the suffixes equal to x/net's
// (same revision) and the bools to the formal algorithm's.
func TestSuffixListSharedFile(t *testing.T) {
	loaded := sharedSuffixList(t)
	if loaded == nil {
		t.Skip("no list file (WEBURL_PSL_DIR or ../shared/psl)")
	}
	rules := psltest.Rules(t)
	if len(rules) < 9000 {
		t.Fatalf("only %d rules", len(rules))
	}
	builtIn := &SuffixList{}
	lists := []struct {
		name            string
		loaded, builtIn *SuffixList
		icannOnly       bool
	}{
		{"whole", loaded, builtIn, false},
		{"ICANN only", loaded.ICANNOnly(), builtIn.ICANNOnly(), true},
	}
	hosts := append(ruleNeighbourhood(rules), pslHosts(t)...)
	step := 1
	if raceEnabled {
		step = 8 // every 8th host under the race detector
	}
	diffs := 0
	for i := 0; i < len(hosts); i += step {
		h := hosts[i]
		for _, l := range lists {
			ps, icann := l.loaded.PublicSuffix(h)
			bps, bicann := l.builtIn.PublicSuffix(h)
			rd, ok := l.loaded.RegistrableDomain(h)
			brd, bok := l.builtIn.RegistrableDomain(h)
			if ps != bps || icann != bicann || rd != brd || ok != bok {
				t.Errorf("%s %q: loaded %q, %v, %q, %v; built-in %q, %v, %q, %v", l.name, h, ps, icann, rd, ok, bps, bicann, brd, bok)
				diffs++
			}
			p, kind, parsed := parseHost(h)
			d := strings.TrimSuffix(p, ".")
			if !parsed || kind != Domain || !isDomainForList(d) {
				continue
			}
			wps, wicann := psltest.FormalSuffix(rules, d, l.icannOnly)
			if got, gicann := l.loaded.lookup(d); got != wps || gicann != wicann {
				t.Errorf("%s %q: %q, %v; the formal algorithm says %q, %v", l.name, d, got, gicann, wps, wicann)
				diffs++
			}
			if xps, _ := publicsuffix.PublicSuffix(d); !l.icannOnly && xps != wps {
				t.Errorf("%q: x/net says %q, the formal algorithm %q", d, xps, wps)
				diffs++
			}
		}
		if diffs > 20 {
			t.Fatal("too many differences")
		}
	}
	t.Logf("%d hosts, %d rules", len(hosts), len(rules))
}

// The zero SuffixList and a nil *SuffixList are the built-in list.
func TestSuffixListZero(t *testing.T) {
	var zero SuffixList
	var nilList *SuffixList
	for _, h := range []string{"www.example.co.uk", "foo.github.io", "localhost", "1.2.3.4", "example.com.", "a..com", "", "%zz"} {
		ps, icann := PublicSuffix(h)
		rd, ok := RegistrableDomain(h)
		for _, l := range []*SuffixList{&zero, nilList} {
			lps, licann := l.PublicSuffix(h)
			lrd, lok := l.RegistrableDomain(h)
			if lps != ps || licann != icann || lrd != rd || lok != ok {
				t.Errorf("%v.PublicSuffix(%q) = %q, %v, %q, %v; the package functions say %q, %v, %q, %v", l, h, lps, licann, lrd, lok, ps, icann, rd, ok)
			}
		}
	}
	if ps, icann := nilList.ICANNOnly().PublicSuffix("foo.github.io"); ps != "io" || !icann {
		t.Errorf("nil ICANNOnly: %q, %v", ps, icann)
	}
}

// A loaded list is used by every operation that reads a list, through
// its methods: here one where "example.com" is a public suffix, so that
// "a.example.com" is a registrable domain (the Public Suffix List's
// algorithm: the longest matching rule, and one label more). The zero
// SuffixList answers as the package functions do.
func TestSuffixListMethods(t *testing.T) {
	l, err := ParseSuffixList(strings.NewReader("com\nexample.com\n"))
	if err != nil {
		t.Fatal(err)
	}
	a := MustParse("https://a.example.com/").Origin()
	b := MustParse("https://b.example.com/").Origin()
	b2 := MustParse("http://b.example.com/").Origin()
	if rd, ok := l.RegistrableDomain("x.a.example.com"); rd != "a.example.com" || !ok {
		t.Errorf("RegistrableDomain = %q, %v; want a.example.com", rd, ok)
	}
	if l.SameSite(a, b) || l.SchemelesslySameSite(a, b2) {
		t.Error("a.example.com and b.example.com are one site by the loaded list")
	}
	if _, err := l.WithDomain(a, "example.com"); !errors.Is(err, ErrNotDomainSuffix) {
		t.Errorf("WithDomain(example.com) by the loaded list: %v; want ErrNotDomainSuffix", err)
	}
	u := MustParse("https://www.a.example.com/path")
	if got, want := l.DisplayElided(u, 10), "https://…a.example.com…"; got != want {
		t.Errorf("DisplayElided = %q, want %q", got, want)
	}
	var zero SuffixList
	if !SameSite(a, b) || !zero.SameSite(a, b) || !SchemelesslySameSite(a, b2) || !zero.SchemelesslySameSite(a, b2) {
		t.Error("a.example.com and b.example.com are not one site by the built-in list")
	}
	if o, err := zero.WithDomain(a, "example.com"); err != nil || o.Domain() != "example.com" {
		t.Errorf("zero WithDomain: %v, %v", o, err)
	}
	if got, want := zero.DisplayElided(u, 10), u.DisplayElided(10); got != want || got != "https://…example.com…" {
		t.Errorf("zero DisplayElided = %q; DisplayElided %q, want https://…example.com…", got, want)
	}
}

// The bool of PublicSuffix is x/net's ICANN bool: true for ICANN rules,
// false for private rules and the default rule.
func TestPublicSuffixICANNBool(t *testing.T) {
	for _, c := range []struct {
		host, suffix string
		icann        bool
		rd           string
	}{
		{"www.example.co.uk", "co.uk", true, "example.co.uk"},
		{"EXAMPLE.COM", "com", true, "example.com"},
		{"foo.github.io", "github.io", false, "foo.github.io"},
		{"github.io", "github.io", false, ""},
		{"localhost", "localhost", false, ""},
		{"example.cromulent", "cromulent", false, "example.cromulent"},
		{"a.b.kawasaki.jp", "b.kawasaki.jp", true, "a.b.kawasaki.jp"},
		{"a.city.kawasaki.jp", "kawasaki.jp", true, "city.kawasaki.jp"},
		{"example.com.", "com.", true, "example.com."},
		{"example.com..", "", false, ""},
		{"1.2.3.4", "", false, ""},
		{"[::1]", "", false, ""},
		{"a b", "", false, ""},
		{"a.dualstack.us-east-1.amazonaws.com", "us-east-1.amazonaws.com", false, "dualstack.us-east-1.amazonaws.com"},
		{"example.za", "za", false, "example.za"},
	} {
		ps, icann := PublicSuffix(c.host)
		rd, _ := RegistrableDomain(c.host)
		if ps != c.suffix || icann != c.icann || rd != c.rd {
			t.Errorf("%q: %q, %v, %q; want %q, %v, %q", c.host, ps, icann, rd, c.suffix, c.icann, c.rd)
		}
		ips, iicann := (&SuffixList{}).ICANNOnly().PublicSuffix(c.host)
		if c.icann && (ips != ps || !iicann) {
			t.Errorf("ICANN only %q: %q, %v; want the whole list's ICANN answer %q", c.host, ips, iicann, ps)
		}
	}
	if ps, icann := (&SuffixList{}).ICANNOnly().PublicSuffix("foo.github.io"); ps != "io" || !icann {
		t.Errorf("ICANN only: %q, %v", ps, icann)
	}
}

// The format's own example list (publicsuffix.org, "List format") with the
// cookie answers it gives for it: a public suffix is where cookies may not
// be set, its registrable domain where they may.
const formatExample = `// ===BEGIN ICANN DOMAINS===
com
*.jp
// Hosts in .hokkaido.jp can't set cookies below level 4...
*.hokkaido.jp
*.tokyo.jp
// ...except hosts in pref.hokkaido.jp, which can set cookies at level 3.
!pref.hokkaido.jp
!metro.tokyo.jp
// ===END ICANN DOMAINS===
`

func TestParseSuffixListFormatExample(t *testing.T) {
	l, err := ParseSuffixList(strings.NewReader(formatExample))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		host   string
		cookie bool // may set cookies: the host is a registrable domain
	}{
		{"foo.com", true},
		{"foo.bar.jp", true},
		{"bar.jp", false},
		{"foo.bar.hokkaido.jp", true},
		{"bar.hokkaido.jp", false},
		{"foo.bar.tokyo.jp", true},
		{"bar.tokyo.jp", false},
		{"pref.hokkaido.jp", true},
		{"metro.tokyo.jp", true},
	} {
		rd, ok := l.RegistrableDomain(c.host)
		if (ok && rd == c.host) != c.cookie {
			t.Errorf("%q: registrable domain %q, %v; cookies may be set: %v", c.host, rd, ok, c.cookie)
		}
		if _, icann := l.PublicSuffix(c.host); !icann {
			t.Errorf("%q: not ICANN", c.host)
		}
	}
	// A host no rule matches: the rule "*".
	if ps, icann := l.PublicSuffix("example.org"); ps != "org" || icann {
		t.Errorf("example.org: %q, %v", ps, icann)
	}
}

// TestParseSuffixListReading: white space, comments, sections, Unicode
// and case, line ends, a byte order mark, and long lines in small reads.
func TestParseSuffixListReading(t *testing.T) {
	list := "\uFEFF// a comment\r\n" +
		"  \t\r\n" +
		"outside\n" +
		"   // ===BEGIN ICANN DOMAINS===   \n" +
		"\tcom   trailing words are not read\n" +
		"CO.UK\r\n" +
		"公司.cn\n" +
		"*.ck\n" +
		"!www.ck\n" +
		"//===END ICANN DOMAINS===\n" +
		"// ===BEGIN PRIVATE DOMAINS===\n" +
		"// " + strings.Repeat("long comment ", 20000) + "\n" +
		"blogspot.com\n" +
		"*\n" +
		"// ===END PRIVATE DOMAINS===\n" +
		"last.example" // no newline at the end
	for name, r := range map[string]func() *SuffixList{
		"whole": func() *SuffixList {
			l, err := ParseSuffixList(strings.NewReader(list))
			if err != nil {
				t.Fatal(err)
			}
			return l
		},
		"one byte a read": func() *SuffixList {
			l, err := ParseSuffixList(iotest.OneByteReader(strings.NewReader(list)))
			if err != nil {
				t.Fatal(err)
			}
			return l
		},
	} {
		l := r()
		for _, c := range []struct {
			host, suffix string
			icann        bool
			icannSuffix  string
		}{
			{"a.outside", "outside", false, "outside"},
			{"a.com", "com", true, "com"},
			{"a.co.uk", "co.uk", true, "co.uk"},
			{"a.公司.cn", "xn--55qx5d.cn", true, "xn--55qx5d.cn"},
			{"a.b.ck", "b.ck", true, "b.ck"},
			{"a.www.ck", "ck", true, "ck"},
			{"a.blogspot.com", "blogspot.com", false, "com"},
			{"a.trailing", "trailing", false, "trailing"}, // the "*" rule, private
			{"x.last.example", "last.example", false, "example"},
			{"words", "words", false, "words"},
		} {
			ps, icann := l.PublicSuffix(c.host)
			ips, _ := l.ICANNOnly().PublicSuffix(c.host)
			if ps != c.suffix || icann != c.icann || ips != c.icannSuffix {
				t.Errorf("%s: %q: %q, %v, ICANN only %q; want %q, %v, %q", name, c.host, ps, icann, ips, c.suffix, c.icann, c.icannSuffix)
			}
		}
	}
}

func TestParseSuffixListErrors(t *testing.T) {
	const begin, end = "// ===BEGIN ICANN DOMAINS===\n", "// ===END ICANN DOMAINS===\n"
	for _, c := range []struct {
		list   string
		line   int // 0: the error names no line
		reason string
	}{
		{"com\n\xff\n", 2, "not valid UTF-8"},
		{"// comment \xc3\n", 1, "not valid UTF-8"},
		{"com\na..b\n", 2, "an empty label"},
		{".com\n", 1, "an empty label"},
		{"com.\n", 1, "an empty label"},
		{"a.*.b\n", 1, "a '*' that is not the whole first label"},
		{"*a.b\n", 1, "a '*' that is not the whole first label"},
		{"a.b*\n", 1, "a '*' that is not the whole first label"},
		{"a!b\n", 1, "a '!' that does not start the rule"},
		{"!!a.b\n", 1, "a '!' that does not start the rule"},
		{"!*.a.b\n", 1, "an exception rule with a wildcard"},
		{"!com\n", 1, "an exception rule of one label"},
		{"!\n", 1, "a rule without labels"},
		{"*.\n", 1, "a rule without labels"},
		{"a$b.com\n", 1, "a label of other than letters, digits"},
		{"a%41.com\n", 1, "not a domain"},
		{"a\u00a0b.com\n", 1, ""}, // no-break space is white space: the rule is "a"
		{strings.Repeat("a", 64) + ".com\n", 1, "a label longer than"},
		{strings.Repeat("a.", 127) + "com\n", 1, "longer than a domain name can be"},
		{strings.Repeat("é", 600) + "\n", 1, "longer than a domain name can be"},
		{begin + begin, 2, "a section begins inside the ICANN section begun at line 1"},
		{"com\n" + end, 2, "the end of the ICANN section, which is not open"},
		{begin + "com\n// ===END PRIVATE DOMAINS===\n", 3, "the end of the PRIVATE section, which is not open"},
		{"x\n" + begin + "com\n", 2, "the ICANN section begun here has no END marker"},
		{"", 0, "no rule in the list"},
		{"// only comments\n\n", 0, "no rule in the list"},
		{begin + end, 0, "no rule in the list"},
	} {
		_, err := ParseSuffixList(strings.NewReader(c.list))
		if c.reason == "" {
			if err != nil {
				t.Errorf("%.40q: %v", c.list, err)
			}
			continue
		}
		var e *Error
		if !errors.As(err, &e) || e.Op != "parse suffix list" || e.Line != c.line || !strings.Contains(e.Err.Error(), c.reason) ||
			!errors.Is(err, ErrSuffixListSyntax) && !errors.Is(err, ErrNoSuffixRules) {
			t.Errorf("%.40q: %v; want line %d: %s", c.list, err, c.line, c.reason)
		}
	}
	if _, err := ParseSuffixList(nil); err == nil {
		t.Error("nil reader: no error")
	}
	// A reader's error comes back wrapped.
	errRead := errors.New("connection reset")
	_, err := ParseSuffixList(iotest.TimeoutReader(iotest.OneByteReader(strings.NewReader("com\nnet\n"))))
	if !errors.Is(err, iotest.ErrTimeout) || !strings.Contains(err.Error(), "line 1") {
		t.Errorf("timeout: %v", err)
	}
	_, err = ParseSuffixList(iotest.ErrReader(errRead))
	if !errors.Is(err, errRead) {
		t.Errorf("reader's error: %v", err)
	}
}

// genSuffixList writes a list of about n bytes: sections, comments, plain,
// wildcard and exception rules, Unicode labels.
func genSuffixList(n int) string {
	var b strings.Builder
	b.WriteString("// ===BEGIN ICANN DOMAINS===\n")
	for i := 0; b.Len() < n/2; i++ {
		s := strconv.Itoa(i)
		b.WriteString("// " + s + "\n" + "tld" + s + "\nco.tld" + s + "\n*.w.tld" + s + "\n!x.w.tld" + s + "\nü" + s + ".tld" + s + "\n")
	}
	b.WriteString("// ===END ICANN DOMAINS===\n// ===BEGIN PRIVATE DOMAINS===\n")
	for i := 0; b.Len() < n; i++ {
		b.WriteString("p" + strconv.Itoa(i) + ".tld" + strconv.Itoa(i%1000) + "\n")
	}
	b.WriteString("// ===END PRIVATE DOMAINS===\n")
	return b.String()
}

// TestParseSuffixListLinear: 10 MB of rules, and 10 MB lines, parse with
// allocations (count and bytes) that grow as the input does: at 10 MB at
// most 2.5 times what 5 MB costs, and a bound per byte.
func TestParseSuffixListLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("10 MB inputs; skipped with -short")
	}
	measure := func(s string) (mallocs, bytes uint64) {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		l, err := ParseSuffixList(strings.NewReader(s))
		runtime.ReadMemStats(&after)
		if err != nil {
			t.Fatal(err)
		}
		if ps, icann := l.PublicSuffix("a.co.tld7"); strings.Contains(s, "\nco.tld7\n") && (ps != "co.tld7" || !icann) {
			t.Fatalf("a.co.tld7: %q, %v", ps, icann)
		}
		runtime.KeepAlive(l)
		return after.Mallocs - before.Mallocs, after.TotalAlloc - before.TotalAlloc
	}
	size := 10 << 20
	if raceEnabled {
		size = 1 << 20 // the race detector's shadow memory; still a doubling
	}
	small, big := genSuffixList(size/2), genSuffixList(size)
	ms, bs := measure(small)
	mb, bb := measure(big)
	t.Logf("%d bytes: %d allocations, %d bytes; %d bytes: %d, %d (%.1f bytes per input byte)", len(small), ms, bs, len(big), mb, bb, float64(bb)/float64(len(big)))
	if float64(mb) > 2.5*float64(ms) || float64(bb) > 2.5*float64(bs) || bb > 40*uint64(len(big)) {
		t.Errorf("not linear: %d bytes: %d allocations, %d bytes; %d bytes: %d, %d", len(small), ms, bs, len(big), mb, bb)
	}
	// One 10 MB comment line, and one 10 MB rule: the first reads, the
	// second fails, with a message cut to about 1 KiB.
	comment := "// " + strings.Repeat("x", 10<<20) + "\ncom\n"
	if _, bytes := measure(comment); bytes > 4*uint64(len(comment)) {
		t.Errorf("10 MB comment: %d bytes allocated", bytes)
	} else {
		t.Logf("10 MB comment: %.1f bytes allocated per byte", float64(bytes)/float64(len(comment)))
	}
	_, err := ParseSuffixList(strings.NewReader(strings.Repeat("a", 10<<20) + "\n"))
	if err == nil || len(err.Error()) > 2<<10 || !strings.Contains(err.Error(), "more bytes") {
		t.Errorf("10 MB rule: %.200v", err)
	}
}

// BenchmarkParseSuffixList parses the shared list file; BenchmarkSuffixList
// looks a host up in the loaded list and in the built-in one.
func BenchmarkParseSuffixList(b *testing.B) {
	data := psltest.Data(b)
	if data == nil {
		b.Skip("no list file")
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := ParseSuffixList(strings.NewReader(string(data))); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSuffixList(b *testing.B) {
	loaded := sharedSuffixList(b)
	if loaded == nil {
		b.Skip("no list file")
	}
	for name, l := range map[string]*SuffixList{"loaded": loaded, "built-in": {}} {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				l.lookup("www.example.co.uk")
				l.lookup("a.b.kawasaki.jp")
			}
		})
	}
}
