// W4A16 wgmma tiles of four warpgroups (512 threads) without a producer,
// 256 x 128 over shared operands.
func.func @w4a16_four_warpgroups(%x: memref<?x4096xf16>, %wq: memref<512x4096xi32>, %s: memref<4096xf16>, %y: memref<?x4096xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%wq, %s : memref<512x4096xi32>, memref<4096xf16>) outs(%y : memref<?x4096xf16>)
      {lhs_encoding = #qgemm.act<f16>, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>, target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [256, 128, 64], warp_tile = [64, 128], stages = 4, mma = wgmma>]}
  return
}
