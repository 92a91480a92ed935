// The W4A16 example with group scales of 128 (w4a16_g128_4096x4096.mlir) on
// one variant: 128 x 128 register-A tiles of one warpgroup fed by a
// producer warpgroup's TMA ring, unsplit (what qgemm-configure gave the
// example at M = 385 to 512 before v86; ptx-w4a16.test checks its kernel).
func.func @w4a16_ra128(%x: memref<?x4096xf16>, %wq: memref<512x4096xi32>, %s: memref<32x4096xf16>, %y: memref<?x4096xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%wq, %s : memref<512x4096xi32>, memref<32x4096xf16>) outs(%y : memref<?x4096xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128>,
       target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 4, mma = wgmma, operands = register_a, copy = tma_producer>]}
  return
}
