// w8a8_n8960_k1536_ml_e260r: w8a8_n8960_k1536_ml as qgemm-configure gave it (chip=sm_90a), the 64 x 64 wgmma ring from M = 1 (no register-direct variant) (hand configs).
module {
  func.func @w8a8_n8960_k1536_ml_e260r(%arg0: memref<?x1536xf16>, %arg1: memref<8960x1536xi8>, %arg2: memref<8960xf32>, %arg3: memref<?x8960xf16>) {
    qgemm.matmul lhs(%arg0 : memref<?x1536xf16>) weights(%arg1, %arg2 : memref<8960x1536xi8>, memref<8960xf32>) outs(%arg3 : memref<?x8960xf16>) {configs = [#qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 4, max_m = 64, mma = wgmma>, #qgemm.config<cta_tile = [64, 128, 128], warp_tile = [64, 128], stages = 4, max_m = 192, mma = wgmma>, #qgemm.config<cta_tile = [128, 144, 128], warp_tile = [64, 144], stages = 4, max_m = 256, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 208, 128], warp_tile = [64, 208], stages = 4, max_m = 384, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, max_m = 640, mma = wgmma, tail_split = 3>, #qgemm.config<cta_tile = [128, 208, 128], warp_tile = [64, 208], stages = 4, max_m = 768, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, mma = wgmma, tail_split = 3>], lhs_encoding = #qgemm.act<i8, per_token>, target = #qgemm.target<"sm_90a">, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
    return
  }
}

