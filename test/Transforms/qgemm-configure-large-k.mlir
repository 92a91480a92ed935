// RUN: qgemm-opt %s --qgemm-configure=chip=sm_80 | FileCheck %s
// RUN: qgemm-opt %s --qgemm-configure=chip=sm_80 --convert-qgemm-to-gpu | FileCheck %s --check-prefix=LOWERED
// RUN: qgemm-opt %s --qgemm-configure=chip=sm_90a --convert-qgemm-to-gpu | FileCheck %s --check-prefix=LOWERED
// Covers: the largest K the verifier takes (2^16) gets configs its own
// lowering accepts. W4A16 with 512 chunks of 128 K on sm_80: the register
// variants' warps along K were chosen for the grid (7 warps for 128 blocks
// of 32 channels) and took 74 chunks each, past the 64 a warp unrolls, and
// the lowering refused them; now at most 64 a warp, so 8 warps (BK =
// 1024).

// CHECK-LABEL: func @w4a16_k65536
// CHECK: #qgemm.config<cta_tile = [16, 32, 1024], warp_tile = [16, 32], stages = 4, max_m = 8, operands = registers>
// LOWERED-LABEL: gpu.func @matmul_v0(
// LOWERED: gpu.return
func.func @w4a16_k65536(%x: memref<?x65536xf16>, %wq: memref<8192x4096xi32>, %s: memref<512x4096xf16>, %y: memref<?x4096xf16>) {
  qgemm.matmul lhs(%x : memref<?x65536xf16>) weights(%wq, %s : memref<8192x4096xi32>, memref<512x4096xf16>) outs(%y : memref<?x4096xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128>}
  return
}
