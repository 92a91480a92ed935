// w8a8_n32000_k4096_ml_e262a: w8a8_n32000_k4096_ml as qgemm-configure gave it (chip=sm_90a), register variant on 4 warps along K (hand configs).
module {
  func.func @w8a8_n32000_k4096_ml_e262a(%arg0: memref<?x4096xf16>, %arg1: memref<32000x4096xi8>, %arg2: memref<32000xf32>, %arg3: memref<?x32000xf16>) {
    qgemm.matmul lhs(%arg0 : memref<?x4096xf16>) weights(%arg1, %arg2 : memref<32000x4096xi8>, memref<32000xf32>) outs(%arg3 : memref<?x32000xf16>) {configs = [#qgemm.config<cta_tile = [16, 16, 512], warp_tile = [16, 16], stages = 2, max_m = 16, operands = registers>, #qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 4, max_m = 64, mma = wgmma>, #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, mma = wgmma, tail_split = 8>], lhs_encoding = #qgemm.act<i8, per_token>, target = #qgemm.target<"sm_90a">, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
    return
  }
}

