package weburlbeam

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"net/url"
	"path"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local" // local paths
)

// Format is how a file holds its elements.
type Format string

const (
	// Text holds one element a line: a URL for ReadURLs, a base URL, a
	// tab and a reference for ReadRefs.
	Text Format = "text"
	// JSONLines holds one JSON value a line: for ReadURLs a string or an
	// object with a "url" (or "href") member; for ReadRefs an object with
	// "base" and "ref"; for ReadPages an object with "url",
	// "content_type" (optional) and the page as "html" (a string) or
	// "body" (its bytes in base64, for pages that are not UTF-8).
	JSONLines Format = "json"
	// HTMLFiles, for ReadPages, makes each file one page whose URL is the
	// file's: a file: URL for a local path, the name itself when it is
	// already a URL ("gs://bucket/a.html"). Its content type is unknown.
	HTMLFiles Format = "html"
)

const (
	// MaxLineBytes bounds a line of a Text or JSONLines file; a longer
	// line is a failure, and the lines after it are read.
	MaxLineBytes = 64 << 20
	// MaxPageBytes bounds a file that HTMLFiles reads as one page.
	MaxPageBytes = 64 << 20
)

// A file whose name ends in ".gz" is read through gzip.
const gzipSuffix = ".gz"

// ReadURLs reads the URLs of the files that patterns match (globs of
// Beam's file systems: local paths, or gs:// with the gcs file system
// registered), in format Text or JSONLines, and returns a
// PCollection<string> and a PCollection<Failure>.
//
// Lines are read as the weburl command reads them: a line ends at "\n"
// or "\r\n", a UTF-8 byte order mark at the start of a file is dropped,
// and blank lines are skipped (the metric "read.blank-lines" counts
// them). A pattern that matches no file, a file that cannot be opened or
// read to its end, a line that is not UTF-8, longer than MaxLineBytes, or
// not the JSON the format wants, is a Failure of step "read" whose Source
// is the file and line; the lines of a file before an error of reading
// are kept. A file whose name ends in ".gz" is decompressed.
// It panics, as Beam's own constructors do, when format is not one it
// reads.
func ReadURLs(s beam.Scope, format Format, patterns ...string) (urls, failures beam.PCollection) {
	s = s.Scope("weburl.ReadURLs")
	if format != Text && format != JSONLines {
		panic(fmt.Sprintf("weburlbeam.ReadURLs: format %q is not %q or %q", format, Text, JSONLines))
	}
	files, bad := expand(s, patterns)
	urls, failures = beam.ParDo2(s, &readURLsFn{Format: format}, files)
	return urls, beam.Flatten(s, bad, failures)
}

// ReadRefs reads references and their bases as ReadURLs reads URLs, and
// returns a PCollection<Ref> and a PCollection<Failure>. In format Text a
// line is the base URL, a tab and the reference.
func ReadRefs(s beam.Scope, format Format, patterns ...string) (refs, failures beam.PCollection) {
	s = s.Scope("weburl.ReadRefs")
	if format != Text && format != JSONLines {
		panic(fmt.Sprintf("weburlbeam.ReadRefs: format %q is not %q or %q", format, Text, JSONLines))
	}
	files, bad := expand(s, patterns)
	refs, failures = beam.ParDo2(s, &readRefsFn{Format: format}, files)
	return refs, beam.Flatten(s, bad, failures)
}

// ReadPages reads pages in format JSONLines (one page a line) or
// HTMLFiles (one page a file), and returns a PCollection<Page> and a
// PCollection<Failure>, with failures as ReadURLs has them.
func ReadPages(s beam.Scope, format Format, patterns ...string) (pages, failures beam.PCollection) {
	s = s.Scope("weburl.ReadPages")
	if format != JSONLines && format != HTMLFiles {
		panic(fmt.Sprintf("weburlbeam.ReadPages: format %q is not %q or %q", format, JSONLines, HTMLFiles))
	}
	files, bad := expand(s, patterns)
	pages, failures = beam.ParDo2(s, &readPagesFn{Format: format}, files)
	return pages, beam.Flatten(s, bad, failures)
}

