module {
  func.func @bsr_n1024_k1024_tq(%arg0: memref<?x1024xf16>, %arg1: memref<33xi32>, %arg2: memref<?xi32>, %arg3: memref<?x32x32xf16>, %arg4: memref<?x1024xf16>) {
    qgemm.matmul lhs(%arg0 : memref<?x1024xf16>) weights(%arg1, %arg2, %arg3 : memref<33xi32>, memref<?xi32>, memref<?x32x32xf16>) outs(%arg4 : memref<?x1024xf16>) {configs = [#qgemm.config<cta_tile = [16, 32, 2048], warp_tile = [16, 32], stages = 2, max_m = 8, operands = registers>, #qgemm.config<cta_tile = [16, 32, 1024], warp_tile = [16, 32], stages = 2, max_m = 16, operands = registers>, #qgemm.config<cta_tile = [64, 32, 32], warp_tile = [64, 32], stages = 4, split_k = 4, max_m = 64, mma = wgmma>, #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, split_k = 4, max_m = 256, mma = wgmma>, #qgemm.config<cta_tile = [128, 128, 32], warp_tile = [64, 128], stages = 4, max_m = 3584, mma = wgmma, copy = tma_producer, min_fill = 15>, #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, max_m = 3584, mma = wgmma>, #qgemm.config<cta_tile = [256, 128, 32], warp_tile = [64, 128], stages = 4, mma = wgmma, copy = tma_producer, min_fill = 15>, #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, mma = wgmma>], lhs_encoding = #qgemm.act<f16>, target = #qgemm.target<"sm_90a">, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>}
    return
  }
}

