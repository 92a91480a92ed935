#!/usr/bin/env bash
# The main job: set up and build, then verify every bundled example under
# examples/ and print a one-line summary per kernel.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${QGEMM_BUILD_DIR:-$root/build}
"$root/scripts/setup.sh" >/dev/null
opt="$build/bin/qgemm-opt"
status=0
for f in "$root"/examples/*.mlir; do
  name=$(basename "$f" .mlir)
  if out=$("$opt" "$f" 2>&1) && "$opt" "$f" --mlir-print-op-generic | "$opt" >/dev/null; then
    enc=$(grep -o 'weight_encoding = #qgemm.weight<[^>]*>' <<<"$out" | head -1)
    printf '%-24s verified, round-trips  %s\n' "$name" "${enc#weight_encoding = }"
  else
    printf '%-24s FAILED\n%s\n' "$name" "$out"
    status=1
  fi
done
exit $status