// expand lists the files that patterns match, spread over the workers.
func expand(s beam.Scope, patterns []string) (files, failures beam.PCollection) {
	files, failures = beam.ParDo2(s, &expandFn{}, beam.CreateList(s, patterns))
	return beam.Reshuffle(s, files), failures
}

// expandFn lists the files of each pattern. A pattern it cannot list, or
// that matches no file, is a read failure (the metric "read.failures"), and
// one that matches no file is counted apart too ("read.unmatched-patterns"),
// so that a command can say so and fail: a typo in a pattern would
// otherwise look like an empty input.
type expandFn struct {
	failures, unmatched beam.Counter
}

func (f *expandFn) Setup() {
	f.failures = beam.NewCounter(Namespace, "read.failures")
	f.unmatched = beam.NewCounter(Namespace, "read.unmatched-patterns")
}

func (f *expandFn) ProcessElement(ctx context.Context, pattern string, emit func(string), fail func(Failure)) {
	fs, err := filesystem.New(ctx, pattern)
	if err != nil {
		f.failures.Inc(ctx, 1)
		fail(Failure{Step: "read", Input: pattern, Reason: err.Error()})
		return
	}
	defer fs.Close()
	names, err := fs.List(ctx, pattern)
	if err != nil {
		f.failures.Inc(ctx, 1)
		fail(Failure{Step: "read", Input: pattern, Reason: "list: " + err.Error()})
		return
	}
	if len(names) == 0 {
		f.failures.Inc(ctx, 1)
		f.unmatched.Inc(ctx, 1)
		fail(Failure{Step: "read", Input: pattern, Reason: "no file matches"})
		return
	}
	for _, name := range names {
		emit(name)
	}
}

// lineReader reads the lines of files; the read DoFns embed it.
type lineReader struct {
	files, lines, blanks, failures beam.Counter
}

func (r *lineReader) Setup() {
	r.files = beam.NewCounter(Namespace, "read.files")
	r.lines = beam.NewCounter(Namespace, "read.lines")
	r.blanks = beam.NewCounter(Namespace, "read.blank-lines")
	r.failures = beam.NewCounter(Namespace, "read.failures")
}

func (r *lineReader) fail(ctx context.Context, fail func(Failure), f Failure) {
	r.failures.Inc(ctx, 1)
	f.Step = "read"
	fail(f)
}

// open opens a file, through gzip when its name says so.
func open(ctx context.Context, name string) (io.ReadCloser, error) {
	fs, err := filesystem.New(ctx, name)
	if err != nil {
		return nil, err
	}
	defer fs.Close()
	rc, err := fs.OpenRead(ctx, name)
	if err != nil || !strings.HasSuffix(name, gzipSuffix) {
		return rc, err
	}
	zr, err := gzip.NewReader(rc)
	if err != nil {
		rc.Close()
		return nil, err
	}
	return struct {
		io.Reader
		io.Closer
	}{zr, rc}, nil
}

