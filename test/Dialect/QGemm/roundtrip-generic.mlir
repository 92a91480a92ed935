// RUN: qgemm-opt %s --mlir-print-op-generic | FileCheck %s
// RUN: qgemm-opt %s --mlir-print-op-generic | qgemm-opt | FileCheck %s --check-prefix=PRETTY
// Covers: the generic form of qgemm ops (properties and operand segments)
// and its round trip back to the pretty form.

// CHECK-LABEL: "func.func"
// CHECK: "qgemm.quantize"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}}) <{encoding = #qgemm.act<i8, per_token>}>
// CHECK: "qgemm.matmul"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}}) <{
// CHECK-SAME: configs = [#qgemm.config<cta_tile = [64, 128, 64], warp_tile = [32, 64], stages = 4>]
// CHECK-SAME: operandSegmentSizes = array<i32: 1, 1, 2, 1>
// CHECK-SAME: target = #qgemm.target<"sm_80">
// PRETTY-LABEL: func @generic
// PRETTY: qgemm.quantize ins(%{{[a-z0-9]+}} : memref<?x256xf16>) outs(%{{[a-z0-9]+}}, %{{[a-z0-9]+}} : memref<?x256xi8>, memref<?xf32>)
// PRETTY: qgemm.matmul lhs(%{{[a-z0-9]+}} : memref<?x256xi8>) lhs_scales(%{{[a-z0-9]+}} : memref<?xf32>)
func.func @generic(%x: memref<?x256xf16>, %xq: memref<?x256xi8>, %sx: memref<?xf32>, %w: memref<128x256xi8>, %sw: memref<128xf32>, %y: memref<?x128xf16>) {
  qgemm.quantize ins(%x : memref<?x256xf16>) outs(%xq, %sx : memref<?x256xi8>, memref<?xf32>) {encoding = #qgemm.act<i8, per_token>}
  qgemm.matmul lhs(%xq : memref<?x256xi8>) lhs_scales(%sx : memref<?xf32>) weights(%w, %sw : memref<128x256xi8>, memref<128xf32>) outs(%y : memref<?x128xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>,
       target = #qgemm.target<"sm_80">, configs = [#qgemm.config<cta_tile = [64, 128, 64], warp_tile = [32, 64], stages = 4>]}
  return
}
