#!/usr/bin/env bash
# Builds the GPU harness against generated host stubs and runs it.
#
#   test/gpu/run.sh [STUB_DIR] [check|bench|all|sanitize|build]
#
# STUB_DIR (default .gpu-out/gen) holds the qgemm-compile outputs of
# test/gpu/kernels/*.mlir. Each scheme module test/gpu/schemes/<scheme>.cu
# takes the stubs named <scheme>_n<N>_k<K>[_tag] there; only the modules with
# stubs are built. Runs from the repository root on the GPU machine (nvcc,
# cuBLAS and cuBLASLt needed; no MLIR). Logs and bench.json go to $OUT when it
# is set, else to .gpu-out/results. The bench table is printed last. sanitize
# runs a short --check (small M) under compute-sanitizer memcheck; build only
# builds .gpu-out/build/harness (no GPU needed).
# Environment: CUDA_HOME (default /usr/local/cuda), CXX (default g++),
# CHECK_TIMEOUT / BENCH_TIMEOUT in seconds (default 240 each, or 10 s per
# kernel when that is more), HARNESS_ARGS (extra harness arguments, e.g.
# "--kernels w8a8_n4096_k4096 --ms 1,16"), KERNELS (space-separated function
# names instead of every stub found; a name with * ? [ is a pattern matched
# against the stubs of STUB_DIR, e.g. 'w4a16_*_g128*'), JOBS (parallel
# compiles, default: the number of cores), QGEMM_WATCHDOG_SECONDS (the
# harness ends the run, exit 86, naming the case, when no case started for
# that long: default 120, 600 under sanitize; 0: off).
set -euo pipefail

cd "$(dirname "$0")/../.."
GEN=${1:-.gpu-out/gen}
MODE=${2:-all}
case "$MODE" in
check | bench | all | sanitize | build) ;;
*)
  echo "usage: $0 [STUB_DIR] [check|bench|all|sanitize|build]" >&2
  exit 2
  ;;
esac

CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
NVCC=$CUDA_HOME/bin/nvcc
[ -x "$NVCC" ] || NVCC=$(command -v nvcc || true)
[ -n "$NVCC" ] || { echo "error: nvcc not found (set CUDA_HOME)" >&2; exit 1; }
CXX=${CXX:-g++}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 4)}
HARNESS_DIR=test/gpu/harness
SCHEME_DIR=test/gpu/schemes
BUILD=.gpu-out/build
HARNESS=$BUILD/harness
RESULTS=${OUT:-.gpu-out/results}
read -r -a EXTRA <<<"${HARNESS_ARGS:-}"

