// driver.cpp: times the ada URL parser (github.com/ada-url/ada) on the
// bench module's URL lists, printing the same Markdown tables as
// `go -C bench run .`, so that the two can be set side by side.
// build.sh compiles it against an ada source tree (ADA_DIR).
//
// Usage: ada-bench [-rounds N] [-benchtime MS] [-write DIR] [-nogen] [list.txt ...]
//
// Without files it reads the *.txt lists of $WEBURL_BENCH_DIR. From each
// list it makes the "-upper" list, and it makes the "long-1k" and
// "long-4k" lists, by the rules of bench/README.md ("Lists made from the
// files"), the same as the Go side's; -nogen leaves them out. -write DIR
// writes every list, one URL a line, to DIR/<name>.txt, so that the Go
// side can be run on exactly these files; -rounds 0 stops after that.

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "ada.h"

namespace {

struct List {
  std::string name;
  std::vector<std::string> urls;
};

// readList reads one URL a line: a leading UTF-8 byte-order mark, "\r"
// before "\n" and empty lines are dropped, as the Go side's readList does.
bool readList(const std::string& path, List& l) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::stringstream ss;
  ss << in.rdbuf();
  std::string data = ss.str();
  if (data.compare(0, 3, "\xEF\xBB\xBF") == 0) data.erase(0, 3);
  size_t slash = path.find_last_of('/');
  std::string base = slash == std::string::npos ? path : path.substr(slash + 1);
  if (base.size() > 4 && base.compare(base.size() - 4, 4, ".txt") == 0) base.resize(base.size() - 4);
  l.name = base;
  size_t start = 0;
  while (start < data.size()) {
    size_t end = data.find('\n', start);
    if (end == std::string::npos) end = data.size();
    std::string line = data.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!line.empty()) l.urls.push_back(std::move(line));
    start = end + 1;
  }
  return !l.urls.empty();
}

void upper(std::string& b, size_t from, size_t to) {
  for (size_t i = from; i < to; i++)
    if (b[i] >= 'a' && b[i] <= 'z') b[i] -= 'a' - 'A';
}

// upperSchemeAndHost: the scheme (up to the first ':') in upper case and,
// when "//" follows, the host: from after the last '@' of the authority
// (or its start) to the authority's end, the first of "/?#\" or the end.
std::string upperSchemeAndHost(const std::string& s) {
  size_t colon = s.find(':');
  if (colon == std::string::npos) return s;
  std::string b = s;
  upper(b, 0, colon);
  if (s.compare(colon + 1, 2, "//") == 0) {
    size_t start = colon + 3;
    size_t end = s.find_first_of("/?#\\", start);
    if (end == std::string::npos) end = s.size();
    size_t at = std::string_view(s).substr(start, end - start).rfind('@');
    if (at != std::string_view::npos) start += at + 1;
    upper(b, start, end);
  }
  return b;
}

// longList: 1000 canonical https URLs of size bytes or a few more, from
// xorshift64 (13, 7, 17) seeded with 0x9E3779B97F4A7C15: host
// "www.example<i mod 10>.com", then "/" + word while shorter than
// size*2/3, then "?" or "&" + word "=" word while shorter than size; a
// word is 3 + next(10) letters of alphabet[next(38)].
List longList(const std::string& name, size_t size) {
  static const char alphabet[] = "abcdefghijklmnopqrstuvwxyz0123456789_-";
  uint64_t x = 0x9E3779B97F4A7C15ULL;
  auto next = [&x](uint64_t n) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return x % n;
  };
  auto word = [&](std::string& b) {
    for (uint64_t n = 3 + next(10); n > 0; n--) b.push_back(alphabet[next(38)]);
  };
  List l{name, {}};
  for (int i = 0; i < 1000; i++) {
    std::string b = "https://www.example";
    b.push_back(char('0' + i % 10));
    b += ".com";
    while (b.size() < size * 2 / 3) {
      b.push_back('/');
      word(b);
    }
    for (char sep = '?'; b.size() < size; sep = '&') {
      b.push_back(sep);
      word(b);
      b.push_back('=');
      word(b);
    }
    l.urls.push_back(std::move(b));
  }
  return l;
}

