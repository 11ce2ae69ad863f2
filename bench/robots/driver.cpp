// robotstxt-bench: times Google's robots.txt matcher
// (github.com/google/robotstxt, RobotsMatcher::OneAgentAllowedByRobots,
// which parses the file for each URL: it has no API that parses once) on
// one robots.txt file and a list of URLs, one a line, for package robots'
// benchmark (main.go runs it with -cxx, in the same rounds as the Go rows).
//
//   robotstxt-bench [-benchtime MS] [-agent TOKEN] [-answers] ROBOTS_TXT URL_LIST
//
// It prints one line: wall ns and CPU ns per URL checked, and how many URLs
// were allowed; with -answers, instead, 1 (allowed) or 0 for each URL, one
// a line.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "robots.h"

static std::string slurp(const char* path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

static double cpu_ns() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e9 + ts.tv_nsec;
}

int main(int argc, char** argv) {
  long benchtime_ms = 300;
  std::string agent = "ExampleBot";
  bool answers = false;
  std::vector<const char*> args;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "-benchtime") && i + 1 < argc) {
      benchtime_ms = atol(argv[++i]);
    } else if (!strcmp(argv[i], "-agent") && i + 1 < argc) {
      agent = argv[++i];
    } else if (!strcmp(argv[i], "-answers")) {
      answers = true;
    } else {
      args.push_back(argv[i]);
    }
  }
  if (args.size() != 2) {
    fprintf(stderr, "usage: robotstxt-bench [-benchtime MS] [-agent TOKEN] ROBOTS_TXT URL_LIST\n");
    return 2;
  }
  const std::string robots = slurp(args[0]);
  std::vector<std::string> urls;
  std::istringstream list(slurp(args[1]));
  for (std::string line; std::getline(list, line);) {
    if (!line.empty()) urls.push_back(line);
  }
  if (urls.empty()) return 2;
  if (answers) {
    for (const auto& u : urls) {
      googlebot::RobotsMatcher m;
      puts(m.OneAgentAllowedByRobots(robots, agent, u) ? "1" : "0");
    }
    return 0;
  }

  int allowed = 0;
  long passes = 0;
  auto run = [&] {
    allowed = 0;
    for (const auto& u : urls) {
      googlebot::RobotsMatcher m;
      if (m.OneAgentAllowedByRobots(robots, agent, u)) allowed++;
    }
  };
  run();  // warm up
  const auto t0 = std::chrono::steady_clock::now();
  const double c0 = cpu_ns();
  double elapsed = 0;
  do {
    run();
    passes++;
    elapsed = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count();
  } while (elapsed < benchtime_ms * 1e6);
  const double cpu = cpu_ns() - c0;
  const double ops = double(passes) * urls.size();
  printf("%.1f %.1f %d\n", elapsed / ops, cpu / ops, allowed);
  return 0;
}
