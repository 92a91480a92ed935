#!/usr/bin/env bash
# Runs every CPU test of qgemm: set-up and build (scripts/setup.sh), then the
# lit suite and the GoogleTest unit tests, each printing its summary. Exits
# non-zero on any failure. The GPU harness (test/gpu) is not part of it.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${QGEMM_BUILD_DIR:-$root/build}
"$root/scripts/setup.sh"

status=0
echo "== lit suite"
/usr/lib/llvm-22/bin/lit -s "$build/test" || status=1
echo "== unit tests"
"$build/test/unit/QGemmReferenceTests" --gtest_brief=1 || status=1
exit $status