// eachLine calls line for each line of the file that is not blank, is
// UTF-8 and fits MaxLineBytes, without its line ending; other lines,
// and a file that cannot be read, go to fail.
func (r *lineReader) eachLine(ctx context.Context, name string, fail func(Failure), line func(n int, text string)) {
	r.files.Inc(ctx, 1)
	rc, err := open(ctx, name)
	if err != nil {
		r.fail(ctx, fail, Failure{Input: name, Reason: "open: " + err.Error()})
		return
	}
	defer rc.Close()
	br := bufio.NewReaderSize(rc, 64<<10)
	var buf []byte
	for n := 1; ; n++ {
		var long bool
		buf, long, err = readLine(br, buf[:0], MaxLineBytes)
		if err != nil && err != io.EOF {
			r.fail(ctx, fail, Failure{Input: name, Reason: fmt.Sprintf("read: %v", err), Source: fmt.Sprintf("%s:%d", name, n)})
			return
		}
		if len(buf) == 0 && err == io.EOF {
			return
		}
		b := bytes.TrimSuffix(bytes.TrimSuffix(buf, []byte("\n")), []byte("\r"))
		if n == 1 {
			b = bytes.TrimPrefix(b, []byte("\uFEFF"))
		}
		r.lines.Inc(ctx, 1)
		switch {
		case long:
			r.fail(ctx, fail, Failure{Input: string(b), Reason: fmt.Sprintf("line longer than %d bytes (Input is its start)", MaxLineBytes), Source: fmt.Sprintf("%s:%d", name, n)})
		case len(bytes.TrimLeft(b, " \t\f\r")) == 0:
			r.blanks.Inc(ctx, 1)
		default:
			text := string(b)
			if why := notUTF8(text); why != "" {
				r.fail(ctx, fail, Failure{Input: text, Reason: why, Source: fmt.Sprintf("%s:%d", name, n)})
			} else {
				line(n, text)
			}
		}
		if err == io.EOF {
			return
		}
	}
}

// readLine appends the next line of br, with its "\n", to buf. A line
// longer than max is reported as long, with at most its first 256 bytes
// in the result; the rest of it is read and dropped.
func readLine(br *bufio.Reader, buf []byte, max int) (line []byte, long bool, err error) {
	const keep = 256
	n := 0
	for {
		chunk, err := br.ReadSlice('\n')
		n += len(chunk)
		switch {
		case n <= max:
			buf = append(buf, chunk...)
		case !long:
			long = true
			buf = buf[:min(len(buf), keep)]
		}
		if err != bufio.ErrBufferFull {
			return buf, long, err
		}
	}
}

type readURLsFn struct {
	Format Format `json:"format"`
	lineReader
}

func (f *readURLsFn) ProcessElement(ctx context.Context, name string, emit func(string), fail func(Failure)) {
	f.eachLine(ctx, name, fail, func(n int, text string) {
		if f.Format == Text {
			emit(text)
			return
		}
		u, why := decodeURL(text)
		if why != "" {
			f.fail(ctx, fail, Failure{Input: text, Reason: why, Source: fmt.Sprintf("%s:%d", name, n)})
			return
		}
		emit(u)
	})
}

// decodeURL reads a JSON line of URLs: a string, or an object with "url"
// or "href".
func decodeURL(line string) (string, string) {
	if strings.HasPrefix(strings.TrimLeft(line, " \t"), `"`) {
		var u string
		if err := json.Unmarshal([]byte(line), &u); err != nil {
			return "", "JSON: " + err.Error()
		}
		return u, ""
	}
	var o struct {
		URL  *string `json:"url"`
		Href *string `json:"href"`
	}
	if err := json.Unmarshal([]byte(line), &o); err != nil {
		return "", "JSON: " + err.Error()
	}
	switch {
	case o.URL != nil:
		return *o.URL, ""
	case o.Href != nil:
		return *o.Href, ""
	}
	return "", `JSON: no "url" or "href" member`
}

type readRefsFn struct {
	Format Format `json:"format"`
	lineReader
}

func (f *readRefsFn) ProcessElement(ctx context.Context, name string, emit func(Ref), fail func(Failure)) {
	f.eachLine(ctx, name, fail, func(n int, text string) {
		var r Ref
		var why string
		if f.Format == Text {
			var ok bool
			if r.Base, r.Ref, ok = strings.Cut(text, "\t"); !ok {
				why = "no tab between the base and the reference"
			}
		} else {
			var o struct {
				Base *string `json:"base"`
				Ref  *string `json:"ref"`
			}
			if err := json.Unmarshal([]byte(text), &o); err != nil {
				why = "JSON: " + err.Error()
			} else if o.Base == nil || o.Ref == nil {
				why = `JSON: no "base" or no "ref" member`
			} else {
				r = Ref{Base: *o.Base, Ref: *o.Ref}
			}
		}
		if why != "" {
			f.fail(ctx, fail, Failure{Input: text, Reason: why, Source: fmt.Sprintf("%s:%d", name, n)})
			return
		}
		emit(r)
	})
}

