package weburl

import (
	"hash/maphash"
	"strings"
	"sync/atomic"

	"github.com/weburl/weburl/internal/idna"
)

// UTS #46 processing of a domain that is not ASCII allocates several
// times (mapping, normalization, Punycode). A crawl meets the same few
// hosts over and over, so the results of the domain parser's ToASCII
// (beStrict false) that succeeded are kept in a small table, one entry
// per slot, replaced on collision: a host seen before costs a hash and a
// comparison and allocates nothing. ToASCII is a function of its input
// alone, so a hit gives what a new run would.

type idnaEntry struct{ domain, ascii string }

var (
	idnaCache     [256]atomic.Pointer[idnaEntry]
	idnaCacheSeed = maphash.MakeSeed()
)

// maxCachedDomain bounds the domains kept, so that a hostile input
// cannot fill the table with huge strings.
const maxCachedDomain = 256

// appendToASCII appends the domain parser's ToASCII of domain, with
// beStrict false, to dst.
func appendToASCII(dst []byte, domain string) ([]byte, error) {
	if len(domain) > maxCachedDomain {
		a, err := idna.ToASCII(domain, false)
		return append(dst, a...), err
	}
	slot := &idnaCache[maphash.String(idnaCacheSeed, domain)%uint64(len(idnaCache))]
	if e := slot.Load(); e != nil && e.domain == domain {
		return append(dst, e.ascii...), nil
	}
	a, err := idna.ToASCII(domain, false)
	if err != nil {
		return dst, err
	}
	// The domain may be a part of a longer input: a copy keeps only it.
	slot.Store(&idnaEntry{strings.Clone(domain), a})
	return append(dst, a...), nil
}
