// Chain A: 128 x 128 tiles to M = 512, then 128 x 208.
func.func @w8a8_n5000_k4096_old(%x: memref<?x4096xf16>, %w: memref<5000x4096xi8>, %sw: memref<5000xf32>, %y: memref<?x5000xf16>) {
  qgemm.matmul lhs(%x : memref<?x4096xf16>) weights(%w, %sw : memref<5000x4096xi8>, memref<5000xf32>) outs(%y : memref<?x5000xf16>)
      {configs = [#qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 8, max_m = 64, mma = wgmma>, #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], max_m = 512, mma = wgmma>, #qgemm.config<cta_tile = [128, 208, 128], warp_tile = [64, 208], stages = 4, mma = wgmma, copy = tma_producer>], lhs_encoding = #qgemm.act<i8, per_token>, target = #qgemm.target<"sm_90a">, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
  return
}
