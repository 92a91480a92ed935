// RUN: qgemm-opt %s --convert-qgemm-to-gpu | FileCheck %s
// Covers: the quantized activation's rows in the workspace where K is not a
// multiple of 128 (K = 288): 384 bytes apart (K rounded up to 128,
// getW8A8ActivationPitch), so that every row starts on a 128-byte line.
// The launch description sizes xq [m, 384] and gives its tensor maps rows
// of 384 bytes; every kernel takes memref<?x384xi8>; the quantize kernel
// and the fused M = 1 variant (block 0, which also stores the rows it
// quantized) write zeros at bytes 288 to 383 of each row, 12 chunks of 8
// (the ring kernels read them as their last K tile's edge).

// CHECK: buffers = [{dims = ["m", 384], element_type = i8, name = "xq"}
// CHECK-LABEL: gpu.func @quantize(%arg0: memref<?x288xf16>, %arg1: memref<?x384xi8>
// CHECK: %[[PAD:.*]] = arith.cmpi ult, %thread_id_x, %c12 : index
// CHECK-NEXT: scf.if %[[PAD]] {
// CHECK-NEXT: %[[ZEROS:.*]] = arith.constant dense<0> : vector<8xi8>
// CHECK: %[[COL:.*]] = arith.addi %{{.*}}, %c288 : index
// CHECK-NEXT: vector.store %[[ZEROS]], %arg1[%block_id_x, %[[COL]]] {alignment = 8 : i64} : memref<?x384xi8>, vector<8xi8>
// CHECK-LABEL: gpu.func @matmul_v0(%arg0: memref<?x288xf16>, %arg1: memref<?x384xi8>
// The quantized chunks of block 0, then its row's padding.
// CHECK: vector.store %{{.*}}, %view[%{{.*}}, %{{.*}}] {alignment = 8 : i64} : memref<1x304xi8, #gpu.address_space<workgroup>>
// CHECK-NEXT: scf.if %[[BLOCK0:.*]] {
// CHECK-NEXT: vector.store %{{.*}}, %arg1[%{{.*}}, %{{.*}}] {alignment = 8 : i64} : memref<?x384xi8>, vector<8xi8>
// CHECK: scf.if %[[BLOCK0]] {
// CHECK-NEXT: %c12{{.*}} = arith.constant 12 : index
// CHECK-NEXT: %[[FPAD:.*]] = arith.cmpi ult, %{{.*}}, %c12{{.*}} : index
// CHECK-NEXT: scf.if %[[FPAD]] {
// CHECK-NEXT: %[[FZEROS:.*]] = arith.constant dense<0> : vector<8xi8>
// CHECK: vector.store %[[FZEROS]], %arg1[%{{.*}}, %{{.*}}] {alignment = 8 : i64} : memref<?x384xi8>, vector<8xi8>
// CHECK-LABEL: gpu.func @matmul_v1(
// CHECK-SAME: %{{.*}}: memref<?x384xi8>, %{{.*}}: memref<?xf32>, %{{.*}}: memref<136x288xi8>
func.func @xq_pitch(%x: memref<?x288xf16>, %w: memref<136x288xi8>, %sw: memref<136xf32>, %y: memref<?x136xf16>) {
  qgemm.matmul lhs(%x : memref<?x288xf16>) weights(%w, %sw : memref<136x288xi8>, memref<136xf32>) outs(%y : memref<?x136xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [16, 16, 384], warp_tile = [16, 16], stages = 2, max_m = 1, operands = registers, fuse_quantize = true>,
                  #qgemm.config<cta_tile = [64, 128, 128], warp_tile = [64, 128], stages = 4, mma = wgmma, copy = tma>]}
  return
}
