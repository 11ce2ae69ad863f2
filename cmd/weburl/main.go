package main

//go:generate go test -run ^TestDocIsHelp$ -update-doc

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/weburl/weburl"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// Exit statuses.
const (
	exitOK     = 0
	exitFailed = 1 // some input failed
	exitUsage  = 2
)

// A subcommand takes the place of the first argument: "weburl links FILE".
// Adding one is a file (its run function, and the manual that run prints
// for -h through printHelp) and a row here; then go generate writes its
// manual into doc.go.
type subcommand struct {
	name string
	// synopsis is its line in weburl's own usage, after "weburl "; ""
	// when the row before shows it too ("file-url|file-path ...").
	synopsis string
	run      func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// subcommands, in the order of the usage and of doc.go.
var subcommands = []subcommand{
	{"links", "links " + linksUsage, runLinks},
	{"file-url", "file-url|file-path [-windows|-posix] [PATH|URL ...]", runFileURL},
	{"file-path", "", runFilePath},
	{"data-url", "data-url " + dataURLUsage, runDataURL},
	{"serve", "serve " + serveUsage, runServe},
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		for _, s := range subcommands {
			if s.name == args[0] {
				return s.run(args[1:], stdin, stdout, stderr)
			}
		}
	}
	return runURLs(args, stdin, stdout, stderr)
}

// runURLs is weburl itself: each input parsed, changed and printed.
func runURLs(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var o options
	var raw rawFlags
	fs := newFlagSet(&o, &raw)
	err := eachArg(fs, splitJoined(fs, args), func(a string) {
		o.inputs = append(o.inputs, input{text: a, where: "argument", n: countInputs(o.inputs, "argument") + 1, stdin: a == "-"})
	})
	if errors.Is(err, flag.ErrHelp) {
		printHelp(stdout, fs, synopsis(), mainHelp)
		return exitOK
	}
	if err != nil {
		return usageError(stderr, fs, err)
	}
	if o.version {
		fmt.Fprintln(stdout, version())
		return exitOK
	}
	if err := o.check(raw); err != nil {
		fmt.Fprintln(stderr, "weburl: "+err.Error())
		return exitUsage
	}
	if stdin == nil {
		stdin = strings.NewReader("")
	}
	if len(o.inputs) == 0 && len(o.urlFiles) == 0 {
		// Nothing to read but standard input: on a terminal the user
		// more likely wants the usage than a prompt that waits; "-"
		// reads a terminal all the same.
		if isTerminal(stdin) {
			writeSynopsis(stderr, synopsis())
			fmt.Fprintln(stderr, "\nweburl reads URLs from its arguments, or one a line from standard input\nwhen that is no terminal (or when - is an argument); weburl -h prints the manual.")
			return exitUsage
		}
		o.inputs = []input{{text: "-", where: "argument", n: 1, stdin: true}}
	}

	r := &runner{o: &o, out: bufio.NewWriterSize(stdout, 64<<10), stderr: stderr}
	r.enc = json.NewEncoder(r.out)
	r.enc.SetEscapeHTML(false)
	if o.validate {
		o.parser.OnValidationError = func(e weburl.ValidationError) { o.validErrs = append(o.validErrs, e) }
	}
	r.answerAll(stdin)
	if err := r.out.Flush(); err != nil {
		fmt.Fprintf(stderr, "weburl: %v\n", err)
		return exitFailed
	}
	if r.failed {
		return exitFailed
	}
	return exitOK
}

// synopsis is the usage of weburl and of each subcommand.
func synopsis() []string {
	lines := []string{"weburl [flags] [URL|- ...]"}
	for _, s := range subcommands {
		if s.synopsis != "" {
			lines = append(lines, "weburl "+s.synopsis)
		}
	}
	return append(lines, "weburl -version")
}

// writeSynopsis writes usage lines as the first lines of a help.
func writeSynopsis(w io.Writer, usage []string) {
	for i, line := range usage {
		if i == 0 {
			fmt.Fprintln(w, "usage: "+line)
		} else {
			fmt.Fprintln(w, "       "+line)
		}
	}
}

// printHelp writes what -h prints: the usage lines, the manual's text and
// the flags. doc.go is made of it (TestDocIsHelp), so it is the command's
// one manual.
func printHelp(w io.Writer, fs *flag.FlagSet, usage []string, help string) {
	writeSynopsis(w, usage)
	fmt.Fprintln(w)
	fmt.Fprint(w, strings.TrimSpace(help)+"\n\n")
	if strings.Contains(help, "\n# ") {
		fmt.Fprint(w, "# Flags\n\n") // a section of its own in a manual of sections
	} else {
		fmt.Fprint(w, "Flags:\n\n")
	}
	fs.SetOutput(w)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
}

// newFlags is the flag set of a command, named as its messages name it:
// "weburl", "weburl links". It prints nothing itself: printHelp writes
// -h, usageError the errors.
func newFlags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// usageError says what is wrong with a command line, where to find help,
// and returns the exit status of bad usage.
func usageError(stderr io.Writer, fs *flag.FlagSet, err error) int {
	fmt.Fprintf(stderr, "%s: %v\n", fs.Name(), err)
	fmt.Fprintf(stderr, "run %s -h for help\n", fs.Name())
	return exitUsage
}

// version is the -version line: the outputs of weburl depend on all three.
func version() string {
	v := "(unknown)"
	if info, ok := debug.ReadBuildInfo(); ok {
		const path = "github.com/weburl/weburl"
		if info.Main.Path == path && info.Main.Version != "" {
			v = info.Main.Version
		}
		for _, d := range info.Deps {
			if d.Path == path {
				v = d.Version
			}
		}
	}
	return "weburl " + v + " " + runtime.Version() + " unicode/" + weburl.UnicodeVersion
}
