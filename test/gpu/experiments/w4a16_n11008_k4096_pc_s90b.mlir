module {
  func.func @w4a16_n11008_k4096_pc_s90b(%arg0: memref<?x4096xf16>, %arg1: memref<512x11008xi32>, %arg2: memref<11008xf16>, %arg3: memref<?x11008xf16>) {
    qgemm.matmul lhs(%arg0 : memref<?x4096xf16>) weights(%arg1, %arg2 : memref<512x11008xi32>, memref<11008xf16>) outs(%arg3 : memref<?x11008xf16>) {configs = [#qgemm.config<cta_tile = [16, 32, 512], warp_tile = [16, 32], stages = 4, max_m = 8, operands = registers>, #qgemm.config<cta_tile = [16, 32, 512], warp_tile = [16, 32], stages = 4, max_m = 16, operands = registers>, #qgemm.config<cta_tile = [32, 32, 512], warp_tile = [32, 32], stages = 4, max_m = 32, operands = registers>, #qgemm.config<cta_tile = [16, 64, 896], warp_tile = [16, 64], stages = 4, max_m = 64, operands = registers>, #qgemm.config<cta_tile = [64, 128, 64], warp_tile = [32, 64], stages = 4, max_m = 256>, #qgemm.config<cta_tile = [128, 256, 64], warp_tile = [64, 64]>], lhs_encoding = #qgemm.act<f16>, target = #qgemm.target<"sm_90">, weight_encoding = #qgemm.weight<format = int4, scales = per_channel>}
    return
  }
}

