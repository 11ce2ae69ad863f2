package weburl

import (
	"errors"
	"net/url"
	"strings"
	"testing"

	"github.com/weburl/weburl/internal/quote/quotetest"
)

// Every error of the root package on 1 MiB inputs quotes at most about
// 1 KiB of each input it names and says how much it left out: the
// parser's (against a base, of a base), the setters', the net/url
// bridge's, the file path conversions', the domain parser's, the origin's,
// AppendPathSegments', ParseSuffixList's, the unmarshalers'. cut is the
// number of inputs over 1 KiB the message names (an input and a part of
// it, such as a host, count twice).
func TestErrorMessagesBounded(t *testing.T) {
	long := quotetest.Long(t)
	bad := "http://[" + long // IPv6-unclosed
	longURL := MustParse("http://example.com/" + long)
	mustErr := func(_ any, err error) error { return err }
	for _, tc := range []struct {
		name string
		err  func() error
		cut  int
	}{
		{"Parse", func() error { return mustErr(Parse(bad)) }, 1},
		{"Parse: a long scheme", func() error { return mustErr(Parse("1" + long + ":x")) }, 1},
		{"Parse: a port out of range", func() error { return mustErr(Parse("http://h:" + strings.Repeat("9", 1<<20) + "/")) }, 1},
		{"Parse: a relative reference", func() error { return mustErr(Parse(long)) }, 1},
		{"ParseRef against a 1 MiB base", func() error { return mustErr(ParseRef(bad, longURL.Href())) }, 2},
		{"ParseRef of a base that fails", func() error { return mustErr(ParseRef("x", bad)) }, 1},
		{"URL.Parse", func() error { return mustErr(longURL.Parse(bad)) }, 2},
		{"Parser.Parse", func() error { return mustErr((&Parser{}).Parse(bad, nil)) }, 1},
		{"SetHref", func() error { u := MustParse("http://h/"); return u.SetHref(bad) }, 1},
		{"SetProtocol", func() error { u := MustParse("http://h/"); return u.SetProtocol(long + "~:") }, 1},
		{"SetHost", func() error { u := MustParse("http://h/"); return u.SetHost("[" + long) }, 1},
		{"SetHostname on a URL with a 1 MiB path", func() error { return longURL.Clone().SetHostname("[" + long) }, 1},
		{"SetPort", func() error { u := MustParse("file:///" + long); return u.SetPort("80") }, 0},
		{"SetUsername on a file URL", func() error { u := MustParse("file:///x"); return u.SetUsername(long) }, 1},
		{"FromNetURL: a relative reference", func() error { return mustErr(FromNetURL(&url.URL{Path: long})) }, 1},
		{"FromNetURL: an href that fails", func() error { return mustErr(FromNetURL(&url.URL{Scheme: "http", Host: "[" + long})) }, 2},
		{"FromFilePath: a relative path", func() error { return mustErr(FromFilePath(long, POSIXPath)) }, 1},
		{"FromFilePath: a UNC server that holds %", func() error {
			return mustErr(FromFilePath(`\\`+long+`%\share\x`, WindowsPath))
		}, 2},
		{"FromFilePath: a UNC server that is no host", func() error {
			return mustErr(FromFilePath(`\\[`+long+`\share\x`, WindowsPath))
		}, 2},
		{"FilePath: not a file URL", func() error { return mustErr(longURL.FilePath(POSIXPath)) }, 1},
		{"FilePath: another machine", func() error { return mustErr(MustParse("file://" + long + "/x").FilePath(POSIXPath)) }, 2},
		{"FilePath: a UNC path without a share", func() error { return mustErr(MustParse("file://" + long + "/").FilePath(WindowsPath)) }, 2},
		{"FilePath: a device path", func() error { return mustErr(MustParse("file://./" + long).FilePath(WindowsPath)) }, 2},
		{"ParseDomain", func() error { return mustErr(ParseDomain(long+"%", false)) }, 1},
		{"ParseDomain, strict", func() error { return mustErr(ParseDomain(long+".com", true)) }, 1},
		{"DomainToUnicode", func() error { return mustErr(DomainToUnicode("xn--" + long + "-")) }, 1},
		{"Origin.WithDomain", func() error { return mustErr(MustParse("http://example.com/").Origin().WithDomain(long + ".org")) }, 1},
		{"Origin.WithDomain, a 1 MiB host", func() error {
			return mustErr(MustParse("http://" + long + ".com/").Origin().WithDomain("example.org"))
		}, 1},
		{"AppendPathSegments on an opaque path", func() error { u := MustParse("mailto:" + long); return u.AppendPathSegments("x") }, 1},
		{"ParseSuffixList: a bad line", func() error { return mustErr(ParseSuffixList(strings.NewReader("com\n" + long + "!\n"))) }, 1},
		{"UnmarshalText", func() error { var u URL; return u.UnmarshalText([]byte(bad)) }, 1},
		{"UnmarshalJSON", func() error { var u URL; return u.UnmarshalJSON([]byte(`"` + bad + `"`)) }, 1},
	} {
		quotetest.Check(t, tc.name, tc.err(), tc.cut, "")
	}
}

// nameOf returns the ErrorName that err is or wraps, "" if none.
func nameOf(err error) ErrorName {
	var n ErrorName
	errors.As(err, &n)
	return n
}
