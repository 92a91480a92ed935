// RUN: qgemm-opt %s -canonicalize -cse | FileCheck %s
// Covers: qgemm ops declare their memory effects (read inputs, write
// outputs), so cleanup passes keep them and keep their order.

// CHECK-LABEL: func @quantize_then_matmul_survive_cleanup
// CHECK: qgemm.quantize
// CHECK-NEXT: qgemm.matmul
// CHECK-NEXT: qgemm.matmul
func.func @quantize_then_matmul_survive_cleanup(%x: memref<?x64xf16>, %xq: memref<?x64xi8>, %sx: memref<?xf32>, %w: memref<64x64xi8>, %sw: memref<64xf32>, %y: memref<?x64xf16>) {
  qgemm.quantize ins(%x : memref<?x64xf16>) outs(%xq, %sx : memref<?x64xi8>, memref<?xf32>) {encoding = #qgemm.act<i8, per_token>}
  qgemm.matmul lhs(%xq : memref<?x64xi8>) lhs_scales(%sx : memref<?xf32>) weights(%w, %sw : memref<64x64xi8>, memref<64xf32>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  qgemm.matmul lhs(%xq : memref<?x64xi8>) lhs_scales(%sx : memref<?xf32>) weights(%w, %sw : memref<64x64xi8>, memref<64xf32>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
