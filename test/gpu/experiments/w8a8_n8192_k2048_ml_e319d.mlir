// w8a8_n8192_k2048_ml_e319d: w8a8_n8192_k2048_ml as qgemm-configure gave it (chip=sm_90a), the 256 x 192 tiles of M = 513 to 640 on to 768 (three rows, 129 blocks) (hand configs).
module {
  func.func @w8a8_n8192_k2048_ml_e319d(%arg0: memref<?x2048xf16>, %arg1: memref<8192x2048xi8>, %arg2: memref<8192xf32>, %arg3: memref<?x8192xf16>) {
    qgemm.matmul lhs(%arg0 : memref<?x2048xf16>) weights(%arg1, %arg2 : memref<8192x2048xi8>, memref<8192xf32>) outs(%arg3 : memref<?x8192xf16>) {configs = [#qgemm.config<cta_tile = [16, 16, 512], warp_tile = [16, 16], stages = 2, max_m = 16, operands = registers>, #qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 8, max_m = 64, mma = wgmma>, #qgemm.config<cta_tile = [128, 64, 128], warp_tile = [64, 64], stages = 8, max_m = 128, mma = wgmma>, #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 6, max_m = 256, mma = wgmma>, #qgemm.config<cta_tile = [128, 192, 128], warp_tile = [64, 192], stages = 4, max_m = 384, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, max_m = 512, mma = wgmma, tail_split = 4>, #qgemm.config<cta_tile = [256, 192, 128], warp_tile = [64, 192], max_m = 768, mma = wgmma, copy = tma>, #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, mma = wgmma, tail_split = 4>], lhs_encoding = #qgemm.act<i8, per_token>, target = #qgemm.target<"sm_90a">, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
    return
  }
}

