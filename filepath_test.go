package weburl

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// The expected values below come from Node's documentation of
// url.pathToFileURL and url.fileURLToPath and its published tests
// (test/parallel/test-url-pathtofileurl.js, test-url-fileurltopath.js),
// marked "node"; every such case was also checked with Node v20.20.2. The
// others follow from the rules in FromFilePath's and FilePath's doc
// comments (issue 20), each written down by hand from the URL Standard;
// where Node answers differently the case says so.

type pathCase struct {
	path, href string
}

// fromPOSIX: FromFilePath(path, POSIXPath).
var fromPOSIX = []pathCase{
	// node: test-url-pathtofileurl.js, posixTestCases.
	{"/foo", "file:///foo"},
	{"/FOO", "file:///FOO"},
	{"/dir/foo", "file:///dir/foo"},
	{"/dir/", "file:///dir/"},
	{"/foo.mjs", "file:///foo.mjs"},
	{"/foo bar", "file:///foo%20bar"},
	{"/foo?bar", "file:///foo%3Fbar"},
	{"/foo#bar", "file:///foo%23bar"},
	{"/foo&bar", "file:///foo&bar"},
	{"/foo=bar", "file:///foo=bar"},
	{"/foo:bar", "file:///foo:bar"},
	{"/foo;bar", "file:///foo;bar"},
	{"/foo%bar", "file:///foo%25bar"},
	{`/foo\bar`, "file:///foo%5Cbar"},
	{"/foo\bbar", "file:///foo%08bar"},
	{"/foo\tbar", "file:///foo%09bar"},
	{"/foo\nbar", "file:///foo%0Abar"},
	{"/foo\rbar", "file:///foo%0Dbar"},
	{"/fóóbàr", "file:///f%C3%B3%C3%B3b%C3%A0r"},
	{"/€", "file:///%E2%82%AC"},
	{"/🚀", "file:///%F0%9F%9A%80"},
	{"/foo^bar", "file:///foo%5Ebar"},
	{"/foo[bar", "file:///foo%5Bbar"},
	{"/foo]bar", "file:///foo%5Dbar"},
	// node: doc/api/url.md.
	{"/foo#1", "file:///foo%231"},
	{"/some/path%.c", "file:///some/path%25.c"},
	// node: a UNC path on POSIX is one name holding backslashes.
	{`/\\nas\share\path.txt`, "file:///%5C%5Cnas%5Cshare%5Cpath.txt"},
	// Canonical first, as Node's path.resolve makes it (Node agrees).
	{"/a/../b", "file:///b"},
	{"//a//b/", "file:///a/b/"},
	{"/a/.", "file:///a"},
	{"/a/./", "file:///a/"},
	{"/a/b/..", "file:///a"},
	{"/a/b/../", "file:///a/"},
	{"/", "file:///"},
	{"/..", "file:///"},
	{"/../a", "file:///a"},
	// The rest of the path percent-encode set, DEL and |: "C|" would
	// become the drive letter "C:" (Node agrees).
	{"/a{b}c`d\"e<f>g", "file:///a%7Bb%7Dc%60d%22e%3Cf%3Eg"},
	{"/a\x7fb", "file:///a%7Fb"},
	// A C0 control at the end is kept (Node's URL parser trims it:
	// file:///a).
	{"/a\x01", "file:///a%01"},
	{"/ a ", "file:///%20a%20"},
	{"/C|/x", "file:///C%7C/x"},
	{"/C:/x", "file:///C:/x"},
	{"/a@b$c+d,e!f'g(h)*", "file:///a@b$c+d,e!f'g(h)*"},
	// A name is bytes, not percent-encoded text; %2e is no dot.
	{"/a%2Fb", "file:///a%252Fb"},
	{"/%2e%2e/x", "file:///%252e%252e/x"},
	{"/.a/..b/...", "file:///.a/..b/..."},
	// ~ stays (Node writes %7E); bytes that are not UTF-8 keep their
	// value (a JavaScript string cannot hold them).
	{"/a~b", "file:///a~b"},
	{"/\xff\xfe/\xc3", "file:///%FF%FE/%C3"},
}

