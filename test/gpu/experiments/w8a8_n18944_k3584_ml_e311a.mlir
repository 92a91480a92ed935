// w8a8_n18944_k3584_ml_e311a: w8a8_n18944_k3584_ml as qgemm-configure gave it (chip=sm_90a), M = 129 to 256 on 256 x 144 tiles (132 blocks of four warpgroups, TMA ring) instead of 128 x 256 tail-split ones (hand configs).
module {
  func.func @w8a8_n18944_k3584_ml_e311a(%arg0: memref<?x3584xf16>, %arg1: memref<18944x3584xi8>, %arg2: memref<18944xf32>, %arg3: memref<?x18944xf16>) {
    qgemm.matmul lhs(%arg0 : memref<?x3584xf16>) weights(%arg1, %arg2 : memref<18944x3584xi8>, memref<18944xf32>) outs(%arg3 : memref<?x18944xf16>) {configs = [#qgemm.config<cta_tile = [16, 16, 256], warp_tile = [16, 16], stages = 2, max_m = 16, operands = registers>, #qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 4, max_m = 64, mma = wgmma>, #qgemm.config<cta_tile = [128, 144, 128], warp_tile = [64, 144], stages = 4, max_m = 128, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [256, 144, 128], warp_tile = [64, 144], stages = 4, max_m = 256, mma = wgmma, copy = tma>, #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, mma = wgmma, tail_split = 7>], lhs_encoding = #qgemm.act<i8, per_token>, target = #qgemm.target<"sm_90a">, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
    return
  }
}

