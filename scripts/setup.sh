#!/usr/bin/env bash
# Installs what qgemm needs to build and test on Debian 12 (LLVM/MLIR 22,
# CMake, Ninja, g++, GoogleTest) when it is missing, then configures and
# builds the project into build/ (or $QGEMM_BUILD_DIR). Does nothing that is
# already done: a second run only rebuilds what changed.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${QGEMM_BUILD_DIR:-$root/build}

packages=(llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools
          cmake ninja-build g++ libgtest-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$p")
done
# ccache only speeds rebuilds up; install it when we install anything.
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq \
    "${missing[@]}" ccache >/dev/null
fi

if [ ! -f "$build/build.ninja" ]; then
  cmake -G Ninja -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir >/dev/null
fi
ninja -C "$build" ${QGEMM_NINJA_ARGS:-}
