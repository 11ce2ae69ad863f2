// File URLs and the paths of an operating system, both ways, for POSIX and
// Windows on any OS: FromFilePath and URL.FilePath, modelled on Node's
// url.pathToFileURL and url.fileURLToPath with their windows option.

package weburl

import (
	"path/filepath"
	"runtime"
	"strconv"
	"strings"

	"github.com/weburl/weburl/internal/ascii"
	"github.com/weburl/weburl/internal/errdetail"
	"github.com/weburl/weburl/internal/quote"
)

// A PathStyle says which operating system's rules a file path follows.
// The zero PathStyle is NativePath.
type PathStyle uint8

// The path styles. Windows paths are strings like any other, so every
// style works on every OS.
const (
	// NativePath is the running OS's rules: WindowsPath on Windows,
	// POSIXPath elsewhere. Only NativePath resolves a relative path, against
	// the working directory.
	NativePath PathStyle = iota
	// POSIXPath is a POSIX path: "/" separates names, any other byte but
	// NUL may be part of a name, and an absolute path starts with "/".
	POSIXPath
	// WindowsPath is a Windows path: "\" and "/" separate names; an
	// absolute path starts with a drive letter (C:\), a UNC server and
	// share (\\server\share\), or the extended-length prefix of one of
	// them (\\?\C:\, \\?\UNC\server\share\).
	WindowsPath
)

// String returns "native", "POSIX" or "Windows".
func (s PathStyle) String() string {
	switch s {
	case NativePath:
		return "native"
	case POSIXPath:
		return "POSIX"
	case WindowsPath:
		return "Windows"
	}
	return "PathStyle(" + strconv.Itoa(int(s)) + ")"
}

// resolve turns NativePath into the running OS's style; ok is false for a
// value that is no style.
func (s PathStyle) resolve() (style PathStyle, ok bool) {
	switch s {
	case NativePath:
		if runtime.GOOS == "windows" {
			return WindowsPath, true
		}
		return POSIXPath, true
	case POSIXPath, WindowsPath:
		return s, true
	}
	return s, false
}

// The Op of the errors of FromFilePath and FilePath.
const (
	opFromFilePath = "from file path"
	opFilePath     = "file path"
)

// FromFilePath returns the file URL of an absolute path, as Node's
// url.pathToFileURL(path, {windows}) does, with the differences below.
//
// The path is made canonical first, as Node's path.resolve does: "." and
// empty names are dropped, ".." drops the name before it (never the root,
// a drive or a UNC share), and a separator at the end is kept. Each name is
// then percent-encoded byte by byte, so that the URL parser reads it back
// as the same bytes: the path percent-encode set (C0 controls, space, DEL,
// " # < > ? ^ ` { }), and % [ \ ] |, and every byte from 0x80 up. A non-ASCII
// name is thus written as its UTF-8 bytes, and a name that is not UTF-8
// (a POSIX file name may be any bytes but NUL and "/") keeps its bytes.
//
// POSIXPath takes a path that starts with "/": "/tmp/a b#1" is
// file:///tmp/a%20b%231. WindowsPath takes a drive path, C:\dir\file
// (file:///C:/dir/file), a UNC path, \\server\share\dir (file://server/share/dir,
// the server through the URL Standard's host parser, so that it is
// lowercased, IDNA-mapped and IPv4-normalized), or one of them behind the
// extended-length prefix \\?\ (\\?\C:\dir, \\?\UNC\server\share\dir); "\"
// and "/" both separate names. NativePath is the running OS's style, and
// resolves a relative path against the working directory (on Windows also
// a drive-relative C:x or a rooted \x, as filepath.Abs does).
//
// It fails, with an *Error whose Input is the path and whose Reason says
// why, for a path that holds NUL; with POSIXPath or WindowsPath, for a
// relative path; on Windows, for a drive-relative (C:x) or rooted (\x) path,
// a device path (\\.\...), an extended-length path of another kind, a UNC
// path without server or share, or a share named . or ..; for a server name
// the host parser rejects (then Err is its validation error), one holding
// % ? # or a tab or newline (which a URL would not keep), and the server
// localhost, which a file URL cannot hold (file://localhost/ is file:///).
//
// Node's url.pathToFileURL and rust-url's Url::from_file_path answer
// otherwise for some paths (NUL, "~", a C0 control at the end, relative and
// UNC paths, device paths): docs/departures.md lists each difference.
func FromFilePath(path string, style PathStyle) (*URL, error) {
	st, ok := style.resolve()
	if !ok {
		return nil, &Error{Op: opFromFilePath, Input: path, Err: because(ErrPathStyle, "unknown path style "+style.String())}
	}
	if i := strings.IndexByte(path, 0); i >= 0 {
		return nil, &Error{Op: opFromFilePath, Input: path, Offset: i, Err: because(ErrPathNUL, "the path holds NUL at byte "+strconv.Itoa(i)+", which no OS takes in a path")}
	}
	p := path
	if style == NativePath && !isAbsFilePath(p, st) {
		abs, err := filepath.Abs(p)
		if err != nil {
			return nil, &Error{Op: opFromFilePath, Input: path, Err: err} // the working directory's
		}
		p = abs
	}
	var href []byte
	var server string
	var reason error
	if st == WindowsPath {
		href, server, reason = windowsFileHref(p)
	} else {
		href, reason = posixFileHref(p)
	}
	if reason != nil {
		return nil, &Error{Op: opFromFilePath, Input: path, Err: reason}
	}
	u, err := Parse(string(href))
	if err != nil {
		// The URL would be href; with a server, the host is what failed.
		detail := "the URL " + quote.String(string(href)) + " does not parse"
		if server != "" {
			detail = "the UNC server name " + quote.String(server) + " is not a valid host"
		}
		e := &Error{Op: opFromFilePath, Input: path, Err: because(ErrNoFileURL, detail)}
		if pe, ok := err.(*Error); ok {
			e.Err = errdetail.New(ErrNoFileURL, detail, pe.Err)
		}
		return nil, e
	}
	// The encoding leaves the parser nothing to change in the path, so the
	// path must come out as written; a server name the host parser reads
	// as no host (localhost) or as something else ends up elsewhere.
	wantPath := string(href[len("file://")+len(server):])
	switch {
	case server != "" && u.Hostname() == "":
		return nil, &Error{Op: opFromFilePath, Input: path, Err: because(ErrNoFileURL, "the URL parser reads the UNC server name "+quote.String(server)+" as no host")}
	case u.Pathname() != wantPath || u.href[u.pathEnd():] != "":
		return nil, &Error{Op: opFromFilePath, Input: path, Err: because(ErrNoFileURL, "the path would not survive as the URL "+quote.String(string(href)))}
	}
	return u, nil
}

