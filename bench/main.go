// Command bench compares weburl with net/url and github.com/nlnwa/whatwg-url
// on real-world URL lists, interleaving the contenders in rounds, and prints
// markdown tables of ns, allocations and bytes per URL. See README.md.
//
// Usage, from the repository root:
//
//	go -C bench run . [-rounds 10] [-benchtime 500ms] [-cpuprofile file] [list.txt ...]
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"strings"
	"testing"
	"time"
)

func main() {
	testing.Init() // registers test.benchtime, which testing.Benchmark reads
	fs := flag.NewFlagSet("bench", flag.ExitOnError)
	rounds := fs.Int("rounds", 10, "interleaved rounds; each runs every comparison once on every list")
	benchtime := fs.Duration("benchtime", 500*time.Millisecond, "target time of one measurement (one comparison on one list)")
	cpuprofile := fs.String("cpuprofile", "", "after the rounds, profile weburl Parse+Href on every list and write the CPU profile to `file`")
	profiletime := fs.Duration("profiletime", 5*time.Second, "how long the -cpuprofile loop runs")
	only := fs.String("ops", "", "comma-separated `keys` of the comparisons to run (default all): "+opKeys())
	onlyLists := fs.String("lists", "", "comma-separated `names` of the lists to run (default all, with the -upper and long- lists made from them)")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: go -C bench run . [flags] [list.txt ...]\n\n"+
			"Without files, the *.txt lists of $WEBURL_BENCH_DIR (default ../shared/bench\n"+
			"from the weburl repository root) are used.\n\n")
		fs.PrintDefaults()
	}
	fs.Parse(os.Args[1:])
	if *rounds < 1 {
		fatal(fmt.Errorf("-rounds must be at least 1"))
	}
	if err := flag.Set("test.benchtime", benchtime.String()); err != nil {
		fatal(err)
	}
	lists, err := readLists(fs.Args())
	if err != nil {
		fatal(err)
	}
	if *only != "" {
		keep := strings.Split(*only, ",")
		ops = slices.DeleteFunc(ops, func(o op) bool { return !slices.Contains(keep, o.key) })
		if len(ops) == 0 {
			fatal(fmt.Errorf("-ops %q names no comparison of: %s", *only, opKeys()))
		}
	}
	if *onlyLists != "" {
		keep := strings.Split(*onlyLists, ",")
		lists = slices.DeleteFunc(lists, func(l list) bool { return !slices.Contains(keep, l.name) })
		if len(lists) == 0 {
			fatal(fmt.Errorf("-lists %q names no list", *onlyLists))
		}
	}

	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	header(w, lists)
	w.Flush()

	res := measure(lists, *rounds, func(round int) {
		fmt.Fprintf(os.Stderr, "round %d/%d done\n", round+1, *rounds)
	})
	report(w, lists, res, *rounds)

	if *cpuprofile != "" {
		w.Flush()
		if err := profile(*cpuprofile, lists, *profiletime); err != nil {
			fatal(err)
		}
		fmt.Fprintf(w, "\nCPU profile of weburl Parse+Href (%v) written to %s: go tool pprof -top %s\n",
			*profiletime, *cpuprofile, *cpuprofile)
	}
}

// opKeys lists the keys of the comparisons, for -ops.
func opKeys() string {
	keys := make([]string, len(ops))
	for i, o := range ops {
		keys[i] = o.key
	}
	return strings.Join(keys, ",")
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "bench:", err)
	os.Exit(1)
}

// header prints the machine, the toolchain, the command and the lists.
func header(w io.Writer, lists []list) {
	fmt.Fprintf(w, "# weburl benchmark\n\n")
	fmt.Fprintf(w, "- go: %s %s/%s, GOMAXPROCS %d\n", runtime.Version(), runtime.GOOS, runtime.GOARCH, runtime.GOMAXPROCS(0))
	fmt.Fprintf(w, "- cpu: %s\n", cpuModel())
	if cpus := allowedCPUs(); cpus != "" {
		fmt.Fprintf(w, "- cpus allowed (affinity): %s of %d\n", cpus, runtime.NumCPU())
	}
	fmt.Fprintf(w, "- command: %s\n", commandLine())
	if v := os.Getenv("GOTOOLCHAIN"); v != "" {
		fmt.Fprintf(w, "- GOTOOLCHAIN=%s\n", v)
	}
	fmt.Fprintf(w, "\n| list | lines | weburl accepts | already canonical (Href == input) | canonical of accepted | net/url accepts | nlnwa accepts | queries |\n")
	fmt.Fprintf(w, "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n")
	for _, l := range lists {
		st := stats(l)
		fmt.Fprintf(w, "| %s | %d | %d | %d (%.1f%%) | %.1f%% | %d | %d | %d |\n",
			l.name, st.lines, st.weburlOK, st.canonical, pct(st.canonical, st.lines),
			pct(st.canonical, st.weburlOK), st.netURLOK, st.nlnwaOK, st.queries)
	}
	fmt.Fprintln(w)
}

