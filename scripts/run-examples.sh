#!/usr/bin/env bash
# The main job: set up and build, then verify every bundled example under
# examples/ and compile each one whose scheme has a lowering to PTX + cubin +
# host stub (into build/examples, or $QGEMM_EXAMPLES_OUT) for sm_90 (or
# $QGEMM_CHIP: sm_80, sm_90 or sm_90a, the wgmma kernels of an H100 / H200),
# printing one summary line per kernel. Exits non-zero if any example fails
# to verify or a lowerable one fails to compile.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${QGEMM_BUILD_DIR:-$root/build}
out=${QGEMM_EXAMPLES_OUT:-$build/examples}
chip=${QGEMM_CHIP:-sm_90}
case "$chip" in
sm_80 | sm_90 | sm_90a) ;;
*)
  echo "run-examples: error: QGEMM_CHIP='$chip' (expected sm_80, sm_90 or sm_90a)" >&2
  exit 2
  ;;
esac
"$root/scripts/setup.sh" >/dev/null
opt="$build/bin/qgemm-opt"
compile="$build/bin/qgemm-compile"
status=0
for f in "$root"/examples/*.mlir; do
  name=$(basename "$f" .mlir)
  mkdir -p "$out"
  if ! "$opt" "$f" >/dev/null 2>"$out/$name.log"; then
    printf '%-28s FAILED to verify\n' "$name"; cat "$out/$name.log"; status=1; continue
  fi
  start=$(date +%s%N)
  if "$compile" "$f" --chip="$chip" -o "$out" 2>"$out/$name.log"; then
    ms=$(( ($(date +%s%N) - start) / 1000000 ))
    ptx="$out/$name.ptx"
    mma=$(grep -c 'mma.sync.aligned' "$ptx" || true)
    wgmma=$(grep -c 'wgmma.mma_async' "$ptx" || true)
    kernels=$(grep -c '^\.visible \.entry' "$ptx" || true)
    cubin=$([ -f "$out/$name.cubin" ] && echo "+ cubin" || echo "(no ptxas)")
    printf '%-28s compiled in %4d ms: %d kernels, %3d mma.sync, %3d wgmma, %s PTX %s + host stub (%s.h/.cpp)\n' \
      "$name" "$ms" "$kernels" "$mma" "$wgmma" "$chip" "$cubin" "$out/$name"
  elif grep -q "not implemented yet" "$out/$name.log"; then
    printf '%-28s verified; no lowering for this scheme yet\n' "$name"
  else
    printf '%-28s FAILED to compile\n' "$name"; cat "$out/$name.log"; status=1
  fi
done
exit $status
