#!/usr/bin/env bash
# Builds the W8A8 GPU harness against generated host stubs and runs it.
#
#   test/gpu/run.sh [STUB_DIR] [check|bench|all|sanitize]
#
# STUB_DIR (default .gpu-out/gen) holds the qgemm-compile outputs of
# test/gpu/kernels/*.mlir. Runs from the repository root on the GPU machine
# (nvcc, cuBLAS and cuBLASLt needed; no MLIR). Logs and bench.json go to $OUT
# when it is set, else to .gpu-out/results. The bench table is printed last.
# sanitize runs a short --check (small M) under compute-sanitizer memcheck.
# Environment: CUDA_HOME (default /usr/local/cuda), CXX (default g++),
# CHECK_TIMEOUT / BENCH_TIMEOUT in seconds (default 240 each), HARNESS_ARGS
# (extra harness arguments, e.g. "--kernels w8a8_n4096_k4096 --ms 1,16").
set -euo pipefail

cd "$(dirname "$0")/../.."
GEN=${1:-.gpu-out/gen}
MODE=${2:-all}
case "$MODE" in
check | bench | all | sanitize) ;;
*)
  echo "usage: $0 [STUB_DIR] [check|bench|all|sanitize]" >&2
  exit 2
  ;;
esac

CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
NVCC=$CUDA_HOME/bin/nvcc
[ -x "$NVCC" ] || NVCC=$(command -v nvcc || true)
[ -n "$NVCC" ] || { echo "error: nvcc not found (set CUDA_HOME)" >&2; exit 1; }
CXX=${CXX:-g++}
BUILD=.gpu-out/build
RESULTS=${OUT:-.gpu-out/results}
CHECK_TIMEOUT=${CHECK_TIMEOUT:-240}
BENCH_TIMEOUT=${BENCH_TIMEOUT:-240}
read -r -a EXTRA <<<"${HARNESS_ARGS:-}"

# The stubs under test: every w8a8_n<N>_k<K>[_tag].h in STUB_DIR unless
# KERNELS names them (space-separated function names).
if [ -z "${KERNELS:-}" ]; then
  KERNELS=$(cd "$GEN" 2>/dev/null && ls w8a8_n*_k*.h 2>/dev/null | sed 's/\.h$//' | sort || true)
fi
[ -n "$KERNELS" ] || {
  echo "error: no w8a8_n<N>_k<K>.h stubs in $GEN; generate them with" >&2
  echo "  for f in test/gpu/kernels/*.mlir; do build/bin/qgemm-compile \$f --chip=sm_90 -o $GEN; done" >&2
  exit 1
}
for f in $KERNELS; do
  if ! [[ $f =~ ^w8a8_n([0-9]+)_k([0-9]+)(_[A-Za-z0-9_]+)?$ ]]; then
    echo "error: '$f' is not named w8a8_n<N>_k<K>[_tag]" >&2
    exit 1
  fi
  for ext in h cpp; do
    if [ ! -f "$GEN/$f.$ext" ]; then
      echo "error: $GEN/$f.$ext is missing; generate it with qgemm-compile" >&2
      exit 1
    fi
  done
done
mkdir -p "$BUILD/obj" "$RESULTS"
: >"$BUILD/kernels.inc"
: >"$BUILD/kernels.def"
for f in $KERNELS; do
  [[ $f =~ ^w8a8_n([0-9]+)_k([0-9]+) ]]
  echo "#include \"$f.h\"" >>"$BUILD/kernels.inc"
  echo "QGEMM_W8A8_KERNEL($f, ${BASH_REMATCH[1]}, ${BASH_REMATCH[2]})," >>"$BUILD/kernels.def"
done


