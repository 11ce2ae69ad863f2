#!/usr/bin/env bash
# Times weburl (the Go side, `go -C bench run .`) and ada (ada-bench, see
# build.sh) on the same list files, interleaved: RUNS times, for each
# list, one round of the Go side, then one round of ada, each pinned to
# core CPU with taskset. Prints both sides' outputs to OUT_DIR and a table of the
# medians over the runs: weburl Parse+Href against ada parse+href, weburl
# CanParse against ada can_parse; then the minima, and the median of the
# ratios of each run, the figure a shared machine moves least.
#
#   bench/ada/compare.sh                           # RUNS=5 CPU=1 BENCHTIME_MS=500
#   RUNS=9 GOTOOLCHAIN=go1.27.3 bench/ada/compare.sh
#
# The lists: ada-bench writes the files of WEBURL_BENCH_DIR and the lists
# it makes from them (-upper, long-1k, long-4k) to OUT_DIR/lists, and
# both sides read those files (ada-bench with -nogen). GO_BENCH_FLAGS
# go to the Go side (e.g. "-ops ..." where it has that flag).
# REPORT_ONLY=1 OUT_DIR=... prints the tables of the outputs already there.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
RUNS="${RUNS:-5}" CPU="${CPU:-1}" BENCHTIME_MS="${BENCHTIME_MS:-500}"
ADA_BENCH="${ADA_BENCH:-$here/ada-bench}"
OUT_DIR="${OUT_DIR:-$(mktemp -d)}"
: "${WEBURL_BENCH_DIR:=$(cd "$here/../../.." && pwd)/shared/bench}"
export WEBURL_BENCH_DIR
mkdir -p "$OUT_DIR/lists"
[ -x "$ADA_BENCH" ] || { echo "compare.sh: no $ADA_BENCH; run ADA_DIR=... $here/build.sh" >&2; exit 1; }

if [ "${REPORT_ONLY:-0}" != 1 ]; then
  "$ADA_BENCH" -rounds 0 -write "$OUT_DIR/lists" > "$OUT_DIR/lists.md"
fi
# The order the lists were made in: the files, then what ada-bench made.
mapfile -t files < <(sed -n 's/^| \([^ |]*\) | [0-9].*/\1/p' "$OUT_DIR/lists.md" | sed "s|.*|$OUT_DIR/lists/&.txt|")
[ "${REPORT_ONLY:-0}" = 1 ] || (cd "$here/.." && go build -o "$OUT_DIR/gobench" .)

# Interleaved list by list, so that a busy spell of the machine falls on
# both sides alike.
[ "${REPORT_ONLY:-0}" = 1 ] || for i in $(seq "$RUNS"); do
  echo "run $i of $RUNS" >&2
  for f in "${files[@]}"; do
    l="$(basename "$f" .txt)"
    # shellcheck disable=SC2086
    # -lists: the file's list alone, not the lists the Go side makes from
    # it (which ada-bench -nogen does not make either).
    taskset -c "$CPU" "$OUT_DIR/gobench" -rounds 1 -benchtime "${BENCHTIME_MS}ms" ${GO_BENCH_FLAGS:-} -lists "$l" "$f" > "$OUT_DIR/go.$i.$l.md" 2>/dev/null
    taskset -c "$CPU" "$ADA_BENCH" -nogen -rounds 1 -benchtime "$BENCHTIME_MS" "$f" > "$OUT_DIR/ada.$i.$l.md" 2>/dev/null
  done
done

# list<TAB>op<TAB>ns of every row of every run, then the median and the
# minimum per list and op, then the tables.
for f in "$OUT_DIR"/go.*.md "$OUT_DIR"/ada.*.md; do
  awk -F' *\\| *' '/^### /{name=$0; sub(/^### /,"",name); sub(/ .*/,"",name)}
    /^\| (weburl Parse\+Href|weburl CanParse|ada parse\+href|ada can_parse) \|/{print name "\t" $2 "\t" $3}' "$f"
