#!/bin/sh
# Stands in for qgemm-compile in fuzz-compile-kinds.test: refuses every
# input with an ordinary diagnostic.
echo "input.mlir:2:3: error: 'qgemm.matmul' op expected K (3) to be a multiple of 64 for the W4A16 kernels (K tiles of 64)" >&2
exit 1
