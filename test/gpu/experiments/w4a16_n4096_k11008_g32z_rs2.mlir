module {
  func.func @w4a16_n4096_k11008_g32z_rs2(%arg0: memref<?x11008xf16>, %arg1: memref<1376x4096xi32>, %arg2: memref<344x4096xf16>, %arg3: memref<344x512xi32>, %arg4: memref<?x4096xf16>) {
    qgemm.matmul lhs(%arg0 : memref<?x11008xf16>) weights(%arg1, %arg2, %arg3 : memref<1376x4096xi32>, memref<344x4096xf16>, memref<344x512xi32>) outs(%arg4 : memref<?x4096xf16>) {configs = [#qgemm.config<cta_tile = [16, 32, 1920], warp_tile = [16, 32], stages = 2, max_m = 8, operands = registers>, #qgemm.config<cta_tile = [16, 32, 1920], warp_tile = [16, 32], stages = 2, max_m = 16, operands = registers>, #qgemm.config<cta_tile = [256, 128, 64], warp_tile = [256, 64], stages = 4, mma = wgmma, operands = register_a, copy = tma_producer, row_split = 1024, row_rest = 512>], lhs_encoding = #qgemm.act<f16>, target = #qgemm.target<"sm_90a">, weight_encoding = #qgemm.weight<format = int4, scales = per_group, group_size = 32, zero_points = true>}
    return
  }
}

