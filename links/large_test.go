package links

import (
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/weburl/weburl"
)

// pageGen is a generated page of units units, each with three links,
// made as it is read so that the test holds no copy of it, and without
// allocating, so that what the test measures is the extraction's.
type pageGen struct {
	units, next int
	buf         []byte // the unit being read
	rest        []byte // what remains of it
}

// unitHead, unitMid and unitTail surround the three numbers of a unit;
// every unit has the same length.
var (
	unitHead = `<p class="c">` + strings.Repeat("lorem ipsum ", 12) + ` <a href="/item/`
	unitMid  = []string{`?x=1">item</a> <img srcset="/i/`, `.png 1x, /i/`, `@2x.png 2x" alt=""></p>` + "\n"}
)

// appendNum appends i in eight digits.
func appendNum(b []byte, i int) []byte {
	var d [8]byte
	for k := 7; k >= 0; k-- {
		d[k] = byte('0' + i%10)
		i /= 10
	}
	return append(b, d[:]...)
}

// appendUnit appends the markup of unit i.
func appendUnit(b []byte, i int) []byte {
	b = append(b, unitHead...)
	for _, m := range unitMid {
		b = appendNum(b, i)
		b = append(b, m...)
	}
	return b
}

func (g *pageGen) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		if len(g.rest) == 0 {
			if g.next == g.units {
				if n == 0 {
					return 0, io.EOF
				}
				break
			}
			g.buf = appendUnit(g.buf[:0], g.next)
			g.rest = g.buf
			g.next++
		}
		k := copy(p[n:], g.rest)
		g.rest = g.rest[k:]
		n += k
	}
	return n, nil
}

func TestLargePageStreams(t *testing.T) {
	if testing.Short() {
		t.Skip("20 MB page")
	}
	const size = 20 << 20
	unitLen := len(appendUnit(nil, 0))
	units := size / unitLen
	doc := weburl.MustParse("https://example.com/")

	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	baseHeap, baseTotal := ms.HeapAlloc, ms.TotalAlloc
	var peak uint64
	want := make([]byte, 0, 64)

	n := 0
	for l, err := range All(&pageGen{units: units}, doc, "text/html; charset=utf-8") {
		if err != nil {
			t.Fatal(err)
		}
		i := n / 3
		switch n % 3 {
		case 0:
			want = appendNum(append(want[:0], "https://example.com/item/"...), i)
			want = append(want, "?x=1"...)
		case 1:
			want = appendNum(append(want[:0], "https://example.com/i/"...), i)
			want = append(want, ".png"...)
		case 2:
			want = appendNum(append(want[:0], "https://example.com/i/"...), i)
			want = append(want, "@2x.png"...)
		}
		if l.URL == nil || l.URL.Href() != string(want) {
			t.Fatalf("link %d = %s, want %s", n, linkString(l), want)
		}
		n++
		if n%60000 == 0 {
			runtime.GC()
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapAlloc)
		}
	}
	runtime.ReadMemStats(&ms)
	total := ms.TotalAlloc - baseTotal

	if n != 3*units {
		t.Errorf("%d links, want %d", n, 3*units)
	}
	// What stays live is the tokenizer's buffer and what one link needs,
	// not the 20 MB page nor the links already yielded.
	if peak > baseHeap && peak-baseHeap > 4<<20 {
		t.Errorf("live heap grew by %d bytes over a %d-byte page", peak-baseHeap, size)
	}
	// Each link costs its Raw, its URL and the tokenizer's attribute
	// names; the page's bytes are not allocated again and again.
	if perLink := total / uint64(n); perLink > 512 && !raceEnabled {
		t.Errorf("%d bytes allocated per link", perLink)
	}
	t.Logf("%d links from %d bytes; %d bytes allocated in all", n, units*unitLen, total)
}

func TestAllocsPerLink(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts vary under the race detector")
	}
	doc := weburl.MustParse("https://example.com/")
	allocs := func(links int) float64 {
		var b strings.Builder
		for i := range links {
			fmt.Fprintf(&b, `<li><a href="/p/%d">page</a></li>`, i)
		}
		page := b.String()
		return testing.AllocsPerRun(20, func() {
			n := 0
			for _, err := range All(strings.NewReader(page), doc, "") {
				if err != nil {
					t.Fatal(err)
				}
				n++
			}
			if n != links {
				t.Fatalf("%d links, want %d", n, links)
			}
		})
	}
	// Per link, the tokenizer copies the attribute's name three times and
	// its value once, we keep Raw, and the URL parser makes the URL and its
	// href: 7. The difference of two runs leaves out the fixed cost of a
	// document (reader, decoder and tokenizer buffers); the slice that
	// holds links for the base grows a few times more.
	if d := allocs(400) - allocs(200); d > 200*7+10 {
		t.Errorf("%.0f allocations for 200 more links", d)
	}
}

func TestExtractMatchesAll(t *testing.T) {
	doc := weburl.MustParse("https://example.com/")
	got, err := Extract(&pageGen{units: 5000}, doc, "")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for l, err := range All(&pageGen{units: 5000}, doc, "") {
		if err != nil {
			t.Fatal(err)
		}
		if n >= len(got) || got[n].Raw != l.Raw || got[n].URL.Href() != l.URL.Href() {
			t.Fatalf("link %d: All gives %s", n, linkString(l))
		}
		n++
	}
	if n != len(got) || n != 15000 {
		t.Errorf("Extract %d links, All %d; want 15000", len(got), n)
	}
}
