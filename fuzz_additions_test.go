package weburl

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/weburl/weburl/internal/psl/psltest"
)

// The fuzz targets of MakeRelative, FromRecord, the path-segment methods
// and ParseSuffixList; seeds are the tables' cases and,
// where the WPT data is found, its URLs.

// FuzzMakeRelative holds MakeRelative to its property on any two URLs: the
// reference resolves to target, and no candidate of the doc's forms that
// is shorter (or as short and of an earlier form) resolves too.
func FuzzMakeRelative(f *testing.F) {
	for _, s := range [][2]string{
		{"https://h/a/b", "https://h/a/c"}, {"https://h/x/c", "https://h/x/a:b"}, {"https://h/y", "https://h//x"},
		{"file:///C:/a/b", "file:///x"}, {"file:///a/b", "file:///a/C|/x"}, {"foo:/a/b", "foo:/.//x"},
		{"mailto:a#x", "mailto:a#y"}, {"foo://h/a", "foo://h"}, {"https://u@h/a?q#f", "https://h/a?q"},
	} {
		f.Add(s[0], s[1])
	}
	_, pairs := wptHrefs(f)
	for i, p := range pairs {
		if i%4 == 0 {
			f.Add(p[0], p[1])
		}
	}
	f.Fuzz(func(t *testing.T, base, target string) {
		b, err := Parse(base)
		if err != nil {
			return
		}
		// The target resolved against the base, so that the two share
		// more than chance gives.
		tg, err := b.Parse(target)
		if err != nil {
			return
		}
		checkMakeRelative(t, b, tg, 16)
		checkMakeRelative(t, tg, b, 16)
	})
}

// FuzzPathSegments appends a segment and pops it: the pop gives it back
// encoded, and the URL back; then two segments split from it come back
// in reverse order.
func FuzzPathSegments(f *testing.F) {
	for _, h := range []string{"https://h/", "https://h/a?q#f", "foo://h", "foo:/", "file:///", "file:///C:/a", "mailto:x"} {
		for _, s := range segmentSamples {
			f.Add(h, s)
		}
	}
	f.Fuzz(func(t *testing.T, href, seg string) {
		u, err := Parse(href)
		if err != nil {
			return
		}
		checkAppendPop(t, u, seg)
		a, b, _ := strings.Cut(seg, "=")
		if a == "." || a == ".." || b == "." || b == ".." || u.HasOpaquePath() {
			return
		}
		v := u.Clone()
		if err := v.AppendPathSegments(a, b); err != nil {
			t.Fatalf("%q + %q, %q: %v", href, a, b, err)
		}
		segs := v.PathSegments()
		if len(segs) < 2 {
			t.Fatalf("%q + %q, %q = %q", href, a, b, v.Href())
		}
		want := segs[len(segs)-2:]
		if s, ok := v.PopPathSegment(); !ok && want[1] != "" || s != want[1] {
			t.Fatalf("%q: pop %q, %v; want %q", v.Href(), s, ok, want[1])
		}
	})
}

// mutateRecord changes one field of r, chosen by which, to value.
func mutateRecord(r Record, which uint8, value string) Record {
	switch which % 14 {
	case 0:
		r.Scheme = value
	case 1:
		r.Username = value
	case 2:
		r.Password = value
	case 3:
		if r.Host != nil {
			h := *r.Host
			h.Serialized = value
			r.Host = &h
		}
	case 4:
		if r.Host != nil {
			h := *r.Host
			h.Kind = HostKind(len(value) % 7)
			r.Host = &h
		}
	case 5:
		r.Host = nil
	case 6:
		p := uint16(len(value) * 7)
		if len(value) > 0 {
			p = uint16(value[0]) << 8
		}
		r.Port = &p
	case 7:
		r.Port = nil
	case 8:
		r.OpaquePath = value
	case 9:
		r.HasOpaquePath = !r.HasOpaquePath
	case 10:
		r.Path = append(slices.Clone(r.Path), value)
	case 11:
		if len(r.Path) > 0 {
			r.Path = slices.Clone(r.Path)
			r.Path[0] = value
		}
	case 12:
		r.Query = &value
	case 13:
		r.Fragment = &value
	}
	return r
}

