package canon

import (
	"testing"

	"github.com/weburl/weburl"
)

var benchURL = weburl.MustParse("https://user@www.example.com/%7Euser/docs/?utm_source=news&b=2&a=1&fbclid=x#top")

func BenchmarkCrawlerKey(b *testing.B) {
	p := Crawler()
	for b.Loop() {
		p.Key(benchURL)
	}
}

func BenchmarkWHATWGKey(b *testing.B) {
	var p Profile
	for b.Loop() {
		p.Key(benchURL)
	}
}

func BenchmarkSURT(b *testing.B) {
	for b.Loop() {
		SURT(benchURL)
	}
}

func BenchmarkSafeBrowsing(b *testing.B) {
	for b.Loop() {
		SafeBrowsing("http://%31%36%38%2e%31%38%38%2e%39%39%2e%32%36/%2E%73%65%63%75%72%65/%77%77%77%2E%65%62%61%79%2E%63%6F%6D/")
	}
}
