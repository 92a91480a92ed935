// w8a8_n1024_k4096_e148b: w8a8_n1024_k4096 as qgemm-configure gave it (chip=sm_90a), 128 x 128 tiles in two clustered K slices (6 stages) at M = 513 to 1024 instead of 64 x 128 ones (hand configs).
module {
  func.func @w8a8_n1024_k4096_e148b(%arg0: memref<?x4096xf16>, %arg1: memref<1024x4096xi8>, %arg2: memref<1024xf32>, %arg3: memref<?x1024xf16>) {
    qgemm.matmul lhs(%arg0 : memref<?x4096xf16>) weights(%arg1, %arg2 : memref<1024x4096xi8>, memref<1024xf32>) outs(%arg3 : memref<?x1024xf16>) {configs = [#qgemm.config<cta_tile = [16, 8, 2048], warp_tile = [16, 8], stages = 2, max_m = 1, operands = registers, fuse_quantize = true>, #qgemm.config<cta_tile = [16, 8, 2048], warp_tile = [16, 8], stages = 2, max_m = 64, operands = registers>, #qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 4, split_k = 4, max_m = 256, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [64, 128, 128], warp_tile = [64, 128], stages = 4, split_k = 2, max_m = 512, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 6, split_k = 2, max_m = 1024, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 4, max_m = 2048, mma = wgmma, tail_split = 8, copy = tma_producer>, #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, mma = wgmma, tail_split = 8>], lhs_encoding = #qgemm.act<i8, per_token>, target = #qgemm.target<"sm_90a">, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
    return
  }
}

