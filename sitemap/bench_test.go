//go:build unix

package sitemap

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"strings"
	"syscall"
	"testing"
	"time"
)

// benchDocs are sitemaps of 50,000 URLs, the protocol's bound, in the
// usual forms.
func benchDocs() map[string][]byte {
	var xmlDoc, text strings.Builder
	xmlDoc.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n" + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	for i := range MaxURLs {
		u := fmt.Sprintf("https://example.com/catalog/item-%d?color=red&amp;size=%d", i, i%7)
		fmt.Fprintf(&xmlDoc, "<url><loc>%s</loc><lastmod>2025-06-%02dT10:00:00+00:00</lastmod><changefreq>weekly</changefreq><priority>0.5</priority></url>\n", u, i%28+1)
		text.WriteString(strings.ReplaceAll(u, "&amp;", "&") + "\n")
	}
	xmlDoc.WriteString("</urlset>\n")
	var gz bytes.Buffer
	w := gzip.NewWriter(&gz)
	w.Write([]byte(xmlDoc.String()))
	w.Close()
	return map[string][]byte{"xml": []byte(xmlDoc.String()), "text": []byte(text.String()), "xml.gz": gz.Bytes()}
}

func BenchmarkParse(b *testing.B) {
	docs := benchDocs()
	for _, name := range []string{"xml", "xml.gz", "text"} {
		doc := docs[name]
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(doc)))
			start := cpuTime()
			for b.Loop() {
				sm, err := Parse(bytes.NewReader(doc), location)
				if err != nil || len(sm.Entries) != MaxURLs {
					b.Fatal(len(sm.Entries), err)
				}
			}
			// The machine is shared: CPU time beside wall time.
			b.ReportMetric(float64((cpuTime()-start).Nanoseconds())/float64(b.N), "cpu-ns/op")
		})
	}
}

// cpuTime is the process's user and system CPU time (getrusage).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
