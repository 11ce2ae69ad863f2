package robots

import (
	"os"
	"path/filepath"
	"testing"
)

// corpus returns the robots.txt files of the bench module's corpus.
func corpus(b *testing.B) map[string][]byte {
	files, _ := filepath.Glob("../bench/robots/corpus/*.txt")
	if len(files) == 0 {
		b.Skip("no ../bench/robots/corpus")
	}
	m := map[string][]byte{}
	for _, f := range files {
		body, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		m[filepath.Base(f)] = body
	}
	return m
}

func BenchmarkParse(b *testing.B) {
	for name, body := range corpus(b) {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(body)))
			for b.Loop() {
				Parse(body)
			}
		})
	}
}

func BenchmarkAllowed(b *testing.B) {
	u := mustParse(b, "https://www.example.com/products/shoes/index.html?color=red&sort=price")
	for name, body := range corpus(b) {
		r := Parse(body)
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				r.Allowed("ExampleBot", u)
			}
		})
	}
}
