// w8a8_n16384_k3072_ml_e270b: w8a8_n16384_k3072_ml as qgemm-configure gave it (chip=sm_90a), register variant on 2 warps along K (hand configs).
module {
  func.func @w8a8_n16384_k3072_ml_e270b(%arg0: memref<?x3072xf16>, %arg1: memref<16384x3072xi8>, %arg2: memref<16384xf32>, %arg3: memref<?x16384xf16>) {
    qgemm.matmul lhs(%arg0 : memref<?x3072xf16>) weights(%arg1, %arg2 : memref<16384x3072xi8>, memref<16384xf32>) outs(%arg3 : memref<?x16384xf16>) {configs = [#qgemm.config<cta_tile = [16, 16, 256], warp_tile = [16, 16], stages = 2, max_m = 16, operands = registers>, #qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 4, max_m = 64, mma = wgmma>, #qgemm.config<cta_tile = [64, 128, 128], warp_tile = [64, 128], stages = 4, max_m = 128, mma = wgmma>, #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, mma = wgmma, tail_split = 6>], lhs_encoding = #qgemm.act<i8, per_token>, target = #qgemm.target<"sm_90a">, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
    return
  }
}

