module {
  func.func @w8a8_n2056_k4128_rd(%arg0: memref<?x4128xf16>, %arg1: memref<2056x4128xi8>, %arg2: memref<2056xf32>, %arg3: memref<?x2056xf16>) {
    qgemm.matmul lhs(%arg0 : memref<?x4128xf16>) weights(%arg1, %arg2 : memref<2056x4128xi8>, memref<2056xf32>) outs(%arg3 : memref<?x2056xf16>) {configs = [#qgemm.config<cta_tile = [16, 8, 2048], warp_tile = [16, 8], max_m = 32, operands = registers>, #qgemm.config<cta_tile = [128, 208, 128], warp_tile = [64, 208], stages = 4, mma = wgmma, tail_split = 8, copy = tma_producer>], lhs_encoding = #qgemm.act<i8, per_token>, target = #qgemm.target<"sm_90a">, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
    return
  }
}

