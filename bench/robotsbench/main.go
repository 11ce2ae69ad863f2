// Command robotsbench times package robots against the Go robots.txt
// packages users pick (github.com/jimsmart/grobotstxt,
// github.com/temoto/robotstxt) and, with -cxx, Google's C++ matcher
// (bench/robots/driver.cpp, built by bench/robots/build.sh), on the
// robots.txt files of bench/robots/corpus and a sample of a shared URL
// list, interleaved: each round runs every row on every file, in a fixed
// order. It prints per row the median wall and CPU time of one check, the
// median allocations, and how many URLs the row allowed (the same count
// is a hint, not a proof, of the same answers).
//
//	go -C bench run ./robotsbench                              # 5 rounds, no C++
//	ROBOTSTXT_DIR=/tmp/robotstxt bench/robots/build.sh
//	taskset -c 1 go -C bench run ./robotsbench -cxx /tmp/robotstxt-bench
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jimsmart/grobotstxt"
	temoto "github.com/temoto/robotstxt"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/urllists"
	"github.com/weburl/weburl/robots"
)

func main() {
	rounds := flag.Int("rounds", 5, "rounds of every row on every file")
	benchtime := flag.Duration("benchtime", 300*time.Millisecond, "time of each measurement")
	n := flag.Int("n", 1000, "URLs taken from the list, evenly spaced")
	agent := flag.String("agent", "ExampleBot", "the crawler's product token")
	cxx := flag.String("cxx", "", "Google's matcher's driver (build.sh), run in the same rounds")
	corpus := flag.String("corpus", "robots/corpus", "the folder of robots.txt files")
	list := flag.String("list", "", "the URL list (default: kasztp.txt of the shared lists)")
	flag.Parse()
	if err := run(*rounds, *benchtime, *n, *agent, *cxx, *corpus, *list); err != nil {
		fmt.Fprintln(os.Stderr, "robotsbench:", err)
		os.Exit(1)
	}
}

// A sample is the URLs every row checks, in each row's own input form.
type sample struct {
	hrefs []string      // for grobotstxt and Google's matcher, which take a URL string
	urls  []*weburl.URL // for package robots
	paths []string      // path and query, for temoto's
}

// A row is one way of answering: check runs over every URL of the sample
// once and returns how many it allowed.
type row struct {
	name  string
	parse bool // a row of parsing alone: one file per op, not one URL
	check func(body []byte, s *sample, agent string) func() int
}

var rows = []row{
	{"weburl robots Allowed", false, func(body []byte, s *sample, agent string) func() int {
		r := robots.Parse(body)
		return func() int {
			n := 0
			for _, u := range s.urls {
				if r.Allowed(agent, u) {
					n++
				}
			}
			return n
		}
	}},
	{"temoto FindGroup+Test", false, func(body []byte, s *sample, agent string) func() int {
		r, err := temoto.FromBytes(body)
		if err != nil {
			panic(err)
		}
		return func() int {
			n := 0
			for _, p := range s.paths {
				if r.TestAgent(p, agent) {
					n++
				}
			}
			return n
		}
	}},
	{"weburl robots Parse+Allowed", false, func(body []byte, s *sample, agent string) func() int {
		return func() int {
			n := 0
			for _, u := range s.urls {
				if robots.Parse(body).Allowed(agent, u) {
					n++
				}
			}
			return n
		}
	}},
	{"grobotstxt AgentAllowed", false, func(body []byte, s *sample, agent string) func() int {
		text := string(body)
		return func() int {
			n := 0
			for _, h := range s.hrefs {
				if grobotstxt.AgentAllowed(text, agent, h) {
					n++
				}
			}
			return n
		}
	}},
	{"weburl robots Parse", true, func(body []byte, _ *sample, _ string) func() int {
		return func() int { robots.Parse(body); return 0 }
	}},
	{"temoto FromBytes", true, func(body []byte, _ *sample, _ string) func() int {
		return func() int { temoto.FromBytes(body); return 0 }
	}},
}

// cpuTime is the process's user and system time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// A result is one measurement of one row on one file.
type result struct {
	wall, cpu, allocs float64 // per op
	allowed           int
}

// measure times f, one op being per ops of it.
func measure(f func() int, per int) result {
	var calls int
	allowed := 0
	c0 := cpuTime()
	br := testing.Benchmark(func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			allowed = f()
		}
		calls += b.N
	})
	cpu := cpuTime() - c0
	ops := float64(br.N * per)
	return result{
		wall:    float64(br.T.Nanoseconds()) / ops,
		cpu:     float64(cpu.Nanoseconds()) / float64(calls*per),
		allocs:  float64(br.MemAllocs) / ops,
		allowed: allowed,
	}
}

