// w8a8_n4096_k4096_e128u: w8a8_n4096_k4096 as qgemm-configure gave it (chip=sm_90a), calibration: one 128 x 128 wgmma tile unsplit for every M, K = 4096 (perf notes v53 step 7) (hand configs).
module {
  func.func @w8a8_n4096_k4096_e128u(%arg0: memref<?x4096xf16>, %arg1: memref<4096x4096xi8>, %arg2: memref<4096xf32>, %arg3: memref<?x4096xf16>) {
    qgemm.matmul lhs(%arg0 : memref<?x4096xf16>) weights(%arg1, %arg2 : memref<4096x4096xi8>, memref<4096xf32>) outs(%arg3 : memref<?x4096xf16>) {configs = [#qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 6, mma = wgmma>], lhs_encoding = #qgemm.act<i8, per_token>, target = #qgemm.target<"sm_90a">, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
    return
  }
}

