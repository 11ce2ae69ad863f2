package links

import (
	"strings"
	"testing"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/unicode"
)

// encode writes s in enc, as a legacy page is stored.
func encode(t *testing.T, enc encoding.Encoding, s string) string {
	t.Helper()
	b, err := enc.NewEncoder().String(s)
	if err != nil {
		t.Fatalf("encoding %q: %v", s, err)
	}
	return b
}

func TestEncodings(t *testing.T) {
	// The hand-worked bytes: パ is E3 83 91 and ス E3 82 B9 in UTF-8; in
	// Shift_JIS テ is 83 65 ("e"), ス 83 58 ("X"), ト 83 67 ("g"). In
	// windows-1251 П р и в е т are CF F0 E8 E2 E5 F2, and in UTF-8 D0 9F,
	// D1 80, D0 B8, D0 B2, D0 B5, D1 82. In GBK 中 is D6 D0 and 文 CE C4.
	// é is E9 in windows-1252 and C3 A9 in UTF-8.
	const (
		pathJA   = "/%E3%83%91%E3%82%B9"
		queryJA  = "q=%83e%83X%83g"
		pathRU   = "/%D0%9F%D1%80%D0%B8%D0%B2%D0%B5%D1%82"
		queryRU  = "q=%CF%F0%E8%E2%E5%F2"
		queryRU8 = "q=%D0%9F%D1%80%D0%B8%D0%B2%D0%B5%D1%82"
		queryZH  = "q=%D6%D0%CE%C4"
	)
	utf16le := unicode.UTF16(unicode.LittleEndian, unicode.UseBOM)
	utf16be := unicode.UTF16(unicode.BigEndian, unicode.UseBOM)
	tests := []struct {
		name, page, contentType string
		want                    []want
	}{
		{"Shift_JIS from meta charset",
			encode(t, japanese.ShiftJIS, `<meta charset="shift_jis"><a href="/パス?q=テスト">`), "",
			[]want{{"a", "href", "/パス?q=テスト", "https://example.com" + pathJA + "?" + queryJA, ""}}},
		{"windows-1251 from Content-Type",
			encode(t, charmap.Windows1251, `<a href="/Привет?q=Привет">`), "text/html; charset=windows-1251",
			[]want{{"a", "href", "/Привет?q=Привет", "https://example.com" + pathRU + "?" + queryRU, ""}}},
		{"GBK from http-equiv content-type",
			encode(t, simplifiedchinese.GBK, `<meta http-equiv="Content-Type" content="text/html; charset=gbk"><a href="?q=中文">`), "",
			[]want{{"a", "href", "?q=中文", "https://example.com/dir/page.html?" + queryZH, ""}}},
		{"Content-Type beats meta",
			encode(t, charmap.Windows1251, `<meta charset="shift_jis"><a href="?q=Привет">`), "text/html;charset=CP1251",
			[]want{{"a", "href", "?q=Привет", "https://example.com/dir/page.html?" + queryRU, ""}}},
		{"an unknown Content-Type charset is ignored for meta",
			encode(t, charmap.Windows1251, `<meta charset="windows-1251"><a href="?q=Привет">`), "text/html; charset=bogus",
			[]want{{"a", "href", "?q=Привет", "https://example.com/dir/page.html?" + queryRU, ""}}},
		{"UTF-8 BOM beats Content-Type",
			"\xef\xbb\xbf<a href=\"/é?q=é\">", "text/html; charset=windows-1252",
			[]want{{"a", "href", "/é?q=é", "https://example.com/%C3%A9?q=%C3%A9", ""}}},
		{"UTF-16LE BOM: queries in UTF-8",
			encode(t, utf16le, `<a href="/Привет?q=Привет">`), "",
			[]want{{"a", "href", "/Привет?q=Привет", "https://example.com" + pathRU + "?" + queryRU8, ""}}},
		{"UTF-16BE BOM beats Content-Type",
			encode(t, utf16be, `<a href="?q=Привет">`), "text/html; charset=windows-1251",
			[]want{{"a", "href", "?q=Привет", "https://example.com/dir/page.html?" + queryRU8, ""}}},
		{"UTF-16 from Content-Type without a BOM",
			encode(t, unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM), `<a href="?q=Привет">`), "text/html; charset=utf-16le",
			[]want{{"a", "href", "?q=Привет", "https://example.com/dir/page.html?" + queryRU8, ""}}},
		{"meta utf-16 means UTF-8",
			`<meta charset="utf-16"><a href="?q=é">`, "",
			[]want{{"a", "href", "?q=é", "https://example.com/dir/page.html?q=%C3%A9", ""}}},
		{"no charset, not UTF-8: windows-1252",
			"<a href=\"/\xe9?q=\xe9\">", "",
			[]want{{"a", "href", "/é?q=é", "https://example.com/%C3%A9?q=%E9", ""}}},
		{"no charset, valid UTF-8: UTF-8",
			`<a href="/é?q=é">`, "",
			[]want{{"a", "href", "/é?q=é", "https://example.com/%C3%A9?q=%C3%A9", ""}}},
		{"UTF-8 after 1024 ASCII bytes is read as windows-1252",
			strings.Repeat(" ", 1024) + `<a href="/é?q=é">`, "",
			// é's bytes C3 A9 decode as "Ã©"; the path is that in UTF-8,
			// the query those two bytes again.
			[]want{{"a", "href", "/Ã©?q=Ã©", "https://example.com/%C3%83%C2%A9?q=%C3%A9", ""}}},
		{"unknown meta charset: default",
			"<meta charset=\"klingon\"><a href=\"?q=\xe9\">", "",
			[]want{{"a", "href", "?q=é", "https://example.com/dir/page.html?q=%E9", ""}}},
		{"meta x-user-defined means windows-1252",
			"<meta charset=\"x-user-defined\"><a href=\"?q=\x80\">", "",
			[]want{{"a", "href", "?q=€", "https://example.com/dir/page.html?q=%80", ""}}},
		{"legacy encoding: an unencodable code point is a character reference",
			encode(t, charmap.Windows1251, `<a href="?q=П&#x3042;">`), "text/html; charset=windows-1251",
			[]want{{"a", "href", "?q=Пあ", "https://example.com/dir/page.html?q=%CF%26%2312354%3B", ""}}},
		{"legacy encoding: non-special and ws queries stay UTF-8",
			encode(t, charmap.Windows1251, `<a href="foo:bar?q=П"><a href="ws://h.example/?q=П"><a href="http://h.example/?q=П">`), "text/html; charset=windows-1251",
			[]want{
				{"a", "href", "foo:bar?q=П", "foo:bar?q=%D0%9F", ""},
				{"a", "href", "ws://h.example/?q=П", "ws://h.example/?q=%D0%9F", ""},
				{"a", "href", "http://h.example/?q=П", "http://h.example/?q=%CF", ""},
			}},
		{"legacy encoding: the base's query too",
			encode(t, charmap.Windows1251, `<base href="/b/?q=П"><a href="#f">`), "text/html; charset=windows-1251",
			[]want{{"a", "href", "#f", "https://example.com/b/?q=%CF#f", ""}}},
		{"legacy encoding: fragments stay UTF-8",
			encode(t, japanese.ShiftJIS, `<meta charset="Shift_JIS"><a href="#テ">`), "",
			[]want{{"a", "href", "#テ", "https://example.com/dir/page.html?x#%E3%83%86", ""}}},
		// MIME Sniffing's parser, as browsers read the header: a value's
		// quote closes at the end, the first of two charsets counts, and a
		// parameter without '=' is skipped (mime.ParseMediaType refuses
		// all three).
		{"Content-Type with an unclosed quote",
			encode(t, charmap.Windows1251, `<a href="?q=Привет">`), "text/html;charset=\"windows-1251",
			[]want{{"a", "href", "?q=Привет", "https://example.com/dir/page.html?" + queryRU, ""}}},
		{"Content-Type with two charsets",
			encode(t, charmap.Windows1251, `<a href="?q=Привет">`), "text/html;charset=windows-1251;charset=shift_jis",
			[]want{{"a", "href", "?q=Привет", "https://example.com/dir/page.html?" + queryRU, ""}}},
		{"Content-Type with a bare parameter",
			encode(t, charmap.Windows1251, `<a href="?q=Привет">`), "text/html;test;charset= WINDOWS-1251 ",
			[]want{{"a", "href", "?q=Привет", "https://example.com/dir/page.html?" + queryRU, ""}}},
		{"a Content-Type label with a colon, which RFC 2045 must quote",
			encode(t, charmap.ISO8859_2, `<a href="/ą?q=ą">`), "text/html; charset=iso_8859-2:1987",
			[]want{{"a", "href", "/ą?q=ą", "https://example.com/%C4%85?q=%B1", ""}}},
		{"replacement encoding yields nothing",
			`<a href="x">`, "text/html; charset=iso-2022-kr",
			nil},
		{"invalid UTF-8 becomes U+FFFD",
			"<meta charset=utf-8><a href=\"/\xff?q=\xff\">", "",
			[]want{{"a", "href", "/\ufffd?q=\ufffd", "https://example.com/%EF%BF%BD?q=%EF%BF%BD", ""}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			checkLinks(t, extract(t, tc.page, pageURL, tc.contentType), tc.want)
		})
	}
}

func TestDecodeErrors(t *testing.T) {
	// A Content-Type that does not parse is no charset, not an error.
	for _, ct := range []string{"", ";;;", "text/html; charset", "text/html; charset=\"", "\x00"} {
		got, err := Extract(strings.NewReader(`<a href="https://a.example/">`), nil, ct)
		if err != nil || len(got) != 1 || got[0].URL == nil {
			t.Errorf("Content-Type %q: %v, %v", ct, got, err)
		}
	}
}