func run(rounds int, benchtime time.Duration, n int, agent, cxx, corpus, list string) error {
	if list == "" {
		dir, err := urllists.Dir()
		if err != nil {
			return err
		}
		list = filepath.Join(dir, "kasztp.txt")
	}
	lines, err := urllists.Read(list)
	if err != nil {
		return err
	}
	var s sample
	for i := 0; i < len(lines) && len(s.urls) < n; i += max(1, len(lines)/n) {
		u, err := weburl.Parse(lines[i])
		if err != nil || (u.Scheme() != "http" && u.Scheme() != "https") {
			continue
		}
		s.urls = append(s.urls, u)
		s.hrefs = append(s.hrefs, u.Href())
		pq := u.Pathname()
		if q, ok := u.Query(); ok {
			pq += "?" + q
		}
		s.paths = append(s.paths, pq)
	}
	files, err := filepath.Glob(filepath.Join(corpus, "*.txt"))
	if err != nil || len(files) == 0 {
		return fmt.Errorf("no robots.txt files in %s", corpus)
	}
	var hrefFile string
	if cxx != "" {
		f, err := os.CreateTemp("", "robots-urls-*.txt")
		if err != nil {
			return err
		}
		defer os.Remove(f.Name())
		f.WriteString(strings.Join(s.hrefs, "\n") + "\n")
		f.Close()
		hrefFile = f.Name()
	}
	testing.Init()
	flag.Set("test.benchtime", benchtime.String())
	fmt.Printf("%s %s/%s GOMAXPROCS=%d; %d URLs of %s; agent %s; %d rounds of %v\n\n",
		runtime.Version(), runtime.GOOS, runtime.GOARCH, runtime.GOMAXPROCS(0), len(s.urls), filepath.Base(list), agent, rounds, benchtime)

	if cxx != "" {
		// Google's answers, URL by URL, against package robots'.
		for _, file := range files {
			out, err := exec.Command(cxx, "-answers", "-agent", agent, file, hrefFile).Output()
			if err != nil {
				return fmt.Errorf("%s: %v", cxx, err)
			}
			body, _ := os.ReadFile(file)
			r := robots.Parse(body)
			differ := 0
			for i, a := range strings.Fields(string(out)) {
				if i < len(s.urls) && (a == "1") != r.Allowed(agent, s.urls[i]) {
					differ++
					fmt.Printf("differs from Google's: %s %s\n", filepath.Base(file), s.hrefs[i])
				}
			}
			fmt.Printf("%s: %d of %d answers differ from Google's matcher\n", filepath.Base(file), differ, len(s.urls))
		}
		fmt.Println()
	}
	names := []string{}
	for _, r := range rows {
		names = append(names, r.name)
	}
	if cxx != "" {
		names = append(names, "Google C++ OneAgentAllowedByRobots")
	}
	res := map[string]map[string][]result{} // file, row
	for round := range rounds {
		fmt.Fprintf(os.Stderr, "round %d of %d\n", round+1, rounds)
		for _, file := range files {
			body, err := os.ReadFile(file)
			if err != nil {
				return err
			}
			name := strings.TrimSuffix(filepath.Base(file), ".txt")
			if res[name] == nil {
				res[name] = map[string][]result{}
			}
			for _, r := range rows {
				per := len(s.urls)
				if r.parse {
					per = 1
				}
				res[name][r.name] = append(res[name][r.name], measure(r.check(body, &s, agent), per))
			}
			if cxx != "" {
				out, err := exec.Command(cxx, "-benchtime", strconv.Itoa(int(benchtime.Milliseconds())), "-agent", agent, file, hrefFile).Output()
				if err != nil {
					return fmt.Errorf("%s: %v", cxx, err)
				}
				var r result
				if _, err := fmt.Sscanf(string(out), "%g %g %d", &r.wall, &r.cpu, &r.allowed); err != nil {
					return fmt.Errorf("%s printed %q", cxx, out)
				}
				res[name][names[len(names)-1]] = append(res[name][names[len(names)-1]], r)
			}
		}
	}

	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".txt")
		fi, _ := os.Stat(file)
		fmt.Printf("## %s (%d bytes)\n\n| row | ns/op wall | ns/op CPU | × weburl (CPU) | allocs/op | allowed |\n| --- | ---: | ---: | ---: | ---: | ---: |\n", name, fi.Size())
		base := median(res[name][rows[0].name], func(r result) float64 { return r.cpu })
		baseParse := median(res[name]["weburl robots Parse+Allowed"], func(r result) float64 { return r.cpu })
		for _, row := range names {
			rs := res[name][row]
			wall := median(rs, func(r result) float64 { return r.wall })
			cpu := median(rs, func(r result) float64 { return r.cpu })
			b := base
			if strings.Contains(row, "grobotstxt") || strings.Contains(row, "Google") || strings.Contains(row, "Parse+") {
				b = baseParse // these parse the file for each URL
			}
			ratio := fmt.Sprintf("%.2f", cpu/b)
			allowed := strconv.Itoa(rs[0].allowed)
			if strings.HasSuffix(row, "Parse") || strings.HasSuffix(row, "FromBytes") {
				ratio, allowed = "(per file)", "-"
			}
			fmt.Printf("| %s | %.0f | %.0f | %s | %.2f | %s |\n", row, wall, cpu, ratio, median(rs, func(r result) float64 { return r.allocs }), allowed)
		}
		fmt.Println()
	}
	return nil
}

func median(rs []result, f func(result) float64) float64 {
	v := make([]float64, len(rs))
	for i, r := range rs {
		v[i] = f(r)
	}
	slices.Sort(v)
	if len(v) == 0 {
		return 0
	}
	return v[len(v)/2]
}