func pct(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}

// cpuModel returns the first "model name" of /proc/cpuinfo, or "unknown".
func cpuModel() string {
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return "unknown"
	}
	for _, line := range strings.Split(string(data), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return "unknown"
}

// allowedCPUs returns the Cpus_allowed_list of /proc/self/status, which
// shows whether the process was pinned (taskset -c 1 gives "1").
func allowedCPUs() string {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return ""
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "Cpus_allowed_list:"); ok {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// commandLine shows how the command was run. Under go run, os.Args[0] is a
// temporary binary, so its base name is shown.
func commandLine() string {
	args := append([]string{filepath.Base(os.Args[0])}, os.Args[1:]...)
	return strings.Join(args, " ")
}

// sample is one measurement: one op on one list in one round.
type sample struct {
	ns, allocs, bytes float64 // per input
}

// results holds the samples by list index, then op index, one per round.
type results [][][]sample

// inputs returns what o runs on in l.
func inputs(l list, o op) []string {
	if o.query {
		return l.queries
	}
	return l.urls
}

// measure runs every op on every list, rounds times, in the same order each
// round, so that drift in the machine's speed hits every op alike.
func measure(lists []list, rounds int, done func(round int)) results {
	res := make(results, len(lists))
	for i := range res {
		res[i] = make([][]sample, len(ops))
	}
	for r := 0; r < rounds; r++ {
		for i, l := range lists {
			for j, o := range ops {
				in := inputs(l, o)
				if len(in) == 0 {
					continue
				}
				res[i][j] = append(res[i][j], run(o, in))
			}
		}
		done(r)
	}
	return res
}

var sink int

// run measures one op on one list with testing.Benchmark; an iteration is
// one pass over the whole list.
func run(o op, in []string) sample {
	br := testing.Benchmark(func(b *testing.B) {
		b.ReportAllocs()
		n := 0
		for b.Loop() {
			n += o.run(in)
		}
		sink += n
	})
	per := float64(br.N) * float64(len(in))
	return sample{
		ns:     float64(br.T.Nanoseconds()) / per,
		allocs: float64(br.MemAllocs) / per,
		bytes:  float64(br.MemBytes) / per,
	}
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

func field(ss []sample, f func(sample) float64) []float64 {
	xs := make([]float64, len(ss))
	for i, s := range ss {
		xs[i] = f(s)
	}
	return xs
}

// report prints one table per list. The ratio is the op's median over the
// median of the baseline of its kind: net/url Parse for URLs, net/url
// ParseQuery+Encode for queries.
func report(w io.Writer, lists []list, res results, rounds int) {
	fmt.Fprintf(w, "ns per input: median and minimum of %d interleaved rounds; allocs and bytes per input: medians.\n", rounds)
	for i, l := range lists {
		fmt.Fprintf(w, "\n### %s (%d URLs, %d queries)\n\n", l.name, len(l.urls), len(l.queries))
		fmt.Fprintf(w, "| op | ns/input median | ns/input min | allocs/input | B/input | × baseline |\n")
		fmt.Fprintf(w, "| --- | ---: | ---: | ---: | ---: | ---: |\n")
		base := map[bool]float64{}
		for j, o := range ops {
			if o.base && len(res[i][j]) > 0 {
				base[o.query] = median(field(res[i][j], func(s sample) float64 { return s.ns }))
			}
		}
		for j, o := range ops {
			ss := res[i][j]
			if len(ss) == 0 {
				continue
			}
			ns := field(ss, func(s sample) float64 { return s.ns })
			med := median(ns)
			ratio := "—"
			if b := base[o.query]; b > 0 {
				ratio = fmt.Sprintf("%.2f", med/b)
			}
			fmt.Fprintf(w, "| %s | %.0f | %.0f | %.3f | %.0f | %s |\n", o.name, med, slices.Min(ns),
				median(field(ss, func(s sample) float64 { return s.allocs })),
				median(field(ss, func(s sample) float64 { return s.bytes })), ratio)
		}
	}
	fmt.Fprintf(w, "\nBaseline: net/url Parse for the URL rows, net/url ParseQuery+Encode for the query rows.\n")
}

// profile runs weburl Parse+Href over every list for d under the CPU
// profiler.
func profile(path string, lists []list, d time.Duration) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return err
	}
	n := 0
	for start := time.Now(); time.Since(start) < d; {
		for _, l := range lists {
			n += weburlParseHref(l.urls)
		}
	}
	sink += n
	pprof.StopCPUProfile()
	return f.Close()
}
