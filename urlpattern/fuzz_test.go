package urlpattern

import (
	"errors"
	"testing"
)

// FuzzNew builds patterns from any string, as a constructor string and as
// every component of an init, and matches any URL: no panic, an *Error
// for a bad pattern, and Test agreeing with Exec.
func FuzzNew(f *testing.F) {
	f.Add("https://example.com/:id(\\d+)?", "https://example.com/12")
	f.Add("http{s}?://{:sub.}?x.test/:p*#h", "http://a.x.test/b/c#h")
	f.Add("/a/(b|c)/:d", "https://h/a/b/x")
	f.Add("(?=a)", "")
	f.Add("://\xb2", "") // an offset past the end, once: invalid UTF-8 is U+FFFD before the offsets count
	f.Fuzz(func(t *testing.T, pattern, input string) {
		if len(pattern) > 256 || len(input) > 256 {
			return
		}
		check := func(p *Pattern, err error) {
			if err != nil {
				var e *Error
				if !errors.As(err, &e) {
					t.Fatalf("%q: error %T %v, want *Error", pattern, err, err)
				}
				if e.Offset > len(e.Pattern) {
					t.Fatalf("%q: offset %d beyond %q", pattern, e.Offset, e.Pattern)
				}
				return
			}
			r := p.Exec(input)
			if (r != nil) != p.Test(input) {
				t.Fatalf("%q on %q: Exec %v, Test %v", pattern, input, r != nil, p.Test(input))
			}
			rb := p.ExecWithBase(input, "https://h/a/b")
			if (rb != nil) != p.TestWithBase(input, "https://h/a/b") {
				t.Fatalf("%q on %q with a base: Exec and Test differ", pattern, input)
			}
		}
		check(New(pattern, Options{}))
		check(NewWithBase(pattern, "https://h/a/", Options{IgnoreCase: true}))
		for c := range numComponents {
			var in Init
			s := pattern
			switch c {
			case Protocol:
				in.Protocol = &s
			case Username:
				in.Username = &s
			case Password:
				in.Password = &s
			case Hostname:
				in.Hostname = &s
			case Port:
				in.Port = &s
			case Pathname:
				in.Pathname = &s
			case Search:
				in.Search = &s
			case Hash:
				in.Hash = &s
			}
			p, err := NewInit(in, Options{})
			check(p, err)
			if err == nil {
				v := input
				in2 := in
				in2.Pathname, in2.Hostname = &v, &v
				if (p.ExecInit(in2) != nil) != p.TestInit(in2) {
					t.Fatalf("%q: ExecInit and TestInit differ", pattern)
				}
			}
		}
	})
}
