module {
  func.func @bsr_n11008_k4096_u2(%arg0: memref<?x4096xf16>, %arg1: memref<345xi32>, %arg2: memref<?xi32>, %arg3: memref<?x32x32xf16>, %arg4: memref<?x11008xf16>) {
    qgemm.matmul lhs(%arg0 : memref<?x4096xf16>) weights(%arg1, %arg2, %arg3 : memref<345xi32>, memref<?xi32>, memref<?x32x32xf16>) outs(%arg4 : memref<?x11008xf16>) {configs = [#qgemm.config<cta_tile = [16, 32, 32], warp_tile = [16, 8], stages = 4, split_k = 4, max_m = 16>, #qgemm.config<cta_tile = [64, 128, 32], warp_tile = [64, 128], stages = 4, split_k = 4, max_m = 64, mma = wgmma, min_fill = 35>, #qgemm.config<cta_tile = [64, 32, 32], warp_tile = [64, 32], stages = 4, split_k = 4, max_m = 64, mma = wgmma>, #qgemm.config<cta_tile = [128, 128, 32], warp_tile = [64, 128], stages = 4, split_k = 2, max_m = 256, mma = wgmma, min_fill = 35>, #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, split_k = 4, max_m = 256, mma = wgmma>, #qgemm.config<cta_tile = [128, 128, 32], warp_tile = [64, 128], stages = 4, max_m = 768, mma = wgmma, min_fill = 35>, #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, max_m = 768, mma = wgmma>, #qgemm.config<cta_tile = [256, 64, 32], warp_tile = [64, 64], stages = 4, mma = wgmma, min_fill = 35>, #qgemm.config<cta_tile = [128, 32, 32], warp_tile = [64, 32], stages = 4, mma = wgmma>], lhs_encoding = #qgemm.act<f16>, target = #qgemm.target<"sm_90a">, weight_encoding = #qgemm.weight<format = bsr, block = [32, 32]>}
    return
  }
}