type readPagesFn struct {
	Format Format `json:"format"`
	lineReader
}

func (f *readPagesFn) ProcessElement(ctx context.Context, name string, emit func(Page), fail func(Failure)) {
	if f.Format == HTMLFiles {
		f.readFile(ctx, name, emit, fail)
		return
	}
	f.eachLine(ctx, name, fail, func(n int, text string) {
		var o struct {
			URL         *string `json:"url"`
			ContentType string  `json:"content_type"`
			HTML        *string `json:"html"`
			Body        []byte  `json:"body"`
		}
		var why string
		if err := json.Unmarshal([]byte(text), &o); err != nil {
			why = "JSON: " + err.Error()
		} else if o.URL == nil {
			why = `JSON: no "url" member`
		} else if o.HTML == nil && o.Body == nil {
			why = `JSON: no "html" or "body" member`
		}
		if why != "" {
			f.fail(ctx, fail, Failure{Input: text, Reason: why, Source: fmt.Sprintf("%s:%d", name, n)})
			return
		}
		p := Page{URL: *o.URL, ContentType: o.ContentType, Body: o.Body}
		if o.HTML != nil {
			p.Body = []byte(*o.HTML)
		}
		emit(p)
	})
}

// readFile reads one file as one page.
func (f *readPagesFn) readFile(ctx context.Context, name string, emit func(Page), fail func(Failure)) {
	f.files.Inc(ctx, 1)
	rc, err := open(ctx, name)
	if err != nil {
		f.fail(ctx, fail, Failure{Input: name, Reason: "open: " + err.Error()})
		return
	}
	defer rc.Close()
	body, err := io.ReadAll(io.LimitReader(rc, MaxPageBytes+1))
	switch {
	case err != nil:
		f.fail(ctx, fail, Failure{Input: name, Reason: "read: " + err.Error()})
	case len(body) > MaxPageBytes:
		f.fail(ctx, fail, Failure{Input: name, Reason: fmt.Sprintf("page larger than %d bytes", MaxPageBytes)})
	default:
		emit(Page{URL: fileURL(name), Body: body})
	}
}

var hasScheme = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]+://`)

// fileURL is the URL of a file that a file system listed: the name when
// it is a URL already, else a file: URL of its absolute path.
func fileURL(name string) string {
	if hasScheme.MatchString(name) {
		return name
	}
	if abs, err := filepath.Abs(name); err == nil {
		name = abs
	}
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(name)}).String()
}

// WriteLines writes lines, a PCollection<string>, to the file filename
// (any of Beam's file systems), one element a line, in no particular
// order. The file is written even when lines is empty. An error of the
// write fails the pipeline.
func WriteLines(s beam.Scope, filename string, lines beam.PCollection) {
	s = s.Scope("weburl.WriteLines")
	filesystem.ValidateScheme(filename)
	beam.ParDo0(s, &writeFn{Filename: filename}, beam.Impulse(s), beam.SideInput{Input: lines})
}

// WriteSharded writes lines, a PCollection<string>, to shards files at
// once, each written by its own worker, as a large collection on a
// distributed runner needs: "out/hrefs.txt" with 4 shards is
// "out/hrefs-00000-of-00004.txt" to "out/hrefs-00003-of-00004.txt". A line
// goes to the shard its hash (FNV-1a) picks, so a run puts each line in
// the same shard every time. A shard that gets no line writes no file.
// With shards 1 or less it is WriteLines.
func WriteSharded(s beam.Scope, filename string, shards int, lines beam.PCollection) {
	if shards <= 1 {
		WriteLines(s, filename, lines)
		return
	}
	s = s.Scope("weburl.WriteSharded")
	filesystem.ValidateScheme(filename)
	keyed := beam.ParDo(s, &shardFn{Shards: shards}, lines)
	beam.ParDo0(s, &writeShardFn{Filename: filename, Shards: shards}, beam.GroupByKey(s, keyed))
}

