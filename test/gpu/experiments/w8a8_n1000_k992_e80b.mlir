// w8a8_n1000_k992_e80b: w8a8_n1000_k992 as qgemm-configure gave it (chip=sm_90a), the configured 64 x 64 tiles on a producer's TMA ring extended to M = 256 (hand configs).
module {
  func.func @w8a8_n1000_k992_e80b(%arg0: memref<?x992xf16>, %arg1: memref<1000x992xi8>, %arg2: memref<1000xf32>, %arg3: memref<?x1000xf16>) {
    qgemm.matmul lhs(%arg0 : memref<?x992xf16>) weights(%arg1, %arg2 : memref<1000x992xi8>, memref<1000xf32>) outs(%arg3 : memref<?x1000xf16>) {configs = [#qgemm.config<cta_tile = [16, 8, 1024], warp_tile = [16, 8], stages = 1, max_m = 64, operands = registers>, #qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 8, max_m = 256, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [64, 128, 128], warp_tile = [64, 128], stages = 4, split_k = 2, max_m = 1024, mma = wgmma, copy = tma, cluster_split = true>, #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 4, max_m = 2048, mma = wgmma, tail_split = 2, copy = tma>, #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, mma = wgmma, tail_split = 2>], lhs_encoding = #qgemm.act<i8, per_token>, target = #qgemm.target<"sm_90a">, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
    return
  }
}

