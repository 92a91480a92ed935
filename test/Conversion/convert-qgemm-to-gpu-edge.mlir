// RUN: qgemm-opt %s --convert-qgemm-to-gpu | FileCheck %s
// Covers: edge tiles, tiles that do not divide N or K (W8A8; N for the
// W4A16 ring). The W8A8 ring zero-fills xq's rows past M and 16-byte
// chunks past K and copies W's rows past N and chunks past K unmasked from
// a row and a chunk that exist (row N - 1, the row's last 16 bytes: xq's
// zero chunks zero their products, and columns past N are never stored),
// the epilogues store no column past N and read the scales of a valid
// column, the register-direct mainloop zeroes the activation words past K
// and reads row N - 1 for rows past N; a shape the tiles divide gets none
// of it.

// N = 40 over tiles of 32, K = 160 over K tiles of 64 (3 tiles, the last
// half past K). xq's rows lie 256 bytes apart in the workspace
// (getW8A8ActivationPitch), bytes 160 to 255 zeros written by the quantize
// kernel: its chunks past K are read from there, not masked.
// CHECK-LABEL: gpu.func @matmul_v0(%arg0: memref<?x256xi8>, %arg1: memref<?xf32>, %arg2: memref<40x160xi8>
// CHECK: scf.for %{{.*}} = %{{.*}} to %c3{{.*}} step
// A: rows past M.
// CHECK: %[[AROW:.*]] = arith.cmpi ult, %{{.*}}, %dim
// CHECK-NOT: arith.cmpi
// CHECK: %[[ABYTES:.*]] = arith.select %[[AROW]], %c16{{.*}}, %c0
// CHECK: nvgpu.device_async_copy %arg0[%{{.*}}, %{{.*}}], %{{.*}}, 16, %[[ABYTES]] {bypassL1}
// W: rows past N and chunks past K clamped, not masked.
// CHECK-NOT: arith.cmpi ult, %{{.*}}, %c40
// CHECK: %[[BN:.*]] = arith.minui %{{.*}}, %c39
// CHECK-NOT: arith.cmpi
// CHECK: %[[BK:.*]] = arith.minui %{{.*}}, %c144
// CHECK-NEXT: nvgpu.device_async_copy %arg2[%[[BN]], %[[BK]]], %{{.*}}, 16 {bypassL1, qgemm.grid_independent}
// The direct store: rows below M and columns below N.
// CHECK: %[[SROW:.*]] = arith.cmpi ult, %[[R:.*]], %dim
// CHECK: %[[SCOL:.*]] = arith.cmpi ult, %[[C:.*]], %c40
// CHECK: %[[S:.*]] = arith.andi %[[SROW]], %[[SCOL]]
// CHECK: scf.if %[[S]] {
// CHECK: vector.store %{{.*}}, %arg4[%[[R]], %[[C]]]
func.func @edge_ring(%x: memref<?x160xf16>, %w: memref<40x160xi8>, %sw: memref<40xf32>, %y: memref<?x40xf16>) {
  qgemm.matmul lhs(%x : memref<?x160xf16>) weights(%w, %sw : memref<40x160xi8>, memref<40xf32>) outs(%y : memref<?x40xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90">,
       configs = [#qgemm.config<cta_tile = [64, 32, 64], warp_tile = [32, 16], stages = 3>]}
  return
}

// wgmma, N = 136 over tiles of 128, K = 288 over K tiles of 128 (xq's rows
// 384 bytes apart): the same copy masks; the staged store reads the scales of column min(col, N - 2)
// and stores no 16-byte chunk past N.
// CHECK-LABEL: gpu.func @matmul_v0(%arg0: memref<?x384xi8>, %arg1: memref<?xf32>, %arg2: memref<136x288xi8>
// CHECK: scf.for %{{.*}} = %{{.*}} to %c3{{.*}} step
// CHECK-NOT: arith.cmpi ult, %{{.*}}, %c136
// CHECK: %[[WN:.*]] = arith.minui %{{.*}}, %c135
// CHECK-NOT: arith.cmpi
// CHECK: %[[WK:.*]] = arith.minui %{{.*}}, %c272
// CHECK-NEXT: nvgpu.device_async_copy %arg2[%[[WN]], %[[WK]]], %{{.*}}, 16 {bypassL1, qgemm.grid_independent}
// CHECK: nvvm.wgmma.mma_async
// CHECK: %[[SCOL:.*]] = arith.minui %{{.*}}, %c134
// CHECK: vector.load %arg3[%[[SCOL]]]
// CHECK: %[[ROW:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK-NEXT: %[[YCOL:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK-NEXT: %[[INM:.*]] = arith.cmpi ult, %[[ROW]], %dim
// CHECK: %[[INN:.*]] = arith.cmpi ult, %[[YCOL]], %c136
// CHECK: %[[V:.*]] = arith.andi %[[INM]], %[[INN]]
// CHECK: scf.if %[[V]] {
// CHECK: vector.store %{{.*}}, %arg4[%{{.*}}, %[[YCOL]]] {alignment = 16 : i64} : memref<?x136xf16>, vector<8xf16>
func.func @edge_wgmma(%x: memref<?x288xf16>, %w: memref<136x288xi8>, %sw: memref<136xf32>, %y: memref<?x136xf16>) {
  qgemm.matmul lhs(%x : memref<?x288xf16>) weights(%w, %sw : memref<136x288xi8>, memref<136xf32>) outs(%y : memref<?x136xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [64, 128, 128], warp_tile = [64, 128], stages = 4, mma = wgmma>]}
  return
}

// Register-direct, N = 40 over warp tiles of 16, K = 288 over 2 warps of
// 128-K chunks (xq's rows 384 bytes apart, its words past K masked as
// before): chunk 1 lies past K but for lane q = 0 of warp 0. Its
// offset is clamped to K - 32 and its activation words (the 8 of row g:
// M <= 8) zeroed, its weight words not, and warp 1 skips its mma steps;
// the weight rows are clamped to N - 1; the epilogue reads the scales of
// column min(col, N - 2) and stores no column past N.
// CHECK-LABEL: gpu.func @matmul_v0(%arg0: memref<?x384xi8>, %arg1: memref<?xf32>, %arg2: memref<40x288xi8>
// CHECK: %[[R0:.*]] = arith.minui %{{.*}}, %c39
// CHECK: vector.load %arg2[%[[R0]], %{{.*}}] {{.*}} vector<16xi8>
// CHECK: %[[WK:.*]] = arith.minui %{{.*}}, %c256
// CHECK: vector.load %arg2[%{{.*}}, %[[WK]]] {{.*}} vector<16xi8>
// CHECK-NOT: arith.select
// CHECK: %[[SC:.*]] = arith.minui %{{.*}}, %c38
// CHECK: vector.load %arg3[%[[SC]]]
// CHECK: %[[INK:.*]] = arith.cmpi ult, %[[OFF:.*]], %c288
// CHECK: %[[K1:.*]] = arith.minui %[[OFF]], %c256
// CHECK: vector.load %arg0[%{{.*}}, %[[K1]]] {{.*}} vector<16xi8>
// CHECK-COUNT-8: arith.select %[[INK]], %{{.*}}, %cst : vector<4xi8>
// CHECK-NOT: arith.select
// Warp 1's chunk 1 lies wholly past K: its mma steps are skipped.
// CHECK: nvgpu.mma.sync
// CHECK: %[[WARPIN:.*]] = arith.cmpi ult, %{{.*}}, %c288{{.*}} : index
// CHECK-NEXT: %{{.*}} = scf.if %[[WARPIN]] -> (vector<2x2xi32>, vector<2x2xi32>) {
// CHECK-COUNT-8: nvgpu.mma.sync
// CHECK: } else {
// CHECK-NEXT: scf.yield
// CHECK: gpu.barrier
// CHECK-NEXT: %[[ROW:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK-NEXT: %[[YC:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK-NEXT: %[[INM:.*]] = arith.cmpi ult, %[[ROW]], %dim
// CHECK: %[[INC:.*]] = arith.cmpi ult, %[[YC]], %c40
// CHECK: %[[V:.*]] = arith.andi %[[INM]], %[[INC]]
// CHECK: scf.if %[[V]] {
// CHECK: vector.store %{{.*}}, %arg4[%{{.*}}, %[[YC]]]
func.func @edge_registers(%x: memref<?x288xf16>, %w: memref<40x288xi8>, %sw: memref<40xf32>, %y: memref<?x40xf16>) {
  qgemm.matmul lhs(%x : memref<?x288xf16>) weights(%w, %sw : memref<40x288xi8>, memref<40xf32>) outs(%y : memref<?x40xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90">,
       configs = [#qgemm.config<cta_tile = [16, 16, 256], warp_tile = [16, 16], stages = 2, operands = registers>]}
  return
}

// W4A16 register-direct, K = 192 (a multiple of 64, not of 128): two
// 128-K chunks, one a warp, the second ending half way. Its 32-K blocks 2
// and 3 (K 192 and 224) lie past K: their weight rows are read at K - 32 =
// 160 (rows 20 + q of 24) and their X words, read at K 160 too, are
// zeroed; blocks 0 and 1 are not masked. A mutation that dropped the clamp
// would load Wq rows 24 to 31, past the operand.
// CHECK-LABEL: gpu.func @matmul_v0(%arg0: memref<?x192xf16>, %arg1: memref<24x64xi32>
// The warp's chunk (kw, clamped to the last of 2), its first K:
// CHECK: arith.cmpi ult, %{{.*}}, %c2{{.*}} : index
// CHECK-NEXT: %c1{{.*}} = arith.constant 1 : index
// CHECK-NEXT: %[[CH:.*]] = arith.minui %{{.*}}, %c1
// CHECK-NEXT: %c128{{.*}} = arith.constant 128 : index
// CHECK-NEXT: %[[C0:.*]] = arith.muli %[[CH]], %c128
// CHECK-NOT: arith.minui %{{.*}}, %c160
// CHECK: %[[B2:.*]] = arith.addi %[[C0]], %c64{{.*}} : index
// CHECK-NEXT: %c192{{.*}} = arith.constant 192 : index
// CHECK-NEXT: arith.cmpi ult, %[[B2]], %c192
// CHECK-NEXT: %c160{{.*}} = arith.constant 160 : index
// CHECK-NEXT: %[[K2:.*]] = arith.minui %[[B2]], %c160
// CHECK-NEXT: %c8{{.*}} = arith.constant 8 : index
// CHECK-NEXT: %[[R2:.*]] = arith.divui %[[K2]], %c8
// CHECK-NEXT: %[[ROW2:.*]] = arith.addi %[[R2]], %{{.*}} : index
// CHECK-NEXT: vector.load %arg1[%[[ROW2]], %{{.*}}] {{.*}} : memref<24x64xi32>, vector<4xi32>
// CHECK: %[[B3:.*]] = arith.addi %[[C0]], %c96{{.*}} : index
// CHECK: arith.minui %[[B3]], %c160
// The X words of block 2: zeroed past K.
// CHECK: %[[XIN:.*]] = arith.cmpi ult, %[[XB2:[0-9]+]], %c192
// CHECK-NEXT: %[[XV:.*]] = arith.andi %{{.*}}, %[[XIN]] : i1
// CHECK-NEXT: %c160{{.*}} = arith.constant 160 : index
// CHECK-NEXT: %[[XK2:.*]] = arith.minui %[[XB2]], %c160
// CHECK: %[[XCOL:.*]] = arith.addi %[[XK2]], %{{.*}} : index
// CHECK-NEXT: vector.load %arg0[%{{.*}}, %[[XCOL]]] {{.*}} : memref<?x192xf16>, vector<8xf16>
// CHECK-COUNT-4: arith.select %[[XV]], %{{.*}}, %c0_i32 : i32
func.func @edge_w4a16_registers_half_chunk(%x: memref<?x192xf16>, %w: memref<24x64xi32>, %s: memref<64xf16>, %y: memref<?x64xf16>) {
  qgemm.matmul lhs(%x : memref<?x192xf16>) weights(%w, %s : memref<24x64xi32>, memref<64xf16>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>, target = #qgemm.target<"sm_90">,
       configs = [#qgemm.config<cta_tile = [16, 32, 256], warp_tile = [16, 32], stages = 2, operands = registers>]}
  return
}

// Tiles that divide N and K: unmasked copies and stores.
// CHECK-LABEL: gpu.func @matmul_v0(%arg0: memref<?x256xi8>, %arg1: memref<?xf32>, %arg2: memref<64x256xi8>
// CHECK: nvgpu.device_async_copy %arg2[%{{.*}}, %{{.*}}], %{{.*}}, 16 {bypassL1, qgemm.grid_independent}
// CHECK: %[[DROW:.*]] = arith.cmpi ult, %{{.*}}, %dim
// CHECK-NEXT: scf.if %[[DROW]] {
func.func @divisible_ring(%x: memref<?x256xf16>, %w: memref<64x256xi8>, %sw: memref<64xf32>, %y: memref<?x64xf16>) {
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%w, %sw : memref<64x256xi8>, memref<64xf32>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90">,
       configs = [#qgemm.config<cta_tile = [64, 32, 64], warp_tile = [32, 16], stages = 3>]}
  return
}

// W4A16 ring, N = 192 over tiles of 128, g128 with zero points: the copies
// of Wq (4 words a chunk), the scales (8 halves) and the zero-point words
// (4 words, 32 channels) zero-fill the chunks past N, reading the last
// chunk; the X copies count their source in elements (8 halves, not 16);
// the store masks columns past N.
// CHECK-LABEL: gpu.func @matmul_v0(%arg0: memref<?x256xf16>, %arg1: memref<32x192xi32>
// CHECK: %[[XIN:.*]] = arith.cmpi ult, %{{.*}}, %dim
// CHECK-NEXT: %[[XN:.*]] = arith.select %[[XIN]], %c8{{.*}}, %c0
// CHECK: nvgpu.device_async_copy %arg0[%{{.*}}], %{{.*}}, 8, %[[XN]] {bypassL1}
// CHECK: %[[WIN:.*]] = arith.cmpi ult, %[[WC:.*]], %c192
// CHECK-NEXT: %[[WN:.*]] = arith.select %[[WIN]], %c4{{.*}}, %c0
// CHECK: %[[WCOL:.*]] = arith.minui %[[WC]], %c188
// CHECK: nvgpu.device_async_copy %arg1[%{{.*}}, %[[WCOL]]], %{{.*}}, 4, %[[WN]] {bypassL1}
// CHECK: nvgpu.device_async_copy %arg1
// CHECK: %[[SIN:.*]] = arith.cmpi ult, %[[SC:.*]], %c192
// CHECK-NEXT: %[[SN:.*]] = arith.select %[[SIN]], %c8{{.*}}, %c0
// CHECK: %[[SCOL:.*]] = arith.minui %[[SC]], %c184
// CHECK: nvgpu.device_async_copy %arg2[%{{.*}}, %[[SCOL]]], %{{.*}}, 8, %[[SN]] {bypassL1}
// CHECK: %[[ZIN:.*]] = arith.cmpi ult, %[[ZC:.*]], %c24
// CHECK-NEXT: %[[ZN:.*]] = arith.select %[[ZIN]], %c4{{.*}}, %c0
// CHECK: %[[ZCOL:.*]] = arith.minui %[[ZC]], %c20
// CHECK: nvgpu.device_async_copy %arg3[%{{.*}}, %[[ZCOL]]], %{{.*}}, 4, %[[ZN]] {bypassL1}
// CHECK: %[[YIN:.*]] = arith.cmpi ult, %[[YC:.*]], %c192
// CHECK: vector.store %{{.*}}, %arg4[%{{.*}}, %[[YC]]]
func.func @edge_w4a16_ring(%x: memref<?x256xf16>, %wq: memref<32x192xi32>, %s: memref<2x192xf16>, %z: memref<2x24xi32>, %y: memref<?x192xf16>) {
  qgemm.matmul lhs(%x : memref<?x256xf16>) weights(%wq, %s, %z : memref<32x192xi32>, memref<2x192xf16>, memref<2x24xi32>) outs(%y : memref<?x192xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128, zero_points = true>,
       target = #qgemm.target<"sm_90">, configs = [#qgemm.config<cta_tile = [64, 128, 64], warp_tile = [32, 64], stages = 4>]}
  return
}

// -----

// Split K that does not divide the K tiles (3 tiles of 128 in 2 slices):
// slices of ceil(3 / 2) = 2 tiles, slice z from tile 2z on, running
// min(2, 3 - min(2z, 3)) tiles (the last one 1; a slice past the end none).
// CHECK-LABEL: gpu.func @matmul_v0(%arg0: memref<?x384xi8>
// CHECK: %[[Z:.*]] = gpu.block_id  z
// CHECK: %[[FIRST:.*]] = arith.muli %[[Z]], %c2
// CHECK: %[[CLAMPED:.*]] = arith.minui %[[FIRST]], %c3
// CHECK: %[[LEFT:.*]] = arith.subi %c3{{.*}}, %[[CLAMPED]]
// CHECK: %[[TRIP:.*]] = arith.minui %[[LEFT]], %c2
// CHECK: scf.for %{{.*}} = %c0{{.*}} to %[[TRIP]] step
func.func @uneven_split(%x: memref<?x384xf16>, %w: memref<64x384xi8>, %sw: memref<64xf32>, %y: memref<?x64xf16>) {
  qgemm.matmul lhs(%x : memref<?x384xf16>) weights(%w, %sw : memref<64x384xi8>, memref<64xf32>) outs(%y : memref<?x64xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90">,
       configs = [#qgemm.config<cta_tile = [64, 32, 128], warp_tile = [32, 16], stages = 3, split_k = 2>]}
  return
}

// -----

// The same uneven split on a TMA ring (sm_90a, copy = tma): every slice
// runs ceil(3 / 2) = 2 K tiles, a constant trip count; the last slice's
// second tile lies wholly past K and its boxes are zero-filled by the
// copies, so no slice clamps its count.
// CHECK-LABEL: gpu.func @matmul_v0(
// CHECK: gpu.block_id  z
// CHECK-NOT: arith.subi %c3
// CHECK: scf.for %{{.*}} = %c0{{.*}} to %c2{{(_[0-9]+)?}} step
func.func @uneven_split_tma(%x: memref<?x384xf16>, %w: memref<128x384xi8>, %sw: memref<128xf32>, %y: memref<?x128xf16>) {
  qgemm.matmul lhs(%x : memref<?x384xf16>) weights(%w, %sw : memref<128x384xi8>, memref<128xf32>) outs(%y : memref<?x128xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [64, 128, 128], warp_tile = [64, 128], stages = 4, split_k = 2, mma = wgmma, copy = tma>]}
  return
}

// -----

// Register-direct with both an N edge (4904 over 16 columns) and a K edge
// (6176 over 128-byte chunks), at M <= 16 on 132 multiprocessors: the 307
// blocks of one row are one wave with 3 blocks a multiprocessor, which the
// kernel asks for (the edges took ptxas to 82 registers and 2 blocks
// otherwise). K = 6272 (no K edge) asks nothing. (The rings serve larger M.)
// CHECK-LABEL: gpu.module @edge_registers_wave_kernels
// CHECK: gpu.func @matmul_v0({{.*}}) kernel attributes {nvvm.maxntid = array<i32: 224, 1, 1>, nvvm.minctasm = 3 : i32}
// CHECK-LABEL: gpu.module @edge_registers_no_k_edge_kernels
// CHECK: gpu.func @matmul_v0({{.*}}) kernel {
func.func @edge_registers_wave(%x: memref<?x6176xf16>, %w: memref<4904x6176xi8>, %sw: memref<4904xf32>, %y: memref<?x4904xf16>) {
  qgemm.matmul lhs(%x : memref<?x6176xf16>) weights(%w, %sw : memref<4904x6176xi8>, memref<4904xf32>) outs(%y : memref<?x4904xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [16, 16, 896], warp_tile = [16, 16], stages = 2, max_m = 16, operands = registers>,
                  #qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 4, mma = wgmma>]}
  return
}
func.func @edge_registers_no_k_edge(%x: memref<?x6272xf16>, %w: memref<4904x6272xi8>, %sw: memref<4904xf32>, %y: memref<?x4904xf16>) {
  qgemm.matmul lhs(%x : memref<?x6272xf16>) weights(%w, %sw : memref<4904x6272xi8>, memref<4904xf32>) outs(%y : memref<?x4904xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [16, 16, 896], warp_tile = [16, 16], stages = 2, max_m = 16, operands = registers>,
                  #qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 4, mma = wgmma>]}
  return
}