# The schemes: one module per name prefix.
SCHEMES=$(cd "$SCHEME_DIR" && ls -- *.cu | sed 's/\.cu$//' | sort)
SCHEME_LIST=${SCHEMES//$'\n'/ }

# The stubs under test: every <scheme>_n<N>_k<K>[_tag].h in STUB_DIR unless
# KERNELS names them (or gives patterns of their names).
if [ -n "${KERNELS:-}" ]; then
  read -r -a patterns <<<"$KERNELS"
  KERNELS=
  for p in "${patterns[@]}"; do
    if [[ $p == *[*?[]* ]]; then
      matches=$(cd "$GEN" 2>/dev/null && compgen -G "$p.h" | sed 's/\.h$//' |
        sort) || true
      [ -n "$matches" ] || {
        echo "error: the KERNELS pattern '$p' matches no stub in $GEN" >&2
        exit 1
      }
      KERNELS+=" "$matches
    else
      KERNELS+=" $p"
    fi
  done
fi
if [ -z "${KERNELS:-}" ]; then
  KERNELS=$(for s in $SCHEMES; do
    (cd "$GEN" 2>/dev/null && ls -- "${s}"_n*_k*.h 2>/dev/null |
      sed 's/\.h$//' | sort) || true
  done)
fi
[ -n "$KERNELS" ] || {
  echo "error: no <scheme>_n<N>_k<K>.h stubs in $GEN (schemes: $SCHEME_LIST);" \
    "generate them with" >&2
  echo "  for f in test/gpu/kernels/*.mlir; do" \
    "build/bin/qgemm-compile \$f --chip=sm_90a -o $GEN; done" >&2
  exit 1
}

# The scheme of each stub, and the generated tables: <scheme>_kernels.inc (the
# stub headers) and <scheme>_kernels.def (one QGEMM_KERNEL(name, N, K) each)
# for every scheme with stubs, and schemes.def (one QGEMM_SCHEME(scheme) each).
rm -rf "$BUILD/gen"
mkdir -p "$BUILD/gen" "$BUILD/obj"
USED=()
for f in $KERNELS; do
  scheme=
  for s in $SCHEMES; do
    if [[ $f =~ ^${s}_n([0-9]+)_k([0-9]+)(_[A-Za-z0-9_]+)?$ ]]; then
      scheme=$s
      break
    fi
  done
  if [ -z "$scheme" ]; then
    echo "error: '$f' is not named <scheme>_n<N>_k<K>[_tag] for a scheme" \
      "of $SCHEME_DIR ($SCHEME_LIST)" >&2
    exit 1
  fi
  for ext in h cpp; do
    if [ ! -f "$GEN/$f.$ext" ]; then
      echo "error: $GEN/$f.$ext is missing; generate it with qgemm-compile" >&2
      exit 1
    fi
  done
  if [ ! -f "$BUILD/gen/${scheme}_kernels.def" ]; then
    USED+=("$scheme")
    echo "QGEMM_SCHEME($scheme)" >>"$BUILD/gen/schemes.def"
  fi
  echo "#include \"$f.h\"" >>"$BUILD/gen/${scheme}_kernels.inc"
  # The header's macros (QGEMM_<F>_MAX_M, ...) also as qgemm_<f>_MAX_M, ...,
  # which a module's QGEMM_KERNEL(NAME, ...) can form by pasting.
  upper=$(tr '[:lower:]' '[:upper:]' <<<"$f")
  sed -n "s/^#define QGEMM_${upper}_\([A-Z0-9_]*\) .*/#define qgemm_${f}_\1 QGEMM_${upper}_\1/p" \
    "$GEN/$f.h" >>"$BUILD/gen/${scheme}_kernels.inc"
  echo "QGEMM_KERNEL($f, ${BASH_REMATCH[1]}, ${BASH_REMATCH[2]})" \
    >>"$BUILD/gen/${scheme}_kernels.def"
done

# The time limits of the runs: 240 s each, or 10 s per kernel when that is
# more (the W4A16 set alone has 35 kernels; its largest layers take seconds of
# CPU reference each).
NUM_KERNELS=$(wc -w <<<"$KERNELS")
DEFAULT_TIMEOUT=$((NUM_KERNELS * 10 > 240 ? NUM_KERNELS * 10 : 240))
CHECK_TIMEOUT=${CHECK_TIMEOUT:-$DEFAULT_TIMEOUT}
BENCH_TIMEOUT=${BENCH_TIMEOUT:-$DEFAULT_TIMEOUT}

echo "== build ($("$NVCC" --version | tail -n 1))"
rm -f "$BUILD"/obj/*.rc
names=()
compile() { # name, command...: runs in the background, at most JOBS at once
  local name=$1
  shift
  while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do
    wait -n || true
  done
  (
    rc=0
    "$@" >"$BUILD/obj/$name.log" 2>&1 || rc=$?
    echo "$rc" >"$BUILD/obj/$name.rc"
  ) &
  names+=("$name")
}
NVCC_FLAGS=(-std=c++17 -O2 -arch=sm_90 -Iinclude -Itest/gpu -I"$GEN" -I"$BUILD/gen")
objs=()
for src in lib/Reference/*.cpp; do
  name=ref_$(basename "$src" .cpp)
  compile "$name" "$CXX" -std=c++17 -O3 -ffp-contract=off \
    -Iinclude -c "$src" -o "$BUILD/obj/$name.o"
  objs+=("$BUILD/obj/$name.o")
done
for f in $KERNELS; do
  compile "stub_$f" "$CXX" -std=c++17 -O2 -I"$CUDA_HOME/include" -I"$GEN" \
    -c "$GEN/$f.cpp" -o "$BUILD/obj/stub_$f.o"
  objs+=("$BUILD/obj/stub_$f.o")
done
for src in "$HARNESS_DIR"/*.cu; do
  name=harness_$(basename "$src" .cu)
  compile "$name" "$NVCC" "${NVCC_FLAGS[@]}" -c "$src" -o "$BUILD/obj/$name.o"
  objs+=("$BUILD/obj/$name.o")
done
# A module names the libraries it needs beyond cuBLAS in a line
# "// harness-libs: -lcusparse".
libs=()
for s in "${USED[@]}"; do
  compile "scheme_$s" "$NVCC" "${NVCC_FLAGS[@]}" -c "$SCHEME_DIR/$s.cu" \
    -o "$BUILD/obj/scheme_$s.o"
  objs+=("$BUILD/obj/scheme_$s.o")
  read -r -a more <<<"$(sed -n 's|^// harness-libs:||p' "$SCHEME_DIR/$s.cu" |
    tr '\n' ' ')"
  libs+=("${more[@]}")
done
wait
failed=0
for name in "${names[@]}"; do
  if [ "$(cat "$BUILD/obj/$name.rc" 2>/dev/null)" != 0 ]; then
    echo "error: compiling $name failed:" >&2
    cat "$BUILD/obj/$name.log" >&2
    failed=1
  fi
done
[ "$failed" = 0 ] || exit 1
"$NVCC" -arch=sm_90 "${objs[@]}" -o "$HARNESS" \
  -lcublas -lcublasLt "${libs[@]}" -L"$CUDA_HOME/lib64/stubs" -lcuda
echo "built $HARNESS: schemes ${USED[*]}, $(wc -w <<<"$KERNELS") kernels"
[ "$MODE" != build ] || exit 0
mkdir -p "$RESULTS"

echo "== GPU"
nvidia-smi -L || echo "warning: nvidia-smi failed" >&2

exit_reason() { # exit code, timeout
  case "$1" in
  124) echo "timed out after $2 s" ;;
  86) echo "the harness's watchdog: a case did not finish, see the log" ;;
  *) echo "exit $1" ;;
  esac
}

status=0
check_line="check: not run"
if [ "$MODE" = check ] || [ "$MODE" = all ]; then
  echo "== check"
  if timeout "$CHECK_TIMEOUT" "$HARNESS" --check "${EXTRA[@]}" 2>&1 |
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
  # Kernels run far slower under memcheck: a longer watchdog.
  if QGEMM_WATCHDOG_SECONDS=${QGEMM_WATCHDOG_SECONDS:-600} \
    timeout "$CHECK_TIMEOUT" "$SANITIZER" --tool memcheck --error-exitcode 3 \
    "$HARNESS" --check --ms 1,7,33,127 "${EXTRA[@]}" 2>&1 |
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
  if timeout "$BENCH_TIMEOUT" "$HARNESS" --bench \
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
