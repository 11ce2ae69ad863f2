package ecmaregexp

import "testing"

// A pathname regexp of the shape URLPattern generates, and one with a loop
// whose captures need the sub-program.
func BenchmarkFindStringSubmatchIndex(b *testing.B) {
	for _, c := range []struct{ name, src, in string }{
		{"urlpattern", `^(?:\/books)(?:\/([^\/]+?))(?:\/((?:\d+)))?$`, "/books/dune/42"},
		{"loopcaptures", `^(?:(\w)|-)+$`, "a-b-c-d-e-f"},
	} {
		re := MustCompile(c.src, 0)
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if re.FindStringSubmatchIndex(c.in) == nil {
					b.Fatal("no match")
				}
			}
		})
	}
}

func BenchmarkCompile(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		MustCompile(`^(?:\/books)(?:\/([^\/]+?))(?:\/((?:\d+)))?$`, IgnoreCase)
	}
}
