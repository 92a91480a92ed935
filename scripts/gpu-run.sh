#!/usr/bin/env bash
# One GPU run of the perf notes (build, check, compute-sanitizer, bench twice)
# over a folder of generated stubs, on the machine with the GPU.
#
#   scripts/gpu-run.sh RUN CHECK_KERNELS CHECK_MS BENCH_MS
#
# RUN names the folder .gpu-out/RUN of host stubs (`qgemm-compile <f>
# --chip=sm_90a --emit=stub -o .gpu-out/RUN`); where .gpu-out/RUN.tar.xz
# exists it is unpacked first (the form the device tool carries).
# CHECK_KERNELS is a comma list of function names for --check, `all` for
# every stub, or empty to skip the check; CHECK_MS and BENCH_MS are comma
# lists of M. Environment: SAN (a comma list of functions checked under
# compute-sanitizer memcheck, small M), ONE (set: one bench run, not two),
# OUT (where the results go, default /tmp/gpu-run: check.log, sanitize.log,
# bench1.json / bench2.json and table1.txt / table2.txt), and what
# test/gpu/run.sh takes (CHECK_TIMEOUT, BENCH_TIMEOUT, QGEMM_WATCHDOG_SECONDS,
# JOBS). Prints each phase's status and, last, the first bench table.
set -uo pipefail

if [ $# -ne 4 ]; then
  sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
fi
cd "$(dirname "$0")/.." || exit 2
run=$1 checkKernels=$2 checkMs=$3 benchMs=$4
out=${OUT:-/tmp/gpu-run}
work=$(mktemp -d)
mkdir -p "$out"
[ -f ".gpu-out/$run.tar.xz" ] && tar xJf ".gpu-out/$run.tar.xz" -C .gpu-out
[ -d ".gpu-out/$run" ] || { echo "error: no stubs in .gpu-out/$run" >&2; exit 2; }
nvidia-smi -L
test/gpu/run.sh ".gpu-out/$run" build >"$work/build.log" 2>&1 ||
  { tail -50 "$work/build.log"; exit 1; }
echo "build done $SECONDS s"
if [ -n "$checkKernels" ]; then
  kernels="--kernels $checkKernels"
  [ "$checkKernels" = all ] && kernels=
  OUT=$work/c HARNESS_ARGS="$kernels --ms $checkMs" \
    test/gpu/run.sh ".gpu-out/$run" check >"$work/check.out" 2>&1
  echo "check rc=$? $SECONDS s"
  tail -3 "$work/check.out"
  cp "$work/c/check.log" "$out/"
fi
if [ -n "${SAN:-}" ]; then
  OUT=$work/s HARNESS_ARGS="--kernels $SAN" \
    test/gpu/run.sh ".gpu-out/$run" sanitize >"$work/san.out" 2>&1
  echo "sanitize rc=$? $SECONDS s"
  tail -3 "$work/san.out"
  cp "$work/s/sanitize.log" "$out/"
fi
runs=2
[ -n "${ONE:-}" ] && runs=1
for i in $(seq 1 $runs); do
  OUT=$work/b$i HARNESS_ARGS="--ms $benchMs" \
    test/gpu/run.sh ".gpu-out/$run" bench >/dev/null 2>&1
  echo "bench$i rc=$? $SECONDS s"
  cp "$work/b$i/bench.json" "$out/bench$i.json"
  cp "$work/b$i/bench_table.txt" "$out/table$i.txt"
done
echo "done $SECONDS s"
cut -c1-80 "$work/b1/bench_table.txt"