done | sort -t$'\t' -k1,1 -k2,2 -k3,3n | awk -F'\t' '
  {k=$1 "\t" $2; v[k]=v[k] " " $3; n[k]++}
  END{for (k in v){split(substr(v[k],2),a," "); m=n[k]; med=(m%2)?a[(m+1)/2]:(a[m/2]+a[m/2+1])/2; print k "\t" med "\t" a[1]}}' > "$OUT_DIR/stats.tsv"

table() { # $1: column of stats.tsv (3 median, 4 minimum)
  echo "| list | weburl Parse+Href | ada parse+href | ratio | weburl CanParse | ada can_parse | ratio |"
  echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
  for f in "${files[@]}"; do
    awk -F'\t' -v l="$(basename "$f" .txt)" -v c="$1" '$1==l{m[$2]=$c}
      function r(a,b){return (a>0&&b>0)?sprintf("%.2f",a/b):"—"}
      END{printf "| %s | %.0f | %.0f | %s | %.0f | %.0f | %s |\n", l,
        m["weburl Parse+Href"], m["ada parse+href"], r(m["weburl Parse+Href"], m["ada parse+href"]),
        m["weburl CanParse"], m["ada can_parse"], r(m["weburl CanParse"], m["ada can_parse"])}' "$OUT_DIR/stats.tsv"
  done
}
echo "ns per URL over $RUNS interleaved runs, pinned to CPU $CPU; outputs in $OUT_DIR"
echo
echo "Medians:"
echo
table 3
echo
echo "Minima:"
echo
table 4

# The ratio within each run, Go side over ada side timed one after the
# other, then its median over the runs: a busy spell of the machine that
# falls on one run moves both sides of that run's ratio, not one side's
# median.
for f in "$OUT_DIR"/go.*.md "$OUT_DIR"/ada.*.md; do
  b="$(basename "$f" .md)"; run="${b#*.}"; run="${run%%.*}"
  awk -F' *\\| *' -v run="$run" '/^### /{name=$0; sub(/^### /,"",name); sub(/ .*/,"",name)}
    /^\| (weburl Parse\+Href|weburl CanParse|ada parse\+href|ada can_parse) \|/{print name "\t" run "\t" $2 "\t" $3}' "$f"
done | awk -F'\t' '!seen[$1 "\t" $2 "\t" $3]++{v[$1 "\t" $2 "\t" $3]=$4; lists[$1]=1; runs[$2]=1}
  function med(s,  a, m, i, j, t){m=split(substr(s,2),a," ")
    for (i=2; i<=m; i++) for (j=i; j>1 && a[j-1]+0>a[j]+0; j--) {t=a[j]; a[j]=a[j-1]; a[j-1]=t}
    return (m%2)?a[(m+1)/2]:(a[m/2]+a[m/2+1])/2}
  END{for (l in lists){p=""; c=""
    for (r in runs){
      g=v[l "\t" r "\tweburl Parse+Href"]; a=v[l "\t" r "\tada parse+href"]; if (g>0&&a>0) p=p " " g/a
      g=v[l "\t" r "\tweburl CanParse"]; a=v[l "\t" r "\tada can_parse"]; if (g>0&&a>0) c=c " " g/a}
    printf "%s\t%s\t%s\n", l, (p=="")?"—":sprintf("%.2f",med(p)), (c=="")?"—":sprintf("%.2f",med(c))}}' > "$OUT_DIR/ratios.tsv"
echo
echo "Median over the runs of each run's ratio:"
echo
echo "| list | Parse+Href ratio | CanParse ratio |"
echo "| --- | ---: | ---: |"
for f in "${files[@]}"; do
  awk -F'\t' -v l="$(basename "$f" .txt)" '$1==l{printf "| %s | %s | %s |\n", $1, $2, $3}' "$OUT_DIR/ratios.tsv"
done