// isAbsFilePath reports whether p is absolute in style st (POSIXPath or
// WindowsPath): with NativePath, FromFilePath resolves the others.
func isAbsFilePath(p string, st PathStyle) bool {
	if st == POSIXPath {
		return strings.HasPrefix(p, "/")
	}
	switch {
	case len(p) >= 2 && isWinSep(p[0]) && isWinSep(p[1]): // UNC, \\?\, \\.\
		return true
	case len(p) >= 3 && isASCIIAlpha(rune(p[0])) && p[1] == ':' && isWinSep(p[2]):
		return true
	}
	return false
}

func isWinSep(c byte) bool { return c == '\\' || c == '/' }

// posixFileHref returns the href of the file URL of a POSIX path, or why
// there is none.
func posixFileHref(p string) ([]byte, error) {
	if !strings.HasPrefix(p, "/") {
		return nil, because(ErrRelativePath, "not an absolute POSIX path: it does not start with /")
	}
	href := make([]byte, 0, len("file://")+len(p)+16)
	href = append(href, "file://"...)
	return appendFileSegments(href, p, true, false), nil
}

// windowsFileHref returns the href of the file URL of a Windows path and
// the UNC server name in it (empty for a drive path), or why there is none.
func windowsFileHref(p string) (href []byte, server string, reason error) {
	if len(p) >= 4 && isWinSep(p[0]) && isWinSep(p[1]) && (p[2] == '?' || p[2] == '.') && isWinSep(p[3]) {
		if p[2] == '.' {
			return nil, "", because(ErrNoFileURL, `a device path (\\.\): it names a device, not a file`)
		}
		switch rest := p[4:]; {
		case len(rest) >= 4 && strings.EqualFold(rest[:3], "UNC") && isWinSep(rest[3]):
			return windowsUNCHref(rest[4:])
		case len(rest) >= 2 && isASCIIAlpha(rune(rest[0])) && rest[1] == ':':
			return windowsDriveHref(rest)
		}
		// A volume GUID path or another object of the NT namespace.
		return nil, "", because(ErrNoFileURL, `an extended-length path (\\?\) that goes on with neither a drive letter nor UNC\`)
	}
	switch {
	case len(p) >= 2 && isWinSep(p[0]) && isWinSep(p[1]):
		return windowsUNCHref(p[2:])
	case len(p) >= 2 && isASCIIAlpha(rune(p[0])) && p[1] == ':':
		return windowsDriveHref(p)
	case len(p) >= 1 && isWinSep(p[0]):
		return nil, "", because(ErrRelativePath, "a path from the root of the current drive, without a drive letter")
	}
	return nil, "", ErrRelativePath
}

// windowsDriveHref returns the href for p, a path that starts with a drive
// letter and a colon.
func windowsDriveHref(p string) (href []byte, server string, reason error) {
	if len(p) == 2 || !isWinSep(p[2]) {
		return nil, "", because(ErrRelativePath, "a drive-relative path ("+p[:2]+" without a separator after it), not an absolute one")
	}
	href = make([]byte, 0, len("file:///")+len(p)+16)
	href = append(href, "file:///"...)
	href = append(href, p[:2]...)
	return appendFileSegments(href, p[2:], true, true), "", nil
}

// windowsUNCHref returns the href for s, a UNC path after its leading \\:
// server\share\....
func windowsUNCHref(s string) (href []byte, server string, reason error) {
	end := strings.IndexAny(s, `\/`)
	if end == 0 || s == "" {
		return nil, "", because(ErrNoFileURL, "a UNC path without a server name")
	}
	if end < 0 {
		return nil, "", because(ErrNoFileURL, "a UNC path without a share name")
	}
	server, rest := s[:end], s[end+1:]
	if i := strings.IndexAny(server, "%?#\t\n\r"); i >= 0 {
		return nil, "", because(ErrNoFileURL, "the UNC server name "+quote.String(server)+" holds "+strconv.QuoteRune(rune(server[i]))+", which the host of a URL cannot keep")
	}
	share := rest
	if end := strings.IndexAny(rest, `\/`); end >= 0 {
		share, rest = rest[:end], rest[end:]
	} else {
		rest = ""
	}
	switch share {
	case "":
		return nil, "", because(ErrNoFileURL, "a UNC path without a share name")
	case ".", "..":
		return nil, "", because(ErrNoFileURL, "a UNC path whose share is "+share)
	}
	href = make([]byte, 0, len("file://")+len(s)+16)
	href = append(href, "file://"...)
	href = append(href, server...)
	href = append(href, '/')
	href = appendFileSegment(href, share)
	return appendFileSegments(href, rest, false, true), server, nil
}

// appendFileSegments appends the names of path, split at "/" (and "\" for
// Windows), each as "/" and its encoding, dropping "." and empty names and
// letting ".." drop the name before it, not what href holds already. The
// result ends in "/" when path does, or when needSlash is set and no name
// remains (a POSIX root, a drive's root).
func appendFileSegments(href []byte, path string, needSlash, windows bool) []byte {
	floor := len(href)
	var starts []int // where each name appended so far begins in href
	for name := range strings.FieldsFuncSeq(path, func(r rune) bool { return r == '/' || windows && r == '\\' }) {
		switch name {
		case ".":
		case "..":
			if n := len(starts); n > 0 {
				href = href[:starts[n-1]]
				starts = starts[:n-1]
			}
		default:
			starts = append(starts, len(href))
			href = append(href, '/')
			href = appendFileSegment(href, name)
		}
	}
	end := len(path) > 0 && (path[len(path)-1] == '/' || windows && path[len(path)-1] == '\\')
	if end || needSlash && len(href) == floor {
		href = append(href, '/')
	}
	return href
}

// appendFileSegment appends the name percent-encoded byte by byte with the
// path percent-encode set and % [ \ ] |: a name is literal bytes, not
// percent-encoded text (%); \ is a separator in special URLs; | makes "C|"
// a drive letter; [ and ] as Node encodes them. Every byte from 0x80 up is
// encoded as itself, so no byte is lost to U+FFFD.
func appendFileSegment(href []byte, name string) []byte {
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c >= 0x80 || PathSet.has(c) || c == '%' || c == '[' || c == '\\' || c == ']' || c == '|' {
			href = appendPercentByte(href, c)
		} else {
			href = append(href, c)
		}
	}
	return href
}

// FilePath returns the path that the file URL u names, as Node's
// url.fileURLToPath(u, {windows}) does, with the differences below. The
// path is u's path percent-decoded to bytes (which need not be UTF-8); the
// query and the fragment are not part of it.
//
// POSIXPath: the host must be empty (file:///a; the parser has made
// file://localhost/a so) and the path must not hold %2F, which would
// become a separator: file:///tmp/a%20b%231 is "/tmp/a b#1".
//
// WindowsPath: %2F and %5C are errors, "/" becomes "\". With a host the
// path is a UNC path, \\host\share\..., the host in Unicode as
// DomainToUnicode gives it (file://nas/My%20Docs/f is \\nas\My Docs\f);
// the path must then name a share. Without a host the path must start with
// a drive letter (after percent-decoding, as Node reads it) and a separator
// or its end: file:///C:/dir/ is C:\dir\, file:///C: is C:\.
//
// NativePath is the running OS's style. A URL that is not a file URL
// fails, as does %00 in its path (no OS takes NUL in a path), and the nil
// and the zero URL; the error is an *Error whose Input is the href and
// whose Reason says why.
//
// Node's url.fileURLToPath and rust-url's Url::to_file_path answer
// otherwise for some URLs (bytes that are not UTF-8, %00, file:///C:, a
// host without a share, %2F): docs/departures.md lists each difference.
func (u *URL) FilePath(style PathStyle) (string, error) {
	if u == nil || u.href == "" {
		return "", &Error{Op: opFilePath, Err: ErrZeroURL}
	}
	st, ok := style.resolve()
	if !ok {
		return "", &Error{Op: opFilePath, Input: u.href, Err: because(ErrPathStyle, "unknown path style "+style.String())}
	}
	if s := u.Scheme(); s != "file" {
		return "", &Error{Op: opFilePath, Input: u.href, Err: because(ErrNotFileURL, "not a file URL: the scheme is "+quote.String(s))}
	}
	path, host := u.Pathname(), u.Hostname()
	for i := 0; i+2 < len(path); i++ {
		if path[i] != '%' || !ascii.IsHex(path[i+1]) || !ascii.IsHex(path[i+2]) {
			continue
		}
		switch ascii.Unhex(path[i+1])<<4 | ascii.Unhex(path[i+2]) {
		case 0:
			return "", &Error{Op: opFilePath, Input: u.href, Offset: int(u.pathStart) + i, Err: because(ErrPathNUL, "the path holds %00 (NUL), which no OS takes in a path")}
		case '/':
			return "", &Error{Op: opFilePath, Input: u.href, Offset: int(u.pathStart) + i, Err: because(ErrNoFilePath, "the path holds "+path[i:i+3]+", which would become a separator")}
		case '\\':
			if st == WindowsPath {
				return "", &Error{Op: opFilePath, Input: u.href, Offset: int(u.pathStart) + i, Err: because(ErrNoFilePath, "the path holds "+path[i:i+3]+", which would become a Windows separator")}
			}
		}
	}
	if st == POSIXPath {
		if host != "" && host != "localhost" {
			return "", &Error{Op: opFilePath, Input: u.href, Err: because(ErrNoFilePath, "the host "+quote.String(host)+" names another machine, which a POSIX path cannot")}
		}
		return PercentDecode(path), nil
	}
	if host != "" && host != "localhost" {
		share, _, _ := strings.Cut(path[1:], "/")
		if share == "" {
			return "", &Error{Op: opFilePath, Input: u.href, Err: because(ErrNoFilePath, "a UNC path needs a share: the path after the host "+quote.String(host)+" is empty")}
		}
		if u.hostKind == Domain {
			host, _ = DomainToUnicode(host)
		}
		return windowsPathOf(u, `\\`+host+strings.ReplaceAll(PercentDecode(path), "/", `\`))
	}
	p := PercentDecode(path)
	if len(p) < 3 || !isASCIIAlpha(rune(p[1])) || p[2] != ':' || len(p) > 3 && p[3] != '/' {
		return "", &Error{Op: opFilePath, Input: u.href, Err: because(ErrNoFilePath, "the path does not start with a drive letter, and there is no host for a UNC path")}
	}
	p = strings.ReplaceAll(p[1:], "/", `\`)
	if len(p) == 2 {
		p += `\`
	}
	return windowsPathOf(u, p)
}

// windowsPathOf returns p, the Windows path FilePath made of u, unless
// FromFilePath refuses it: both directions use windowsFileHref's rule, so
// that no file URL leads to a path that FromFilePath would not write, such
// as a device path (file://./pipe/x, whose host is ".", would be
// \\.\pipe\x, a named pipe).
func windowsPathOf(u *URL, p string) (string, error) {
	if _, _, reason := windowsFileHref(p); reason != nil {
		return "", &Error{Op: opFilePath, Input: u.href, Err: because(ErrNoFilePath, "the path would be "+quote.String(p)+", "+reason.Error())}
	}
	return p, nil
}
