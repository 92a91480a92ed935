// w8a8_n1408_k2048_ml_e272w: w8a8_n1408_k2048_ml as qgemm-configure gave it (chip=sm_90a), e272 w: the 64 x 64 split tiles from M = 33 (hand configs).
module {
  func.func @w8a8_n1408_k2048_ml_e272w(%arg0: memref<?x2048xf16>, %arg1: memref<1408x2048xi8>, %arg2: memref<1408xf32>, %arg3: memref<?x1408xf16>) {
    qgemm.matmul lhs(%arg0 : memref<?x2048xf16>) weights(%arg1, %arg2 : memref<1408x2048xi8>, memref<1408xf32>) outs(%arg3 : memref<?x1408xf16>) {configs = [#qgemm.config<cta_tile = [16, 8, 2048], warp_tile = [16, 8], stages = 1, max_m = 32, operands = registers>, #qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 8, split_k = 2, max_m = 192, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [64, 128, 128], warp_tile = [64, 128], stages = 4, max_m = 1536, mma = wgmma>, #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], mma = wgmma>], lhs_encoding = #qgemm.act<i8, per_token>, target = #qgemm.target<"sm_90a">, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
    return
  }
}

