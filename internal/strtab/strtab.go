// Package strtab is the table of paths that routing looks up on every
// request: urlpattern's literal paths of a List, and webhttp's static
// routes. It is open addressing on a hash of the key's length and its
// first and last words, with each entry's hash and key beside its value,
// so that a lookup compares a key only where the hashes are equal and
// loads no value before it has found one. BenchmarkTable holds it beside
// a map on the same keys.
package strtab

import "github.com/weburl/weburl/internal/swar"

// A Table maps strings to values. It is immutable once made; the zero
// Table is empty.
type Table[V any] struct {
	// index is a power of two of slots, at most half full, each 0 or
	// one more than the index of an entry; entries are dense, so that
	// the empty slots cost four bytes each.
	index   []int32
	entries []entry[V]
}

type entry[V any] struct {
	hash uint64
	key  string
	val  *V
}

// New returns the table of keys[i] to vals[i]. The keys are distinct.
func New[V any](keys []string, vals []*V) Table[V] {
	if len(keys) == 0 {
		return Table[V]{}
	}
	size := 2
	for size < 2*len(keys) {
		size *= 2
	}
	t := Table[V]{index: make([]int32, size), entries: make([]entry[V], len(keys))}
	mask := uint64(size - 1)
	for j, key := range keys {
		h := hash(key)
		t.entries[j] = entry[V]{h, key, vals[j]}
		i := h & mask
		for t.index[i] != 0 {
			i = (i + 1) & mask
		}
		t.index[i] = int32(j + 1)
	}
	return t
}

// Find returns the value of key, or nil.
func (t *Table[V]) Find(key string) *V {
	if t.index == nil {
		return nil
	}
	h := hash(key)
	mask := uint64(len(t.index) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		j := t.index[i]
		if j == 0 {
			return nil
		}
		if e := &t.entries[j-1]; e.hash == h && len(e.key) == len(key) && equal(e.key, key) {
			return e.val
		}
	}
}

// Values returns the values, in no set order.
func (t *Table[V]) Values() []*V {
	vals := make([]*V, len(t.entries))
	for i := range t.entries {
		vals[i] = t.entries[i].val
	}
	return vals
}

// equal reports whether a and b, of the same length, are equal: keys of
// eight to sixteen bytes, most paths, as their first and last eight
// bytes (which may overlap), without a call.
func equal(a, b string) bool {
	if n := len(a); 8 <= n && n <= 16 {
		return swar.Load64(a, 0) == swar.Load64(b, 0) && swar.Load64(a, n-8) == swar.Load64(b, n-8)
	}
	return a == b
}

// hash hashes the length of s and its first and last eight bytes (which
// may overlap), or each byte of a shorter s: every byte of the keys of up
// to sixteen bytes, most paths. Longer keys that differ only between
// those words collide, and equal tells them apart. Each word is mixed in
// by a multiplication, and the result's high bits are folded into the
// low ones that index the table.
func hash(s string) uint64 {
	const k = 0x9e3779b97f4a7c15
	h := uint64(len(s)) * k
	if len(s) < 8 {
		for i := 0; i < len(s); i++ {
			h = (h ^ uint64(s[i])) * k
		}
	} else {
		h = (h ^ swar.Load64(s, 0)) * k
		h = (h ^ swar.Load64(s, len(s)-8)) * k
	}
	return h ^ h>>31
}
