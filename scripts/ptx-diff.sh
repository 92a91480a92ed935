#!/usr/bin/env bash
# Compares the PTX that two revisions of qgemm generate: every .mlir in
# test/gpu/kernels and examples/ is compiled by each revision's qgemm-compile
# for sm_80, sm_90 and sm_90a, and the PTX files are compared byte for byte.
# Exits 0 when every file is identical, 1 when any differs (or compiles in one
# revision only), 2 on a usage or build error.
#
#   scripts/ptx-diff.sh [BASE [NEW]]
#
# BASE and NEW are commits (anything `git rev-parse` takes) or `.` for the
# working tree (built into build/ by scripts/setup.sh). Defaults: BASE = HEAD,
# NEW = `.`, so that a change can be checked before it is committed. A commit
# is checked out into a git worktree and built (qgemm-compile only) under
# build-ptx/<sha> (or $QGEMM_PTX_CACHE/<sha>), kept for the next run. The
# inputs are always those of NEW. The PTX goes to build-ptx/out/{base,new};
# `diff -r` of those folders shows the differences.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
base=${1:-HEAD}
new=${2:-.}
# Commits are resolved once, here: a commit made while the script runs (it
# takes minutes) must not change what HEAD means half-way.
for rev in base new; do
  if [ "${!rev}" != . ]; then
    sha=$(git rev-parse --verify --quiet "${!rev}^{commit}") || {
      echo "error: '${!rev}' is not a commit" >&2
      exit 2
    }
    printf -v "$rev" '%s' "$sha"
  fi
done
shopt -s nullglob
cache=${QGEMM_PTX_CACHE:-$root/build-ptx}
chips=(sm_80 sm_90 sm_90a)

# Prints the path of the qgemm-compile of revision $1, building it if needed.
compiler_of() {
  local rev=$1
  if [ "$rev" = . ]; then
    "$root/scripts/setup.sh" >&2
    echo "$root/build/bin/qgemm-compile"
    return
  fi
  local sha
  sha=$(git rev-parse --verify "$rev^{commit}") || {
    echo "error: '$rev' is not a commit" >&2
    return 2
  }
  local tree=$cache/$sha
  if [ ! -x "$tree/build/bin/qgemm-compile" ]; then
    mkdir -p "$cache"
    [ -d "$tree/src" ] || git worktree add --detach "$tree/src" "$sha" >&2
    cmake -G Ninja -S "$tree/src" -B "$tree/build" -DCMAKE_BUILD_TYPE=Release \
      -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir >/dev/null
    ninja -C "$tree/build" qgemm-compile >&2
  fi
  echo "$tree/build/bin/qgemm-compile"
}

# Compiles every input with compiler $1 into folder $2/<chip>/; a failure to
# compile is recorded as <name>.error (its message), so that it is compared
# too.
compile_all() {
  local compiler=$1 out=$2 f chip name
  rm -rf "$out"
  for chip in "${chips[@]}"; do
    mkdir -p "$out/$chip"
    for f in "${inputs[@]}"; do
      name=$(basename "$f" .mlir)
      if ! "$compiler" "$f" --chip="$chip" --emit=ptx -o "$out/$chip/tmp" \
        >/dev/null 2>"$out/$chip/$name.error"; then
        # Keep the message without the file path, which differs by checkout.
        sed -i "s|^[^:]*/||" "$out/$chip/$name.error"
        continue
      fi
      rm -f "$out/$chip/$name.error"
      for ptx in "$out/$chip"/tmp/*.ptx; do
        mv "$ptx" "$out/$chip/${name}__$(basename "$ptx")"
      done
      rm -rf "$out/$chip/tmp"
    done
  done
}

if [ "$new" = . ]; then
  inputs=("$root"/test/gpu/kernels/*.mlir "$root"/examples/*.mlir)
else
  git rev-parse --verify "$new^{commit}" >/dev/null || {
    echo "error: '$new' is not a commit" >&2
    exit 2
  }
fi
base_compiler=$(compiler_of "$base") || exit 2
new_compiler=$(compiler_of "$new") || exit 2
if [ "$new" != . ]; then
  src=$cache/$(git rev-parse "$new^{commit}")/src
  inputs=("$src"/test/gpu/kernels/*.mlir "$src"/examples/*.mlir)
fi

echo "ptx-diff: $base ($base_compiler) against $new ($new_compiler)"
echo "ptx-diff: ${#inputs[@]} inputs x ${#chips[@]} chips"
if [ "${#inputs[@]}" -eq 0 ]; then
  echo "error: no inputs under test/gpu/kernels or examples of $new" >&2
  exit 2
fi
compile_all "$base_compiler" "$cache/out/base"
compile_all "$new_compiler" "$cache/out/new"

status=0
same=0
different=0
while read -r rel; do
  if cmp -s "$cache/out/base/$rel" "$cache/out/new/$rel"; then
    same=$((same + 1))
  else
    different=$((different + 1))
    echo "differs: $rel"
    status=1
  fi
done < <(cd "$cache/out" && { (cd base && find . -type f); (cd new && find . -type f); } | sort -u | sed 's|^\./||')
echo "ptx-diff: $same identical, $different different (files under $cache/out)"
exit $status
