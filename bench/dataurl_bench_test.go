package main

import (
	"encoding/base64"
	"mime"
	"os"
	"strings"
	"testing"

	vpdataurl "github.com/vincent-petithory/dataurl"
	"github.com/weburl/weburl/dataurl"
	"github.com/weburl/weburl/mimetype"
)

// The speed goals of dataurl and mimetype, peers in the same run
// (interleave them with -count and compare with benchstat; pin with
// taskset -c 1):
//
//	go test -run '^$' -bench 'DataURL|DecodeBase64|MIMEType' -benchmem -count 6 . | tee out.txt
//	benchstat -col /impl out.txt
//
// dataurl.Parse at most 0.5× the time of vincent-petithory/dataurl on
// base64 data URLs of 100 B, 10 KiB and 1 MiB; DecodeBase64 at most 1.2×
// StdEncoding.DecodeString on input without whitespace; mimetype.Parse at
// most 1.0× mime.ParseMediaType on the Content-Type values of
// contenttypes.txt.

// payload is n bytes that look like a compressed image: every byte value.
func payload(n int) []byte {
	b := make([]byte, n)
	x := uint32(2463534242)
	for i := range b {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		b[i] = byte(x)
	}
	return b
}

var payloadSizes = []struct {
	name string
	n    int
}{{"100B", 100}, {"10KiB", 10 << 10}, {"1MiB", 1 << 20}}

func BenchmarkDataURL(b *testing.B) {
	for _, size := range payloadSizes {
		raw := payload(size.n)
		s := "data:image/png;base64," + base64.StdEncoding.EncodeToString(raw)
		b.Run("size="+size.name+"/impl=weburl", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(s)))
			for b.Loop() {
				d, err := dataurl.Parse(s)
				if err != nil || len(d.Body) != size.n {
					b.Fatal(err)
				}
			}
		})
		b.Run("size="+size.name+"/impl=vincent-petithory", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(s)))
			for b.Loop() {
				d, err := vpdataurl.DecodeString(s)
				if err != nil || len(d.Data) != size.n {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkDecodeBase64(b *testing.B) {
	for _, size := range payloadSizes {
		s := base64.StdEncoding.EncodeToString(payload(size.n))
		b.Run("size="+size.name+"/impl=weburl", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(s)))
			for b.Loop() {
				if d, err := dataurl.DecodeBase64(s); err != nil || len(d) != size.n {
					b.Fatal(err)
				}
			}
		})
		b.Run("size="+size.name+"/impl=encoding-base64", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(s)))
			for b.Loop() {
				if d, err := base64.StdEncoding.DecodeString(s); err != nil || len(d) != size.n {
					b.Fatal(err)
				}
			}
		})
	}
}

// contentTypes reads contenttypes.txt.
func contentTypes(tb testing.TB) []string {
	data, err := os.ReadFile("contenttypes.txt")
	if err != nil {
		tb.Fatal(err)
	}
	var out []string
	for _, l := range strings.Split(string(data), "\n") {
		if l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return out
}

// BenchmarkMIMEType parses every value of the list once per op.
func BenchmarkMIMEType(b *testing.B) {
	values := contentTypes(b)
	b.Run("impl=weburl", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, v := range values {
				if _, err := mimetype.Parse(v); err != nil {
					b.Fatal(err)
				}
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(values)), "ns/value")
	})
	b.Run("impl=mime.ParseMediaType", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, v := range values {
				if _, _, err := mime.ParseMediaType(v); err != nil {
					b.Fatal(err)
				}
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(values)), "ns/value")
	})
}

// TestContentTypesAgree: on the benchmark's list, where both parse, the
// two parsers find the same essence and parameters (the list is a fair
// comparison: neither does less work by failing).
func TestContentTypesAgree(t *testing.T) {
	for _, v := range contentTypes(t) {
		m, err := mimetype.Parse(v)
		essence, params, errStd := mime.ParseMediaType(v)
		if err != nil || errStd != nil {
			t.Errorf("%q: %v, %v", v, err, errStd)
			continue
		}
		if m.Essence() != essence {
			t.Errorf("%q: essence %q, mime gives %q", v, m.Essence(), essence)
		}
		n := 0
		for k, val := range m.Params() {
			n++
			if params[k] != val {
				t.Errorf("%q: %s=%q, mime gives %q", v, k, val, params[k])
			}
		}
		if n != len(params) {
			t.Errorf("%q: %d parameters, mime gives %d", v, n, len(params))
		}
	}
}

// TestPeerAgrees: the peer decodes the benchmark's URLs to the same bytes.
func TestPeerAgrees(t *testing.T) {
	for _, size := range payloadSizes {
		raw := payload(size.n)
		s := "data:image/png;base64," + base64.StdEncoding.EncodeToString(raw)
		d, err := dataurl.Parse(s)
		p, errP := vpdataurl.DecodeString(s)
		if err != nil || errP != nil || string(d.Body) != string(raw) || string(p.Data) != string(raw) || d.MIMEType.Essence() != p.ContentType() {
			t.Errorf("%s: %v, %v", size.name, err, errP)
		}
	}
}
