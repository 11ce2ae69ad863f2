package idna

import (
	"hash/maphash"
	"strings"
	"sync/atomic"
)

// UTS #46 processing of a domain that is not ASCII allocates several
// times (mapping, normalization, Punycode). A crawl meets the same few
// hosts over and over, so the results of ToASCII with beStrict false that
// succeeded are kept in a small table, one entry per slot, replaced on
// collision: a host seen before costs a hash and a comparison and
// allocates nothing. ToASCII is a function of its input alone, so a hit
// gives what a new run would.

type cacheEntry struct{ domain, ascii string }

var (
	cache     [256]atomic.Pointer[cacheEntry]
	cacheSeed = maphash.MakeSeed()
)

// maxCachedDomain bounds the domains kept, so that a hostile input
// cannot fill the table with huge strings.
const maxCachedDomain = 256

// AppendToASCII appends ToASCII(domain, false), the URL Standard's domain
// parser's run, to dst, from the table of recent results where it can.
func AppendToASCII(dst []byte, domain string) ([]byte, error) {
	if len(domain) > maxCachedDomain {
		a, err := ToASCII(domain, false)
		return append(dst, a...), err
	}
	slot := &cache[maphash.String(cacheSeed, domain)%uint64(len(cache))]
	if e := slot.Load(); e != nil && e.domain == domain {
		return append(dst, e.ascii...), nil
	}
	a, err := ToASCII(domain, false)
	if err != nil {
		return dst, err
	}
	// The domain may be a part of a longer input: a copy keeps only it.
	slot.Store(&cacheEntry{strings.Clone(domain), a})
	return append(dst, a...), nil
}
