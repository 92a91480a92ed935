// w4a16_n4096_k1024_pc_e128s: w4a16_n4096_k1024_pc as qgemm-configure gave it (chip=sm_90a), calibration: 128 x 128 register-A tiles in 2 clustered K slices to M = 512, K = 1024 (perf notes v53 step 7) (hand configs).
module {
  func.func @w4a16_n4096_k1024_pc_e128s(%arg0: memref<?x1024xf16>, %arg1: memref<128x4096xi32>, %arg2: memref<4096xf16>, %arg3: memref<?x4096xf16>) {
    qgemm.matmul lhs(%arg0 : memref<?x1024xf16>) weights(%arg1, %arg2 : memref<128x4096xi32>, memref<4096xf16>) outs(%arg3 : memref<?x4096xf16>) {configs = [#qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 4, mma = wgmma, operands = register_a, copy = tma_producer, split_k = 2, cluster_split = true, max_m = 512>, #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 4, mma = wgmma, operands = register_a, copy = tma_producer>], lhs_encoding = #qgemm.act<f16>, target = #qgemm.target<"sm_90a">, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
    return
  }
}

