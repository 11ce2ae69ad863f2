package weburl

import (
	"errors"
	"path"
	"strings"
	"testing"
)

// The fuzz targets of FromFilePath and FilePath: both round trips, in both
// styles, on any OS. Seeds are the cases of filepath_test.go.

// FuzzFilePathPOSIX: a POSIX path goes to a file URL whose href reparses
// to itself and back to the path made canonical as path.Clean does (with a
// final "/" kept); a canonical path comes back byte for byte; the input
// read as a URL gives a path or an *Error, never a panic.
func FuzzFilePathPOSIX(f *testing.F) {
	for _, c := range fromPOSIX {
		f.Add(c.path)
	}
	for _, c := range toPOSIX {
		f.Add(c.href)
	}
	f.Fuzz(func(t *testing.T, p string) {
		u, err := FromFilePath(p, POSIXPath)
		bad := strings.IndexByte(p, 0) >= 0 || !strings.HasPrefix(p, "/")
		if err != nil {
			checkFilePathError(t, err, "from file path", p)
			if !bad {
				t.Fatalf("FromFilePath(%q, POSIXPath): %v", p, err)
			}
		} else {
			if bad {
				t.Fatalf("FromFilePath(%q, POSIXPath) = %s; want an error", p, u.Href())
			}
			want := path.Clean(p)
			if strings.HasSuffix(p, "/") && want != "/" {
				want += "/"
			}
			checkFileURL(t, u, p, want, POSIXPath)
		}
		// A canonical path made of p's names comes back as it is.
		var names []string
		for name := range strings.SplitSeq(strings.ReplaceAll(p, "\x00", ""), "/") {
			if name != "" && name != "." && name != ".." {
				names = append(names, name)
			}
		}
		q := "/" + strings.Join(names, "/")
		if u, err := FromFilePath(q, POSIXPath); err != nil {
			t.Fatalf("FromFilePath(%q, POSIXPath): %v", q, err)
		} else {
			checkFileURL(t, u, q, q, POSIXPath)
		}
		checkURLToPath(t, p, POSIXPath)
	})
}

// FuzzFilePathWindows: a Windows path goes to a file URL or an *Error; the
// URL's href reparses to itself, its path goes to the same URL again; a
// drive or UNC path made of p's names comes back byte for byte; the input
// read as a URL gives a path or an *Error, never a panic.
func FuzzFilePathWindows(f *testing.F) {
	for _, c := range fromWindows {
		f.Add(c.path)
	}
	for _, c := range fromErrors {
		f.Add(c.path)
	}
	for _, c := range toWindows {
		f.Add(c.href)
	}
	f.Fuzz(func(t *testing.T, p string) {
		if u, err := FromFilePath(p, WindowsPath); err != nil {
			checkFilePathError(t, err, "from file path", p)
		} else {
			checkURL(t, u)
			back, err := u.FilePath(WindowsPath)
			if err != nil {
				t.Fatalf("FromFilePath(%q, WindowsPath) = %s, whose FilePath fails: %v", p, u.Href(), err)
			}
			if v, err := FromFilePath(back, WindowsPath); err != nil || v.Href() != u.Href() {
				t.Fatalf("FromFilePath(%q, WindowsPath) = %s, whose FilePath %q goes to %v, %v", p, u.Href(), back, v, err)
			}
		}
		var names []string
		for _, name := range strings.FieldsFunc(strings.ReplaceAll(p, "\x00", ""), func(r rune) bool { return r == '\\' || r == '/' }) {
			if name != "." && name != ".." {
				names = append(names, name)
			}
		}
		root := `C:\`
		if len(p)%2 == 1 {
			root = `\\server\share\`
		}
		q := root + strings.Join(names, `\`)
		if u, err := FromFilePath(q, WindowsPath); err != nil {
			t.Fatalf("FromFilePath(%q, WindowsPath): %v", q, err)
		} else {
			checkFileURL(t, u, q, q, WindowsPath)
		}
		checkURLToPath(t, p, WindowsPath)
	})
}

// checkFilePathError asserts that err is an *Error of op on input, with a
// reason.
func checkFilePathError(t *testing.T, err error, op, input string) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) || e.Op != op || e.Input != input || e.Reason == "" {
		t.Fatalf("%s %q: %#v is not an *Error with the input and a reason", op, input, err)
	}
}

// checkFileURL asserts that u, FromFilePath's URL for p, is a file URL
// whose href reparses to itself and whose FilePath is want.
func checkFileURL(t *testing.T, u *URL, p, want string, style PathStyle) {
	t.Helper()
	checkURL(t, u)
	if u.Scheme() != "file" || u.href[u.pathEnd():] != "" {
		t.Fatalf("FromFilePath(%q, %v) = %s", p, style, u.Href())
	}
	back, err := u.FilePath(style)
	if err != nil || back != want {
		t.Fatalf("FromFilePath(%q, %v) = %s, whose FilePath is %q, %v; want %q", p, style, u.Href(), back, err, want)
	}
}

// checkURLToPath reads s as a URL: its FilePath is a path or an *Error, and
// a path goes back to a file URL whose path is the same.
func checkURLToPath(t *testing.T, s string, style PathStyle) {
	t.Helper()
	u, err := Parse(s)
	if err != nil {
		return
	}
	p, err := u.FilePath(style)
	if err != nil {
		checkFilePathError(t, err, "file path", u.Href())
		return
	}
	if u.Scheme() != "file" || strings.IndexByte(p, 0) >= 0 {
		t.Fatalf("%s.FilePath(%v) = %q", u.Href(), style, p)
	}
	v, err := FromFilePath(p, style)
	if err != nil {
		t.Fatalf("%s.FilePath(%v) = %q, which FromFilePath fails: %v", u.Href(), style, p, err)
	}
	q, err := v.FilePath(style)
	if err != nil {
		t.Fatalf("%s.FilePath(%v) = %q, which goes to %s, whose FilePath fails: %v", u.Href(), style, p, v.Href(), err)
	}
	if r, err := FromFilePath(q, style); err != nil || r.Href() != v.Href() {
		t.Fatalf("%s.FilePath(%v) = %q, which goes to %s and %q and to %v, %v", u.Href(), style, p, v.Href(), q, r, err)
	}
}
