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
	"strconv"
	"strings"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/quote"
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
	{"robots", "robots " + robotsUsage, runRobots},
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
		o.args++
		o.inputs = append(o.inputs, input{text: a, where: "argument", n: o.args, stdin: a == "-"})
	})
	if code, done := commandLineDone(fs, err, synopsis(), mainHelp, stdout, stderr); done {
		return code
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
		if terminalOnly(stdin, stderr, "weburl", "URLs", synopsis()) {
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
	return exitStatus("weburl", r.out, stderr, r.failed)
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
// "weburl", "weburl links". It prints nothing itself: commandLineDone
// writes -h and the errors.
func newFlags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// cutInputs returns msg, a message of a package that names what it was
// given whole (flag's values and names, os's paths, net's addresses), with
// each of inputs longer than quote.Max that it holds cut as weburl's own
// messages cut theirs: quoted (as flag writes a value) by quote.String,
// bare by quote.Cut.
func cutInputs(msg string, inputs ...string) string {
	for _, s := range inputs {
		if len(s) > quote.Max && strings.Contains(msg, s) {
			msg = strings.ReplaceAll(msg, strconv.Quote(s), quote.String(s))
			msg = strings.ReplaceAll(msg, s, quote.Cut(s))
		}
	}
	return msg
}

// flagError returns err, an error of fs.Parse on args, with the long
// arguments it names cut (see cutInputs): an argument, and the name and
// the value of a flag argument ("-name=value"), as flag names them.
func flagError(err error, args []string) error {
	if len(err.Error()) <= 2*quote.Max {
		return err
	}
	var inputs []string
	for _, a := range args {
		name, value, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		inputs = append(inputs, a, name, value) // longest first: each part of a
	}
	return errors.New(cutInputs(err.Error(), inputs...))
}

// commandLineDone ends a run whose command line, parsed by fs with the
// error err, is not one to run: for flag.ErrHelp it prints the manual
// (printHelp) on stdout, exitOK; for another error it says what is wrong
// and where to find help on stderr, exitUsage. done is false for a nil
// err.
func commandLineDone(fs *flag.FlagSet, err error, usage []string, help string, stdout, stderr io.Writer) (code int, done bool) {
	switch {
	case err == nil:
		return 0, false
	case errors.Is(err, flag.ErrHelp):
		printHelp(stdout, fs, usage, help)
		return exitOK, true
	}
	fmt.Fprintf(stderr, "%s: %v\n", fs.Name(), err)
	fmt.Fprintf(stderr, "run %s -h for help\n", fs.Name())
	return exitUsage, true
}

// terminalOnly reports whether stdin, the only input of a run of name
// (which reads what: "URLs"), is a terminal, and then writes the usage on
// stderr: the user more likely wants it than a prompt that waits; "-"
// reads a terminal all the same.
func terminalOnly(stdin io.Reader, stderr io.Writer, name, what string, usage []string) bool {
	if !isTerminal(stdin) {
		return false
	}
	writeSynopsis(stderr, usage)
	fmt.Fprintf(stderr, "\n%s reads %s from its arguments, or one a line from standard input\nwhen that is no terminal (or when - is an argument); %s -h prints the manual.\n", name, what, name)
	return true
}

// exitStatus flushes out and returns the exit status of a run of name:
// exitFailed when an input failed or out could not be written (said on
// stderr), else exitOK.
func exitStatus(name string, out *bufio.Writer, stderr io.Writer, failed bool) int {
	if err := out.Flush(); err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		return exitFailed
	}
	if failed {
		return exitFailed
	}
	return exitOK
}

// isBlank reports whether line holds no input: nothing but spaces, tabs,
// form feeds and carriage returns. A blank line is skipped (with -json it
// gets its line of output, so that output lines stay beside input lines).
func isBlank(line string) bool { return strings.TrimLeft(line, " \t\f\r") == "" }

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
