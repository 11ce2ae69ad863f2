#!/usr/bin/env bash
# Builds robotstxt-bench, our driver of Google's robots.txt matcher
# (driver.cpp), from the source tree ROBOTSTXT_DIR points to (a checkout
# of github.com/google/robotstxt: robots.cc, robots.h), with g++ -O3 and
# Debian's Abseil (apt-get install -y libabsl-dev). Google's code is
# compiled from ROBOTSTXT_DIR, never copied into this repository.
#
#   ROBOTSTXT_DIR=/tmp/robotstxt bench/robots/build.sh   # writes /tmp/robotstxt-bench
#   ROBOTSTXT_DIR=... OUT=/tmp/x CXX=clang++ bench/robots/build.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
: "${ROBOTSTXT_DIR:?set ROBOTSTXT_DIR to a robotstxt source tree (git clone https://github.com/google/robotstxt)}"
CXX="${CXX:-g++}"
OUT="${OUT:-/tmp/robotstxt-bench}"
[ -f "$ROBOTSTXT_DIR/robots.cc" ] && [ -f "$ROBOTSTXT_DIR/robots.h" ] ||
  { echo "build.sh: no robots.cc and robots.h in $ROBOTSTXT_DIR" >&2; exit 1; }
[ -d /usr/include/absl ] || { echo "build.sh: no Abseil headers: apt-get install -y libabsl-dev" >&2; exit 1; }
rev=""
if git -C "$ROBOTSTXT_DIR" rev-parse --short HEAD >/dev/null 2>&1; then
  rev="$(git -C "$ROBOTSTXT_DIR" rev-parse --short HEAD)"
fi
echo "building $OUT with $("$CXX" --version | head -n1) ${rev:+(robotstxt $rev)}"
# robots.cc uses Abseil's strings (ascii, match, numbers) and FixedArray,
# whose code is in these libraries of libabsl-dev.
"$CXX" -O3 -DNDEBUG -std=c++17 -I"$ROBOTSTXT_DIR" "$here/driver.cpp" "$ROBOTSTXT_DIR/robots.cc" \
  -o "$OUT" -labsl_strings -labsl_strings_internal -labsl_raw_logging_internal -labsl_throw_delegate -labsl_int128
