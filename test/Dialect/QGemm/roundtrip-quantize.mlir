// RUN: qgemm-opt %s | qgemm-opt | FileCheck %s
// Covers: qgemm.quantize per token (int8) and per 1 x 128 block (fp8).

// CHECK-LABEL: func @quantize_per_token
// CHECK: qgemm.quantize ins(%{{[a-z0-9]+}} : memref<?x4096xf16>) outs(%{{[a-z0-9]+}}, %{{[a-z0-9]+}} : memref<?x4096xi8>, memref<?xf32>) {encoding = #qgemm.act<i8, per_token>}
func.func @quantize_per_token(%x: memref<?x4096xf16>, %xq: memref<?x4096xi8>, %sx: memref<?xf32>) {
  qgemm.quantize ins(%x : memref<?x4096xf16>) outs(%xq, %sx : memref<?x4096xi8>, memref<?xf32>) {encoding = #qgemm.act<i8, per_token>}
  return
}

// CHECK-LABEL: func @quantize_fp8_block128
// CHECK: outs(%{{[a-z0-9]+}}, %{{[a-z0-9]+}} : memref<4x512xf8E4M3FN>, memref<4x4xf32>) {encoding = #qgemm.act<f8E4M3FN, per_block, block = 128>}
func.func @quantize_fp8_block128(%x: memref<4x512xbf16>, %xq: memref<4x512xf8E4M3FN>, %sx: memref<4x4xf32>) {
  qgemm.quantize ins(%x : memref<4x512xbf16>) outs(%xq, %sx : memref<4x512xf8E4M3FN>, memref<4x4xf32>) {encoding = #qgemm.act<f8E4M3FN, per_block, block = 128>}
  return
}
