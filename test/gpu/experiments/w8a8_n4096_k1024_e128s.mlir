// w8a8_n4096_k1024_e128s: w8a8_n4096_k1024 as qgemm-configure gave it (chip=sm_90a), calibration: 128 x 128 wgmma tiles in 2 clustered K slices to M = 512, K = 1024 (perf notes v53 step 7) (hand configs).
module {
  func.func @w8a8_n4096_k1024_e128s(%arg0: memref<?x1024xf16>, %arg1: memref<4096x1024xi8>, %arg2: memref<4096xf32>, %arg3: memref<?x4096xf16>) {
    qgemm.matmul lhs(%arg0 : memref<?x1024xf16>) weights(%arg1, %arg2 : memref<4096x1024xi8>, memref<4096xf32>) outs(%arg3 : memref<?x4096xf16>) {configs = [#qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 6, mma = wgmma, split_k = 2, cluster_split = true, max_m = 512>, #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 6, mma = wgmma>], lhs_encoding = #qgemm.act<i8, per_token>, target = #qgemm.target<"sm_90a">, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
    return
  }
}