// FuzzFromRecord holds FromRecord to its contract: the round trip from
// every URL's record, and for a record with one field changed, success
// exactly when the record is one the parser gives (its serialization
// parses back to it), with the URL of that serialization; never the
// fallback error, which would mean a check missed a case.
func FuzzFromRecord(f *testing.F) {
	for i, h := range []string{"https://u:p@h:8/a/b?q#f", "sc://h/a", "sc:/.//x", "mailto:a b", "file:///C:/x", "sc://[::1]", "http://1.2.3.4/"} {
		for _, v := range []string{"", "a", "A", "/", ".", "%2e", "C|", "a b", "\xff", "80", "[::1]", "é"} {
			f.Add(h, uint8(i), v)
		}
	}
	f.Fuzz(func(t *testing.T, href string, which uint8, value string) {
		u, err := Parse(href)
		if err != nil {
			return
		}
		checkFromRecord(t, u)
		r := mutateRecord(u.Record(), which, value)
		got, err := FromRecord(r)
		s := serializeRecord(r)
		back, perr := Parse(s)
		roundTrips := perr == nil
		if roundTrips {
			_, roundTrips = recordDiff(back.Record(), r)
		}
		switch {
		case err == nil && !roundTrips:
			t.Fatalf("FromRecord(%+v) = %q, but %q parses to %v, %v", r, got.Href(), s, back, perr)
		case err == nil && got.Href() != s:
			t.Fatalf("FromRecord(%+v) = %q, want %q", r, got.Href(), s)
		case err != nil && roundTrips:
			t.Fatalf("FromRecord(%+v): %v; but %q parses back to it", r, err, s)
		case err != nil && strings.Contains(err.Error(), "the serialization parses to another"):
			t.Fatalf("FromRecord(%+v): a check missed this case: %v", r, err)
		}
	})
}

// FuzzParseSuffixList parses any file: it fails with an *Error naming a
// line of the file (and a short message), or gives a list that answers
// as the formal algorithm on the file's rules, read here line by line,
// for the neighbourhood of each rule (when the rules are ASCII).
func FuzzParseSuffixList(f *testing.F) {
	f.Add(formatExample)
	f.Add("com\n*.ck\n!www.ck\n// ===BEGIN PRIVATE DOMAINS===\nblogspot.com\n// ===END PRIVATE DOMAINS===\n")
	f.Add("\uFEFF  CO.UK x\r\n*\n")
	f.Add("a..b\n")
	f.Add("// ===BEGIN ICANN DOMAINS===\ncom\n")
	f.Fuzz(func(t *testing.T, data string) {
		l, err := ParseSuffixList(strings.NewReader(data))
		if err != nil {
			var e *Error
			// The line, 1 KiB of input quoted (up to 4 KiB), and the
			// reason, which may quote a label of it again, cut at 1 KiB.
			if !errors.As(err, &e) || !strings.HasPrefix(e.Op, "parse suffix list") || len(err.Error()) > 6<<10 {
				t.Fatalf("%.60q: %v", data, err)
			}
			if n, ok := strings.CutPrefix(e.Op, "parse suffix list line "); ok {
				if i, _ := strconv.Atoi(n); i < 1 || i > strings.Count(data, "\n")+1 {
					t.Fatalf("%.60q: %v: no such line", data, err)
				}
			}
			return
		}
		rules := map[string]bool{}
		icann := false
		for line := range strings.Lines(strings.TrimPrefix(data, "\uFEFF")) {
			s := strings.TrimLeftFunc(line, unicode.IsSpace)
			if c, ok := strings.CutPrefix(s, "//"); ok {
				switch strings.TrimSpace(c) {
				case "===BEGIN ICANN DOMAINS===":
					icann = true
				case "===END ICANN DOMAINS===":
					icann = false
				}
				continue
			}
			if i := strings.IndexFunc(s, unicode.IsSpace); i >= 0 {
				s = s[:i]
			}
			if s == "" {
				continue
			}
			for i := 0; i < len(s); i++ {
				if s[i] >= 0x80 {
					return // IDNA's mapping is not written out here
				}
			}
			s = strings.ToLower(s)
			rules[s] = rules[s] || icann
		}
		if len(rules) == 0 {
			t.Fatalf("%.60q: a list of no rules", data)
		}
		for _, d := range ruleNeighbourhood(rules) {
			if !isDomainForList(d) || strings.Contains(d, "*") || strings.Contains(d, "!") {
				continue
			}
			for _, icannOnly := range []bool{false, true} {
				list := l
				if icannOnly {
					list = l.ICANNOnly()
				}
				got, gicann := list.lookup(d)
				want, wicann := psltest.FormalSuffix(rules, d, icannOnly)
				if got != want || gicann != wicann {
					t.Fatalf("%.60q (ICANN only %v): %q gives %q, %v; the formal algorithm %q, %v", data, icannOnly, d, got, gicann, want, wicann)
				}
			}
		}
	})
}
