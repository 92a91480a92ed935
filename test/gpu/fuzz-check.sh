#!/usr/bin/env bash
# Checks every stub of a folder on the GPU, each family in a harness process
# of its own (a fault ends only that family), three at a time, then runs a
# sample under compute-sanitizer memcheck: the GPU side of
# scripts/fuzz-gpu.py.
#
#   test/gpu/fuzz-check.sh STUB_DIR
#
# STUB_DIR holds qgemm-compile stubs under the harness's names (what
# scripts/fuzz-gpu.py writes); where STUB_DIR.tar.xz exists it is unpacked
# first. Environment: MS (the M of --check, default
# 1,7,33,65,129,300,1000,2049), SAN_MS (of memcheck, default 7,65,300),
# OUT (summary.txt, the failing families' logs, families.txt, san.log;
# default /tmp/fuzz-check), JOBS (the harness build). Prints the summary; exits 1 when a family fails or memcheck
# reports an error.
set -uo pipefail

cd "$(dirname "$0")/../.."
[ $# -eq 1 ] || { echo "usage: $0 STUB_DIR" >&2; exit 2; }
DIR=${1%/}
O=${OUT:-/tmp/fuzz-check}
mkdir -p "$O"
S=$O/summary.txt
: > "$S"
if [ -f "$DIR.tar.xz" ]; then
  tar xJf "$DIR.tar.xz" -C "$(dirname "$DIR")" || exit 1
fi
rm -rf .gpu-out/build
JOBS=${JOBS:-$(nproc)} test/gpu/run.sh "$DIR" build > "$O/build.log" 2>&1 || {
  tail -30 "$O/build.log"
  exit 1
}
export H=.gpu-out/build/harness O MS=${MS:-1,7,33,65,129,300,1000,2049}
ls "$DIR"/*.h | xargs -n1 basename | sed 's/\.h$//' > "$O/families.txt"
rm -f "$O/rc.txt"
xargs -P 3 -I{} bash -c 'timeout 200 $H --check --kernels {} --ms $MS > $O/check_{}.log 2>&1; echo "{} $?" >> $O/rc.txt' < "$O/families.txt"
pass=0 fail=0 cases=0
while read -r k rc; do
  last=$(tail -1 "$O/check_$k.log")
  n=$(echo "$last" | sed -n 's/^check: [0-9]* of \([0-9]*\) .*/\1/p')
  cases=$((cases + ${n:-0}))
  if [ "$rc" -eq 0 ]; then
    pass=$((pass + 1))
    rm -f "$O/check_$k.log" # only the failures' logs stay
  else
    fail=$((fail + 1))
    echo "FAIL $k rc=$rc: $last" >> "$S"
    grep -m3 FAIL "$O/check_$k.log" | cut -c1-300 >> "$S"
  fi
done < "$O/rc.txt"
echo "check: $pass families passed, $fail failed, $cases cases" >> "$S"
# Every sm_80 family up to six (their stubs must load the PTX without a
# failing cubin load) and every seventh family.
SAN=$( (grep _s80 "$O/families.txt" | head -6; awk 'NR%7==1' "$O/families.txt") |
  sort -u | tr '\n' ',' | sed 's/,$//')
timeout 300 compute-sanitizer --tool memcheck --error-exitcode 99 $H --check \
  --kernels "$SAN" --ms "${SAN_MS:-7,65,300}" > "$O/san.log" 2>&1
san=$?
echo "memcheck rc=$san: $(grep -E 'ERROR SUMMARY' "$O/san.log" | tail -1 |
  sed 's/=* *//'); $(grep '^check:' "$O/san.log")" >> "$S"
cat "$S"
[ $fail -eq 0 ] && [ $san -eq 0 ]
