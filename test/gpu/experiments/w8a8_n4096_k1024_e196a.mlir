// w8a8_n4096_k1024_e196a: w8a8_n4096_k1024 as qgemm-configure gave it (chip=sm_90a) (hand configs).
module {
  func.func @w8a8_n4096_k1024_e196a(%arg0: memref<?x1024xf16>, %arg1: memref<4096x1024xi8>, %arg2: memref<4096xf32>, %arg3: memref<?x4096xf16>) {
    qgemm.matmul lhs(%arg0 : memref<?x1024xf16>) weights(%arg1, %arg2 : memref<4096x1024xi8>, memref<4096xf32>) outs(%arg3 : memref<?x4096xf16>) {configs = [#qgemm.config<cta_tile = [16, 16, 1024], warp_tile = [16, 16], stages = 1, max_m = 32, operands = registers>, #qgemm.config<cta_tile = [64, 32, 128], warp_tile = [64, 32], stages = 8, max_m = 64, mma = wgmma>, #qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 8, max_m = 128, mma = wgmma>, #qgemm.config<cta_tile = [64, 128, 128], warp_tile = [64, 128], stages = 4, max_m = 512, mma = wgmma>, #qgemm.config<cta_tile = [128, 160, 128], warp_tile = [64, 160], stages = 4, max_m = 640, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 192, 128], warp_tile = [64, 192], stages = 4, max_m = 768, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, max_m = 1536, mma = wgmma, tail_split = 2>, #qgemm.config<cta_tile = [128, 208, 128], warp_tile = [64, 208], stages = 4, max_m = 1664, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, mma = wgmma, tail_split = 2>], lhs_encoding = #qgemm.act<i8, per_token>, target = #qgemm.target<"sm_90a">, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
    return
  }
}

