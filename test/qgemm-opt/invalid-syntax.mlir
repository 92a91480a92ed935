// RUN: not qgemm-opt %s 2>&1 | FileCheck %s
// Covers: malformed qgemm IR fails with a located parse error and a
// non-zero exit, never a crash.

// CHECK: invalid-syntax.mlir:[[# @LINE + 2]]:43: error: custom op 'qgemm.matmul' expected 'weights'
func.func @negative_missing_weights(%x: memref<?x64xf16>, %y: memref<?x64xf16>) {
  qgemm.matmul lhs(%x : memref<?x64xf16>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>}
  return
}
