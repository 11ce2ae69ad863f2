package encoding

import "testing"

// BenchmarkEncode runs a query-like string through AppendRune and Finish,
// per family of encodings: mostly ASCII with some text of the family's
// script, one error.
func BenchmarkEncode(b *testing.B) {
	for _, c := range []struct{ name, text string }{
		{"UTF-8", "q=caf\u00E9&lang=fr&page=2&sort=desc"},
		{"ASCII-windows-1252", "q=search+terms&lang=en&page=2&sort=desc"},
		{"windows-1252", "q=caf\u00E9+cr\u00E8me&\u20AC=1&x=\u6F22"},
		{"KOI8-R", "q=\u043F\u0440\u0438\u0432\u0435\u0442&page=2&x=\u6F22"},
		{"gb18030", "q=\u4E2D\u6587\u641C\u7D22&page=2&x=\U0001F600"},
		{"GBK", "q=\u4E2D\u6587\u641C\u7D22&page=2&x=\U0001F600"},
		{"Big5", "q=\u4E2D\u6587\u641C\u5C0B&page=2&x=\U0001F600"},
		{"EUC-JP", "q=\u691C\u7D22\u30C6\u30B9\u30C8&page=2&x=\U0001F600"},
		{"ISO-2022-JP", "q=\u691C\u7D22\u30C6\u30B9\u30C8&page=2&x=\u00A5\U0001F600"},
		{"Shift_JIS", "q=\u691C\u7D22\u30C6\u30B9\u30C8&page=2&x=\U0001F600"},
		{"EUC-KR", "q=\uAC80\uC0C9&page=2&x=\U0001F600"},
		{"x-user-defined", "q=\uF7A9\uF7B0&page=2&x=\U0001F600"},
	} {
		name := c.name
		if len(name) > 6 && name[:6] == "ASCII-" {
			name = name[6:]
		}
		e := Lookup(name)
		runes := []rune(c.text)
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(c.text)))
			buf := make([]byte, 0, 256)
			for b.Loop() {
				enc := e.NewEncoder()
				buf = buf[:0]
				for _, r := range runes {
					buf, _, _ = enc.AppendRune(buf, r)
				}
				buf = enc.Finish(buf)
			}
		})
	}
}

// BenchmarkAppendString is BenchmarkEncode's ASCII and CJK cases through
// AppendString, which loops over ASCII without a call per byte.
func BenchmarkAppendString(b *testing.B) {
	for _, c := range []struct{ name, text string }{
		{"windows-1252", "q=search+terms&lang=en&page=2&sort=desc"},
		{"Shift_JIS", "q=\u691C\u7D22\u30C6\u30B9\u30C8&page=2&x=\U0001F600"},
		{"ISO-2022-JP", "q=\u691C\u7D22\u30C6\u30B9\u30C8&page=2&x=\u00A5\U0001F600"},
	} {
		e := Lookup(c.name)
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(c.text)))
			buf := make([]byte, 0, 256)
			for b.Loop() {
				enc := e.NewEncoder()
				buf = buf[:0]
				for s := c.text; len(s) > 0; {
					var n int
					buf, n, _, _ = enc.AppendString(buf, s)
					s = s[n:]
				}
				buf = enc.Finish(buf)
			}
		})
	}
}