// fnv1a64 of every URL followed by "\n": a fingerprint to check that two
// programs read the same list.
uint64_t fingerprint(const List& l) {
  uint64_t h = 14695981039346656037ULL;
  for (const auto& u : l.urls) {
    for (unsigned char c : u) h = (h ^ c) * 1099511628211ULL;
    h = (h ^ '\n') * 1099511628211ULL;
  }
  return h;
}

volatile size_t sink;

// One pass over the list: the work of one row for every input.
size_t parseHref(const std::vector<std::string>& urls) {
  size_t n = 0;
  for (const auto& s : urls) {
    auto u = ada::parse<ada::url_aggregator>(s);
    if (u) n += u->get_href().size();
  }
  return n;
}

size_t canParse(const std::vector<std::string>& urls) {
  size_t n = 0;
  for (const auto& s : urls) n += ada::can_parse(s);
  return n;
}

struct Op {
  const char* name;
  size_t (*run)(const std::vector<std::string>&);
};
const Op ops[] = {{"ada parse+href", parseHref}, {"ada can_parse", canParse}};

using Clock = std::chrono::steady_clock;

// measure times passes of op over urls as testing.Benchmark does: it
// grows the number of passes until one timed run lasts benchtime, and
// returns ns per input of that run.
double measure(const Op& op, const std::vector<std::string>& urls, double benchtimeNs) {
  uint64_t n = 1;
  for (;;) {
    auto t0 = Clock::now();
    size_t acc = 0;
    for (uint64_t i = 0; i < n; i++) acc += op.run(urls);
    double ns = std::chrono::duration<double, std::nano>(Clock::now() - t0).count();
    sink = sink + acc;
    if (ns >= benchtimeNs || n >= 1000000000) return ns / (double(n) * double(urls.size()));
    // Aim 20% past benchtime, growing at most 100× and at least by one.
    double perPass = ns / double(n);
    uint64_t want = perPass > 0 ? uint64_t(benchtimeNs * 1.2 / perPass) : n * 100;
    n = std::max(n + 1, std::min(want, n * 100));
  }
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  size_t k = v.size();
  return k % 2 ? v[k / 2] : (v[k / 2 - 1] + v[k / 2]) / 2;
}

std::string firstLineValue(const char* path, const char* key) {
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    size_t c = line.find(':');
    if (c == std::string::npos) continue;
    std::string k = line.substr(0, c);
    while (!k.empty() && (k.back() == ' ' || k.back() == '\t')) k.pop_back();
    if (k == key) {
      std::string v = line.substr(c + 1);
      size_t f = v.find_first_not_of(" \t");
      return f == std::string::npos ? "" : v.substr(f);
    }
  }
  return "unknown";
}