// fromWindows: FromFilePath(path, WindowsPath).
var fromWindows = []pathCase{
	// node: test-url-pathtofileurl.js, windowsTestCases.
	{`C:\foo`, "file:///C:/foo"},
	{`C:\FOO`, "file:///C:/FOO"},
	{`C:\dir\foo`, "file:///C:/dir/foo"},
	{`C:\dir\`, "file:///C:/dir/"},
	{`C:\foo.mjs`, "file:///C:/foo.mjs"},
	{`C:\foo bar`, "file:///C:/foo%20bar"},
	{`C:\foo?bar`, "file:///C:/foo%3Fbar"},
	{`C:\foo#bar`, "file:///C:/foo%23bar"},
	{`C:\foo&bar`, "file:///C:/foo&bar"},
	{`C:\foo=bar`, "file:///C:/foo=bar"},
	{`C:\foo:bar`, "file:///C:/foo:bar"},
	{`C:\foo;bar`, "file:///C:/foo;bar"},
	{`C:\foo%bar`, "file:///C:/foo%25bar"},
	{`C:\foo\bar`, "file:///C:/foo/bar"},
	{"C:\\foo\bbar", "file:///C:/foo%08bar"},
	{"C:\\foo\tbar", "file:///C:/foo%09bar"},
	{"C:\\foo\nbar", "file:///C:/foo%0Abar"},
	{"C:\\foo\rbar", "file:///C:/foo%0Dbar"},
	{`C:\fóóbàr`, "file:///C:/f%C3%B3%C3%B3b%C3%A0r"},
	{`C:\€`, "file:///C:/%E2%82%AC"},
	{`C:\🚀`, "file:///C:/%F0%9F%9A%80"},
	{`C:\foo^bar`, "file:///C:/foo%5Ebar"},
	{`C:\foo[bar`, "file:///C:/foo%5Bbar"},
	{`C:\foo]bar`, "file:///C:/foo%5Dbar"},
	{`\\?\C:\path\to\file.txt`, "file:///C:/path/to/file.txt"},
	{`\\nas\My Docs\File.doc`, "file://nas/My%20Docs/File.doc"},
	{`\\?\UNC\server\share\folder\file.txt`, "file://server/share/folder/file.txt"},
	// Drive paths: the letter as written, / as a separator, canonical
	// (Node agrees).
	{`c:\x`, "file:///c:/x"},
	{`C:/a/b`, "file:///C:/a/b"},
	{`C:\a\..\..\b`, "file:///C:/b"},
	// A drive's root (Node on POSIX: file:///C://).
	{`C:\`, "file:///C:/"},
	{`C:/`, "file:///C:/"},
	{`C:\a\.`, "file:///C:/a"},
	{`C:\a\\b\.\`, "file:///C:/a/b/"},
	{`C:\a\b|c`, "file:///C:/a/b%7Cc"},
	{`C:\foo%2Fbar`, "file:///C:/foo%252Fbar"},
	// ~ stays (Node writes %7E); a byte that is not UTF-8 keeps its value.
	{`C:\a~b`, "file:///C:/a~b"},
	{"C:\\\xff", "file:///C:/%FF"},
	// UNC: the server through the host parser (Node agrees).
	{`\\SERVER\share`, "file://server/share"},
	{`\\server\share\`, "file://server/share/"},
	{`\\bücher\s`, "file://xn--bcher-kva/s"},
	{`\\127.0.0.1\s`, "file://127.0.0.1/s"},
	{`\\0x7f.1\s`, "file://127.0.0.1/s"},
	{`\\[::1]\s\x`, "file://[::1]/s/x"},
	{`\\server\s p\a#b`, "file://server/s%20p/a%23b"},
	// UNC in \\?\UNC\ in any case, as Windows reads it (Node: only UNC).
	{`\\?\unc\server\share`, "file://server/share"},
	// UNC paths are made canonical as drive paths are: ".." stops at the
	// share, empty names go, / separates (Node: file://server/x,
	// file://server/share//x, file:////server/share/x, file://server/x/).
	{`\\server\share\..\..\x`, "file://server/share/x"},
	{`\\server\share\\x`, "file://server/share/x"},
	{`//server/share/x`, "file://server/share/x"},
	{`\\server/share\x/`, "file://server/share/x/"},
}

// fromErrors: FromFilePath fails, with a Reason that holds the word.
var fromErrors = []struct {
	path  string
	style PathStyle
	word  string // in the Reason
	err   string // the validation error's name, if any; * for any name
}{
	{"", POSIXPath, "absolute", ""},
	{"a/b", POSIXPath, "absolute", ""},
	{"./a", POSIXPath, "absolute", ""},
	{`C:\x`, POSIXPath, "absolute", ""},
	{"/a\x00b", POSIXPath, "NUL", ""},
	{"\x00", POSIXPath, "NUL", ""},
	{"/a", PathStyle(3), "style", ""},
	{`C:\a` + "\x00", WindowsPath, "NUL", ""},
	{"", WindowsPath, "relative", ""},
	{`a\b`, WindowsPath, "relative", ""},
	{`..\b`, WindowsPath, "relative", ""},
	{`C:`, WindowsPath, "drive-relative", ""},
	{`C:x`, WindowsPath, "drive-relative", ""},
	{`\x`, WindowsPath, "root of the current drive", ""},
	{`/x`, WindowsPath, "root of the current drive", ""},
	// node: missing server; missing share.
	{`\\\no-server`, WindowsPath, "without a server", ""},
	{`\\host`, WindowsPath, "without a share", ""},
	{`\\`, WindowsPath, "without a server", ""},
	{`\\server\`, WindowsPath, "without a share", ""},
	{`\\server\\x`, WindowsPath, "without a share", ""},
	{`\\server\.\x`, WindowsPath, "share is .", ""},
	{`\\server\..`, WindowsPath, "share is ..", ""},
	{`\\.\C:\x`, WindowsPath, "device", ""},
	{`//./pipe/x`, WindowsPath, "device", ""},
	{`\\?\Volume{b75e2c83-0000-0000-0000-602f00000000}\x`, WindowsPath, "extended-length", ""},
	{`\\?\C:`, WindowsPath, "drive-relative", ""},
	{`\\?\UNC\server`, WindowsPath, "without a share", ""},
	{`\\localhost\C$\x`, WindowsPath, "no host", ""},
	{`\\LOCALHOST\C$\x`, WindowsPath, "no host", ""},
	{`\\C|\s`, WindowsPath, "no host", ""},
	{`\\a%41\s`, WindowsPath, `'%'`, ""},
	{`\\a?b\s`, WindowsPath, `'?'`, ""},
	{`\\a#b\s`, WindowsPath, `'#'`, ""},
	{"\\\\a\tb\\s", WindowsPath, `'\t'`, ""},
	{`\\a b\s`, WindowsPath, "not a valid host", "*"},
	{`\\a@b\s`, WindowsPath, "not a valid host", "*"},
	{`\\1.2.3.256\s`, WindowsPath, "not a valid host", "IPv4-out-of-range-part"},
	{`\\[::1\s`, WindowsPath, "not a valid host", "IPv6-unclosed"},
}

func TestFromFilePath(t *testing.T) {
	for _, tc := range []struct {
		style PathStyle
		cases []pathCase
	}{{POSIXPath, fromPOSIX}, {WindowsPath, fromWindows}} {
		for _, c := range tc.cases {
			u, err := FromFilePath(c.path, tc.style)
			if err != nil {
				t.Errorf("FromFilePath(%q, %v): %v; want %s", c.path, tc.style, err, c.href)
				continue
			}
			if u.Href() != c.href {
				t.Errorf("FromFilePath(%q, %v) = %s; want %s", c.path, tc.style, u.Href(), c.href)
			}
			if v, err := Parse(u.Href()); err != nil || v.Href() != u.Href() {
				t.Errorf("FromFilePath(%q, %v) = %s, which does not reparse to itself", c.path, tc.style, u.Href())
			}
		}
	}
}

func TestFromFilePathErrors(t *testing.T) {
	for _, c := range fromErrors {
		u, err := FromFilePath(c.path, c.style)
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("FromFilePath(%q, %v) = %v, %v; want an *Error", c.path, c.style, u, err)
			continue
		}
		if u != nil || e.Op != "from file path" || e.Input != c.path || !strings.Contains(e.Err.Error(), c.word) {
			t.Errorf("FromFilePath(%q, %v): %v; want Op from file path, the path, and a reason with %q", c.path, c.style, err, c.word)
		}
		if string(nameOf(e)) != c.err && !(c.err == "*" && nameOf(e) != "") {
			t.Errorf("FromFilePath(%q, %v): validation error %q; want %q", c.path, c.style, nameOf(e), c.err)
		}
		if !strings.Contains(err.Error(), c.word) {
			t.Errorf("FromFilePath(%q, %v): message %q does not say %q", c.path, c.style, err, c.word)
		}
	}
}

type hrefCase struct {
	href, path string
}

// toPOSIX: Parse(href).FilePath(POSIXPath).
var toPOSIX = []hrefCase{
	// node: test-url-fileurltopath.js, the POSIX cases.
	{"file:///foo", "/foo"},
	{"file:///FOO", "/FOO"},
	{"file:///dir/foo", "/dir/foo"},
	{"file:///dir/", "/dir/"},
	{"file:///foo.mjs", "/foo.mjs"},
	{"file:///foo%20bar", "/foo bar"},
	{"file:///foo%3Fbar", "/foo?bar"},
	{"file:///foo%23bar", "/foo#bar"},
	{"file:///foo&bar", "/foo&bar"},
	{"file:///foo=bar", "/foo=bar"},
	{"file:///foo:bar", "/foo:bar"},
	{"file:///foo;bar", "/foo;bar"},
	{"file:///foo%25bar", "/foo%bar"},
	{"file:///foo%5Cbar", `/foo\bar`},
	{"file:///foo%08bar", "/foo\bbar"},
	{"file:///foo%09bar", "/foo\tbar"},
	{"file:///foo%0Abar", "/foo\nbar"},
	{"file:///foo%0Dbar", "/foo\rbar"},
	{"file:///f%C3%B3%C3%B3b%C3%A0r", "/fóóbàr"},
	{"file:///%E2%82%AC", "/€"},
	{"file:///%F0%9F%9A%80", "/🚀"},
	// node: doc/api/url.md.
	{"file:///你好.txt", "/你好.txt"},
	{"file:///hello world", "/hello world"},
	// node: localhost is no host; the query and fragment are no part of
	// the path.
	{"file://localhost/a", "/a"},
	{"file:///a?q#f", "/a"},
	{"file:///C:/a%5Cb", `/C:/a\b`},
	{"file:///", "/"},
	// Decoded to bytes, which need not be UTF-8, and a % without two hex
	// digits stays (Node throws URIError for both).
	{"file:///%FF%fe", "/\xff\xfe"},
	{"file:///a%252F", "/a%2F"},
	{"file:///a%zz%2", "/a%zz%2"},
}

// toWindows: Parse(href).FilePath(WindowsPath).
var toWindows = []hrefCase{
	// node: test-url-fileurltopath.js, the Windows cases.
	{"file:///C:/foo", `C:\foo`},
	{"file:///C:/FOO", `C:\FOO`},
	{"file:///C:/dir/foo", `C:\dir\foo`},
	{"file:///C:/dir/", `C:\dir\`},
	{"file:///C:/foo.mjs", `C:\foo.mjs`},
	{"file:///C:/foo%20bar", `C:\foo bar`},
	{"file:///C:/foo%3Fbar", `C:\foo?bar`},
	{"file:///C:/foo%23bar", `C:\foo#bar`},
	{"file:///C:/foo&bar", `C:\foo&bar`},
	{"file:///C:/foo=bar", `C:\foo=bar`},
	{"file:///C:/foo:bar", `C:\foo:bar`},
	{"file:///C:/foo;bar", `C:\foo;bar`},
	{"file:///C:/foo%25bar", `C:\foo%bar`},
	{"file:///C:/foo/bar", `C:\foo\bar`},
	{"file:///C:/foo%08bar", "C:\\foo\bbar"},
	{"file:///C:/foo%09bar", "C:\\foo\tbar"},
	{"file:///C:/foo%0Abar", "C:\\foo\nbar"},
	{"file:///C:/foo%0Dbar", "C:\\foo\rbar"},
	{"file:///C:/f%C3%B3%C3%B3b%C3%A0r", `C:\fóóbàr`},
	{"file:///C:/%E2%82%AC", `C:\€`},
	{"file:///C:/%F0%9F%9A%80", `C:\🚀`},
	{"file://nas/My%20Docs/File.doc", `\\nas\My Docs\File.doc`},
	{"file://host/a", `\\host\a`},
	// node: doc/api/url.md.
	{"file:///C:/path/", `C:\path\`},
	{"file://nas/foo.txt", `\\nas\foo.txt`},
	// Node agrees: the drive letter read after decoding; its case kept;
	// the host in Unicode; an IPv6 host in brackets.
	{"file:///C%3A/x", `C:\x`},
	{"file:///c:/x/", `c:\x\`},
	{"file://xn--bcher-kva/s/x", `\\bücher\s\x`},
	{"file://[::1]/s", `\\[::1]\s`},
	{"file://localhost/C:/x", `C:\x`},
	{"file:///C|/x", `C:\x`},
	{"file:///C:/a?q#f", `C:\a`},
	// The drive's root (Node: the drive-relative "C:"); bytes that are not
	// UTF-8 (Node throws URIError).
	{"file:///C:", `C:\`},
	{"file:///C:/%FF", "C:\\\xff"},
}

// toErrors: FilePath fails, with a Reason that holds the word.
var toErrors = []struct {
	href  string
	style PathStyle
	word  string
}{
	// node: not a file URL; a host on POSIX; %2F, %5C; no drive letter.
	{"https://a/b/c", POSIXPath, "scheme"},
	{"https://a/b/c", WindowsPath, "scheme"},
	{"file://host/a", POSIXPath, "host"},
	{"file:///a%2F/", POSIXPath, "%2F"},
	{"file:///C:/a%2F/", WindowsPath, "%2F"},
	{"file:///C:/a%5C/", WindowsPath, "%5C"},
	{"file:///?:/", WindowsPath, "drive letter"},
	// Our own.
	{"file:///a%2f", POSIXPath, "%2f"},
	{"file:///C:/a%5c", WindowsPath, "%5c"},
	{"file:///a%00b", POSIXPath, "NUL"},
	{"file:///C:/a%00", WindowsPath, "NUL"},
	{"file://h/%00", WindowsPath, "NUL"},
	{"file:///", WindowsPath, "drive letter"},
	{"file:///a", WindowsPath, "drive letter"},
	{"file:///C:x", WindowsPath, "drive letter"},
	{"file:///1:/x", WindowsPath, "drive letter"},
	{"file://server/", WindowsPath, "share"},
	{"file://server", WindowsPath, "share"},
	{"file://server//x", WindowsPath, "share"},
	{"file://[::1]/x", POSIXPath, "host"},
	{"sc:/C:/x", WindowsPath, "scheme"},
	{"file:///a", PathStyle(200), "style"},
	// Device paths, which FromFilePath refuses too (found by
	// FuzzFilePathWindows: file://./0000).
	{"file://./pipe/x", WindowsPath, "device"},
	{"file://./0000", WindowsPath, "device"},
	{"file://%2E/PhysicalDrive0/", WindowsPath, "device"},
	{"file://\u3002/GLOBALROOT/Device/x", WindowsPath, "device"},
	{"file://./C:/x", WindowsPath, "device"},
}

func TestFilePath(t *testing.T) {
	for _, tc := range []struct {
		style PathStyle
		cases []hrefCase
	}{{POSIXPath, toPOSIX}, {WindowsPath, toWindows}} {
		for _, c := range tc.cases {
			u, err := Parse(c.href)
			if err != nil {
				t.Fatal(err)
			}
			p, err := u.FilePath(tc.style)
			if err != nil || p != c.path {
				t.Errorf("Parse(%q).FilePath(%v) = %q, %v; want %q", c.href, tc.style, p, err, c.path)
			}
		}
	}
	for _, c := range toErrors {
		u, err := Parse(c.href)
		if err != nil {
			t.Fatal(err)
		}
		p, err := u.FilePath(c.style)
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("Parse(%q).FilePath(%v) = %q, %v; want an *Error", c.href, c.style, p, err)
			continue
		}
		if p != "" || e.Op != "file path" || e.Input != u.Href() || !strings.Contains(e.Err.Error(), c.word) || !strings.Contains(err.Error(), c.word) {
			t.Errorf("Parse(%q).FilePath(%v): %v; want Op file path, the href, and a reason with %q", c.href, c.style, err, c.word)
		}
	}
	// The nil and the zero URL are no file URLs.
	for _, u := range []*URL{nil, new(URL)} {
		var e *Error
		if p, err := u.FilePath(POSIXPath); !errors.As(err, &e) || p != "" || !strings.Contains(e.Err.Error(), "zero URL") {
			t.Errorf("%#v.FilePath = %q, %v; want an *Error", u, p, err)
		}
	}
}

// TestFilePathRoundTrip: for canonical absolute paths, FilePath gives back
// the path FromFilePath took, in both styles on any OS.
func TestFilePathRoundTrip(t *testing.T) {
	posix := []string{"/", "/a", "/a/", "/tmp/a b#1?x%41", "/\xff\x80/é/\\x", "/C:/x", "/C:", "/c|",
		"/.a/..b/a.", "/%2e%2e", "/~user/[x]{y}<z>`^\"'|", "/\x01\x1f\x7f", "/a:b;c=d@e", "/" + strings.Repeat("ab/", 50)}
	for _, p := range posix {
		checkRoundTrip(t, p, POSIXPath)
	}
	windows := []string{`C:\`, `C:\a`, `d:\a\b\`, `C:\Program Files (x86)\x#y%z?`, `C:\é\€\🚀`, `Z:\a:b\[c]|^`,
		`\\server\share`, `\\server\share\`, `\\server\share\dir\file.txt`, `\\10.0.0.1\c$\x`, `\\[::1]\s\t`,
		"C:\\\xff\\\x80", `\\bücher\ß`}
	for _, p := range windows {
		checkRoundTrip(t, p, WindowsPath)
	}
}

// checkRoundTrip asserts that p survives FromFilePath and FilePath, and
// that the href reparses to itself.
func checkRoundTrip(t *testing.T, p string, style PathStyle) {
	t.Helper()
	u, err := FromFilePath(p, style)
	if err != nil {
		t.Fatalf("FromFilePath(%q, %v): %v", p, style, err)
	}
	if v, err := Parse(u.Href()); err != nil || v.Href() != u.Href() {
		t.Fatalf("FromFilePath(%q, %v) = %s, which does not reparse to itself", p, style, u.Href())
	}
	back, err := u.FilePath(style)
	if err != nil || back != p {
		t.Fatalf("FromFilePath(%q, %v) = %s, whose FilePath is %q, %v", p, style, u.Href(), back, err)
	}
}

// TestNativePath: NativePath is the running OS's style, and resolves a
// relative path against the working directory.
func TestNativePath(t *testing.T) {
	native := POSIXPath
	if runtime.GOOS == "windows" {
		native = WindowsPath
	}
	abs := "/tmp/a b"
	if native == WindowsPath {
		abs = `C:\tmp\a b`
	}
	u, err := FromFilePath(abs, NativePath)
	if err != nil || u.Href() != map[PathStyle]string{POSIXPath: "file:///tmp/a%20b", WindowsPath: "file:///C:/tmp/a%20b"}[native] {
		t.Errorf("FromFilePath(%q, NativePath) = %v, %v", abs, u, err)
	}
	if p, err := u.FilePath(NativePath); err != nil || p != abs {
		t.Errorf("FilePath(NativePath) = %q, %v; want %q", p, err, abs)
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Skip("no working directory:", err)
	}
	for _, rel := range []string{"a b", filepath.Join("x", "..", "y#1"), ""} {
		u, err := FromFilePath(rel, NativePath)
		if err != nil {
			t.Errorf("FromFilePath(%q, NativePath): %v", rel, err)
			continue
		}
		want := filepath.Join(wd, rel)
		if p, err := u.FilePath(NativePath); err != nil || p != want {
			t.Errorf("FromFilePath(%q, NativePath) = %s, whose FilePath is %q, %v; want %q", rel, u.Href(), p, err, want)
		}
		if _, err := FromFilePath(rel, native); err == nil {
			t.Errorf("FromFilePath(%q, %v) takes a relative path", rel, native)
		}
	}
	for s, want := range map[PathStyle]string{NativePath: "native", POSIXPath: "POSIX", WindowsPath: "Windows", 7: "PathStyle(7)"} {
		if s.String() != want {
			t.Errorf("PathStyle(%d).String() = %q; want %q", s, s.String(), want)
		}
	}
}
