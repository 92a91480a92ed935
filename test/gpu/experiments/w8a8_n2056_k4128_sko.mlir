module {
  func.func @w8a8_n2056_k4128_sko(%arg0: memref<?x4128xf16>, %arg1: memref<2056x4128xi8>, %arg2: memref<2056xf32>, %arg3: memref<?x2056xf16>) {
    qgemm.matmul lhs(%arg0 : memref<?x4128xf16>) weights(%arg1, %arg2 : memref<2056x4128xi8>, memref<2056xf32>) outs(%arg3 : memref<?x2056xf16>) {configs = [#qgemm.config<cta_tile = [128, 144, 128], warp_tile = [64, 144], stages = 4, mma = wgmma, stream_k = true>], lhs_encoding = #qgemm.act<i8, per_token>, target = #qgemm.target<"sm_90a">, weight_encoding = #qgemm.weight<format = int8, scales = per_channel>}
    return
  }
}

