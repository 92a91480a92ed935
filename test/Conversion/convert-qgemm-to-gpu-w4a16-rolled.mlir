// RUN: qgemm-opt %s --convert-qgemm-to-gpu -split-input-file | FileCheck %s
// Covers: a W4A16 register-direct warp with zero points, or group scales
// and rows 8..15 (max_m past 8), and more than 12 K chunks (ConfigAttr::
// kMaxUnrolledGroupedChunks) runs its K loop as an scf.for of `stages`
// chunks a step, the last stages to 2 stages - 1 chunks unrolled after it;
// the variant of rows 0..7 without zero points and per-channel weights stay
// unrolled whole.
// K = 8192 over 2 warps: 32 chunks a warp. With 2 stages: 15 steps of 2
// chunks (each a step loads the next chunk's X and the weights of the
// chunk 2 ahead, and runs 32 mma.sync a token tile: 4 32-K blocks x 4 n8
// tiles a chunk), then chunks 30 and 31 unrolled. The loop carries the 2
// accumulators (two 16-channel m-tiles of the one token tile), the
// activation words of chunk j + 1 (16 a token tile), and
// per chunk in flight its 16 weight words with one scales vector and one
// zero-point word after the first block's four (the chunk's four 32-K
// blocks share them: G = 128).

// CHECK-LABEL: func.func @w4a16_g128z_rolled
// CHECK-LABEL: gpu.func @matmul_v0
// CHECK: scf.for %{{.*}} = %{{.*}} to %c15{{.*}} step %{{.*}} iter_args(
// CHECK-SAME: -> (vector<2x2xf32>, vector<2x2xf32>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, vector<4xf16>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, vector<4xf16>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)
// CHECK-COUNT-32: nvgpu.mma.sync
// CHECK-NOT: nvgpu.mma.sync
// CHECK: scf.yield
// CHECK-COUNT-32: nvgpu.mma.sync
// CHECK-NOT: nvgpu.mma.sync
// CHECK: gpu.return
// CHECK-LABEL: gpu.func @matmul_v1
// CHECK: scf.for %{{.*}} = %{{.*}} to %c15{{.*}} step %{{.*}} iter_args(
// CHECK-SAME: -> (vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, vector<4xf16>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, vector<4xf16>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) {
// CHECK-COUNT-64: nvgpu.mma.sync
// CHECK-NOT: nvgpu.mma.sync
// CHECK: scf.yield
// CHECK-COUNT-64: nvgpu.mma.sync
// CHECK-NOT: nvgpu.mma.sync
// CHECK: gpu.return
func.func @w4a16_g128z_rolled(%x: memref<?x8192xf16>, %wq: memref<1024x256xi32>, %s: memref<64x256xf16>, %z: memref<64x32xi32>, %y: memref<?x256xf16>) {
  qgemm.matmul lhs(%x : memref<?x8192xf16>) weights(%wq, %s, %z : memref<1024x256xi32>, memref<64x256xf16>, memref<64x32xi32>) outs(%y : memref<?x256xf16>)
      {lhs_encoding = #qgemm.act<f16>, target = #qgemm.target<"sm_80">, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128, zero_points = true>,
       configs = [#qgemm.config<cta_tile = [16, 32, 256], warp_tile = [16, 32], stages = 2, max_m = 8, operands = registers>,
                  #qgemm.config<cta_tile = [16, 32, 256], warp_tile = [16, 32], stages = 2, operands = registers>]}
  return
}

// -----

// Groups of 128 without zero points: the rows 0..7 variant stays unrolled
// (rolled, it was slower: 40.2 against 38.4 us on 28672 x 8192, v41).
// CHECK-LABEL: func.func @w4a16_g128_m8_unrolled
// CHECK-LABEL: gpu.func @matmul_v0
// CHECK-NOT: scf.for
// CHECK-LABEL: gpu.func @matmul_v1
// CHECK: scf.for %{{.*}} = %{{.*}} to %c15
// CHECK: gpu.return
func.func @w4a16_g128_m8_unrolled(%x: memref<?x8192xf16>, %wq: memref<1024x256xi32>, %s: memref<64x256xf16>, %y: memref<?x256xf16>) {
  qgemm.matmul lhs(%x : memref<?x8192xf16>) weights(%wq, %s : memref<1024x256xi32>, memref<64x256xf16>) outs(%y : memref<?x256xf16>)
      {lhs_encoding = #qgemm.act<f16>, target = #qgemm.target<"sm_80">, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128>,
       configs = [#qgemm.config<cta_tile = [16, 32, 256], warp_tile = [16, 32], stages = 4, max_m = 8, operands = registers>,
                  #qgemm.config<cta_tile = [16, 32, 256], warp_tile = [16, 32], stages = 2, operands = registers>]}
  return
}

// -----

// Per-channel scales: unrolled whole at every M.
// CHECK-LABEL: func.func @w4a16_pc_unrolled
// CHECK-NOT: scf.for
// CHECK: gpu.return
// CHECK-NOT: scf.for
// CHECK: gpu.return
func.func @w4a16_pc_unrolled(%x: memref<?x8192xf16>, %wq: memref<1024x256xi32>, %s: memref<256xf16>, %y: memref<?x256xf16>) {
  qgemm.matmul lhs(%x : memref<?x8192xf16>) weights(%wq, %s : memref<1024x256xi32>, memref<256xf16>) outs(%y : memref<?x256xf16>)
      {lhs_encoding = #qgemm.act<f16>, target = #qgemm.target<"sm_80">, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>,
       configs = [#qgemm.config<cta_tile = [16, 32, 256], warp_tile = [16, 32], stages = 4, max_m = 8, operands = registers>,
                  #qgemm.config<cta_tile = [16, 32, 256], warp_tile = [16, 32], stages = 2, operands = registers>]}
  return
}

// -----

// Zero points in groups of 32, 1 stage: 31 steps of 1 chunk (16 mma.sync
// with one token tile), then chunk 31 unrolled. The loop carries the 2
// accumulators, the 16 activation words of the next chunk and the chunk in
// flight: per 32-K block its 4 words, scales vector and zero-point word.
// CHECK-LABEL: func.func @w4a16_g32z_rolled
// CHECK-LABEL: gpu.func @matmul_v0
// CHECK: scf.for %{{.*}} = %{{.*}} to %c31{{.*}} step %{{.*}} iter_args(
// CHECK-SAME: -> (vector<2x2xf32>, vector<2x2xf32>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, vector<4xf16>, i32, i32, i32, i32, i32, vector<4xf16>, i32, i32, i32, i32, i32, vector<4xf16>, i32, i32, i32, i32, i32, vector<4xf16>, i32)
// CHECK-COUNT-16: nvgpu.mma.sync
// CHECK-NOT: nvgpu.mma.sync
// CHECK: scf.yield
// CHECK-COUNT-16: nvgpu.mma.sync
// CHECK-NOT: nvgpu.mma.sync
// CHECK: gpu.return
func.func @w4a16_g32z_rolled(%x: memref<?x8192xf16>, %wq: memref<1024x256xi32>, %s: memref<256x256xf16>, %z: memref<256x32xi32>, %y: memref<?x256xf16>) {
  qgemm.matmul lhs(%x : memref<?x8192xf16>) weights(%wq, %s, %z : memref<1024x256xi32>, memref<256x256xf16>, memref<256x32xi32>) outs(%y : memref<?x256xf16>)
      {lhs_encoding = #qgemm.act<f16>, target = #qgemm.target<"sm_80">, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 32, zero_points = true>,
       configs = [#qgemm.config<cta_tile = [16, 32, 256], warp_tile = [16, 32], stages = 1, max_m = 8, operands = registers>,
                  #qgemm.config<cta_tile = [16, 32, 256], warp_tile = [16, 32], stages = 1, operands = registers>]}
  return
}

// -----

// Groups of 32 (four scale rows a chunk) without zero points: the rows
// 0..7 variant unrolled whole, the rows 8..15 one rolled (1 stage: 31
// steps).
// CHECK-LABEL: func.func @w4a16_g32_m8_unrolled
// CHECK-LABEL: gpu.func @matmul_v0
// CHECK-NOT: scf.for
// CHECK-LABEL: gpu.func @matmul_v1
// CHECK: scf.for %{{.*}} = %{{.*}} to %c31
// CHECK: gpu.return
func.func @w4a16_g32_m8_unrolled(%x: memref<?x8192xf16>, %wq: memref<1024x256xi32>, %s: memref<256x256xf16>, %y: memref<?x256xf16>) {
  qgemm.matmul lhs(%x : memref<?x8192xf16>) weights(%wq, %s : memref<1024x256xi32>, memref<256x256xf16>) outs(%y : memref<?x256xf16>)
      {lhs_encoding = #qgemm.act<f16>, target = #qgemm.target<"sm_80">, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 32>,
       configs = [#qgemm.config<cta_tile = [16, 32, 256], warp_tile = [16, 32], stages = 4, max_m = 8, operands = registers>,
                  #qgemm.config<cta_tile = [16, 32, 256], warp_tile = [16, 32], stages = 1, operands = registers>]}
  return
}