// ShardName is the name of shard i of n of filename, as WriteSharded
// writes it: "-00001-of-00004" before the extension.
func ShardName(filename string, i, n int) string {
	ext := path.Ext(filename)
	if strings.ContainsAny(ext, "/\\") {
		ext = ""
	}
	return fmt.Sprintf("%s-%05d-of-%05d%s", strings.TrimSuffix(filename, ext), i, n, ext)
}

type shardFn struct {
	Shards int `json:"shards"`
}

func (f *shardFn) ProcessElement(line string) (int, string) {
	h := fnv.New32a()
	h.Write([]byte(line))
	return int(h.Sum32() % uint32(f.Shards)), line
}

type writeShardFn struct {
	Filename string `json:"filename"`
	Shards   int    `json:"shards"`
}

func (f *writeShardFn) ProcessElement(ctx context.Context, shard int, lines func(*string) bool) error {
	return writeFile(ctx, ShardName(f.Filename, shard, f.Shards), lines)
}

// WriteJSON writes col, a PCollection of any type but KV (Failure,
// Unique, HostCount, Link...), to filename as JSON lines, as WriteLines.
func WriteJSON(s beam.Scope, filename string, col beam.PCollection) {
	s = s.Scope("weburl.WriteJSON")
	WriteLines(s, filename, beam.ParDo(s, toJSON, col))
}

func toJSON(v beam.T) (string, error) { return JSONLine(v) }

// JSONLine writes v as one line of JSON, without the newline: as
// json.Marshal does, but with '<', '>' and '&' as they are, since the
// lines hold URLs and HTML and are not embedded in HTML. Each invalid
// UTF-8 byte of a string is U+FFFD, written as that character whatever
// the Go release (encoding/json writes it as "\ufffd" before Go 1.27 and
// as the character since), so that a pipeline writes the same bytes
// whichever toolchain built it.
func JSONLine(v any) (string, error) {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return "", err
	}
	return literalReplacement(strings.TrimSuffix(b.String(), "\n")), nil
}

// literalReplacement rewrites each "\ufffd" escape of JSON text s as the
// character U+FFFD, walking escape by escape so that an escaped backslash
// followed by "ufffd" stays as it is.
func literalReplacement(s string) string {
	if !strings.Contains(s, `\ufffd`) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] != '\\':
			b.WriteByte(s[i])
		case strings.HasPrefix(s[i:], `\ufffd`):
			b.WriteString("\uFFFD")
			i += len(`\ufffd`) - 1
		case i+1 < len(s):
			b.WriteString(s[i : i+2]) // another escape, \\ included
			i++
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

type writeFn struct {
	Filename string `json:"filename"`
}

func (f *writeFn) ProcessElement(ctx context.Context, _ []byte, lines func(*string) bool) error {
	return writeFile(ctx, f.Filename, lines)
}

// writeFile writes the lines to the file name.
func writeFile(ctx context.Context, name string, lines func(*string) bool) (err error) {
	fs, err := filesystem.New(ctx, name)
	if err != nil {
		return err
	}
	defer fs.Close()
	wc, err := fs.OpenWrite(ctx, name)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := wc.Close(); err == nil {
			err = cerr
		}
	}()
	w := bufio.NewWriterSize(wc, 1<<20)
	var line string
	for lines(&line) {
		w.WriteString(line)
		if err := w.WriteByte('\n'); err != nil {
			return fmt.Errorf("write %s: %w", name, err)
		}
	}
	return w.Flush()
}
