// w8a8_n8192_k28672_ml_e272w: w8a8_n8192_k28672_ml as qgemm-configure gave it (chip=sm_90a), e272 w: the 64 x 64 split tiles from M = 1 (hand configs).
module {
  func.func @w8a8_n8192_k28672_ml_e272w(%arg0: memref<?x28672xf16>, %arg1: memref<8192x28672xi8>, %arg2: memref<8192xf32>, %arg3: memref<?x8192xf16>) {
    qgemm.matmul lhs(%arg0 : memref<?x28672xf16>) weights(%arg1, %arg2 : memref<8192x28672xi8>, memref<8192xf32>) outs(%arg3 : memref<?x8192xf16>) {configs = [#qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 4, split_k = 2, max_m = 64, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [128, 64, 128], warp_tile = [64, 64], stages = 4, split_k = 2, max_m = 128, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 6, max_m = 256, mma = wgmma>, #qgemm.config<cta_tile = [128, 192, 128], warp_tile = [64, 192], stages = 4, max_m = 384, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, mma = wgmma, tail_split = 8, copy = tma_producer>], lhs_encoding = #qgemm.act<i8, per_token>, target = #qgemm.target<"sm_90a">, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
    return
  }
}

