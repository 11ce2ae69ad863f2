package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/weburl/weburl"
)

// runFilePath is "weburl file-url" (cmd "file-url": each path as its file
// URL, weburl.FromFilePath) and "weburl file-path" (each file URL as the
// path it names, URL.FilePath), with -windows or -posix for the path
// style, else the running OS's. Inputs are the arguments, or one a line
// from stdin; a failure is reported on stderr with its argument or line
// number and the *weburl.Error's message, and the run goes on.
func runFilePath(cmd string, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	name := "weburl " + cmd
	what := "PATH"
	if cmd == "file-path" {
		what = "URL"
	}
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	windows := fs.Bool("windows", false, "Windows paths: C:\\dir\\file, \\\\server\\share\\file")
	posix := fs.Bool("posix", false, "POSIX paths: /dir/file")
	inputs, err := parseArgs(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprintf(stdout, "usage: %s [-windows|-posix] [%s ...]\n", name, what)
		if cmd == "file-url" {
			fmt.Fprintln(stdout, "Prints the file URL of each absolute path (a relative one is resolved against the working directory without -windows or -posix).")
		} else {
			fmt.Fprintln(stdout, "Prints the path that each file URL names.")
		}
		fmt.Fprintf(stdout, "With no %s arguments, reads one a line from standard input. The default style is the running OS's.\n\n", what)
		fs.SetOutput(stdout)
		fs.PrintDefaults()
		return exitOK
	}
	if err == nil && *windows && *posix {
		err = errors.New("-windows and -posix exclude each other")
	}
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		fmt.Fprintf(stderr, "run %s -h for help\n", name)
		return exitUsage
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
	} else if err := eachLine(stdin, func() { out.Flush() }, func(n int, line string) {
		if strings.TrimSpace(line) != "" { // blank lines are skipped, as weburl skips them
			handle("line", n, line)
		}
	}); err != nil {
		fmt.Fprintf(stderr, "%s: reading input: %v\n", name, err)
		failed = true
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		return exitFailed
	}
	if failed {
		return exitFailed
	}
	return exitOK
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
