// A W4A16 layer (g128 with zero points) whose wgmma variant has 64-channel
// warpgroups: 256 x 128 tiles, one m64n256k16 accumulator per warpgroup
// (ptx-w4a16-register-a-64.test).
func.func @w4a16_ra64(%x: memref<?x4096xf16>, %wq: memref<512x4096xi32>, %s: memref<32x4096xf16>, %z: memref<32x512xi32>, %y: memref<?x4096xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%wq, %s, %z : memref<512x4096xi32>, memref<32x4096xf16>, memref<32x512xi32>) outs(%y : memref<?x4096xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128, zero_points = true>,
       target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, mma = wgmma, operands = register_a>]}
  return
}
