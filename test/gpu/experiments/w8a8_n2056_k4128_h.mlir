module {
  func.func @w8a8_n2056_k4128_h(%arg0: memref<?x4128xf16>, %arg1: memref<2056x4128xi8>, %arg2: memref<2056xf32>, %arg3: memref<?x2056xf16>) {
    qgemm.matmul lhs(%arg0 : memref<?x4128xf16>) weights(%arg1, %arg2 : memref<2056x4128xi8>, memref<2056xf32>) outs(%arg3 : memref<?x2056xf16>) {configs = [#qgemm.config<cta_tile = [16, 8, 2048], warp_tile = [16, 8], max_m = 1, operands = registers, fuse_quantize = true>, #qgemm.config<cta_tile = [16, 8, 2048], warp_tile = [16, 8], max_m = 32, operands = registers>, #qgemm.config<cta_tile = [64, 64, 128], warp_tile = [64, 64], stages = 8, split_k = 2, max_m = 128, mma = wgmma, copy = tma_producer, cluster_split = true>, #qgemm.config<cta_tile = [64, 128, 128], warp_tile = [64, 128], stages = 4, split_k = 2, max_m = 448, mma = wgmma, copy = tma, cluster_split = true>, #qgemm.config<cta_tile = [64, 144, 128], warp_tile = [64, 144], stages = 4, split_k = 2, max_m = 512, mma = wgmma, copy = tma, cluster_split = true>, #qgemm.config<cta_tile = [128, 144, 128], warp_tile = [64, 144], stages = 4, max_m = 1024, mma = wgmma, tail_split = 8, copy = tma>, #qgemm.config<cta_tile = [256, 144, 128], warp_tile = [64, 144], stages = 4, mma = wgmma, copy = tma>], lhs_encoding = #qgemm.act<i8, per_token>, target = #qgemm.target<"sm_90a">, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
    return
  }
}

