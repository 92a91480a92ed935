// Tiles of four warpgroups (256 rows) without a producer, on cp.async and
// on TMA: 512 threads a block, which cannot launch past 128 registers a
// thread (256 x 144 on cp.async took 130 unbounded).
func.func @w8a8_four_warpgroups(%x: memref<?x3584xf16>, %w: memref<18944x3584xi8>, %sw: memref<18944xf32>, %y: memref<?x18944xf16>) {
  qgemm.matmul lhs(%x : memref<?x3584xf16>) weights(%w, %sw : memref<18944x3584xi8>, memref<18944xf32>) outs(%y : memref<?x18944xf16>)
      {lhs_encoding = #qgemm.act<i8, per_token>, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>, target = #qgemm.target<"sm_90a">,
       configs = [#qgemm.config<cta_tile = [256, 144, 128], warp_tile = [64, 144], stages = 4, max_m = 256, mma = wgmma>,
                  #qgemm.config<cta_tile = [256, 128, 128], warp_tile = [64, 128], stages = 4, mma = wgmma, copy = tma>]}
  return
}
