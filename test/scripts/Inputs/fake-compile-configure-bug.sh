#!/bin/sh
# Stands in for qgemm-compile in fuzz-compile-kinds.test: answers every
# input as a qgemm-configure whose chosen configs its verifier refused.
echo "input.mlir:2:3: error: 'qgemm.matmul' op expected configs in increasing max_m, got max_m = 128 after 128" >&2
echo "input.mlir:2:3: error: 'qgemm.matmul' op got configs from qgemm-configure that its verifier refuses (the error above): a bug of qgemm-configure; give the op its configs by hand until it is fixed" >&2
exit 1
