package urlpattern

import (
	"testing"
	"unsafe"
)

// TestListSizes holds the structures a router's List keeps per node and
// per pattern to the size classes their doc comments promise, on a
// 64-bit machine: a field more moves them to the next class, which
// bench's TestRoutingMemory would see only in its ratio.
func TestListSizes(t *testing.T) {
	if unsafe.Sizeof(uintptr(0)) != 8 {
		t.Skip("the sizes are a 64-bit machine's")
	}
	for _, c := range []struct {
		name      string
		got, want uintptr
	}{
		{"pathNode", unsafe.Sizeof(pathNode{}), 64},
		{"listEntry", unsafe.Sizeof(listEntry{}), 48},
		{"litChild", unsafe.Sizeof(litChild{}), 32},
	} {
		if c.got != c.want {
			t.Errorf("%s is %d bytes, want %d", c.name, c.got, c.want)
		}
	}
}
