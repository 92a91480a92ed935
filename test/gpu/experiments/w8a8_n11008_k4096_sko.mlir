module {
  func.func @w8a8_n11008_k4096_sko(%arg0: memref<?x4096xf16>, %arg1: memref<11008x4096xi8>, %arg2: memref<11008xf32>, %arg3: memref<?x11008xf16>) {
    qgemm.matmul lhs(%arg0 : memref<?x4096xf16>) weights(%arg1, %arg2 : memref<11008x4096xi8>, memref<11008xf32>) outs(%arg3 : memref<?x11008xf16>) {configs = [#qgemm.config<cta_tile = [128, 256, 128], warp_tile = [64, 256], stages = 4, mma = wgmma, stream_k = true>], lhs_encoding = #qgemm.act<i8, per_token>, target = #qgemm.target<"sm_90a">, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
    return
  }
}

