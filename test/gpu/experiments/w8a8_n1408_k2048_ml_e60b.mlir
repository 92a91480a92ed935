// w8a8_n1408_k2048_ml_e60b: w8a8_n1408_k2048_ml as qgemm-configure gave it (chip=sm_90a), 64 x 64 tiles in 4 clustered K slices at M = 65 to 1024 (hand configs).
module {
  func.func @w8a8_n1408_k2048_ml_e60b(%arg0: memref<?x2048xf16>, %arg1: memref<1408x2048xi8>, %arg2: memref<1408xf32>, %arg3: memref<?x1408xf16>) {
    qgemm.matmul lhs(%arg0 : memref<?x2048xf16>) weights(%arg1, %arg2 : memref<1408x2048xi8>, memref<1408xf32>) outs(%arg3 : memref<?x1408xf16>) {configs = [#qgemm.config<cta_tile = [16, 8, 2048], warp_tile = [16, 8], stages = 1, max_m = 64, operands = registers>, #qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 4, split_k = 4, max_m = 1024, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [64, 128, 128], warp_tile = [64, 128], stages = 4, max_m = 1536, mma = wgmma>, #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], mma = wgmma>], lhs_encoding = #qgemm.act<i8, per_token>, target = #qgemm.target<"sm_90a">, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
    return
  }
}