int usage() {
  std::fprintf(stderr, "usage: ada-bench [-rounds N] [-benchtime MS] [-write DIR] [-nogen] [list.txt ...]\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  int rounds = 10;
  double benchtimeMs = 500;
  std::string writeDir;
  bool gen = true;
  std::vector<std::string> files;
  std::string command = "ada-bench";
  for (int i = 1; i < argc; i++) {
    std::string a = argv[i];
    command += " " + a;
    if ((a == "-rounds" || a == "-benchtime" || a == "-write") && i + 1 < argc) {
      std::string v = argv[++i];
      command += " " + v;
      if (a == "-rounds") rounds = std::atoi(v.c_str());
      if (a == "-benchtime") benchtimeMs = std::atof(v.c_str());
      if (a == "-write") writeDir = v;
    } else if (a == "-nogen") {
      gen = false;
    } else if (!a.empty() && a[0] == '-') {
      return usage();
    } else {
      files.push_back(a);
    }
  }
  // -rounds 0: the lists and their table only (with -write, to make the
  // files for the Go side).
  if (rounds < 0 || benchtimeMs <= 0) return usage();
  if (files.empty()) {
    const char* dir = std::getenv("WEBURL_BENCH_DIR");
    if (!dir) {
      std::fprintf(stderr, "ada-bench: name list files or set WEBURL_BENCH_DIR\n");
      return 2;
    }
    if (DIR* d = opendir(dir)) {
      while (dirent* e = readdir(d)) {
        std::string n = e->d_name;
        if (n.size() > 4 && n.compare(n.size() - 4, 4, ".txt") == 0) files.push_back(std::string(dir) + "/" + n);
      }
      closedir(d);
    }
    std::sort(files.begin(), files.end());
  }
  std::vector<List> lists;
  for (const auto& f : files) {
    List l;
    if (!readList(f, l)) {
      std::fprintf(stderr, "ada-bench: %s: cannot read, or no URLs\n", f.c_str());
      return 1;
    }
    lists.push_back(std::move(l));
  }
  if (lists.empty()) {
    std::fprintf(stderr, "ada-bench: no lists\n");
    return 1;
  }
  if (gen) {
    size_t nfiles = lists.size();
    for (size_t i = 0; i < nfiles; i++) {
      List u{lists[i].name + "-upper", {}};
      for (const auto& s : lists[i].urls) u.urls.push_back(upperSchemeAndHost(s));
      lists.push_back(std::move(u));
    }
    lists.push_back(longList("long-1k", 1 << 10));
    lists.push_back(longList("long-4k", 4 << 10));
  }
  if (!writeDir.empty()) {
    for (const auto& l : lists) {
      std::ofstream out(writeDir + "/" + l.name + ".txt", std::ios::binary);
      for (const auto& u : l.urls) out << u << '\n';
      if (!out) {
        std::fprintf(stderr, "ada-bench: cannot write %s/%s.txt\n", writeDir.c_str(), l.name.c_str());
        return 1;
      }
    }
  }

  std::printf("# ada benchmark\n\n");
  std::printf("- ada: %s, %s, g++ %s\n", ADA_VERSION, "url_aggregator", __VERSION__);
  std::printf("- cpu: %s\n", firstLineValue("/proc/cpuinfo", "model name").c_str());
  std::printf("- cpus allowed (affinity): %s\n", firstLineValue("/proc/self/status", "Cpus_allowed_list").c_str());
  std::printf("- command: %s\n", command.c_str());
  std::printf("\n| list | lines | bytes | fnv-1a 64 of lines | ada accepts | already canonical (href == input) |\n");
  std::printf("| --- | ---: | ---: | --- | ---: | ---: |\n");
  for (const auto& l : lists) {
    size_t bytes = 0, ok = 0, canonical = 0;
    for (const auto& s : l.urls) {
      bytes += s.size();
      auto u = ada::parse<ada::url_aggregator>(s);
      if (!u) continue;
      ok++;
      if (u->get_href() == s) canonical++;
    }
    std::printf("| %s | %zu | %zu | %016llx | %zu | %zu (%.1f%%) |\n", l.name.c_str(), l.urls.size(), bytes,
                (unsigned long long)fingerprint(l), ok, canonical, 100.0 * double(canonical) / double(l.urls.size()));
  }
  std::printf("\n");
  std::fflush(stdout);
  if (rounds == 0) return 0;

  // Every op on every list, in the same order each round.
  size_t nops = sizeof ops / sizeof ops[0];
  std::vector<std::vector<std::vector<double>>> res(lists.size(), std::vector<std::vector<double>>(nops));
  for (int r = 0; r < rounds; r++) {
    for (size_t i = 0; i < lists.size(); i++)
      for (size_t j = 0; j < nops; j++) res[i][j].push_back(measure(ops[j], lists[i].urls, benchtimeMs * 1e6));
    std::fprintf(stderr, "round %d of %d done\n", r + 1, rounds);
  }

  std::printf("ns per input: median and minimum of %d interleaved rounds; allocations are not counted.\n", rounds);
  for (size_t i = 0; i < lists.size(); i++) {
    std::printf("\n### %s (%zu URLs)\n\n", lists[i].name.c_str(), lists[i].urls.size());
    std::printf("| op | ns/input median | ns/input min | allocs/input | B/input | × baseline |\n");
    std::printf("| --- | ---: | ---: | ---: | ---: | ---: |\n");
    for (size_t j = 0; j < nops; j++) {
      const auto& v = res[i][j];
      std::printf("| %s | %.0f | %.0f | — | — | — |\n", ops[j].name, median(v), *std::min_element(v.begin(), v.end()));
    }
  }
  return 0;
}
