#!/usr/bin/env bash
# Builds ada-bench, our driver of the ada URL parser (driver.cpp), against
# the ada source tree ADA_DIR points to (a checkout of
# github.com/ada-url/ada, or its release's single-header ada.h + ada.cpp),
# with g++ -O3 and C++20. ada's code is compiled from ADA_DIR, never
# copied into this repository.
#
#   ADA_DIR=/path/to/ada bench/ada/build.sh        # writes bench/ada/ada-bench
#   ADA_DIR=/path/to/ada OUT=/tmp/ada-bench CXX=g++-12 bench/ada/build.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
: "${ADA_DIR:?set ADA_DIR to an ada source tree (git clone https://github.com/ada-url/ada)}"
CXX="${CXX:-g++}"
OUT="${OUT:-$here/ada-bench}"
flags=(-O3 -DNDEBUG -std=c++20 -DADA_INCLUDE_URL_PATTERN=0)

if [ -f "$ADA_DIR/src/ada.cpp" ] && [ -f "$ADA_DIR/include/ada.h" ]; then
  # A checkout: src/ada.cpp includes the other sources (one unit).
  src=("$ADA_DIR/src/ada.cpp") inc=(-I"$ADA_DIR/include")
elif [ -f "$ADA_DIR/ada.cpp" ] && [ -f "$ADA_DIR/ada.h" ]; then
  # The amalgamated pair of a release (or of singleheader/amalgamate.py).
  src=("$ADA_DIR/ada.cpp") inc=(-I"$ADA_DIR")
else
  echo "build.sh: no src/ada.cpp + include/ada.h, nor ada.cpp + ada.h, in $ADA_DIR" >&2
  exit 1
fi
rev=""
if git -C "$ADA_DIR" rev-parse --short HEAD >/dev/null 2>&1; then
  rev="$(git -C "$ADA_DIR" rev-parse --short HEAD)"
fi
echo "building $OUT with $("$CXX" --version | head -n1) ${rev:+(ada $rev)}"
"$CXX" "${flags[@]}" "${inc[@]}" "$here/driver.cpp" "${src[@]}" -o "$OUT"
