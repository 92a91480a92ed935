// RUN: qgemm-opt %s --qgemm-configure=chip=sm_90a | FileCheck %s
// RUN: qgemm-opt %s --qgemm-configure=chip=sm_90 | FileCheck %s --check-prefix=SM90
// Covers: W4A16 weights in fragment order on sm_90a. The register variants
// past M = 8 (here the M <= 16 one and the 32-row blocks of M = 17 to 32)
// give way to the chain's first register-A tile (48 x 128 in four clustered
// K slices) over the same rows: with that order the register variants read
// X as 4-byte k-pairs, 1.3x to 2.1x slower at M = 9 to 48 (perf notes v94).
// The seed layout keeps its register variants, and so does sm_90 (no
// wgmma), where the register variants serve M = 9 to 64 either way.

// CHECK-LABEL: func @w4a16_fragment_order
// CHECK: #qgemm.config<cta_tile = [16, 32, 512], warp_tile = [16, 32], stages = 4, max_m = 8, operands = registers>
// CHECK-SAME: #qgemm.config<cta_tile = [16, 128, 64], warp_tile = [16, 128], stages = 4, split_k = 4, max_m = 16, mma = wgmma, operands = register_a, cluster_split = true>
// CHECK-SAME: #qgemm.config<cta_tile = [32, 128, 64], warp_tile = [32, 128], stages = 4, split_k = 4, max_m = 32, mma = wgmma, operands = register_a, cluster_split = true>
// CHECK-SAME: #qgemm.config<cta_tile = [48, 128, 64], warp_tile = [48, 128], stages = 4, split_k = 4, max_m = 48, mma = wgmma, operands = register_a, cluster_split = true>
// SM90-LABEL: func @w4a16_fragment_order
// SM90: max_m = 8, operands = registers>, #qgemm.config<cta_tile = [16, 32, 512], warp_tile = [16, 32], stages = 4, max_m = 16, operands = registers>
func.func @w4a16_fragment_order(%x: memref<?x4096xf16>, %wq: memref<512x11008xi32>, %s: memref<11008xf16>, %y: memref<?x11008xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%wq, %s : memref<512x11008xi32>, memref<11008xf16>) outs(%y : memref<?x11008xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel, fragment_order = true>}
  return
}

// CHECK-LABEL: func @w4a16_seed_order
// CHECK: max_m = 8, operands = registers>, #qgemm.config<cta_tile = [16, 32, 512], warp_tile = [16, 32], stages = 4, max_m = 16, operands = registers>, #qgemm.config<cta_tile = [32, 32, 512], warp_tile = [32, 32], stages = 4, max_m = 32, operands = registers>
func.func @w4a16_seed_order(%x: memref<?x4096xf16>, %wq: memref<512x11008xi32>, %s: memref<11008xf16>, %y: memref<?x11008xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%wq, %s : memref<512x11008xi32>, memref<11008xf16>) outs(%y : memref<?x11008xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
  return
}
