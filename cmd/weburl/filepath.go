package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/weburl/weburl"
)

const fileURLUsage = "[-windows|-posix] [PATH ...]"

const fileURLHelp = `
weburl file-url prints the file URL of each absolute path, as Node's
url.pathToFileURL does (weburl.FromFilePath): the path made canonical, each
name percent-encoded byte by byte so that the URL parser reads every byte back
as it was. -windows reads Windows paths (C:\dir\file, \\server\share\file,
and both behind \\?\), -posix POSIX paths; the default is the running OS's
style, which alone resolves a relative path against the working directory.

	$ weburl file-url -windows 'C:\Users\ana\a b.txt' '\\NAS\share\x' 'C:x'
	file:///C:/Users/ana/a%20b.txt
	file://nas/share/x
	weburl file-url: argument 3: from file path "C:x": a drive-relative path (C: without a separator after it), not an absolute one

With no PATH arguments it reads one a line from standard input, blank lines
skipped. A path that has no file URL is reported on standard error with its
argument or line number and the reason, and the run goes on. The exit status
is 0 when every path converted, 1 when one failed, 2 for bad usage.
`

const filePathUsage = "[-windows|-posix] [URL ...]"

const filePathHelp = `
weburl file-path prints the path that each file URL names, as Node's
url.fileURLToPath does (weburl.URL.FilePath): the URL's path percent-decoded
to bytes, without the query and fragment. -windows writes Windows paths (a
host makes a UNC path, \\host\share\...), -posix POSIX paths (a URL with a
host other than localhost fails); the default is the running OS's style.

	$ weburl file-path -posix 'file:///tmp/a%20b%231' 'file://h/x'
	/tmp/a b#1
	weburl file-path: argument 2: file path "file://h/x": the host "h" names another machine, which a POSIX path cannot

With no URL arguments it reads one a line from standard input, blank lines
skipped. A URL that names no path is reported on standard error with its
argument or line number and the reason, and the run goes on. The exit status
is 0 when every URL converted, 1 when one failed, 2 for bad usage.
`

// runFileURL is "weburl file-url": each path as its file URL.
func runFileURL(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return convertPaths("file-url", fileURLUsage, fileURLHelp, args, stdin, stdout, stderr)
}

// runFilePath is "weburl file-path": each file URL as the path it names.
func runFilePath(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return convertPaths("file-path", filePathUsage, filePathHelp, args, stdin, stdout, stderr)
}

// convertPaths runs file-url or file-path (cmd) with -windows or -posix
// for the path style, else the running OS's. Inputs are the arguments, or
// one a line from stdin; a failure is reported on stderr with its argument
// or line number and the *weburl.Error's message, and the run goes on.
func convertPaths(cmd, usage, help string, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	name := "weburl " + cmd
	fs := newFlags(name)
	windows := fs.Bool("windows", false, "Windows paths: C:\\dir\\file, \\\\server\\share\\file")
	posix := fs.Bool("posix", false, "POSIX paths: /dir/file")
	inputs, err := parseArgs(fs, args)
	if err == nil && *windows && *posix {
		err = errors.New("-windows and -posix exclude each other")
	}
	if code, done := commandLineDone(fs, err, []string{name + " " + usage}, help, stdout, stderr); done {
		return code
	}
	style := weburl.NativePath
	switch {
	case *windows:
		style = weburl.WindowsPath
	case *posix:
		style = weburl.POSIXPath
	}

	out := bufio.NewWriterSize(stdout, 64<<10)
	failed := false
	handle := func(where string, n int, input string) {
		s, err := convertFilePath(cmd, input, style)
		if err != nil {
			failed = true
			out.Flush() // keep stdout and stderr in order on a terminal
			fmt.Fprintf(stderr, "%s: %s %d: %s\n", name, where, n, strings.TrimPrefix(err.Error(), "weburl: "))
			return
		}
		out.WriteString(s)
		out.WriteByte('\n')
	}
	if len(inputs) > 0 {
		for i, a := range inputs {
			handle("argument", i+1, a)
		}
	} else if err := eachLine(stdin, func() { out.Flush() }, func(n int, line string) bool {
		if !isBlank(line) {
			handle("line", n, line)
		}
		return true
	}); err != nil {
		fmt.Fprintf(stderr, "%s: reading input: %v\n", name, err)
		failed = true
	}
	return exitStatus(name, out, stderr, failed)
}

// convertFilePath is one input of file-url (a path to its URL's href) or
// file-path (a URL to its path). Every error is a *weburl.Error naming the
// input: a URL that does not parse fails as Parse fails.
func convertFilePath(cmd, input string, style weburl.PathStyle) (string, error) {
	if cmd == "file-url" {
		u, err := weburl.FromFilePath(input, style)
		if err != nil {
			return "", err
		}
		return u.Href(), nil
	}
	u, err := weburl.Parse(input)
	if err != nil {
		return "", err
	}
	return u.FilePath(style)
}
