package alloctest

import "testing"

var sink []byte

// Bytes counts what f allocates: at least the bytes it asks for, and
// little more (the runtime's own bookkeeping meanwhile).
func TestBytes(t *testing.T) {
	if n := Bytes(func() { sink = make([]byte, 1<<20) }); n < 1<<20 || n > 1<<20+64<<10 {
		t.Errorf("a 1 MiB slice: %d bytes", n)
	}
	if n := Bytes(func() {}); n > 64<<10 {
		t.Errorf("nothing: %d bytes", n)
	}
}