echo "== build ($("$NVCC" --version | tail -n 1))"
pids=()
names=()
compile() { # name, command...
  local name=$1
  shift
  "$@" >"$BUILD/obj/$name.log" 2>&1 &
  pids+=($!)
  names+=("$name")
}
for src in lib/Reference/*.cpp; do
  compile "ref_$(basename "$src" .cpp)" "$CXX" -std=c++17 -O3 -ffp-contract=off \
    -Iinclude -c "$src" -o "$BUILD/obj/ref_$(basename "$src" .cpp).o"
done
for f in $KERNELS; do
  compile "stub_$f" "$CXX" -std=c++17 -O2 -I"$CUDA_HOME/include" -I"$GEN" \
    -c "$GEN/$f.cpp" -o "$BUILD/obj/stub_$f.o"
done
compile harness "$NVCC" -std=c++17 -O2 -arch=sm_90 -Iinclude -I"$GEN" -I"$BUILD" \
  -c test/gpu/w8a8_harness.cu -o "$BUILD/obj/harness.o"
failed=0
for i in "${!pids[@]}"; do
  if ! wait "${pids[$i]}"; then
    echo "error: compiling ${names[$i]} failed:" >&2
    cat "$BUILD/obj/${names[$i]}.log" >&2
    failed=1
  fi
done
[ "$failed" = 0 ] || exit 1
objs=("$BUILD"/obj/ref_*.o)
for f in $KERNELS; do objs+=("$BUILD/obj/stub_$f.o"); done
"$NVCC" -arch=sm_90 "$BUILD/obj/harness.o" "${objs[@]}" -o "$BUILD/w8a8_harness" \
  -lcublas -lcublasLt -L"$CUDA_HOME/lib64/stubs" -lcuda

echo "== GPU"
nvidia-smi -L || echo "warning: nvidia-smi failed" >&2

exit_reason() { # exit code, timeout
  if [ "$1" = 124 ]; then echo "timed out after $2 s"; else echo "exit $1"; fi
}

status=0
check_line="check: not run"
if [ "$MODE" = check ] || [ "$MODE" = all ]; then
  echo "== check"
  if timeout "$CHECK_TIMEOUT" "$BUILD/w8a8_harness" --check "${EXTRA[@]}" 2>&1 |
    tee "$RESULTS/check.log"; then
    check_line=$(grep -E '^check: ' "$RESULTS/check.log" | tail -n 1 || true)
  else
    rc=$?
    check_line="$(grep -E '^check: ' "$RESULTS/check.log" | tail -n 1 || true)"
    check_line="${check_line:-check:} FAILED ($(exit_reason "$rc" "$CHECK_TIMEOUT"))"
    status=1
  fi
fi

if [ "$MODE" = sanitize ]; then
  echo "== compute-sanitizer memcheck"
  SANITIZER=$CUDA_HOME/bin/compute-sanitizer
  [ -x "$SANITIZER" ] || SANITIZER=compute-sanitizer
  if timeout "$CHECK_TIMEOUT" "$SANITIZER" --tool memcheck --error-exitcode 3 \
    "$BUILD/w8a8_harness" --check --ms 1,7,33,127 "${EXTRA[@]}" 2>&1 |
    tee "$RESULTS/sanitize.log"; then
    check_line="sanitize: PASS"
  else
    rc=$?
    check_line="sanitize: FAILED ($(exit_reason "$rc" "$CHECK_TIMEOUT"))"
    status=1
  fi
fi

if [ "$MODE" = bench ] || [ "$MODE" = all ]; then
  echo "== bench"
  rm -f "$RESULTS/bench_table.txt"
  if timeout "$BENCH_TIMEOUT" "$BUILD/w8a8_harness" --bench \
    --json "$RESULTS/bench.json" --table "$RESULTS/bench_table.txt" "${EXTRA[@]}" \
    >"$RESULTS/bench.log" 2>&1; then
    :
  else
    rc=$?
    tail -n 40 "$RESULTS/bench.log"
    echo "bench: FAILED ($(exit_reason "$rc" "$BENCH_TIMEOUT"))"
    status=1
  fi
  echo "== summary"
  echo "$check_line"
  grep -E '^bench:' "$RESULTS/bench.log" || true
  echo "bench log: $RESULTS/bench.log, json: $RESULTS/bench.json"
  [ -f "$RESULTS/bench_table.txt" ] && cat "$RESULTS/bench_table.txt"
else
  echo "== summary"
  echo "$check_line"
fi
exit "$status"
