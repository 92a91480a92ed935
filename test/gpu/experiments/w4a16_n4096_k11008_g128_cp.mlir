module {
  func.func @w4a16_n4096_k11008_g128_cp(%arg0: memref<?x11008xf16>, %arg1: memref<1376x4096xi32>, %arg2: memref<86x4096xf16>, %arg3: memref<?x4096xf16>) {
    qgemm.matmul lhs(%arg0 : memref<?x11008xf16>) weights(%arg1, %arg2 : memref<1376x4096xi32>, memref<86x4096xf16>) outs(%arg3 : memref<?x4096xf16>) {configs = [#qgemm.config<cta_tile = [16, 32, 1920], warp_tile = [16, 32], stages = 4, max_m = 8, operands = registers>, #qgemm.config<cta_tile = [16, 32, 1920], warp_tile = [16, 32], stages = 4, max_m = 16, operands = registers>, #qgemm.config<cta_tile = [16, 64, 1920], warp_tile = [16, 64], stages = 4, max_m = 32, operands = registers>, #qgemm.config<cta_tile = [64, 128, 64], warp_tile = [64, 128], stages = 4, split_k = 8, max_m = 64, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 4, split_k = 4, max_m = 256, mma = wgmma, operands = register_a>, #qgemm.config<cta_tile = [128, 128, 64], warp_tile = [128, 128], stages = 4, split_k = 2, max_m = 512, mma = wgmma, operands = register_a, cluster_split = true>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, mma = wgmma, operands = register_a>], lhs_encoding = #qgemm.act<f16>, target = #qgemm.target<"sm_90a">, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 128>}
    return
  }
}

