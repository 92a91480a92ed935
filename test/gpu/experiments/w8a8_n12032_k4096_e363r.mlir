// w8a8_n12032_k4096_e363r: w8a8_n12032_k4096 as qgemm-configure gave it (chip=sm_90a), W8A8 M = 257 to 384 on two rows of 192 x 192 tiles, one wave (v75 Next, e363) (hand configs).
module {
  func.func @w8a8_n12032_k4096_e363r(%arg0: memref<?x4096xf16>, %arg1: memref<12032x4096xi8>, %arg2: memref<12032xf32>, %arg3: memref<?x12032xf16>) {
    qgemm.matmul lhs(%arg0 : memref<?x4096xf16>) weights(%arg1, %arg2 : memref<12032x4096xi8>, memref<12032xf32>) outs(%arg3 : memref<?x12032xf16>) {configs = [#qgemm.config<cta_tile = [16, 16, 512], warp_tile = [16, 16], stages = 2, max_m = 16, operands = registers>, #qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 4, split_k = 2, max_m = 64, mma = wgmma, cluster_split = true>, #qgemm.config<cta_tile = [128, 128, 128], warp_tile = [64, 128], stages = 6, max_m = 128, mma = wgmma>, #qgemm.config<cta_tile = [192, 112, 128], warp_tile = [64, 112], stages = 4, max_m = 192, mma = wgmma, copy = tma>, #qgemm.config<cta_tile = [128, 192, 128], warp_tile = [64, 192], stages = 4, max_m = 256, mma = wgmma, copy = tma_producer>, #qgemm.config<cta_tile = [192, 192, 128], warp_tile = [64, 192], stages = 4, max_m = 384, mma = wgmma, copy = tma>, #qgemm.config<cta_tile = [256, 192, 128], warp_tile = [64, 192], max_m = 512, mma = wgmma, copy = tma>, #qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, mma = wgmma, tail_split = 8>], lhs_encoding = #qgemm.act<i8, per_token>, target = #qgemm.target<"sm_90a">, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
    return
  }
}

