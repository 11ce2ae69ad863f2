package weburl

import (
	"strconv"
	"unicode/utf8"

	"golang.org/x/text/encoding"
)

// appendEncodedLegacy is the spec's "percent-encode after encoding" with a
// legacy encoding: raw is encoded with enc, the bytes that set holds are
// percent-encoded, and a code point enc cannot encode is written as
// %26%23N%3B (an HTML character reference). Runs of encodable code points
// go through one encoder call, so a stateful encoder such as ISO-2022-JP
// sees them whole.
func appendEncodedLegacy(dst, raw []byte, enc encoding.Encoding, set *EncodeSet) []byte {
	e := enc.NewEncoder()
	s := string(raw)
	runStart := 0
	flush := func(end int) {
		if end > runStart {
			out, err := e.String(s[runStart:end])
			if err == nil {
				for i := 0; i < len(out); i++ {
					if set.has(out[i]) {
						dst = appendPercentByte(dst, out[i])
					} else {
						dst = append(dst, out[i])
					}
				}
			}
		}
	}
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		encodable := !(r == utf8.RuneError && n == 1)
		if encodable && r >= utf8.RuneSelf {
			_, err := e.String(s[i : i+n])
			encodable = err == nil
		}
		if !encodable {
			flush(i)
			dst = append(dst, "%26%23"...)
			dst = strconv.AppendInt(dst, int64(r), 10)
			dst = append(dst, "%3B"...)
			runStart = i + n
		}
		i += n
	}
	flush(len(s))
	return dst
}
