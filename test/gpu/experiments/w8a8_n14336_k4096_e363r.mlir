// w8a8_n14336_k4096_e363r: w8a8_n14336_k4096 as qgemm-configure gave it (chip=sm_90a), W8A8 M = 257 to 384 on two rows of 192 x 224 tiles, one wave (v75 Next, e363) (hand configs).
module {
  func.func @w8a8_n14336_k4096_e363r(%arg0: memref<?x4096xf16>, %arg1: memref<14336x4096xi8>, %arg2: memref<14336xf32>, %arg3: memref<?x14336xf16>) {
    qgemm.matmul lhs(%arg0 : memref<?x4096xf16>) weights(%arg1, %arg2 : memref<14336x4096xi8>, memref<14336xf32>) outs(%arg3 : memref<?x14336xf16>) {configs = [#qgemm.config<cta_tile = [16, 16, 512], warp_tile = [16, 16], stages = 2, max_m = 16, operands = registers>, #qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 4, max_m = 48, mma = wgmma>, #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 6, max_m = 128, mma = wgmma>, #qgemm.config<cta_tile = [192, 112, 128], warp_tile = [64, 112], stages = 4, max_m = 192, mma = wgmma, copy = tma>, #qgemm.config<cta_tile = [128, 224, 128], warp_tile = [64, 224], stages = 4, max_m = 256, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [192, 224, 128], warp_tile = [64, 224], stages = 4, max_m = 384, mma = wgmma, copy = tma>, #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, mma = wgmma, tail_split = 8>], lhs_encoding = #qgemm.act<i8, per_token>, target = #qgemm.target<"sm_90a">, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
    return
  }
}

