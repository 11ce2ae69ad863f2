package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/weburl/weburl/internal/quote"
)

// A runner answers the inputs of one run of weburl itself.
type runner struct {
	o      *options
	out    *bufio.Writer
	enc    *json.Encoder
	stderr io.Writer
	line   strings.Builder
	failed bool
	done   bool // -verify saw a failure: nothing more is read
}

// answerAll answers the URL arguments and -url values in order ("-" reads
// stdin), then the lines of each -url-file.
func (r *runner) answerAll(stdin io.Reader) {
	for _, in := range r.o.inputs {
		if r.done {
			return
		}
		if in.stdin {
			r.readLines("line", stdin)
			continue
		}
		r.handle(in.where, in.n, in.text)
	}
	for _, name := range r.o.urlFiles {
		if r.done {
			return
		}
		if name == "-" {
			r.readLines("line", stdin)
			continue
		}
		f, err := os.Open(name)
		if err != nil {
			r.fail("-url-file: " + cutInputs(err.Error(), name))
			continue
		}
		r.readLines(quote.Cut(name)+" line", f)
		f.Close()
	}
}

// fail records a failure and says so on standard error, unless -quiet;
// with -verify it is the last input answered.
func (r *runner) fail(msg string) {
	r.failed = true
	r.done = r.o.verify
	if r.o.quiet {
		return
	}
	r.out.Flush() // keep stdout and stderr in order on a terminal
	fmt.Fprintln(r.stderr, "weburl: "+msg)
}

// handle answers one input; where and n say where it came from, for
// messages ("line 3", "argument 2"), formatted only on failure.
func (r *runner) handle(where string, n int, input string) {
	if err := r.o.handle(r.out, r.enc, &r.line, input); err != nil {
		if err == errNotValid {
			r.failed = true
			r.done = r.o.verify
			return
		}
		// err reads `weburl: parse "x": reason`; say where once.
		r.fail(where + " " + strconv.Itoa(n) + ": " + errText(err))
	}
}

// readLines answers each line of in as it arrives (see eachLine).
func (r *runner) readLines(where string, in io.Reader) {
	err := eachLine(in, func() {
		if err := r.out.Flush(); err != nil {
			r.fail(err.Error())
		}
	}, func(n int, line string) bool {
		r.handle(where, n, line)
		return !r.done
	})
	if err != nil {
		r.fail(fmt.Sprintf("reading %s: %v", strings.TrimSuffix(where, " line"), err))
	}
}

// eachLine calls handle for each line of r, without its line ending,
// numbered from 1, until handle returns false; a byte order mark at the
// start is dropped. Before it
// waits for input it calls flush: when what is buffered holds no whole
// line, so that each answer goes out as soon as its line is read from a
// pipe kept open or a terminal, and a big file is still written in big
// blocks.
func eachLine(r io.Reader, flush func(), handle func(n int, line string) bool) error {
	br := bufio.NewReaderSize(r, 64<<10)
	for n := 1; ; n++ {
		if b, _ := br.Peek(br.Buffered()); bytes.IndexByte(b, '\n') < 0 {
			flush()
		}
		line, err := br.ReadString('\n')
		if line == "" && err != nil {
			if err == io.EOF {
				return nil
			}
			return err
		}
		if n == 1 {
			line = strings.TrimPrefix(line, "\uFEFF")
		}
		line = strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
		if !handle(n, line) {
			return nil
		}
		if err != nil && err != io.EOF {
			return err
		}
	}
}

// isTerminal reports whether r is a terminal (a character device, but
// /dev/null, which scripts give as an empty input), without a dependency.
func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	if err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return false
	}
	null, err := os.Stat(os.DevNull)
	return err != nil || !os.SameFile(fi, null)
}
